import type { Transformer } from "grammy";
import { describe, expect, it } from "vitest";
import type { TokenBucketStore } from "../../../src/storage/ports.js";
import { telegramPacing, withPrepaidSend } from "../../../src/telegram/pacing.js";

/** Every token taken, as "bucket×cost"; nothing ever waits. */
function recordingBuckets(): TokenBucketStore & { taken: string[] } {
  const taken: string[] = [];
  return {
    taken,
    async take(bucket, _rule, cost = 1) {
      taken.push(`${bucket}×${cost}`);
      return { waitMs: 0 };
    },
  };
}

function sender(pacing: Transformer) {
  const prev = (async () => ({ ok: true, result: true })) as unknown as Parameters<Transformer>[0];
  return (chatId: number) => pacing(prev, "sendMessage", { chat_id: chatId, text: "hi" }, undefined);
}

describe("Telegram pacing of a delivery's prepaid send", () => {
  it("lets the first send to the delivery's chat through without a second chat token, and only that one", async () => {
    const buckets = recordingBuckets();
    const send = sender(telegramPacing(buckets));
    await withPrepaidSend(5, async () => {
      await send(5);
      await send(5);
      await send(6);
    });
    await send(5);
    expect(buckets.taken).toEqual([
      "telegram:bot×1",
      "telegram:chat:5×1",
      "telegram:bot×1",
      "telegram:chat:6×1",
      "telegram:bot×1",
      "telegram:chat:5×1",
      "telegram:bot×1",
    ]);
  });

  it("gives two deliveries to one chat at once a prepaid send each, and drops a credit left unused", async () => {
    const buckets = recordingBuckets();
    const send = sender(telegramPacing(buckets));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withPrepaidSend(7, async () => {
      await send(7);
      await held;
    });
    await withPrepaidSend(7, async () => {
      await send(7);
      await send(7);
    });
    release();
    await first;
    await withPrepaidSend(7, async () => {});
    await send(7);
    expect(buckets.taken.filter((entry) => entry.startsWith("telegram:chat"))).toEqual([
      "telegram:chat:7×1",
      "telegram:chat:7×1",
    ]);
  });
});
