/**
 * Each task offer's price class by the spec's table: "from" where a form's choice adds to it, free voices
 * among paid ones for a voiceover (speech is free to 41 tokens a minute by provider), the plan for motion.
 */
import type { TaskBillingKind } from "../../tasks-service/billing.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import type { PriceClass } from "../features/offer-message.js";
import { PRICES } from "./estimate.js";

const perMinute = (tokens: number, from: boolean): PriceClass => ({ kind: "perMinute", tokens, from });

const PRICE_CLASSES: Record<TaskType, PriceClass> = {
  video: perMinute(PRICES.videoPerMinute, true),
  transcription: perMinute(PRICES.transcriptionPerMinute, false),
  subtitles: perMinute(PRICES.subtitlesPerMinute, true),
  pause_removal: perMinute(PRICES.pauseRemovalPerMinute, false),
  smart_clip: perMinute(PRICES.smartClipPerMinute, true),
  dubbing: perMinute(PRICES.dubbingBasePerMinute, true),
  audio: { kind: "freeVoices" },
  motion: { kind: "plan" },
};

export function taskPriceClass(type: TaskType, billing: TaskBillingKind): PriceClass {
  return billing === "quota" ? { kind: "inPlan" } : PRICE_CLASSES[type];
}
