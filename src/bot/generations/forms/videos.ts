/** For N clips from files the service takes no prompt, one for all or exactly N: else the card says why. */
import type { CatalogModel } from "../../../generation-service/responses.js";
import { MAX_AUDIO_REFERENCE_SECONDS } from "../../../generations/reference-files.js";
import { formatNumber } from "../../../i18n/format.js";
import type { Translate } from "../../../i18n/translate.js";
import type { MediaRef } from "../../../media/media-ref.js";
import type {
  FormContract,
  FormDefinition,
  FormValues,
  FormView,
  GenerationFormType,
  MediaRule,
} from "../../forms/form.js";
import type { Notice } from "../../forms/form-state.js";
import { joinChosen, joinField, joinIssue, joinLines } from "./chain-join.js";
import {
  catalogChoiceField,
  chosenModel,
  type ImageField,
  type ImageFormSetup,
  keep,
  type ModelOf,
  modelFields,
  modelGroupName,
  normalizeImageValues,
  promptField,
  promptsOf,
  type VideoFormType,
  variantsField,
  variantsOf,
} from "./field-kit.js";
import { type BuiltGenerationRequest, generationContract, modelRequest } from "./form-contract.js";

/** Start frames, source clips or audio references one form takes: one album. */
export const MAX_START_FRAMES = 10;

type VideoMediaRule = Pick<
  MediaRule<"image_file_ids" | "keyframe_file_ids" | "video_file_ids" | "audio_file_ids">,
  "min" | "field" | "accepts" | "reorder"
>;

const MEDIA_RULES: Partial<Record<VideoFormType, VideoMediaRule>> = {
  image_to_video: { min: 1, field: "image_file_ids", accepts: ["image"] },
  keyframe_video: { min: 2, field: "keyframe_file_ids", accepts: ["image"], reorder: true },
  video_to_video: { min: 1, field: "video_file_ids", accepts: ["video"] },
  audio_to_video: { min: 1, field: "audio_file_ids", accepts: ["audio"] },
};

/** Where the prompt-count rule's words differ by what the clips are made from. */
function ruleWords(type: VideoFormType): string {
  if (type === "keyframe_video") return "video-chain";
  if (type === "video_to_video") return "video-refs-clips";
  if (type === "audio_to_video") return "video-refs-audio";
  return "video-frames";
}

/** How a form's prompts meet the clips its files make, by the service's prompt-count rule. */
function promptMatch(prompts: number, clips: number) {
  if (prompts === 0) return "default";
  if (prompts === 1) return "one-for-all";
  return prompts === clips ? "in-order" : "mismatch";
}

/** How many clips the request makes: from text, prompts times clips per prompt; along a chain, N-1. */
export function clipCount(type: VideoFormType, values: FormValues, media: readonly MediaRef[]): number {
  if (type === "text_to_video") return promptsOf(type, values).length * variantsOf(values);
  return type === "keyframe_video" ? Math.max(0, media.length - 1) : media.length;
}

function normalizeVideoValues(type: VideoFormType, setup: ImageFormSetup, values: FormValues): FormValues {
  const next = normalizeImageValues(type, setup, values);
  for (const key of ["duration", "audio", "join"] as const) delete next[key];
  if (type !== "text_to_video") delete next.n;
  const model = chosenModel(type, setup, next);
  const duration = model && (keep(values.duration, model.durations_sec) ?? model.durations_sec[0]);
  if (duration !== undefined) next.duration = duration;
  if (model?.audio_toggle) next.audio = values.audio !== false;
  if (type === "keyframe_video") next.join = joinChosen(values) ? true : null;
  return next;
}

function videoFields(type: VideoFormType, setup: ImageFormSetup, model: ModelOf): ImageField[] {
  return [
    promptField(type, type === "text_to_video"),
    variantsField(type, model),
    ...modelFields(type, setup, model),
    catalogChoiceField({
      key: "duration",
      group: "clip",
      hint: "video-hint-duration",
      listOf: (entry) => entry.durations_sec,
      model,
      describe: (value, t) => t("video-value-duration", { seconds: Number(value) }),
    }),
    // Every model says whether its clips have sound; only one that can switch it off offers the switch.
    {
      key: "audio",
      group: "clip",
      label: "video-field-audio",
      hint: "video-hint-audio",
      input: {
        kind: "toggle",
        fixed: (view) => {
          const current = model(view);
          return current && !current.audio_toggle ? current.audio : undefined;
        },
      },
      applies: (view) => model(view) !== undefined,
    },
    ...(type === "keyframe_video" ? [joinField()] : []),
  ];
}

/** What the card says of a form's files: how its prompts meet them, and recordings trimmed or unmeasured. */
function videoInsight(type: VideoFormType, view: FormView): Notice[] {
  const items = clipCount(type, view.values, view.media);
  const match = promptMatch(promptsOf(type, view.values).length, items);
  const insight: Notice[] = [];
  if (match !== "mismatch" && items > 0)
    insight.push({
      key: `${ruleWords(type)}-${match}`,
      params: { frames: view.media.length, clips: items },
    });
  if (type !== "audio_to_video") return insight;
  // The service trims an audio reference to its first 15 seconds, so a longer one, or one whose length
  // neither Telegram said nor its header gave, goes up all the same and the card says so.
  const lengths = view.media.map((ref) => (ref.source === "telegram" ? ref.durationSec : undefined));
  const long = lengths.filter((length) => length !== undefined && length > MAX_AUDIO_REFERENCE_SECONDS);
  const [first] = long;
  if (first !== undefined)
    insight.push({
      key: "video-refs-audio-trimmed",
      params: { count: long.length, seconds: Math.ceil(first), limit: MAX_AUDIO_REFERENCE_SECONDS },
    });
  const unmeasured = view.media.filter(
    (ref) => ref.source === "telegram" && ref.durationSec === undefined,
  ).length;
  if (unmeasured > 0) {
    insight.push({
      key: "media-formats-audio-unmeasured",
      params: { count: unmeasured, limit: MAX_AUDIO_REFERENCE_SECONDS },
    });
  }
  return insight;
}

export function videoForm(type: VideoFormType, setup: ImageFormSetup): FormDefinition<GenerationFormType> {
  const model = (view: FormView) => chosenModel(type, setup, view.values);
  const media = MEDIA_RULES[type];
  return {
    type,
    groups: ["prompt", "model", "clip"],
    groupName: modelGroupName(model),
    fields: videoFields(type, setup, model),
    freeText: "prompt",
    ...(media
      ? { media: { ...media, max: MAX_START_FRAMES, tooManyKey: `form-media-too-many-${type}` } }
      : {}),
    ...(type === "text_to_video" ? {} : { insight: (view: FormView) => videoInsight(type, view) }),
    ...(type === "keyframe_video" ? { summaryChoice: "join" as const } : {}),
    normalize: (values: FormValues) => normalizeVideoValues(type, setup, values),
  };
}

/** A model whose clips come in several lengths: its price a second, from its range over its lengths. */
function perSecondLine(model: CatalogModel, locale: string, t: Translate): string | undefined {
  const lengths = model.durations_sec;
  if (lengths.length < 2) return undefined;
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  const min = model.price_tokens.min / shortest;
  const max = model.price_tokens.max / longest;
  const tenths = (value: number) => Math.round(value * 10) / 10;
  const shown = (value: number) => formatNumber(value, locale, Number.isInteger(tenths(value)) ? 0 : 1);
  return t("video-price-per-second", {
    kind: tenths(min) === tenths(max) ? "fixed" : "range",
    min: shown(min),
    max: shown(max),
  });
}

export function videoContract(type: VideoFormType, setup: ImageFormSetup): FormContract {
  return generationContract({
    type,
    setup,
    words: { prefix: "video", item: "clip" },
    count: (view) => clipCount(type, view.values, view.media),
    issues(_model, view, count) {
      if (type === "text_to_video") return [];
      const prompts = promptsOf(type, view.values).length;
      if (promptMatch(prompts, count) !== "mismatch") {
        const short = type === "keyframe_video" ? joinIssue(setup, view, count) : undefined;
        return short ? [short] : [];
      }
      const params = { frames: view.media.length, clips: count, prompts };
      return [
        prompts < count
          ? { key: `${ruleWords(type)}-missing`, params: { ...params, missing: count - prompts } }
          : { key: `${ruleWords(type)}-extra`, params: { ...params, extra: prompts - count } },
      ];
    },
    ledger(lines, model, view, t) {
      const perSecond = perSecondLine(model, view.env.locale, t);
      if (perSecond) lines.splice(1, 0, perSecond);
      if (type !== "keyframe_video") return lines;
      return [...lines, ...joinLines(setup, view, clipCount(type, view.values, view.media), t)];
    },
  });
}

export function buildVideoRequest(
  type: VideoFormType,
  setup: ImageFormSetup,
  values: FormValues,
  media: readonly MediaRef[],
): BuiltGenerationRequest {
  const variants = type === "text_to_video" ? variantsOf(values) : 1;
  const count = clipCount(type, values, media);
  const built = modelRequest(type, setup, values, { clips: true, variants, count });
  const [only] = media;
  const field = MEDIA_RULES[type]?.field;
  if (type === "image_to_video" && media.length === 1 && only) built.request.image_file_id = only;
  else if (field) built.request[field] = [...media];
  return built;
}
