/**
 * The task forms on @grammyjs/conversations: one conversation runs any task form (form-loop.ts runs the
 * card). It reads the account and remembered choices when the form opens and hands Create to the submit
 * job; both go through conversation.external, so a replay never repeats them.
 */
import type { Context } from "grammy";
import { z } from "zod";
import type { Catalog } from "../../catalog/index.js";
import type { Translate } from "../../i18n/translate.js";
import { type IntakeLimits, mediaClassOf } from "../../media/accept.js";
import { type MediaRef, MediaRefSchema } from "../../media/media-ref.js";
import type { PreviewRequest } from "../../tasks/voice-previews.js";
import { TASK_TYPES } from "../../tasks-service/schemas/index.js";
import type { BotContext } from "../context.js";
import type { UserPreferences } from "../preferences.js";
import { initialValues } from "./defaults.js";
import type { AccountView, FormEnv, FormValues } from "./form.js";
import { type FormConversation, runForm } from "./form-loop.js";
import type { FormState, Notice } from "./form-state.js";
import { FORMS } from "./forms/index.js";
import { firstScreen } from "./navigation.js";
import { buildRequest } from "./request.js";
import { TASK_CONTRACT } from "./task-contract.js";

export const TASK_FORM = "task-form";
/**
 * Bump when a form's flow changes, so forms stored by an older release start over cleanly. 3: the loop
 * is shared with the generation forms and a form opens with its contract.
 */
export const FORM_VERSION = 3;

export const FormInputSchema = z.object({
  type: z.enum(TASK_TYPES),
  locale: z.string().min(2),
  media: z.array(MediaRefSchema).max(30),
  prefill: z.record(z.string(), z.unknown()).optional(),
});
export type FormInput = z.infer<typeof FormInputSchema>;

export interface FormSetup {
  nonce: string;
  account?: AccountView;
  preferences: UserPreferences;
  last: FormValues;
}

export interface SubmitRequest {
  userId: number;
  chatId: number;
  locale: string;
  type: FormInput["type"];
  form: { values: FormValues; media: FormInput["media"] };
  request: Record<string, unknown>;
  followUp?: Record<string, unknown>;
  cardMessageId: number;
}

/** What the forms need from the rest of the program, reached only through conversation.external. */
export interface FlowDeps {
  catalog: Catalog;
  limits: IntakeLimits;
  translate(locale: string): Translate;
  prepare(outer: BotContext, type: FormInput["type"]): Promise<FormSetup>;
  submit(request: SubmitRequest, values: FormValues): Promise<void>;
  /**
   * Reads an SRT the user sent and says what is wrong with it (undefined when it is usable): timecodes
   * are checked against the video's real length, read from the file where it can be.
   */
  checkSrt(ref: MediaRef, video: MediaRef | undefined): Promise<Notice | undefined>;
  /** Plays a voice sample in the chat (from the cache, or made once); returns a notice key. */
  preview(request: PreviewRequest): Promise<string>;
}

export function taskFormConversation(deps: FlowDeps) {
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
    const env: FormEnv = {
      catalog: deps.catalog,
      locale: input.locale,
      contract: TASK_CONTRACT,
      ...(setup.account ? { account: setup.account } : {}),
    };
    const values = initialValues({
      definition,
      preferences: setup.preferences,
      last: setup.last,
      media: input.media,
      locale: input.locale,
      ...(input.prefill ? { prefill: input.prefill } : {}),
    });
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
        state,
        limits: deps.limits,
        inspect: {
          applies: (ref) => mediaClassOf(ref) === "subtitles",
          check: (ref, current) => deps.checkSrt(ref, current.media[0]),
        },
        async create(submitted, cardMessageId) {
          // Media stay Telegram references here; the submit job uploads them and puts the ids in.
          const built = buildRequest(
            definition,
            { values: submitted.values, media: submitted.media, env },
            (ref) => ref,
          );
          await deps.submit(
            {
              userId,
              chatId,
              locale: input.locale,
              type: input.type,
              form: { values: submitted.values, media: submitted.media },
              request: built.request,
              ...(built.followUp ? { followUp: built.followUp } : {}),
              cardMessageId,
            },
            submitted.values,
          );
        },
        preview: (effect) =>
          deps.preview({
            chatId,
            userId,
            provider: effect.provider,
            voice: effect.voice,
            name: effect.name,
            language: effect.language,
            locale: input.locale,
          }),
      },
      { chatId, userId },
    );
  };
}
