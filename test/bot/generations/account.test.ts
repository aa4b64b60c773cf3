/**
 * Linking a generation service account in the chat, against the generation sandbox over HTTP: the key
 * message disappears at once, the key is checked before it is kept, it is kept only sealed and never
 * logged; /account shows the account; /disconnect forgets it; each refusal says what to do.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GenerationSandbox, startGenerationSandbox } from "../../../dev/generation-sandbox/index.js";
import { GenerationLinks } from "../../../src/accounts/generation-links.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import type { GenerationFormsDeps } from "../../../src/bot/generations/result-actions.js";
import { loadCatalog } from "../../../src/catalog/index.js";
import { DEFAULT_CATALOG_PATH } from "../../../src/config.js";
import { GenerationServiceClient } from "../../../src/generation-service/client.js";
import { errorForCode } from "../../../src/generation-service/errors.js";
import { KeyRateLimits } from "../../../src/generation-service/rate-limits.js";
import { GenerationRecords } from "../../../src/generations/records.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { Storage } from "../../../src/storage/ports.js";
import { BotHarness, type BotHarnessOptions, lastCall, textOf } from "../../support/bot-harness.js";

let sandbox: GenerationSandbox;
let client: GenerationServiceClient;
let taskCatalog: Awaited<ReturnType<typeof loadCatalog>>;

beforeAll(async () => {
  taskCatalog = await loadCatalog(DEFAULT_CATALOG_PATH);
  sandbox = await startGenerationSandbox({ rateLimits: false });
  client = new GenerationServiceClient({
    baseUrl: sandbox.baseUrl,
    logger: createLogger({ level: "silent" }),
    rateLimits: new KeyRateLimits(createMemoryStorage().kv),
  });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

/** The forms are there as in production; these tests do not open one. */
function formsOf(storage: Storage): GenerationFormsDeps {
  return {
    flow: {
      catalog: taskCatalog,
      limits: { maxIntakeMb: 20, selfHostedBotApi: false },
      translate: () => (key) => key,
      prepare: async () => ({ problem: { key: "generation-not-linked" } }),
      offerPrices: async () => () => ({ kind: "notLinked" }),
      submit: async () => undefined,
      measure: async () => undefined,
    },
    records: new GenerationRecords(storage),
    actions: {
      sendOriginal: async () => undefined,
      cancelQueued: async () => undefined,
      retryFailed: async () => ({ nothing: true }),
      deleteGeneration: async () => undefined,
      joinClips: async () => "already",
      resultLink: async () => ({ problem: { key: "generation-not-linked" } }),
    },
  };
}

function rig(
  service: { getAccount: GenerationServiceClient["getAccount"] } = client,
  results?: BotHarnessOptions["results"],
) {
  const storage = createMemoryStorage();
  const links = new GenerationLinks({ storage, vault: new KeyVault(randomBytes(32)) });
  const harness = new BotHarness({
    storage,
    createOptions: { generation: { account: { links, service }, forms: formsOf(storage) } },
    ...(results ? { results } : {}),
  });
  return { harness, links, storage };
}

function deletedIds(calls: Array<{ method: string; payload: Record<string, unknown> }>): number[] {
  return calls
    .filter((call) => call.method === "deleteMessage")
    .map((call) => Number(call.payload.message_id));
}

describe("/connect", () => {
  it("asks for the key, deletes the message carrying it at once, checks it and keeps it sealed", async () => {
    const { harness, links, storage } = rig();
    const account = sandbox.accounts.create({ plan: "Pro", balance: 12_500 });
    const { apiKey, signingSecret } = sandbox.accounts.issueKey(account);
    const user = harness.user(41);

    const asked = await harness.send(user, "/connect");
    expect(textOf(lastCall(asked, "sendMessage"))).toContain("Send me the API key");

    const sent = await harness.send(user, `  ${apiKey}  `);
    expect(sent[0]?.method).toBe("deleteMessage");
    expect(deletedIds(sent)).toHaveLength(1);
    const connected = textOf(lastCall(sent, "editMessageText"));
    expect(connected).toContain("✅ Connected: Pro plan, balance 12,500 tokens (about $12.50).");
    expect(BotHarness.buttons(lastCall(sent, "editMessageText")).map((button) => button.text)).toEqual([
      "Skip",
    ]);
    expect((await links.credentials(user.id))?.apiKey).toBe(apiKey);

    const secretSent = await harness.send(user, signingSecret);
    expect(secretSent[0]?.method).toBe("deleteMessage");
    expect(textOf(lastCall(secretSent, "sendMessage"))).toContain("Signing secret saved");
    expect(await links.credentials(user.id)).toEqual({ apiKey, signingSecret });

    const stored = (await Promise.all((await storage.kv.keys("")).map((key) => storage.kv.get(key)))).join(
      "\n",
    );
    expect(stored).not.toContain(apiKey.split("_").at(-1));
    expect(stored).not.toContain(signingSecret);
    const logs = harness.logLines.join("");
    expect(logs).not.toContain(apiKey.split("_").at(-1));
    expect(logs).not.toContain(signingSecret);
    const everything = JSON.stringify(harness.calls.filter((call) => call.method !== "deleteMessage"));
    expect(everything).not.toContain(apiKey.split("_").at(-1));
  });

  it("when Telegram does not delete the message with the key or the secret, says so at once and asks the user to delete it", async () => {
    // Telegram does not answer the first try of each deletion; a second would go through.
    const attempts = new Map<number, number>();
    const { harness, links } = rig(client, {
      deleteMessage: (payload) => {
        const id = Number(payload.message_id);
        attempts.set(id, (attempts.get(id) ?? 0) + 1);
        if (attempts.get(id) === 1) throw new Error("connection reset");
        return true;
      },
    });
    const account = sandbox.accounts.create({ plan: "Pro", balance: 12_500 });
    const { apiKey, signingSecret } = sandbox.accounts.issueKey(account);
    const user = harness.user(44);
    await harness.send(user, "/connect");

    const sent = await harness.send(user, apiKey);
    // One try, unanswered (so not among the calls answered), and the warning comes before anything else.
    const [keyMessage] = [...attempts.keys()];
    expect([...attempts.values()]).toEqual([1]);
    expect(textOf(sent[0])).toBe(
      "⚠️ I could not delete your message with the key. Please delete it yourself now: anyone who sees this chat can read it. I will keep trying to delete it too.",
    );
    expect(sent[0]?.payload.reply_parameters).toMatchObject({ message_id: keyMessage });
    expect(harness.deletions.pending.map((entry) => entry.messageId)).toEqual([keyMessage]);
    expect(textOf(lastCall(sent, "editMessageText"))).toContain("✅ Connected");
    expect((await links.credentials(user.id))?.apiKey).toBe(apiKey);

    const secretSent = await harness.send(user, signingSecret);
    const [, secretMessage] = [...attempts.keys()];
    expect([...attempts.values()]).toEqual([1, 1]);
    expect(secretSent.map((call) => call.method)).toEqual(["sendMessage", "sendMessage"]);
    expect(textOf(secretSent[0])).toBe(
      "⚠️ I could not delete your message with the signing secret. Please delete it yourself now: anyone who sees this chat can read it. I will keep trying to delete it too.",
    );
    expect(textOf(secretSent[1])).toBe(
      "🔐 Signing secret saved. Finished images now arrive the moment they are ready.",
    );
    expect(harness.deletions.pending.map((entry) => entry.messageId)).toEqual([keyMessage, secretMessage]);
  });

  it("takes the key on the command line too, and Skip leaves the signing secret out", async () => {
    const { harness, links } = rig();
    const { apiKey } = sandbox.accounts.issueKey(sandbox.accounts.create({ plan: "Free" }));
    const user = harness.user(42, "uk");
    const calls = await harness.send(user, `/connect ${apiKey}`);
    expect(calls[0]?.method).toBe("deleteMessage");
    const connected = lastCall(calls, "editMessageText");
    expect(textOf(connected)).toContain("✅ Під'єднано: тариф Free");
    const skipped = await harness.press(user, BotHarness.button(connected, "Пропустити"));
    expect(textOf(lastCall(skipped, "editMessageText"))).toContain("Без секрету підпису");
    expect(await links.credentials(user.id)).toEqual({ apiKey });
    // The conversation about the key is over: the next text is the user's own again.
    const after = await harness.send(user, "some words");
    expect(deletedIds(after)).toEqual([]);
  });

  it("leaves a text that is no key alone and asks again", async () => {
    const { harness, links } = rig();
    const user = harness.user(43);
    await harness.send(user, "/connect");
    const calls = await harness.send(user, "my key is in the other app");
    expect(deletedIds(calls)).toEqual([]);
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("That does not look like a key");
    expect(await links.describe(user.id)).toBeUndefined();
  });

  it("keeps nothing when the service refuses the key, and says what to do for each refusal", async () => {
    const { harness, links } = rig();
    const user = harness.user(44);
    const revokedAccount = sandbox.accounts.create();
    const revoked = sandbox.accounts.issueKey(revokedAccount);
    sandbox.accounts.revokeKey(revoked.keyId);
    const expired = sandbox.accounts.issueKey(sandbox.accounts.create(), {
      expiresAt: new Date(Date.now() - 60_000),
    });
    const unverified = sandbox.accounts.issueKey(sandbox.accounts.create({ emailVerified: false }));

    const answers: string[] = [];
    for (const key of [revoked.apiKey, expired.apiKey, unverified.apiKey]) {
      const calls = await harness.send(user, `/connect ${key}`);
      expect(calls[0]?.method).toBe("deleteMessage");
      answers.push(textOf(lastCall(calls, "editMessageText")));
    }
    expect(answers).toEqual([
      expect.stringContaining("did not accept this key"),
      expect.stringContaining("This key has expired. Make a new key in the service's account area"),
      expect.stringContaining("email address is not confirmed yet"),
    ]);
    expect(await links.describe(user.id)).toBeUndefined();
  });

  it("explains the budget and Pro refusals in every language", async () => {
    for (const [code, language, expected] of [
      ["key_budget_exceeded", "en", "This key's own token budget is used up"],
      ["pro_required", "en", "This needs the Pro plan"],
      ["key_budget_exceeded", "ru", "Собственный бюджет токенов этого ключа исчерпан"],
      ["pro_required", "uk", "Для цього потрібен тариф Pro"],
    ] as const) {
      const { harness } = rig({
        getAccount: async () => {
          throw errorForCode(code, { operation: "getAccount", status: 403 });
        },
      });
      const calls = await harness.send(
        harness.user(45, language),
        `/connect gsk_live_ab12cd34_${"x".repeat(32)}`,
      );
      expect(textOf(lastCall(calls, "editMessageText"))).toContain(expected);
    }
  });
});

describe("/account and /disconnect", () => {
  it("shows plan, balance, the key's expiry and budget and storage as a bar, the limits under Details", async () => {
    const { harness, links } = rig();
    const account = sandbox.accounts.create({ plan: "Free", balance: 2_400 });
    const { apiKey } = sandbox.accounts.issueKey(account, {
      expiresAt: new Date("2031-12-31T00:00:00Z"),
      budgetTokens: 5_000,
    });
    sandbox.accounts.setWebAppStorage(account, 1024 * 1024 * 1024);
    const user = harness.user(46);
    await links.link(user.id, apiKey);
    const reply = lastCall(await harness.send(user, "/account"), "sendMessage");
    const text = textOf(reply);
    expect(text).toContain("Plan: Free");
    expect(text).toContain("Balance: 2,400 tokens (about $2.40)");
    // The key's name as code: what the user finds again in the service's account area.
    expect(text).toContain(`Key: <code>${apiKey.split("_").slice(0, 3).join("_")}…</code>`);
    expect(reply?.payload.parse_mode).toBe("HTML");
    expect(text).toContain("Expires: Dec 31, 2031");
    expect(text).toContain("Key budget: 0 of 5,000 tokens used, 5,000 left");
    expect(text).toContain("Storage: ▰▰▰▰▰▱▱▱▱▱ 50% (1 GB of 2 GB)");
    expect(text).toContain("I check for finished images every few seconds");
    expect(text).not.toContain(apiKey);
    // A screen for everyone keeps to twelve lines and to words for people: the service's limits wait.
    expect(text.split("\n").length).toBeLessThanOrEqual(12);
    expect(text).not.toContain("requests a minute");
    const details = await harness.press(user, BotHarness.button(reply, "🔽 Details: your key's limits"));
    const full = textOf(lastCall(details, "editMessageText"));
    expect(full).toContain("Limits: 60 requests a minute, 4 generations at once, 500 per request");
    expect(full).toContain("Balance: 2,400 tokens (about $2.40)");
    const fewer = await harness.press(
      user,
      BotHarness.button(lastCall(details, "editMessageText"), "🔼 Fewer details"),
    );
    expect(textOf(lastCall(fewer, "editMessageText"))).toBe(text);
  });

  it("says what the signing secret gives", async () => {
    const { harness, links } = rig();
    const { apiKey } = sandbox.accounts.issueKey(sandbox.accounts.create());
    const user = harness.user(49);
    await links.link(user.id, apiKey);
    await links.setSigningSecret(user.id, "whsec_0123456789abcdef0123");
    const text = textOf(lastCall(await harness.send(user, "/account"), "sendMessage"));
    expect(text).toContain(
      "Finished images arrive the moment they are ready, thanks to the signing secret you sent.",
    );
    expect(text).not.toContain("(signing secret set)");
  });

  it("counts and measures in Ukrainian and Russian words: 9 552 токени, 4 генерації, 1 ГБ", async () => {
    const { harness, links } = rig();
    const account = sandbox.accounts.create({ plan: "Free", balance: 9_552 });
    const { apiKey } = sandbox.accounts.issueKey(account, { budgetTokens: 5_000 });
    sandbox.accounts.setWebAppStorage(account, 1024 * 1024 * 1024);
    const uk = harness.user(47, "uk");
    await links.link(uk.id, apiKey);
    const ukReply = lastCall(await harness.send(uk, "/account"), "sendMessage");
    const ukDetails = await harness.press(uk, BotHarness.button(ukReply, "🔽 Докладніше: ліміти ключа"));
    const ukText = textOf(lastCall(ukDetails, "editMessageText"));
    expect(ukText).toContain("Баланс: 9\u00a0552 токени");
    expect(ukText).toContain("використано 0 з 5\u00a0000 токенів");
    expect(ukText).toContain("Ліміти: 60 запитів на хвилину, 4 генерації одночасно");
    expect(ukText).toContain("(1 ГБ з 2 ГБ)");
    const ru = harness.user(48, "ru");
    await links.link(ru.id, apiKey);
    const ruReply = lastCall(await harness.send(ru, "/account"), "sendMessage");
    const ruDetails = await harness.press(ru, BotHarness.button(ruReply, "🔽 Подробнее: лимиты ключа"));
    const ruText = textOf(lastCall(ruDetails, "editMessageText"));
    expect(ruText).toContain("Баланс: 9\u00a0552 токена");
    expect(ruText).toContain("Лимиты: 60 запросов в минуту, 4 генерации одновременно");
    expect(ruText).toContain("(1 ГБ из 2 ГБ)");
  });

  it("forgets the key and the secret on /disconnect", async () => {
    const { harness, links } = rig();
    const { apiKey } = sandbox.accounts.issueKey(sandbox.accounts.create());
    const user = harness.user(47);
    await links.link(user.id, apiKey);
    await links.setSigningSecret(user.id, "whsec_0123456789abcdef0123");
    const calls = await harness.send(user, "/disconnect");
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("Disconnected");
    expect(await links.credentials(user.id)).toBeUndefined();
    expect(textOf(lastCall(await harness.send(user, "/account"), "sendMessage"))).toContain(
      "No generation account is linked yet",
    );
  });

  it("are not there without the generation service", async () => {
    const harness = new BotHarness();
    const calls = await harness.send(harness.user(48), "/connect");
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("I did not understand");
  });
});

describe("the playground's automatic link", () => {
  it("links a user's sandbox account on first use, and never again after /disconnect", async () => {
    const storage = createMemoryStorage();
    let opened = 0;
    const links = new GenerationLinks({
      storage,
      vault: new KeyVault(randomBytes(32)),
      autoLink: async () => {
        opened += 1;
        return { apiKey: `gsk_test_ab12cd34_${"y".repeat(32)}`, signingSecret: "whsec_0123456789abcdef" };
      },
    });
    expect((await links.credentials(5))?.signingSecret).toBe("whsec_0123456789abcdef");
    expect((await links.credentials(5))?.apiKey).toMatch(/^gsk_test_/);
    expect(opened).toBe(1);
    await links.unlink(5);
    expect(await links.credentials(5)).toBeUndefined();
    expect(opened).toBe(1);
  });
});
