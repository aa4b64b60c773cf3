import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalStack, startLocalStack } from "../../../dev/local-stack.js";
import { createLogger } from "../../../src/logger.js";
import type { AccountJson } from "./harness.js";

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({
    verifyKey: async () => undefined,
    logger: createLogger({ level: "silent" }),
  });
});
afterAll(async () => {
  await stack.close();
});

async function account(apiKey: string): Promise<AccountJson> {
  const response = await fetch(`${stack.generationBaseUrl}/v1/account`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AccountJson;
}

describe("the playground's generation sandbox", () => {
  it("runs beside the tasks sandbox and serves the catalog", async () => {
    expect(stack.generationBaseUrl).not.toBe(stack.tasksBaseUrl);
    expect((await fetch(`${stack.generationBaseUrl}/v1/models`)).status).toBe(200);
  });

  it("links one key per Telegram user, on a Pro account with a healthy balance", async () => {
    const key = stack.generationKeyFor(1001);
    expect(stack.generationKeyFor(1001)).toEqual(key);
    expect(stack.generationKeyFor(1002).apiKey).not.toBe(key.apiKey);
    expect(await account(key.apiKey)).toMatchObject({ plan: "Pro", balance_tokens: 50_000 });
    expect(key.signingSecret).toMatch(/^whsec_/);
  });

  it("opens or switches an account to the plan asked for", async () => {
    expect((await account(stack.generationKeyFor(2001, { plan: "Free" }).apiKey)).plan).toBe("Free");
    expect((await account(stack.generationKeyFor(2001, { plan: "Pro" }).apiKey)).plan).toBe("Pro");
  });
});
