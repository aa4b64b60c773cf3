import { describe, expect, it } from "vitest";
import { createLogger, redactText } from "../../src/logger.js";

const BOT_TOKEN = "7712345678:AAHx9fK2LmQpRsTuVwXyZaBcDeFgHiJkLmN";
const VAULT_SECRET = "q83vEjLzK+O1VZ4tFh0x/6fXbB9YpR2nWm7sJcA5u1k=";
const API_KEY = `cmp_Ab3dE9gH_${"Zq7Wx2Lm".repeat(4)}`;
const OTHER_PREFIX_KEY = `acme_Qw8eR5tY_${"Uo1Ip4As".repeat(4)}`;

function capture(options: { apiKeyPrefix?: string } = {}) {
  const lines: string[] = [];
  const logger = createLogger({
    level: "trace",
    secrets: [BOT_TOKEN, VAULT_SECRET],
    ...options,
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, output: () => lines.join("") };
}

function expectClean(output: string) {
  expect(output).not.toContain(BOT_TOKEN);
  expect(output).not.toContain(BOT_TOKEN.split(":")[1]);
  expect(output).not.toContain(VAULT_SECRET);
  expect(output).not.toContain(API_KEY.slice(-32));
  expect(output).not.toContain(OTHER_PREFIX_KEY.slice(-32));
}

describe("createLogger", () => {
  it("keeps the secret part of a generation service key out, its name in", () => {
    const { logger, output } = capture();
    const key = `gsk_live_ab12cd34_${"Xy9Wv8Ut".repeat(4)}`;
    logger.warn({ note: `linked ${key}` }, "refused %s", key);
    const text = output();
    expect(text).not.toContain(key.slice(-32));
    expect(text).toContain("gsk_live_ab12cd34_[redacted]");
  });

  it("keeps secrets out of messages, interpolations and nested objects", () => {
    const { logger, output } = capture();
    logger.info(
      {
        deep: { level: { list: [`token ${BOT_TOKEN}`, { note: `the key is ${API_KEY}.` }] } },
        config: { keyVaultSecret: VAULT_SECRET, botToken: BOT_TOKEN },
        vault: `secret=${VAULT_SECRET}`,
      },
      "issued %s for %s",
      API_KEY,
      OTHER_PREFIX_KEY,
    );
    const text = output();
    expectClean(text);
    expect(text).toContain("issued cmp_Ab3dE9gH_[redacted]");
    expect(JSON.parse(text).deep.level.list[0]).toBe("token [redacted]");
  });

  it("keeps the bot token out of Bot API and file download URLs in errors and their stacks", () => {
    const { logger, output } = capture();
    const error = new Error(
      `request to https://api.telegram.org/file/bot${BOT_TOKEN}/videos/file_3.mp4 failed; see /bot${BOT_TOKEN}/getFile`,
    );
    logger.error({ err: error, url: `http://127.0.0.1:8081/bot${BOT_TOKEN}/sendMessage` }, "download failed");
    const text = output();
    expectClean(text);
    const line = JSON.parse(text);
    expect(line.err.message).toBe(
      "request to https://api.telegram.org/file/bot[redacted]/videos/file_3.mp4 failed; see /bot[redacted]/getFile",
    );
    expect(line.err.stack).toContain("/file/bot[redacted]/videos");
    expect(line.url).toBe("http://127.0.0.1:8081/bot[redacted]/sendMessage");
  });

  it("keeps secrets out of an error's own properties and its cause", () => {
    const { logger, output } = capture();
    const cause = Object.assign(new Error(`upstream refused ${API_KEY}`), { vault: VAULT_SECRET });
    const error = Object.assign(new Error("submit failed", { cause }), {
      request: { url: `https://api.telegram.org/file/bot${BOT_TOKEN}/documents/a.pdf`, apiKey: API_KEY },
    });
    logger.error(error);
    const text = output();
    expectClean(text);
    expect(JSON.parse(text).msg).toBe("submit failed");
  });

  it("censors X-API-Key headers, whether structured or in free text", () => {
    const { logger, output } = capture();
    logger.warn({ req: { headers: { "x-api-key": "sandbox-key-1234" } } }, "rejected");
    logger.warn(
      { headers: { "X-API-Key": "sandbox-key-5678" } },
      'raw headers: {"x-api-key":"sandbox-key-9abc"}',
    );
    const text = output();
    expect(text).not.toContain("sandbox-key");
    expect(text).toContain("[redacted]");
  });

  it("scrubs child bindings", () => {
    const { logger, output } = capture();
    logger.child({ request: { url: `/bot${BOT_TOKEN}/getUpdates`, vault: VAULT_SECRET } }).info("polling");
    expectClean(output());
    expect(JSON.parse(output()).msg).toBe("polling");
  });

  it("removes keys of the configured prefix even when glued to other text", () => {
    const { logger, output } = capture({ apiKeyPrefix: "cmp" });
    logger.info(`payload=abcdefghijklmnopqrstuvwxyz${API_KEY}trailing`);
    expectClean(output());
  });

  it("keeps task tickets out of callback paths and the payload of a failed send with result buttons", () => {
    const { logger, output } = capture();
    const ticket = "Zk3n1c9Qm2RrXw8tYpLs0aBd";
    logger.error({ err: new Error("boom"), path: `/hooks/tasks/${ticket}` }, "HTTP handler failed");
    const failedSend = Object.assign(new Error("Call to 'sendVideo' failed! (400: Bad Request)"), {
      payload: { reply_markup: { inline_keyboard: [[{ text: "Repeat", callback_data: `rs:${ticket}:r` }]] } },
    });
    logger.warn({ err: failedSend }, "job attempt failed");
    expect(output()).not.toContain(ticket);
    expect(output()).toContain("/hooks/tasks/[redacted]");
    expect(output()).toContain("rs:[redacted]:r");
  });

  it("keeps generation batch tickets out of webhook paths and the data of result buttons", () => {
    const { logger, output } = capture();
    const ticket = "Qw8tYpLs0aBdZk3n1c9Qm2Rr";
    logger.warn({ path: `/hooks/generations/${ticket}` }, "webhook refused");
    const failedSend = Object.assign(new Error("Call to 'sendMessage' failed! (400: Bad Request)"), {
      payload: {
        reply_markup: { inline_keyboard: [[{ text: "Again", callback_data: `gr:${ticket}:a:3` }]] },
      },
    });
    logger.warn({ err: failedSend }, "job attempt failed");
    expect(output()).not.toContain(ticket);
    expect(output()).toContain("/hooks/generations/[redacted]");
    expect(output()).toContain("gr:[redacted]:a:3");
  });

  it("honours the level", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "warn", destination: { write: (line) => void lines.push(line) } });
    logger.info("quiet");
    logger.warn("loud");
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(["loud"]);
  });
});

describe("redactText", () => {
  it("removes given secrets, tokens in URLs, API keys and header values", () => {
    const text = [
      `vault ${VAULT_SECRET}`,
      `GET https://api.telegram.org/bot${BOT_TOKEN}/getMe`,
      `GET http://localhost:9000/botany-secret-token/getMe`,
      `X-API-Key: ${API_KEY}`,
      `x-api-key=opaque-value`,
      `redis://:hunter2hunter2@redis:6379`,
    ].join("\n");
    const result = redactText(text, [VAULT_SECRET, "hunter2hunter2"]);
    expectClean(result);
    expect(result).not.toContain("botany-secret-token");
    expect(result).not.toContain("opaque-value");
    expect(result).not.toContain("hunter2");
    expect(result).toContain("https://api.telegram.org/bot[redacted]/getMe");
  });

  it("leaves ordinary text alone", () => {
    const text = "task 42 finished at 10:13:01 with 3 clips; see https://example.com/results/42";
    expect(redactText(text, [])).toBe(text);
  });

  it("ignores secrets too short to remove without shredding the text", () => {
    expect(redactText("a b c", ["a"])).toBe("a b c");
  });
});
