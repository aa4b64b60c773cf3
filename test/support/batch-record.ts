import type { BatchRecord } from "../../src/generations/records.js";

/** A created batch of one image from a prompt, for tests that need a batch to exist. */
export function sampleBatch(ticket: string, userId: number, createdAt: number): BatchRecord {
  return {
    ticket,
    userId,
    chatId: userId,
    locale: "en",
    type: "image",
    form: { type: "text_to_image", values: {}, media: [] },
    formInstance: "instance-1",
    request: { prompt: "a kite" },
    modelLabel: "Lumen Image 2",
    quote: { min: 40, max: 40 },
    count: 1,
    state: "created",
    uploads: {},
    createdAt,
  };
}
