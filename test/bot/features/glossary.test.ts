/**
 * /glossary as a user meets it: names and terms added by typing them (several to a message, in any
 * script), removed by a tap, cleared after a question, and refused whole, with the room left said, when
 * they would go over the limit.
 */
import { describe, expect, it } from "vitest";
import { GlossaryStore } from "../../../src/bot/glossary.js";
import { type ApiCall, BotHarness, lastCall, textOf } from "../../support/bot-harness.js";

const labels = (call: ApiCall | undefined) => BotHarness.buttons(call).map((button) => button.text);
const reply = (calls: ApiCall[]) => lastCall(calls, "sendMessage");

describe("/glossary", () => {
  it("says what it is for and its limit, and takes the next message's terms, separated by commas or lines", async () => {
    const harness = new BotHarness();
    const user = harness.user(701);
    const empty = reply(await harness.send(user, "/glossary"));
    expect(textOf(empty)).toContain("📖 Your glossary");
    expect(textOf(empty)).toContain("It is empty for now.");
    expect(textOf(empty)).toContain("It holds up to 40 words, 400 characters in all; 400 characters left.");
    expect(labels(empty)).toEqual([]);

    const added = reply(await harness.send(user, "Dnipro, Zaporizhzhia\n  Олена   Зеленська ;dnipro,,"));
    expect(textOf(added)).toMatch(/^✅ Added: Dnipro, Zaporizhzhia, Олена Зеленська\.\n/);
    expect(textOf(added)).toContain("3 words: Dnipro, Zaporizhzhia, Олена Зеленська");
    expect(textOf(added)).toContain("367 characters left.");
    expect(labels(added)).toEqual(["✖️ Dnipro", "✖️ Zaporizhzhia", "✖️ Олена Зеленська", "🗑 Clear all"]);
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual([
      "Dnipro",
      "Zaporizhzhia",
      "Олена Зеленська",
    ]);

    // It keeps listening: the next message adds more; what it has already adds nothing.
    expect(textOf(reply(await harness.send(user, "Kyiv")))).toContain("4 words");
    expect(textOf(reply(await harness.send(user, "KYIV, dnipro")))).toMatch(
      /^⚠️ Those are in your glossary already\./,
    );
  });

  it("takes terms given with the command itself", async () => {
    const harness = new BotHarness();
    const user = harness.user(702);
    const added = reply(await harness.send(user, "/glossary 基辅, 第聂伯河、Kyiv، كييف"));
    expect(textOf(added)).toContain("✅ Added: 基辅, 第聂伯河, Kyiv, كييف.");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual([
      "基辅",
      "第聂伯河",
      "Kyiv",
      "كييف",
    ]);
  });

  it("removes the term tapped, and a tap on an older list removes nothing else", async () => {
    const harness = new BotHarness();
    const user = harness.user(703);
    const list = reply(await harness.send(user, "/glossary Dnipro, Kyiv, Lviv"));
    const removed = await harness.press(user, BotHarness.button(list, "✖️ Dnipro"));
    expect(lastCall(removed, "answerCallbackQuery")?.payload.text).toBe("Removed: Dnipro");
    const shown = lastCall(removed, "editMessageText");
    expect(labels(shown)).toEqual(["✖️ Kyiv", "✖️ Lviv", "🗑 Clear all"]);
    // The list as it was: its Kyiv button now points at Lviv's place, which it does not remove.
    const stale = await harness.press(user, BotHarness.button(list, "✖️ Kyiv"));
    expect(lastCall(stale, "answerCallbackQuery")?.payload.text).toContain("older message");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual(["Kyiv", "Lviv"]);
    await harness.press(user, BotHarness.button(shown, "✖️ Lviv"));
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual(["Kyiv"]);
  });

  it("clears all only once asked", async () => {
    const harness = new BotHarness();
    const user = harness.user(704);
    const list = reply(await harness.send(user, "/glossary Dnipro, Kyiv"));
    const asked = lastCall(
      await harness.press(user, BotHarness.button(list, "🗑 Clear all")),
      "editMessageText",
    );
    expect(textOf(asked)).toBe("Remove 2 words from your glossary?");
    const back = lastCall(await harness.press(user, BotHarness.button(asked, "« Back")), "editMessageText");
    expect(labels(back)).toContain("✖️ Kyiv");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual(["Dnipro", "Kyiv"]);
    const again = lastCall(
      await harness.press(user, BotHarness.button(back, "🗑 Clear all")),
      "editMessageText",
    );
    const cleared = await harness.press(user, BotHarness.button(again, "🗑 Yes, clear"));
    expect(lastCall(cleared, "answerCallbackQuery")?.payload.text).toBe("Glossary cleared");
    expect(textOf(lastCall(cleared, "editMessageText"))).toContain("It is empty for now.");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual([]);
  });

  it("refuses a message whole when it would go over the limit, saying how much room is left", async () => {
    const harness = new BotHarness();
    const user = harness.user(705);
    const store = new GlossaryStore(harness.storage.kv);
    // 380 characters in 10 terms of 38.
    const long = Array.from(
      { length: 10 },
      (_, index) => `${"Verkhovna Rada committee".padEnd(36, ".")} ${index}`,
    );
    await harness.send(user, `/glossary ${long.join(", ")}`);
    expect(await store.terms(user.id)).toHaveLength(10);

    const refused = reply(await harness.send(user, "Dnipro, Zaporizhzhia, Kyiv"));
    expect(textOf(refused)).toMatch(
      /^⚠️ Nothing added: that is 22 characters, and 20 are left of 400\. Remove a word first, or send fewer\./,
    );
    expect(await store.terms(user.id)).toHaveLength(10);
    // What fits still goes in.
    expect(textOf(reply(await harness.send(user, "Dnipro, Kyiv")))).toContain("10 characters left.");

    const tooLong = reply(await harness.send(user, `Lviv, ${"Zaporizhzhia".repeat(6)}`));
    expect(textOf(tooLong)).toContain("is too long for one name or term, which takes at most 60 characters");
    expect(await store.terms(user.id)).not.toContain("Lviv");
  });

  it("refuses more than forty terms, saying how many more fit", async () => {
    const harness = new BotHarness();
    const user = harness.user(706);
    await harness.send(user, `/glossary ${Array.from({ length: 38 }, (_, index) => `T${index}`).join(", ")}`);
    const refused = reply(await harness.send(user, "A, B, C"));
    expect(textOf(refused)).toContain(
      "Nothing added: the glossary holds 40 words at most, and there is room for 2 more.",
    );
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toHaveLength(38);
  });

  it("stops listening at another command, /cancel or a link: then the text is the rest of the bot's", async () => {
    const harness = new BotHarness();
    const user = harness.user(707);
    await harness.send(user, "/glossary");
    await harness.send(user, "/cancel");
    await harness.send(user, "Good morning, everyone.");
    await harness.send(user, "/glossary");
    await harness.send(user, "/settings");
    await harness.send(user, "Good morning again.");
    await harness.send(user, "/glossary");
    await harness.send(user, "https://example.com/talk.mp4");
    await harness.send(user, "Good morning once more.");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual([]);
    await harness.send(user, "/glossary");
    await harness.send(user, "Kyiv");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual(["Kyiv"]);
  });

  it("stops listening ten minutes after it was shown", async () => {
    let clock = Date.parse("2026-11-27T10:00:00Z");
    const harness = new BotHarness({ now: () => new Date(clock) });
    const user = harness.user(711);
    await harness.send(user, "/glossary");
    clock += 9 * 60 * 1000;
    await harness.send(user, "Dnipro");
    clock += 11 * 60 * 1000;
    await harness.send(user, "Good morning, everyone.");
    expect(await new GlossaryStore(harness.storage.kv).terms(user.id)).toEqual(["Dnipro"]);
  });

  it("speaks Ukrainian and Russian with the right plurals", async () => {
    const harness = new BotHarness();
    const uk = harness.user(708, "uk");
    const ukrainian = textOf(reply(await harness.send(uk, "/glossary Дніпро, Київ, Львів, Одеса, Херсон")));
    expect(ukrainian).toContain("✅ Додано: Дніпро, Київ, Львів, Одеса, Херсон.");
    expect(ukrainian).toContain("5 слів: Дніпро");
    expect(ukrainian).toContain("лишилося 374 символи.");
    const ru = harness.user(709, "ru");
    const russian = textOf(reply(await harness.send(ru, "/glossary Днепр, Киев")));
    expect(russian).toContain("2 слова: Днепр, Киев");
    expect(russian).toContain("остался 391 символ.");
  });

  it("is offered to a newcomer on /start and named in /help, which keeps to fifteen lines", async () => {
    const harness = new BotHarness();
    const user = harness.user(710, "uk");
    const start = textOf(reply(await harness.send(user, "/start")));
    expect(start).toContain(
      "📖 Імена у ваших записах розпізнаються неправильно? Додайте їх один раз у /glossary.",
    );
    const help = textOf(reply(await harness.send(user, "/help")));
    expect(help).toContain("/glossary – ваші імена й терміни");
    expect(help.split("\n").length).toBeLessThanOrEqual(15);
  });
});
