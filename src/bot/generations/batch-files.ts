/**
 * Batches from a .csv, or a .txt of several lines, answered with a preview whose plan waits in storage for
 * Create: one batch per group, each under a form instance derived from the preview's, started once.
 */
import { randomBytes } from "node:crypto";
import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { type TelegramMediaRef, telegramMediaOf } from "../../media/media-ref.js";
import { readStored } from "../../storage/json.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { TextOffer } from "../features/text-offers.js";
import type { Notice } from "../forms/form-state.js";
import { paidFromLine } from "../forms/screens/summary.js";
import { clip } from "../forms/screens/text.js";
import {
  type BatchGroup,
  batchFileKind,
  fileLines,
  MAX_FILE_PROMPTS,
  planBatch,
  type Refusal,
} from "./batch-file.js";
import type { GenerationFlowDeps } from "./conversation.js";
import { type ImageFormSetup, MAX_PROMPT_TEXT } from "./forms/field-kit.js";
import { BuiltRequestSchema, spendingLimit } from "./forms/form-contract.js";
import { imageForm } from "./forms/images.js";
import { notLinked } from "./offer-prices.js";

export interface BatchFilesDeps {
  flow: Pick<GenerationFlowDeps, "prepare" | "submit" | "offerPrices">;
  /** The text of a document the user sent, or why it cannot be read. */
  readFile(ref: TelegramMediaRef): Promise<string | Notice>;
}

export interface BatchFilesFeatureDeps extends BatchFilesDeps {
  kv: KeyValueStore;
}

/** A preview waits this long for Create. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
const PREVIEW_PROMPTS = 5;
const LISTED_REFUSALS = 20;
/** The preview's buttons carry the draft's id in place of a menu nonce. */
const createBatchButton = defineCallback(CALLBACK_SCOPES.batchFile, "c", {});
const dismissBatchButton = defineCallback(CALLBACK_SCOPES.batchFile, "x", {});

const GroupSchema = BuiltRequestSchema.extend({ values: z.record(z.string(), z.unknown()) });

const DraftSchema = z.object({
  userId: z.number().int(),
  chatId: z.number().int(),
  locale: z.string().min(2),
  /** The preview's form instance: each group's requests derive their Idempotency-Keys from it. */
  instance: z.string().min(8),
  groups: z.array(GroupSchema),
});
type Draft = z.infer<typeof DraftSchema>;

const draftKey = (id: string) => `batch-file:${id}`;

function refusalText(t: Translate, refusal: Refusal): string {
  return t(`batch-refused-${refusal.reason}`, {
    ...refusal,
    // What the file named is cut short; a model's label comes from the catalog.
    ...(refusal.reason === "unknown-model" ? { model: clip(refusal.model, 40) } : {}),
    ...(refusal.reason === "unknown-aspect" ? { aspect: clip(refusal.aspect, 20) } : {}),
    max: refusal.reason === "too-long" ? MAX_PROMPT_TEXT : MAX_FILE_PROMPTS,
  });
}

function groupLine(t: Translate, { request, modelLabel, count, quote }: BatchGroup): string {
  return t("batch-preview-group", {
    model: modelLabel,
    aspect: typeof request.aspect === "string" ? request.aspect : "",
    count,
    ...quote,
    kind: quote.min === quote.max ? "fixed" : "range",
  });
}

function previewText(t: Translate, plan: ReturnType<typeof planBatch>, account: ImageFormSetup["account"]) {
  const lines = [t("batch-preview-title", { count: plan.accepted.length })];
  for (const entry of plan.accepted.slice(0, PREVIEW_PROMPTS)) {
    lines.push(t("batch-preview-prompt", { line: entry.line, prompt: clip(entry.prompt, 60) }));
  }
  if (plan.accepted.length > PREVIEW_PROMPTS) {
    lines.push(t("batch-preview-more", { count: plan.accepted.length - PREVIEW_PROMPTS }));
  }
  if (plan.groups.length > 1) {
    lines.push("", t("batch-preview-groups", { count: plan.groups.length }));
    for (const group of plan.groups) lines.push(groupLine(t, group));
  }
  const { min, max } = plan.quote;
  lines.push(
    "",
    paidFromLine(t, "generations"),
    t(min === max ? "batch-price-fixed" : "batch-price-range", {
      count: plan.accepted.length,
      min,
      max,
    }),
    t("batch-balance", { balance: account.balance }),
  );
  const { budgetBinds, left } = spendingLimit(account);
  if (max > left) lines.push(t(budgetBinds ? "batch-over-budget" : "batch-over-balance", { max, left }));
  if (plan.refused.length > 0) {
    lines.push("", t("batch-refused-title", { count: plan.refused.length }));
    for (const refusal of plan.refused.slice(0, LISTED_REFUSALS)) lines.push(refusalText(t, refusal));
    if (plan.refused.length > LISTED_REFUSALS) {
      lines.push(t("batch-refused-more", { count: plan.refused.length - LISTED_REFUSALS }));
    }
  }
  return lines.join("\n");
}

function previewKeyboard(t: Translate, id: string, count: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (count > 0) keyboard.text(t("batch-button-create", { count }), createBatchButton.pack(id, {}));
  return keyboard.text(t("batch-button-dismiss"), dismissBatchButton.pack(id, {}));
}

/** The image form's setup for the user, or undefined once they are told why it cannot open. */
async function imageSetup(ctx: BotContext, deps: BatchFilesDeps) {
  const setup = await deps.flow.prepare(ctx, "text_to_image");
  if (!("problem" in setup)) return setup;
  await ctx.reply(ctx.t(setup.problem.key, setup.problem.params));
  return undefined;
}

/** `inPlaceOf`: the message that becomes the preview (the offers under a .txt), else a new one. */
async function preview(
  ctx: BotContext,
  deps: BatchFilesFeatureDeps,
  text: string,
  kind: "txt" | "csv",
  inPlaceOf?: number,
) {
  const chatId = ctx.chat?.id;
  const userId = ctx.from?.id;
  if (chatId === undefined || userId === undefined) return;
  const t = ctx.t.bind(ctx);
  const setup = await imageSetup(ctx, deps);
  if (!setup) return;
  if (!setup.available) {
    await ctx.reply(t("generation-rule-unavailable"));
    return;
  }
  const plan = planBatch(setup, fileLines(kind, text));
  const id = randomBytes(9).toString("base64url");
  const draft: Draft = {
    userId,
    chatId,
    locale: await ctx.i18n.getLocale(),
    instance: setup.instance,
    groups: plan.groups,
  };
  await deps.kv.set(draftKey(id), JSON.stringify(draft), { ttlMs: DRAFT_TTL_MS });
  const shown = previewText(t, plan, setup.account);
  const keyboard = previewKeyboard(t, id, plan.accepted.length);
  if (inPlaceOf === undefined) await ctx.reply(shown, { reply_markup: keyboard });
  else await ctx.api.editMessageText(chatId, inPlaceOf, shown, { reply_markup: keyboard });
}

/** A text of several lines may be a list of prompts: "images, one per line" opens the preview in its offers' place. */
export function batchTextOffer(deps: BatchFilesFeatureDeps): TextOffer {
  return {
    id: "images-per-line",
    job: "images_per_line",
    label: "batch-offer-images",
    // Each line is an image at least the catalog's least price.
    price: async (ctx) => (await deps.flow.offerPrices(ctx))("text_to_image"),
    unavailable: (ctx) => notLinked(ctx, deps.flow),
    maxLength: Number.MAX_SAFE_INTEGER,
    fits: (text) => text.split(/\r?\n/).filter((line) => line.trim() !== "").length >= 2,
    open: (ctx, text, at) => preview(ctx, deps, text, "txt", at),
  };
}

export function createBatchFilesFeature(deps: BatchFilesFeatureDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  /** Each group of the draft as its own batch; the first takes the preview's place. */
  const create = async (ctx: BotContext, draft: Draft, messageId: number | undefined) => {
    const setup = await imageSetup(ctx, deps);
    if (!setup) return;
    const definition = imageForm("text_to_image", setup);
    for (const [index, { values, ...built }] of draft.groups.entries()) {
      await deps.flow.submit(
        {
          userId: draft.userId,
          chatId: draft.chatId,
          locale: draft.locale,
          type: "image",
          form: { type: "text_to_image", values, media: [] },
          formInstance: `${draft.instance}:file:${index}`,
          ...built,
          ...(index === 0 && messageId !== undefined ? { cardMessageId: messageId } : {}),
        },
        definition,
        values,
      );
    }
  };
  feature.chatType("private").on("message:document", async (ctx, next) => {
    const ref = telegramMediaOf(ctx.message);
    // A .txt may as well be a script to voice: it goes to the offers for a text, one of which is this.
    const kind = batchFileKind(ctx.message.document.file_name, ctx.message.document.mime_type);
    if (ref?.source !== "telegram" || kind !== "csv") return next();
    const read = await deps.readFile(ref);
    if (typeof read !== "string") return ctx.reply(ctx.t(read.key, read.params));
    await preview(ctx, deps, read, kind);
  });
  const presses = feature.on("callback_query:data");
  /** The draft a press acts on, taken before anything starts, so that a second press finds nothing. */
  const takeDraft = async (ctx: BotContext & { pressed: { nonce: string } }, userId: number) => {
    const draft = await readStored(deps.kv, draftKey(ctx.pressed.nonce), DraftSchema);
    if (!draft || draft.userId !== userId) {
      await ctx.answerCallbackQuery({ text: ctx.t(draft ? "button-foreign" : "batch-expired") });
      return undefined;
    }
    await ctx.answerCallbackQuery();
    return (await deps.kv.delete(draftKey(ctx.pressed.nonce))) ? draft : undefined;
  };
  presses.filter(createBatchButton.filter, async (ctx) => {
    const draft = await takeDraft(ctx, ctx.from.id);
    if (!draft) return;
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } });
    await create(ctx, draft, ctx.callbackQuery.message?.message_id);
  });
  presses.filter(dismissBatchButton.filter, async (ctx) => {
    if (await takeDraft(ctx, ctx.from.id)) await ctx.editMessageText(ctx.t("batch-dismissed"));
  });
  return feature;
}
