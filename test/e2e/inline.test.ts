/**
 * Inline mode end to end: a result the bot delivered is offered in another chat by typing the bot's name,
 * only to the person it was made for; choosing it posts it there as that person's message "via" the bot,
 * and a file Telegram has since forgotten is no longer offered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatedUser } from "../../dev/telegram-emulator/index.js";
import {
  botMessages,
  type DeliveryStack,
  eventually,
  FIXTURE,
  press,
  startDeliveryStack,
} from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("inline mode end to end", () => {
  let stack: DeliveryStack;

  beforeAll(async () => {
    stack = await startDeliveryStack({
      redisUrl: redisServer?.url ?? "",
      emulator: { inline: { feedback: true } },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await redisServer?.stop();
  });

  function person(name: string): EmulatedUser {
    return stack.emulator.users.create({ first_name: name, language_code: "en" });
  }

  async function ask(user: EmulatedUser, query: string, chat?: number) {
    return user.waitForInlineAnswer(user.typeInline(query, chat === undefined ? {} : { chat }), 10_000);
  }

  it("shares a delivered video into a chat with a friend, and no one else sees it", async () => {
    const olena = person("Olena");
    const friend = person("Petro");
    const shared = stack.emulator.users.createChatBetween(olena, friend);
    await olena.sendPhoto({ bytes: FIXTURE("sample.jpg"), width: 320, height: 240, fileName: "cat.jpg" });
    await press(olena, "✅ Create");
    const video = await eventually(() => botMessages(olena).find((message) => message.video), 20_000);

    const answer = await eventually(async () => {
      const asked = await ask(olena, "", shared.id);
      return (asked.answer?.results.length ?? 0) > 0 ? asked : undefined;
    }, 10_000);
    expect(answer.answer?.is_personal).toBe(true);
    expect(answer.answer?.results).toEqual([
      expect.objectContaining({
        type: "video",
        video_file_id: video.video?.file_id,
        title: "Slideshow with voiceover",
      }),
    ]);
    expect((await ask(olena, "slideshow")).answer?.results).toHaveLength(1);
    expect((await ask(olena, "horse")).answer?.results).toHaveLength(0);

    const stranger = await ask(friend, "");
    expect(stranger.answer?.results).toEqual([]);
    expect(stranger.answer?.button?.start_parameter).toBe("inline");

    const [result] = answer.answer?.results ?? [];
    const posted = await olena.chooseInlineResult(answer, String(result?.id), { chat: shared });
    expect(posted.from?.id).toBe(olena.id);
    expect(posted.via_bot?.id).toBe(stack.emulator.bot.id);
    expect(posted.video?.file_id).toBe(video.video?.file_id);
    expect(shared.messages().map((entry) => entry.message.video?.file_id)).toEqual([video.video?.file_id]);
    // The chosen result reaches the bot, which takes it quietly: nothing is said in either chat.
    await eventually(() => stack.emulator.pendingUpdateCount() === 0 || undefined);
    expect(shared.messages()).toHaveLength(1);

    stack.emulator.forgetFile(String(video.video?.file_id));
    const afterwards = await ask(olena, "");
    expect(afterwards.answer?.results).toEqual([]);
    const refused = stack.emulator.calls.filter(
      (call) => call.method === "answerInlineQuery" && call.ok === false,
    );
    expect(refused.length).toBeGreaterThan(0);
  });
});
