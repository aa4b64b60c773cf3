/**
 * The image forms of the generation service, built from its catalog when a form opens: a model picker
 * with each model's label and price, then only the chosen model's aspects, resolutions, quality modes and
 * backgrounds, and its reference limit. Nothing here names a model, an aspect, a resolution or a price:
 * all of it is read from `GET /v1/models`. On a Free plan the Pro-only models and resolutions are shown
 * locked, with the reason, and never chosen; a value the model does not take is never offered, and is
 * dropped when the model changes. The form's contract quotes the price from the catalog's `price_tokens`
 * times the number of images, beside the balance and the key's budget.
 */
import type { MediaRef } from "../../../media/media-ref.js";
import type {
  FormContract,
  FormDefinition,
  FormValues,
  FormView,
  GenerationFormType,
} from "../../forms/form.js";
import { missingRequired } from "../../forms/form.js";
import { clip } from "../../forms/screens/text.js";
import {
  aspectField,
  type BuiltGenerationRequest,
  catalogChoiceField,
  chosenModel,
  humanized,
  type ImageField,
  type ImageFormSetup,
  imageCount,
  keep,
  MAX_PROMPT_TEXT,
  type MoneyWords,
  maxVariants,
  modelField,
  modelsFor,
  moneyLines,
  noModelIssue,
  normalizeImageValues,
  promptsOf,
  qualityModeField,
  quoteOf,
  resolutionField,
  variantsOf,
} from "./field-kit.js";

const GROUPS = ["prompt", "model", "picture"];

/** The definition of an image form, for the catalog and account it opened with. */
export function imageForm(
  type: GenerationFormType,
  setup: ImageFormSetup,
): FormDefinition<GenerationFormType> {
  const models = modelsFor(type, setup);
  const model = (view: FormView) => chosenModel(type, setup, view.values);
  const fields: ImageField[] = [
    {
      key: "prompt",
      group: "prompt",
      input: { kind: "text", maxLength: MAX_PROMPT_TEXT },
      required: true,
      hint: `hint-prompt-${type}`,
      describe: (value, t) => {
        const prompts = promptsOf(type, { prompt: value });
        const [first] = prompts;
        if (first === undefined) return undefined;
        return prompts.length === 1
          ? clip(first)
          : t("value-prompts", { count: prompts.length, first: clip(first, 40) });
      },
    },
    {
      key: "n",
      group: "prompt",
      input: {
        kind: "choice",
        options: (view) =>
          Array.from({ length: maxVariants(model(view)) }, (_, index) => ({ value: index + 1 })),
      },
    },
    modelField(models, setup, { label: "generation-model-label" }),
    qualityModeField(model, { label: "value-quality-mode" }),
    aspectField(model, "picture"),
    resolutionField(model, setup, "picture"),
    catalogChoiceField({
      key: "background",
      group: "picture",
      listOf: (entry) => entry.backgrounds,
      model,
      describe: (value, t) => t("value-background", { background: value, label: humanized(String(value)) }),
    }),
  ];
  return {
    type,
    groups: GROUPS,
    fields,
    ...(type === "reference_image"
      ? {
          media: {
            min: 1,
            max: (view: FormView) => Math.max(1, model(view)?.max_reference_files ?? 1),
            field: "reference_file_ids",
            accepts: ["image"],
            tooManyKey: "form-media-too-many-reference_image",
          },
        }
      : {}),
    normalize: (values: FormValues) => normalizeImageValues(type, setup, values),
  };
}

const IMAGE_MONEY_WORDS: MoneyWords = {
  perItem: "generation-price-per-image",
  payForSuccess: "generation-pay-for-success",
  overBalance: "generation-price-over-balance",
  overBudget: "generation-price-over-budget",
};

/** The generation service's side of an image form: its refusals before they happen, and the quote. */
export function imageContract(type: GenerationFormType, setup: ImageFormSetup): FormContract {
  return {
    issues(definition, view) {
      if (!setup.available) return [{ key: "generation-rule-unavailable" }];
      const model = chosenModel(type, setup, view.values);
      if (!model) return [noModelIssue(type, setup)];
      const missing = missingRequired(definition, view);
      if (missing.length > 0) return missing;
      const count = imageCount(type, view.values);
      if (count === 0) return [{ key: "form-required", params: { field: "prompt" } }];
      if (count > setup.maxBatch) {
        return [{ key: "generation-rule-too-many", params: { count, max: setup.maxBatch } }];
      }
      if (type === "reference_image" && view.media.length > model.max_reference_files) {
        return [
          {
            key: "generation-rule-references",
            params: { model: model.label, max: model.max_reference_files, count: view.media.length },
          },
        ];
      }
      return [];
    },
    ledger: (_definition, view, t) => {
      const model = chosenModel(type, setup, view.values);
      if (!model) return [];
      const count = imageCount(type, view.values);
      return moneyLines(setup, model, count, view.env.locale, t, IMAGE_MONEY_WORDS);
    },
  };
}

export function buildImageRequest(
  type: GenerationFormType,
  setup: ImageFormSetup,
  values: FormValues,
  media: readonly MediaRef[],
): BuiltGenerationRequest {
  const model = chosenModel(type, setup, values);
  if (!model) throw new Error("an image request needs a model the form offers");
  const prompts = promptsOf(type, values);
  const variants = variantsOf(values);
  const request: Record<string, unknown> = prompts.length === 1 ? { prompt: prompts[0] } : { prompts };
  if (variants > 1) request.n = variants;
  request.model = model.id;
  const options: Array<["aspect" | "resolution" | "quality_mode" | "background", readonly string[]]> = [
    ["aspect", model.aspects],
    ["resolution", model.resolutions],
    ["quality_mode", model.quality_modes],
    ["background", model.backgrounds],
  ];
  // Only what this model lists goes out: the service would refuse anything else.
  for (const [key, allowed] of options) {
    const value = keep(values[key], allowed);
    if (value !== undefined) request[key] = value;
  }
  if (type === "reference_image") request.reference_file_ids = [...media];
  const count = prompts.length * variants;
  return { request, count, quote: quoteOf(model, count), modelLabel: model.label };
}
