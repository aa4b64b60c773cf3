import type {
  CallbackQuery,
  Chat,
  InlineKeyboardMarkup,
  InlineQuery,
  Message,
  Update,
  User,
} from "grammy/types";
import { FileStore } from "./files.js";
import { InlineMessages } from "./inline-messages.js";
import type { EmulatorLimits } from "./limits.js";
import type { ReplyMarkup } from "./schemas.js";

/** A message as a chat holds it: the current content after edits, and what happened to it. */
export interface ChatMessage {
  message: Message;
  fromBot: boolean;
  deleted: boolean;
  /** How many times it was edited. */
  edits: number;
  protectContent: boolean;
  /**
   * The reply_markup the bot sent with it. Inline keyboards are also in `message.reply_markup`; a reply
   * keyboard, its removal or force_reply only show here, as a user's app would show them.
   */
  sentReplyMarkup?: ReplyMarkup;
}

export interface CallbackQueryRecord {
  query: CallbackQuery;
  answered: boolean;
  answer?: { text?: string; show_alert?: boolean; url?: string; cache_time?: number };
}

/** A result of an inline answer as the bot sent it: its type, id and the fields of its kind. */
export type InlineResult = { type: string; id: string } & Record<string, unknown>;

export interface InlineAnswer {
  results: InlineResult[];
  next_offset: string;
  is_personal: boolean;
  cache_time?: number;
  button?: { text: string; start_parameter?: string };
}

export interface InlineQueryRecord {
  query: InlineQuery;
  answered: boolean;
  answer?: InlineAnswer;
}

export type EmulatorEvent =
  | { type: "message"; chatId: number; message: ChatMessage }
  | { type: "edit"; chatId: number; message: ChatMessage }
  | { type: "delete"; chatId: number; message: ChatMessage }
  | { type: "chat_action"; chatId: number; action: string }
  | { type: "callback_answer"; chatId: number | undefined; callback: CallbackQueryRecord }
  | { type: "inline_answer"; chatId: undefined; inline: InlineQueryRecord };

export interface ChatRecord {
  chat: Chat;
  members: Set<number>;
  /** A chat of people only (a chat between two users): the bot neither reads nor writes there. */
  withoutBot?: boolean;
  messages: Map<number, ChatMessage>;
  nextMessageId: number;
}

export interface WebhookState {
  url: string;
  secretToken?: string;
  maxConnections: number;
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

/** The update kinds Telegram leaves out unless they are asked for by name. */
const OPT_IN_UPDATES = new Set(["chat_member", "message_reaction", "message_reaction_count"]);

export type UpdateKind = Exclude<keyof Update, "update_id">;

/** Everything the emulated Telegram knows: users, chats, messages, pending updates and files. */
export class World {
  readonly users = new Map<number, User>();
  readonly chats = new Map<number, ChatRecord>();
  readonly callbacks = new Map<string, CallbackQueryRecord>();
  readonly inlineQueries = new Map<string, InlineQueryRecord>();
  /** BotFather's /setinlinefeedback: the bot hears which result a user chose. */
  inlineFeedback = false;
  readonly commands = new Map<string, { command: string; description: string }[]>();
  readonly files = new FileStore();
  /** Messages posted through inline mode, by their inline_message_id. */
  readonly inlineMessages: InlineMessages<{ record: ChatRecord; stored: ChatMessage }>;
  pending: Update[] = [];
  allowedUpdates: string[] | undefined;
  webhook: WebhookState | undefined;
  private nextUpdateId = 1;
  private nextCallbackId = 1;
  private nextInlineId = 1;
  private readonly listeners = new Set<(event: EmulatorEvent) => void>();
  private readonly updateListeners = new Set<() => void>();

  constructor(
    readonly bot: User,
    readonly limits: EmulatorLimits,
    readonly now: () => number,
  ) {
    this.inlineMessages = new InlineMessages(bot.id);
  }

  date(): number {
    return Math.floor(this.now() / 1000);
  }

  subscribe(listener: (event: EmulatorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: EmulatorEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Called whenever an update is queued (long polls and the webhook sender wait on this). */
  onUpdate(listener: () => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  pushUpdate<K extends UpdateKind>(kind: K, payload: NonNullable<Update[K]>): Update | undefined {
    const allowed = this.allowedUpdates;
    const wanted = allowed && allowed.length > 0 ? allowed.includes(kind) : !OPT_IN_UPDATES.has(kind);
    if (!wanted) return undefined;
    const update = { update_id: this.nextUpdateId, [kind]: payload } as Update;
    this.nextUpdateId += 1;
    this.pending.push(update);
    for (const listener of [...this.updateListeners]) listener();
    return update;
  }

  /** Forgets updates below `offset`, as getUpdates confirms them. */
  confirmUpdates(offset: number): void {
    if (offset < 0) {
      this.pending = this.pending.slice(offset);
      return;
    }
    this.pending = this.pending.filter((update) => update.update_id >= offset);
  }

  chatRecord(chatId: number | string): ChatRecord | undefined {
    if (typeof chatId === "number") return this.chats.get(chatId);
    const username = chatId.replace(/^@/, "").toLowerCase();
    for (const record of this.chats.values()) {
      if ("username" in record.chat && record.chat.username?.toLowerCase() === username) return record;
    }
    return undefined;
  }

  addMessage(
    record: ChatRecord,
    content: Omit<Message, "message_id" | "date" | "chat">,
    options: { fromBot: boolean; protectContent?: boolean; sentReplyMarkup?: ReplyMarkup },
  ): ChatMessage {
    const message = {
      message_id: record.nextMessageId,
      date: this.date(),
      chat: record.chat,
      ...content,
    } as Message;
    record.nextMessageId += 1;
    const stored: ChatMessage = {
      message,
      fromBot: options.fromBot,
      deleted: false,
      edits: 0,
      protectContent: options.protectContent ?? false,
      ...(options.sentReplyMarkup ? { sentReplyMarkup: options.sentReplyMarkup } : {}),
    };
    record.messages.set(message.message_id, stored);
    this.emit({ type: "message", chatId: record.chat.id, message: stored });
    return stored;
  }

  newInlineQuery(from: User, query: string, offset: string, chatType: InlineQuery["chat_type"]) {
    const id = `${this.bot.id}${String(this.nextInlineId).padStart(9, "0")}`;
    this.nextInlineId += 1;
    const record: InlineQueryRecord = {
      query: { id, from, query, offset, ...(chatType ? { chat_type: chatType } : {}) },
      answered: false,
    };
    this.inlineQueries.set(id, record);
    return record;
  }

  newCallbackQuery(from: User, message: Message, data: string): CallbackQueryRecord {
    const id = `${this.bot.id}${String(this.nextCallbackId).padStart(8, "0")}`;
    this.nextCallbackId += 1;
    const query: CallbackQuery = {
      id,
      from,
      message,
      chat_instance: String(-Math.abs(message.chat.id * 7919 + this.bot.id)),
      data,
    } as CallbackQuery;
    const record: CallbackQueryRecord = { query, answered: false };
    this.callbacks.set(id, record);
    return record;
  }
}

export function hasInlineButtons(markup: unknown): boolean {
  const rows = (markup as InlineKeyboardMarkup | undefined)?.inline_keyboard;
  return Array.isArray(rows) && rows.some((row) => row.length > 0);
}

export function inlineButtons(message: Message): InlineKeyboardMarkup["inline_keyboard"][number] {
  return (message.reply_markup?.inline_keyboard ?? []).flat();
}
