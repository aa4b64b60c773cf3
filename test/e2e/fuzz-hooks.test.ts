/**
 * 1,000 generated bodies each at the service's two ways in, on the running app: the task callback of a
 * real, delivered task (and of tickets that do not exist), and the messenger hook with its secret. None
 * gets a 5xx, the process keeps serving, and nothing more is said in any chat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  botMessages,
  buttonsOf,
  type DeliveryStack,
  eventually,
  FIXTURE,
  press,
  startDeliveryStack,
} from "../support/delivery-stack.js";
import { fuzzBodies, seededRandom } from "../support/fuzz.js";
import { startRedisServer } from "../support/redis-server.js";
import { settleJobs } from "../support/settle.js";

// The sandbox verifies the bot's keys in the registry the bot writes: they share a Redis.
const redisServer = await startRedisServer();

const MESSENGER_SECRET = "fuzz-messenger-secret-0123456789abcdef";
const SAYS = /^(send|edit|copy|forward)/;

describe.skipIf(!redisServer)("the service's ways in under fuzzing", () => {
  let stack: DeliveryStack;
  let ticket: string;

  beforeAll(async () => {
    stack = await startDeliveryStack({ messengerSecret: MESSENGER_SECRET, redisUrl: redisServer?.url ?? "" });
    const user = stack.emulator.users.create({ first_name: "Fuzz", language_code: "en" });
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    const result = await eventually(
      () => botMessages(user).find((message) => message.video !== undefined),
      30_000,
    );
    const data = buttonsOf(result).find((button) => button.data.startsWith("rs:"))?.data ?? "";
    ticket = data.split(":")[1] ?? "";
    await stack.sandbox.idle();
    await settled();
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await redisServer?.stop();
  });

  /** Every delivery job has run: what the fuzzing set off has had its chance to say something. */
  async function settled(): Promise<void> {
    await settleJobs(stack.app.httpUrl, { jobs: ["deliver-task"] });
  }

  const said = () => stack.emulator.calls.filter((call) => SAYS.test(call.method)).length;

  it("answers 1,000 task callbacks without a 5xx and says nothing more", async () => {
    expect(ticket).not.toBe("");
    const before = said();
    const random = seededRandom(7);
    const valid = { task_id: 1, status: "completed", result_url: "https://cdn.example.com/r.mp4" };
    for (const body of fuzzBodies(1123, 1_000, valid)) {
      const target = random() < 0.5 ? ticket : `${ticket.slice(0, -2)}zz`;
      const response = await fetch(`http://127.0.0.1:${stack.port}/hooks/tasks/${target}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBeLessThan(500);
    }
    await settled();
    expect(said()).toBe(before);
    expect((await fetch(`http://127.0.0.1:${stack.port}/healthz`)).ok).toBe(true);
  }, 120_000);

  it("answers 1,000 messenger hooks without a 5xx and says nothing", async () => {
    const before = said();
    const random = seededRandom(11);
    const valid = { task_id: 999_999, user_id: 424_242 };
    for (const body of fuzzBodies(2311, 1_000, valid)) {
      const response = await fetch(`http://127.0.0.1:${stack.port}/hooks/messenger`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(random() < 0.9 ? { "x-messenger-secret": MESSENGER_SECRET } : {}),
        },
        body,
      });
      expect(response.status, body).toBeLessThan(500);
    }
    await settled();
    expect(said()).toBe(before);
  }, 120_000);
});
