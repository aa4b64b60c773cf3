import type { Message, MessageEntity } from "grammy/types";
import type { ChatMessage } from "../telegram-emulator/index.js";

/** What the page draws for one message: text with entities, at most one medium, inline buttons. */
export interface MessageView {
  id: number;
  fromBot: boolean;
  deleted: boolean;
  edited: boolean;
  text: string;
  entities: MessageEntity[];
  /** `posterFileId`: a video's thumbnail, shown as its poster until it plays. */
  media?: { kind: string; fileId: string; mimeType?: string; fileName?: string; posterFileId?: string };
  buttons: Array<Array<{ text: string; data?: string; url?: string }>>;
  /** The bot a message was sent through by inline mode ("via @bot"). */
  via?: string;
}

function mediaOf(message: Message): MessageView["media"] {
  const largestPhoto = message.photo?.at(-1);
  if (largestPhoto) return { kind: "photo", fileId: largestPhoto.file_id, mimeType: "image/jpeg" };
  const candidates = [
    ["video", message.video],
    ["animation", message.animation],
    ["audio", message.audio],
    ["voice", message.voice],
    ["video_note", message.video_note],
    ["document", message.document],
  ] as const;
  for (const [kind, file] of candidates) {
    if (!file) continue;
    return {
      kind,
      fileId: file.file_id,
      mimeType: "mime_type" in file ? file.mime_type : undefined,
      fileName: "file_name" in file ? file.file_name : undefined,
      posterFileId: "thumbnail" in file ? file.thumbnail?.file_id : undefined,
    };
  }
  return undefined;
}

export function toMessageView(entry: ChatMessage): MessageView {
  const { message } = entry;
  const keyboard = message.reply_markup?.inline_keyboard ?? [];
  return {
    id: message.message_id,
    fromBot: entry.fromBot,
    deleted: entry.deleted,
    edited: entry.edits > 0,
    text: message.text ?? message.caption ?? "",
    entities: message.entities ?? message.caption_entities ?? [],
    media: mediaOf(message),
    ...(message.via_bot?.username ? { via: message.via_bot.username } : {}),
    buttons: keyboard.map((row) =>
      row.map((button) => ({
        text: button.text,
        data: "callback_data" in button ? button.callback_data : undefined,
        url: "url" in button ? button.url : undefined,
      })),
    ),
  };
}
