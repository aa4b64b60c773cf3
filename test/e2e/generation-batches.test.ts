/**
 * Batches from a file, the gallery and a full store, end to end: the bot (polling, Redis, BullMQ) against
 * the Telegram emulator and the generation sandbox over HTTP. A file of 120 prompts of which the service
 * fails 5 arrives as 115 images in albums of ten, in order, and "Retry the failed ones" makes exactly the 5;
 * "Cancel the queued rest" shows the refund once, on the card, and the balance agrees (the sandbox reports a
 * refunded generation's cost as 0, as a service may); /gallery's "Delete older than" counts
 * before it deletes and the storage bar shows the room it made; a create refused for a full store leads to
 * the gallery with that advice, and nothing is charged.
 *
 * The scenarios run side by side, each in a chat of its own. The sandbox's counted faults and its clock are
 * shared, so arming a fault (or turning the clock back) and the create it is meant for take turns.
 */
import type { Message } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatedUser } from "../../dev/telegram-emulator/index.js";
import { createI18n } from "../../src/bot/i18n.js";
import { formatBytes } from "../../src/i18n/format.js";
import { botMessages, buttonsOf, eventually, press, showsNewest } from "../support/delivery-stack.js";
import {
  connect,
  type GenerationStack,
  photosOf,
  startGenerationStack,
} from "../support/generation-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

const DAY_MS = 24 * 60 * 60 * 1000;
const IMAGE_PRICE = 40;

interface AccountView {
  balance_tokens: number;
  storage: { bytes_used: number; bytes_quota: number; percent: number };
}

interface GenerationView {
  id: string;
  status: string;
  prompt: string;
}

describe.skipIf(!redisServer)(
  "batches from a file, the gallery and a full store, end to end on Redis",
  () => {
    let stack: GenerationStack;
    /** How far the sandbox's clock is behind the real one, to make generations of other days. */
    let clockBehindMs = 0;
    let turn: Promise<unknown> = Promise.resolve();

    /** Runs `work` once no other scenario is arming a fault or turning the clock, and holds the others off. */
    function inTurn<T>(work: () => Promise<T>): Promise<T> {
      const mine = turn.then(work);
      turn = mine.catch(() => undefined);
      return mine;
    }

    beforeAll(async () => {
      stack = await startGenerationStack({
        redisUrl: redisServer?.url ?? "",
        sandbox: { now: () => Date.now() - clockBehindMs, refundedCost: "zero" },
      });
    });
    afterAll(async () => {
      await stack?.close();
      await redisServer?.stop();
    });

    function person(name: string): EmulatedUser {
      return stack.emulator.users.create({ first_name: name, language_code: "en" });
    }

    /** The batch card as it is now (the message that tells what was reserved). */
    function card(user: EmulatedUser): Message | undefined {
      return [...botMessages(user)].reverse().find((message) => message.text?.includes("Reserved") === true);
    }

    async function service<T>(apiKey: string, path: string, init: RequestInit = {}): Promise<T> {
      const response = await fetch(`${stack.sandbox.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...init.headers },
      });
      expect(response.ok).toBe(true);
      return (await response.json()) as T;
    }

    const account = (apiKey: string) => service<AccountView>(apiKey, "/v1/account");

    /** Every generation of the account, newest first. */
    async function generations(apiKey: string): Promise<GenerationView[]> {
      const all: GenerationView[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: GenerationView[]; next_cursor: string | null; has_more: boolean } = await service(
          apiKey,
          `/v1/generations?limit=100${cursor ? `&starting_after=${cursor}` : ""}`,
        );
        all.push(...page.data);
        cursor = page.has_more ? page.next_cursor : null;
      } while (cursor);
      return all;
    }

    /** Sends a .txt of prompts, takes the offer to make images of its lines, and presses Create. */
    async function createFromFile(user: EmulatedUser, name: string, prompts: readonly string[]) {
      await user.sendDocument({ bytes: prompts.join("\n"), fileName: name, mimeType: "text/plain" });
      await press(user, "🖼 Images, one per line");
      const preview = await showsNewest(user, (message) => message.text?.startsWith("📄") === true);
      expect(preview.text).toContain(`📄 ${prompts.length} images from this file, one per prompt:`);
      await press(user, `✅ Create ${prompts.length} images`);
      await showsNewest(user, (message) => message.text?.includes("Reserved") === true);
    }

    it.concurrent("120 prompts of which the service fails 5: 115 arrive in order in albums of ten, and the retry makes exactly 5", async () => {
      const user = person("Nora");
      const key = await connect(stack, user, { balance: 10_000 });
      const prompts = Array.from({ length: 120 }, (_, index) => `a harbour at dawn, take ${index + 1}`);
      await inTurn(async () => {
        stack.sandbox.faults.failGenerations(5);
        await createFromFile(user, "harbour.txt", prompts);
      });
      expect(card(user)?.text).toContain(`Reserved ${(120 * IMAGE_PRICE).toLocaleString("en")} tokens`);

      await showsNewest(
        user,
        (message) =>
          message.text?.includes("✅ 115 done · ❌ 5 failed") === true &&
          buttonsOf(message).some((button) => button.text === "🔁 Retry the failed ones (5)"),
        30_000,
      );
      // The card counts at once; the albums follow at the pace Telegram allows in one chat.
      await eventually(() => photosOf(user).length >= 115 || undefined, 70_000);
      await showsNewest(user, (message) => message.text?.startsWith("Images 111–120") === true);
      const photos = photosOf(user);
      expect(photos).toHaveLength(115);
      // In the chat's order: 6 to 120, the first album holding the five that came out of the first ten.
      expect(photos.map((photo) => Number(photo.caption?.split(".")[0]))).toEqual(
        Array.from({ length: 115 }, (_, index) => index + 6),
      );
      const albums: number[] = [];
      let group: string | undefined;
      for (const photo of photos) {
        if (photo.media_group_id === undefined) throw new Error("a result came outside an album");
        if (photo.media_group_id === group) albums[albums.length - 1] = (albums.at(-1) ?? 0) + 1;
        else albums.push(1);
        group = photo.media_group_id;
      }
      expect(albums).toEqual([5, ...Array.from({ length: 11 }, () => 10)]);
      const controls = botMessages(user).filter((message) => message.text?.startsWith("Images ") === true);
      expect(controls.map((message) => message.text?.split(" ·")[0])).toEqual([
        "Images 6–10",
        ...Array.from({ length: 11 }, (_, index) => `Images ${index * 10 + 11}–${index * 10 + 20}`),
      ]);
      expect(controls[0]?.text).toContain("❌ 1 did not come out");
      expect((await account(key.apiKey)).balance_tokens).toBe(10_000 - 115 * IMAGE_PRICE);

      const before = await generations(key.apiKey);
      expect(before).toHaveLength(120);
      await press(user, "🔁 Retry the failed ones (5)");
      const after = await eventually(async () => {
        const listed = await generations(key.apiKey);
        return listed.length > before.length ? listed : undefined;
      });
      const known = new Set(before.map((generation) => generation.id));
      const retried = after.filter((generation) => !known.has(generation.id));
      expect(retried.map((generation) => generation.prompt).sort()).toEqual(prompts.slice(0, 5).sort());
      await showsNewest(user, (message) => message.text?.includes("Reserved 200 tokens") === true);
      const listed = await eventually(async () => {
        const all = await generations(key.apiKey);
        return all.every((generation) => ["succeeded", "failed"].includes(generation.status))
          ? all
          : undefined;
      });
      expect(listed).toHaveLength(125);
      expect(listed.filter((generation) => generation.status === "succeeded")).toHaveLength(120);
      expect((await account(key.apiKey)).balance_tokens).toBe(10_000 - 120 * IMAGE_PRICE);
    }, 120_000);

    it.concurrent("Cancel the queued rest: the card shows the refund, and the balance is the start less what was made", async () => {
      const user = person("Otto");
      const key = await connect(stack, user, { plan: "Free", balance: 1_000 });
      const prompts = Array.from({ length: 12 }, (_, index) => `a paper kite, sketch ${index + 1}`);
      // Four run at once on Free; slowed, the other eight are still waiting when Cancel is pressed.
      await inTurn(async () => {
        stack.sandbox.faults.slowGenerations(12, 80);
        await createFromFile(user, "kites.txt", prompts);
      });
      expect(card(user)?.text).toContain("Reserved 480 tokens");
      expect((await account(key.apiKey)).balance_tokens).toBe(1_000 - 480);

      await press(user, "✖️ Cancel the 8 queued", 15_000);
      const canceled = await showsNewest(
        user,
        (message) => message.text?.includes("Reserved") === true && message.text.includes("8 canceled"),
      );
      expect(canceled.text).toContain("✖️ 8 canceled: 320 tokens refunded.");
      expect(canceled.text).toContain("4 were already being made and could not be stopped");
      expect((await account(key.apiKey)).balance_tokens).toBe(1_000 - 480 + 320);

      const done = await showsNewest(
        user,
        (message) => message.text?.includes("Reserved 480 tokens; charged 160.") === true,
        30_000,
      );
      expect(done.text).toContain("✖️ 8 canceled: 320 tokens refunded.");
      expect(photosOf(user)).toHaveLength(4);
      // The card is the one message that speaks of the canceled ones.
      const speaking = botMessages(user).filter((message) => /cancel/i.test(message.text ?? ""));
      expect(speaking.map((message) => message.message_id)).toEqual([done.message_id]);
      const statuses = (await generations(key.apiKey)).map((generation) => generation.status);
      expect(statuses.filter((status) => status === "succeeded")).toHaveLength(4);
      expect(statuses.filter((status) => status === "canceled")).toHaveLength(8);
      expect((await account(key.apiKey)).balance_tokens).toBe(1_000 - 4 * IMAGE_PRICE);

      user.sendCommand("account");
      const shown = await showsNewest(user, (message) => message.text?.includes("Balance:") === true);
      expect(shown.text).toContain(`Balance: ${(1_000 - 4 * IMAGE_PRICE).toLocaleString("en")} tokens`);
    }, 60_000);

    it.concurrent("Delete older than 14, 7 and 30 days: each confirmation says how many, and the storage bar shows the room made", async () => {
      const user = person("Pia");
      const key = await connect(stack, user, { balance: 10_000 });
      const make = async (daysAgo: number, prompts: string[]) => {
        await inTurn(async () => {
          clockBehindMs = daysAgo * DAY_MS;
          try {
            await service(key.apiKey, "/v1/images/generations", {
              method: "POST",
              body: JSON.stringify({ prompts, model: "lumen-image-2" }),
            });
          } finally {
            clockBehindMs = 0;
          }
        });
      };
      await make(20, ["a winter field", "a frozen pond", "a snowy roof"]);
      await make(10, ["a spring meadow", "a blossoming tree"]);
      await make(0, ["a summer beach"]);
      await eventually(async () => {
        const listed = await generations(key.apiKey);
        return listed.every((generation) => generation.status === "succeeded") || undefined;
      });
      const i18n = createI18n("en");
      const t = (key: string, variables?: Record<string, string | number>) => i18n.t("en", key, variables);
      const storageLine = (storage: AccountView["storage"]) =>
        `(${formatBytes(storage.bytes_used, t, "en")} of ${formatBytes(storage.bytes_quota, t, "en")})`;
      const full = (await account(key.apiKey)).storage;

      user.sendCommand("gallery");
      const gallery = await showsNewest(
        user,
        (message) => message.text?.startsWith("🗂 Your generations") === true,
      );
      expect(gallery.text).toContain(storageLine(full));
      expect(gallery.text).toContain("Results 1–6, newest first");

      await press(user, "🧹 Delete old results…");
      await press(user, "Older than 14 days");
      const asked = await showsNewest(
        user,
        (message) => message.text?.includes("older than 14 days") === true,
      );
      expect(asked.text).toBe(
        "3 results are older than 14 days. Delete them for good? They cannot be restored.",
      );
      await press(user, "🗑 Yes, delete 3");
      const afterFourteen = await showsNewest(
        user,
        (message) => message.text?.includes("🗑 Deleted 3 results.") === true,
      );
      const lighter = (await account(key.apiKey)).storage;
      expect(lighter.bytes_used).toBeLessThan(full.bytes_used);
      expect(afterFourteen.text).toContain(storageLine(lighter));
      expect(afterFourteen.text).not.toContain(storageLine(full));
      expect(afterFourteen.text).toContain("Results 1–3, newest first");

      await press(user, "🧹 Delete old results…");
      await press(user, "Older than 30 days");
      await showsNewest(user, (message) => message.text === "Nothing is older than 30 days.");
      await press(user, "« Back");
      await press(user, "🧹 Delete old results…");
      await press(user, "Older than 7 days");
      const second = await showsNewest(
        user,
        (message) => message.text?.includes("older than 7 days") === true,
      );
      expect(second.text).toBe(
        "2 results are older than 7 days. Delete them for good? They cannot be restored.",
      );
      await press(user, "🗑 Yes, delete 2");
      const afterSeven = await showsNewest(
        user,
        (message) => message.text?.includes("🗑 Deleted 2 results.") === true,
      );
      const lightest = (await account(key.apiKey)).storage;
      expect(lightest.bytes_used).toBeLessThan(lighter.bytes_used);
      expect(afterSeven.text).toContain(storageLine(lightest));
      expect((await generations(key.apiKey)).map((generation) => generation.prompt)).toEqual([
        "a summer beach",
      ]);
    }, 60_000);

    it.concurrent("a create refused for a full store leads to the gallery with the advice to make room, and charges nothing", async () => {
      const user = person("Quinn");
      const key = await connect(stack, user, { balance: 2_000 });
      const quota = (await account(key.apiKey)).storage.bytes_quota;
      stack.sandbox.accounts.setWebAppStorage(key.accountId, quota);

      user.sendCommand("image", "a lighthouse keeper's cottage");
      await showsNewest(user, (message) => message.text?.includes("Price:") === true);
      await press(user, "✅ Create");
      const refused = await showsNewest(user, (message) => message.text?.includes("not created") === true);
      expect(refused.text).toContain("Your storage on the generation service is full");
      expect(buttonsOf(refused).map((button) => button.text)).toContain("🗂 Open the gallery");

      await press(user, "🗂 Open the gallery");
      const gallery = await showsNewest(
        user,
        (message) => message.text?.startsWith("🗂 Your generations") === true,
      );
      expect(gallery.text).toContain("⚠️ Your storage is full, so no new generations can start.");
      expect(gallery.text).toContain("▰▰▰▰▰▰▰▰▰▰ 100%");
      expect((await account(key.apiKey)).balance_tokens).toBe(2_000);
      expect(await generations(key.apiKey)).toHaveLength(0);
      expect(photosOf(user)).toHaveLength(0);
    }, 30_000);
  },
);
