/** Captions (the request's text_overlays) as the caption editor changes them. */
import { z } from "zod";
import {
  OVERLAY_ANIMS,
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  OVERLAY_STYLES,
} from "../../tasks-service/schemas/common.js";
import { type TextOverlay, TextOverlaySchema } from "../../tasks-service/schemas/video.js";
import type { FormValues } from "./form.js";

/** Properties chosen from a list, in the editor's order. */
export const CAPTION_PROPERTIES = ["style", "position", "size", "anim"] as const;
export type CaptionProperty = (typeof CAPTION_PROPERTIES)[number];

export const CAPTION_PROPERTY_VALUES = {
  style: OVERLAY_STYLES,
  position: OVERLAY_POSITIONS,
  size: OVERLAY_SIZES,
  anim: OVERLAY_ANIMS,
} as const satisfies Record<CaptionProperty, readonly string[]>;

export const CAPTION_FLAGS = ["bold", "italic", "fade"] as const;

/** A value that is not a list of captions reads as none; each read is a fresh list to edit. */
const CaptionsSchema = z.array(TextOverlaySchema).catch(() => []);

export function captionsIn(values: FormValues): TextOverlay[] {
  return CaptionsSchema.parse(values.text_overlays);
}
