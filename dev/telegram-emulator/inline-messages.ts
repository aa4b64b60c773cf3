/**
 * Messages sent through inline mode, by their inline_message_id. Telegram posts a chosen inline result in
 * the user's chat as the user's message "via @bot"; the bot then edits it only by that id (the edit answers
 * `true`, not the message, as the bot may not be in the chat). Whatever posts such a message (the inline
 * picker, or a test) registers it here, and the edit methods find it here.
 */
import type { Message, User } from "grammy/types";

/** Where an inline message is: its chat's record and the message as the chat holds it. */
interface InlinePlace {
  record: { chat: { id: number } };
  stored: { deleted: boolean };
}

export class InlineMessages<Place extends InlinePlace> {
  private readonly places = new Map<string, Place>();
  private next = 1;

  constructor(private readonly botId: number) {}

  /** An inline message posted into a chat: its inline_message_id. */
  register(place: Place): string {
    const id = `AgAAA${this.botId}-${place.record.chat.id}-${this.next}`;
    this.next += 1;
    this.places.set(id, place);
    return id;
  }

  find(inlineMessageId: string): Place | undefined {
    const place = this.places.get(inlineMessageId);
    return place && !place.stored.deleted ? place : undefined;
  }
}

/** What an inline message shows as the user's message: its content, "via" the bot. */
export function viaBot(
  content: Omit<Message, "message_id" | "date" | "chat">,
  from: User,
  bot: User,
): Omit<Message, "message_id" | "date" | "chat"> {
  return { ...content, from, via_bot: bot } as Omit<Message, "message_id" | "date" | "chat">;
}
