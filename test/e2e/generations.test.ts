/**
 * Images from the Image and Video Generation Service, from the chat to the results, over real HTTP: the
 * bot (polling, Redis, BullMQ) against the Telegram emulator and the generation sandbox. Albums and their
 * control messages, references, batches, the price, double taps, signed webhooks and their forgeries,
 * polling without webhooks, money refusals, rate limits, cancel, and a Free account's locked values.
 */
import { createHmac } from "node:crypto";
import type { Message } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatedUser } from "../../dev/telegram-emulator/index.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import {
  botMessages,
  buttonsOf,
  eventually,
  FIXTURE,
  messagesLeft,
  press,
  shows,
} from "../support/delivery-stack.js";
import {
  connect,
  type GenerationStack,
  photosOf,
  startGenerationStack,
} from "../support/generation-stack.js";
import { startRedisServer } from "../support/redis-server.js";
import { settleJobs } from "../support/settle.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("images from the generation service, end to end on Redis", () => {
  let stack: GenerationStack;
  let storage: Storage;

  beforeAll(async () => {
    stack = await startGenerationStack({ redisUrl: redisServer?.url ?? "" });
    storage = createStorage({ redisUrl: redisServer?.url }, createLogger({ level: "silent" }));
  });
  afterAll(async () => {
    await stack?.close();
    await storage?.close();
    await redisServer?.stop();
  });

  function person(name: string): EmulatedUser {
    return stack.emulator.users.create({ first_name: name, language_code: "en" });
  }

  /** The form card (the message with form buttons) as it is now. */
  function formCard(user: EmulatedUser): Message | undefined {
    return [...botMessages(user)]
      .reverse()
      .find((message) => buttonsOf(message).some((button) => button.data.startsWith("fm:")));
  }

  /** The batch's last message, which carries its card's last words once all of it is in the chat. */
  function allDelivered(user: EmulatedUser, tokens: string, timeoutMs?: number): Promise<Message> {
    return shows(
      user,
      (message) =>
        (message.text ?? message.caption ?? "").includes(`Reserved ${tokens} tokens; charged ${tokens}.`),
      timeoutMs,
    );
  }

  async function imageForm(user: EmulatedUser, prompt: string) {
    user.sendCommand("image", prompt);
    await shows(user, (message) => message.text?.includes("Price:") === true);
  }

  it("a plain text outside a form is offered as an image, and the offer makes it", async () => {
    const user = person("Tess");
    await connect(stack, user);
    user.sendText("a lighthouse in a storm");
    const offer = await shows(user, (message) =>
      buttonsOf(message).some((button) => button.text.startsWith("Image from text")),
    );
    expect(offer.text).toBe("What should I make of this text (23 characters)?");
    await press(user, "Image from text");
    await shows(user, (message) => message.text?.includes("Prompt: a lighthouse in a storm") === true);
    const card = formCard(user)?.message_id ?? 0;
    await press(user, "✅ Create");
    const photo = await shows(user, (message) => message.photo !== undefined);
    expect(photo.caption?.split("\n")[0]).toBe("1. a lighthouse in a storm");
    // The image takes its card's place, and carries the card's last words.
    expect(photo.caption).toContain("Reserved 40 tokens; charged 40.");
    await eventually(() => messagesLeft(user, card).length === 1 || undefined);
    expect(messagesLeft(user, card)).toEqual([photo]);
  });

  it("text to image with n = 4: one album of four, then one message with numbered buttons", async () => {
    const user = person("Ada");
    await connect(stack, user);
    await imageForm(user, "a fox in neon rain");
    await press(user, "✏️ Prompt and count");
    await press(user, "Images per prompt:");
    await press(user, "4");
    await press(user, "« Back");
    expect(formCard(user)?.text).toContain("Price: 4 × 40 = 160 tokens");
    const card = formCard(user)?.message_id ?? 0;
    await press(user, "✅ Create");
    const control = await shows(user, (message) => message.text?.startsWith("Images 1–4") === true);
    const photos = photosOf(user);
    expect(photos).toHaveLength(4);
    expect(new Set(photos.map((photo) => photo.media_group_id)).size).toBe(1);
    expect(photos[0]?.media_group_id).toBeDefined();
    expect(photos.map((photo) => photo.caption?.split("\n")[0])).toEqual([
      "1. a fox in neon rain",
      "2. a fox in neon rain",
      "3. a fox in neon rain",
      "4. a fox in neon rain",
    ]);
    expect(buttonsOf(control).map((button) => button.text)).toEqual([
      "🎬 1",
      "🎬 2",
      "🎬 3",
      "🎬 4",
      "⬇️ 1",
      "⬇️ 2",
      "⬇️ 3",
      "⬇️ 4",
      "🔁 1",
      "🔁 2",
      "🔁 3",
      "🔁 4",
      "🧩 1",
      "🧩 2",
      "🧩 3",
      "🧩 4",
      "🗑 1",
      "🗑 2",
      "🗑 3",
      "🗑 4",
    ]);
    // The card gives way: the album and its message of buttons, which carries the card's last words.
    expect(control.text).toContain("Reserved 160 tokens; charged 160.");
    await eventually(() => messagesLeft(user, card).length === 2 || undefined);
    expect(messagesLeft(user, card).map((message) => message.message_id)).toEqual([
      photos[0]?.message_id,
      control.message_id,
    ]);
  });

  it("the buttons under a result: the original as a document, Again, Use as reference, Delete after a confirmation", async () => {
    const user = person("Mia");
    const key = await connect(stack, user);
    await imageForm(user, "an old tram");
    await press(user, "✅ Create");
    const photo = await shows(user, (message) => message.photo !== undefined);

    await press(user, "⬇️ Original");
    const original = await shows(user, (message) => message.document !== undefined);
    expect(original.caption).toBe("Image 1, the original file");
    expect(original.document?.file_name).toBe("image-1.jpg");

    await press(user, "🔁 Again");
    await shows(
      user,
      (message) => message.text?.includes("Price:") === true && message.message_id > photo.message_id,
    );
    expect(formCard(user)?.text).toContain("Prompt: an old tram");
    await press(user, "Cancel");

    await press(user, "🧩 Use as reference");
    await shows(user, (message) => message.text?.includes("Describe the new picture") === true);
    expect(formCard(user)?.text).toContain("Image from reference photos\n1 of 3 files at most");
    user.sendCommand("cancel");

    await press(user, "🗑 Delete");
    await shows(
      user,
      (message) => message.text?.startsWith("Delete image 1 from the service for good?") === true,
    );
    await press(user, "🗑 Yes, delete");
    await shows(
      user,
      (message) => message.text === "Image 1 is deleted from the service. The copy in this chat stays.",
    );
    const listed = await fetch(`${stack.sandbox.baseUrl}/v1/generations`, {
      headers: { authorization: `Bearer ${key.apiKey}` },
    });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(0);
  });

  it("links the account with /connect: the messages carrying the key and the secret are deleted at once", async () => {
    const user = person("Bea");
    const key = await connect(stack, user);
    const mine = user.chat.messages().filter((entry) => !entry.fromBot);
    const carrying = mine.filter(
      (entry) =>
        entry.message.text?.includes(key.apiKey) === true ||
        entry.message.text?.includes(key.signingSecret) === true,
    );
    expect(carrying).toHaveLength(2);
    expect(carrying.every((entry) => entry.deleted)).toBe(true);
  });

  it("a reference image from two photos sent as an album", async () => {
    const user = person("Cleo");
    await connect(stack, user);
    await user.sendAlbum([
      { type: "photo", bytes: FIXTURE("sample.jpg") },
      { type: "photo", bytes: FIXTURE("sample.jpg"), width: 640, height: 480 },
    ]);
    await press(user, "Image from reference photos");
    await shows(user, (message) => message.text?.includes("Describe the new picture") === true);
    user.sendText("the two of them as one watercolour");
    await shows(user, (message) => message.text?.includes("Price:") === true);
    expect(formCard(user)?.text).toContain("2 of 3 files at most");
    await press(user, "✅ Create");
    const photo = await shows(user, (message) => message.photo !== undefined);
    expect(photo.caption).toBe(
      "1. the two of them as one watercolour\nLumen Image 2\nReserved 40 tokens; charged 40.",
    );
    expect(buttonsOf(photo).map((button) => button.text)).toEqual([
      "🎬 Animate",
      "🧩 Use as reference",
      "⬇️ Original",
      "🔁 Again",
      "🗑 Delete",
    ]);
  });

  it("a batch of 25 prompts: 25 images, each delivered once, in albums of ten; the reserved cost is the quote", async () => {
    const user = person("Dan");
    const key = await connect(stack, user, { balance: 5_000 });
    const prompts = Array.from({ length: 25 }, (_, index) => `scene number ${index + 1}`);
    await imageForm(user, prompts.join("\n"));
    const quoted = /Price: 25 × 40 = ([\d,]+) tokens/.exec(formCard(user)?.text ?? "")?.[1];
    expect(quoted).toBe("1,000");
    await press(user, "✅ Create");
    const done = await allDelivered(user, quoted ?? "", 40_000);
    expect(done.text?.split(" ·")[0]).toBe("Images 21–25");
    const photos = photosOf(user);
    expect(photos).toHaveLength(25);
    const numbers = photos.map((photo) => Number(photo.caption?.split(".")[0]));
    expect(new Set(numbers).size).toBe(25);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    const albums = new Map<string, number>();
    for (const photo of photos)
      albums.set(photo.media_group_id ?? "", (albums.get(photo.media_group_id ?? "") ?? 0) + 1);
    expect([...albums.values()].sort((a, b) => a - b)).toEqual([5, 10, 10]);
    const controls = botMessages(user).filter((message) => message.text?.startsWith("Images ") === true);
    expect(new Set(controls.map((message) => message.text?.split(" ·")[0]))).toEqual(
      new Set(["Images 1–10", "Images 11–20", "Images 21–25"]),
    );
    expect(controls).toHaveLength(3);
    expect(stack.sandbox.accounts.balance(key.accountId)).toBe(5_000 - 1_000);
  });

  it("a double tap on Create makes one batch and one charge", async () => {
    const user = person("Eve");
    const key = await connect(stack, user, { balance: 2_000 });
    await imageForm(user, "a lantern in the fog");
    const card = formCard(user);
    const create = buttonsOf(card as Message).find((button) => button.text === "✅ Create");
    if (!card || !create) throw new Error("no Create button");
    const first = user.pressButton(card, create.data);
    const second = user.pressButton(card, create.data);
    await user.waitForAnswer(first);
    await user.waitForAnswer(second);
    await allDelivered(user, "40");
    await settleJobs(stack.app.httpUrl);
    expect(photosOf(user)).toHaveLength(1);
    expect(stack.sandbox.accounts.balance(key.accountId)).toBe(2_000 - 40);
  });

  it("refuses webhooks with a wrong signature, a stale time or a replay, and delivers each image once", async () => {
    const user = person("Finn");
    const key = await connect(stack, user);
    stack.sandbox.faults.slowGenerations(1, 40);
    await imageForm(user, "a bridge at night");
    await press(user, "✅ Create");
    const { ticket, generationId } = await eventually(async () => batchOf(user.id), 10_000);
    const forged = (secret: string, t: number, status = "succeeded") => {
      const body = JSON.stringify({
        data: {
          id: generationId,
          object: "generation",
          type: "image",
          status,
          model: "lumen-image-2",
          aspect: "1:1",
          resolution: "1K",
          prompt: "a bridge at night",
          output: { url: "https://attacker.example.com/x.jpg", mime: "image/jpeg", expires_at: t + 3600 },
          error: null,
          cost_tokens: 40,
          created: t,
          metadata: {},
        },
      });
      const signature = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
      return fetch(`http://127.0.0.1:${stack.port}/hooks/generations/${ticket}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": `t=${t},v1=${signature}` },
        body,
      });
    };
    const now = Math.floor(Date.now() / 1000);
    expect((await forged("whsec_not-the-users-secret-at-all", now)).status).toBe(401);
    expect((await forged(key.signingSecret, now - 600)).status).toBe(400);
    // The generation itself is still running, so only what a webhook sets off is waited for.
    await settleJobs(stack.app.httpUrl, { jobs: ["observe-generation", "deliver-generations"] });
    expect(photosOf(user)).toHaveLength(0);

    await shows(user, (message) => message.photo !== undefined, 20_000);
    // The service's own delivery, sent again: the same generation in the same status is news once.
    const replay = await forged(key.signingSecret, Math.floor(Date.now() / 1000));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: "duplicate" });
    await settleJobs(stack.app.httpUrl);
    expect(photosOf(user)).toHaveLength(1);
    expect(photosOf(user)[0]?.caption).toContain("a bridge at night");
  });

  it("with the webhooks dropped, polling delivers everything", async () => {
    const user = person("Gus");
    await connect(stack, user);
    stack.sandbox.faults.dropWebhooks(3);
    await imageForm(user, "three small boats\na harbour at noon\nseagulls over water");
    await press(user, "✅ Create");
    await allDelivered(user, "120", 30_000);
    expect(photosOf(user)).toHaveLength(3);
  });

  it("without a signing secret, polling is the way and delivers everything", async () => {
    const user = person("Hana");
    await connect(stack, user, { withSecret: false });
    await imageForm(user, "an owl on a fence\na fox in the snow");
    await press(user, "✅ Create");
    await allDelivered(user, "80", 30_000);
    expect(photosOf(user)).toHaveLength(2);
  });

  it("402: a request the balance cannot cover is explained with the numbers, and nothing is queued", async () => {
    const user = person("Ivo");
    const key = await connect(stack, user, { balance: 50 });
    await imageForm(user, "two cups of tea\na teapot");
    expect(formCard(user)?.text).toContain(
      "⚠️ This may cost up to 80 tokens, more than the 50 on your balance",
    );
    await press(user, "✅ Create");
    const card = await shows(
      user,
      (message) => message.text?.startsWith("❌ Image from text: not created.") === true,
    );
    expect(card.text).toContain("Not enough tokens: this needs 80 tokens and your balance is 50.");
    expect(buttonsOf(card).map((button) => button.text)).toEqual(["🔁 Change and try again"]);
    expect(stack.sandbox.accounts.balance(key.accountId)).toBe(50);
    expect(photosOf(user)).toHaveLength(0);
  });

  it("429 with Retry-After is waited out: the batch is made and the user sees no error", async () => {
    const user = person("Jon");
    await connect(stack, user);
    await imageForm(user, "a windmill");
    stack.sandbox.faults.failRequests(1, 429, 1);
    await press(user, "✅ Create");
    await allDelivered(user, "40");
    expect(
      botMessages(user).some((message) => /error|went wrong|not created/i.test(message.text ?? "")),
    ).toBe(false);
  });

  it("cancel of the queued ones shows the refund, and says which could not be stopped", async () => {
    const user = person("Kim");
    const key = await connect(stack, user, { plan: "Free", balance: 1_000 });
    stack.sandbox.faults.slowGenerations(6, 60);
    await imageForm(user, "a red kite\na blue kite");
    await press(user, "✏️ Prompt and count");
    await press(user, "Images per prompt:");
    await press(user, "3");
    await press(user, "« Back");
    await press(user, "✅ Create");
    await press(user, "✖️ Cancel the", 15_000);
    const card = await shows(
      user,
      (message) => message.text?.includes("canceled: 80 tokens refunded") === true,
    );
    expect(card.text).toContain("✖️ 2 canceled: 80 tokens refunded.");
    expect(card.text).toContain("4 were already being made and could not be stopped");
    expect(stack.sandbox.accounts.balance(key.accountId)).toBe(1_000 - 4 * 40);
  });

  it("a Free account is shown Pro-only values locked, told why, and never sends them", async () => {
    const user = person("Lea");
    await connect(stack, user, { plan: "Free" });
    await imageForm(user, "a mountain lake");
    await press(user, "🧠 Model");
    await press(user, "Model:");
    const locked = buttonsOf(formCard(user) as Message).filter((button) => button.text.startsWith("🔒"));
    expect(locked.map((button) => button.text)).toEqual(["🔒 Prism Image 1 · 20–1,250 tokens"]);
    await press(user, "🔒 Prism Image 1");
    expect(formCard(user)?.text).toContain("Prism Image 1 needs the Pro plan.");
    await press(user, "« Back");
    await press(user, "« Back");
    await press(user, "📐 Shape and size");
    await press(user, "Size:");
    await press(user, "🔒 4K");
    expect(formCard(user)?.text).toContain("4K needs the Pro plan.");
    await press(user, "« Back");
    await press(user, "« Back");
    expect(formCard(user)?.text).toContain("Size: 1K");
    await press(user, "✅ Create");
    await allDelivered(user, "40");
  });

  /** The user's newest batch: its ticket and its first generation. */
  async function batchOf(userId: number): Promise<{ ticket: string; generationId: string } | undefined> {
    for (const key of await storage.kv.keys("generation-batch:")) {
      const raw = await storage.kv.get(key);
      const record =
        raw === undefined ? undefined : (JSON.parse(raw) as { userId?: number; ticket?: string });
      if (record?.userId !== userId || !record.ticket) continue;
      const chunk = await storage.kv.get(`generation-chunk:${record.ticket}:0`);
      const id =
        chunk === undefined
          ? undefined
          : (JSON.parse(chunk) as { items: Array<{ id: string }> }).items[0]?.id;
      if (id) return { ticket: record.ticket, generationId: id };
    }
    return undefined;
  }
});
