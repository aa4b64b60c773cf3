import { describe, expect, it } from "vitest";
import {
  AccountSchema,
  BatchSchema,
  BulkDeleteResultSchema,
  CancelResponseSchema,
  CatalogSchema,
  ErrorBodySchema,
  FileObjectSchema,
  GenerationDeletedSchema,
  GenerationPageSchema,
  GenerationSchema,
  ValidationErrorBodySchema,
} from "../../../src/generation-service/responses.js";
import {
  account,
  batch,
  catalog,
  fileObject,
  queuedGeneration,
  storageBlock,
  succeededVideo,
} from "./fixtures.js";

describe("GenerationSchema", () => {
  it("reads every status of the spec and refuses any other", () => {
    for (const status of ["queued", "running", "succeeded", "failed", "canceled"]) {
      expect(GenerationSchema.safeParse(queuedGeneration({ status })).success).toBe(true);
    }
    expect(GenerationSchema.safeParse(queuedGeneration({ status: "done" })).success).toBe(false);
  });

  it("needs the gen_ prefix followed by hex", () => {
    expect(GenerationSchema.safeParse(queuedGeneration({ id: "gen_zz" })).success).toBe(false);
    expect(GenerationSchema.safeParse(queuedGeneration({ id: "batch_01" })).success).toBe(false);
  });

  it("reads a failure's message and keeps fields the spec does not show", () => {
    const failed = GenerationSchema.parse(
      queuedGeneration({ status: "failed", error: { message: "provider time-out", retryable: false } }),
    );
    expect(failed.error).toEqual({ message: "provider time-out", retryable: false });
  });

  it("takes a generation without mode (only create answers have it) or resolution", () => {
    const { mode: _mode, resolution: _resolution, ...bare } = queuedGeneration();
    expect(GenerationSchema.safeParse(bare).success).toBe(true);
  });

  it("reads a video's output with its poster, and refuses a non-web link", () => {
    expect(GenerationSchema.parse(succeededVideo()).output?.mime).toBe("video/mp4");
    const output = { url: "ftp://gen.example.com/x", mime: "video/mp4", expires_at: 1_790_086_400 };
    expect(GenerationSchema.safeParse(succeededVideo({ output })).success).toBe(false);
  });

  it("needs metadata to be string pairs", () => {
    expect(GenerationSchema.safeParse(queuedGeneration({ metadata: { n: 1 } })).success).toBe(false);
  });
});

describe("the other resources", () => {
  it("reads a batch, a file, a list page and both delete results", () => {
    expect(BatchSchema.parse(batch()).balance_tokens).toBe(960);
    expect(FileObjectSchema.parse(fileObject).kind).toBe("image");
    expect(FileObjectSchema.safeParse({ ...fileObject, kind: "document" }).success).toBe(false);
    expect(
      GenerationPageSchema.parse({ object: "list", data: [queuedGeneration()], has_more: false }).next_cursor,
    ).toBeUndefined();
    expect(
      GenerationDeletedSchema.safeParse({ id: "gen_01", object: "generation", deleted: false }).success,
    ).toBe(false);
    expect(
      BulkDeleteResultSchema.parse({ object: "delete_result", deleted: 0, storage: storageBlock }).deleted,
    ).toBe(0);
  });

  it("reads the account, with a key that has no expiry or no budget", () => {
    expect(AccountSchema.parse(account).limits.rpm).toBe(60);
    const lasting = AccountSchema.parse({
      ...account,
      key: { id: "k", budget_used_tokens: 0, expires_at: null },
    });
    expect(lasting.key.expires_at).toBeNull();
    expect(lasting.key.budget_tokens).toBeUndefined();
    const { object: _object, ...untitled } = account;
    expect(AccountSchema.safeParse(untitled).success).toBe(true);
    expect(
      AccountSchema.safeParse({ ...account, key: { ...account.key, expires_at: "next year" } }).success,
    ).toBe(false);
  });

  it("reads the catalog and checks each default and price range", () => {
    const parsed = CatalogSchema.parse(catalog);
    expect(parsed.image.models[0]?.pro_only_resolutions).toEqual(["4K"]);
    const model = catalog.image.models[0];
    const inverted = {
      ...catalog,
      image: { ...catalog.image, models: [{ ...model, price_tokens: { min: 9, max: 1 } }] },
    };
    expect(CatalogSchema.safeParse(inverted).success).toBe(false);
  });

  it("uses a cancel's answer only when it is a generation", () => {
    expect(CancelResponseSchema.parse(queuedGeneration({ status: "canceled" }))?.status).toBe("canceled");
    expect(CancelResponseSchema.parse({ ok: true })).toBeUndefined();
    expect(CancelResponseSchema.parse(undefined)).toBeUndefined();
  });

  it("reads the error body and the validation body", () => {
    const body = {
      error: { type: "billing_error", code: "insufficient_credits", message: "low", param: null },
    };
    expect(ErrorBodySchema.parse(body).error.code).toBe("insufficient_credits");
    expect(ErrorBodySchema.safeParse({ detail: "Not Found" }).success).toBe(false);
    expect(
      ValidationErrorBodySchema.safeParse({ detail: [{ loc: ["body", 0], msg: "m", type: "t" }] }).success,
    ).toBe(true);
  });
});
