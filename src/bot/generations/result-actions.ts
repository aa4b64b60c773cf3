/** The buttons on generation results and batch cards, checked against the batch's owner: they outlive menus. */
import { Composer } from "grammy";
import { z } from "zod";
import type { ApiKeysPort } from "../../accounts/ports.js";
import { isGenerationServiceError } from "../../generation-service/errors.js";
import { type JoinData, type JoinOutcome, joinableClips } from "../../generations/join-clips.js";
import { type Problem, problemOf } from "../../generations/problems.js";
import {
  type BatchRecord,
  type ChunkItem,
  chunkOf,
  type GenerationRecords,
  hasOwnPrompt,
} from "../../generations/records.js";
import {
  clipThenRows,
  RESULT_BUTTONS,
  type ResultAction,
  resultButton,
  thenTaskButton,
} from "../../generations/result-actions.js";
import type { RetryOutcome } from "../../generations/retry-failed.js";
import type { Translate } from "../../i18n/translate.js";
import type { VideoLinkTask } from "../../lifecycle/then-buttons.js";
import type { TasksServicePort } from "../../tasks-service/ports.js";
import type { CallbackDefinition } from "../../telegram/callback-data.js";
import { answerStale, ownedButtons } from "../button-guard.js";
import type { BotContext } from "../context.js";
import { GENERATION_FORM_TYPES } from "../forms/form.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { openForm, openGenerationForm } from "../open-form.js";
import { joinedClipsEstimate } from "../tasks/estimate.js";
import { readAccount } from "../tasks/services.js";
import { accountMoneyLines } from "../tasks/task-contract.js";
import type { GenerationFlowDeps } from "./conversation.js";

/** What the result buttons set going; each is a job or one call, never work that makes the update wait. */
export interface GenerationActions {
  sendOriginal(ticket: string, position: number): Promise<void>;
  cancelQueued(ticket: string): Promise<void>;
  retryFailed(record: BatchRecord): Promise<RetryOutcome>;
  /** Removes the generation from the service for good; rejects with the service's error. */
  deleteGeneration(userId: number, generationId: string): Promise<void>;
  /** One task on the Media Task Service that joins the clips in order; "already" when one was started. */
  joinClips(data: JoinData): Promise<JoinOutcome>;
  /** The result's link with at least `marginMs` left (read again from the service when it has less), or why not. */
  resultLink(
    userId: number,
    item: ChunkItem,
    marginMs: number,
  ): Promise<{ url: string } | { problem: Problem }>;
}

export interface GenerationFormsDeps {
  flow: GenerationFlowDeps;
  records: GenerationRecords;
  actions: GenerationActions;
}

export interface ResultButtonsDeps extends GenerationFormsDeps {
  cards: OpenFormCards;
  apiKeys: ApiKeysPort;
  tasksService: Pick<TasksServicePort, "me">;
}

/** Clip numbers as a person reads them: "1–3" for a run, else "1, 3". */
function clipNumbers(positions: readonly number[]): string {
  const numbers = positions.map((position) => position + 1);
  const first = numbers[0] ?? 0;
  const run = numbers.length > 2 && numbers.every((number, index) => number === first + index);
  return run ? `${first}–${first + numbers.length - 1}` : numbers.join(", ");
}

/** The clips a Join would take now, and what joining them costs by the task price table. */
export async function joinPlan(records: GenerationRecords, record: BatchRecord) {
  const clips = await joinableClips(records, record);
  const seconds = typeof record.request.duration === "number" ? record.request.duration : undefined;
  const estimate = joinedClipsEstimate(clips.map(() => seconds));
  const positions = clips.map((clip) => clip.position);
  const left = Array.from({ length: record.count }, (_, position) => position).filter(
    (position) => !positions.includes(position),
  );
  return { positions, left, estimate };
}

/** Before anything is charged: which clips, in which order, what it costs and whether the balance covers it. */
async function confirmJoin({ ctx, deps, record, t }: ResultPress): Promise<unknown> {
  const { positions, left, estimate } = await joinPlan(deps.records, record);
  if (positions.length < 2) return ctx.answerCallbackQuery({ text: t("join-too-few") });
  await ctx.answerCallbackQuery();
  const account = await readAccount(deps, record.userId, (error) =>
    ctx.logger.warn({ err: error }, "task account not readable before a join"),
  );
  const lines = [t("join-confirm", { count: positions.length, numbers: clipNumbers(positions) })];
  if (left.length > 0) lines.push(t("join-left-out", { count: left.length, numbers: clipNumbers(left) }));
  lines.push("", ...accountMoneyLines(t, estimate, account));
  const short = account?.balance !== undefined && !estimate.perMinute && estimate.tokens > account.balance;
  const label = estimate.perMinute ? "join-button-confirm" : "join-button-confirm-cost";
  const join = resultButton(t(label, { tokens: estimate.tokens }), record.ticket, "joinConfirmed");
  const notNow = resultButton(t("join-button-not-now"), record.ticket, "joinDismissed");
  await ctx.reply(lines.join("\n"), {
    reply_markup: { inline_keyboard: [short ? [notNow] : [join, notNow]] },
  });
}

/** A result button pressed by its batch's owner, with the result it is about when it is about one. */
interface ResultPress {
  ctx: BotContext;
  deps: ResultButtonsDeps;
  record: BatchRecord;
  item: ChunkItem | undefined;
  t: Translate;
  /** The words of a clip where they differ from those of an image. */
  words: (key: string) => string;
}

async function again({ ctx, deps, record, item }: ResultPress): Promise<unknown> {
  const formType = z.enum(GENERATION_FORM_TYPES).safeParse(record.form.type);
  if (!formType.success) return answerStale(ctx);
  await ctx.answerCallbackQuery();
  return openGenerationForm(ctx, deps.cards, {
    type: formType.data,
    media: record.form.media,
    prefill: {
      ...record.form.values,
      ...(item && hasOwnPrompt(record.request) ? { prompt: item.prompt } : {}),
    },
  });
}

/** An image as a new image's reference (with the batch's settings, not its prompt) or a clip's start frame. */
async function withPhoto(
  type: "reference_image" | "image_to_video",
  { ctx, deps, record, item }: ResultPress,
) {
  if (!item?.photoFileId || !item.photoFileUniqueId) return answerStale(ctx);
  await ctx.answerCallbackQuery();
  const { prompt: _prompt, ...settings } = record.form.values;
  const { photoFileId: fileId, photoFileUniqueId: fileUniqueId } = item;
  return openGenerationForm(ctx, deps.cards, {
    type,
    media: [{ source: "telegram", kind: "photo", fileId, fileUniqueId }],
    ...(type === "reference_image" ? { prefill: settings } : {}),
  });
}

/** The task service reads a link only when it starts on the task: a link with less left is renewed first. */
const TASK_LINK_MARGIN_MS = 6 * 60 * 60 * 1000;

/** A task on a clip: its form opens with the clip's link as its video, as a task's own "Then..." does. */
async function thenTask({ ctx, deps, record, item, t, words }: ResultPress, type: VideoLinkTask) {
  if (record.type !== "video" || !item?.output) return answerStale(ctx);
  const number = item.position + 1;
  if (item.deleted)
    return ctx.answerCallbackQuery({ text: t(words("generation-deleted-already"), { number }) });
  const link = await deps.actions.resultLink(record.userId, item, TASK_LINK_MARGIN_MS);
  if ("problem" in link)
    return ctx.answerCallbackQuery({ text: t(link.problem.key, link.problem.params), show_alert: true });
  await ctx.answerCallbackQuery();
  const seconds = typeof record.request.duration === "number" ? record.request.duration : undefined;
  return openForm(ctx, deps.cards, type, [
    {
      source: "link",
      url: link.url,
      kindHint: "video",
      ...(seconds !== undefined ? { durationSec: seconds } : {}),
      origin: { generated: number },
    },
  ]);
}

/** Under an album of clips: the tasks one clip leads on to, in a message of their own. */
async function thenMenu({ ctx, record, item, t }: ResultPress): Promise<unknown> {
  if (record.type !== "video" || !item?.output) return answerStale(ctx);
  await ctx.answerCallbackQuery();
  return ctx.reply(t("video-then-menu", { number: item.position + 1 }), {
    reply_markup: { inline_keyboard: clipThenRows(t, record.ticket, item.position) },
  });
}

async function askDelete({ ctx, record, item, t, words }: ResultPress): Promise<unknown> {
  if (!item) return answerStale(ctx);
  await ctx.answerCallbackQuery();
  const { position } = item;
  const number = { number: position + 1 };
  if (item.deleted) return ctx.reply(t(words("generation-deleted-already"), number));
  const button = (key: string, action: ResultAction) => resultButton(t(key), record.ticket, action, position);
  const confirm = button("generation-button-delete-confirm", "deleteConfirmed");
  return ctx.reply(t(words("generation-delete-confirm"), number), {
    reply_markup: { inline_keyboard: [[confirm, button("generation-button-keep", "keep")]] },
  });
}

async function deleteResult({ ctx, deps, record, item, t, words }: ResultPress): Promise<unknown> {
  if (!item) return answerStale(ctx);
  await ctx.answerCallbackQuery();
  const { position } = item;
  let outcome: string;
  try {
    if (!item.deleted) await deps.actions.deleteGeneration(record.userId, item.id);
    outcome = t(words("generation-deleted"), { number: position + 1 });
  } catch (error) {
    if (!isGenerationServiceError(error)) throw error;
    if (error.code !== "not_found") {
      const problem = problemOf(error);
      return ctx.editMessageText(t(problem.key, problem.params));
    }
    outcome = t(words("generation-deleted-already"), { number: position + 1 });
  }
  await deps.records.changeChunk(record.ticket, chunkOf(position), (chunk) => ({
    ...chunk,
    items: chunk.items.map((candidate) =>
      candidate.position === position ? { ...candidate, deleted: true } : candidate,
    ),
  }));
  return ctx.editMessageText(outcome);
}

async function join({ ctx, deps, record, t }: ResultPress): Promise<unknown> {
  const { positions, estimate } = await joinPlan(deps.records, record);
  if (positions.length < 2) return answerStale(ctx);
  const outcome = await deps.actions.joinClips({
    ticket: record.ticket,
    positions,
    ...(estimate.perMinute ? {} : { cost: { tokens: estimate.tokens } }),
  });
  if (outcome === "already") return ctx.answerCallbackQuery({ text: t("join-already") });
  await ctx.answerCallbackQuery();
  return ctx.editMessageText(t("join-started", { count: positions.length, numbers: clipNumbers(positions) }));
}

async function retryFailed({ ctx, deps, record, t }: ResultPress): Promise<unknown> {
  const outcome = await deps.actions.retryFailed(record);
  const key =
    "started" in outcome ? "batch-retrying" : "already" in outcome ? "batch-retried-already" : "button-stale";
  return ctx.answerCallbackQuery({ text: t(key, { count: "started" in outcome ? outcome.started : 0 }) });
}

const settle =
  (key: string) =>
  async ({ ctx, t }: ResultPress) => {
    await ctx.answerCallbackQuery();
    return ctx.editMessageText(t(key));
  };

/** The buttons on generation results and cards. Goes before the button guard: they carry their own authority. */
export function createGenerationResultButtons(deps: ResultButtonsDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const owned = ownedButtons(feature, deps.records);
  const routeButton = <T extends { position?: number | undefined }>(
    button: CallbackDefinition<T>,
    handle: (press: ResultPress, data: T) => Promise<unknown>,
  ) =>
    owned(button, async (ctx, record) => {
      const { position } = ctx.pressed.data;
      const chunk =
        position === undefined ? undefined : await deps.records.chunk(record.ticket, chunkOf(position));
      const item = chunk?.items.find((candidate) => candidate.position === position);
      if (position !== undefined && !item) return answerStale(ctx);
      const t = ctx.t.bind(ctx);
      const words = (key: string) => (record.type === "video" ? key.replace(/^generation-/, "video-") : key);
      return handle({ ctx, deps, record, item, t, words }, ctx.pressed.data);
    });
  const route = (action: ResultAction, handle: (press: ResultPress) => Promise<unknown>) =>
    routeButton(RESULT_BUTTONS[action], handle);
  route("original", async ({ ctx, record, item, t }) => {
    if (!item) return answerStale(ctx);
    await ctx.answerCallbackQuery({ text: t("generation-original-coming") });
    return deps.actions.sendOriginal(record.ticket, item.position);
  });
  route("again", again);
  route("reference", (press) => withPhoto("reference_image", press));
  route("animate", (press) => withPhoto("image_to_video", press));
  route("thenMenu", thenMenu);
  routeButton(thenTaskButton, (press, { type }) => thenTask(press, type));
  route("delete", askDelete);
  route("deleteConfirmed", deleteResult);
  route("keep", settle("generation-kept"));
  route("cancelQueued", async ({ ctx, record, t, words }) => {
    await ctx.answerCallbackQuery({ text: t(words("generation-canceling")) });
    return deps.actions.cancelQueued(record.ticket);
  });
  route("join", confirmJoin);
  route("joinConfirmed", join);
  route("joinDismissed", settle("join-not-now"));
  route("retryFailed", retryFailed);
  return feature;
}
