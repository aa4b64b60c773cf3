import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configSecrets, loadConfig, SETTING_NAMES } from "../../src/config.js";

const TOKEN = "7712345678:AAHx9fK2LmQpRsTuVwXyZaBcDeFgHiJkLmN";
const VAULT = Buffer.alloc(32, 7).toString("base64");

const polling = {
  BOT_TOKEN: TOKEN,
  PUBLIC_URL: "https://bot.example.com/",
  TASKS_BASE_URL: "https://tasks.example.com",
};

function problemsOf(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("the settings were accepted");
}

describe("loadConfig", () => {
  it("starts the playground with defaults when there is no bot token", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: "playground",
      botToken: undefined,
      botApiRoot: "https://api.telegram.org",
      http: { host: "0.0.0.0", port: 8080 },
      tasksBaseUrl: undefined,
      redisUrl: undefined,
      apiKeyPrefix: "cmp",
      keyVaultSecret: undefined,
      defaultLocale: "en",
      maxIntakeMb: 20,
      selfHostedBotApi: false,
      logLevel: "info",
    });
    expect(config.catalogPath).toBe(path.resolve(import.meta.dirname, "../../catalog/catalog.json"));
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ BOT_TOKEN: "", REDIS_URL: " ", HTTP_PORT: "" }).mode).toBe("playground");
  });

  it("runs long polling by default when a token is given, with URLs normalised", () => {
    const config = loadConfig(polling);
    expect(config).toMatchObject({
      mode: "polling",
      botToken: TOKEN,
      publicUrl: "https://bot.example.com",
      tasksBaseUrl: "https://tasks.example.com",
      webhookSecret: undefined,
    });
  });

  it("parses every setting", () => {
    const config = loadConfig({
      ...polling,
      BOT_MODE: "webhook",
      BOT_WEBHOOK_SECRET: "s3cret_token-value",
      BOT_API_ROOT: "http://bot-api:8081",
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: "3000",
      REDIS_URL: "redis://redis:6379/2",
      API_KEY_PREFIX: "acme",
      KEY_VAULT_SECRET: VAULT,
      CATALOG_PATH: "custom/catalog.json",
      DEFAULT_LOCALE: "uk",
      MAX_INTAKE_MB: "300",
      LOG_LEVEL: "debug",
    });
    expect(config).toMatchObject({
      mode: "webhook",
      webhookSecret: "s3cret_token-value",
      botApiRoot: "http://bot-api:8081",
      selfHostedBotApi: true,
      http: { host: "127.0.0.1", port: 3000 },
      redisUrl: "redis://redis:6379/2",
      apiKeyPrefix: "acme",
      catalogPath: path.resolve("custom/catalog.json"),
      defaultLocale: "uk",
      maxIntakeMb: 300,
      logLevel: "debug",
    });
    expect(config.keyVaultSecret?.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it("takes the generation service's address, which stays unset unless given", () => {
    expect(loadConfig(polling).generationBaseUrl).toBeUndefined();
    expect(loadConfig({}).generationBaseUrl).toBeUndefined();
    expect(
      loadConfig({ ...polling, GENERATION_BASE_URL: "https://images.example.com/" }).generationBaseUrl,
    ).toBe("https://images.example.com");
  });

  it("lets a self-hosted Bot API take files up to the service's limit by default", () => {
    expect(loadConfig({ BOT_API_ROOT: "http://localhost:8081" })).toMatchObject({
      selfHostedBotApi: true,
      maxIntakeMb: 500,
    });
  });

  it("caps MAX_INTAKE_MB at the cloud download limit and at the service's upload limit", () => {
    expect(problemsOf({ MAX_INTAKE_MB: "21" }).message).toContain("MAX_INTAKE_MB: must be at most 20");
    expect(problemsOf({ MAX_INTAKE_MB: "501", BOT_API_ROOT: "http://bot-api:8081" }).message).toContain(
      "MAX_INTAKE_MB: must be at most 500",
    );
    expect(loadConfig({ MAX_INTAKE_MB: "5" }).maxIntakeMb).toBe(5);
    expect(problemsOf({ MAX_INTAKE_MB: "0" }).problems.map((p) => p.variable)).toEqual(["MAX_INTAKE_MB"]);
    expect(problemsOf({ MAX_INTAKE_MB: "2.5" }).problems.map((p) => p.variable)).toEqual(["MAX_INTAKE_MB"]);
  });

  it("requires the public URL and the service outside the playground", () => {
    const error = problemsOf({ BOT_TOKEN: TOKEN });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(["PUBLIC_URL", "TASKS_BASE_URL"]);
  });

  it("requires the webhook secret and an https public URL in webhook mode", () => {
    const error = problemsOf({ ...polling, BOT_MODE: "webhook", PUBLIC_URL: "http://bot.example.com" });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(["BOT_WEBHOOK_SECRET", "PUBLIC_URL"]);
  });

  it("requires a 32-byte vault secret with Redis", () => {
    expect(problemsOf({ REDIS_URL: "redis://localhost:6379" }).problems).toEqual([
      { variable: "KEY_VAULT_SECRET", problem: expect.stringContaining("required with REDIS_URL") },
    ]);
    const short = Buffer.alloc(31, 1).toString("base64");
    expect(problemsOf({ REDIS_URL: "redis://localhost", KEY_VAULT_SECRET: short }).message).toContain(
      "KEY_VAULT_SECRET: must be the base64 of exactly 32 bytes",
    );
    expect(problemsOf({ KEY_VAULT_SECRET: "not base64 at all!" }).problems[0]?.variable).toBe(
      "KEY_VAULT_SECRET",
    );
  });

  it("lists every bad variable in one message without echoing any value", () => {
    const env = {
      BOT_TOKEN: "definitely-not-a-token-value",
      BOT_MODE: "sometimes",
      BOT_API_ROOT: "ftp://files.example.com",
      BOT_WEBHOOK_SECRET: "has spaces and $ymbols",
      PUBLIC_URL: "not a url",
      HTTP_PORT: "70000",
      TASKS_BASE_URL: "https://user:pass@tasks.example.com",
      GENERATION_BASE_URL: "https://images.example.com/?key=1",
      REDIS_URL: "http://redis:6379",
      API_KEY_PREFIX: "Has_Upper",
      KEY_VAULT_SECRET: "c2hvcnQtc2VjcmV0LXZhbHVl",
      DEFAULT_LOCALE: "klingon",
      MAX_INTAKE_MB: "lots",
      LOG_LEVEL: "chatty",
    };
    const error = problemsOf(env);
    expect(error.problems.map((p) => p.variable).sort()).toEqual(Object.keys(env).sort());
    for (const name of Object.keys(env)) expect(error.message).toContain(`- ${name}: `);
    for (const value of Object.values(env)) expect(error.message).not.toContain(value);
  });

  it("names the secrets the logger must scrub, including a Redis password", () => {
    const config = loadConfig({
      ...polling,
      BOT_WEBHOOK_SECRET: "webhook-secret-value",
      REDIS_URL: "redis://:p%40ssw0rd-long@redis:6379",
      KEY_VAULT_SECRET: VAULT,
    });
    expect(configSecrets(config)).toEqual(
      expect.arrayContaining([TOKEN, "webhook-secret-value", VAULT, "p@ssw0rd-long"]),
    );
  });
});

describe(".env.example", () => {
  it("lists every setting, each with a comment, and its defaults load", async () => {
    const text = await readFile(new URL("../../.env.example", import.meta.url), "utf8");
    const lines = text.split("\n");
    const names = lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split("=")[0]);
    expect([...names].sort()).toEqual([...SETTING_NAMES].sort());
    for (const name of SETTING_NAMES) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      const commented = lines
        .slice(0, index)
        .reverse()
        .find((line) => !/^[A-Z_]+=/.test(line));
      expect(commented, name).toMatch(/^# /);
    }
    const env = Object.fromEntries(
      lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    expect(loadConfig(env).mode).toBe("playground");
  });
});
