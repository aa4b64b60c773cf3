import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import { z } from "zod";
import { badRequest } from "./errors.js";

/** Form bodies carry every value as a string; these accept both the JSON and the form spelling. */
export const int = () =>
  z.preprocess(
    (value) => (typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number().int(),
  );

export const bool = () =>
  z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean());

export const str = () =>
  z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string());

export const chatIdSchema = () => z.union([int(), z.string().regex(/^@[A-Za-z0-9_]{4,32}$/)]);

/** A field that is an object or array: JSON in form bodies, typed in JSON bodies. */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);
}

/** The Bot API reads parse_mode without regard to case. */
export const ParseModeSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    return { html: "HTML", markdownv2: "MarkdownV2", markdown: "Markdown" }[value.toLowerCase()] ?? value;
  },
  z.enum(["HTML", "MarkdownV2", "Markdown"]),
);

export const MessageEntitySchema = z
  .object({
    type: z.string(),
    offset: z.number().int().min(0),
    length: z.number().int().min(1),
    url: z.string().optional(),
    language: z.string().optional(),
    custom_emoji_id: z.string().optional(),
    user: z.object({ id: z.number().int() }).loose().optional(),
  })
  .loose();

export const EntitiesSchema = jsonField(z.array(MessageEntitySchema)).transform(
  (entities) => entities as unknown as MessageEntity[],
);

const InlineButtonSchema = z
  .object({
    text: z.string(),
    url: z.string().optional(),
    callback_data: z.string().optional(),
    web_app: z.object({ url: z.string() }).optional(),
    login_url: z.object({ url: z.string() }).loose().optional(),
    switch_inline_query: z.string().optional(),
    switch_inline_query_current_chat: z.string().optional(),
    switch_inline_query_chosen_chat: z.object({}).loose().optional(),
    copy_text: z.object({ text: z.string() }).optional(),
    callback_game: z.object({}).loose().optional(),
    pay: z.boolean().optional(),
  })
  .loose();

const KeyboardButtonSchema = z.union([z.string(), z.object({ text: z.string() }).loose()]);

const ReplyMarkupSchema = z.union([
  z.object({ inline_keyboard: z.array(z.array(InlineButtonSchema)) }).loose(),
  z.object({ keyboard: z.array(z.array(KeyboardButtonSchema)) }).loose(),
  z.object({ remove_keyboard: z.literal(true) }).loose(),
  z.object({ force_reply: z.literal(true) }).loose(),
]);

export type ReplyMarkup = z.infer<typeof ReplyMarkupSchema>;

const BUTTON_ACTIONS = [
  "url",
  "callback_data",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
] as const;

/** reply_markup as the Bot API checks it, with its error texts. */
export const ReplyMarkupField = z.unknown().transform((raw, context): ReplyMarkup | undefined => {
  if (raw === undefined || raw === null || raw === "") return undefined;
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      context.addIssue({ code: "custom", message: "can't parse reply keyboard markup JSON object" });
      return z.NEVER;
    }
  }
  const parsed = ReplyMarkupSchema.safeParse(value);
  if (!parsed.success) {
    context.addIssue({ code: "custom", message: "can't parse reply keyboard markup JSON object" });
    return z.NEVER;
  }
  return parsed.data;
});

/** Checks the buttons of an inline keyboard; throws Telegram's refusal for the first bad one. */
export function checkInlineKeyboard(markup: ReplyMarkup | undefined, maxCallbackDataBytes: number): void {
  if (!markup || !("inline_keyboard" in markup)) return;
  for (const row of (markup as InlineKeyboardMarkup).inline_keyboard) {
    for (const button of row) {
      const actions = BUTTON_ACTIONS.filter(
        (action) => (button as unknown as Record<string, unknown>)[action] !== undefined,
      );
      if (actions.length === 0) {
        throw badRequest(
          "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
        );
      }
      if ("callback_data" in button) {
        const bytes = Buffer.byteLength(button.callback_data, "utf8");
        if (bytes < 1 || bytes > maxCallbackDataBytes) throw badRequest("BUTTON_DATA_INVALID");
      }
      if ("url" in button && !/^(https?|tg):\/\/\S+$/i.test(button.url))
        throw badRequest("BUTTON_URL_INVALID");
    }
  }
}

export const ReplyParametersField = jsonField(
  z
    .object({
      message_id: int(),
      chat_id: chatIdSchema().optional(),
      allow_sending_without_reply: bool().optional(),
      quote: z.string().optional(),
    })
    .loose(),
);

export const InputMediaSchema = z
  .object({
    type: z.enum(["photo", "video", "audio", "document", "animation"]),
    media: z.string(),
    caption: str().optional(),
    parse_mode: ParseModeSchema.optional(),
    caption_entities: z.array(MessageEntitySchema).optional(),
    has_spoiler: bool().optional(),
    width: int().optional(),
    height: int().optional(),
    duration: int().optional(),
    performer: z.string().optional(),
    title: z.string().optional(),
    supports_streaming: bool().optional(),
  })
  .loose();

export type InputMedia = z.infer<typeof InputMediaSchema>;

/** Turns a zod failure into the Bot API's wording. */
export function refusalFromIssues(error: z.ZodError): Error {
  const issue = error.issues[0];
  if (!issue) return badRequest("invalid request");
  const field = String(issue.path[0] ?? "");
  if (issue.code === "custom") return badRequest(issue.message);
  const missing = issue.code === "invalid_type" && issue.message.includes("undefined");
  if (missing) {
    if (field === "chat_id") return badRequest("chat_id is empty");
    if (field === "text") return badRequest("message text is empty");
    if (field === "message_id") return badRequest("message identifier is not specified");
    return badRequest(`parameter "${field}" is required`);
  }
  if (field === "entities" || field === "caption_entities")
    return badRequest("can't parse entities JSON object");
  if (field === "parse_mode") return badRequest(`unsupported parse_mode`);
  return badRequest(`invalid parameter "${field}"`);
}
