/**
 * An inline batch's image replaces its placeholder by the signed link (Telegram edits inline media only
 * from a URL or a file_id); a failure, or a link Telegram would not fetch, is said in the caption.
 */
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import { withinCaption } from "../lifecycle/chat-delivery.js";
import type { Logger } from "../logger.js";
import { type BatchRecord, type ChunkItem, hasOwnPrompt, refundOf } from "./records.js";

export type InlineResultApi = Pick<Api, "editMessageMediaInline" | "editMessageCaptionInline">;

/** The button under an inline image and its placeholder: anyone in the chat can make one too. */
export function inlineImageKeyboard(t: Translate): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: t("inline-image-button"), switch_inline_query_current_chat: "" }]] };
}

/** The inline message is gone (deleted by its sender), or already shows what was asked. */
function nothingLeftToEdit(error: GrammyError): boolean {
  return /not modified|message to edit not found|MESSAGE_ID_INVALID/i.test(error.description);
}

/** Sets the inline message's caption and takes its buttons away; a message gone leaves nothing to do. */
export async function editInlineCaption(
  api: Pick<Api, "editMessageCaptionInline">,
  inlineMessageId: string,
  caption: string,
): Promise<void> {
  try {
    await api.editMessageCaptionInline(inlineMessageId, {
      caption: withinCaption(caption),
      reply_markup: { inline_keyboard: [] },
    });
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code !== 400 || !nothingLeftToEdit(error)) throw error;
  }
}

/** The image in place of the placeholder, or what went wrong in its caption. */
export async function sendToInlineMessage(
  deps: { api: InlineResultApi; logger: Logger },
  record: BatchRecord & { inlineMessageId: string },
  item: ChunkItem,
  t: Translate,
): Promise<void> {
  const { api, logger } = deps;
  const inlineMessageId = record.inlineMessageId;
  if (item.status !== "succeeded" || !item.output) {
    const reason = item.error ?? t("generation-item-no-reason");
    const key = item.status === "canceled" ? "inline-image-canceled" : "inline-image-failed";
    await editInlineCaption(api, inlineMessageId, t(key, { reason, tokens: refundOf(item) }));
    return;
  }
  // The words under an inline image: its prompt alone, as the person typed it.
  const caption = hasOwnPrompt(record.request) ? item.prompt : t("generation-no-prompt");
  try {
    await api.editMessageMediaInline(
      inlineMessageId,
      { type: "photo", media: item.output.url, caption: withinCaption(caption) },
      { reply_markup: inlineImageKeyboard(t) },
    );
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
    if (nothingLeftToEdit(error)) return;
    // Telegram could not fetch the link (too big for a photo by URL, say): the image is made and paid,
    // and the gallery has it.
    logger.warn(
      { err: error, generation_id: item.id },
      "inline image not placed; its caption says where it is",
    );
    await editInlineCaption(api, inlineMessageId, t("inline-image-not-shown", { prompt: item.prompt }));
  }
}
