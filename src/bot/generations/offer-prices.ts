/** Each generation offer's price class: the least one result costs among the form's models every plan may use. */
import type { Catalog, CatalogModel } from "../../generation-service/responses.js";
import type { BotContext } from "../context.js";
import type { PriceClass } from "../features/offer-message.js";
import type { GenerationFormType } from "../forms/form.js";
import type { GenerationFlowDeps } from "./conversation.js";
import { isVideoFormType, offeredModels } from "./forms/field-kit.js";

/** What every plan may use: a Pro-only model's price is no promise to a Free plan. */
const anyPlan = (model: CatalogModel) => !model.pro_only;

/** "From N tokens" for the form, or nothing where the catalog lists no model for it. */
export function generationPriceClass(type: GenerationFormType, catalog: Catalog): PriceClass | undefined {
  const section = isVideoFormType(type) ? catalog.video : catalog.image;
  const prices = offeredModels(type, section.models, anyPlan)
    .filter(anyPlan)
    .map((model) => model.price_tokens.min);
  return prices.length === 0 ? undefined : { kind: "from", tokens: Math.min(...prices) };
}
/** Why a generation offer cannot open: no account is linked (the offers' price class says so). */
export async function notLinked(ctx: BotContext, flow: Pick<GenerationFlowDeps, "offerPrices">) {
  const price = (await flow.offerPrices(ctx))("text_to_image");
  return price?.kind === "notLinked" ? "generation-not-linked" : undefined;
}
