/**
 * Batches from a file of prompts, driven as a user would against the generation sandbox: the preview
 * with its count, price and refused lines, the exact requests Create sends (one per model and shape,
 * each with its own Idempotency-Key), the card's counts, retry of the failed ones and
 * cancel of the queued rest with the refund.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveIdempotencyKey } from "../../../src/generation-service/idempotency.js";
import { BotHarness, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";
import { settleQueue } from "../../support/settle.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

function creates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/images/generations",
  );
}

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

async function sendFile(user: TestUser, name: string, text: string) {
  const id = `doc-${name}`;
  rig.textFiles.set(id, text);
  const calls = await rig.harness.sendMessage(user, {
    document: { file_id: id, file_unique_id: `${id}-u`, file_name: name, file_size: Buffer.byteLength(text) },
  });
  const sent = calls.filter((call) => call.method === "sendMessage").at(-1);
  if (!name.endsWith(".txt")) return sent;
  // A .txt may be a script as well as prompts: it gets the offers for a text, images among them.
  const offered = await rig.harness.press(user, BotHarness.button(sent, "🖼 Images, one per line"));
  // The preview takes the offer's place: nothing after it takes its buttons off.
  expect(offered.filter((call) => call.method === "editMessageReplyMarkup")).toEqual([]);
  return offered.filter((call) => call.method === "editMessageText").at(-1);
}

/** The batch cards as last shown, by message. Cards are refreshed by a job of their own: tests wait for them. */
function cards(user: TestUser): string[] {
  const byMessage = new Map<number, string>();
  for (const call of rig.harness.calls) {
    if (Number(call.payload.chat_id) !== user.id) continue;
    const markup = JSON.stringify(call.payload.reply_markup ?? "");
    const text = textOf(call);
    if (call.method === "sendMessage" && text.includes("Reserved")) {
      byMessage.set(Number((call.result as { message_id?: number })?.message_id), text);
    }
    if (call.method === "editMessageText" && (text.includes("Reserved") || markup.includes('"gr:'))) {
      byMessage.set(Number(call.payload.message_id), text);
    }
  }
  return [...byMessage.values()];
}

function cardCall(user: TestUser, button: string) {
  return [...rig.harness.calls]
    .reverse()
    .find(
      (call) =>
        Number(call.payload.chat_id) === user.id &&
        BotHarness.buttons(call).some((candidate) => candidate.text.startsWith(button)),
    );
}

async function pressOnCard(user: TestUser, label: string) {
  const call = cardCall(user, label);
  const button = BotHarness.buttons(call).find((candidate) => candidate.text.startsWith(label));
  if (!button?.data) throw new Error(`no button "${label}"`);
  const messageId = Number(call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id);
  const calls = await rig.harness.press(user, button.data, messageId);
  await quiet();
  return calls;
}

/** Lets the sandbox run `steps` rounds, then polls the user's generations and lets delivery finish. */
async function run(user: TestUser, steps: number) {
  rig.sandbox.step(steps);
  await rig.storage.sortedSets.add("generations:poll", String(user.id), 0);
  await rig.pipeline.poller.tick();
  await quiet();
}

/** Waits for the jobs; delivery goes at the chat's pace and has its own tests, the card and the service count here. */
function quiet() {
  return settleQueue(rig.queue, { except: "deliver-generations" });
}

async function formInstances(): Promise<string[]> {
  const keys = await rig.storage.kv.keys("generation-form:");
  return keys.map((key) => key.slice("generation-form:".length)).sort();
}

describe("a batch from a .txt file", () => {
  it("25 prompts: a preview with the count and price, one request, the card's counts", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(501);
    await rig.link(user, { plan: "Pro", balance: 5_000 });
    const prompts = Array.from({ length: 25 }, (_, index) => `a lighthouse, study ${index + 1}`);
    const preview = await sendFile(user, "prompts.txt", `${prompts.join("\n")}\n`);
    const text = textOf(preview);
    expect(text).toContain("📄 25 images from this file, one per prompt:");
    expect(text).toContain("1. a lighthouse, study 1");
    expect(text).toContain("5. a lighthouse, study 5");
    expect(text).not.toContain("6. a lighthouse");
    expect(text).toContain("…and 20 more");
    expect(text).toContain("Price: 1,000 tokens for 25 images");
    expect(text).toContain("Balance: 5,000 tokens.");
    expect(text).not.toContain("will not be sent");
    expect(creates()).toHaveLength(0);

    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 25 images"));
    await rig.settle();
    expect(creates()).toHaveLength(1);
    expect(bodyOf(creates()[0])).toEqual({
      prompts,
      model: "lumen-image-2",
      aspect: "1:1",
      resolution: "1K",
    });
    const [instance] = await formInstances();
    expect(instance).toMatch(/:file:0$/);
    expect(creates()[0]?.headers["idempotency-key"]).toBe(deriveIdempotencyKey(instance ?? "", "create"));
    await vi.waitFor(() => expect(cards(user).at(-1)).toContain("Reserved 1,000 tokens"));

    await run(user, 5);
    await vi.waitFor(() =>
      expect(cards(user).at(-1)).toContain("⏳ 0 queued · ⚙️ 0 being made · ✅ 25 done · ❌ 0 failed"),
    );
  });

  it("25 results arrive in order as albums of 10, 10 and 5, each followed by its own message of buttons", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(510);
    await rig.link(user, { plan: "Pro", balance: 5_000 });
    const prompts = Array.from({ length: 25 }, (_, index) => `a lantern, study ${index + 1}`);
    const preview = await sendFile(user, "lanterns.txt", prompts.join("\n"));
    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 25 images"));
    await rig.settle();
    // Every result finishes before the poll, which reads them newest first.
    await run(user, 5);
    await rig.settle();

    const sent = rig.harness.calls.filter(
      (call) =>
        Number(call.payload.chat_id) === user.id &&
        (call.method === "sendMediaGroup" || textOf(call).startsWith("Images ")),
    );
    const shown = sent.map((call) => {
      if (call.method !== "sendMediaGroup") return textOf(call).split(" ·")[0];
      const media = JSON.parse(String(call.payload.media)) as Array<{ caption?: string }>;
      return media.map((item) => Number(item.caption?.split(".")[0]));
    });
    const numbers = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => from + index);
    expect(shown).toEqual([
      numbers(1, 10),
      "Images 1–10",
      numbers(11, 20),
      "Images 11–20",
      numbers(21, 25),
      "Images 21–25",
    ]);
  });

  it("a text of one line is not offered as a batch of images", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(509);
    await rig.link(user);
    rig.textFiles.set("doc-one", "a cat on a windowsill");
    const calls = await rig.harness.sendMessage(user, {
      document: { file_id: "doc-one", file_unique_id: "doc-one-u", file_name: "one.txt", file_size: 21 },
    });
    const offers = calls.filter((call) => call.method === "sendMessage").at(-1);
    const labels = BotHarness.buttons(offers).map((button) => button.text);
    expect(labels).toContain("Image from text");
    expect(labels).not.toContain("🖼 Images, one per line");
  });

  it("a second press of Create sends nothing more", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(502);
    await rig.link(user);
    const preview = await sendFile(user, "two.txt", "a cat\na dog");
    const create = BotHarness.button(preview, "✅ Create 2 images");
    await rig.harness.press(user, create);
    await rig.harness.press(user, create);
    await rig.settle();
    expect(creates()).toHaveLength(1);
  });
});

describe("a batch from a .csv file", () => {
  it("rows of two models become two requests, each with its own key; quoted fields keep commas and quotes", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(503);
    await rig.link(user, { plan: "Pro", balance: 10_000 });
    const csv = [
      "prompt,model,aspect",
      '"a fox, in the rain",lumen-image-2,16:9',
      '"the ""old"" mill at dusk",Atelier 3,',
      "a paper boat,lumen-image-2,16:9",
      "a quiet street,atelier-3,1:1",
    ].join("\r\n");
    const preview = await sendFile(user, "batch.csv", csv);
    const text = textOf(preview);
    expect(text).toContain("📄 4 images from this file, one per prompt:");
    expect(text).toContain('3. the "old" mill at dusk');
    expect(text).toContain("They go out as 2 batches, one per model and shape:");
    expect(text).toContain("• Lumen Image 2, 16:9: 2 images, 80 tokens");
    expect(text).not.toContain("will not be sent");

    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 4 images"));
    await rig.settle();
    const bodies = creates().map(bodyOf);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      prompts: ["a fox, in the rain", "a paper boat"],
      model: "lumen-image-2",
      aspect: "16:9",
      resolution: "1K",
    });
    expect(bodies[1]).toMatchObject({
      prompts: ['the "old" mill at dusk', "a quiet street"],
      model: "atelier-3",
      aspect: "1:1",
    });
    const instances = await formInstances();
    expect(instances.map((instance) => instance.slice(-7))).toEqual([":file:0", ":file:1"]);
    expect(creates().map((entry) => entry.headers["idempotency-key"])).toEqual(
      instances.map((instance) => deriveIdempotencyKey(instance, "create")),
    );
    expect(cards(user)).toHaveLength(2);
  });
});

describe("lines the service would refuse", () => {
  it("are listed with their numbers before Create, and nothing is sent for them", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(504);
    await rig.link(user, { plan: "Pro" });
    const csv = [
      "a red kite,lumen-image-2,1:1",
      "",
      `${"very long ".repeat(450)},lumen-image-2,1:1`,
      "a green hill,dreamer-9,1:1",
      "a blue door,lumen-image-2,2:7",
      "a yellow field,,",
    ].join("\n");
    const preview = await sendFile(user, "mixed.csv", csv);
    const text = textOf(preview);
    expect(text).toContain("📄 2 images from this file, one per prompt:");
    expect(text).toContain("These 4 lines will not be sent:");
    expect(text).toContain("Line 2: it is empty");
    expect(text).toContain("Line 3: 4,499 characters, more than the 4,000 a prompt may have");
    expect(text).toContain("Line 4: there is no model called “dreamer-9”");
    expect(text).toContain("Line 5: Lumen Image 2 does not make pictures shaped 2:7");
    expect(text).toContain("Price: 80 tokens for 2 images");

    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 2 images"));
    await rig.settle();
    expect(creates().map(bodyOf)).toEqual([
      { prompts: ["a red kite", "a yellow field"], model: "lumen-image-2", aspect: "1:1", resolution: "1K" },
    ]);
  });

  it("past 500 prompts the rest is refused, and a .txt's blank lines are named", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(505);
    await rig.link(user, { plan: "Pro", balance: 100_000 });
    const lines = Array.from({ length: 503 }, (_, index) => `scene ${index + 1}`);
    lines.splice(1, 0, "   ");
    const text = textOf(await sendFile(user, "many.txt", lines.join("\n")));
    expect(text).toContain("📄 500 images from this file");
    expect(text).toContain("These 4 lines will not be sent:");
    expect(text).toContain("Line 2: it is empty");
    expect(text).toContain("Line 502: one file takes at most 500 prompts");
    expect(text).toContain("Line 504: one file takes at most 500 prompts");
  });
});

describe("after the batch ran", () => {
  it("Retry the failed ones creates exactly the failed ones, with a key of its own", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(506);
    await rig.link(user, { plan: "Pro", balance: 5_000 });
    rig.sandbox.faults.failGenerations(3);
    const prompts = Array.from({ length: 12 }, (_, index) => `a kite over hill ${index + 1}`);
    const preview = await sendFile(user, "kites.txt", prompts.join("\n"));
    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 12 images"));
    await rig.settle();
    await run(user, 4);
    await vi.waitFor(() =>
      expect(cards(user).at(-1)).toContain("⏳ 0 queued · ⚙️ 0 being made · ✅ 9 done · ❌ 3 failed"),
    );
    const failedPrompts = prompts.slice(0, 3);

    const calls = await pressOnCard(user, "🔁 Retry the failed ones (3)");
    expect(calls.find((call) => call.method === "answerCallbackQuery")?.payload.text).toBe(
      "Trying those 3 images again.",
    );
    expect(creates()).toHaveLength(2);
    expect(bodyOf(creates()[1])).toEqual({
      prompts: failedPrompts,
      model: "lumen-image-2",
      aspect: "1:1",
      resolution: "1K",
    });
    const instances = await formInstances();
    const retry = instances.find((instance) => instance.endsWith(":retry"));
    expect(creates()[1]?.headers["idempotency-key"]).toBe(deriveIdempotencyKey(retry ?? "", "create"));

    await pressOnCard(user, "🔁 Retry the failed ones (3)");
    expect(creates()).toHaveLength(2);
  });

  it("Cancel the queued rest gives their tokens back, on the card and on the balance", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(507);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    const prompts = Array.from({ length: 25 }, (_, index) => `a harbour at night ${index + 1}`);
    const preview = await sendFile(user, "harbour.txt", prompts.join("\n"));
    await rig.harness.press(user, BotHarness.button(preview, "✅ Create 25 images"));
    await rig.settle();
    await run(user, 0);
    await vi.waitFor(() => expect(cards(user).at(-1)).toContain("Reserved 1,000 tokens"));

    await pressOnCard(user, "✖️ Cancel the 17 queued");
    const cancels = rig.proxy.requests.filter((entry) => entry.path.endsWith("/cancel"));
    expect(cancels).toHaveLength(17);
    await vi.waitFor(() => expect(cards(user).at(-1)).toContain("17 canceled: 680 tokens refunded."));
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000 - 8 * 40);
  });
});
