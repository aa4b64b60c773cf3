/** type `smart_clip`: one long video gives several short clips. */
import { z } from "zod";
import {
  AutoTextSound,
  CommonFields,
  checkAutoTextSound,
  FileReference,
  HexColor,
  LanguageCode,
  ReelsFields,
  SubPosition,
  SubSize,
  SubStyle,
} from "./fields.js";

const FILTERS = ["vivid", "contrast", "ocean", "forest", "warm", "cinema", "bw", "vintage"] as const;

export const SmartClipRequest = z
  .strictObject({
    type: z.literal("smart_clip"),
    ...CommonFields,
    file: FileReference,
    /** A ceiling; 0 means automatic. */
    max_clips: z.number().int().min(0).default(0),
    target_sec: z.number().int().positive().default(60),
    /** null or `auto` means detect. */
    language: z
      .union([z.literal("auto"), LanguageCode])
      .nullable()
      .default(null),
    context: z.string().nullable().default(null),
    ...ReelsFields,
    subtitles: z.boolean().default(true),
    sub_style: SubStyle,
    sub_position: SubPosition,
    sub_size: SubSize,
    sub_color: HexColor.nullable().default(null),
    auto_text: z.boolean().default(false),
    filters: z.array(z.enum(FILTERS)).default([]),
    sfx_auto_sound: AutoTextSound,
  })
  .check((ctx) => checkAutoTextSound(ctx.value, ctx));
