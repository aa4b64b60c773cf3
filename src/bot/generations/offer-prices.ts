/**
 * The price class of each generation offer, read from the catalog: the least one result costs among the
 * models the form offers that every plan may use. The form's card quotes the figure for the choices made.
 */
import type { Catalog, CatalogModel } from "../../generation-service/responses.js";
import { candidateModels, type VideoInput } from "../../generations/model-inputs.js";
import type { BotContext } from "../context.js";
import type { PriceClass } from "../features/offer-message.js";
import type { GenerationFormType } from "../forms/form.js";
import type { GenerationFlowDeps } from "./conversation.js";

const VIDEO_INPUT: Partial<Record<GenerationFormType, VideoInput>> = {
  text_to_video: "text",
  image_to_video: "frames",
  keyframe_video: "keyframes",
  video_to_video: "video",
  audio_to_video: "audio",
};

/** What every plan may use: a Pro-only model's price is no promise to a Free plan. */
const anyPlan = (model: CatalogModel) => !model.pro_only;

function modelsOf(type: GenerationFormType, catalog: Catalog): CatalogModel[] {
  const input = VIDEO_INPUT[type];
  if (input !== undefined) return candidateModels(catalog.video.models, input, anyPlan).filter(anyPlan);
  const images = catalog.image.models.filter(anyPlan);
  return type === "reference_image" ? images.filter((model) => model.max_reference_files > 0) : images;
}

/** "From N tokens" for the form, or nothing where the catalog lists no model for it. */
export function generationPriceClass(type: GenerationFormType, catalog: Catalog): PriceClass | undefined {
  const prices = modelsOf(type, catalog).map((model) => model.price_tokens.min);
  return prices.length === 0 ? undefined : { kind: "from", tokens: Math.min(...prices) };
}
/** Why a generation offer cannot open: no account is linked (the offers' price class says so). */
export async function notLinked(
  ctx: BotContext,
  flow: Pick<GenerationFlowDeps, "offerPrices">,
): Promise<string | undefined> {
  const price = (await flow.offerPrices(ctx))("text_to_image");
  return price?.kind === "notLinked" ? "generation-not-linked" : undefined;
}
