import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROMPTS } from "../../../dev/generation-sandbox/index.js";
import { type Harness, START_SECONDS, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

async function refusal(endpoint: "images" | "videos", body: unknown, key?: string) {
  const response = await harness.post(`/v1/${endpoint}/generations`, body, key ? { key } : {});
  return { status: response.status, error: (await response.json()) as { error: Record<string, unknown> } };
}

describe("POST /v1/images/generations", () => {
  it("accepts a prompt with 202 and a batch of queued generations, reserving the cost", async () => {
    const response = await harness.post("/v1/images/generations", {
      prompt: "A lighthouse at dusk",
      metadata: { order: "42" },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^batch_[0-9a-f]+$/),
      object: "batch",
      created: START_SECONDS,
      generations: [
        {
          id: expect.stringMatching(/^gen_[0-9a-f]+$/),
          object: "generation",
          type: "image",
          status: "queued",
          mode: "text2image",
          model: "lumen-image-2",
          aspect: "16:9",
          resolution: "1K",
          prompt: "A lighthouse at dusk",
          output: null,
          error: null,
          cost_tokens: 40,
          created: START_SECONDS,
          metadata: { order: "42" },
        },
      ],
      cost_tokens: 40,
      balance_tokens: 10_000 - 40,
    });
  });

  it("makes n variants of each prompt, in order", async () => {
    const batch = await harness.create("images", { prompts: ["a", "b"], n: 3, model: "atelier-3" });
    expect(batch.generations.map((generation) => generation.prompt)).toEqual(["a", "a", "a", "b", "b", "b"]);
    expect(batch.cost_tokens).toBe(6 * 25);
  });

  it("prices quality modes and resolutions by the model", async () => {
    const atelier = await harness.create("images", {
      prompt: "x",
      model: "atelier-3",
      quality_mode: "QUALITY",
      resolution: "2K",
    });
    expect(atelier.cost_tokens).toBe(90);
    const prism = await harness.create(
      "images",
      { prompt: "x", model: "prism-image-1", quality_mode: "high", resolution: "4K", background: "opaque" },
      harness.pro.apiKey,
    );
    expect(prism.cost_tokens).toBe(1250);
  });

  it("blends references into one frame in reference mode", async () => {
    const ids = [await harness.fileId("sample.jpg"), await harness.fileId("sample.png")];
    const batch = await harness.create("images", { reference_file_ids: ids, prompt: "The two together" });
    expect(batch.generations).toHaveLength(1);
    expect(batch.generations[0]).toMatchObject({ mode: "reference2image", prompt: "The two together" });
    const unprompted = await harness.create("images", { reference_file_ids: ids });
    expect(unprompted.generations[0]?.prompt).toBe(DEFAULT_PROMPTS.reference2image);
  });

  it.each([
    ["both prompt and prompts", { prompt: "a", prompts: ["b"] }, "prompts"],
    ["no prompt", {}, "prompt"],
    ["a blank prompt", { prompt: "  " }, "prompt"],
    ["an unknown field", { prompt: "a", style: "noir" }, "style"],
    ["a video field", { prompt: "a", duration: 8 }, "duration"],
    ["n of 11", { prompt: "a", n: 11 }, "n"],
    ["n of 0", { prompt: "a", n: 0 }, "n"],
    ["n above the model's max_results", { prompt: "a", n: 5 }, "n"],
    ["an unknown model", { prompt: "a", model: "dream-9" }, "model"],
    ["a video model", { prompt: "a", model: "reel-1" }, "model"],
    ["an aspect the model lacks", { prompt: "a", aspect: "21:9" }, "aspect"],
    ["a resolution the model lacks", { prompt: "a", resolution: "8K" }, "resolution"],
    ["quality_mode on a model without", { prompt: "a", quality_mode: "SPEED" }, "quality_mode"],
    [
      "a quality_mode the model lacks",
      { prompt: "a", model: "atelier-3", quality_mode: "high" },
      "quality_mode",
    ],
    ["background on a model without", { prompt: "a", model: "atelier-3", background: "auto" }, "background"],
    [
      "17 metadata pairs",
      { prompt: "a", metadata: Object.fromEntries([...Array(17).keys()].map((i) => [`k${i}`, "v"])) },
      "metadata",
    ],
    ["a metadata value that is no string", { prompt: "a", metadata: { count: 3 } }, "metadata.count"],
    ["prompts that are no list", { prompts: "a" }, "prompts"],
  ])("refuses %s with 400 invalid_request naming the field", async (_name, body, param) => {
    const { status, error } = await refusal("images", body);
    expect(status).toBe(400);
    expect(error.error).toMatchObject({ type: "invalid_request_error", code: "invalid_request", param });
  });

  it("lists the allowed values when it refuses one, and never downgrades", async () => {
    const { error } = await refusal("images", { prompt: "a", aspect: "21:9" });
    expect(error.error.message).toBe("aspect: lumen-image-2 accepts 1:1, 16:9, 9:16, 4:3, 3:4; got 21:9");
    const model = await refusal("images", { prompt: "a", model: "dream-9" });
    expect(model.error.error.message).toMatch(/allowed: lumen-image-2, atelier-3, prism-image-1/);
  });

  it("takes null for an absent field", async () => {
    const batch = await harness.create("images", { prompt: "a", model: null, webhook_url: null });
    expect(batch.generations[0]?.model).toBe("lumen-image-2");
  });

  it("refuses more references than the model takes, and several prompts in reference mode", async () => {
    const id = await harness.fileId("sample.jpg");
    const four = await refusal("images", { reference_file_ids: [id, id, id, id], prompt: "a" });
    expect(four.error.error).toMatchObject({ code: "invalid_request", param: "reference_file_ids" });
    expect(
      (await refusal("images", { reference_file_ids: [id, id, id, id], prompt: "a", model: "atelier-3" }))
        .status,
    ).toBe(202);
    const prompts = await refusal("images", { reference_file_ids: [id], prompts: ["a", "b"] });
    expect(prompts.error.error).toMatchObject({ code: "invalid_request", param: "prompts" });
  });

  it("answers 404 not_found for an unknown file or another account's, 400 for a file of the wrong kind", async () => {
    const unknown = await refusal("images", { reference_file_ids: ["file_0000"], prompt: "a" });
    expect(unknown.status).toBe(404);
    expect(unknown.error.error).toMatchObject({ code: "not_found", param: "reference_file_ids" });
    const theirs = await harness.fileId("sample.jpg", "image", harness.pro.apiKey);
    expect((await refusal("images", { reference_file_ids: [theirs], prompt: "a" })).status).toBe(404);
    const clip = await harness.fileId("sample.mp4", "video");
    const wrong = await refusal("images", { reference_file_ids: [clip], prompt: "a" });
    expect(wrong.status).toBe(400);
    expect(wrong.error.error).toMatchObject({ code: "invalid_request", param: "reference_file_ids" });
  });

  it("answers 403 pro_required for 4K and for the Pro-only model on Free, and accepts them on Pro", async () => {
    const fourK = await refusal("images", { prompt: "a", resolution: "4K" });
    expect(fourK.status).toBe(403);
    expect(fourK.error.error).toMatchObject({
      type: "permission_error",
      code: "pro_required",
      param: "resolution",
    });
    const model = await refusal("images", { prompt: "a", model: "prism-image-1" });
    expect(model.status).toBe(403);
    expect(model.error.error).toMatchObject({ code: "pro_required", param: "model" });
    expect((await refusal("images", { prompt: "a", resolution: "4K" }, harness.pro.apiKey)).status).toBe(202);
    expect(
      (await refusal("images", { prompt: "a", model: "prism-image-1" }, harness.pro.apiKey)).status,
    ).toBe(202);
  });

  it("answers 400 batch_too_large above 500 generations", async () => {
    const prompts = Array.from({ length: 126 }, (_, index) => `p${index}`);
    const { status, error } = await refusal("images", { prompts, n: 4 });
    expect(status).toBe(400);
    expect(error.error).toMatchObject({ code: "batch_too_large" });
    harness.sandbox.accounts.setBalance(harness.free.accountId, 1_000_000);
    expect((await refusal("images", { prompts: prompts.slice(0, 125), n: 4 })).status).toBe(202);
  });

  it.each([
    ["plain http", "http://hooks.example.com/x"],
    ["localhost", "https://localhost/x"],
    ["a private address", "https://192.168.1.5/x"],
    ["loopback IPv6", "https://[::1]/x"],
    ["a single-label host", "https://intranet/x"],
    ["no URL", "hooks"],
  ])("refuses a webhook_url that is %s unless local receivers are allowed", async (_name, url) => {
    await harness.close();
    harness = await startHarness({ allowLocalWebhooks: false });
    const { status, error } = await refusal("images", { prompt: "a", webhook_url: url });
    expect(status).toBe(400);
    expect(error.error).toMatchObject({ code: "invalid_request", param: "webhook_url" });
    expect(
      (await refusal("images", { prompt: "a", webhook_url: "https://hooks.example.com/x" })).status,
    ).toBe(202);
  });

  it.each([
    ["not JSON", "{prompt:", "json_invalid"],
    ["a JSON list", "[]", "dict_type"],
    ["a JSON string", '"a cat"', "dict_type"],
    ["no body", "", "json_invalid"],
  ])("answers %s with the framework's 422", async (_name, body, type) => {
    const response = await harness.post("/v1/images/generations", body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ loc: ["body"], msg: expect.any(String), type, input: expect.anything() }],
    });
  });
});

describe("POST /v1/videos/generations", () => {
  it("makes text to video with the default model's fixed 8-second clip", async () => {
    const batch = await harness.create("videos", { prompt: "Waves on rocks", n: 2 });
    expect(batch.generations).toHaveLength(2);
    expect(batch.generations[0]).toMatchObject({
      type: "video",
      mode: "text2video",
      model: "reel-1",
      resolution: "720p",
      aspect: "16:9",
      cost_tokens: 60,
    });
  });

  it("prices the audio-toggle model by resolution, duration and quality mode", async () => {
    const cheap = await harness.create("videos", {
      prompt: "x",
      model: "cinematic-3",
      resolution: "480p",
      duration: 6,
      quality_mode: "normal",
      audio: false,
    });
    expect(cheap.cost_tokens).toBe(96);
    const dear = await harness.create("videos", {
      prompt: "x",
      model: "cinematic-3",
      resolution: "1080p",
      duration: 15,
      quality_mode: "custom",
    });
    expect(dear.cost_tokens).toBe(1240);
  });

  it("prices the per-second model by seconds and takes its resolution from the quality mode", async () => {
    const batch = await harness.create("videos", {
      prompt: "x",
      model: "kinetic-2.1",
      duration: 10,
      quality_mode: "professional",
    });
    expect(batch.generations[0]).toMatchObject({ resolution: "1080p", cost_tokens: 250 });
    const standard = await harness.create("videos", {
      prompt: "x",
      model: "kinetic-2.1",
      duration: 5,
      quality_mode: "standard",
    });
    expect(standard.generations[0]).toMatchObject({ resolution: "720p", cost_tokens: 70 });
    const { error } = await refusal("videos", { prompt: "x", model: "kinetic-2.1", resolution: "720p" });
    expect(error.error).toMatchObject({ code: "invalid_request", param: "resolution" });
  });

  it("makes one clip from image_file_id", async () => {
    const frame = await harness.fileId("sample.jpg");
    const batch = await harness.create("videos", { image_file_id: frame });
    expect(batch.generations).toHaveLength(1);
    expect(batch.generations[0]).toMatchObject({ mode: "image2video", prompt: DEFAULT_PROMPTS.image2video });
  });

  describe("the prompt-count rule, for N start frames", () => {
    let frames: string[];
    beforeEach(async () => {
      const id = await harness.fileId("sample.jpg");
      frames = [id, id, id];
    });

    it("0 prompts: the default motion prompt for every clip", async () => {
      const batch = await harness.create("videos", { image_file_ids: frames });
      expect(batch.generations.map((generation) => generation.prompt)).toEqual(
        Array(3).fill(DEFAULT_PROMPTS.image2video),
      );
    });

    it("1 prompt (prompt or prompts): the same for every clip", async () => {
      for (const body of [{ prompt: "Slow zoom" }, { prompts: ["Slow zoom"] }]) {
        const batch = await harness.create("videos", { image_file_ids: frames, ...body });
        expect(batch.generations.map((generation) => generation.prompt)).toEqual([
          "Slow zoom",
          "Slow zoom",
          "Slow zoom",
        ]);
      }
    });

    it("exactly N prompts: one to one, in order", async () => {
      const batch = await harness.create("videos", { image_file_ids: frames, prompts: ["a", "b", "c"] });
      expect(batch.generations.map((generation) => generation.prompt)).toEqual(["a", "b", "c"]);
    });

    it.each([[["a", "b"]], [["a", "b", "c", "d"]]])(
      "any other count (%j): 400 prompt_count_mismatch, nothing queued",
      async (prompts) => {
        const { status, error } = await refusal("videos", { image_file_ids: frames, prompts });
        expect(status).toBe(400);
        expect(error.error).toMatchObject({
          type: "invalid_request_error",
          code: "prompt_count_mismatch",
          param: "prompts",
        });
        expect((await harness.account()).balance_tokens).toBe(10_000);
        const list = (await (await harness.get("/v1/generations")).json()) as { data: unknown[] };
        expect(list.data).toEqual([]);
      },
    );
  });

  describe("keyframe chains: N frames give N-1 transitions", () => {
    it("pairs consecutive frames, with 0, 1 or N-1 prompts", async () => {
      const ids = [
        await harness.fileId("sample.jpg"),
        await harness.fileId("sample.png"),
        await harness.fileId("sample.webp"),
      ];
      const batch = await harness.create("videos", { keyframe_file_ids: ids });
      expect(batch.generations).toHaveLength(2);
      expect(batch.generations[0]).toMatchObject({
        mode: "keyframes2video",
        prompt: DEFAULT_PROMPTS.keyframes2video,
      });
      const named = await harness.create("videos", { keyframe_file_ids: ids, prompts: ["first", "second"] });
      expect(named.generations.map((generation) => generation.prompt)).toEqual(["first", "second"]);
      const mismatch = await refusal("videos", { keyframe_file_ids: ids, prompts: ["a", "b", "c"] });
      expect(mismatch.error.error).toMatchObject({ code: "prompt_count_mismatch" });
    });

    it("needs at least 2 frames", async () => {
      const id = await harness.fileId("sample.jpg");
      const { status, error } = await refusal("videos", { keyframe_file_ids: [id] });
      expect(status).toBe(400);
      expect(error.error).toMatchObject({ code: "invalid_request", param: "keyframe_file_ids" });
    });

    it("counts transitions toward the 500 limit", async () => {
      const id = await harness.fileId("sample.jpg");
      harness.sandbox.accounts.setBalance(harness.free.accountId, 1_000_000);
      expect((await refusal("videos", { keyframe_file_ids: Array(502).fill(id) })).error.error.code).toBe(
        "batch_too_large",
      );
      expect((await refusal("videos", { keyframe_file_ids: Array(501).fill(id) })).status).toBe(202);
    });
  });

  it("takes source clips only on the video-to-video model and audio only on the audio-reference model", async () => {
    const clip = await harness.fileId("sample.mp4", "video");
    const audio = await harness.fileId("sample.mp3", "audio");
    const refused = await refusal("videos", { video_file_ids: [clip] });
    expect(refused.error.error).toMatchObject({ code: "invalid_request", param: "video_file_ids" });
    expect(refused.error.error.message).toMatch(/models that do: remix-2/);
    const remix = await harness.create("videos", {
      video_file_ids: [clip, clip],
      model: "remix-2",
      prompt: "Anime style",
    });
    expect(remix.generations.map((generation) => generation.mode)).toEqual(["video2video", "video2video"]);
    expect((await refusal("videos", { audio_file_ids: [audio], model: "remix-2" })).status).toBe(400);
    const echo = await harness.create("videos", { audio_file_ids: [audio], model: "echo-avatar-1" });
    expect(echo.generations[0]).toMatchObject({
      mode: "audio2video",
      prompt: DEFAULT_PROMPTS.audio2video,
      cost_tokens: 50,
    });
    expect(
      (await refusal("videos", { prompt: "text alone", model: "echo-avatar-1" })).error.error,
    ).toMatchObject({
      param: "prompt",
    });
    expect((await refusal("videos", { audio_file_ids: [clip], model: "echo-avatar-1" })).status).toBe(400);
  });

  it.each([
    [
      "two kinds of input",
      (ids: Ids) => ({ image_file_id: ids.frame, keyframe_file_ids: [ids.frame, ids.frame] }),
    ],
    ["n with start frames", (ids: Ids) => ({ image_file_ids: [ids.frame], n: 2 })],
    ["audio on a model without a toggle", () => ({ prompt: "a", audio: false })],
    ["a duration the model lacks", () => ({ prompt: "a", duration: 10 })],
    ["a fractional duration", () => ({ prompt: "a", model: "cinematic-3", duration: 6.5 })],
    ["an image field", () => ({ prompt: "a", background: "auto" })],
    ["an image model", () => ({ prompt: "a", model: "lumen-image-2" })],
    ["a start frame that is a clip", (ids: Ids) => ({ image_file_id: ids.clip })],
    ["no prompt for text to video", () => ({})],
  ])("refuses %s with 400 invalid_request", async (_name, build) => {
    const ids = {
      frame: await harness.fileId("sample.jpg"),
      clip: await harness.fileId("sample.mp4", "video"),
    };
    const { status, error } = await refusal("videos", build(ids));
    expect(status).toBe(400);
    expect(error.error.code).toBe("invalid_request");
  });

  it("answers 400 batch_too_large for 501 start frames", async () => {
    const id = await harness.fileId("sample.jpg");
    const { status, error } = await refusal("videos", { image_file_ids: Array(501).fill(id) });
    expect(status).toBe(400);
    expect(error.error.code).toBe("batch_too_large");
  });
});

type Ids = { frame: string; clip: string };

describe("insufficient balance", () => {
  it("refuses the whole request with 402 insufficient_credits (billing_error) and queues nothing", async () => {
    harness.sandbox.accounts.setBalance(harness.free.accountId, 119);
    const { status, error } = await refusal("images", { prompts: ["a", "b", "c"] });
    expect(status).toBe(402);
    expect(error.error).toMatchObject({ type: "billing_error", code: "insufficient_credits" });
    expect((await harness.account()).balance_tokens).toBe(119);
    expect(((await (await harness.get("/v1/generations")).json()) as { data: unknown[] }).data).toEqual([]);
    harness.sandbox.accounts.setBalance(harness.free.accountId, 120);
    expect((await refusal("images", { prompts: ["a", "b", "c"] })).status).toBe(202);
    expect((await harness.account()).balance_tokens).toBe(0);
  });
});
