/** Answers of the generation service shaped as its spec shows them. */

export const API_KEY = "gsk_live_k3y1d_s3cr3tS3CR3Ts3cr3tS3CR3Ts3cr3t";
export const OTHER_API_KEY = "gsk_live_0th3r_s3cr3tS3CR3Ts3cr3tS3CR3Ts3cr3t";
/** A part of the key's secret that must never show up in logs or storage keys. */
export const API_KEY_SECRET = "s3cr3tS3CR3Ts3cr3t";

export const IDEMPOTENCY_KEY = "5f0c6a1e9b7d4c2a8e3f1b0d9c7a6e5f4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a";

export const storageBlock = {
  bytes_used: 1_073_741_824,
  bytes_quota: 2_147_483_648,
  bytes_remaining: 1_073_741_824,
  unlimited: false,
  percent: 50,
};

export function queuedGeneration(overrides: Record<string, unknown> = {}) {
  return {
    id: "gen_0a1b2c3d",
    object: "generation",
    type: "image",
    status: "queued",
    mode: "text2image",
    model: "image-model-a",
    aspect: "16:9",
    resolution: "1K",
    prompt: "a lighthouse at dawn",
    output: null,
    error: null,
    cost_tokens: 40,
    created: 1_790_000_000,
    metadata: {},
    ...overrides,
  };
}

export function succeededVideo(overrides: Record<string, unknown> = {}) {
  return queuedGeneration({
    id: "gen_ffee0011",
    type: "video",
    status: "succeeded",
    mode: undefined,
    model: "video-model-a",
    resolution: "720p",
    output: {
      url: "https://gen.example.com/v1/files/file_9a/content?u=7&exp=1790086400&sig=abc",
      poster_url: "https://gen.example.com/v1/files/file_9a/content?u=7&exp=1790086400&sig=def&kind=poster",
      mime: "video/mp4",
      expires_at: 1_790_086_400,
    },
    cost_tokens: 60,
    metadata: { form: "f-1" },
    ...overrides,
  });
}

export function batch(generations: unknown[] = [queuedGeneration()]) {
  return {
    id: "batch_7c1e",
    object: "batch",
    created: 1_790_000_000,
    generations,
    cost_tokens: 40 * generations.length,
    balance_tokens: 960,
  };
}

export const fileObject = {
  id: "file_3b9f",
  object: "file",
  kind: "image",
  filename: "frame.png",
  bytes: 1024,
  created: 1_790_000_000,
  url: "https://gen.example.com/v1/files/file_3b9f/content?u=7&exp=1790086400&sig=ghi",
  expires_at: 1_790_086_400,
};

export const account = {
  object: "account",
  plan: "Free",
  balance_tokens: 1000,
  tokens_per_usd: 1000,
  limits: { rpm: 60, concurrent_generations: 4, max_batch: 500, max_queued: 1000 },
  prices_tokens: { image: 40, video: 60 },
  storage: storageBlock,
  key: {
    id: "k3y1d",
    expires_at: "2027-03-01T00:00:00+02:00",
    budget_tokens: 5000,
    budget_used_tokens: 120,
  },
};

function catalogModel(overrides: Record<string, unknown>) {
  return {
    id: "image-model-a",
    label: "Image A",
    provider: "provider_a",
    aspects: ["1:1", "16:9", "9:16"],
    resolutions: ["1K", "2K", "4K"],
    pro_only_resolutions: ["4K"],
    durations_sec: [],
    quality_modes: [],
    backgrounds: [],
    max_reference_files: 3,
    reference_modes: ["ingredient"],
    audio: false,
    audio_toggle: false,
    max_results: 4,
    pro_only: false,
    price_tokens: { min: 40, max: 40 },
    ...overrides,
  };
}

export const catalog = {
  image: { models: [catalogModel({})], default: "image-model-a" },
  video: {
    models: [
      catalogModel({
        id: "video-model-a",
        label: "Video A",
        resolutions: ["720p", "1080p"],
        pro_only_resolutions: [],
        durations_sec: [8],
        reference_modes: ["frame"],
        max_reference_files: 1,
        audio: true,
        max_results: 1,
        price_tokens: { min: 60, max: 60 },
      }),
    ],
    default: "video-model-a",
  },
  max_batch: 500,
  max_queued: 1000,
  available: true,
};
