/** The fields image and video forms share, all drawn from the catalog, with the Free plan's locks. */
import type { CatalogModel, CatalogSection } from "../../../generation-service/responses.js";
import { candidateModels, type VideoInput } from "../../../generations/model-inputs.js";
import type { Translate } from "../../../i18n/translate.js";
import type {
  FieldKey,
  FormField,
  FormIssue,
  FormValues,
  FormView,
  GenerationFormType,
} from "../../forms/form.js";
import { clip } from "../../forms/screens/text.js";

/** What an image form opens with: the catalog's image models and the account, as the service said. */
export interface ImageFormSetup {
  catalog: CatalogSection;
  maxBatch: number;
  available: boolean;
  account: {
    plan: string;
    balance: number;
    tokensPerUsd: number;
    /** What the key's own budget has left; absent for a key without one. */
    budgetLeft?: number;
  };
  /** The Media Task Service balance a keyframe chain's join is paid from, where it was read. */
  taskBalance?: number;
}

/** Variants per prompt, by the spec: 1 to 10 (and no more than the model makes). */
const MAX_VARIANTS = 10;
/** Telegram's messages hold 4096 characters; a prompt (or a batch of them) fits in one. */
export const MAX_PROMPT_TEXT = 4000;

export type ImageField = FormField<FieldKey<GenerationFormType>>;

/** The plan is named Free: Pro-only models and resolutions are not for it. */
export function isFreePlan(account: ImageFormSetup["account"]): boolean {
  return account.plan.trim().toLowerCase() === "free";
}

/** The video forms, each by the input of the video model it sends. */
const VIDEO_INPUT_OF = {
  text_to_video: "text",
  image_to_video: "frames",
  keyframe_video: "keyframes",
  video_to_video: "video",
  audio_to_video: "audio",
} as const satisfies Partial<Record<GenerationFormType, VideoInput>>;

export type VideoFormType = keyof typeof VIDEO_INPUT_OF;

export function isVideoFormType(type: GenerationFormType): type is VideoFormType {
  return type in VIDEO_INPUT_OF;
}

export function modelsFor(type: GenerationFormType, setup: ImageFormSetup): CatalogModel[] {
  return offeredModels(type, setup.catalog.models, (model) => !lockedModel(model, setup));
}

/** A form's models: for images all (or those that blend references), for videos the candidates likeliest first. */
export function offeredModels(
  type: GenerationFormType,
  models: readonly CatalogModel[],
  usable: (model: CatalogModel) => boolean,
): CatalogModel[] {
  if (isVideoFormType(type)) return candidateModels(models, VIDEO_INPUT_OF[type], usable);
  return type === "reference_image" ? models.filter((model) => model.max_reference_files > 0) : [...models];
}

function lockedModel(model: CatalogModel, setup: ImageFormSetup): boolean {
  return model.pro_only && isFreePlan(setup.account);
}

/** Why a form has no model to choose: the plan, where a model it offers is `pro_only`; else the catalog. */
export function noModelIssue(type: GenerationFormType, setup: ImageFormSetup): FormIssue {
  return modelsFor(type, setup).some((model) => lockedModel(model, setup))
    ? { key: "generation-rule-no-model" }
    : { key: "generation-rule-no-candidate" };
}

function lockedResolution(model: CatalogModel, resolution: string, setup: ImageFormSetup): boolean {
  return model.pro_only_resolutions.includes(resolution) && isFreePlan(setup.account);
}

export function chosenModel(type: GenerationFormType, setup: ImageFormSetup, values: FormValues) {
  return modelsFor(type, setup).find((model) => model.id === values.model && !lockedModel(model, setup));
}

function defaultModel(type: GenerationFormType, setup: ImageFormSetup): CatalogModel | undefined {
  const allowed = modelsFor(type, setup).filter((model) => !lockedModel(model, setup));
  return allowed.find((model) => model.id === setup.catalog.default) ?? allowed[0];
}

export function maxVariants(model: CatalogModel | undefined): number {
  return Math.min(MAX_VARIANTS, model && model.max_results > 0 ? model.max_results : MAX_VARIANTS);
}

/** The prompts a form's text makes: one per line for images from text, the whole text for a reference image. */
export function promptsOf(type: GenerationFormType, values: FormValues): string[] {
  const text = typeof values.prompt === "string" ? values.prompt : "";
  if (type === "reference_image") return text.trim() === "" ? [] : [text.trim()];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function variantsOf(values: FormValues): number {
  return typeof values.n === "number" && Number.isInteger(values.n) && values.n >= 1 ? values.n : 1;
}

export function imageCount(type: GenerationFormType, values: FormValues): number {
  return promptsOf(type, values).length * variantsOf(values);
}

export function quoteOf(model: CatalogModel, count: number): { min: number; max: number } {
  return { min: model.price_tokens.min * count, max: model.price_tokens.max * count };
}

export function keep<T>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** The values with the model's own options: kept where it takes them, else its first that the plan allows. */
export function normalizeImageValues(type: GenerationFormType, setup: ImageFormSetup, values: FormValues) {
  const model = chosenModel(type, setup, values) ?? defaultModel(type, setup);
  const next: FormValues = { ...values };
  for (const key of ["model", "aspect", "resolution", "quality_mode", "background"] as const)
    delete next[key];
  if (!model) return next;
  next.model = model.id;
  const resolutions = model.resolutions.filter((resolution) => !lockedResolution(model, resolution, setup));
  const choices: Array<["aspect" | "resolution" | "quality_mode" | "background", readonly string[]]> = [
    ["aspect", model.aspects],
    ["resolution", resolutions],
    ["quality_mode", model.quality_modes],
    ["background", model.backgrounds],
  ];
  for (const [key, allowed] of choices) {
    const value = keep(values[key], allowed) ?? allowed[0];
    if (value !== undefined) next[key] = value;
  }
  next.n = Math.min(variantsOf(values), maxVariants(model));
  return next;
}

/** A model's price per image for a message that says it as one figure or as a range (Fluent formats the numbers). */
export function priceParams(model: CatalogModel): { min: number; max: number; kind: "fixed" | "range" } {
  const { min, max } = model.price_tokens;
  return { min, max, kind: min === max ? "fixed" : "range" };
}

/** Whether an aspect such as `16:9` is square, wide or tall: words for proportions no list has to name. */
export function orientationOf(aspect: string): "square" | "wide" | "tall" | "other" {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect);
  if (!match) return "other";
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width === height ? "square" : width > height ? "wide" : "tall";
}

/** Words people use for a code the catalog sends (`professional_audio` becomes "Professional audio"). */
export function humanized(code: string): string {
  const spaced = code.replace(/[_-]+/g, " ").trim();
  const lower = spaced === spaced.toUpperCase() ? spaced.toLowerCase() : spaced;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The catalog entry's options a choice field offers: one of the chosen model's lists, hidden when it is empty. */
export interface CatalogChoice {
  key: "aspect" | "resolution" | "quality_mode" | "background" | "duration";
  group: string;
  hint?: string | undefined;
  listOf: (model: CatalogModel) => readonly (string | number)[];
  model: ModelOf;
  /** Why a value cannot be chosen on this account (a Pro-only size on Free), if it cannot. */
  lock?: (model: CatalogModel, value: string | number) => FormIssue | undefined;
  describe: (value: string | number, t: Translate) => string;
}

export function catalogChoiceField(choice: CatalogChoice): ImageField {
  const { key, group, hint, listOf, model, lock, describe } = choice;
  return {
    key,
    group,
    hint,
    input: {
      kind: "choice",
      options: (view) => {
        const current = model(view);
        if (!current) return [];
        return listOf(current).map((value) => {
          const locked = lock?.(current, value);
          return locked ? { value, locked } : { value };
        });
      },
    },
    applies: (view) => {
      const current = model(view);
      return current !== undefined && listOf(current).length > 0;
    },
    describe: (value, t) =>
      typeof value === "string" || typeof value === "number" ? describe(value, t) : undefined,
  };
}

function proOnly(what: string): FormIssue {
  return { key: "generation-pro-only", params: { what } };
}

export type ModelOf = (view: FormView) => CatalogModel | undefined;

/** The model group is named for what it holds: the model, and its quality modes where it has any. */
export function modelGroupName(model: ModelOf): (group: string, view: FormView) => string | undefined {
  return (group, view) =>
    group === "model" && (model(view)?.quality_modes.length ?? 0) === 0 ? "form-group-model-only" : undefined;
}

/**
 * The model picker, a Pro-only model locked on a Free plan; the chosen model's quality modes, its shapes named
 * by orientation and its sizes, a Pro-only one locked. A video form's words and hints are its own.
 */
export function modelFields(type: GenerationFormType, setup: ImageFormSetup, model: ModelOf): ImageField[] {
  const models = modelsFor(type, setup);
  const video = isVideoFormType(type);
  const hint = (key: string) => (video ? `video-hint-${key}` : undefined);
  const group = video ? "clip" : "picture";
  return [
    {
      key: "model",
      group: "model",
      hint: hint("model"),
      input: {
        kind: "choice",
        options: () =>
          models.map((entry) =>
            lockedModel(entry, setup)
              ? { value: entry.id, locked: proOnly(entry.label) }
              : { value: entry.id },
          ),
      },
      describe: (value, t) => {
        const entry = models.find((candidate) => candidate.id === value);
        const label = video ? "video-model-label" : "generation-model-label";
        return entry ? t(label, { model: entry.label, ...priceParams(entry) }) : undefined;
      },
    },
    catalogChoiceField({
      key: "quality_mode",
      group: "model",
      hint: hint("quality_mode"),
      listOf: (entry) => entry.quality_modes,
      model,
      describe: (value, t) =>
        t(video ? "video-value-quality-mode" : "value-quality-mode", {
          mode: value,
          label: humanized(String(value)),
        }),
    }),
    catalogChoiceField({
      key: "aspect",
      group,
      hint: hint("aspect"),
      listOf: (entry) => entry.aspects,
      model,
      describe: (value, t) => t("value-aspect", { aspect: value, orientation: orientationOf(String(value)) }),
    }),
    catalogChoiceField({
      key: "resolution",
      group,
      hint: hint("resolution"),
      listOf: (entry) => entry.resolutions,
      model,
      lock: (entry, value) =>
        typeof value === "string" && lockedResolution(entry, value, setup) ? proOnly(value) : undefined,
      describe: (value) => String(value),
    }),
  ];
}

/** The prompt: one line, or a batch of prompts one a line (a single prompt where the form blends references). */
export function promptField(type: GenerationFormType, required: boolean): ImageField {
  return {
    key: "prompt",
    group: "prompt",
    input: { kind: "text", maxLength: MAX_PROMPT_TEXT },
    required,
    hint: `hint-prompt-${type}`,
    describe: (value, t) => {
      const prompts = promptsOf(type, { prompt: value });
      const [first] = prompts;
      if (first === undefined) return undefined;
      return prompts.length === 1
        ? clip(first)
        : t("value-prompts", { count: prompts.length, first: clip(first, 40) });
    },
  };
}

export function variantsField(type: GenerationFormType, model: ModelOf): ImageField {
  return {
    key: "n",
    group: "prompt",
    ...(isVideoFormType(type)
      ? { label: "video-field-n", hint: "video-hint-n", applies: () => type === "text_to_video" }
      : {}),
    input: {
      kind: "choice",
      options: (view) =>
        Array.from({ length: maxVariants(model(view)) }, (_, index) => ({ value: index + 1 })),
    },
  };
}
