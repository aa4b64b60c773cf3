/** Opening a form; a newer form or /cancel closes the open card, so no button is left that no longer acts. */
import type { ConversationControls } from "@grammyjs/conversations";
import type { MediaRef } from "../media/media-ref.js";
import type { TaskType } from "../tasks-service/schemas/index.js";
import type { BotContext } from "./context.js";
import { type FormValues, formNameKey } from "./forms/form.js";
import type { OpenFormCards } from "./forms/open-cards.js";
import { GENERATION_FORM, type GenerationFormInput } from "./generations/conversation.js";
import { menuBecameCard } from "./menu.js";
import { type FormInput, TASK_FORM } from "./tasks/conversation.js";

function isConversationControls(value: unknown): value is ConversationControls {
  return (
    typeof value === "object" &&
    value !== null &&
    "enter" in value &&
    typeof value.enter === "function" &&
    "exitAll" in value &&
    typeof value.exitAll === "function"
  );
}

export function formControls(ctx: BotContext): ConversationControls | undefined {
  const controls = "conversation" in ctx ? ctx.conversation : undefined;
  return isConversationControls(controls) ? controls : undefined;
}

/** Whether this bot has task forms (the form engine ran before this handler). */
export function canOpenForms(ctx: BotContext): boolean {
  return formControls(ctx) !== undefined;
}

/** Edits the chat's open form card to say why it closed and takes its keyboard off. */
export async function closeOpenCard(
  ctx: BotContext,
  cards: OpenFormCards,
  why: "cancelled" | "replaced",
): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const card = await cards.get(chatId);
  if (!card) return;
  await cards.clear(chatId);
  const task = ctx.t(formNameKey(card.type));
  await ctx.api
    .editMessageText(chatId, card.messageId, ctx.t(`form-${why}`, { task }), {
      reply_markup: { inline_keyboard: [] },
    })
    .catch((error: unknown) => ctx.logger.debug({ err: error }, "older form card not closed"));
}

/** `inPlaceOf`: the bot's message (the question that led here) that becomes the card. */
export async function openForm(
  ctx: BotContext,
  cards: OpenFormCards,
  type: TaskType,
  media: MediaRef[],
  options: { prefill?: FormValues; inPlaceOf?: number } = {},
): Promise<void> {
  if (options.inPlaceOf !== undefined) menuBecameCard(ctx, options.inPlaceOf);
  const input: FormInput = {
    type,
    locale: await ctx.i18n.getLocale(),
    media,
    prefill: options.prefill,
    cardMessageId: options.inPlaceOf,
  };
  await enterForm(ctx, cards, TASK_FORM, input);
}

export async function openGenerationForm(
  ctx: BotContext,
  cards: OpenFormCards,
  input: Omit<GenerationFormInput, "locale">,
): Promise<void> {
  await enterForm(ctx, cards, GENERATION_FORM, { ...input, locale: await ctx.i18n.getLocale() });
}

async function enterForm(ctx: BotContext, cards: OpenFormCards, id: string, input: unknown): Promise<void> {
  const controls = formControls(ctx);
  if (!controls) throw new Error("the form engine must run before the form entries");
  await closeOpenCard(ctx, cards, "replaced");
  await controls.exitAll();
  await controls.enter(id, input);
}
