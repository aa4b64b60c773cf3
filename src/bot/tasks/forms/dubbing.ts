import {
  DUBBING_MODES,
  MIX_MODES,
  SUB_LANG_KEYWORDS,
  SUB_POSITIONS,
  SUB_STYLES,
} from "../../../tasks-service/schemas/common.js";
import { DUBBING_DEFAULTS } from "../../../tasks-service/schemas/dubbing.js";
import {
  autoSound,
  cardFields,
  choice,
  language,
  number,
  parseLanguage,
  reelsFields,
  toggle,
  voice,
  voiceStyle,
} from "../../forms/fields.js";
import type { FormDefinition, FormView } from "../../forms/form.js";

const mode = ({ values }: FormView) => values.mode ?? "auto";
const isAuto = (view: FormView) => mode(view) === "auto";
const isManual = (view: FormView) => mode(view) === "manual";

/**
 * All three modes in one form. Semi-automatic sends the transcribe step first; the render step's voice
 * and mix choices are kept with the task and sent when the user returns the SRT (src/tasks/create-job.ts).
 */
export const dubbingForm: FormDefinition<"dubbing"> = {
  type: "dubbing",
  media: { min: 1, max: 1, field: "file", accepts: ["video"] },
  groups: ["languages", "voice", "mix", "subtitles", "reels", "cards"],
  mediaPrompt: (values) => (values.srt_file ? "form-media-prompt-dubbing-srt" : undefined),
  summaryChoice: "mode",
  fields: [
    choice("mode", "languages", DUBBING_MODES),
    language("target_lang", "languages", undefined, { required: true }),
    language("source_lang", "languages", { value: "auto" }, { applies: (view) => !isManual(view) }),
    {
      key: "srt_file",
      group: "languages",
      input: { kind: "file", accepts: "subtitles" },
      applies: isManual,
      required: true,
      implies: { mode: "manual" },
    },
    // The dubbing request takes a voice and a style, no speed or scene; a semi-automatic run picks the
    // voice only, its style going with the render step.
    voice("voice"),
    voiceStyle("voice", DUBBING_DEFAULTS.tts_provider, (view) => mode(view) !== "semi_auto"),
    choice("mix_mode", "mix", MIX_MODES),
    number(
      "overlay_volume",
      "mix",
      [0, 10, 20, 40, 60],
      { min: 0, max: 100, integer: true },
      { applies: ({ values }) => values.mix_mode !== "replace" },
    ),
    choice("sub_lang", "subtitles", SUB_LANG_KEYWORDS, { typed: parseLanguage, applies: isAuto }),
    // Dubbing's subtitles take a style and a position, no size.
    choice("sub_style", "subtitles", SUB_STYLES, { applies: isAuto }),
    choice("sub_position", "subtitles", SUB_POSITIONS, { applies: isAuto }),
    toggle("auto_text", "subtitles", { applies: isAuto }),
    autoSound("subtitles", isAuto),
    ...reelsFields("reels").map((field) => ({
      ...field,
      applies: (view: FormView) => isAuto(view) && (field.applies?.(view) ?? true),
    })),
    ...cardFields("cards", isAuto),
  ],
};
