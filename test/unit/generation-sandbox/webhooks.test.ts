import { createHmac, timingSafeEqual } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from "../../../dev/generation-sandbox/index.js";
import {
  type Answer,
  type Delivery,
  type GenerationJson,
  type Harness,
  START_SECONDS,
  startHarness,
  startReceiver,
} from "./harness.js";

let harness: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  harness = await startHarness();
  receiver = await startReceiver();
});
afterEach(async () => {
  await harness.close();
  await receiver.close();
});

async function useReceiver(answer: (attempt: number) => Answer): Promise<void> {
  await receiver.close();
  receiver = await startReceiver(answer);
}

/** The receiver's side, written from the spec: HMAC-SHA256 of `<t>.<raw body>`, compared in constant time. */
function verify(delivery: Delivery, secret: string): { valid: boolean; t: number } {
  const header = String(delivery.headers["x-service-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { valid: false, t: 0 };
  const [, t = "", signature = ""] = match;
  const expected = createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest();
  return { valid: timingSafeEqual(expected, Buffer.from(signature, "hex")), t: Number(t) };
}

async function succeeded(body: Record<string, unknown> = {}, key?: string): Promise<string> {
  const batch = await harness.create("images", { prompt: "x", webhook_url: receiver.url, ...body }, key);
  harness.sandbox.step();
  await harness.sandbox.idle();
  return batch.generations[0]?.id ?? "";
}

describe("generation.succeeded webhooks", () => {
  it("posts {data: <generation>} signed with the key's secret as the spec describes", async () => {
    const id = await succeeded({ metadata: { chat: "7" } });
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("no delivery");
    expect(delivery.headers["x-service-event"]).toBe("generation.succeeded");
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(verify(delivery, harness.free.signingSecret)).toEqual({ valid: true, t: START_SECONDS });
    expect(verify(delivery, harness.pro.signingSecret).valid).toBe(false);
    const body = JSON.parse(delivery.body) as { data: GenerationJson };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data).toEqual(await harness.generation(id));
    expect(body.data).toMatchObject({ status: "succeeded", metadata: { chat: "7" } });
  });

  it("fails verification when the body is altered", async () => {
    await succeeded();
    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("no delivery");
    expect(
      verify({ ...delivery, body: delivery.body.replace("succeeded", "failed") }, harness.free.signingSecret)
        .valid,
    ).toBe(false);
  });

  it("signs with the secret of the key that created the generation, which survives rotation", async () => {
    const batch = await harness.create("images", { prompt: "x", webhook_url: receiver.url });
    harness.sandbox.accounts.rotateKey(harness.free.keyId);
    harness.sandbox.step();
    await harness.sandbox.idle();
    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("no delivery");
    expect(verify(delivery, harness.free.signingSecret).valid).toBe(true);
    expect(JSON.parse(delivery.body).data.id).toBe(batch.generations[0]?.id);
  });

  it("sends nothing for a failed generation or without a webhook_url", async () => {
    harness.sandbox.faults.failGenerations(1);
    await succeeded();
    await harness.create("images", { prompt: "no hook" });
    harness.sandbox.step();
    await harness.sandbox.idle();
    expect(receiver.deliveries).toEqual([]);
  });

  it("sends one webhook per generation of a batch", async () => {
    const batch = await harness.create("videos", { prompts: ["a", "b"], webhook_url: receiver.url });
    harness.sandbox.step();
    await receiver.received(2);
    const ids = receiver.deliveries.map((delivery) => JSON.parse(delivery.body).data.id).sort();
    expect(ids).toEqual(batch.generations.map((generation) => generation.id).sort());
  });

  it("arrives on its own with automatic running", async () => {
    await harness.close();
    harness = await startHarness({ autoStep: true, durationsMs: { image: 1 } });
    await harness.create("images", { prompt: "x", webhook_url: receiver.url });
    await receiver.received(1);
    expect(verify(receiver.deliveries[0] as Delivery, harness.free.signingSecret).valid).toBe(true);
  });
});

describe("retries", () => {
  it("follows the spec's schedule by default: 3 retries after 5 s, 30 s and 5 min", () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS_MS).toEqual([5_000, 30_000, 300_000]);
  });

  it("retries a failing receiver 3 times, then gives up", async () => {
    await useReceiver(() => 500);
    await succeeded();
    expect(receiver.deliveries).toHaveLength(4);
    const bodies = new Set(receiver.deliveries.map((delivery) => delivery.body));
    expect(bodies.size).toBe(1);
  });

  it("stops at the first 2xx", async () => {
    await useReceiver((attempt) => (attempt < 3 ? 503 : 200));
    await succeeded();
    expect(receiver.deliveries).toHaveLength(3);
  });

  it("signs each attempt afresh with the time it is made", async () => {
    await useReceiver((attempt) => {
      harness.clock.advance(5_000);
      return attempt === 1 ? 500 : 204;
    });
    await succeeded();
    const [first, second] = receiver.deliveries.map((delivery) =>
      verify(delivery, harness.free.signingSecret),
    );
    expect(first).toEqual({ valid: true, t: START_SECONDS });
    expect(second).toEqual({ valid: true, t: START_SECONDS + 5 });
  });

  it("does not follow a redirect: it counts as a failure", async () => {
    await useReceiver((attempt) => (attempt === 1 ? 302 : 204));
    await succeeded();
    expect(receiver.deliveries).toHaveLength(2);
  });

  it("counts no answer within the time-out as a failure", async () => {
    // The hung attempt's deadline passes once the receiver holds it; the answered attempt's never does, so a
    // slow machine cannot turn its answer into a second failure.
    const deadlines: AbortController[] = [];
    await harness.close();
    harness = await startHarness({
      webhookDeadline: () => {
        const deadline = new AbortController();
        deadlines.push(deadline);
        return deadline.signal;
      },
    });
    await useReceiver((attempt) => {
      if (attempt > 1) return 204;
      deadlines[0]?.abort(new DOMException("no answer in time", "TimeoutError"));
      return "hang";
    });
    await succeeded();
    expect(receiver.deliveries).toHaveLength(2);
  });
});

describe("webhook faults", () => {
  it("drops the next webhook and sends the one after", async () => {
    harness.sandbox.faults.dropWebhooks(1);
    await succeeded();
    const sent = await succeeded();
    expect(receiver.deliveries.map((delivery) => JSON.parse(delivery.body).data.id)).toEqual([sent]);
  });

  it("sends a duplicated webhook twice, identically", async () => {
    harness.sandbox.faults.duplicateWebhooks(1);
    await succeeded();
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries[0]?.body).toBe(receiver.deliveries[1]?.body);
  });

  it("sends a late webhook after the webhook of a generation that finished later", async () => {
    harness.sandbox.faults.lateWebhooks(1, 1000);
    const late = await harness.create("images", { prompt: "late", webhook_url: receiver.url });
    harness.sandbox.step();
    const prompt = await harness.create("images", { prompt: "prompt", webhook_url: receiver.url });
    harness.sandbox.step();
    await receiver.received(1);
    await harness.sandbox.idle();
    expect(receiver.deliveries.map((delivery) => JSON.parse(delivery.body).data.id)).toEqual([
      prompt.generations[0]?.id,
      late.generations[0]?.id,
    ]);
  });
});
