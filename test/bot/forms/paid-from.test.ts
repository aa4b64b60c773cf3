/**
 * Every card says in words which balance pays, in one line the form engine draws for both services'
 * forms (and the batch card of a file of prompts says it alike): the media task balance for a task, the
 * AI images and videos balance for a generation. The line keeps the card within twelve lines, the
 * choices it pushes out waiting behind Details, and changes nothing that is sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ProfileSchema } from "../../../src/tasks-service/responses.js";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { GenerationRig } from "../../support/generation-rig.js";
import { audio, photo } from "../../support/telegram-messages.js";

let forms: FormRig | undefined;
let rig: GenerationRig | undefined;
afterEach(async () => {
  await forms?.close();
  await rig?.close();
  forms = undefined;
  rig = undefined;
});

const lineCount = (text: string) => text.split("\n").length;

/** The lines of the card from its money block on. */
function moneyBlock(text: string): string[] {
  const lines = text.split("\n");
  return lines.slice(lines.findIndex((line) => line.startsWith("Paid from") || line.startsWith("Оплата")));
}

describe("a task's card", () => {
  it("says the media task balance pays, above the cost, in twelve lines at most", async () => {
    forms = await FormRig.create();
    const user = forms.harness.user(701);
    await forms.harness.sendMessage(user, photo("p1"));
    const card = forms.card(user).text;
    expect(moneyBlock(card)).toEqual([
      "Paid from: media tasks balance",
      "Cost: about 2 tokens",
      "Balance: 12,500 tokens",
    ]);
    expect(card.match(/Paid from/g)).toHaveLength(1);
    expect(lineCount(card)).toBeLessThanOrEqual(12);
    // The choice the line pushed out of view is behind Details, and Create still sends every one.
    expect(card).not.toContain("Subtitle size");
    await forms.tap(user, "🔽 Details: ");
    expect(forms.card(user).text).toContain("Subtitle size: Medium");
    await forms.create(user);
    expect(forms.created).toHaveLength(1);
    expect(forms.created[0]?.type).toBe("video");
  });

  it("on a plan without tokens, says the plan pays", async () => {
    forms = await FormRig.create();
    forms.tasksService.profile = ProfileSchema.parse({ user_id: 777, tariff: "Pro", limits: {}, usage: {} });
    const user = forms.harness.user(702);
    await forms.fromIntake(user, "Transcription", audio("a1", 90));
    const card = forms.card(user).text;
    expect(card).toContain("\n\nPaid from: your media tasks plan\nFrom your monthly allowance");
    expect(card).not.toContain("balance");
  });

  it("says it in Ukrainian and Russian", async () => {
    forms = await FormRig.create();
    const uk = forms.harness.user(703, "uk");
    await forms.harness.sendMessage(uk, photo("p1"));
    expect(forms.card(uk).text).toContain("\n\nОплата: з балансу медіазавдань\n");
    const ru = forms.harness.user(704, "ru");
    await forms.harness.sendMessage(ru, photo("p2"));
    expect(forms.card(ru).text).toContain("\n\nОплата: с баланса медиазадач\n");
  });
});

describe("a generation's card", () => {
  async function linked(id: number, language = "en"): Promise<TestUser> {
    rig ??= await GenerationRig.create();
    const user = rig.harness.user(id, language);
    await rig.link(user, { balance: 5_000 });
    return user;
  }

  it("an image card says the AI images and videos balance pays, above the price; Create sends what it did", async () => {
    const user = await linked(711);
    const generations = rig as GenerationRig;
    await generations.harness.send(user, "/image a fox in neon rain");
    const card = generations.card(user).text;
    expect(moneyBlock(card)).toEqual([
      "Paid from: AI images and videos balance",
      "Price: 1 × 40 = 40 tokens (about $0.04)",
      "Balance: 5,000 tokens",
      "You are charged only for the images that succeed.",
    ]);
    expect(lineCount(card)).toBeLessThanOrEqual(12);
    await generations.create(user);
    const bodies = generations.proxy.json("POST", "/v1/images/generations");
    expect(bodies).toEqual([
      { prompt: "a fox in neon rain", model: "lumen-image-2", aspect: "1:1", resolution: "1K" },
    ]);
    // The batch's own card, once the service has it, names the balance the reservation came from.
    const batchCard = textOf(lastCall(generations.harness.calls, "editMessageText"));
    expect(batchCard).toContain("Reserved 40 tokens");
    expect(batchCard).toContain("AI images and videos balance after the reservation: 4,960 tokens.");
  });

  it("a video card says it too in twelve lines, the length behind Details", async () => {
    const user = await linked(712);
    const generations = rig as GenerationRig;
    await generations.harness.send(user, "/video a red balloon over the city");
    const card = generations.card(user).text;
    expect(moneyBlock(card)[0]).toBe("Paid from: AI images and videos balance");
    expect(moneyBlock(card)[1]).toContain("Price:");
    expect(lineCount(card)).toBeLessThanOrEqual(12);
    await generations.tap(user, "🔽 Details: ");
    expect(generations.card(user).text).toContain("Length: 8 seconds");
  });

  it("says it in Ukrainian and Russian", async () => {
    const uk = await linked(713, "uk");
    const generations = rig as GenerationRig;
    await generations.harness.send(uk, "/image лисиця під неоновим дощем");
    expect(generations.card(uk).text).toContain("\n\nОплата: з балансу ШІ-зображень та відео\n");
    const ru = await linked(714, "ru");
    await generations.harness.send(ru, "/image лиса под неоновым дождём");
    expect(generations.card(ru).text).toContain("\n\nОплата: с баланса ИИ-изображений и видео\n");
  });

  it("the card of a file of prompts says it above the price", async () => {
    const user = await linked(715);
    const generations = rig as GenerationRig;
    const text = "a cat\na dog\na fox";
    generations.textFiles.set("doc-prompts", text);
    const sent = await generations.harness.sendMessage(user, {
      document: {
        file_id: "doc-prompts",
        file_unique_id: "doc-prompts-u",
        file_name: "prompts.txt",
        file_size: Buffer.byteLength(text),
      },
    });
    const offers = sent.filter((call) => call.method === "sendMessage").at(-1);
    const pressed = await generations.harness.press(
      user,
      BotHarness.button(offers, "🖼 Images, one per line"),
    );
    const preview = textOf(pressed.filter((call) => call.method === "editMessageText").at(-1));
    expect(moneyBlock(preview)).toEqual([
      "Paid from: AI images and videos balance",
      "Price: 120 tokens for 3 images",
      "Balance: 5,000 tokens. You pay only for the images that succeed.",
    ]);
    expect(lineCount(preview)).toBeLessThanOrEqual(12);
  });
});
