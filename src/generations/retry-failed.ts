/**
 * "Retry the failed ones": a new batch of the failed prompts under a form instance derived from the
 * first's, so a second press starts nothing; offered once nothing waits or runs.
 */
import { type BatchRecord, type GenerationRecords, hasOwnPrompt } from "./records.js";
import type { GenerationSubmissions } from "./start.js";

/** Variants of one prompt a request may ask for (the spec's `n`). */
const MAX_VARIANTS = 10;

export type RetryOutcome = { started: number } | { already: true } | { nothing: true };

/** The request for the failed prompts: one prompt as is, the same prompt repeated as variants, else a list. */
function retryRequest(request: BatchRecord["request"], prompts: readonly string[]): Record<string, unknown> {
  const { prompt: _prompt, prompts: _prompts, n: _n, ...settings } = request;
  const [first] = prompts;
  if (first === undefined || prompts.length === 1) return { prompt: first, ...settings };
  if (prompts.length <= MAX_VARIANTS && prompts.every((prompt) => prompt === first)) {
    return { prompt: first, n: prompts.length, ...settings };
  }
  return { prompts: [...prompts], ...settings };
}

export async function retryFailed(
  records: GenerationRecords,
  submissions: Pick<GenerationSubmissions, "start">,
  record: BatchRecord,
): Promise<RetryOutcome> {
  const items = (await records.chunks(record)).flatMap((chunk) => chunk.items);
  const failed = items.filter((item) => item.status === "failed");
  if (failed.length === 0 || items.some((item) => item.status === "queued" || item.status === "running")) {
    return { nothing: true };
  }
  // Without a prompt of the user's, the retry leaves the service to choose again.
  const prompts = hasOwnPrompt(record.request) ? failed.map((item) => item.prompt) : [];
  const each = { min: record.quote.min / record.count, max: record.quote.max / record.count };
  const started = await submissions.start({
    userId: record.userId,
    chatId: record.chatId,
    locale: record.locale,
    type: record.type,
    form: record.form,
    formInstance: `${record.formInstance}:retry`,
    request: retryRequest(record.request, prompts),
    modelLabel: record.modelLabel,
    quote: { min: Math.round(each.min * failed.length), max: Math.round(each.max * failed.length) },
    count: failed.length,
  });
  return started ? { started: failed.length } : { already: true };
}
