/** What a delivered generation keeps for the user's inline mode. */
import type { Translate } from "../i18n/translate.js";
import type { ResultIndex, SentFile } from "../lifecycle/result-index.js";
import { clip, formName } from "./card.js";
import { type BatchRecord, type ChunkRecord, hasOwnPrompt } from "./records.js";

/** The flat prompt's start: what a line of one result shows of it. */
const PROMPT_LINE_CHARS = 120;

/** The files a message carried, under the form's name, with the prompt (or the model) as their line. */
export async function keepForInline(
  index: Pick<ResultIndex, "add">,
  t: Translate,
  record: BatchRecord,
  chunk: ChunkRecord,
  files: ReadonlyMap<string, SentFile>,
): Promise<void> {
  const at = Date.now();
  const title = formName(t, record);
  const ownPrompt = hasOwnPrompt(record.request);
  for (const item of chunk.items) {
    const file = files.get(item.id);
    if (!file) continue;
    const prompt = ownPrompt ? clip(item.prompt, Number.POSITIVE_INFINITY) : "";
    const description = prompt === "" ? record.modelLabel : clip(prompt, PROMPT_LINE_CHARS);
    await index.add(
      record.userId,
      { ...file, title, description, words: [title, prompt, record.modelLabel].join(" ") },
      // The batch's first result comes first in a list of the newest.
      at - item.position,
    );
  }
}
