/** type `audio`: text gives an MP3 voiceover. */
import { z } from "zod";
import {
  CommonFields,
  checkVoiceFeatures,
  TtsScene,
  TtsSpeed,
  TtsStyle,
  TtsVoice,
  ttsProvider,
} from "./fields.js";

export const AudioRequest = z
  .strictObject({
    type: z.literal("audio"),
    ...CommonFields,
    text: z.string().refine((text) => text.trim() !== "", "required: the text to synthesize"),
    tts_provider: ttsProvider("provider_a"),
    tts_voice: TtsVoice,
    tts_speed: TtsSpeed,
    tts_scene: TtsScene,
    tts_style: TtsStyle,
  })
  .check((ctx) => checkVoiceFeatures(ctx.value, ctx));
