/**
 * The generation forms on the form engine: the setup is read through conversation.external, so a replay never
 * asks again, and holds the instance id every POST derives its Idempotency-Key from.
 */
import type { Context } from "grammy";
import { z } from "zod";
import type { Problem } from "../../generations/problems.js";
import type { NewBatch } from "../../generations/start.js";
import { mediaClassOf } from "../../media/accept.js";
import { type MediaRef, MediaRefSchema, type TelegramMediaRef } from "../../media/media-ref.js";
import type { BotContext } from "../context.js";
import type { PriceClass } from "../features/offer-message.js";
import {
  type FormDefinition,
  type FormEnv,
  type FormValues,
  GENERATION_FORM_TYPES,
  type GenerationFormType,
} from "../forms/form.js";
import { type formBasics, withLengths } from "../forms/form-basics.js";
import { type FormConversation, runForm } from "../forms/form-loop.js";
import { type FormState, orderedMedia } from "../forms/form-state.js";
import { firstScreen } from "../forms/navigation.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { type ImageFormSetup, isVideoFormType } from "./forms/field-kit.js";
import { buildImageRequest, imageContract, imageForm } from "./forms/images.js";
import { buildVideoRequest, videoContract, videoForm } from "./forms/videos.js";

export const GENERATION_FORM = "generation-form";

export const GenerationFormInputSchema = z.object({
  type: z.enum(GENERATION_FORM_TYPES),
  locale: z.string().min(2),
  media: z.array(MediaRefSchema).max(10),
  prefill: z.record(z.string(), z.unknown()).optional(),
});
export type GenerationFormInput = z.infer<typeof GenerationFormInputSchema>;

export type GenerationFormSetup =
  | (ImageFormSetup & {
      nonce: string;
      /** This form instance: the source of its requests' Idempotency-Keys. */
      instance: string;
      last: FormValues;
    })
  | { problem: Problem };

export interface GenerationFlowDeps extends ReturnType<typeof formBasics> {
  prepare(outer: BotContext, type: GenerationFormInput["type"]): Promise<GenerationFormSetup>;
  /** Each form's price for the offers: "not linked", else the catalog's least; none where it cannot be read. */
  offerPrices(outer: BotContext): Promise<(type: GenerationFormType) => PriceClass | undefined>;
  submit(batch: NewBatch, definition: FormDefinition, values: FormValues): Promise<void>;
  /** Seconds a recording plays, read from its header; undefined when it cannot be read. */
  measure(ref: TelegramMediaRef): Promise<number | undefined>;
}

/** The recordings with their lengths, read from the header where Telegram did not say them. */
export function withRecordingLengths(refs: readonly MediaRef[], measure: GenerationFlowDeps["measure"]) {
  const unmeasured = (ref: MediaRef): ref is TelegramMediaRef =>
    ref.source === "telegram" && ref.durationSec === undefined && mediaClassOf(ref) === "audio";
  return withLengths(refs, unmeasured, measure);
}

export function generationFormConversation(deps: GenerationFlowDeps, cards: OpenFormCards) {
  return async function generationForm(
    conversation: FormConversation,
    ctx: Context,
    rawInput: unknown,
  ): Promise<void> {
    const input = GenerationFormInputSchema.parse(rawInput);
    const t = deps.translate(input.locale);
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const setup = await conversation.external((outer) => deps.prepare(outer, input.type));
    if ("problem" in setup) {
      await ctx.reply(t(setup.problem.key, setup.problem.params));
      return;
    }
    const type = input.type;
    const definition = isVideoFormType(type) ? videoForm(type, setup) : imageForm(type, setup);
    const env: FormEnv = {
      catalog: deps.catalog,
      locale: input.locale,
      contract: isVideoFormType(type) ? videoContract(type, setup) : imageContract(type, setup),
    };
    const values = definition.normalize?.({ ...setup.last, ...input.prefill }, env) ?? {};
    let state: FormState = { type: input.type, values, media: input.media, screen: { name: "summary" } };
    state = { ...state, screen: firstScreen(definition, state, env) };
    await runForm(
      conversation,
      ctx,
      {
        definition,
        env,
        t,
        nonce: setup.nonce,
        cards,
        state,
        limits: deps.limits,
        services: "any",
        // A recording sent to the form is measured as one sent before it, so the card says one too long.
        ...(type === "audio_to_video" ? { measure: (refs) => withRecordingLengths(refs, deps.measure) } : {}),
        async create(submitted, cardMessageId) {
          const media = orderedMedia(submitted);
          const built = isVideoFormType(type)
            ? buildVideoRequest(type, setup, submitted.values, media)
            : buildImageRequest(type, setup, submitted.values, media);
          await deps.submit(
            {
              userId,
              chatId,
              locale: input.locale,
              type: isVideoFormType(type) ? "video" : "image",
              form: { type: input.type, values: submitted.values, media },
              formInstance: setup.instance,
              ...built,
              cardMessageId,
            },
            definition,
            submitted.values,
          );
        },
      },
      { chatId, userId },
    );
  };
}
