/**
 * "🎨 Make an image: <query>" in inline mode, kept under its result id as priced, so what is charged is what the
 * offer said; claimed by that id and its inline message, so a choice Telegram repeats makes one image.
 */
import { createHash, randomBytes } from "node:crypto";
import { Composer } from "grammy";
import type { InlineQueryResultPhoto } from "grammy/types";
import { z } from "zod";
import { editInlineCaption, inlineImageKeyboard } from "../../generations/send-inline.js";
import type { GenerationSubmissions } from "../../generations/start.js";
import { readStored } from "../../storage/json.js";
import type { KeyValueStore } from "../../storage/ports.js";
import type { BotContext } from "../context.js";
import type { InlineDeps } from "../features/inline.js";
import type { GenerationFormType } from "../forms/form.js";
import type { GenerationFormSetup } from "./conversation.js";
import { chosenModel, normalizeImageValues } from "./forms/field-kit.js";
import { BuiltRequestSchema } from "./forms/form-contract.js";
import { buildImageRequest } from "./forms/images.js";

/** The ids of made images among inline results; listed results start `r:`. */
export const INLINE_IMAGE_PREFIX = "img:";
const FORM_TYPE: GenerationFormType = "text_to_image";
/** Long enough for a person to choose among the answers; an older choice is told to type again. */
const OFFER_TTL_MS = 60 * 60 * 1000;
/** The placeholder picture's sides, in pixels (src/http/inline-placeholder.ts). */
const PLACEHOLDER_SIDE = 320;

export interface InlineImageDeps {
  setup(userId: number): Promise<GenerationFormSetup>;
  submissions: Pick<GenerationSubmissions, "start">;
  kv: KeyValueStore;
  /** Where Telegram fetches the placeholder picture; without it there is nothing to post. */
  placeholderUrl(): string | undefined;
}

const OfferSchema = BuiltRequestSchema.omit({ count: true }).extend({
  locale: z.string().min(2),
  values: z.record(z.string(), z.unknown()),
});
type Offer = z.infer<typeof OfferSchema>;
type InlineExtraResults = NonNullable<InlineDeps["extraResults"]>;

const offerKey = (userId: number, resultId: string) => `inline-image-offer:${userId}:${resultId}`;

/** The batch of one posted offer: an answer chosen again posts a new inline message, a new image asked anew. */
function inlineInstance(userId: number, resultId: string, inlineMessageId: string): string {
  const posted = createHash("sha256").update(JSON.stringify([userId, resultId, inlineMessageId]));
  return `inline-${posted.digest("base64url").slice(0, 24)}`;
}

/** The offer, built as /image would for this prompt; undefined where /image could not make it now. */
function offerFor(setup: GenerationFormSetup, prompt: string, locale: string): Offer | undefined {
  if ("problem" in setup || !setup.available) return undefined;
  const values = normalizeImageValues(FORM_TYPE, setup, { ...setup.last, prompt, n: 1 });
  if (!chosenModel(FORM_TYPE, setup, values)) return undefined;
  const { count: _count, ...built } = buildImageRequest(FORM_TYPE, setup, values, []);
  return { locale, values, ...built };
}

/** How long a user's form setup serves their next inline queries. */
const SETUP_REUSE_MS = 60_000;
/** The most users whose setup is kept at once; the oldest goes first. */
const SETUPS_KEPT = 10_000;

/** Queries come a few keystrokes at a time: the setup, an account read the key pays for, is read once a minute. */
function recentSetups(read: InlineImageDeps["setup"], now: () => number) {
  const kept = new Map<number, { until: number; setup: Promise<GenerationFormSetup> }>();
  return (userId: number) => {
    const at = now();
    const entry = kept.get(userId);
    if (entry && entry.until > at) return entry.setup;
    kept.delete(userId);
    const [oldest] = kept.keys();
    if (kept.size >= SETUPS_KEPT && oldest !== undefined) kept.delete(oldest);
    const setup = read(userId);
    kept.set(userId, { until: at + SETUP_REUSE_MS, setup });
    // Only an open form is kept: after a refusal or a failed read (no account linked yet, the service
    // away) the next query asks again.
    setup.then(
      (opened) => {
        if ("problem" in opened) kept.delete(userId);
      },
      () => kept.delete(userId),
    );
    return setup;
  };
}

/** The "Make an image" result: none without a linked account, for an empty query, or with no price to say. */
export function inlineImageOffer(deps: InlineImageDeps, now = Date.now): InlineExtraResults {
  const setupOf = recentSetups(deps.setup, now);
  return async ({ userId, query, t, locale }) => {
    // One line, as the form takes one prompt per line.
    const prompt = query.replace(/\s+/g, " ").trim();
    const placeholder = deps.placeholderUrl();
    if (prompt === "" || placeholder === undefined) return [];
    const offer = offerFor(await setupOf(userId), prompt, locale);
    if (!offer) return [];
    const { min, max } = offer.quote;
    const id = `${INLINE_IMAGE_PREFIX}${randomBytes(9).toString("base64url")}`;
    await deps.kv.set(offerKey(userId, id), JSON.stringify(offer), { ttlMs: OFFER_TTL_MS });
    const result: InlineQueryResultPhoto = {
      type: "photo",
      id,
      photo_url: placeholder,
      thumbnail_url: placeholder,
      photo_width: PLACEHOLDER_SIDE,
      photo_height: PLACEHOLDER_SIDE,
      title: t("inline-image-title", { prompt }),
      // Priced as the image form's card prices one image of its model.
      description:
        min === max ? t("inline-image-price", { tokens: max }) : t("inline-image-price-range", { min, max }),
      caption: t("inline-image-making", { prompt }),
      // A chosen result carries its inline message's id only when the message has buttons.
      reply_markup: inlineImageKeyboard(t),
    };
    return [result];
  };
}

/** chosen_inline_result of a "Make an image": its batch, made once for each posted placeholder. */
export function createInlineImageFeature(deps: InlineImageDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("chosen_inline_result", async (ctx, next) => {
    const chosen = ctx.chosenInlineResult;
    if (!chosen.result_id.startsWith(INLINE_IMAGE_PREFIX)) return next();
    const inlineMessageId = chosen.inline_message_id;
    if (inlineMessageId === undefined) {
      // Posted without its buttons, the placeholder cannot be replaced: nothing is made or charged.
      ctx.logger.warn({ result_id: chosen.result_id }, "inline image chosen without an inline message");
      return;
    }
    const userId = chosen.from.id;
    const offer = await readStored(deps.kv, offerKey(userId, chosen.result_id), OfferSchema);
    if (!offer) return editInlineCaption(ctx.api, inlineMessageId, ctx.t("inline-image-expired"));
    const { values, ...built } = offer;
    const started = await deps.submissions.start({
      userId,
      // Whatever the batch says outside its inline message goes to the user's own chat with the bot.
      chatId: userId,
      type: "image",
      form: { type: FORM_TYPE, values, media: [] },
      formInstance: inlineInstance(userId, chosen.result_id, inlineMessageId),
      ...built,
      count: 1,
      inlineMessageId,
    });
    if (!started) ctx.logger.info({ result_id: chosen.result_id }, "inline image chosen again; made once");
  });
  return composer;
}
