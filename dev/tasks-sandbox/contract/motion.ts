/** type `motion`: text, a voice-over or a talking-head clip gives an animated video. */
import { z } from "zod";
import { BgmFields, CommonFields, checkBgmExclusive, FileReference, refuse } from "./fields.js";
import { TTS_PROVIDERS } from "./vocabulary.js";

const STYLES = [
  "cream_editorial",
  "dark_bold",
  "purple_block",
  "green_neon",
  "business_gold",
  "psychology_calm",
  "history_sepia",
  "news_red",
  "ocean_tech",
  "bloom_pastel",
  "kitchen_warm",
  "mono_minimal",
  "cyber_neon",
] as const;

export const MotionRequest = z
  .strictObject({
    type: z.literal("motion"),
    ...CommonFields,
    source: z.enum(["text", "voice", "video"]).default("text"),
    file: FileReference.nullable().default(null),
    /** Capped to the plan's motion length, not refused when longer. */
    text: z.string().nullable().default(null),
    /** Ignored for source `video`, not refused. */
    format: z.enum(["9:16", "16:9", "1:1"]).default("9:16"),
    style: z.enum(STYLES).default("cream_editorial"),
    tts_provider: z.enum(TTS_PROVIDERS).nullable().default(null),
    tts_voice: z.string().min(1).nullable().default(null),
    ...BgmFields,
  })
  .check((ctx) => {
    const value = ctx.value;
    if (value.source === "text" && (value.text ?? "").trim() === "") {
      refuse(ctx, ["text"], "required for source text");
    }
    if (value.source !== "text" && value.file === null) {
      refuse(ctx, ["file"], `required for source ${value.source}`);
    }
    if (value.source !== "text") {
      for (const field of ["tts_provider", "tts_voice"] as const) {
        if (value[field] !== null) refuse(ctx, [field], "only for source text");
      }
    }
    checkBgmExclusive(value, ctx);
  });
