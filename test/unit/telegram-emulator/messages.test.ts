import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, refusal, startEmulatedTelegram } from "../../support/telegram-emulator.js";

let telegram: EmulatedTelegram;

afterEach(async () => {
  await telegram?.close();
});

const NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

describe("sending and editing messages", () => {
  it("stores a sent message with markup, protection and reply, as the user sees it", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const question = user.sendText("what is new?");
    const sent = await bot.api.sendMessage(user.id, "see https://example.org", {
      protect_content: true,
      reply_parameters: { message_id: question.message_id },
      reply_markup: { inline_keyboard: [[{ text: "More", callback_data: "more" }]] },
    });
    expect(sent).toMatchObject({
      chat: { id: user.id, type: "private" },
      has_protected_content: true,
      reply_to_message: { message_id: question.message_id, text: "what is new?" },
      entities: [{ type: "url", offset: 4, length: 19 }],
      reply_markup: { inline_keyboard: [[{ text: "More", callback_data: "more" }]] },
    });
    const seen = user.chat.lastBotMessage();
    expect(seen?.protectContent).toBe(true);
    expect(seen?.message.message_id).toBe(sent.message_id);
  });

  it("refuses a reply to a missing message unless allowed", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const error = await refusal(bot.api.sendMessage(user.id, "x", { reply_parameters: { message_id: 999 } }));
    expect(error.description).toBe("Bad Request: message to be replied not found");
    const sent = await bot.api.sendMessage(user.id, "x", {
      reply_parameters: { message_id: 999, allow_sending_without_reply: true },
    });
    expect(sent.reply_to_message).toBeUndefined();
  });

  it("parses HTML and MarkdownV2 into entities and refuses bad markup like Telegram", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const html = await bot.api.sendMessage(
      user.id,
      '<b>bold</b> <a href="https://x.org">link</a> &lt;3 <tg-spoiler>s</tg-spoiler>',
      {
        parse_mode: "HTML",
      },
    );
    expect(html.text).toBe("bold link <3 s");
    expect(html.entities).toEqual([
      { type: "bold", offset: 0, length: 4 },
      { type: "text_link", offset: 5, length: 4, url: "https://x.org" },
      { type: "spoiler", offset: 13, length: 1 },
    ]);
    const markdown = await bot.api.sendMessage(user.id, "*bold* _it_ `code` \\. [a](https://y.org)", {
      parse_mode: "MarkdownV2",
    });
    expect(markdown.text).toBe("bold it code . a");
    expect(markdown.entities?.map((entity) => entity.type)).toEqual(["bold", "italic", "code", "text_link"]);

    const code = await bot.api.sendMessage(
      user.id,
      '<pre><code class="language-python">print(1)</code></pre> <code>x</code>',
      { parse_mode: "HTML" },
    );
    expect(code.entities).toEqual([
      { type: "pre", offset: 0, length: 8, language: "python" },
      { type: "code", offset: 9, length: 1 },
    ]);
    const badTag = await refusal(bot.api.sendMessage(user.id, "<foo>x</foo>", { parse_mode: "HTML" }));
    expect(badTag.description).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "foo" at byte offset 0',
    );
    const unclosed = await refusal(bot.api.sendMessage(user.id, "<b>x", { parse_mode: "HTML" }));
    expect(unclosed.description).toBe(
      "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"b\"",
    );
    const reserved = await refusal(bot.api.sendMessage(user.id, "Done.", { parse_mode: "MarkdownV2" }));
    expect(reserved.description).toBe(
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
  });

  it("keeps explicit entities instead of parsing", async () => {
    telegram = await startEmulatedTelegram();
    const sent = await telegram.bot.api.sendMessage(telegram.user.id, "<b>", {
      entities: [{ type: "italic", offset: 0, length: 3 }],
    });
    expect(sent).toMatchObject({ text: "<b>", entities: [{ type: "italic", offset: 0, length: 3 }] });
  });

  it("limits text to 4096 characters and refuses empty text", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    expect((await bot.api.sendMessage(user.id, "я".repeat(4096))).text).toHaveLength(4096);
    const long = await refusal(bot.api.sendMessage(user.id, "a".repeat(4097)));
    expect(long).toMatchObject({ error_code: 400, description: "Bad Request: message is too long" });
    const empty = await refusal(bot.api.sendMessage(user.id, "   "));
    expect(empty.description).toBe("Bad Request: message text is empty");
    const unknownChat = await refusal(bot.api.sendMessage(42, "hi"));
    expect(unknownChat.description).toBe("Bad Request: chat not found");
  });

  it("checks inline keyboards: 64-byte callback_data and buttons without an action", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await bot.api.sendMessage(user.id, "ok", {
      reply_markup: { inline_keyboard: [[{ text: "x", callback_data: "é".repeat(32) }]] },
    });
    const tooLong = await refusal(
      bot.api.sendMessage(user.id, "x", {
        reply_markup: { inline_keyboard: [[{ text: "x", callback_data: "é".repeat(33) }]] },
      }),
    );
    expect(tooLong.description).toBe("Bad Request: BUTTON_DATA_INVALID");
    const bare = await refusal(
      bot.api.raw.sendMessage({
        chat_id: user.id,
        text: "x",
        reply_markup: { inline_keyboard: [[{ text: "x" } as never]] },
      }),
    );
    expect(bare.description).toBe(
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
  });

  it("edits text, caption and markup, and refuses identical or missing targets", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const sent = await bot.api.sendMessage(user.id, "draft");
    const edited = await bot.api.editMessageText(user.id, sent.message_id, "final", {
      reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
    });
    expect(edited).toMatchObject({ text: "final", edit_date: expect.any(Number) });
    const same = await refusal(
      bot.api.editMessageText(user.id, sent.message_id, "final", {
        reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
      }),
    );
    expect(same.description).toBe(NOT_MODIFIED);
    await bot.api.editMessageReplyMarkup(user.id, sent.message_id, { reply_markup: { inline_keyboard: [] } });
    const sameMarkup = await refusal(
      bot.api.editMessageReplyMarkup(user.id, sent.message_id, { reply_markup: { inline_keyboard: [] } }),
    );
    expect(sameMarkup.description).toBe(NOT_MODIFIED);
    const view = user.chat.message(sent.message_id);
    expect(view).toMatchObject({
      edits: 2,
      message: { text: "final", reply_markup: { inline_keyboard: [] } },
    });

    const photo = await bot.api.sendPhoto(user.id, (await user.sendPhoto()).photo?.[0]?.file_id ?? "", {
      caption: "old",
    });
    expect(
      await bot.api.editMessageCaption(user.id, photo.message_id, {
        caption: "<i>new</i>",
        parse_mode: "HTML",
      }),
    ).toMatchObject({
      caption: "new",
      caption_entities: [{ type: "italic", offset: 0, length: 3 }],
    });
    const sameCaption = await refusal(
      bot.api.editMessageCaption(user.id, photo.message_id, { caption: "<i>new</i>", parse_mode: "HTML" }),
    );
    expect(sameCaption.description).toBe(NOT_MODIFIED);
    const noCaption = await refusal(bot.api.editMessageCaption(user.id, sent.message_id, { caption: "x" }));
    expect(noCaption.description).toBe("Bad Request: there is no caption in the message to edit");

    const missing = await refusal(bot.api.editMessageText(user.id, 999, "x"));
    expect(missing.description).toBe("Bad Request: message to edit not found");
  });

  it("deletes messages, marks them deleted and refuses editing them afterwards", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const sent = await bot.api.sendMessage(user.id, "temporary");
    expect(await bot.api.deleteMessage(user.id, sent.message_id)).toBe(true);
    expect(user.chat.message(sent.message_id)?.deleted).toBe(true);
    const again = await refusal(bot.api.deleteMessage(user.id, sent.message_id));
    expect(again.description).toBe("Bad Request: message to delete not found");
    const edit = await refusal(bot.api.editMessageText(user.id, sent.message_id, "x"));
    expect(edit.description).toBe("Bad Request: message to edit not found");
    const [a, b] = [await bot.api.sendMessage(user.id, "a"), await bot.api.sendMessage(user.id, "b")];
    expect(await bot.api.deleteMessages(user.id, [a.message_id, b.message_id, 999])).toBe(true);
    expect(user.chat.botMessages().filter((message) => !message.deleted)).toEqual([]);
  });
});

describe("callbacks, chat actions and commands", () => {
  it("records whether a pressed button was answered, via a polling bot", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    bot.callbackQuery("yes", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Saved", show_alert: true });
      await ctx.editMessageText("Saved ✓");
    });
    void bot.start();
    const menu = await bot.api.sendMessage(user.id, "Save?", {
      reply_markup: {
        inline_keyboard: [
          [
            { text: "Yes", callback_data: "yes" },
            { text: "No", callback_data: "no" },
          ],
        ],
      },
    });
    const pressed = user.pressButton(menu, "yes");
    expect(pressed.query).toMatchObject({
      data: "yes",
      from: { id: user.id },
      message: { message_id: menu.message_id },
    });
    await user.waitForAnswer(pressed);
    expect(pressed.answer).toEqual({ text: "Saved", show_alert: true });
    expect((await user.chat.waitForMessage((m) => m.message.text === "Saved ✓")).edits).toBe(1);

    // The edit without reply_markup removed the keyboard, as in Telegram.
    expect(() => user.pressButton(menu, "no")).toThrow(/no button/);
    await bot.stop();
    const second = await bot.api.sendMessage(user.id, "Again?", {
      reply_markup: { inline_keyboard: [[{ text: "No", callback_data: "no" }]] },
    });
    const unanswered = user.pressButton(second.message_id, "no");
    expect(unanswered.answered).toBe(false);
    const late = await refusal(bot.api.answerCallbackQuery(pressed.query.id));
    expect(late.description).toBe(
      "Bad Request: query is too old and response timeout expired or query ID is invalid",
    );
  });

  it("shows chat actions and refuses unknown ones", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const actions: string[] = [];
    user.chat.subscribe((event) => {
      if (event.type === "chat_action") actions.push(event.action);
    });
    expect(await bot.api.sendChatAction(user.id, "upload_video")).toBe(true);
    expect(actions).toEqual(["upload_video"]);
    const wrong = await refusal(bot.api.sendChatAction(user.id, "dancing" as "typing"));
    expect(wrong.description).toBe("Bad Request: wrong parameter action in request");
  });

  it("stores commands per scope and language", async () => {
    telegram = await startEmulatedTelegram();
    const { bot } = telegram;
    await bot.api.setMyCommands([{ command: "start", description: "Start" }]);
    await bot.api.setMyCommands([{ command: "start", description: "Почати" }], { language_code: "uk" });
    await bot.api.setMyCommands([{ command: "admin", description: "Admin" }], {
      scope: { type: "chat", chat_id: telegram.user.id },
    });
    expect(await bot.api.getMyCommands()).toEqual([{ command: "start", description: "Start" }]);
    expect(await bot.api.getMyCommands({ language_code: "uk" })).toEqual([
      { command: "start", description: "Почати" },
    ]);
    expect(await bot.api.getMyCommands({ scope: { type: "chat", chat_id: telegram.user.id } })).toEqual([
      { command: "admin", description: "Admin" },
    ]);
    expect(await bot.api.getMyCommands({ language_code: "ru" })).toEqual([]);
    const bad = await refusal(bot.api.setMyCommands([{ command: "Bad-Command", description: "x" }]));
    expect(bad.description).toBe("Bad Request: BOT_COMMAND_INVALID");
  });

  it("answers an unknown method with 404 Not Found and a wrong token with 401", async () => {
    telegram = await startEmulatedTelegram();
    const { emulator } = telegram;
    const unknown = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendTelepathy`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    const wrongToken = await fetch(`${emulator.apiRoot}/bot1:wrong/getMe`);
    expect(await wrongToken.json()).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    const form = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendMessage`, {
      method: "POST",
      body: new URLSearchParams({ chat_id: String(telegram.user.id), text: "urlencoded" }),
    });
    expect(await form.json()).toMatchObject({ ok: true, result: { text: "urlencoded" } });
  });
});

describe("groups", () => {
  it("delivers member messages from a group and lets the bot answer there", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const bob = emulator.users.create({ first_name: "Bob", username: "bob_the_user" });
    const group = emulator.users.createGroup({ title: "Team", type: "supergroup", members: [user, bob] });
    bot.on("message", (ctx) => ctx.reply(`${ctx.chat.type}: ${ctx.from?.first_name}`));
    void bot.start();
    bob.sendCommand("start@emulated_bot", undefined, { chat: group });
    const reply = await group.waitForMessage();
    expect(reply.message).toMatchObject({ text: "supergroup: Bob", chat: { id: group.id, title: "Team" } });
    expect(group.id).toBeLessThan(-1000000000000);
  });

  it("reports every chat event to subscribers and times out a wait that finds nothing", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const events: string[] = [];
    const unsubscribe = emulator.subscribe((event) => events.push(`${event.type}:${event.chatId}`));
    user.sendText("hi");
    const sent = await bot.api.sendMessage(user.id, "hello");
    await bot.api.editMessageText(user.id, sent.message_id, "hello!");
    await bot.api.deleteMessage(user.id, sent.message_id);
    unsubscribe();
    await bot.api.sendMessage(user.id, "unheard");
    expect(events).toEqual([
      `message:${user.id}`,
      `message:${user.id}`,
      `edit:${user.id}`,
      `delete:${user.id}`,
    ]);
    await expect(
      user.chat.waitForMessage((m) => m.message.text === "never", { timeoutMs: 20 }),
    ).rejects.toThrow(/no matching message/);
  });

  it("keeps reply keyboards where the user's app shows them, and reads parse_mode in any case", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await bot.api.sendMessage(user.id, "_menu_", {
      parse_mode: "markdownv2" as "MarkdownV2",
      reply_markup: { keyboard: [[{ text: "New task" }, { text: "Help" }]], resize_keyboard: true },
    });
    const menu = user.chat.lastBotMessage();
    expect(menu?.message.reply_markup).toBeUndefined();
    expect(menu?.message.entities).toEqual([{ type: "italic", offset: 0, length: 4 }]);
    expect(menu?.sentReplyMarkup).toEqual({
      keyboard: [[{ text: "New task" }, { text: "Help" }]],
      resize_keyboard: true,
    });
  });

  it("delivers a user's edit as edited_message", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    bot.on("edited_message:text", (ctx) => ctx.reply(`now: ${ctx.editedMessage.text}`));
    void bot.start();
    const original = user.sendText("tpyo");
    user.editText(original, "typo");
    expect((await user.chat.waitForMessage()).message.text).toBe("now: typo");
    expect(user.chat.message(original.message_id)).toMatchObject({ edits: 1, message: { text: "typo" } });
  });

  it("stores the bot's name, descriptions and menu button, and answers getChat", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await bot.api.setMyDescription("Makes videos", { language_code: "en" });
    await bot.api.setMyShortDescription("Videos");
    await bot.api.setMyName("Companion");
    await bot.api.setChatMenuButton({ menu_button: { type: "commands" } });
    expect(await bot.api.getMyDescription({ language_code: "en" })).toEqual({ description: "Makes videos" });
    expect(await bot.api.getMyShortDescription()).toEqual({ short_description: "Videos" });
    expect(await bot.api.getMyName()).toEqual({ name: "Companion" });
    expect(await bot.api.getChatMenuButton()).toEqual({ type: "commands" });
    expect(await bot.api.getChat(user.id)).toMatchObject({ id: user.id, type: "private", first_name: "Ann" });
  });
});
