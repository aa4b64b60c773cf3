/**
 * "🎨 Make an image" in inline mode, against the generation sandbox: the offer (only with an account
 * linked and words typed, priced as the image form prices one image), the placeholder replaced through
 * inline_message_id, one image and one charge however often Telegram repeats chosen_inline_result, and a
 * failure said in the placeholder's caption with nothing charged.
 */
import type { InlineQueryResultPhoto, Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { inlineImageOffer } from "../../../src/bot/generations/inline-image.js";
import { RETENTION_SET } from "../../../src/generations/retention.js";
import { readUpdate } from "../../../src/updates/updates.js";
import type { ApiCall, TestUser } from "../../support/bot-harness.js";
import { GenerationRig, INLINE_PLACEHOLDER_URL } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const INLINE_MESSAGE_ID = "AgAAAInlineMessage-1";

function deps() {
  const inline = rig.generationFeatures().inlineImage;
  if (!inline) throw new Error("the pipeline offers no inline image");
  return inline;
}

/** The inline answer's "Make an image" results for the user's query, in English. */
async function offer(user: TestUser, query: string): Promise<InlineQueryResultPhoto[]> {
  const t = (key: string, variables?: Record<string, string | number>) =>
    rig.harness.bot.i18n.t("en", key, variables);
  const results = await inlineImageOffer(deps())({ userId: user.id, query, t, locale: "en" });
  return results.map((result) => {
    if (result.type !== "photo" || !("photo_url" in result)) throw new Error("not a photo by URL");
    return result;
  });
}

/** The update Telegram sends when the user picks a result (and inline feedback is on). */
function chosen(user: TestUser, resultId: string, query: string, inlineMessageId = INLINE_MESSAGE_ID) {
  return {
    chosen_inline_result: {
      result_id: resultId,
      from: { id: user.id, is_bot: false, first_name: user.first_name, language_code: "en" },
      query,
      inline_message_id: inlineMessageId,
    },
  };
}

/** Lets the sandbox finish its work, polls the user's generations and lets delivery finish. */
async function finish(user: TestUser) {
  rig.sandbox.step(3);
  await rig.storage.sortedSets.add("generations:poll", String(user.id), 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

function callsOf(method: string): ApiCall[] {
  return rig.harness.calls.filter((call) => call.method === method);
}

/** The catalog's default image model, as the sandbox lists it. */
async function defaultImageModel() {
  const catalog = (await (await fetch(`${rig.sandbox.baseUrl}/v1/models`)).json()) as {
    image: {
      default: string;
      models: Array<{
        id: string;
        price_tokens: { min: number; max: number };
        aspects: string[];
        resolutions: string[];
        quality_modes: string[];
        backgrounds: string[];
      }>;
    };
  };
  const model = catalog.image.models.find((entry) => entry.id === catalog.image.default);
  if (!model) throw new Error("the sandbox lists no default image model");
  return model;
}

describe("the offer", () => {
  it("is there only with an account linked and words typed, priced as the image form prices one image", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4101);
    expect(await offer(user, "a red fox in the snow")).toEqual([]);

    await rig.link(user, { plan: "Pro", balance: 5_000 });
    expect(await offer(user, "")).toEqual([]);
    expect(await offer(user, "   ")).toEqual([]);

    const [result, ...others] = await offer(user, "a red fox in the snow");
    expect(others).toEqual([]);
    const model = await defaultImageModel();
    expect(model.price_tokens.min).toBe(model.price_tokens.max);
    expect(result?.id).toMatch(/^img:[A-Za-z0-9_-]{12}$/);
    expect(result).toMatchObject({
      type: "photo",
      photo_url: INLINE_PLACEHOLDER_URL,
      thumbnail_url: INLINE_PLACEHOLDER_URL,
      title: "🎨 Make an image: a red fox in the snow",
      description: `${model.price_tokens.max} tokens, paid only if it comes out`,
      caption: "⏳ making your image…\na red fox in the snow",
    });
    // Its buttons are what makes Telegram report the inline message's id with the chosen result.
    expect(result?.reply_markup?.inline_keyboard.flat().length).toBeGreaterThan(0);
  });
});

describe("the offer in the bot's inline answer", () => {
  it("comes first, before the user's results, once a generation account is linked", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4103);
    const answerTo = async (id: string, query: string) => {
      const calls = await rig.harness.handle({
        inline_query: { id, from: { is_bot: false, ...user }, query, offset: "", chat_type: "sender" },
      } as Omit<Update, "update_id">);
      const answer = calls.find((call) => call.method === "answerInlineQuery");
      return (answer?.payload.results ?? []) as Array<{ id: string; title?: string }>;
    };
    expect((await answerTo("q1", "a red fox")).filter((result) => result.id.startsWith("img:"))).toEqual([]);
    await rig.link(user, { plan: "Pro", balance: 5_000 });
    const [first] = await answerTo("q2", "a red fox");
    expect(first?.id).toMatch(/^img:/);
    expect(first?.title).toBe("🎨 Make an image: a red fox");
  });
});

describe("the offer while the user types", () => {
  it("reads the account once a minute, not once a keystroke, and at once after the account is linked", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4102);
    const t = (key: string, variables?: Record<string, string | number>) =>
      rig.harness.bot.i18n.t("en", key, variables);
    let clock = 1_000_000;
    const offers = inlineImageOffer(deps(), () => clock);
    const ask = (query: string) => offers({ userId: user.id, query, t, locale: "en" });
    const accountReads = () =>
      rig.proxy.requests.filter((entry) => entry.method === "GET" && entry.path === "/v1/account").length;

    expect(await ask("a red")).toEqual([]);
    await rig.link(user, { plan: "Pro", balance: 5_000 });
    const before = accountReads();
    for (const query of ["a red f", "a red fox", "a red fox in", "a red fox in the snow"])
      expect(await ask(query)).toHaveLength(1);
    expect(accountReads() - before).toBe(1);

    clock += 61_000;
    expect(await ask("a red fox in the snow at dusk")).toHaveLength(1);
    expect(accountReads() - before).toBe(2);
  });
});

describe("a chosen image", () => {
  it("is made once and charged once however often Telegram repeats the chosen result, and replaces its placeholder", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4102);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    const [result] = await offer(user, "a red fox in the snow");
    if (!result) throw new Error("no offer");
    const update = chosen(user, result.id, "a red fox in the snow");
    expect(readUpdate({ update_id: 1, ...update })).toMatchObject({ kind: "update" });

    await Promise.all([rig.harness.handle(update), rig.harness.handle(update), rig.harness.handle(update)]);
    await rig.settle();
    await rig.harness.handle(update);
    await rig.settle();
    await finish(user);
    await rig.harness.handle(update);
    await finish(user);

    const model = await defaultImageModel();
    const creates = rig.proxy.requests.filter((entry) => entry.method === "POST");
    expect(creates.map((entry) => entry.path)).toEqual(["/v1/images/generations"]);
    expect(JSON.parse(creates[0]?.body.toString() ?? "")).toEqual({
      prompt: "a red fox in the snow",
      model: model.id,
      ...(model.aspects[0] ? { aspect: model.aspects[0] } : {}),
      ...(model.resolutions[0] ? { resolution: model.resolutions[0] } : {}),
      ...(model.quality_modes[0] ? { quality_mode: model.quality_modes[0] } : {}),
      ...(model.backgrounds[0] ? { background: model.backgrounds[0] } : {}),
    });
    expect(creates[0]?.headers["idempotency-key"]).toEqual(expect.any(String));
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000 - model.price_tokens.max);

    const edits = callsOf("editMessageMedia");
    expect(edits).toHaveLength(1);
    expect(edits[0]?.payload.inline_message_id).toBe(INLINE_MESSAGE_ID);
    expect(edits[0]?.payload.chat_id).toBeUndefined();
    // A link Telegram fetches: an inline message's media is never edited from an upload.
    expect(edits[0]?.payload.media).toEqual({
      type: "photo",
      media: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\/.+[?&]sig=/),
      caption: "a red fox in the snow",
    });
    // No notice before it leaves the service: Telegram has it.
    expect(await rig.storage.sortedSets.rangeByScore(RETENTION_SET, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    // With no chat to it, the update went through the bot's setup as any other: nothing failed.
    expect(rig.harness.logLines.filter((line) => line.includes('"update failed"'))).toEqual([]);
    // Nothing else reached a chat: no card, no photo, no message.
    expect(rig.harness.calls.map((call) => call.method)).toEqual(["editMessageMedia"]);
  });

  it("chosen again from an answer Telegram kept is a new inline message, and a new image for it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4106);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    const [result] = await offer(user, "a red fox in the snow");
    if (!result) throw new Error("no offer");
    for (const inlineMessageId of ["AgAAA-first", "AgAAA-second", "AgAAA-first"]) {
      await rig.harness.handle(chosen(user, result.id, "a red fox in the snow", inlineMessageId));
      await rig.settle();
    }
    await finish(user);

    const model = await defaultImageModel();
    const creates = rig.proxy.requests.filter((entry) => entry.method === "POST");
    expect(creates).toHaveLength(2);
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000 - 2 * model.price_tokens.max);
    const replaced = callsOf("editMessageMedia").map((call) => call.payload.inline_message_id);
    expect(replaced.sort()).toEqual(["AgAAA-first", "AgAAA-second"]);
  });

  it("that fails says so in the placeholder's caption, and nothing is charged", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4103);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    const [result] = await offer(user, "a lantern on the water");
    if (!result) throw new Error("no offer");
    rig.sandbox.faults.failGenerations(1);
    await rig.harness.handle(chosen(user, result.id, "a lantern on the water"));
    await rig.settle();
    await finish(user);

    const model = await defaultImageModel();
    expect(callsOf("editMessageMedia")).toEqual([]);
    const captions = callsOf("editMessageCaption");
    expect(captions).toHaveLength(1);
    expect(captions[0]?.payload.inline_message_id).toBe(INLINE_MESSAGE_ID);
    expect(captions[0]?.payload.caption).toBe(
      `❌ The image did not come out (The model provider failed to generate the result). Nothing was charged: ${model.price_tokens.max} tokens returned.`,
    );
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000);
  });

  it("that the service refuses says why in the placeholder's caption", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4104);
    const key = await rig.link(user, { plan: "Pro", balance: 1 });
    const [result] = await offer(user, "a lantern on the water");
    if (!result) throw new Error("no offer");
    await rig.harness.handle(chosen(user, result.id, "a lantern on the water"));
    await rig.settle();

    const captions = callsOf("editMessageCaption");
    expect(captions).toHaveLength(1);
    expect(captions[0]?.payload.inline_message_id).toBe(INLINE_MESSAGE_ID);
    expect(String(captions[0]?.payload.caption)).toMatch(
      /^❌ The image was not made\. .+ Nothing was charged\.$/,
    );
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(1);
    expect(callsOf("sendMessage")).toEqual([]);
  });

  it("from an offer no longer kept asks for the words again, and makes nothing", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(4105);
    await rig.link(user);
    await rig.harness.handle(chosen(user, "img:AAAAAAAAAAAA", "a lantern"));
    await rig.settle();
    expect(rig.proxy.requests.filter((entry) => entry.method === "POST")).toEqual([]);
    expect(callsOf("editMessageCaption")[0]?.payload).toMatchObject({
      inline_message_id: INLINE_MESSAGE_ID,
      caption: "⌛ This offer is too old to make the image. Type the words again and choose it anew.",
    });
  });
});
