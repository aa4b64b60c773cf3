/**
 * The emulator's inline mode as a bot meets it: an inline query from no chat, one answer checked as
 * Telegram checks it, a chosen result posted via the bot into a chat the bot is not in, and the choice
 * told to the bot only with inline feedback on.
 */
import { GrammyError } from "grammy";
import type { InlineQueryResult, Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, startEmulatedTelegram } from "../../support/telegram-emulator.js";

let telegram: EmulatedTelegram;

afterEach(async () => {
  await telegram?.close();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return (error as GrammyError).description;
}

async function nextUpdate(telegram: EmulatedTelegram, offset: number): Promise<Update> {
  const [update] = await telegram.bot.api.getUpdates({ offset, timeout: 5 });
  if (!update) throw new Error("no update");
  return update;
}

describe("inline mode in the emulator", () => {
  it("answers a query once, refuses forgotten files, and posts a chosen result via the bot", async () => {
    telegram = await startEmulatedTelegram({ inline: { feedback: true } });
    const { bot, user, emulator } = telegram;
    const friend = emulator.users.create({ first_name: "Sam" });
    const together = emulator.users.createChatBetween(user, friend);
    const video = await user.sendVideo({ size: 2048 }, { chat: together });
    const fileId = String(video.video?.file_id);

    const asked = user.typeInline("cat", { chat: together });
    const update = await nextUpdate(telegram, 0);
    expect(update.inline_query).toMatchObject({ query: "cat", offset: "", chat_type: "private" });
    expect(update.message).toBeUndefined();
    const id = String(update.inline_query?.id);

    const result: InlineQueryResult = { type: "video", id: "r:1", video_file_id: fileId, title: "Clip" };
    const tooMany = Array.from({ length: 51 }, (_, index) => ({ ...result, id: `r:${index}` }));
    expect(await refusal(bot.api.answerInlineQuery(id, tooMany))).toBe("Bad Request: RESULTS_TOO_MUCH");
    expect(await refusal(bot.api.answerInlineQuery(id, [result, result]))).toBe(
      "Bad Request: RESULT_ID_DUPLICATE",
    );
    expect(await refusal(bot.api.answerInlineQuery(id, [{ ...result, video_file_id: "no-such-file" }]))).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );
    await bot.api.answerInlineQuery(id, [result], { is_personal: true, next_offset: "r:1" });
    expect(await refusal(bot.api.answerInlineQuery(id, [result]))).toContain("query is too old");
    expect(asked.answer).toMatchObject({ is_personal: true, next_offset: "r:1" });

    const posted = await user.chooseInlineResult(asked, "r:1", { chat: together });
    expect(posted).toMatchObject({ from: { id: user.id }, via_bot: { id: emulator.bot.id } });
    expect(posted.video?.file_id).toBe(fileId);
    // The bot hears the choice, not the message in a chat it is not in; nor can it write there.
    const chosen = await nextUpdate(telegram, update.update_id + 1);
    expect(chosen.chosen_inline_result).toMatchObject({ result_id: "r:1", query: "cat" });
    expect(chosen.chosen_inline_result?.inline_message_id).toBeUndefined();
    expect(emulator.pendingUpdateCount()).toBe(1);
    expect(await refusal(bot.api.sendMessage(together.id, "hello"))).toBe("Bad Request: chat not found");

    emulator.forgetFile(fileId);
    const again = user.typeInline("");
    const second = await nextUpdate(telegram, chosen.update_id + 1);
    expect(await refusal(bot.api.answerInlineQuery(String(second.inline_query?.id), [result]))).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );
    expect(again.answered).toBe(false);
  });

  it("tells the bot nothing of a chosen result with inline feedback off", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user, emulator } = telegram;
    const asked = user.typeInline("");
    const update = await nextUpdate(telegram, 0);
    await bot.api.answerInlineQuery(String(update.inline_query?.id), [
      { type: "article", id: "a", title: "Hi", input_message_content: { message_text: "hi" } },
    ]);
    const posted = await user.chooseInlineResult(asked, "a");
    expect(posted.text).toBe("hi");
    // The private chat with the bot gets its message update; no chosen_inline_result follows it.
    const message = await nextUpdate(telegram, update.update_id + 1);
    expect(message.message?.via_bot?.id).toBe(emulator.bot.id);
    await bot.api.getUpdates({ offset: message.update_id + 1, timeout: 0 });
    expect(emulator.pendingUpdateCount()).toBe(0);
  });
});
