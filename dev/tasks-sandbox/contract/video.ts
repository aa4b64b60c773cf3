/** type `video`: photos or clips plus voiceover, subtitles, captions, cards and music give an MP4. */
import { z } from "zod";
import { Captions, rawCaptionProblems } from "./captions.js";
import { CardFields, checkCards } from "./cards.js";
import {
  AssColor,
  AutoTextSound,
  BgmFields,
  CommonFields,
  checkAutoTextSound,
  checkBgmExclusive,
  checkVoiceFeatures,
  FileReference,
  LanguageCode,
  refuse,
  SubPosition,
  SubSize,
  SubStyle,
  soundName,
  TtsScene,
  TtsSpeed,
  TtsStyle,
  TtsVoice,
  ttsProvider,
} from "./fields.js";
import { MARKER_TRANSITIONS, sceneMarkerProblems } from "./scene-markers.js";
import { MAX_VIDEO_MEDIA, TRANSITION_SOUNDS } from "./vocabulary.js";

const VIDEO_FORMATS = ["9_16", "16_9", "1_1", "original"] as const;
const ANIMATIONS = ["none", "ken_burns"] as const;
/** The global transition: the marker types, `none`, and `crossfade` (an alias of `dissolve`, the default). */
const TRANSITIONS = ["none", ...MARKER_TRANSITIONS, "crossfade"] as const;
const AUDIO_MIX_TYPES = ["replace", "add", "overlay"] as const;

export const VideoRequest = z
  .strictObject({
    type: z.literal("video"),
    ...CommonFields,
    photos: z.array(FileReference).min(1).max(MAX_VIDEO_MEDIA),
    text: z.string().nullable().default(null),
    scene_durations: z.array(z.number().positive()).nullable().default(null),
    scene_transitions: z.array(z.enum(MARKER_TRANSITIONS)).nullable().default(null),
    /** Also "must not exceed the account's limit": checked against the profile when the task is created. */
    target_duration: z.number().positive().nullable().default(null),
    format: z.enum(VIDEO_FORMATS).default("9_16"),
    animation: z.enum(ANIMATIONS).default("none"),
    /** Applies only when `animation` is not `none`; otherwise ignored, not refused. */
    transition: z.enum(TRANSITIONS).default("crossfade"),
    transition_duration: z.number().min(0).default(0.5),
    tts_provider: ttsProvider("provider_a"),
    tts_voice: TtsVoice,
    tts_speed: TtsSpeed,
    tts_scene: TtsScene,
    tts_style: TtsStyle,
    language: LanguageCode.nullable().default(null),
    subtitles: z.boolean().default(true),
    sub_style: SubStyle,
    sub_position: SubPosition,
    sub_size: SubSize,
    sub_color: AssColor.nullable().default(null),
    text_overlays: Captions.nullable().default(null),
    text_overlays_raw: z.string().nullable().default(null),
    /** Needs a narration; "with no narration it is ignored" and "it never fails the request", so not refused. */
    auto_text: z.boolean().default(false),
    ...BgmFields,
    audio_mix_type: z.enum(AUDIO_MIX_TYPES).default("replace"),
    ...CardFields,
    sfx_auto_sound: AutoTextSound,
    sfx_transition_sound: soundName(TRANSITION_SOUNDS),
  })
  .check((ctx) => {
    const value = ctx.value;
    const media = value.photos.length;
    if (value.scene_durations !== null && value.scene_durations.length !== media) {
      refuse(ctx, ["scene_durations"], `length must equal the media count (${media})`);
    }
    if (value.scene_transitions !== null && value.scene_transitions.length !== media - 1) {
      refuse(ctx, ["scene_transitions"], `one transition per cut: length must be photos - 1 (${media - 1})`);
    }
    for (const problem of sceneMarkerProblems(value.text ?? "")) refuse(ctx, ["text"], problem);
    // The code form is "used only if text_overlays is absent"; alongside it, it is ignored.
    if (value.text_overlays === null && value.text_overlays_raw !== null) {
      for (const problem of rawCaptionProblems(value.text_overlays_raw)) {
        refuse(ctx, ["text_overlays_raw"], problem);
      }
    }
    checkVoiceFeatures(value, ctx);
    checkBgmExclusive(value, ctx);
    checkCards(value, ctx);
    checkAutoTextSound(value, ctx);
  });
