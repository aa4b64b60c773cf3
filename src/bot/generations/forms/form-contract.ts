/** The service's side of a generation form: its refusals before it is asked, the quote, and the request. */
import { z } from "zod";
import type { CatalogModel } from "../../../generation-service/responses.js";
import { formatNumber } from "../../../i18n/format.js";
import type { Translate } from "../../../i18n/translate.js";
import type { FormContract, FormIssue, FormValues, FormView, GenerationFormType } from "../../forms/form.js";
import { missingRequired } from "../../forms/form.js";
import {
  chosenModel,
  type ImageFormSetup,
  keep,
  noModelIssue,
  priceParams,
  promptsOf,
  quoteOf,
} from "./field-kit.js";

/** What the service checks a quote against: the key's own budget where it has one smaller than the balance. */
export function spendingLimit({ balance, budgetLeft }: { balance: number; budgetLeft?: number | undefined }) {
  const left = Math.min(balance, budgetLeft ?? balance);
  return { budgetBinds: left < balance, left };
}

function moneyLines(
  setup: ImageFormSetup,
  model: CatalogModel,
  count: number,
  locale: string,
  t: Translate,
  { prefix, item }: GenerationContractSpec["words"],
): string[] {
  const { account } = setup;
  if (count === 0) return [t(`${prefix}-price-per-${item}`, priceParams(model))];
  const quote = quoteOf(model, count);
  const usd = (value: number) => formatNumber(value / account.tokensPerUsd, locale, 2);
  const each = model.price_tokens;
  const lines = [
    quote.min === quote.max
      ? t("generation-price-fixed", {
          count,
          each: formatNumber(each.min, locale),
          total: quote.max,
          usd: usd(quote.max),
        })
      : t("generation-price-range", {
          count,
          // The quote is a range only where each one's price is.
          each: `${formatNumber(each.min, locale)}–${formatNumber(each.max, locale)}`,
          min: quote.min,
          max: quote.max,
          usdMin: usd(quote.min),
          usdMax: usd(quote.max),
        }),
    account.budgetLeft === undefined
      ? t("generation-balance", { balance: account.balance })
      : t("generation-balance-and-budget", {
          balance: account.balance,
          left: formatNumber(account.budgetLeft, locale),
        }),
    t(`${prefix}-pay-for-success`),
  ];
  // Warned before Create: the service refuses a request whose top price it cannot cover whole.
  const { budgetBinds, left } = spendingLimit(account);
  const over = `${prefix}-price-over-${budgetBinds ? "budget" : "balance"}`;
  if (quote.max > left) lines.push(t(over, { max: quote.max, left: formatNumber(left, locale) }));
  return lines;
}

/** The request a form's Create sends, its photos still Telegram references, and what its card says of it. */
export const BuiltRequestSchema = z.object({
  request: z.record(z.string(), z.unknown()),
  count: z.number().int().positive(),
  quote: z.object({ min: z.number().int(), max: z.number().int() }),
  modelLabel: z.string(),
});
export type BuiltGenerationRequest = z.infer<typeof BuiltRequestSchema>;

/** What makes one kind of generation form: how many it makes, and its refusals and lines of its own. */
export interface GenerationContractSpec {
  type: GenerationFormType;
  setup: ImageFormSetup;
  /** The contract's words: `generation-…` for images, `video-…` for clips (`video-price-per-clip`). */
  words: { prefix: "generation" | "video"; item: "image" | "clip" };
  count(view: FormView): number;
  /** Refusals of this kind of form, once the model, the required fields and the batch size are right. */
  issues(model: CatalogModel, view: FormView, count: number): FormIssue[];
  /** The quote's lines with this kind of form's own among them. */
  ledger?(lines: string[], model: CatalogModel, view: FormView, t: Translate): string[];
}

/** What Create without a prompt answers: the one thing to do next, in words. */
const PROMPT_FIRST: FormIssue = { key: "generation-prompt-first" };

export function generationContract(spec: GenerationContractSpec): FormContract {
  const { type, setup, words } = spec;
  return {
    issues(definition, view) {
      if (!setup.available) return [{ key: `${words.prefix}-rule-unavailable` }];
      const model = chosenModel(type, setup, view.values);
      if (!model) return [noModelIssue(type, setup)];
      const missing = missingRequired(definition, view).map((issue) =>
        issue.params?.field === "prompt" ? PROMPT_FIRST : issue,
      );
      if (missing.length > 0) return missing;
      const count = spec.count(view);
      if (count === 0) return [PROMPT_FIRST];
      if (count > setup.maxBatch)
        return [{ key: `${words.prefix}-rule-too-many`, params: { count, max: setup.maxBatch } }];
      return spec.issues(model, view, count);
    },
    paidFrom: () => "generations",
    ledger(_definition, view, t) {
      const model = chosenModel(type, setup, view.values);
      if (!model) return [];
      const lines = moneyLines(setup, model, spec.count(view), view.env.locale, t, words);
      return spec.ledger ? spec.ledger(lines, model, view, t) : lines;
    },
  };
}

/** A request from the form's values: of the chosen model's options, only those it lists (the service refuses others). */
export function modelRequest(
  type: GenerationFormType,
  setup: ImageFormSetup,
  values: FormValues,
  made: { clips: boolean; variants: number; count: number },
): BuiltGenerationRequest {
  const model = chosenModel(type, setup, values);
  if (!model) throw new Error("a generation request needs a model the form offers");
  const prompts = promptsOf(type, values);
  const request: Record<string, unknown> = {};
  if (prompts.length === 1) request.prompt = prompts[0];
  if (prompts.length > 1) request.prompts = prompts;
  if (made.variants > 1) request.n = made.variants;
  request.model = model.id;
  const choices: Array<[keyof FormValues, readonly (string | number)[]]> = [
    ["aspect", model.aspects],
    ["resolution", model.resolutions],
    ["quality_mode", model.quality_modes],
    made.clips ? ["duration", model.durations_sec] : ["background", model.backgrounds],
  ];
  for (const [key, allowed] of choices) {
    const value = keep(values[key], allowed);
    if (value !== undefined) request[key] = value;
  }
  if (made.clips && model.audio_toggle) request.audio = values.audio !== false;
  return { request, count: made.count, quote: quoteOf(model, made.count), modelLabel: model.label };
}
