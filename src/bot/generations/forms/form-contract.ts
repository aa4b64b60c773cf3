/**
 * The service's side of a generation form, image and video alike: what it would refuse before it is
 * asked, the quote beside the balance and the key's budget, and the chosen model's options in a request.
 */
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
  priceText,
  promptsOf,
  quoteOf,
} from "./field-kit.js";

/** The words of the contract that name what is made (images or clips). */
export type MoneyWords = Record<
  "unavailable" | "tooMany" | "perItem" | "payForSuccess" | "overBalance" | "overBudget",
  string
>;

/** The quote for `count` generations of the model, beside the balance and the key's budget. */
export function moneyLines(
  setup: ImageFormSetup,
  model: CatalogModel,
  count: number,
  locale: string,
  t: Translate,
  words: MoneyWords,
): string[] {
  const { account } = setup;
  if (count === 0) return [t(words.perItem, priceParams(model))];
  const quote = quoteOf(model, count);
  const usd = (value: number) => formatNumber(value / account.tokensPerUsd, locale, 2);
  const lines = [
    quote.min === quote.max
      ? t("generation-price-fixed", {
          count,
          each: formatNumber(model.price_tokens.min, locale),
          total: quote.max,
          usd: usd(quote.max),
        })
      : t("generation-price-range", {
          count,
          each: priceText(model, locale),
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
    t(words.payForSuccess),
  ];
  // Warned before Create: the service refuses a request whose top price it cannot cover whole.
  const budgetBinds = account.budgetLeft !== undefined && account.budgetLeft < account.balance;
  const left = budgetBinds && account.budgetLeft !== undefined ? account.budgetLeft : account.balance;
  if (quote.max > left) {
    lines.push(
      t(budgetBinds ? words.overBudget : words.overBalance, {
        max: quote.max,
        left: formatNumber(left, locale),
      }),
    );
  }
  return lines;
}

/**
 * The request a generation form's Create sends, with the photos it takes still as Telegram references,
 * and what its card says of it: how many it makes, the quote, the model's label.
 */
export interface BuiltGenerationRequest {
  request: Record<string, unknown>;
  count: number;
  quote: { min: number; max: number };
  modelLabel: string;
}

/** What makes one kind of generation form: how many it makes, and its refusals and lines of its own. */
export interface GenerationContractSpec {
  type: GenerationFormType;
  setup: ImageFormSetup;
  words: MoneyWords;
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
      if (!setup.available) return [{ key: words.unavailable }];
      const model = chosenModel(type, setup, view.values);
      if (!model) return [noModelIssue(type, setup)];
      const missing = missingRequired(definition, view).map((issue) =>
        issue.params?.field === "prompt" ? PROMPT_FIRST : issue,
      );
      if (missing.length > 0) return missing;
      const count = spec.count(view);
      if (count === 0) return [PROMPT_FIRST];
      if (count > setup.maxBatch) return [{ key: words.tooMany, params: { count, max: setup.maxBatch } }];
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

/**
 * A request's prompts, variants, model and the chosen model's options from the form's values, only those
 * the model lists: the service refuses others.
 */
export function modelRequest(
  type: GenerationFormType,
  setup: ImageFormSetup,
  values: FormValues,
  variants: number,
  choicesOf: (
    model: CatalogModel,
  ) => ReadonlyArray<readonly [keyof FormValues, readonly (string | number)[]]>,
): { model: CatalogModel; request: Record<string, unknown> } {
  const model = chosenModel(type, setup, values);
  if (!model) throw new Error("a generation request needs a model the form offers");
  const prompts = promptsOf(type, values);
  const request: Record<string, unknown> = {};
  if (prompts.length === 1) request.prompt = prompts[0];
  if (prompts.length > 1) request.prompts = prompts;
  if (variants > 1) request.n = variants;
  request.model = model.id;
  for (const [key, allowed] of choicesOf(model)) {
    const value = keep(values[key], allowed);
    if (value !== undefined) request[key] = value;
  }
  return { model, request };
}
