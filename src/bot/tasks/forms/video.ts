import {
  ANIMATIONS,
  AUDIO_MIX_TYPES,
  MARKER_TRANSITIONS,
  MAX_VIDEO_MEDIA,
  SFX_TRANSITION_SOUNDS,
  VIDEO_FORMATS,
} from "../../../tasks-service/schemas/common.js";
import { VIDEO_DEFAULTS } from "../../../tasks-service/schemas/video.js";
import {
  assColor,
  autoSound,
  cardFields,
  choice,
  language,
  musicFields,
  number,
  subtitleLookFields,
  text,
  toggle,
  voiceFields,
} from "../../forms/fields.js";
import type { FormDefinition, FormView } from "../../forms/form.js";
import { parseNumberList, parseWordList, sceneInsight } from "../scenes.js";

const silent = ({ values }: FormView) => typeof values.text !== "string" || values.text.trim() === "";
const voiced = (view: FormView) => !silent(view);
const animated = ({ values }: FormView) => values.animation !== undefined && values.animation !== "none";
const subtitled = ({ values }: FormView) => values.subtitles !== false;
const withClips = ({ media }: FormView) =>
  media.some((ref) =>
    ref.source === "telegram" ? ref.kind === "video" || ref.kind === "video_note" : ref.kindHint === "video",
  );

export const videoForm: FormDefinition<"video"> = {
  type: "video",
  media: { min: 1, max: MAX_VIDEO_MEDIA, field: "photos", accepts: ["image", "video"] },
  groups: ["voice", "scenes", "subtitles", "captions", "music", "cards", "sounds"],
  fields: [
    text("text", "voice", 5000),
    language("language", "voice", { value: null }),
    ...voiceFields("voice", VIDEO_DEFAULTS.tts_provider, voiced),
    choice("format", "scenes", VIDEO_FORMATS),
    choice("animation", "scenes", ANIMATIONS),
    choice("transition", "scenes", ["none", ...MARKER_TRANSITIONS], { applies: animated }),
    number("transition_duration", "scenes", [0.3, 0.5, 1, 1.5], { min: 0.1, max: 5 }, { applies: animated }),
    text("scene_durations", "scenes", 600, {
      parse: (input, view) => parseNumberList(input, view.media.length),
      applies: silent,
    }),
    text("scene_transitions", "scenes", 600, {
      parse: (input, view) => parseWordList(input, MARKER_TRANSITIONS, view.media.length - 1),
      applies: (view) => silent(view) && view.media.length > 1,
    }),
    number(
      "target_duration",
      "scenes",
      [null, 15, 30, 60],
      { min: 1, max: ({ env }) => env.account?.maxVideoDurationSeconds ?? 600 },
      { unsetValue: null },
    ),
    toggle("subtitles", "subtitles"),
    ...subtitleLookFields("subtitles", subtitled),
    assColor("sub_color", "subtitles", { applies: subtitled }),
    { key: "text_overlays", group: "captions", input: { kind: "overlays" }, clears: ["text_overlays_raw"] },
    text("text_overlays_raw", "captions", 3000, { clears: ["text_overlays"] }),
    toggle("auto_text", "captions", { applies: voiced }),
    ...musicFields("music"),
    choice("audio_mix_type", "music", AUDIO_MIX_TYPES, { applies: withClips }),
    ...cardFields("cards"),
    autoSound("sounds", voiced),
    choice("sfx_transition_sound", "sounds", [null, ...SFX_TRANSITION_SOUNDS], {
      applies: ({ media }) => media.length >= 2,
      unsetValue: null,
    }),
  ],
  insight: sceneInsight,
};
