import type { Readable } from "node:stream";
import type {
  Chat,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  Update,
  User,
  UserFromGetMe,
} from "grammy/types";
import { detectEntities } from "./entities.js";
import type { Faults } from "./faults.js";
import { type FileKind, mimeFromName, type StoredFile } from "./files.js";
import { viaBot } from "./inline-messages.js";
import {
  audioObject,
  documentObject,
  photoSizes,
  videoNoteObject,
  videoObject,
  voiceObject,
} from "./media.js";
import {
  type CallbackQueryRecord,
  type ChatMessage,
  type ChatRecord,
  type EmulatorEvent,
  hasInlineButtons,
  type InlineQueryRecord,
  type InlineResult,
  inlineButtons,
  type World,
} from "./world.js";

export interface UserSpec {
  /** Defaults to the next free id from 100001. */
  id?: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
}

export interface GroupSpec {
  title: string;
  type?: "group" | "supergroup";
  id?: number;
  username?: string;
  members: EmulatedUser[];
}

/**
 * A file a user sends. Give `bytes` for real content, or only `size` to declare a file that has no
 * bytes in memory (a 30 MB video for limit tests costs nothing); its download yields filler bytes.
 */
export interface FileInput {
  bytes?: Uint8Array | string;
  size?: number;
  fileName?: string;
  mimeType?: string;
  caption?: string;
  captionEntities?: MessageEntity[];
}

export interface PhotoInput extends FileInput {
  width?: number;
  height?: number;
  hasSpoiler?: boolean;
}
/** Durations default to 1 second and video to 1280x720, for callers (the playground) that cannot tell. */
export interface VideoInput extends FileInput {
  duration?: number;
  width?: number;
  height?: number;
  hasSpoiler?: boolean;
}
export interface AudioInput extends FileInput {
  duration?: number;
  title?: string;
  performer?: string;
}
export interface VoiceInput extends FileInput {
  duration?: number;
}
export interface VideoNoteInput extends FileInput {
  duration?: number;
  length?: number;
}

const DEFAULT_DURATION = 1;

export type AlbumItem =
  | ({ type: "photo" } & PhotoInput)
  | ({ type: "video" } & VideoInput)
  | ({ type: "audio" } & AudioInput)
  | ({ type: "document" } & FileInput);

export interface SendOptions {
  /** The chat to send into; the user's private chat with the bot by default. */
  chat?: EmulatedChat | number;
  replyTo?: number;
}

export interface WaitOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** Only the bot's messages (default) or any message. */
  fromBot?: boolean;
  /** Also consider messages already in the chat (default true). */
  includeExisting?: boolean;
}

export interface FileDownload {
  stream: Readable;
  size: number;
  mimeType?: string;
  fileName?: string;
}

/** A chat seen from the user side: what it holds, live. */
export class EmulatedChat {
  constructor(
    private readonly world: World,
    readonly record: ChatRecord,
  ) {}

  get id(): number {
    return this.record.chat.id;
  }

  get chat(): Chat {
    return this.record.chat;
  }

  /** Every message in order, with its current content; deleted ones stay, marked `deleted`. */
  messages(): ChatMessage[] {
    return [...this.record.messages.values()].sort((a, b) => a.message.message_id - b.message.message_id);
  }

  botMessages(): ChatMessage[] {
    return this.messages().filter((message) => message.fromBot);
  }

  lastBotMessage(): ChatMessage | undefined {
    return this.botMessages().at(-1);
  }

  message(messageId: number): ChatMessage | undefined {
    return this.record.messages.get(messageId);
  }

  /** Resolves with the first message (new, edited, or already there) the predicate accepts. */
  waitForMessage(
    predicate: (message: ChatMessage) => boolean = () => true,
    options: WaitOptions = {},
  ): Promise<ChatMessage> {
    const fromBot = options.fromBot ?? true;
    const accepts = (message: ChatMessage) =>
      (!fromBot || message.fromBot) && !message.deleted && predicate(message);
    if (options.includeExisting ?? true) {
      const existing = this.messages().find(accepts);
      if (existing) return Promise.resolve(existing);
    }
    const timeoutMs = options.timeoutMs ?? 5000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no matching message in chat ${this.id} within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.subscribe((event) => {
        if ((event.type === "message" || event.type === "edit") && accepts(event.message)) {
          clearTimeout(timer);
          stop();
          resolve(event.message);
        }
      });
    });
  }

  /** Events of this chat only: new messages, edits, deletions, chat actions, callback answers. */
  subscribe(listener: (event: EmulatorEvent) => void): () => void {
    return this.world.subscribe((event) => {
      if (event.chatId === this.id) listener(event);
    });
  }

  /** The bytes of a file in this chat (any file_id a message carries). */
  async download(fileId: string): Promise<Buffer> {
    const file = this.world.files.get(fileId);
    if (!file) throw new Error(`unknown file_id ${fileId}`);
    return this.world.files.read(file);
  }
}

/** A Telegram user who talks to the bot. */
export class EmulatedUser {
  readonly chat: EmulatedChat;

  constructor(
    private readonly world: World,
    private readonly faults: Faults,
    readonly user: User,
    private readonly chatFor: (chat: EmulatedChat | number | undefined) => EmulatedChat,
  ) {
    this.chat = chatFor(user.id);
  }

  get id(): number {
    return this.user.id;
  }

  sendText(text: string, options: SendOptions & { entities?: MessageEntity[] } = {}): Message {
    const entities = detectEntities(text, options.entities ?? []);
    return this.post(options, { text, ...(entities.length > 0 ? { entities } : {}) });
  }

  /** Edits one of the user's own text messages; the bot gets an edited_message update. */
  editText(message: Message | number, text: string, options: { chat?: EmulatedChat | number } = {}): Message {
    const chat = this.chatFor(options.chat ?? this.chat);
    const messageId = typeof message === "number" ? message : message.message_id;
    const stored = chat.message(messageId);
    if (
      !stored ||
      stored.deleted ||
      stored.message.from?.id !== this.id ||
      stored.message.text === undefined
    ) {
      throw new Error(`user ${this.id} has no text message ${messageId} in chat ${chat.id}`);
    }
    const entities = detectEntities(text);
    const { entities: _, ...rest } = stored.message;
    stored.message = {
      ...rest,
      text,
      ...(entities.length > 0 ? { entities } : {}),
      edit_date: this.world.date(),
    } as Message;
    stored.edits += 1;
    this.world.emit({ type: "edit", chatId: chat.id, message: stored });
    this.world.pushUpdate("edited_message", stored.message as NonNullable<Update["edited_message"]>);
    return stored.message;
  }

  /** Sends "/command args" with its bot_command entity. */
  sendCommand(command: string, args?: string, options: SendOptions = {}): Message {
    const name = command.startsWith("/") ? command : `/${command}`;
    return this.sendText(args ? `${name} ${args}` : name, options);
  }

  sendLink(url: string, options: SendOptions = {}): Message {
    return this.sendText(url, options);
  }

  async sendPhoto(input: PhotoInput = {}, options: SendOptions = {}): Promise<Message> {
    return this.post(options, await this.content({ type: "photo", ...input }));
  }

  async sendVideo(input: VideoInput = {}, options: SendOptions = {}): Promise<Message> {
    return this.post(options, await this.content({ type: "video", ...input }));
  }

  async sendAudio(input: AudioInput = {}, options: SendOptions = {}): Promise<Message> {
    return this.post(options, await this.content({ type: "audio", ...input }));
  }

  async sendVoice(input: VoiceInput = {}, options: SendOptions = {}): Promise<Message> {
    const file = this.file("voice", { mimeType: "audio/ogg", ...input });
    return this.post(options, {
      voice: voiceObject(file, {
        duration: input.duration ?? DEFAULT_DURATION,
        mimeType: file.mimeType ?? "audio/ogg",
      }),
    });
  }

  async sendVideoNote(input: VideoNoteInput = {}, options: SendOptions = {}): Promise<Message> {
    const file = this.file("video_note", { mimeType: "video/mp4", ...input });
    return this.post(options, {
      video_note: videoNoteObject(file, {
        duration: input.duration ?? DEFAULT_DURATION,
        length: input.length ?? 384,
      }),
    });
  }

  async sendDocument(input: FileInput, options: SendOptions = {}): Promise<Message> {
    return this.post(options, await this.content({ type: "document", ...input }));
  }

  /** An album: one update per item, all with the same media_group_id. */
  async sendAlbum(items: AlbumItem[], options: SendOptions = {}): Promise<Message[]> {
    const groupId = `${this.world.now()}${Math.floor(Math.random() * 1e6)}`;
    const sent: Message[] = [];
    for (const item of items) {
      sent.push(this.post(options, { media_group_id: groupId, ...(await this.content(item)) }));
    }
    return sent;
  }

  /** Presses an inline button of a bot message; the bot gets a callback_query. */
  pressButton(
    message: Message | number,
    data: string,
    options: { chat?: EmulatedChat | number } = {},
  ): CallbackQueryRecord {
    const chat = this.chatFor(options.chat ?? this.chat);
    const messageId = typeof message === "number" ? message : message.message_id;
    const stored = chat.message(messageId);
    if (!stored || stored.deleted) throw new Error(`message ${messageId} is not in chat ${chat.id}`);
    const button = inlineButtons(stored.message).find(
      (candidate) => "callback_data" in candidate && candidate.callback_data === data,
    );
    if (!button)
      throw new Error(`message ${messageId} has no button with callback_data ${JSON.stringify(data)}`);
    const record = this.world.newCallbackQuery(this.user, stored.message, data);
    this.world.pushUpdate("callback_query", record.query);
    return record;
  }

  /** Resolves once the bot answered the callback query. */
  waitForAnswer(record: CallbackQueryRecord, timeoutMs = 5000): Promise<CallbackQueryRecord> {
    if (record.answered) return Promise.resolve(record);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`callback query ${record.query.id} not answered within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.world.subscribe((event) => {
        if (event.type === "callback_answer" && event.callback === record) {
          clearTimeout(timer);
          stop();
          resolve(record);
        }
      });
    });
  }

  /**
   * Types "@bot <query>" in a chat's message field: the bot gets an inline_query (from no chat; only the
   * kind of chat it is typed in). `offset` asks for the page after the one answered with it.
   */
  typeInline(
    query: string,
    options: { chat?: EmulatedChat | number; offset?: string } = {},
  ): InlineQueryRecord {
    if (!(this.world.bot as UserFromGetMe).supports_inline_queries)
      throw new Error("the bot's inline mode is off");
    const chat = this.chatFor(options.chat ?? this.chat).chat;
    const chatType =
      chat.id === this.id
        ? "sender"
        : chat.type === "group" || chat.type === "supergroup"
          ? chat.type
          : "private";
    const record = this.world.newInlineQuery(this.user, query, options.offset ?? "", chatType);
    this.world.pushUpdate("inline_query", record.query);
    return record;
  }

  /** Resolves once the bot answered the inline query. */
  waitForInlineAnswer(record: InlineQueryRecord, timeoutMs = 5000): Promise<InlineQueryRecord> {
    if (record.answered) return Promise.resolve(record);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`inline query ${record.query.id} not answered within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.world.subscribe((event) => {
        if (event.type === "inline_answer" && event.inline === record) {
          clearTimeout(timer);
          stop();
          resolve(record);
        }
      });
    });
  }

  /**
   * Chooses a result of an answered inline query: it goes into the chat as the user's message "via" the
   * bot, and the bot hears of the choice when inline feedback is on (with an inline_message_id when the
   * result has buttons, so the bot can edit it).
   */
  async chooseInlineResult(
    record: InlineQueryRecord,
    resultId: string,
    options: { chat?: EmulatedChat | number } = {},
  ): Promise<Message> {
    const result = record.answer?.results.find((candidate) => candidate.id === resultId);
    if (!result) throw new Error(`inline query ${record.query.id} has no result ${JSON.stringify(resultId)}`);
    const chat = this.chatFor(options.chat ?? this.chat);
    const markup = result.reply_markup;
    const message = this.post(
      { chat },
      {
        via_bot: this.world.bot,
        ...(await this.inlineContent(result)),
        ...(hasInlineButtons(markup) ? { reply_markup: markup } : {}),
      },
    );
    if (this.world.inlineFeedback) {
      const stored = chat.message(message.message_id);
      const inlineMessageId =
        hasInlineButtons(markup) && stored
          ? this.world.inlineMessages.register({ record: chat.record, stored })
          : undefined;
      this.world.pushUpdate("chosen_inline_result", {
        result_id: result.id,
        from: this.user,
        query: record.query.query,
        ...(inlineMessageId ? { inline_message_id: inlineMessageId } : {}),
      });
    }
    return message;
  }

  /** What a chosen result shows: its cached file, its text, or its picture by URL, with its caption. */
  private async inlineContent(result: InlineResult): Promise<Record<string, unknown>> {
    const caption =
      typeof result.caption === "string" && result.caption !== "" ? { caption: result.caption } : {};
    const cached = (field: string) => {
      const fileId = result[field];
      const file = typeof fileId === "string" ? this.world.files.get(fileId) : undefined;
      if (!file) throw new Error(`inline result ${result.id} names no file the emulator has`);
      return file;
    };
    switch (result.type) {
      case "video":
        return { video: videoObject(cached("video_file_id"), {}), ...caption };
      case "photo":
        if (typeof result.photo_file_id === "string") {
          return { photo: await photoSizes(cached("photo_file_id"), this.world.files), ...caption };
        }
        return { photo: await photoSizes(await this.fetchedPhoto(result), this.world.files), ...caption };
      case "audio":
        return { audio: audioObject(cached("audio_file_id"), {}), ...caption };
      case "document":
        return { document: documentObject(cached("document_file_id"), {}), ...caption };
      case "article": {
        const content = result.input_message_content as { message_text?: unknown } | undefined;
        const text = typeof content?.message_text === "string" ? content.message_text : "";
        return { text };
      }
      default:
        throw new Error(`the emulator does not post inline results of type ${result.type}`);
    }
  }

  /** A picture result given by URL: the emulator keeps it as a file of its own, as Telegram does. */
  private async fetchedPhoto(result: InlineResult): Promise<StoredFile> {
    const url = result.photo_url;
    if (typeof url !== "string") throw new Error(`inline result ${result.id} has no photo`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`inline result ${result.id}: ${url} answered ${response.status}`);
    const data = Buffer.from(await response.arrayBuffer());
    return this.world.files.add("photo", { type: "bytes", data }, data.length, { mimeType: "image/jpeg" });
  }

  /** The user blocks the bot: its sends to this user fail with 403 until `unblockBot`. */
  blockBot(): void {
    this.faults.blockByUser(this.id);
  }

  unblockBot(): void {
    this.faults.unblock(this.id);
  }

  /**
   * A photo posted into a chat through inline mode, as Telegram posts a chosen inline result: the user's
   * message "via" the bot, its caption and buttons the result's. Answers its inline_message_id, by which
   * the bot edits it.
   */
  async postInlinePhoto(
    input: PhotoInput & { replyMarkup?: InlineKeyboardMarkup },
    options: Pick<SendOptions, "chat"> = {},
  ): Promise<string> {
    const { replyMarkup, ...photo } = input;
    const chat = this.chatFor(options.chat ?? this.chat);
    const content = await this.content({ type: "photo", ...photo });
    const stored = this.world.addMessage(
      chat.record,
      viaBot(
        { ...content, ...(replyMarkup ? { reply_markup: replyMarkup } : {}) },
        this.user,
        this.world.bot,
      ),
      { fromBot: false },
    );
    return this.world.inlineMessages.register({ record: chat.record, stored });
  }

  /** The chosen_inline_result Telegram sends when inline feedback is on and this user picked a result. */
  sendChosenInlineResult(resultId: string, query: string, inlineMessageId?: string): void {
    this.world.pushUpdate("chosen_inline_result", {
      result_id: resultId,
      from: this.user,
      query,
      ...(inlineMessageId === undefined ? {} : { inline_message_id: inlineMessageId }),
    });
  }

  private post(options: SendOptions, content: Record<string, unknown>): Message {
    const chat = this.chatFor(options.chat ?? this.chat);
    if (!chat.record.members.has(this.id))
      throw new Error(`user ${this.id} is not a member of chat ${chat.id}`);
    const reply = options.replyTo !== undefined ? chat.message(options.replyTo) : undefined;
    const stored = this.world.addMessage(
      chat.record,
      { from: this.user, ...(reply ? { reply_to_message: reply.message } : {}), ...content } as Omit<
        Message,
        "message_id" | "date" | "chat"
      >,
      { fromBot: false },
    );
    if (!chat.record.withoutBot) {
      this.world.pushUpdate("message", stored.message as NonNullable<Update["message"]>);
    }
    return stored.message;
  }

  private file(kind: FileKind, input: FileInput): StoredFile {
    const files = this.world.files;
    const mimeType = input.mimeType ?? mimeFromName(input.fileName);
    const meta = {
      ...(mimeType ? { mimeType } : {}),
      ...(input.fileName ? { fileName: input.fileName } : {}),
    };
    if (input.bytes !== undefined) {
      const data = typeof input.bytes === "string" ? Buffer.from(input.bytes) : Buffer.from(input.bytes);
      return files.add(kind, { type: "bytes", data }, data.length, meta);
    }
    return files.add(kind, { type: "declared" }, input.size ?? 1024, meta);
  }

  private async content(item: AlbumItem): Promise<Record<string, unknown>> {
    const caption = item.caption
      ? { caption: item.caption, ...captionEntities(item.caption, item.captionEntities) }
      : {};
    switch (item.type) {
      case "photo": {
        const file = this.file("photo", { mimeType: "image/jpeg", ...item });
        const sizes = await photoSizes(file, this.world.files, {
          width: item.width ?? 1280,
          height: item.height ?? 960,
        });
        return { photo: sizes, ...caption, ...(item.hasSpoiler ? { has_media_spoiler: true } : {}) };
      }
      case "video": {
        const file = this.file("video", { mimeType: "video/mp4", ...item });
        const video = videoObject(file, {
          duration: item.duration ?? DEFAULT_DURATION,
          width: item.width ?? 1280,
          height: item.height ?? 720,
        });
        return { video, ...caption, ...(item.hasSpoiler ? { has_media_spoiler: true } : {}) };
      }
      case "audio": {
        const file = this.file("audio", { mimeType: "audio/mpeg", ...item });
        return {
          audio: audioObject(file, {
            duration: item.duration ?? DEFAULT_DURATION,
            ...(item.title ? { title: item.title } : {}),
            ...(item.performer ? { performer: item.performer } : {}),
          }),
          ...caption,
        };
      }
      case "document": {
        const file = this.file("document", item);
        return { document: documentObject(file, {}), ...caption };
      }
    }
  }
}

function captionEntities(caption: string, given: MessageEntity[] | undefined): Record<string, unknown> {
  const entities = detectEntities(caption, given ?? []);
  return entities.length > 0 ? { caption_entities: entities } : {};
}

/** The user side of the emulator: people, chats and groups that talk to the bot. */
export class UserSide {
  private nextUserId = 100001;
  private nextGroupId = 1;
  private readonly known = new Map<number, EmulatedUser>();

  constructor(
    private readonly world: World,
    private readonly faults: Faults,
  ) {}

  create(spec: UserSpec): EmulatedUser {
    const id = spec.id ?? this.nextUserId++;
    if (this.world.users.has(id)) throw new Error(`user ${id} exists`);
    const user: User = {
      id,
      is_bot: false,
      first_name: spec.first_name,
      ...(spec.last_name ? { last_name: spec.last_name } : {}),
      ...(spec.username ? { username: spec.username } : {}),
      ...(spec.language_code ? { language_code: spec.language_code } : {}),
      ...(spec.is_premium ? { is_premium: true as const } : {}),
    };
    this.world.users.set(id, user);
    const chat: Chat = {
      id,
      type: "private",
      first_name: spec.first_name,
      ...(spec.last_name ? { last_name: spec.last_name } : {}),
      ...(spec.username ? { username: spec.username } : {}),
    };
    this.world.chats.set(id, { chat, members: new Set([id]), messages: new Map(), nextMessageId: 1 });
    const emulated = new EmulatedUser(this.world, this.faults, user, (ref) => this.chat(ref ?? id));
    this.known.set(id, emulated);
    return emulated;
  }

  createGroup(spec: GroupSpec): EmulatedChat {
    const type = spec.type ?? "supergroup";
    const serial = this.nextGroupId++;
    const id = spec.id ?? (type === "supergroup" ? -1001000000000 - serial : -4000000000 - serial);
    const chat = {
      id,
      type,
      title: spec.title,
      ...(type === "supergroup" && spec.username ? { username: spec.username } : {}),
    } as Chat;
    this.world.chats.set(id, {
      chat,
      members: new Set(spec.members.map((member) => member.id)),
      messages: new Map(),
      nextMessageId: 1,
    });
    return this.chat(id);
  }

  /** A chat between two people, without the bot: where they share results through inline mode. */
  createChatBetween(owner: EmulatedUser, friend: EmulatedUser): EmulatedChat {
    const id = 5_000_000_000 + this.nextGroupId++;
    const { first_name, last_name, username } = friend.user;
    const chat = {
      id,
      type: "private",
      first_name,
      ...(last_name ? { last_name } : {}),
      ...(username ? { username } : {}),
    } as Chat;
    this.world.chats.set(id, {
      chat,
      members: new Set([owner.id, friend.id]),
      messages: new Map(),
      nextMessageId: 1,
      withoutBot: true,
    });
    return this.chat(id);
  }

  user(id: number): EmulatedUser | undefined {
    return this.known.get(id);
  }

  all(): EmulatedUser[] {
    return [...this.known.values()];
  }

  chat(ref: EmulatedChat | number): EmulatedChat {
    if (ref instanceof EmulatedChat) return ref;
    const record = this.world.chats.get(ref);
    if (!record) throw new Error(`no chat ${ref}`);
    return new EmulatedChat(this.world, record);
  }
}
