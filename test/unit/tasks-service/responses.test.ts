import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter } from "../../../src/http-client/retry.js";
import {
  CreateTaskResponseSchema,
  ErrorBodySchema,
  HealthSchema,
  ProfileSchema,
  parseServiceTimestamp,
  TaskListSchema,
  TaskSchema,
  UploadResponseSchema,
} from "../../../src/tasks-service/responses.js";

const baseTask = {
  task_id: 3,
  type: "video",
  status: "pending",
  progress: 0,
  result_url: null,
  result_urls: null,
  error_message: null,
  created_at: "2026-11-22T10:00:00",
  updated_at: "2026-11-22T10:00:00",
};

describe("timestamps", () => {
  it("reads a timestamp without a zone as UTC", () => {
    expect(parseServiceTimestamp("2026-11-22T10:05:07")?.toISOString()).toBe("2026-11-22T10:05:07.000Z");
  });

  it("keeps milliseconds of microsecond timestamps and honours an explicit zone", () => {
    expect(parseServiceTimestamp("2026-11-22T10:05:07.123456")?.toISOString()).toBe(
      "2026-11-22T10:05:07.123Z",
    );
    expect(parseServiceTimestamp("2026-11-22T12:05:07+02:00")?.toISOString()).toBe(
      "2026-11-22T10:05:07.000Z",
    );
    expect(parseServiceTimestamp("2026-11-22 10:05:07Z")?.toISOString()).toBe("2026-11-22T10:05:07.000Z");
    expect(parseServiceTimestamp("2026-11-22T15:05:07+05")?.toISOString()).toBe("2026-11-22T10:05:07.000Z");
    expect(parseServiceTimestamp("2026-11-22T04:35:07-0530")?.toISOString()).toBe("2026-11-22T10:05:07.000Z");
  });

  it("rejects dates that do not exist and text that is not a timestamp", () => {
    expect(parseServiceTimestamp("2026-02-31T00:00:00")).toBeUndefined();
    expect(parseServiceTimestamp("yesterday")).toBeUndefined();
    expect(TaskSchema.safeParse({ ...baseTask, created_at: "soon" }).success).toBe(false);
  });
});

describe("TaskSchema", () => {
  it("treats an in-progress status it does not know as processing and keeps the reported name", () => {
    const task = TaskSchema.parse({ ...baseTask, status: "rendering", progress: 40 });
    expect(task.status).toBe("processing");
    expect(task.reported_status).toBe("rendering");
  });

  it("rejects progress outside 0..100", () => {
    expect(TaskSchema.safeParse({ ...baseTask, progress: 101 }).success).toBe(false);
    expect(TaskSchema.safeParse({ ...baseTask, progress: -1 }).success).toBe(false);
  });

  it("reads a transcription's two links", () => {
    const task = TaskSchema.parse({
      ...baseTask,
      type: "transcription",
      status: "completed",
      progress: 100,
      result_urls: { txt_url: "https://cdn.example.com/a.txt", srt_url: "https://cdn.example.com/a.srt" },
    });
    expect(task.result_urls?.srt_url).toBe("https://cdn.example.com/a.srt");
  });

  it("reads smart clips and rejects a score outside 1..100", () => {
    const clip = {
      index: 1,
      title: "Opening",
      hook: "Why it matters",
      start: 12.5,
      end: 70.25,
      duration: 57.75,
      score: 88,
      result_url: "https://cdn.example.com/clip1.mp4",
    };
    const task = TaskSchema.parse({
      ...baseTask,
      type: "smart_clip",
      status: "completed",
      result_url: clip.result_url,
      result_url_expires_at: "2026-11-22T12:00:00",
      result_urls: { clips: [clip] },
    });
    expect(task.result_urls?.clips?.[0]).toMatchObject({ index: 1, score: 88 });
    expect(task.result_url_expires_at?.toISOString()).toBe("2026-11-22T12:00:00.000Z");
    const badScore = { ...baseTask, result_urls: { clips: [{ ...clip, score: 0 }] } };
    expect(TaskSchema.safeParse(badScore).success).toBe(false);
  });

  it("keeps result fields of shapes the spec does not show", () => {
    const task = TaskSchema.parse({
      ...baseTask,
      type: "dubbing",
      status: "completed",
      step: "transcribe",
      result_urls: { srt_url: "https://cdn.example.com/edit.srt", extra: { lang: "de" } },
    });
    expect(task).toMatchObject({ step: "transcribe" });
    expect(task.result_urls).toMatchObject({ extra: { lang: "de" } });
  });

  it("accepts only web links as results", () => {
    expect(TaskSchema.safeParse({ ...baseTask, result_url: "http://127.0.0.1:8080/r/1.mp4" }).success).toBe(
      true,
    );
    expect(TaskSchema.safeParse({ ...baseTask, result_url: "javascript:alert(1)" }).success).toBe(false);
    expect(TaskSchema.safeParse({ ...baseTask, result_url: "file:///etc/passwd" }).success).toBe(false);
  });

  it("carries the failure message of a failed task", () => {
    const task = TaskSchema.parse({ ...baseTask, status: "failed", error_message: "No speech found" });
    expect(task).toMatchObject({ status: "failed", error_message: "No speech found" });
  });
});

describe("TaskListSchema", () => {
  it("accepts a bare array, a tasks envelope and an items envelope", () => {
    for (const body of [[baseTask], { tasks: [baseTask], total: 1 }, { items: [baseTask] }]) {
      expect(TaskListSchema.parse(body).map((task) => task.task_id)).toEqual([3]);
    }
  });

  it("rejects a list answer of another shape", () => {
    expect(TaskListSchema.safeParse({ results: [baseTask] }).success).toBe(false);
  });
});

describe("other answers", () => {
  it("reads create and upload answers", () => {
    expect(CreateTaskResponseSchema.parse({ task_id: 9, status: "pending" })).toMatchObject({ task_id: 9 });
    const upload = { upload_id: "5f0c6a0e-2b1d-4c3e-9a7f-1234567890ab", filename: "a.mp4", size_bytes: 10 };
    expect(UploadResponseSchema.parse(upload)).toMatchObject(upload);
    expect(UploadResponseSchema.safeParse({ ...upload, upload_id: "abc" }).success).toBe(false);
    expect(UploadResponseSchema.safeParse({ ...upload, size_bytes: -1 }).success).toBe(false);
  });

  it("tells the two profile kinds apart and rejects a profile with neither balance nor tariff", () => {
    const common = { user_id: 1, limits: {}, usage: {}, api_key_prefix: "AbCd1234" };
    expect(ProfileSchema.parse({ ...common, token_balance: 0 }).billing).toBe("tokens");
    expect(ProfileSchema.parse({ ...common, tariff: "Free", tariff_expires_at: null }).billing).toBe("quota");
    expect(ProfileSchema.safeParse(common).success).toBe(false);
  });

  it("reads health and error bodies", () => {
    expect(HealthSchema.parse({ status: "ok", service: "media-tasks" }).status).toBe("ok");
    expect(ErrorBodySchema.parse({ detail: "Invalid API key" }).detail).toBe("Invalid API key");
    expect(
      ErrorBodySchema.parse({
        detail: [
          { loc: ["body", "text_overlays", 0, "text"], msg: "too long" },
          { loc: ["query", "limit"], msg: "must be <= 100" },
        ],
      }).detail,
    ).toBe("text_overlays.0.text: too long; query.limit: must be <= 100");
  });
});

describe("retry timing", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("never waits less than Retry-After and stops at the attempt cap", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 3 };
    expect(nextDelay(policy, 1, 0, 5_000, () => 0)).toBe(5_000);
    expect(nextDelay(policy, 1, 0, 5_000, () => 0.99)).toBeGreaterThan(5_000);
    expect(nextDelay(policy, 3, 0, undefined, () => 0.5)).toBeUndefined();
  });

  it("spreads waits with jitter above a doubling floor, up to the cap", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 10 };
    expect(nextDelay(policy, 1, 0, undefined, () => 0)).toBe(100);
    expect(nextDelay(policy, 1, 0, undefined, () => 0.999)).toBeLessThan(200);
    expect(nextDelay(policy, 3, 0, undefined, () => 0)).toBe(400);
    expect(nextDelay(policy, 3, 0, undefined, () => 0.999)).toBeLessThan(800);
    expect(nextDelay(policy, 9, 0, undefined, () => 0.999)).toBe(1_000);
  });

  it("asks a busy service again no sooner than a second later by default", () => {
    for (const random of [0, 0.3, 0.999]) {
      const first = nextDelay(DEFAULT_RETRY_POLICY, 1, 0, undefined, () => random) ?? 0;
      expect(first).toBeGreaterThanOrEqual(1_000);
      expect(first).toBeLessThan(2_000);
      expect(nextDelay(DEFAULT_RETRY_POLICY, 2, first, undefined, () => random)).toBeGreaterThanOrEqual(
        2_000,
      );
    }
  });
});
