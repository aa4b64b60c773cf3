/**
 * The price class of each task offer, from the spec's price table: tokens per minute ("from" where a
 * choice in the form adds to it: a voice, translation, captions, cards), free voices among the paid ones
 * for a voiceover (the spec prices speech free to 41 tokens a minute by provider), and the plan for
 * motion, which costs no tokens. Where the service bills by plan instead, every task is part of the plan.
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
