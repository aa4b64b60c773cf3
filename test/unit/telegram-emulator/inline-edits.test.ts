/**
 * Messages sent through inline mode in the emulator: a photo posted "via" the bot is edited by its
 * inline_message_id alone (its caption, and its media from a URL or a file_id, never an upload), each edit
 * answering `true`; and a test can send the chosen_inline_result Telegram sends with inline feedback on.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InputFile } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, refusal, startEmulatedTelegram } from "../../support/telegram-emulator.js";

const JPEG = readFileSync(new URL("../../../dev/fixtures/sample.jpg", import.meta.url));
const KEYBOARD = { inline_keyboard: [[{ text: "🎨 Make an image", switch_inline_query_current_chat: "" }]] };

let telegram: EmulatedTelegram;
let files: Server | undefined;
afterEach(async () => {
  await telegram?.close();
  files?.close();
  files = undefined;
});

/** A server of one JPEG, at a loopback address the emulator fetches. */
async function jpegUrl(): Promise<string> {
  files = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(JPEG.length) });
    res.end(JPEG);
  });
  files.listen(0, "127.0.0.1");
  await once(files, "listening");
  return `http://127.0.0.1:${(files.address() as AddressInfo).port}/image.jpg`;
}

describe("inline messages", () => {
  it("are the user's messages via the bot, edited by their id: caption, then media from a URL", async () => {
    telegram = await startEmulatedTelegram({ bot: { username: "companion_bot" } });
    const { bot, user } = telegram;
    const id = await user.postInlinePhoto({ caption: "⏳ making your image…", replyMarkup: KEYBOARD });
    const posted = user.chat.messages().at(-1);
    expect(posted?.message.from?.id).toBe(user.id);
    expect(posted?.message.via_bot?.username).toBe("companion_bot");

    expect(await bot.api.editMessageCaptionInline(id, { caption: "still making it" })).toBe(true);
    expect(user.chat.messages().at(-1)?.message.caption).toBe("still making it");

    const url = await jpegUrl();
    expect(
      await bot.api.editMessageMediaInline(
        id,
        { type: "photo", media: url, caption: "a red fox" },
        { reply_markup: KEYBOARD },
      ),
    ).toBe(true);
    const edited = user.chat.messages().at(-1)?.message;
    expect(edited?.caption).toBe("a red fox");
    expect(edited?.photo?.length).toBeGreaterThan(0);
    expect(edited?.reply_markup).toEqual(KEYBOARD);
    expect(edited?.via_bot?.username).toBe("companion_bot");
  });

  it("take no upload as their media, and an unknown id is refused", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const id = await user.postInlinePhoto({ caption: "⏳" });
    const upload = await refusal(
      bot.api.editMessageMediaInline(id, { type: "photo", media: new InputFile(JPEG, "image.jpg") }),
    );
    expect(upload.description).toMatch(/uploaded files/);
    const unknown = await refusal(bot.api.editMessageCaptionInline("AgAAA-nothing", { caption: "x" }));
    expect(unknown.description).toMatch(/MESSAGE_ID_INVALID/);
  });

  it("are reported chosen as Telegram reports them with inline feedback on", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const id = await user.postInlinePhoto({ caption: "⏳", replyMarkup: KEYBOARD });
    user.sendChosenInlineResult("img:abc", "a red fox", id);
    const [update] = await bot.api.getUpdates({ allowed_updates: ["chosen_inline_result"] });
    expect(update?.chosen_inline_result).toEqual({
      result_id: "img:abc",
      from: user.user,
      query: "a red fox",
      inline_message_id: id,
    });
  });
});
