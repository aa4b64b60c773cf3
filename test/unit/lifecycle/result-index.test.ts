/**
 * The index inline mode lists from: per user, newest first, one entry per file however often it is
 * written, and no more than the cap (the oldest go).
 */
import { describe, expect, it } from "vitest";
import {
  RESULTS_KEPT_PER_USER,
  type ResultEntry,
  ResultIndex,
  sentFilesOf,
} from "../../../src/lifecycle/result-index.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";

function entry(id: string): ResultEntry {
  return { id, kind: "photo", fileId: `file-${id}`, title: "Image", description: id, words: id };
}

describe("the result index", () => {
  it("keeps the newest results of each user up to the cap, each file once", async () => {
    const storage = createMemoryStorage();
    const index = new ResultIndex(storage.sortedSets);
    for (let number = 1; number <= RESULTS_KEPT_PER_USER + 5; number++) {
      await index.add(1, entry(`a${number}`), number);
    }
    // A delivery run again after a crash writes its file again.
    await index.add(1, entry(`a${RESULTS_KEPT_PER_USER + 5}`), RESULTS_KEPT_PER_USER + 5);
    await index.add(2, entry("b1"), 1);

    const kept = (await index.list(1)).map((stored) => stored.entry.id);
    expect(kept).toHaveLength(RESULTS_KEPT_PER_USER);
    expect(kept[0]).toBe(`a${RESULTS_KEPT_PER_USER + 5}`);
    expect(kept.at(-1)).toBe("a6");
    expect((await index.list(2)).map((stored) => stored.entry.id)).toEqual(["b1"]);
  });

  it("reads each message's file as Telegram returned it: the largest photo, a video, an album's files", () => {
    const photo = {
      photo: [
        { file_id: "small", file_unique_id: "s", width: 90, height: 90 },
        { file_id: "large", file_unique_id: "l", width: 1280, height: 1280 },
      ],
    };
    const video = { video: { file_id: "v", file_unique_id: "vu" } };
    expect(sentFilesOf(photo)).toEqual([{ kind: "photo", fileId: "large", id: "l" }]);
    expect(sentFilesOf([video, { text: "summary" }])).toEqual([{ kind: "video", fileId: "v", id: "vu" }]);
    expect(sentFilesOf(true)).toEqual([]);
  });
});
