/**
 * What an ordinary update costs, in Redis commands and Bot API calls, in the order the bot makes them:
 * the guard against the next command or call that creeps onto an update's path. The bot runs with the
 * task forms as in production, on a real redis-server; every command its Redis connection sends and
 * every Bot API call is logged as it is made. A returning user's /start, a plain text outside any form,
 * a press on an older menu's button and a press on a form's button are each counted exactly.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStorage } from "../../src/storage/redis.js";
import { BotHarness } from "../support/bot-harness.js";
import { FormRig } from "../support/form-rig.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

/** The storage's own namespace of this test's keys. */
const KEY_PREFIX = `costs${randomBytes(4).toString("hex")}:kv:`;

/** A command as the log shows it: its name and keys, without the storage's namespace and the user's id. */
function shown(name: string, args: readonly unknown[], userId: number): string {
  const keyArgs = name === "evalsha" || name === "eval" ? args.slice(2, 2 + Number(args[1])) : args;
  const keys = name === "set" || name === "get" || name === "del" ? keyArgs.slice(0, 1) : keyArgs;
  const named = keys.map((key) => String(key).replace(KEY_PREFIX, "").replaceAll(String(userId), "<user>"));
  return `redis ${[name, ...named].join(" ")}`;
}

describe.skipIf(!redisServer)("what an update costs", () => {
  const log: string[] = [];
  const user = { id: 4_200_001, first_name: "Olena", language_code: "en" };
  let redis: Redis;
  let rig: FormRig;

  beforeAll(async () => {
    redis = new Redis(redisServer?.url ?? "");
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command, stream) => {
      log.push(shown(command.name, command.args, user.id));
      return send(command, stream);
    };
    rig = await FormRig.create({
      storage: createRedisStorage(redis, { keyPrefix: KEY_PREFIX.slice(0, -"kv:".length) }),
      onTelegramCall: (method) => log.push(`api ${method}`),
    });
    // The first /start of all loads the Redis scripts; this user's counted /start comes after.
    await rig.harness.send(user, "/start");
  });
  afterAll(async () => {
    await rig?.close();
    redis?.disconnect();
    await redisServer?.stop();
  });

  async function costOf(act: () => Promise<unknown>): Promise<string[]> {
    const start = log.length;
    await act();
    return log.slice(start);
  }

  it("a returning user's /start: one read, the answer, the session's write; the older menu's keyboard after", async () => {
    expect(await costOf(() => rig.harness.send(user, "/start"))).toEqual([
      "redis evalsha ratelimit:<user>",
      "redis mget session:<user> form:<user> prefs:<user>",
      "api sendMessage",
      "redis set session:<user>",
      "api editMessageReplyMarkup",
    ]);
  });

  it("a plain text outside any form: one read, the offers, the text kept for them and the session", async () => {
    expect(await costOf(() => rig.harness.send(user, "A few words to hear read aloud"))).toEqual([
      "redis evalsha ratelimit:<user>",
      "redis mget session:<user> form:<user> prefs:<user> intake:<user> pending-text:<user>",
      "api sendMessage",
      "redis set pending-text:<user>",
      "redis set session:<user>",
      "api editMessageReplyMarkup",
    ]);
  });

  it("a press on an older menu's button: one read and the press answered, the session left as it was", async () => {
    const older = await rig.harness.send(user, "/start");
    await rig.harness.send(user, "/start");
    const stale = BotHarness.button(
      older.find((call) => call.method === "sendMessage"),
      "Voiceover",
    );
    expect(await costOf(() => rig.harness.press(user, stale))).toEqual([
      "redis evalsha ratelimit:<user>",
      "redis mget session:<user> form:<user> prefs:<user>",
      "api answerCallbackQuery",
    ]);
  });

  it("a press on a form's button: one read, the press answered, the card edited, the form's write", async () => {
    const menu = await rig.harness.send(user, "/start");
    await rig.harness.press(
      user,
      BotHarness.button(
        menu.find((call) => call.method === "sendMessage"),
        "Voiceover",
      ),
    );
    expect(await costOf(() => rig.tap(user, "« Back"))).toEqual([
      "redis evalsha ratelimit:<user>",
      "redis mget session:<user> form:<user> prefs:<user>",
      "api answerCallbackQuery",
      "api editMessageText",
      "redis set form:<user>",
    ]);
  });
});
