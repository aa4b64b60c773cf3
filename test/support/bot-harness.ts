/**
 * A real grammY Bot with botInfo set and a fake Telegram at client.fetch: every Bot API call is
 * recorded (method and payload) and answered with a plausible result. Updates go through
 * bot.handleUpdate, so the whole middleware stack runs as in production.
 */

import { Writable } from "node:stream";
import type { Update, UserFromGetMe } from "grammy/types";
import type { ApiKeysPort } from "../../src/accounts/ports.js";
import type { BotDeps, VoiceCatalogPort } from "../../src/bot/deps.js";
import { offerPageButton } from "../../src/bot/features/offer-message.js";
import { type CompanionBot, type CreateBotOptions, createBot } from "../../src/bot/index.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { Storage } from "../../src/storage/ports.js";
import type { ResultFetcher } from "../../src/tasks/result-files.js";
import { createTaskResultSender } from "../../src/tasks/send-result.js";
import type { TasksServicePort } from "../../src/tasks-service/ports.js";
import { FakeApiKeys, FakeTasksService, refusingFetcher } from "./bot-fakes.js";
import { InMemoryDeletionScheduler } from "./in-memory-deletion.js";

export const BOT_INFO: UserFromGetMe = {
  id: 4242,
  is_bot: true,
  first_name: "Companion",
  username: "companion_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** Two voice providers, the first with two voices in every language. */
export const fakeCatalog: VoiceCatalogPort = {
  providers: () => [
    { id: "provider_a", label: "Provider A" },
    { id: "provider_b", label: "Provider B" },
  ],
  voices: (provider, language) =>
    provider === "provider_a"
      ? [
          { id: `${language}-voice-1`, name: `Voice One (${language})` },
          { id: `${language}-voice-2`, name: `Voice Two (${language})` },
        ]
      : [],
};

/** An answer with ok: false, as Telegram gives for a refused call. */
export class TelegramFailure {
  constructor(
    readonly error_code: number,
    readonly description: string,
  ) {}
}

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** What the fake Telegram answered. */
  result?: unknown;
}

export interface TestUser {
  id: number;
  first_name: string;
  language_code?: string;
}

export interface BotHarnessOptions {
  storage?: Storage;
  apiKeys?: ApiKeysPort;
  tasksService?: TasksServicePort;
  catalog?: VoiceCatalogPort;
  defaultLocale?: "en" | "uk" | "ru";
  now?: () => Date;
  /** Where re-sent results are read from; a test that re-sends none gets one that refuses. */
  resultFetcher?: ResultFetcher;
  createOptions?: CreateBotOptions;
  metrics?: BotDeps["metrics"];
  /** Answers for particular methods (otherwise a message or true). */
  results?: Record<string, (payload: Record<string, unknown>) => unknown>;
  /** Told of each call as the bot makes it, before it is answered. */
  onCall?: (method: string) => void;
}

export class BotHarness {
  readonly calls: ApiCall[] = [];
  readonly logLines: string[] = [];
  readonly bot: CompanionBot;
  readonly storage: Storage;
  readonly apiKeys: ApiKeysPort;
  readonly tasksService: TasksServicePort;
  readonly deletions: InMemoryDeletionScheduler;
  readonly logger: Logger;
  private updateId = 1000;
  private messageId = 500;

  constructor(private readonly options: BotHarnessOptions = {}) {
    this.storage = options.storage ?? createMemoryStorage();
    this.apiKeys = options.apiKeys ?? new FakeApiKeys();
    this.tasksService = options.tasksService ?? new FakeTasksService();
    this.deletions = new InMemoryDeletionScheduler();
    const lines = this.logLines;
    this.logger = createLogger({
      level: "debug",
      destination: new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    });
    const deps: BotDeps = {
      config: { defaultLocale: options.defaultLocale ?? "en" },
      logger: this.logger,
      storage: this.storage,
      apiKeys: this.apiKeys,
      catalog: options.catalog ?? fakeCatalog,
      tasksService: this.tasksService,
      scheduleDeletion: this.deletions.schedule,
      ...(options.now ? { now: options.now } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      results: createTaskResultSender({
        uploadLimitBytes: 50 * 1024 * 1024,
        fetcher: options.resultFetcher ?? refusingFetcher,
        ...(options.now ? { now: options.now } : {}),
      }),
    };
    this.bot = createBot(
      deps,
      { token: "123:test", botInfo: BOT_INFO, client: { fetch: this.fetch as never } },
      options.createOptions,
    );
  }

  /** The fake Telegram: records the call and answers it. */
  private readonly fetch = async (url: string | URL, init?: { body?: unknown }): Promise<Response> => {
    const method = String(url).split("/").pop() ?? "";
    this.options.onCall?.(method);
    const payload = await readPayload(init?.body);
    const custom = this.options.results?.[method];
    const result = await (custom ? custom(payload) : this.defaultResult(method, payload));
    this.calls.push({ method, payload, result });
    // A test's own answer that refuses is a refusal, as Telegram sends it.
    if (custom && result instanceof TelegramFailure) {
      return new Response(JSON.stringify({ ok: false, ...result }), {
        headers: { "content-type": "application/json" },
      });
    }
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { "content-type": "application/json" },
    });
  };

  private readonly editedContent = new Map<string, string>();

  private defaultResult(method: string, payload: Record<string, unknown>): unknown {
    if (method === "editMessageText") {
      // Like Telegram: an edit that changes nothing is refused.
      const where = `${payload.chat_id}/${payload.message_id}`;
      const content = JSON.stringify([payload.text, payload.reply_markup]);
      if (this.editedContent.get(where) === content) {
        return new TelegramFailure(400, "Bad Request: message is not modified");
      }
      this.editedContent.set(where, content);
    }
    if (method.startsWith("send") || method === "editMessageText") {
      const chatId = Number(payload.chat_id ?? 0);
      return {
        message_id: method.startsWith("send") ? ++this.messageId : Number(payload.message_id ?? 0),
        date: 1_700_000_000,
        chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private", first_name: "User" },
        text: typeof payload.text === "string" ? payload.text : undefined,
      };
    }
    return true;
  }

  user(id = 777, language_code = "en", first_name = "Olena"): TestUser {
    return { id, first_name, language_code };
  }

  private nextUpdateId(): number {
    return ++this.updateId;
  }

  async handle(update: Omit<Update, "update_id">): Promise<ApiCall[]> {
    const before = this.calls.length;
    await this.bot.handleUpdate({ update_id: this.nextUpdateId(), ...update } as Update);
    return this.calls.slice(before);
  }

  /** A private text message; a leading /command gets its bot_command entity. */
  send(
    user: TestUser,
    text: string,
    chat: { id: number; type: "private" | "group" | "supergroup" } = { id: user.id, type: "private" },
  ) {
    const command = /^\/\S+/.exec(text)?.[0];
    return this.handle({
      message: {
        message_id: ++this.messageId,
        date: 1_700_000_000,
        chat:
          chat.type === "private"
            ? { id: chat.id, type: "private", first_name: user.first_name }
            : { id: chat.id, type: chat.type, title: "Group" },
        from: { is_bot: false, ...user },
        text,
        ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
      },
    } as Omit<Update, "update_id">);
  }

  sendMessage(user: TestUser, message: Record<string, unknown>) {
    return this.handle({
      message: {
        message_id: ++this.messageId,
        date: 1_700_000_000,
        chat: { id: user.id, type: "private", first_name: user.first_name },
        from: { is_bot: false, ...user },
        ...message,
      },
    } as Omit<Update, "update_id">);
  }

  /**
   * An album as Telegram may hand it over: its messages numbered in the order they were sent, and their
   * updates given to the bot all at once in `arrival` order (positions in `items`), as the runner hands
   * on a batch from getUpdates and as webhooks race.
   */
  async sendAlbum(
    user: TestUser,
    items: Array<Record<string, unknown>>,
    arrival: readonly number[] = items.map((_, position) => position),
  ): Promise<ApiCall[]> {
    const before = this.calls.length;
    const mediaGroupId = `album-${this.messageId + 1}`;
    const messages = items.map((item) => ({
      message_id: ++this.messageId,
      date: 1_700_000_000,
      chat: { id: user.id, type: "private", first_name: user.first_name },
      from: { is_bot: false, ...user },
      media_group_id: mediaGroupId,
      ...item,
    }));
    const handled = arrival.map((position) => {
      const message = messages[position];
      if (!message) throw new Error(`the album has no item ${position}`);
      return this.bot.handleUpdate({ update_id: this.nextUpdateId(), message } as Update);
    });
    await Promise.all(handled);
    return this.calls.slice(before);
  }

  /** The message that last showed a button with this callback data, as Telegram would name it. */
  private messageWithButton(data: string): number {
    const shown = [...this.calls]
      .reverse()
      .find((call) => BotHarness.buttons(call).some((button) => button.data === data));
    const id =
      shown?.payload.message_id ?? (shown?.result as { message_id?: unknown } | undefined)?.message_id;
    return typeof id === "number" ? id : 1;
  }

  /**
   * A press on an inline button of the message `messageId` (by default, the one showing it) in the
   * user's private chat; `keyboard` is what that message shows, for handlers that change it.
   */
  press(
    user: TestUser,
    data: string,
    messageId = this.messageWithButton(data),
    chatId = user.id,
    keyboard?: Array<Array<{ text: string; callback_data: string }>>,
  ) {
    return this.handle({
      callback_query: {
        id: `cb${this.nextUpdateId()}`,
        from: { is_bot: false, ...user },
        chat_instance: "instance",
        data,
        message: {
          message_id: messageId,
          date: 1_700_000_000,
          chat: { id: chatId, type: "private", first_name: user.first_name },
          text: "menu",
          ...(keyboard ? { reply_markup: { inline_keyboard: keyboard } } : {}),
        },
      },
    } as Omit<Update, "update_id">);
  }

  /** Presses the offer named `name` on an offer menu, turning to the menu's "More…" page first when it is there. */
  async pressOffer(user: TestUser, menu: ApiCall | undefined, name: string): Promise<ApiCall[]> {
    const named = (call: ApiCall | undefined) =>
      BotHarness.buttons(call).some((button) => button.text === name || button.text.startsWith(`${name} · `));
    let shown = menu;
    if (!named(shown)) {
      const more = BotHarness.buttons(shown).find(
        (button) => offerPageButton.unpack(button.data)?.data.page === "rest",
      );
      if (more?.data) {
        const turned = await this.press(user, more.data);
        shown = turned.find((call) => call.method === "editMessageReplyMarkup") ?? shown;
      }
    }
    return this.press(user, BotHarness.button(shown, name));
  }

  /** Callback data of the buttons of a recorded call's inline keyboard, by button text. */
  static buttons(call: ApiCall | undefined): Array<{ text: string; data?: string; url?: string }> {
    const markup = call?.payload.reply_markup as
      | { inline_keyboard?: Array<Array<{ text: string; callback_data?: string; url?: string }>> }
      | undefined;
    return (markup?.inline_keyboard ?? [])
      .flat()
      .map((button) => ({ text: button.text, data: button.callback_data, url: button.url }));
  }

  /** A button by its text; an offer's button also by its name alone, before " · " and its price class. */
  static button(call: ApiCall | undefined, text: string): string {
    const found = BotHarness.buttons(call).find(
      (button) => button.text === text || button.text.startsWith(`${text} · `),
    );
    if (!found?.data) throw new Error(`no button "${text}" in ${JSON.stringify(BotHarness.buttons(call))}`);
    return found.data;
  }
}

/** JSON bodies as they are; multipart bodies (file uploads) as their fields, files as { filename, content }. */
async function readPayload(body: unknown): Promise<Record<string, unknown>> {
  if (body === undefined || body === null) return {};
  if (typeof body === "string") return JSON.parse(body) as Record<string, unknown>;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString("utf8");
  const payload: Record<string, unknown> = {};
  for (const part of text.split(/\r?\n--[^\r\n]+/)) {
    // grammY writes `content-disposition:form-data;name="<id>";filename=<name>` for files.
    const header = /name="([^"]+)"(?:;\s*filename="?([^"\r\n]+)"?)?[\s\S]*?\r?\n\r?\n/.exec(part);
    if (!header?.[1]) continue;
    const content = part.slice(header.index + header[0].length);
    payload[header[1]] = header[2] ? { filename: header[2], content } : content;
  }
  return payload;
}

export function lastCall(calls: ApiCall[], method: string): ApiCall | undefined {
  return calls.filter((call) => call.method === method).at(-1);
}

export function textOf(call: ApiCall | undefined): string {
  return typeof call?.payload.text === "string" ? call.payload.text : "";
}

/** A user's form card (the message with form buttons) as last shown: its text and the call that showed it. */
export function formCardOf(calls: ApiCall[], userId: number): { text: string; call: ApiCall | undefined } {
  const shown = [...calls]
    .reverse()
    .find(
      (call) =>
        (call.method === "sendMessage" || call.method === "editMessageText") &&
        Number(call.payload.chat_id) === userId &&
        JSON.stringify(call.payload.reply_markup ?? "").includes('"fm:'),
    );
  return { text: textOf(shown), call: shown };
}
