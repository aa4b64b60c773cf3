/**
 * The playground's web chat: a page where a person talks to the bot through the Telegram emulator's
 * user side. Each browser gets its own emulated user and private chat, kept for the life of the process.
 */
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type {
  AlbumItem,
  EmulatedUser,
  InlineQueryRecord,
  InlineResult,
  TelegramEmulator,
} from "../telegram-emulator/index.js";
import { toMessageView } from "./message-view.js";

const PUBLIC_DIR = new URL("./public/", import.meta.url);
const STATIC_FILES: Record<string, string> = {
  "": "text/html; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
  "style.css": "text/css; charset=utf-8",
};
/** Enough for real clips while keeping a browser tab from filling the machine's memory. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

const NewUserSchema = z.object({
  firstName: z.string().trim().min(1).max(64),
  languageCode: z.string().max(8),
});
const ChatIdField = z.number().int().optional();
const TextSchema = z.object({ text: z.string().min(1).max(4096), chatId: ChatIdField });
const InlineSchema = z.object({
  query: z.string().max(256),
  offset: z.string().max(64),
  chatId: ChatIdField,
});
const ChooseSchema = z.object({
  queryId: z.string().min(1),
  resultId: z.string().min(1),
  chatId: ChatIdField,
});
/** Inline queries a page may still choose from, per user: the latest few. */
const KEPT_INLINE_QUERIES = 20;
const PressSchema = z.object({ messageId: z.number().int().positive(), data: z.string().min(1).max(64) });

type UploadKind = "photo" | "video" | "audio" | "voice" | "document";

function kindOf(file: File): UploadKind {
  const type = file.type.toLowerCase();
  if (type === "image/jpeg" || type === "image/png" || type === "image/webp") return "photo";
  if (type.startsWith("video/")) return "video";
  if (type === "audio/ogg" || type === "audio/opus" || file.name.toLowerCase().endsWith(".oga"))
    return "voice";
  if (type.startsWith("audio/")) return "audio";
  return "document";
}

/** What the page shows of an inline result: enough to pick it, with its file for a preview. */
function inlineResultView(result: InlineResult) {
  const text = (field: string) => (typeof result[field] === "string" ? String(result[field]) : undefined);
  const fileId =
    text("video_file_id") ?? text("photo_file_id") ?? text("audio_file_id") ?? text("document_file_id");
  return {
    id: result.id,
    type: result.type,
    title: text("title") ?? "",
    description: text("description") ?? "",
    ...(fileId ? { fileId } : {}),
    ...(text("thumbnail_url") ? { thumbnailUrl: text("thumbnail_url") } : {}),
  };
}

/** A person on the page: their chat with the bot and a chat with a friend, where the bot is not. */
interface PageUser {
  user: EmulatedUser;
  friendChatId: number;
  inline: Map<string, InlineQueryRecord>;
}

export function mountChatPage(app: Hono, emulator: TelegramEmulator, basePath = "/playground"): void {
  const people = new Map<number, PageUser>();
  const personOf = (id: string): PageUser | undefined => people.get(Number(id));
  const userOf = (id: string): EmulatedUser | undefined => personOf(id)?.user;
  /** The chat asked for, when it is one of the person's: their chat with the bot by default. */
  const chatOf = (person: PageUser, chatId: number | undefined): number | undefined =>
    chatId === undefined || chatId === person.user.id || chatId === person.friendChatId
      ? (chatId ?? person.user.id)
      : undefined;

  const serveAsset = async (asset: string) => {
    const type = STATIC_FILES[asset];
    if (type === undefined) return undefined;
    const body = await readFile(new URL(asset || "index.html", PUBLIC_DIR), "utf8");
    return new Response(body, { headers: { "content-type": type, "cache-control": "no-store" } });
  };
  app.get(`${basePath}`, (c) => c.redirect(`${basePath}/`));
  app.get(`${basePath}/`, async (c) => (await serveAsset("")) ?? c.notFound());
  app.get(`${basePath}/:asset`, async (c) => (await serveAsset(c.req.param("asset"))) ?? c.notFound());

  app.post(`${basePath}/api/users`, async (c) => {
    const parsed = NewUserSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: "a first name is needed" }, 400);
    const user = emulator.users.create({
      first_name: parsed.data.firstName,
      language_code: parsed.data.languageCode || "en",
    });
    const friend = emulator.users.create({
      first_name: "Sam",
      language_code: parsed.data.languageCode || "en",
    });
    const friendChat = emulator.users.createChatBetween(user, friend);
    people.set(user.id, { user, friendChatId: friendChat.id, inline: new Map() });
    // Telegram opens a new chat with a Start button that sends /start: the playground's chat opens with it sent.
    user.sendCommand("start");
    return c.json({
      userId: user.id,
      botName: emulator.bot.first_name,
      botUsername: emulator.bot.username,
      friend: { chatId: friendChat.id, name: friend.user.first_name },
    });
  });

  app.get(`${basePath}/api/users/:id/events`, (c) => {
    const person = personOf(c.req.param("id"));
    if (!person) return c.json({ error: "unknown user: this playground was restarted" }, 404);
    const chatId = chatOf(person, c.req.query("chat") ? Number(c.req.query("chat")) : undefined);
    if (chatId === undefined) return c.json({ error: "not one of this user's chats" }, 404);
    const chat = emulator.users.chat(chatId);
    return streamSSE(c, async (stream) => {
      for (const entry of chat.messages()) {
        await stream.writeSSE({ event: "message", data: JSON.stringify(toMessageView(entry)) });
      }
      const queue: string[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = chat.subscribe((event) => {
        if (event.type === "message" || event.type === "edit" || event.type === "delete") {
          queue.push(JSON.stringify(toMessageView(event.message)));
        } else if (event.type === "chat_action") {
          queue.push(JSON.stringify({ action: event.action }));
        }
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      while (!stream.aborted) {
        const next = queue.shift();
        if (next !== undefined) {
          await stream.writeSSE({ event: next.startsWith('{"action"') ? "action" : "message", data: next });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 15_000);
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.writeSSE({ event: "ping", data: "" });
      }
    });
  });

  app.post(`${basePath}/api/users/:id/text`, async (c) => {
    const person = personOf(c.req.param("id"));
    if (!person) return c.json({ error: "unknown user" }, 404);
    const parsed = TextSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: "text of 1 to 4096 characters" }, 400);
    const chat = chatOf(person, parsed.data.chatId);
    if (chat === undefined) return c.json({ error: "not one of this user's chats" }, 404);
    person.user.sendText(parsed.data.text, { chat });
    return c.json({ ok: true });
  });

  // "@bot query" typed in a chat: the bot's answer, as Telegram shows it above the message field.
  app.post(`${basePath}/api/users/:id/inline`, async (c) => {
    const person = personOf(c.req.param("id"));
    if (!person) return c.json({ error: "unknown user" }, 404);
    const parsed = InlineSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: "a query and an offset are needed" }, 400);
    const chat = chatOf(person, parsed.data.chatId);
    if (chat === undefined) return c.json({ error: "not one of this user's chats" }, 404);
    const asked = person.user.typeInline(parsed.data.query, { chat, offset: parsed.data.offset });
    const answered = await person.user.waitForInlineAnswer(asked, 10_000).catch(() => undefined);
    if (!answered?.answer) return c.json({ error: "the bot did not answer" }, 504);
    person.inline.set(asked.query.id, asked);
    for (const old of [...person.inline.keys()].slice(0, -KEPT_INLINE_QUERIES)) person.inline.delete(old);
    return c.json({
      queryId: asked.query.id,
      results: answered.answer.results.map(inlineResultView),
      nextOffset: answered.answer.next_offset,
      button: answered.answer.button ?? null,
    });
  });

  app.post(`${basePath}/api/users/:id/inline/choose`, async (c) => {
    const person = personOf(c.req.param("id"));
    if (!person) return c.json({ error: "unknown user" }, 404);
    const parsed = ChooseSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: "queryId and resultId are needed" }, 400);
    const chat = chatOf(person, parsed.data.chatId);
    const asked = person.inline.get(parsed.data.queryId);
    if (chat === undefined || !asked) return c.json({ error: "no such query or chat" }, 404);
    await person.user.chooseInlineResult(asked, parsed.data.resultId, { chat });
    return c.json({ ok: true });
  });

  app.post(`${basePath}/api/users/:id/press`, async (c) => {
    const user = userOf(c.req.param("id"));
    if (!user) return c.json({ error: "unknown user" }, 404);
    const parsed = PressSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: "messageId and data are needed" }, 400);
    const record = user.pressButton(parsed.data.messageId, parsed.data.data);
    const answered = await user.waitForAnswer(record, 10_000).catch(() => undefined);
    return c.json({ answer: answered?.answer ?? null });
  });

  app.post(`${basePath}/api/users/:id/files`, async (c) => {
    const user = userOf(c.req.param("id"));
    if (!user) return c.json({ error: "unknown user" }, 404);
    const form = await c.req.formData();
    const files = form.getAll("file").filter((value): value is File => value instanceof File);
    const caption = String(form.get("caption") ?? "") || undefined;
    const durations = form.getAll("duration").map((value) => Number(value));
    if (files.length === 0) return c.json({ error: "no file" }, 400);
    if (files.some((file) => file.size > MAX_UPLOAD_BYTES))
      return c.json({ error: "a file is over 200 MB" }, 413);
    const inputs = await Promise.all(
      files.map(async (file, index) => {
        const duration = durations[index];
        return {
          kind: kindOf(file),
          input: {
            bytes: new Uint8Array(await file.arrayBuffer()),
            fileName: file.name,
            mimeType: file.type || "application/octet-stream",
            ...(duration !== undefined && Number.isFinite(duration) && duration > 0
              ? { duration: Math.max(1, Math.round(duration)) }
              : {}),
          },
        };
      }),
    );
    const albumable = inputs.every(({ kind }) => kind === "photo" || kind === "video");
    if (inputs.length > 1 && albumable && inputs.length <= 10) {
      const items = inputs.map(({ kind, input }, index) => ({
        type: kind,
        ...input,
        ...(index === 0 && caption ? { caption } : {}),
      })) as AlbumItem[];
      await user.sendAlbum(items);
      return c.json({ ok: true });
    }
    for (const [index, { kind, input }] of inputs.entries()) {
      const withCaption = index === 0 && caption ? { ...input, caption } : input;
      if (kind === "photo") await user.sendPhoto(withCaption);
      else if (kind === "video") await user.sendVideo(withCaption);
      else if (kind === "voice") await user.sendVoice(withCaption);
      else if (kind === "audio") await user.sendAudio(withCaption);
      else await user.sendDocument(withCaption);
    }
    return c.json({ ok: true });
  });

  app.get(`${basePath}/files/:fileId`, (c) => {
    const file = emulator.openFile(c.req.param("fileId"));
    if (!file) return c.notFound();
    const headers: Record<string, string> = {
      "content-type": file.mimeType ?? "application/octet-stream",
      "content-length": String(file.size),
    };
    if (file.fileName)
      headers["content-disposition"] = `inline; filename="${encodeURIComponent(file.fileName)}"`;
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, headers);
  });
}
