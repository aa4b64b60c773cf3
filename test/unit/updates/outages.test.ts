import type { Update } from "grammy/types";
import pino from "pino";
import { describe, expect, it } from "vitest";
import {
  handleThroughOutages,
  noteWhatWasSaid,
  readUpdate,
  speakingInChat,
} from "../../../src/updates/updates.js";

class Outage extends Error {}

const storage = { whenUp: async () => {}, isOutage: (error: unknown) => error instanceof Outage };
const logger = pino({ level: "silent" });
const callApi = (method: string, payload: Record<string, unknown>) =>
  noteWhatWasSaid(
    (async () => ({ ok: true, result: true })) as never,
    method as never,
    payload as never,
    undefined,
  );

function message(updateId: number, chatId: number): Update {
  return {
    update_id: updateId,
    message: { message_id: 1, date: 0, chat: { id: chatId, type: "private", first_name: "A" }, text: "hi" },
  } as Update;
}

describe("handling an update through a storage outage", () => {
  it("handles an update again when storage went away before it said anything", async () => {
    let attempts = 0;
    const handle = handleThroughOutages(
      (update) =>
        speakingInChat(update, 5, async () => {
          attempts += 1;
          if (attempts === 1) throw new Outage();
          await callApi("sendMessage", { chat_id: 5, text: "done" });
        }),
      { storage, logger },
    );
    await handle(message(1, 5));
    expect(attempts).toBe(2);
  });

  it("does not handle an update again once it has said something in its chat", async () => {
    let attempts = 0;
    const handle = handleThroughOutages(
      (update) =>
        speakingInChat(update, 5, async () => {
          attempts += 1;
          await callApi("sendMessage", { chat_id: 5, text: "working on it" });
          throw new Outage();
        }),
      { storage, logger },
    );
    await expect(handle(message(1, 5))).rejects.toBeInstanceOf(Outage);
    expect(attempts).toBe(1);
  });

  it("counts answering the button press as saying something", async () => {
    let attempts = 0;
    const press = {
      update_id: 2,
      callback_query: { id: "press-1", from: { id: 5, is_bot: false, first_name: "A" }, chat_instance: "c" },
    } as Update;
    const handle = handleThroughOutages(
      async () => {
        attempts += 1;
        await callApi("answerCallbackQuery", { callback_query_id: "press-1" });
        throw new Outage();
      },
      { storage, logger },
    );
    await expect(handle(press)).rejects.toBeInstanceOf(Outage);
    expect(attempts).toBe(1);
  });

  it("counts answering an inline query as saying something: Telegram takes one answer only", async () => {
    let attempts = 0;
    const query = {
      update_id: 3,
      inline_query: { id: "query-1", from: { id: 5, is_bot: false, first_name: "A" }, query: "", offset: "" },
    } as Update;
    const handle = handleThroughOutages(
      async () => {
        attempts += 1;
        await callApi("answerInlineQuery", { inline_query_id: "query-1", results: [] });
        throw new Outage();
      },
      { storage, logger },
    );
    await expect(handle(query)).rejects.toBeInstanceOf(Outage);
    expect(attempts).toBe(1);
  });

  it("does not take what another chat's update said as this update's", async () => {
    let attempts = 0;
    let release = () => {};
    const otherSaid = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handle = handleThroughOutages(
      (update) =>
        speakingInChat(update, update.message?.chat.id ?? 0, async () => {
          if (update.message?.chat.id === 6) {
            await callApi("sendMessage", { chat_id: 6, text: "hello" });
            release();
            return;
          }
          attempts += 1;
          await otherSaid;
          if (attempts === 1) throw new Outage();
        }),
      { storage, logger },
    );
    await Promise.all([handle(message(1, 5)), handle(message(2, 6))]);
    expect(attempts).toBe(2);
  });
});

describe("reading an update", () => {
  const from = { id: 5, is_bot: false, first_name: "A" };

  it("takes inline queries and chosen inline results, which come from no chat", () => {
    const query = { update_id: 1, inline_query: { id: "q", from, query: "cat", offset: "" } };
    const chosen = { update_id: 2, chosen_inline_result: { result_id: "r:x", from, query: "cat" } };
    expect(readUpdate(query)).toEqual({ kind: "update", update: query });
    expect(readUpdate(chosen)).toEqual({ kind: "update", update: chosen });
  });

  it("refuses an inline query or a chosen result of the wrong shape", () => {
    expect(readUpdate({ update_id: 1, inline_query: { id: "q", query: "cat", offset: "" } })).toEqual({
      kind: "malformed",
    });
    expect(readUpdate({ update_id: 2, chosen_inline_result: { result_id: "", from, query: "" } })).toEqual({
      kind: "malformed",
    });
  });
});
