/** Buttons under results and on the card, and their jobs; a button carries the ticket's tag, never the ticket. */
import type { Api } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import { isGenerationServiceError } from "../generation-service/errors.js";
import { deriveIdempotencyKey } from "../generation-service/idempotency.js";
import type { Translate } from "../i18n/translate.js";
import { type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { albums, rereadableFile } from "../lifecycle/chat-delivery.js";
import { VIDEO_LINK_TASKS, videoThenRows } from "../lifecycle/then-buttons.js";
import { defineJob, type TicketData, TicketDataSchema, ticketJob, ticketTag } from "../lifecycle/tickets.js";
import { CALLBACK_SCOPES, callbackInt, defineCallback } from "../telegram/callback-data.js";
import type { Follower, Observation } from "./follower.js";
import type { Problem } from "./problems.js";
import { cancelOne } from "./queue-card.js";
import { type BatchRecord, type ChunkItem, type ChunkRecord, chunkOf } from "./records.js";
import { fetchResult, type ResultReader, resultFileName, withDownloads } from "./result-files.js";
import { type BatchJobDeps, freshOutput, type ResultLinkDeps } from "./result-links.js";

const OriginalDataSchema = TicketDataSchema.extend({ position: z.number().int().nonnegative() });

export function originalJob(
  deps: BatchJobDeps & { results: ResultReader; api: Pick<Api, "sendDocument" | "sendMessage"> },
) {
  const tuning = { attempts: 4, backoffMs: 3_000, concurrency: 8 };
  return defineJob("send-generation-original", OriginalDataSchema, tuning, async ({ ticket, position }) => {
    const record = await deps.records.get(ticket);
    const item = await deps.records.item(ticket, position);
    if (!record || !item) return;
    const t = deps.translate(record.locale);
    const caption = t("generation-original-caption", { number: position + 1 });
    if (item.documentFileId) {
      await deps.api.sendDocument(record.chatId, item.documentFileId, { caption });
      return;
    }
    const fresh = await freshOutput(deps, record.userId, item, 60_000);
    if ("problem" in fresh) {
      await deps.api.sendMessage(record.chatId, t(fresh.problem.key, fresh.problem.params));
      return;
    }
    const message = await withDownloads(async (folder) => {
      const file = await fetchResult(deps.results, folder, position, fresh.output);
      const name = resultFileName(position, fresh.output.mime);
      return deps.api.sendDocument(record.chatId, rereadableFile(file, name), { caption });
    });
    const documentFileId = message.document?.file_id;
    if (!documentFileId) return;
    await deps.records.changeChunk(ticket, chunkOf(position), (current) => ({
      ...current,
      items: current.items.map((candidate) =>
        candidate.position === position ? { ...candidate, documentFileId } : candidate,
      ),
    }));
  });
}

/** A result's link for another service, renewed with less than `marginMs` left; a busy service is said. */
export async function resultLink(
  deps: ResultLinkDeps,
  userId: number,
  item: ChunkItem,
  marginMs: number,
): Promise<{ url: string } | { problem: Problem }> {
  try {
    const fresh = await freshOutput(deps, userId, item, marginMs);
    return "problem" in fresh ? fresh : { url: fresh.output.url };
  } catch (error) {
    if (error instanceof RetryLaterError) return { problem: { key: "generation-error-unavailable" } };
    throw error;
  }
}

export function cancelJob(
  deps: BatchJobDeps & { follower: Follower; refreshCard(ticket: string): Promise<void> },
): JobDefinition<TicketData> {
  const tuning = { attempts: 4, backoffMs: 3_000, concurrency: 4 };
  return ticketJob("cancel-generations", tuning, async (ticket) => {
    const record = await deps.records.get(ticket);
    if (record?.state !== "created") return;
    const credentials = await deps.credentials.credentials(record.userId);
    if (!credentials) {
      await deps.api.sendMessage(record.chatId, deps.translate(record.locale)("generation-not-linked"));
      return;
    }
    const chunks = await deps.records.chunks(record);
    const items = chunks.flatMap((chunk) => chunk.items);
    const queued = items.filter((item) => item.status === "queued").reverse();
    // Those already known to be running cannot be stopped either; a retry counts the ones it found.
    const runningBefore = items.filter((item) => item.status === "running").length;
    // Recorded together after the calls: the card never shows refunds without what could not be stopped.
    const outcomes: Observation[] = [];
    let stopped: unknown;
    try {
      for (const { id } of queued) {
        const outcome = await cancelOne(
          deps.service,
          credentials.apiKey,
          id,
          deriveIdempotencyKey(record.formInstance, `cancel:${id}`),
        );
        if (outcome) outcomes.push(outcome === "running" ? { id, status: "running" } : outcome);
      }
    } catch (error) {
      stopped = error;
    }
    const running = runningBefore + outcomes.filter((outcome) => outcome.status === "running").length;
    await deps.records.update(ticket, (current) => ({ ...current, cancelRunning: running }));
    for (const outcome of outcomes) await deps.follower.observe(outcome);
    if (stopped !== undefined) {
      // What was canceled so far is recorded; the retry goes on with what is still queued.
      if (isGenerationServiceError(stopped) && stopped.code === "rate_limit_exceeded") {
        throw new RetryLaterError(stopped.retryAfterMs ?? 10_000);
      }
      throw stopped;
    }
    await deps.refreshCard(ticket);
  });
}

const scope = CALLBACK_SCOPES.generationResult;
/** The result's place in its batch, on the buttons about one result. */
const onResult = {
  position: z
    .string()
    .regex(/^(0|[1-9]\d{0,3})$/)
    .transform(Number)
    .optional(),
};

/** Buttons on results and on the card: what each does, as a short code on the wire. */
export const RESULT_BUTTONS = {
  original: defineCallback(scope, "o", onResult),
  again: defineCallback(scope, "a", onResult),
  reference: defineCallback(scope, "r", onResult),
  delete: defineCallback(scope, "d", onResult),
  deleteConfirmed: defineCallback(scope, "D", onResult),
  keep: defineCallback(scope, "k", onResult),
  cancelQueued: defineCallback(scope, "c", onResult),
  retryFailed: defineCallback(scope, "f", onResult),
  join: defineCallback(scope, "j", onResult),
  joinConfirmed: defineCallback(scope, "J", onResult),
  joinDismissed: defineCallback(scope, "n", onResult),
  /** An image as the start frame of a new clip. */
  animate: defineCallback(scope, "v", onResult),
  /** Under an album of clips: the tasks one of them leads on to. */
  thenMenu: defineCallback(scope, "m", onResult),
};
export type ResultAction = keyof typeof RESULT_BUTTONS;

export function resultButton(
  text: string,
  ticket: string,
  action: ResultAction,
  position?: number,
): InlineKeyboardButton {
  return { text, callback_data: RESULT_BUTTONS[action].pack(ticketTag(ticket), { position }) };
}

/** A task of the Media Task Service started on a clip of the batch, by the clip's link. */
export const thenTaskButton = defineCallback(scope, "t", {
  type: z.enum(VIDEO_LINK_TASKS),
  position: callbackInt,
});

/** What a clip leads on to: the tasks that take a video by its link, as under a task's own video. */
export function clipThenRows(t: Translate, ticket: string, position: number): InlineKeyboardButton[][] {
  return videoThenRows(t, VIDEO_LINK_TASKS, (type) =>
    thenTaskButton.pack(ticketTag(ticket), { type, position }),
  );
}

function actionRow(t: Translate, ticket: string, position: number, actions: ResultAction[]) {
  return actions.map((action) => resultButton(t(`generation-button-${action}`), ticket, action, position));
}

/** Under a keyframe chain's two or more clips: join them in order, saying how many when some failed. */
export function joinRows(t: Translate, record: BatchRecord, chunk: ChunkRecord): InlineKeyboardButton[][] {
  // Joining chosen on the card is under way once the clips are in: no second offer of it.
  if (!Array.isArray(record.request.keyframe_file_ids) || record.form.values.join === true) return [];
  const made = chunk.items.filter((item) => item.status === "succeeded").length;
  if (made < 2) return [];
  const text =
    made === record.count ? t("join-button") : t("join-button-some", { count: made, total: record.count });
  return [[resultButton(text, record.ticket, "join")]];
}

/** Under a result sent alone, what it leads on to first: a clip's tasks, an image's Animate and Reference. */
export function singleKeyboard(
  t: Translate,
  type: BatchRecord["type"],
  ticket: string,
  position: number,
): InlineKeyboardMarkup {
  const row = (actions: ResultAction[]) => actionRow(t, ticket, position, actions);
  return {
    inline_keyboard:
      type === "video"
        ? [...clipThenRows(t, ticket, position), row(["again", "delete"])]
        : [row(["animate", "reference"]), row(["original", "again", "delete"])],
  };
}

const NUMBERS_PER_ROW = 5;

const ALBUM_ACTIONS: Record<BatchRecord["type"], Array<[ResultAction, string]>> = {
  image: [
    ["animate", "🎬"],
    ["original", "⬇️"],
    ["again", "🔁"],
    ["reference", "🧩"],
    ["delete", "🗑"],
  ],
  video: [
    ["thenMenu", "➡️"],
    ["again", "🔁"],
    ["delete", "🗑"],
  ],
};

/** Albums take no buttons: the message after one has a numbered row of each action per five results. */
export function albumRows(record: BatchRecord, made: readonly ChunkItem[]): InlineKeyboardButton[][] {
  const rows = albums(made, NUMBERS_PER_ROW);
  return ALBUM_ACTIONS[record.type].flatMap(([action, mark]) =>
    rows.map((row) =>
      row.map(({ position }) => resultButton(`${mark} ${position + 1}`, record.ticket, action, position)),
    ),
  );
}
