import { z } from "zod";
import { COMMON_DEFAULTS, checkTtsProviderFeatures, TtsFields, taskObject } from "./common.js";

export const AudioTaskSchema = taskObject("audio", {
  text: z.string().trim().min(1),
  ...TtsFields,
}).check((ctx) => {
  checkTtsProviderFeatures(ctx.value, "provider_a", ctx);
});

export const AUDIO_DEFAULTS = {
  tts_provider: "provider_a",
  tts_speed: 1.0,
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof AudioTaskSchema>>;
