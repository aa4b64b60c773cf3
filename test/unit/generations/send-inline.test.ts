/**
 * An inline image in place of its placeholder when Telegram will not take it: a link it cannot fetch
 * leaves the placeholder saying where the image is, and an inline message deleted meanwhile is nothing
 * to edit.
 */
import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import type { ChunkItem } from "../../../src/generations/records.js";
import { type InlineResultApi, sendToInlineMessage } from "../../../src/generations/send-inline.js";
import { createLogger } from "../../../src/logger.js";
import { sampleBatch } from "../../support/batch-record.js";

const logger = createLogger({ level: "silent" });
const t = (key: string, variables?: Record<string, string | number>) =>
  `${key} ${JSON.stringify(variables ?? {})}`;
const record = { ...sampleBatch("T".repeat(20), 7, 0), inlineMessageId: "inline-1" };
const item: ChunkItem = {
  id: "gen-1",
  position: 0,
  prompt: "a kite",
  status: "succeeded",
  costTokens: 40,
  output: { url: "https://files.example/gen-1.png?sig=1", expiresAt: 9_999_999_999, mime: "image/png" },
};

function refusal(method: string, description: string): GrammyError {
  return new GrammyError(description, { ok: false, error_code: 400, description }, method, {});
}

function fakeApi(mediaRefusal?: GrammyError) {
  const captions: string[] = [];
  const api: InlineResultApi = {
    async editMessageMediaInline() {
      if (mediaRefusal) throw mediaRefusal;
      return true as const;
    },
    async editMessageCaptionInline(_id: string, other?: { caption?: string }) {
      captions.push(other?.caption ?? "");
      return true as const;
    },
  };
  return { api, captions };
}

describe("an inline image", () => {
  it("that Telegram cannot fetch leaves its placeholder saying where the image is", async () => {
    const { api, captions } = fakeApi(
      refusal("editMessageMedia", "Bad Request: failed to get HTTP URL content"),
    );
    await sendToInlineMessage({ api, logger }, record, item, t);
    expect(captions).toEqual(['inline-image-not-shown {"prompt":"a kite"}']);
  });

  it("whose inline message was deleted meanwhile is nothing to edit", async () => {
    const { api, captions } = fakeApi(refusal("editMessageMedia", "Bad Request: MESSAGE_ID_INVALID"));
    await sendToInlineMessage({ api, logger }, record, item, t);
    expect(captions).toEqual([]);
  });
});
