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

export function taskPriceClass(type: TaskType, billing: TaskBillingKind): PriceClass {
  if (billing === "quota") return { kind: "inPlan" };
  switch (type) {
    case "video":
      return { kind: "perMinute", tokens: PRICES.videoPerMinute, from: true };
    case "transcription":
      return { kind: "perMinute", tokens: PRICES.transcriptionPerMinute, from: false };
    case "subtitles":
      return { kind: "perMinute", tokens: PRICES.subtitlesPerMinute, from: true };
    case "pause_removal":
      return { kind: "perMinute", tokens: PRICES.pauseRemovalPerMinute, from: false };
    case "smart_clip":
      return { kind: "perMinute", tokens: PRICES.smartClipPerMinute, from: true };
    case "dubbing":
      return { kind: "perMinute", tokens: PRICES.dubbingBasePerMinute, from: true };
    case "audio":
      return { kind: "freeVoices" };
    case "motion":
      return { kind: "plan" };
  }
}
