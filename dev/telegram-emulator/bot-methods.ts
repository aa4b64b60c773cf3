import type { Message, MessageEntity, Update, User } from "grammy/types";
import { z } from "zod";
import { detectEntities, type FormattedText, parseFormatted } from "./entities.js";
import {
  BotApiError,
  badRequest,
  CHAT_NOT_FOUND,
  MESSAGE_NOT_MODIFIED,
  MESSAGE_TO_EDIT_NOT_FOUND,
} from "./errors.js";
import type { Faults } from "./faults.js";
import type { FileKind, StoredFile } from "./files.js";
import {
  audioObject,
  documentObject,
  type MediaDetails,
  photoSizes,
  resolveInputFile,
  thumbnailOf,
  videoNoteObject,
  videoObject,
  voiceObject,
} from "./media.js";
import type { SendRateLimiter } from "./rate-limit.js";
import type { Upload } from "./request-body.js";
import {
  bool,
  chatIdSchema,
  checkInlineKeyboard,
  EntitiesSchema,
  InputMediaSchema,
  int,
  jsonField,
  ParseModeSchema,
  type ReplyMarkup,
  ReplyMarkupField,
  ReplyParametersField,
  refusalFromIssues,
  str,
} from "./schemas.js";
import type { ChatMessage, ChatRecord, World } from "./world.js";

export interface MethodContext {
  world: World;
  faults: Faults;
  rate: SendRateLimiter;
  uploads: Map<string, Upload>;
  /** Aborted when the caller goes away (a long poll then stops waiting). */
  signal: AbortSignal;
  urlAllowList: readonly string[];
  /** Called by setWebhook/deleteWebhook so delivery starts or stops. */
  webhookChanged: () => void;
}

type Handler = (params: Record<string, unknown>, context: MethodContext) => Promise<unknown>;

const methods = new Map<string, Handler>();

function define<S extends z.ZodObject>(
  name: string,
  schema: S,
  handler: (params: z.infer<S>, context: MethodContext) => Promise<unknown> | unknown,
): void {
  methods.set(name.toLowerCase(), async (raw, context) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw refusalFromIssues(parsed.error);
    return handler(parsed.data, context);
  });
}

export function findMethod(name: string): Handler | undefined {
  return methods.get(name.toLowerCase());
}

// ---- shared pieces ------------------------------------------------------------------------------

function chatOf(world: World, chatId: number | string): ChatRecord {
  const record = world.chatRecord(chatId);
  if (!record || record.withoutBot) throw CHAT_NOT_FOUND();
  return record;
}

function formatted(
  raw: string,
  parseMode: z.infer<typeof ParseModeSchema> | undefined,
  entities: MessageEntity[] | undefined,
): FormattedText {
  if (entities) return { text: raw, entities };
  if (parseMode) return parseFormatted(raw, parseMode);
  return { text: raw, entities: [] };
}

function trimmed(value: FormattedText): FormattedText {
  const leading = value.text.length - value.text.trimStart().length;
  const text = value.text.trim();
  const entities = value.entities
    .map((entity) => {
      const start = Math.max(0, entity.offset - leading);
      const end = Math.min(text.length, entity.offset - leading + entity.length);
      return { ...entity, offset: start, length: end - start };
    })
    .filter((entity) => entity.length > 0);
  return { text, entities };
}

function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function messageText(
  world: World,
  raw: string,
  parseMode?: z.infer<typeof ParseModeSchema>,
  entities?: MessageEntity[],
) {
  const value = trimmed(formatted(raw, parseMode, entities));
  if (value.text === "") throw badRequest("message text is empty");
  if (characterCount(value.text) > world.limits.maxTextLength) throw badRequest("message is too long");
  const all = detectEntities(value.text, value.entities);
  return { text: value.text, ...(all.length > 0 ? { entities: all } : {}) };
}

function messageCaption(
  world: World,
  raw: string | undefined,
  parseMode?: z.infer<typeof ParseModeSchema>,
  entities?: MessageEntity[],
): { caption?: string; caption_entities?: MessageEntity[] } {
  if (raw === undefined) return {};
  const value = trimmed(formatted(raw, parseMode, entities));
  if (characterCount(value.text) > world.limits.maxCaptionLength)
    throw badRequest("message caption is too long");
  if (value.text === "") return {};
  const all = detectEntities(value.text, value.entities);
  return { caption: value.text, ...(all.length > 0 ? { caption_entities: all } : {}) };
}

function inlineMarkupOf(markup: ReplyMarkup | undefined, world: World) {
  checkInlineKeyboard(markup, world.limits.maxCallbackDataBytes);
  return markup && "inline_keyboard" in markup ? { reply_markup: markup as Message["reply_markup"] } : {};
}

const sendCommon = {
  chat_id: chatIdSchema(),
  message_thread_id: int().optional(),
  disable_notification: bool().optional(),
  protect_content: bool().optional(),
  reply_markup: ReplyMarkupField.optional(),
  reply_parameters: ReplyParametersField.optional(),
  reply_to_message_id: int().optional(),
  allow_sending_without_reply: bool().optional(),
  message_effect_id: z.string().optional(),
  business_connection_id: z.string().optional(),
  allow_paid_broadcast: bool().optional(),
};

type SendCommon = {
  chat_id: number | string;
  protect_content?: boolean | undefined;
  reply_markup?: ReplyMarkup | undefined;
  reply_parameters?:
    | {
        message_id: number;
        chat_id?: number | string | undefined;
        allow_sending_without_reply?: boolean | undefined;
      }
    | undefined;
  reply_to_message_id?: number | undefined;
  allow_sending_without_reply?: boolean | undefined;
};

/** Checks that come before a message is stored: the chat, a block by the user, the reply target. */
function prepareSend(params: SendCommon, context: MethodContext) {
  const record = chatOf(context.world, params.chat_id);
  const blocked = record.chat.type === "private" ? context.faults.blockedError(record.chat.id) : undefined;
  if (blocked) throw blocked;
  const markup = inlineMarkupOf(params.reply_markup, context.world);
  const replyId = params.reply_parameters?.message_id ?? params.reply_to_message_id;
  let reply: { reply_to_message: Message } | Record<string, never> = {};
  if (replyId !== undefined) {
    const target = record.messages.get(replyId);
    const allowMissing =
      params.reply_parameters?.allow_sending_without_reply ?? params.allow_sending_without_reply;
    if (target && !target.deleted) reply = { reply_to_message: withoutReply(target.message) };
    else if (!allowMissing) throw badRequest("message to be replied not found");
  }
  return { record, extra: { ...reply, ...markup } };
}

/** Messages carry the short form of the bot's User, without the getMe-only fields. */
function senderOf(bot: User): User {
  return {
    id: bot.id,
    is_bot: true,
    first_name: bot.first_name,
    ...(bot.username ? { username: bot.username } : {}),
  };
}

function withoutReply(message: Message): Message {
  const { reply_to_message: _, ...rest } = message as Message & { reply_to_message?: unknown };
  return rest as Message;
}

function takeRate(record: ChatRecord, context: MethodContext, count = 1): void {
  const refusal = context.rate.take(record.chat.id, record.chat.type, count);
  if (refusal) throw refusal;
}

function store(
  record: ChatRecord,
  context: MethodContext,
  content: Record<string, unknown>,
  params: SendCommon,
): Message {
  const world = context.world;
  const protect = params.protect_content ?? false;
  const stored = world.addMessage(
    record,
    { from: senderOf(world.bot), ...(protect ? { has_protected_content: true } : {}), ...content } as Omit<
      Message,
      "message_id" | "date" | "chat"
    >,
    {
      fromBot: true,
      protectContent: protect,
      ...(params.reply_markup ? { sentReplyMarkup: params.reply_markup } : {}),
    },
  );
  return stored.message;
}

// ---- bot and updates ----------------------------------------------------------------------------

define("getMe", z.object({}), (_params, { world }) => world.bot);

define("logOut", z.object({}), () => true);
define("close", z.object({}), () => true);

const AllowedUpdatesField = jsonField(z.array(z.string()));

define(
  "getUpdates",
  z.object({
    offset: int().optional(),
    limit: int().optional(),
    timeout: int().optional(),
    allowed_updates: AllowedUpdatesField.optional(),
  }),
  async (params, context) => {
    const { world } = context;
    if (world.webhook) {
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    takeOverLongPoll(world);
    if (params.allowed_updates) world.allowedUpdates = params.allowed_updates;
    if (params.offset !== undefined) world.confirmUpdates(params.offset);
    const limit = Math.min(100, Math.max(1, params.limit ?? 100));
    const ready = (): Update[] => world.pending.slice(0, limit);
    const timeoutMs = Math.min(Math.max(0, params.timeout ?? 0), 50) * 1000;
    if (ready().length > 0 || timeoutMs === 0) return ready();
    await waitForUpdate(world, timeoutMs, context.signal);
    if (world.webhook) return [];
    return ready();
  },
);

const activePolls = new WeakMap<World, { abort: (error: BotApiError) => void }>();

/** Telegram answers an older waiting getUpdates with 409 when a newer one arrives. */
function takeOverLongPoll(world: World): void {
  activePolls
    .get(world)
    ?.abort(
      new BotApiError(
        409,
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
      ),
    );
  activePolls.delete(world);
}

function waitForUpdate(world: World, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      signal.removeEventListener("abort", finish);
      if (activePolls.get(world) === entry) activePolls.delete(world);
    };
    const entry = {
      abort: (error: BotApiError) => {
        finish();
        reject(error);
      },
    };
    const done = () => {
      finish();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const stop = world.onUpdate(done);
    signal.addEventListener("abort", done);
    activePolls.set(world, entry);
  });
}

define(
  "setWebhook",
  z.object({
    url: z.string(),
    secret_token: z.string().optional(),
    max_connections: int().optional(),
    allowed_updates: AllowedUpdatesField.optional(),
    drop_pending_updates: bool().optional(),
    ip_address: z.string().optional(),
    certificate: z.unknown().optional(),
  }),
  (params, context) => {
    const { world } = context;
    if (params.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(params.secret_token)) {
      throw badRequest("secret token contains unallowed characters");
    }
    if (params.drop_pending_updates) world.pending = [];
    if (params.allowed_updates) world.allowedUpdates = params.allowed_updates;
    if (params.url === "") {
      world.webhook = undefined;
      context.webhookChanged();
      return true;
    }
    let url: URL;
    try {
      url = new URL(params.url);
    } catch {
      throw badRequest("bad webhook: invalid webhook URL specified");
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
    }
    const maxConnections = params.max_connections ?? 40;
    if (maxConnections < 1 || maxConnections > 100) throw badRequest("bad webhook: invalid max_connections");
    world.webhook = {
      url: params.url,
      maxConnections,
      ...(params.secret_token ? { secretToken: params.secret_token } : {}),
    };
    activePolls.get(world)?.abort(new BotApiError(409, "Conflict: terminated by setWebhook request"));
    context.webhookChanged();
    return true;
  },
);

define("deleteWebhook", z.object({ drop_pending_updates: bool().optional() }), (params, context) => {
  if (params.drop_pending_updates) context.world.pending = [];
  context.world.webhook = undefined;
  context.webhookChanged();
  return true;
});

define("getWebhookInfo", z.object({}), (_params, { world }) => {
  const hook = world.webhook;
  return {
    url: hook?.url ?? "",
    has_custom_certificate: false,
    pending_update_count: world.pending.length,
    ...(hook ? { max_connections: hook.maxConnections } : {}),
    ...(hook?.lastErrorDate
      ? { last_error_date: hook.lastErrorDate, last_error_message: hook.lastErrorMessage }
      : {}),
    ...(hook && world.allowedUpdates ? { allowed_updates: world.allowedUpdates } : {}),
  };
});

// ---- messages -----------------------------------------------------------------------------------

define(
  "sendMessage",
  z.object({
    ...sendCommon,
    text: str(),
    parse_mode: ParseModeSchema.optional(),
    entities: EntitiesSchema.optional(),
    link_preview_options: jsonField(z.object({}).loose()).optional(),
    disable_web_page_preview: bool().optional(),
  }),
  (params, context) => {
    const content = messageText(context.world, params.text, params.parse_mode, params.entities);
    const { record, extra } = prepareSend(params, context);
    takeRate(record, context);
    return store(record, context, { ...content, ...extra }, params);
  },
);

const editTarget = {
  chat_id: chatIdSchema().optional(),
  message_id: int().optional(),
  inline_message_id: z.string().optional(),
  business_connection_id: z.string().optional(),
};

interface EditTarget {
  record: ChatRecord;
  stored: ChatMessage;
  /** Found by its inline_message_id. */
  inline: boolean;
}

function editable(
  params: {
    chat_id?: number | string | undefined;
    message_id?: number | undefined;
    inline_message_id?: string | undefined;
  },
  world: World,
): EditTarget {
  if (params.inline_message_id !== undefined) {
    // A message sent through inline mode, edited by its id alone.
    const place = world.inlineMessages.find(params.inline_message_id);
    if (!place) throw badRequest("MESSAGE_ID_INVALID");
    return { ...place, inline: true };
  }
  if (params.chat_id === undefined) throw badRequest("chat_id is empty");
  if (params.message_id === undefined) throw badRequest("message identifier is not specified");
  const record = chatOf(world, params.chat_id);
  const stored = record.messages.get(params.message_id);
  if (!stored || stored.deleted) throw MESSAGE_TO_EDIT_NOT_FOUND();
  if (!stored.fromBot) throw badRequest("message can't be edited");
  return { record, stored, inline: false };
}

function sameMarkup(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** An edit of an inline message answers `true`: the bot may not be in its chat. */
function applyEdit(world: World, target: EditTarget, next: Message): Message | true {
  const { record, stored } = target;
  stored.message = { ...next, edit_date: world.date() } as Message;
  stored.edits += 1;
  world.emit({ type: "edit", chatId: record.chat.id, message: stored });
  return target.inline ? true : stored.message;
}

define(
  "editMessageText",
  z.object({
    ...editTarget,
    text: str(),
    parse_mode: ParseModeSchema.optional(),
    entities: EntitiesSchema.optional(),
    reply_markup: ReplyMarkupField.optional(),
    link_preview_options: jsonField(z.object({}).loose()).optional(),
  }),
  (params, { world }) => {
    const content = messageText(world, params.text, params.parse_mode, params.entities);
    const target = editable(params, world);
    const { stored } = target;
    const markup = inlineMarkupOf(params.reply_markup, world);
    const current = stored.message;
    if (current.text === undefined) throw badRequest("there is no text in the message to edit");
    if (
      current.text === content.text &&
      sameMarkup(current.entities, content.entities) &&
      sameMarkup(current.reply_markup, markup.reply_markup)
    ) {
      throw MESSAGE_NOT_MODIFIED();
    }
    const { entities: _, reply_markup: __, ...rest } = current as Message & { entities?: unknown };
    return applyEdit(world, target, { ...rest, ...content, ...markup } as Message);
  },
);

define(
  "editMessageCaption",
  z.object({
    ...editTarget,
    caption: str().optional(),
    parse_mode: ParseModeSchema.optional(),
    caption_entities: EntitiesSchema.optional(),
    reply_markup: ReplyMarkupField.optional(),
    show_caption_above_media: bool().optional(),
  }),
  (params, { world }) => {
    const content = messageCaption(world, params.caption ?? "", params.parse_mode, params.caption_entities);
    const target = editable(params, world);
    const { stored } = target;
    const markup = inlineMarkupOf(params.reply_markup, world);
    const current = stored.message;
    if (current.text !== undefined) throw badRequest("there is no caption in the message to edit");
    if (
      current.caption === content.caption &&
      sameMarkup(current.caption_entities, content.caption_entities) &&
      sameMarkup(current.reply_markup, markup.reply_markup)
    ) {
      throw MESSAGE_NOT_MODIFIED();
    }
    const {
      caption: _,
      caption_entities: __,
      reply_markup: ___,
      ...rest
    } = current as Message & {
      caption_entities?: unknown;
    };
    return applyEdit(world, target, { ...rest, ...content, ...markup } as Message);
  },
);

define(
  "editMessageReplyMarkup",
  z.object({ ...editTarget, reply_markup: ReplyMarkupField.optional() }),
  (params, { world }) => {
    const target = editable(params, world);
    const { stored } = target;
    const markup = inlineMarkupOf(params.reply_markup, world);
    if (sameMarkup(stored.message.reply_markup, markup.reply_markup)) throw MESSAGE_NOT_MODIFIED();
    const { reply_markup: _, ...rest } = stored.message;
    return applyEdit(world, target, { ...rest, ...markup } as Message);
  },
);

define("deleteMessage", z.object({ chat_id: chatIdSchema(), message_id: int() }), (params, { world }) => {
  const record = chatOf(world, params.chat_id);
  const stored = record.messages.get(params.message_id);
  if (!stored || stored.deleted) throw badRequest("message to delete not found");
  stored.deleted = true;
  world.emit({ type: "delete", chatId: record.chat.id, message: stored });
  return true;
});

/** Deletes what it can of 1 to 100 messages; missing ones are skipped, as Telegram does. */
define(
  "deleteMessages",
  z.object({ chat_id: chatIdSchema(), message_ids: jsonField(z.array(int()).min(1).max(100)) }),
  (params, { world }) => {
    const record = chatOf(world, params.chat_id);
    for (const messageId of params.message_ids) {
      const stored = record.messages.get(messageId);
      if (!stored || stored.deleted) continue;
      stored.deleted = true;
      world.emit({ type: "delete", chatId: record.chat.id, message: stored });
    }
    return true;
  },
);

define(
  "answerCallbackQuery",
  z.object({
    callback_query_id: z.string(),
    text: str().optional(),
    show_alert: bool().optional(),
    url: z.string().optional(),
    cache_time: int().optional(),
  }),
  (params, { world }) => {
    const record = world.callbacks.get(params.callback_query_id);
    if (!record || record.answered) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    if (params.text !== undefined && characterCount(params.text) > world.limits.maxCallbackAnswerLength) {
      throw badRequest("MESSAGE_TOO_LONG");
    }
    record.answered = true;
    record.answer = {
      ...(params.text !== undefined ? { text: params.text } : {}),
      ...(params.show_alert !== undefined ? { show_alert: params.show_alert } : {}),
      ...(params.url !== undefined ? { url: params.url } : {}),
      ...(params.cache_time !== undefined ? { cache_time: params.cache_time } : {}),
    };
    world.emit({ type: "callback_answer", chatId: record.query.message?.chat.id, callback: record });
    return true;
  },
);

const CHAT_ACTIONS = [
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
] as const;

define(
  "sendChatAction",
  z.object({
    chat_id: chatIdSchema(),
    action: z.string(),
    message_thread_id: int().optional(),
    business_connection_id: z.string().optional(),
  }),
  (params, context) => {
    if (!(CHAT_ACTIONS as readonly string[]).includes(params.action)) {
      throw badRequest("wrong parameter action in request");
    }
    const record = chatOf(context.world, params.chat_id);
    const blocked = record.chat.type === "private" ? context.faults.blockedError(record.chat.id) : undefined;
    if (blocked) throw blocked;
    context.world.emit({ type: "chat_action", chatId: record.chat.id, action: params.action });
    return true;
  },
);

// ---- commands -----------------------------------------------------------------------------------

const ScopeField = jsonField(
  z
    .object({
      type: z.enum([
        "default",
        "all_private_chats",
        "all_group_chats",
        "all_chat_administrators",
        "chat",
        "chat_administrators",
        "chat_member",
      ]),
    })
    .loose(),
);

function commandsKey(scope: Record<string, unknown> | undefined, language: string | undefined): string {
  const { type = "default", chat_id, user_id } = scope ?? {};
  return JSON.stringify([type, chat_id ?? null, user_id ?? null, language ?? ""]);
}

const BotCommandSchema = z.object({ command: z.string(), description: z.string() });

define(
  "setMyCommands",
  z.object({
    commands: jsonField(z.array(BotCommandSchema)),
    scope: ScopeField.optional(),
    language_code: z.string().optional(),
  }),
  (params, { world }) => {
    if (params.commands.length > 100) throw badRequest("BOT_COMMANDS_TOO_MUCH");
    for (const { command, description } of params.commands) {
      if (!/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest("BOT_COMMAND_INVALID");
      if (description.trim().length < 1 || description.length > 256)
        throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
    }
    if (params.language_code !== undefined && !/^([a-z]{2})?$/.test(params.language_code)) {
      throw badRequest("invalid language code specified");
    }
    world.commands.set(commandsKey(params.scope, params.language_code), params.commands);
    return true;
  },
);

define(
  "getMyCommands",
  z.object({ scope: ScopeField.optional(), language_code: z.string().optional() }),
  (params, { world }) => {
    return world.commands.get(commandsKey(params.scope, params.language_code)) ?? [];
  },
);

define(
  "deleteMyCommands",
  z.object({ scope: ScopeField.optional(), language_code: z.string().optional() }),
  (params, { world }) => {
    world.commands.delete(commandsKey(params.scope, params.language_code));
    return true;
  },
);

// ---- bot profile and chats ----------------------------------------------------------------------

const profileTexts = new WeakMap<World, Map<string, string>>();

function profileText(world: World): Map<string, string> {
  let texts = profileTexts.get(world);
  if (!texts) {
    texts = new Map();
    profileTexts.set(world, texts);
  }
  return texts;
}

/** set/get pairs for the bot's name, description and short description, per language. */
function defineProfileText(
  field: "name" | "description" | "short_description",
  setter: string,
  getter: string,
  max: number,
) {
  define(
    setter,
    z.object({ [field]: str().optional(), language_code: z.string().optional() }),
    (params, { world }) => {
      const value = (params as Record<string, unknown>)[field] as string | undefined;
      if (value !== undefined && characterCount(value) > max)
        throw badRequest(`${field.toUpperCase()}_INVALID`);
      const key = `${field}:${params.language_code ?? ""}`;
      if (value) profileText(world).set(key, value);
      else profileText(world).delete(key);
      return true;
    },
  );
  define(getter, z.object({ language_code: z.string().optional() }), (params, { world }) => {
    const texts = profileText(world);
    const value =
      texts.get(`${field}:${params.language_code ?? ""}`) ?? (field === "name" ? world.bot.first_name : "");
    return { [field]: value };
  });
}

defineProfileText("name", "setMyName", "getMyName", 64);
defineProfileText("description", "setMyDescription", "getMyDescription", 512);
defineProfileText("short_description", "setMyShortDescription", "getMyShortDescription", 120);

const menuButtons = new WeakMap<World, Map<string, unknown>>();

define(
  "setChatMenuButton",
  z.object({
    chat_id: int().optional(),
    menu_button: jsonField(z.object({ type: z.string() }).loose()).optional(),
  }),
  (params, { world }) => {
    const buttons = menuButtons.get(world) ?? new Map<string, unknown>();
    menuButtons.set(world, buttons);
    buttons.set(String(params.chat_id ?? "default"), params.menu_button ?? { type: "default" });
    return true;
  },
);

define("getChatMenuButton", z.object({ chat_id: int().optional() }), (params, { world }) => {
  const buttons = menuButtons.get(world);
  return buttons?.get(String(params.chat_id ?? "default")) ?? buttons?.get("default") ?? { type: "commands" };
});

define("getChat", z.object({ chat_id: chatIdSchema() }), (params, { world }) => {
  const record = chatOf(world, params.chat_id);
  return {
    ...record.chat,
    accent_color_id: 0,
    max_reaction_count: 11,
    accepted_gift_types: {
      unlimited_gifts: false,
      limited_gifts: false,
      unique_gifts: false,
      premium_subscription: false,
    },
  };
});

// ---- files and media ----------------------------------------------------------------------------

define("getFile", z.object({ file_id: z.string() }), (params, { world }) => {
  const file = world.files.get(params.file_id);
  if (!file) throw badRequest("invalid file_id");
  if (file.size > world.limits.maxDownloadBytes) throw badRequest("file is too big");
  const path = world.files.assignPath(file);
  return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.size, file_path: path };
});

const captionFields = {
  caption: str().optional(),
  parse_mode: ParseModeSchema.optional(),
  caption_entities: EntitiesSchema.optional(),
  show_caption_above_media: bool().optional(),
};

const mediaDetails = {
  duration: int().optional(),
  width: int().optional(),
  height: int().optional(),
  length: int().optional(),
  performer: z.string().optional(),
  title: z.string().optional(),
  thumbnail: z.unknown().optional(),
  supports_streaming: bool().optional(),
  has_spoiler: bool().optional(),
  disable_content_type_detection: bool().optional(),
};

function mediaSource(context: MethodContext, kind: FileKind) {
  const limits = context.world.limits;
  return {
    uploads: context.uploads,
    files: context.world.files,
    urlAllowList: context.urlAllowList,
    maxUrlBytes: kind === "photo" ? limits.maxUrlPhotoBytes : limits.maxUrlFileBytes,
  };
}

async function mediaContent(
  kind: FileKind,
  file: StoredFile,
  details: MediaDetails & { has_spoiler?: boolean | undefined },
  context: MethodContext,
): Promise<Record<string, unknown>> {
  const spoiler =
    details.has_spoiler && (kind === "photo" || kind === "video") ? { has_media_spoiler: true } : {};
  switch (kind) {
    case "photo":
      return { photo: await photoSizes(file, context.world.files), ...spoiler };
    case "video":
      return { video: videoObject(file, details), ...spoiler };
    case "audio":
      return { audio: audioObject(file, details) };
    case "voice":
      return { voice: voiceObject(file, details) };
    case "video_note":
      return { video_note: videoNoteObject(file, details) };
    case "animation":
      return { animation: videoObject(file, details), document: documentObject(file, details) };
    case "document":
      return { document: documentObject(file, details) };
  }
}

function defineSendMedia(name: string, field: FileKind): void {
  define(
    name,
    z.object({ ...sendCommon, ...captionFields, ...mediaDetails, [field]: z.unknown().optional() }),
    async (params, context) => {
      const caption =
        field === "video_note"
          ? {}
          : messageCaption(context.world, params.caption, params.parse_mode, params.caption_entities);
      const { record, extra } = prepareSend(params, context);
      const file = await resolveInputFile(
        field,
        (params as Record<string, unknown>)[field],
        field,
        mediaSource(context, field),
      );
      takeRate(record, context);
      const thumbnail = await thumbnailOf(params.thumbnail, mediaSource(context, "photo"));
      const details = {
        ...pickDetails(params),
        ...(thumbnail ? { thumbnail } : {}),
        has_spoiler: params.has_spoiler,
      };
      const content = await mediaContent(field, file, details, context);
      return store(record, context, { ...content, ...caption, ...extra }, params);
    },
  );
}

function pickDetails(params: Record<string, unknown>): MediaDetails {
  const details: MediaDetails = {};
  for (const key of ["duration", "width", "height", "length"] as const) {
    if (typeof params[key] === "number") details[key] = params[key] as number;
  }
  for (const key of ["performer", "title"] as const) {
    if (typeof params[key] === "string") details[key] = params[key] as string;
  }
  return details;
}

defineSendMedia("sendPhoto", "photo");
defineSendMedia("sendVideo", "video");
defineSendMedia("sendAudio", "audio");
defineSendMedia("sendVoice", "voice");
defineSendMedia("sendVideoNote", "video_note");
defineSendMedia("sendDocument", "document");
defineSendMedia("sendAnimation", "animation");

define(
  "sendMediaGroup",
  z.object({ ...sendCommon, media: z.unknown().optional() }),
  async (params, context) => {
    const { world } = context;
    if (params.media === undefined || params.media === null)
      throw badRequest('parameter "media" is required');
    const parsed = jsonField(z.array(z.unknown())).safeParse(params.media);
    if (!parsed.success) throw badRequest("can't parse media JSON object");
    const rawItems = parsed.data;
    if (rawItems.length === 0) throw badRequest("there are no messages to send");
    if (rawItems.length > world.limits.maxAlbumItems)
      throw badRequest("too many messages to send as an album");
    const items = rawItems.map((raw) => {
      const item = InputMediaSchema.safeParse(raw);
      if (!item.success) {
        const type = (raw as { type?: unknown } | null)?.type;
        throw badRequest(
          typeof type === "string" && !["photo", "video", "audio", "document"].includes(type)
            ? `can't parse InputMedia: type "${type}" can't be used in sendMediaGroup`
            : "can't parse InputMedia: media not found",
        );
      }
      if (item.data.type === "animation")
        throw badRequest(`can't parse InputMedia: type "animation" can't be used in sendMediaGroup`);
      return item.data;
    });
    const types = new Set(items.map((item) => item.type));
    if (types.has("document") && types.size > 1)
      throw badRequest("document can't be mixed with other media types");
    if (types.has("audio") && types.size > 1) throw badRequest("audio can't be mixed with other media types");
    const captions = items.map((item) =>
      messageCaption(
        world,
        item.caption,
        item.parse_mode,
        item.caption_entities as MessageEntity[] | undefined,
      ),
    );
    const { record, extra } = prepareSend({ ...params, reply_markup: undefined }, context);
    const files: StoredFile[] = [];
    for (const [index, item] of items.entries()) {
      const kind = item.type as FileKind;
      if (item.media.startsWith("attach://") && !context.uploads.has(item.media.slice(9))) {
        throw badRequest("can't parse InputMedia: media not found");
      }
      try {
        files.push(await resolveInputFile("media", item.media, kind, mediaSource(context, kind)));
      } catch (error) {
        if (!(error instanceof BotApiError)) throw error;
        const reason = error.description.replace(/^Bad Request: /, "");
        throw badRequest(
          `failed to send message #${index + 1} with the error message "${reason[0]?.toUpperCase()}${reason.slice(1)}"`,
        );
      }
    }
    takeRate(record, context, items.length);
    const groupId =
      items.length > 1 ? String(BigInt(world.now()) * 1000n + BigInt(record.nextMessageId)) : undefined;
    const sent: Message[] = [];
    for (const [index, item] of items.entries()) {
      const thumbnail = await thumbnailOf(item.thumbnail, mediaSource(context, "photo"));
      const content = await mediaContent(
        item.type as FileKind,
        files[index] as StoredFile,
        { ...pickDetails(item), ...(thumbnail ? { thumbnail } : {}), has_spoiler: item.has_spoiler },
        context,
      );
      sent.push(
        store(
          record,
          context,
          { ...(groupId ? { media_group_id: groupId } : {}), ...content, ...captions[index], ...extra },
          { ...params, reply_markup: undefined },
        ),
      );
    }
    return sent;
  },
);

/** The fields a message's media takes: an edit of its media replaces all of them. */
const MEDIA_FIELDS = ["photo", "video", "audio", "document", "animation", "caption", "caption_entities"];

define(
  "editMessageMedia",
  z.object({ ...editTarget, media: z.unknown().optional(), reply_markup: ReplyMarkupField.optional() }),
  async (params, context) => {
    const { world } = context;
    const parsed = jsonField(InputMediaSchema).safeParse(params.media);
    if (!parsed.success) throw badRequest("can't parse InputMedia: media not found");
    const media = parsed.data;
    const target = editable(params, world);
    const current = target.stored.message;
    // Telegram edits only a message that carries media, and an inline one only from a URL or a file_id.
    if (current.text !== undefined) throw badRequest("there is no media in the message to edit");
    if (target.inline && media.media.startsWith("attach://"))
      throw badRequest("can't use uploaded files in inline message edits");
    const kind: FileKind = media.type;
    const file = await resolveInputFile("media", media.media, kind, mediaSource(context, kind));
    const content = await mediaContent(kind, file, pickDetails(media), context);
    const entities = media.caption_entities as MessageEntity[] | undefined;
    const caption = messageCaption(world, media.caption, media.parse_mode, entities);
    const markup = inlineMarkupOf(params.reply_markup, world);
    const kept = Object.fromEntries(
      Object.entries(current).filter(([key]) => key !== "reply_markup" && !MEDIA_FIELDS.includes(key)),
    );
    return applyEdit(world, target, { ...kept, ...content, ...caption, ...markup } as Message);
  },
);

// ---- inline mode --------------------------------------------------------------------------------

/** Which file kind each cached result's file_id field must name. */
const CACHED_FILE_FIELDS: Record<string, [string, FileKind]> = {
  photo: ["photo_file_id", "photo"],
  video: ["video_file_id", "video"],
  audio: ["audio_file_id", "audio"],
  document: ["document_file_id", "document"],
  voice: ["voice_file_id", "voice"],
  gif: ["gif_file_id", "animation"],
};

const InlineResultSchema = z.looseObject({ type: z.string(), id: z.string() });

define(
  "answerInlineQuery",
  z.object({
    inline_query_id: z.string(),
    results: jsonField(z.array(InlineResultSchema)),
    cache_time: int().optional(),
    is_personal: bool().optional(),
    next_offset: z.string().optional(),
    button: jsonField(z.looseObject({ text: z.string(), start_parameter: z.string().optional() })).optional(),
  }),
  (params, { world }) => {
    const record = world.inlineQueries.get(params.inline_query_id);
    if (!record || record.answered) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    if (params.results.length > 50) throw badRequest("RESULTS_TOO_MUCH");
    const ids = new Set<string>();
    for (const result of params.results) {
      const bytes = Buffer.byteLength(result.id);
      if (bytes === 0 || bytes > 64) throw badRequest("RESULT_ID_INVALID");
      if (ids.has(result.id)) throw badRequest("RESULT_ID_DUPLICATE");
      ids.add(result.id);
      const cached = CACHED_FILE_FIELDS[result.type];
      const fileId = cached ? result[cached[0]] : undefined;
      if (cached && typeof fileId === "string") {
        const file = world.files.get(fileId);
        if (!file) throw badRequest("wrong file identifier/HTTP URL specified");
        if (file.kind !== cached[1] && cached[1] !== "document") throw badRequest("WEBDOCUMENT_MIME_INVALID");
      }
    }
    if (params.next_offset !== undefined && Buffer.byteLength(params.next_offset) > 64) {
      throw badRequest("NEXT_OFFSET_INVALID");
    }
    if (
      params.button?.start_parameter !== undefined &&
      !/^[A-Za-z0-9_-]{1,64}$/.test(params.button.start_parameter)
    ) {
      throw badRequest("START_PARAM_INVALID");
    }
    record.answered = true;
    record.answer = {
      results: params.results,
      next_offset: params.next_offset ?? "",
      is_personal: params.is_personal ?? false,
      ...(params.cache_time !== undefined ? { cache_time: params.cache_time } : {}),
      ...(params.button ? { button: params.button } : {}),
    };
    world.emit({ type: "inline_answer", chatId: undefined, inline: record });
    return true;
  },
);
