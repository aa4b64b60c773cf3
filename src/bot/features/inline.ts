/**
 * Inline mode lists the user's own results, newest first, by the files Telegram has, filtered by every word
 * of the query; a file Telegram no longer has is found by answering with ever smaller parts, and dropped.
 */
import { Composer, GrammyError } from "grammy";
import type { InlineQueryResult, InlineQueryResultsButton } from "grammy/types";
import type { Translate } from "../../i18n/translate.js";
import type { ResultEntry, ResultIndex, StoredResult } from "../../lifecycle/result-index.js";
import type { BotContext } from "../context.js";
import { FROM_INLINE_START } from "./start.js";

/** Telegram takes at most fifty results in one answer. */
export const INLINE_PAGE_SIZE = 50;
/** Seconds Telegram may keep an answer: short, so a result just delivered shows soon. */
export const INLINE_CACHE_SECONDS = 10;
/** Answers refused over a file, per query, before the bot stops looking for the bad ones. */
const MAX_REFUSED_ANSWERS = 16;
/** What starts the id of a listed result; other kinds of inline results have prefixes of their own. */
export const LISTED_RESULT_PREFIX = "r:";

export interface InlineDeps {
  results: Pick<ResultIndex, "list" | "remove">;
  /** More results before the user's own, on the first page of a query that is not empty. */
  extraResults?: (request: {
    userId: number;
    query: string;
    t: Translate;
    locale: string;
  }) => Promise<InlineQueryResult[]>;
}

/** A result as Telegram sends it again: by its file, under its title and line. */
export function inlineResultOf(entry: ResultEntry): InlineQueryResult {
  const id = LISTED_RESULT_PREFIX + entry.id;
  const { title, description } = entry;
  const line = description === "" ? {} : { description };
  switch (entry.kind) {
    case "video":
      return { type: "video", id, video_file_id: entry.fileId, title, ...line };
    case "photo":
      return { type: "photo", id, photo_file_id: entry.fileId, title, ...line };
    case "audio":
      return { type: "audio", id, audio_file_id: entry.fileId };
    case "document":
      return { type: "document", id, document_file_id: entry.fileId, title, ...line };
  }
}

/** Telegram refused the answer over a file identifier: one of the files is no longer there. */
function fileRefused(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /file identifier|file_id|FILE_REFERENCE|wrong file/i.test(error.description)
  );
}

/** Where a page starts: the first result, or the one after the last result a page showed. */
function pageStart(listed: readonly StoredResult[], offset: string): number {
  if (offset === "") return 0;
  const last = listed.findIndex((stored) => stored.entry.id === offset);
  return last < 0 ? listed.length : last + 1;
}

export function createInlineFeature(deps: InlineDeps): Composer<BotContext> {
  const inline = new Composer<BotContext>();

  inline.on("inline_query", async (ctx) => {
    const { query, offset, from } = ctx.inlineQuery;
    const words = query
      .toLocaleLowerCase()
      .split(/\s+/)
      .filter((word) => word !== "");
    const all = await deps.results.list(from.id);
    const listed = all.filter(({ entry }) => {
      const text = `${entry.title} ${entry.description} ${entry.words}`.toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
    const extras =
      offset === "" && words.length > 0 && deps.extraResults
        ? await deps.extraResults({
            userId: from.id,
            query: query.trim(),
            t: ctx.t.bind(ctx),
            locale: await ctx.i18n.getLocale(),
          })
        : [];
    const start = pageStart(listed, offset);
    const room = Math.max(0, INLINE_PAGE_SIZE - extras.length);
    // Nothing to list and nothing else offered: the way to the bot instead.
    const button: InlineQueryResultsButton | undefined =
      offset === "" && listed.length === 0 && extras.length === 0
        ? {
            text: ctx.t(all.length === 0 ? "inline-empty-button" : "inline-no-match-button"),
            start_parameter: FROM_INLINE_START,
          }
        : undefined;
    let refused = 0;

    /**
     * Answers with `shown`, the page's first results. Refused over a file, it answers with the first
     * half alone (the rest comes on the next page), and so on, until the result refused alone is the
     * page's first: Telegram no longer has its file, so it is dropped and the page answered without it.
     */
    const answer = async (shown: readonly StoredResult[]): Promise<void> => {
      const last = shown.at(-1);
      const goesOn = last !== undefined && start + shown.length < listed.length;
      try {
        await ctx.answerInlineQuery([...extras, ...shown.map((stored) => inlineResultOf(stored.entry))], {
          is_personal: true,
          cache_time: INLINE_CACHE_SECONDS,
          next_offset: goesOn ? last.entry.id : "",
          ...(button ? { button } : {}),
        });
      } catch (error) {
        const [first] = shown;
        if (!fileRefused(error) || !first || ++refused > MAX_REFUSED_ANSWERS) throw error;
        if (shown.length > 1) return answer(shown.slice(0, Math.ceil(shown.length / 2)));
        ctx.logger.warn({ result: first.entry.id }, "Telegram no longer has a result's file: dropped");
        await deps.results.remove(from.id, first.member);
        listed.splice(start, 1);
        return answer(listed.slice(start, start + room));
      }
    };
    await answer(listed.slice(start, start + room));
  });

  // A listed result is in the chat as the user's message: nothing more to do.
  inline.on("chosen_inline_result", async (ctx, next) => {
    if (!ctx.chosenInlineResult.result_id.startsWith(LISTED_RESULT_PREFIX)) await next();
  });

  return inline;
}
