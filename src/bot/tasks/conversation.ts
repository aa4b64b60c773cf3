/**
 * One conversation runs any task form. Reading the account and choices when it opens and handing Create to
 * the submit job go through conversation.external, so a replay never repeats them.
 */
import type { Context } from "grammy";
import { z } from "zod";
import type { Logger } from "../../logger.js";
import { mediaClassOf } from "../../media/accept.js";
import { type MediaRef, MediaRefSchema, type TelegramMediaRef } from "../../media/media-ref.js";
import type { NewSubmission } from "../../tasks/start.js";
import type { VoicePreviewPort } from "../../tasks/voice-previews.js";
import { TASK_TYPES } from "../../tasks-service/schemas/index.js";
import type { BotContext } from "../context.js";
import { initialValues, settingsValues, voiceInLanguage } from "../forms/defaults.js";
import { speechLanguage } from "../forms/fields.js";
import type { AccountView, FormEnv, FormValues } from "../forms/form.js";
import { type formBasics, withLengths } from "../forms/form-basics.js";
import { type FormConversation, runForm } from "../forms/form-loop.js";
import { type FormState, type Notice, viewOf } from "../forms/form-state.js";
import { firstScreen } from "../forms/navigation.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { placeMedia } from "../forms/place-media.js";
import type { UserPreferences } from "../preferences.js";
import { estimateCost } from "./estimate.js";
import { FORMS } from "./forms/index.js";
import { buildRequest } from "./request.js";
import { TASK_CONTRACT } from "./task-contract.js";

export const TASK_FORM = "task-form";
/**
 * Bump when a form's flow changes, so forms stored by an older release start over cleanly. 4: the loop
 * is shared with the generation forms and a form opens with its contract.
 */
export const FORM_VERSION = 4;

export const FormInputSchema = z.object({
  type: z.enum(TASK_TYPES),
  locale: z.string().min(2),
  media: z.array(MediaRefSchema).max(30),
  prefill: z.record(z.string(), z.unknown()).optional(),
  /** The bot's message (the question that led to the form) that becomes the card, edited in place. */
  cardMessageId: z.number().int().optional(),
});
export type FormInput = z.infer<typeof FormInputSchema>;

export interface FormSetup {
  nonce: string;
  account?: AccountView;
  preferences: UserPreferences;
  last: FormValues;
  glossary: readonly string[];
}

/** A form's Create: who asks where, for the card it was made on. */
export type SubmitRequest = Omit<NewSubmission, "ticket" | "parent" | "parentTaskId" | "uploads"> & {
  cardMessageId: number;
};

/** What the forms need from the rest of the program, reached only through conversation.external. */
export interface FlowDeps extends ReturnType<typeof formBasics> {
  prepare(outer: BotContext, type: FormInput["type"]): Promise<FormSetup>;
  submit(request: SubmitRequest, values: FormValues): Promise<void>;
  measure(ref: TelegramMediaRef, logger: Pick<Logger, "warn">): Promise<number | undefined>;
  samplesOnRequest: VoicePreviewPort["madeOnRequest"];
  /** What is wrong with an SRT the user sent; its timecodes are checked against the video's real length. */
  checkSrt(ref: MediaRef, video: MediaRef | undefined): Promise<Notice | undefined>;
  preview: VoicePreviewPort["play"];
  readText(ref: TelegramMediaRef): Promise<string | Notice>;
}

/** Audio and video whose length Telegram did not state (files sent as documents): the estimate needs it. */
function unmeasured(ref: MediaRef): ref is TelegramMediaRef {
  if (ref.source !== "telegram" || (ref.durationSec !== undefined && ref.durationSec > 0)) return false;
  const mediaClass = mediaClassOf(ref);
  return mediaClass === "audio" || mediaClass === "video";
}

export function taskFormConversation(deps: FlowDeps, cards: OpenFormCards) {
  return async function taskForm(
    conversation: FormConversation,
    ctx: Context,
    rawInput: unknown,
  ): Promise<void> {
    const input = FormInputSchema.parse(rawInput);
    const definition = FORMS[input.type];
    const t = deps.translate(input.locale);
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const setup = await conversation.external((outer) => deps.prepare(outer, input.type));
    /** An SRT handed in with the form (manual dubbing from an SRT) is checked against its video. */
    const checkGivenSrt = async (given: FormState): Promise<FormState> => {
      const srt = MediaRefSchema.safeParse(given.values.srt_file);
      const video = given.media[0];
      if (!srt.success || !video) return given;
      const problem = await deps.checkSrt(srt.data, video);
      return problem ? { ...given, notice: problem } : given;
    };
    const env: FormEnv = {
      catalog: deps.catalog,
      locale: input.locale,
      contract: TASK_CONTRACT,
      samplesOnRequest: deps.samplesOnRequest,
      ...(setup.account ? { account: setup.account } : {}),
      ...(definition.glossary && setup.glossary.length > 0 ? { glossary: setup.glossary } : {}),
    };
    const media = await conversation.external((outer) =>
      withLengths(input.media, unmeasured, (ref) => deps.measure(ref, outer.logger)),
    );
    const values = initialValues({
      definition,
      preferences: setup.preferences,
      last: setup.last,
      media,
      locale: input.locale,
      catalog: deps.catalog,
      ...(input.prefill ? { prefill: input.prefill } : {}),
    });
    const settings = settingsValues({ definition, preferences: setup.preferences, locale: input.locale });
    const memory = { last: setup.last, settings };
    const review = async (before: FormState, changed: FormState): Promise<FormState> => {
      let after = changed;
      // The form's language changed on the card: a remembered voice of the old one gives way.
      if (speechLanguage(before.values, input.locale) !== speechLanguage(after.values, input.locale))
        after = { ...after, values: voiceInLanguage(after.values, memory, deps.catalog, input.locale) };
      // New media: the values keep within what they allow (a clip no longer than its source).
      if (before.media !== after.media && definition.followMedia)
        after = { ...after, values: definition.followMedia(after.values, after.media) };
      // The video came after its SRT: the SRT is checked now.
      const refused = after.notice !== undefined && !after.notice.info;
      return refused || before.media[0] === after.media[0] ? after : checkGivenSrt(after);
    };
    // Only what the form's media rule takes is its media: nothing else is ever uploaded as its video.
    const placed = placeMedia(definition, media);
    const given = { ...values, ...placed.prefill };
    let state: FormState = {
      type: input.type,
      values: definition.followMedia?.(given, placed.media) ?? given,
      media: placed.media,
      screen: { name: "summary" },
      ...(Object.keys(setup.last).length > 0 ? { lastChoices: memory } : {}),
    };
    const opened: FormState = { ...state, screen: firstScreen(definition, state, env) };
    state = await conversation.external(() => checkGivenSrt(opened));
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
        services: "tasks",
        ...(input.cardMessageId !== undefined ? { cardMessageId: input.cardMessageId } : {}),
        readText: (ref) => deps.readText(ref),
        review,
        inspect: {
          applies: (ref) => mediaClassOf(ref) === "subtitles",
          check: (ref, current) => deps.checkSrt(ref, current.media[0]),
        },
        measure: (refs, logger) => withLengths(refs, unmeasured, (ref) => deps.measure(ref, logger)),
        async create(submitted, cardMessageId) {
          const view = viewOf(submitted, env);
          // Media stay Telegram references here; the submit job uploads them and puts the ids in.
          const built = buildRequest(definition, view, (ref) => ref);
          const estimate = env.account?.tariff === undefined ? estimateCost(definition, view) : undefined;
          await deps.submit(
            {
              userId,
              chatId,
              locale: input.locale,
              type: input.type,
              form: { values: submitted.values, media: [...view.media] },
              request: built.request,
              ...(built.followUp ? { followUp: built.followUp } : {}),
              ...(estimate && !estimate.perMinute
                ? { cost: { tokens: estimate.tokens, ...(estimate.upTo ? { upTo: estimate.upTo } : {}) } }
                : {}),
              cardMessageId,
            },
            submitted.values,
          );
        },
        preview: (effect, cardMessageId) =>
          deps.preview({
            chatId,
            cardMessageId,
            provider: effect.provider,
            voice: effect.voice,
            locale: input.locale,
          }),
      },
      { chatId, userId },
    );
  };
}
