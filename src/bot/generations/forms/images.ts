/** The image forms, built from the catalog (`GET /v1/models`) when a form opens. */
import type { MediaRef } from "../../../media/media-ref.js";
import type {
  FormContract,
  FormDefinition,
  FormValues,
  FormView,
  GenerationFormType,
} from "../../forms/form.js";
import {
  catalogChoiceField,
  chosenModel,
  humanized,
  type ImageFormSetup,
  imageCount,
  modelFields,
  modelGroupName,
  normalizeImageValues,
  promptField,
  variantsField,
  variantsOf,
} from "./field-kit.js";
import { type BuiltGenerationRequest, generationContract, modelRequest } from "./form-contract.js";

export function imageForm(
  type: GenerationFormType,
  setup: ImageFormSetup,
): FormDefinition<GenerationFormType> {
  const model = (view: FormView) => chosenModel(type, setup, view.values);
  return {
    type,
    groups: ["prompt", "model", "picture"],
    groupName: modelGroupName(model),
    fields: [
      promptField(type, true),
      variantsField(type, model),
      ...modelFields(type, setup, model),
      catalogChoiceField({
        key: "background",
        group: "picture",
        listOf: (entry) => entry.backgrounds,
        model,
        describe: (value, t) => t("value-background", { background: value, label: humanized(String(value)) }),
      }),
    ],
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

export function imageContract(type: GenerationFormType, setup: ImageFormSetup): FormContract {
  return generationContract({
    type,
    setup,
    words: { prefix: "generation", item: "image" },
    count: (view) => imageCount(type, view.values),
    issues: (model, view) =>
      type === "reference_image" && view.media.length > model.max_reference_files
        ? [
            {
              key: "generation-rule-references",
              params: { model: model.label, max: model.max_reference_files, count: view.media.length },
            },
          ]
        : [],
  });
}

export function buildImageRequest(
  type: GenerationFormType,
  setup: ImageFormSetup,
  values: FormValues,
  media: readonly MediaRef[],
): BuiltGenerationRequest {
  const count = imageCount(type, values);
  const built = modelRequest(type, setup, values, { clips: false, variants: variantsOf(values), count });
  if (type === "reference_image") built.request.reference_file_ids = [...media];
  return built;
}
