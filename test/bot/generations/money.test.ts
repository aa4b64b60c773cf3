/**
 * Money on the generation side, against a sandbox that reads the spec's open points the hard way: a failed
 * or canceled generation reports a cost of 0 once it is refunded, and a key without a budget of its own
 * reports a budget of 0 (or none at all). Refunds are what was reserved at creation; a key's budget of 0 is
 * no budget, and only the service's 402 says a request does not fit; a cancel is said once, on the card.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { GenerationSandboxOptions } from "../../../dev/generation-sandbox/index.js";
import { type ApiCall, BotHarness, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

async function start(options: Partial<GenerationSandboxOptions> = {}) {
  rig = await GenerationRig.create({ refundedCost: "zero", ...options });
  return rig;
}

function ofChat(user: TestUser): ApiCall[] {
  return rig.harness.calls.filter((call) => Number(call.payload.chat_id) === user.id);
}

/** The batch card as last shown. */
function batchCard(user: TestUser): string {
  const call = [...ofChat(user)]
    .reverse()
    .find(
      (candidate) =>
        (candidate.method === "sendMessage" || candidate.method === "editMessageText") &&
        textOf(candidate).includes("Reserved"),
    );
  return textOf(call);
}

/** Messages the bot sent into the chat (edits of the card aside). */
function sentTexts(user: TestUser): string[] {
  return ofChat(user)
    .filter((call) => call.method === "sendMessage")
    .map((call) => textOf(call));
}

/** Makes a batch of images from the prompts with /image. */
async function makeImages(user: TestUser, count: number) {
  await rig.harness.send(user, "/image");
  await rig.harness.send(
    user,
    Array.from({ length: count }, (_, index) => `a paper lantern, study ${index + 1}`).join("\n"),
  );
  await rig.create(user);
}

/** Lets the sandbox run `steps` rounds, then polls the user's generations and lets delivery finish. */
async function finish(user: TestUser, steps: number) {
  rig.sandbox.step(steps);
  await rig.storage.sortedSets.add("generations:poll", String(user.id), 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

async function pressOnCard(user: TestUser, label: string) {
  const call = [...ofChat(user)]
    .reverse()
    .find((candidate) => BotHarness.buttons(candidate).some((button) => button.text.startsWith(label)));
  const button = BotHarness.buttons(call).find((candidate) => candidate.text.startsWith(label));
  if (!button?.data) throw new Error(`no button "${label}"`);
  const messageId = Number(call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id);
  await rig.harness.press(user, button.data, messageId);
  await rig.settle();
}

describe("refunds", () => {
  it("a failed image is refunded what was reserved for it, though the service then reports its cost as 0", async () => {
    await start();
    const user = rig.harness.user(901);
    const key = await rig.link(user, { plan: "Pro", balance: 1_000 });
    rig.sandbox.faults.failGenerations(2);
    await makeImages(user, 5);
    await finish(user, 2);

    expect(batchCard(user)).toContain("❌ 2 did not come out: 80 tokens refunded.");
    const control = sentTexts(user).find((text) => text.startsWith("Images "));
    expect(control).toContain(
      "❌ 1 did not come out (The model provider failed to generate the result): 40 tokens refunded.",
    );
    expect(control).toContain(
      "❌ 2 did not come out (The model provider failed to generate the result): 40 tokens refunded.",
    );
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(1_000 - 3 * 40);
  });

  it("Cancel of the queued rest shows their reservation back on the card, and says it there alone", async () => {
    await start();
    const user = rig.harness.user(902);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    await makeImages(user, 25);
    // A poll finds eight of them with the provider (Pro's slots) and the rest still queued.
    await finish(user, 0);
    expect(batchCard(user)).toContain("Reserved 1,000 tokens");

    await pressOnCard(user, "✖️ Cancel the 17 queued");
    expect(batchCard(user)).toContain("✖️ 17 canceled: 680 tokens refunded.");
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000 - 8 * 40);

    const before = sentTexts(user).length;
    await finish(user, 1);
    expect(batchCard(user)).toContain("✖️ 17 canceled: 680 tokens refunded.");
    expect(batchCard(user)).toContain("Reserved 1,000 tokens; charged 320.");
    // The eight made go as one album with its message of buttons; nothing else is posted for the canceled.
    const posted = sentTexts(user).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.startsWith("Images 1–8")).toBe(true);
    expect(posted[0]).not.toContain("canceled");
  });

  it("/queue's Cancel says the tokens the waiting ones held are back", async () => {
    await start();
    const user = rig.harness.user(903);
    const key = await rig.link(user, { plan: "Free", balance: 1_000 });
    await makeImages(user, 6);
    await rig.harness.send(user, "/queue");
    const queueCard = () =>
      [...ofChat(user)]
        .reverse()
        .find((call) => JSON.stringify(call.payload.reply_markup ?? "").includes('"gl:'));
    const press = async (label: string) => {
      const call = queueCard();
      const button = BotHarness.buttons(call).find((candidate) => candidate.text.startsWith(label));
      if (!button?.data) throw new Error(`no button "${label}"`);
      await rig.harness.press(
        user,
        button.data,
        Number(call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id),
      );
      await rig.settle();
    };
    await press("✖️ Cancel 2 waiting");
    await press("✖️ Yes, cancel");
    const done = [...ofChat(user)].reverse().find((call) => textOf(call).includes("Cancelled"));
    expect(textOf(done)).toBe("✖️ Cancelled 2 waiting generations; 80 tokens are back on your balance.");
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(1_000 - 4 * 40);
  });
});

describe("a key without a budget of its own", () => {
  for (const reading of ["zero", "absent"] as const) {
    it(`reads as none when the account reports it as ${reading === "zero" ? "0" : "no field"}: no budget warning, and Create goes`, async () => {
      await start({ keyWithoutBudget: reading });
      const user = rig.harness.user(reading === "zero" ? 911 : 912);
      const key = await rig.link(user, { plan: "Pro", balance: 7_152 });
      await rig.harness.send(user, "/image a quiet harbour");
      const card = rig.card(user).text;
      expect(card).toContain("Balance: 7,152 tokens");
      expect(card).not.toContain("key budget");
      expect(card).not.toContain("⚠️");
      await rig.create(user);
      expect(batchCard(user)).toContain("Reserved 40 tokens");
      expect(rig.sandbox.accounts.balance(key.accountId)).toBe(7_152 - 40);

      await rig.harness.send(user, "/account");
      expect(sentTexts(user).at(-1)).toContain("No budget of its own; 40 tokens spent with it");
    });
  }

  it("a .txt of prompts is not said to cost more than a 0 the key does not have", async () => {
    await start({ keyWithoutBudget: "zero" });
    const user = rig.harness.user(913);
    await rig.link(user, { plan: "Pro", balance: 7_152 });
    const text = Array.from({ length: 3 }, (_, index) => `a kite, sketch ${index + 1}`).join("\n");
    rig.textFiles.set("doc-kites", text);
    const calls = await rig.harness.sendMessage(user, {
      document: {
        file_id: "doc-kites",
        file_unique_id: "doc-kites-u",
        file_name: "kites.txt",
        file_size: Buffer.byteLength(text),
      },
    });
    const offers = calls.filter((call) => call.method === "sendMessage").at(-1);
    const shown = await rig.harness.press(user, BotHarness.button(offers, "🖼 Images, one per line"));
    const preview = textOf(shown.filter((call) => call.method === "editMessageText").at(-1));
    expect(preview).toContain("Balance: 7,152 tokens.");
    expect(preview).not.toContain("⚠️");
  });

  it("a key whose budget reads 0 and that the service still refuses for its budget gets the refusal without numbers", async () => {
    await start();
    const user = rig.harness.user(914);
    // The sandbox reports this key's budget as 0 and refuses every request for it.
    const key = await rig.link(user, { plan: "Pro", balance: 2_000, key: { budgetTokens: 0 } });
    await rig.harness.send(user, "/image a red door");
    expect(rig.card(user).text).not.toContain("key budget");
    await rig.create(user);
    const card = textOf([...ofChat(user)].reverse().find((call) => textOf(call).includes("not created")));
    expect(card).toContain(
      "This key's own token budget is used up (it is separate from your balance). Raise the key's budget in the service's account area, or /connect a key with a larger one.",
    );
    expect(card).not.toContain("of its 0 left");
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(2_000);
  });
});
