/** type `subtitles`: karaoke subtitles burnt into a finished video, optionally translated. */
import { z } from "zod";
import { CardFields, checkCards } from "./cards.js";
import {
  AutoTextSound,
  CommonFields,
  checkAutoTextSound,
  FileReference,
  LanguageCode,
  ReelsFields,
  SubPosition,
  SubSize,
  SubStyle,
} from "./fields.js";

export const SubtitlesRequest = z
  .strictObject({
    type: z.literal("subtitles"),
    ...CommonFields,
    file: FileReference,
    language: LanguageCode.nullable().default(null),
    sub_style: SubStyle,
    sub_position: SubPosition,
    sub_size: SubSize,
    /** Omitted means the original language. */
    translate_to: LanguageCode.nullable().default(null),
    auto_text: z.boolean().default(false),
    ...ReelsFields,
    ...CardFields,
    sfx_auto_sound: AutoTextSound,
  })
  .check((ctx) => {
    checkCards(ctx.value, ctx);
    checkAutoTextSound(ctx.value, ctx);
  });
