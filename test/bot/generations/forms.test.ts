/**
 * The generation service's forms, driven as a user would, against the generation sandbox: every way in,
 * the options the catalog gives, the price before Create, and the exact requests (body and headers) the
 * service receives.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig, JPEG, jpegPhoto } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const KEY_PATTERN = /^[0-9a-f]{64}$/;

function creates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/images/generations",
  );
}

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

async function openFromCommand(user: TestUser, text = "/image") {
  await rig.harness.send(user, text);
}

describe("images from text", () => {
  it("/image asks for the prompt, quotes the price, and Create sends the body with its key", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(301);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    await openFromCommand(user);
    expect(rig.card(user).text).toContain("Describe the picture.");
    await rig.harness.send(user, "a fox in neon rain");
    const card = rig.card(user).text;
    expect(card).toContain("<b>Image from text</b>");
    expect(card).toContain("Prompt: a fox in neon rain");
    expect(card).toContain("Model: Lumen Image 2 · 40 tokens");
    expect(card).toContain("Shape: Square 1:1");
    expect(card).toContain("Size: 1K");
    expect(card).toContain("Price: 1 × 40 = 40 tokens (about $0.04)");
    expect(card).toContain("Balance: 5,000 tokens");
    expect(card).toContain("You are charged only for the images that succeed.");
    await rig.create(user);

    const [create] = creates();
    expect(bodyOf(create)).toEqual({
      prompt: "a fox in neon rain",
      model: "lumen-image-2",
      aspect: "1:1",
      resolution: "1K",
    });
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
    expect(create?.headers["content-type"]).toBe("application/json");
    expect(sandboxBalance(key)).toBe(5_000 - 40);
    const cardText = textOf(lastCall(rig.harness.calls, "editMessageText"));
    expect(cardText).toContain("Reserved 40 tokens");
  });

  it("several lines are a batch of prompts, and n makes variants of each", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(302);
    await rig.link(user);
    await openFromCommand(user);
    await rig.harness.send(user, "a red car\n\n  a blue boat \na green tree");
    await rig.choose(user, "✏️ Prompt and count", "Images per prompt", "2");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Prompt: 3 prompts, the first: a red car");
    expect(rig.card(user).text).toContain("Price: 6 × 40 = 240 tokens");
    await rig.create(user);
    expect(bodyOf(creates()[0])).toEqual({
      prompts: ["a red car", "a blue boat", "a green tree"],
      n: 2,
      model: "lumen-image-2",
      aspect: "1:1",
      resolution: "1K",
    });
  });

  it("offers only the chosen model's options, quotes its range, and drops what the next model does not take", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(303);
    await rig.link(user, { plan: "Pro" });
    await openFromCommand(user, "/image a lighthouse at dawn");
    await rig.choose(user, "🧠 Model", "Model", "Prism Image 1");
    await rig.choose(user, "📐 Shape and size", "Background", "Transparent");
    await rig.choose(user, "📐 Shape and size", "Size", "4K");
    await rig.choose(user, "🧠 Model and quality", "Quality", "High");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Price: 1 × 20–1,250 = 20–1,250 tokens");
    // Atelier has no backgrounds and no 4K: they go, and only its own options are offered.
    await rig.choose(user, "🧠 Model", "Model", "Atelier 3");
    await rig.choose(user, "🧠 Model and quality", "Quality");
    const options = rig.buttons(user).filter((text) => text !== "« Back" && text !== "Reset to default");
    expect(options).toEqual(["• Fast", "Best quality"]);
    await rig.tap(user, "Best quality");
    await rig.choose(user, "📐 Shape and size", "Shape", "Wide 21:9");
    expect(rig.buttons(user).some((text) => text.startsWith("Background"))).toBe(false);
    await rig.create(user);
    expect(bodyOf(creates()[0])).toEqual({
      prompt: "a lighthouse at dawn",
      model: "atelier-3",
      aspect: "21:9",
      resolution: "1K",
      quality_mode: "QUALITY",
    });
  });

  it("a Free plan sees Pro-only models and sizes locked, is told why on a press, and never sends them", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(304);
    await rig.link(user, { plan: "Free" });
    await openFromCommand(user, "/image a quiet street");
    await rig.choose(user, "🧠 Model", "Model");
    expect(rig.buttons(user)).toContain("🔒 Prism Image 1 · 20–1,250 tokens");
    await rig.tap(user, "🔒 Prism Image 1");
    expect(rig.card(user).text).toContain("Prism Image 1 needs the Pro plan.");
    expect(rig.card(user).text).toContain("<b>Model</b>");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Model: Lumen Image 2");
    await rig.choose(user, "📐 Shape and size", "Size");
    expect(rig.buttons(user)).toContain("🔒 4K");
    await rig.tap(user, "🔒 4K");
    expect(rig.card(user).text).toContain("4K needs the Pro plan.");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Size: 1K");
    await rig.create(user);
    expect(bodyOf(creates()[0])).toMatchObject({ model: "lumen-image-2", resolution: "1K" });
  });

  it("an account now on Free is not offered the Pro-only choices it made on Pro, and does not send them", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(306);
    const key = await rig.link(user, { plan: "Pro" });
    await openFromCommand(user, "/image a harbour at dawn");
    await rig.choose(user, "📐 Shape and size", "Size", "4K");
    await rig.create(user);
    expect(bodyOf(creates()[0])).toMatchObject({ resolution: "4K" });
    rig.sandbox.accounts.setPlan(key.accountId, "Free");
    await openFromCommand(user, "/image a harbour at dusk");
    expect(rig.card(user).text).toContain("Size: 1K");
    await rig.choose(user, "📐 Shape and size", "Size");
    expect(rig.buttons(user)).toContain("🔒 4K");
    expect(rig.buttons(user)).not.toContain("• 4K");
    await rig.create(user);
    expect(bodyOf(creates()[1])).toMatchObject({ model: "lumen-image-2", resolution: "1K" });
  });

  it("a plain text sent outside a form is offered as a prompt", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(305);
    await rig.link(user);
    const offer = lastCall(await rig.harness.send(user, "a cat reading a newspaper"), "sendMessage");
    expect(textOf(offer)).toBe("What should I make of this text (25 characters)?");
    await rig.harness.press(user, BotHarness.button(offer, "Image from text"));
    expect(rig.card(user).text).toContain("Prompt: a cat reading a newspaper");
    await rig.create(user);
    expect(bodyOf(creates()[0])).toMatchObject({ prompt: "a cat reading a newspaper" });
  });

  it("the /start menu has the entry", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(306);
    await rig.link(user);
    const menu = lastCall(await rig.harness.send(user, "/start"), "sendMessage");
    await rig.harness.press(user, BotHarness.button(menu, "Image from text"));
    expect(rig.card(user).text).toContain("Describe the picture.");
  });
});

describe("a reference image", () => {
  it("uploads the photos sent as images, each with its own key, then blends them with one prompt", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(311);
    const key = await rig.link(user);
    await rig.harness.sendMessage(user, { ...jpegPhoto("ph1"), media_group_id: "album-1" });
    const offer = lastCall(
      await rig.harness.sendMessage(user, { ...jpegPhoto("ph2"), media_group_id: "album-1" }),
      "editMessageText",
    );
    await rig.harness.press(user, BotHarness.button(offer, "Image from reference photos"));
    expect(rig.card(user).text).toContain("Describe the new picture");
    await rig.harness.send(user, "the two of them on a beach");
    expect(rig.card(user).text).toContain("<b>Image from reference photos</b>\n2 of 3 files at most");
    await rig.create(user);

    const uploads = rig.proxy.requests.filter((entry) => entry.path === "/v1/files?kind=image");
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(upload.method).toBe("POST");
      expect(upload.headers.authorization).toBe(`Bearer ${key.apiKey}`);
      expect(upload.headers["content-type"]).toBe("application/octet-stream");
      expect(upload.headers["idempotency-key"]).toMatch(KEY_PATTERN);
      expect(upload.body.equals(JPEG)).toBe(true);
    }
    expect(uploads[0]?.headers["idempotency-key"]).not.toBe(uploads[1]?.headers["idempotency-key"]);
    const body = bodyOf(creates()[0]);
    expect(body).toEqual({
      prompt: "the two of them on a beach",
      model: "lumen-image-2",
      aspect: "1:1",
      resolution: "1K",
      reference_file_ids: [expect.stringMatching(/^file_/), expect.stringMatching(/^file_/)],
    });
  });
});

describe("money and refusals", () => {
  it("warns before Create when the top of the price is more than the balance, and explains the 402 with the numbers", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(321);
    const key = await rig.link(user, { balance: 100 });
    await openFromCommand(user, "/image a bowl of fruit");
    await rig.choose(user, "✏️ Prompt and count", "Images per prompt", "4");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain(
      "⚠️ This may cost up to 160 tokens, more than the 100 on your balance",
    );
    await rig.create(user);
    const card = textOf(lastCall(rig.harness.calls, "editMessageText"));
    expect(card).toContain("❌ Image from text: not created.");
    expect(card).toContain(
      "Not enough tokens: this needs 160 tokens and your balance is 100. Nothing was queued or charged.",
    );
    expect(sandboxBalance(key)).toBe(100);
  });

  it("explains a key budget that does not cover the request, with the numbers", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(322);
    await rig.link(user, { balance: 10_000, key: { budgetTokens: 100 } });
    await openFromCommand(user, "/image three apples");
    await rig.choose(user, "✏️ Prompt and count", "Images per prompt", "3");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("key budget left: 100");
    expect(rig.card(user).text).toContain("more than the 100 left on your key's budget");
    await rig.create(user);
    expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toContain(
      "it needs 120 tokens and the key has 100 of its 100 left",
    );
  });

  it("a creation whose answer was lost is sent again with the same key: one batch, one charge", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(323);
    const key = await rig.link(user, { balance: 1_000 });
    rig.sandbox.faults.errorsAfterCreate(1);
    await openFromCommand(user, "/image a paper boat");
    await rig.create(user);
    const sent = creates();
    expect(sent.length).toBe(2);
    expect(sent[0]?.status).toBe(500);
    expect(sent[1]?.status).toBe(202);
    expect(sent[1]?.headers["idempotency-key"]).toBe(sent[0]?.headers["idempotency-key"]);
    expect(sent[1]?.body.equals(sent[0]?.body ?? Buffer.alloc(0))).toBe(true);
    expect(sandboxBalance(key)).toBe(1_000 - 40);
    expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toContain("Reserved 40 tokens");
  });

  it("says so when no account is linked", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(324);
    const reply = lastCall(await rig.harness.send(user, "/image a sunflower"), "sendMessage");
    expect(textOf(reply)).toContain("No generation account is linked yet. /connect links one");
    expect(creates()).toHaveLength(0);
  });
});

function sandboxBalance(key: { accountId: string }): number {
  return rig.sandbox.accounts.balance(key.accountId);
}
