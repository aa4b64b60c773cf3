/** The task service's side of a task form: what its request schema refuses, and what the task costs. */
import type { Translate } from "../../i18n/translate.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { type AccountView, type FormContract, type FormDefinition, isTaskType } from "../forms/form.js";
import { type Estimate, estimateCost, extraCost, PRICES, type QuotaUse, type TokenSpan } from "./estimate.js";
import { validateForm } from "./request.js";

function isTaskForm(definition: FormDefinition): definition is FormDefinition<TaskType> {
  return isTaskType(definition.type);
}

function taskForm(definition: FormDefinition): FormDefinition<TaskType> {
  if (!isTaskForm(definition)) throw new Error(`${definition.type} is no task form`);
  return definition;
}

/** An estimate beside the account it is paid from: the balance and whether it covers it, or the plan's use. */
export function accountMoneyLines(
  t: Translate,
  estimate: Estimate | undefined,
  account: AccountView | undefined,
): string[] {
  if (account?.tariff !== undefined) {
    const plan = t("money-plan", { tariff: account.tariff });
    const uses = estimate ? quotaParts(t, estimate.quota) : [];
    return uses.length > 0 ? [t("money-quota-uses", { uses: uses.join(", ") }), plan] : [plan];
  }
  const lines = [costLine(t, estimate)];
  if (account?.balance === undefined) return lines;
  lines.push(t("money-balance", { tokens: account.balance }));
  if (estimate && !estimate.perMinute && estimate.tokens > account.balance) {
    lines.push("", `⚠️ ${t("money-short", { tokens: estimate.tokens, balance: account.balance })}`);
  }
  return lines;
}

function costLine(t: Translate, estimate: Estimate | undefined): string {
  if (!estimate) return t("money-cost-plan-feature");
  const { tokens, upTo } = estimate;
  if (estimate.perMinute) return t("money-cost-per-minute", { tokens });
  if (upTo !== undefined)
    return t("money-cost-range", { least: tokens, most: upTo, card: PRICES.cardPerElement });
  if (tokens === 0) return t("money-cost-free");
  return t("money-cost", { tokens });
}

/** What a quota plan counts, as phrases ("about 45 s of video", "1 auto-caption render"). */
function quotaParts(t: Translate, quota: QuotaUse): string[] {
  const { seconds, transcriptionSeconds, characters, autoTexts, cards, cardsUpTo } = quota;
  const parts: string[] = [];
  if (seconds !== undefined) parts.push(t("money-quota-seconds", { seconds: Math.ceil(seconds) }));
  if (transcriptionSeconds !== undefined)
    parts.push(t("money-quota-transcription", { seconds: Math.ceil(transcriptionSeconds) }));
  if (characters !== undefined && characters > 0) parts.push(t("money-quota-characters", { characters }));
  if (autoTexts !== undefined) parts.push(t("money-quota-auto-text", { count: autoTexts }));
  if (cards !== undefined && cardsUpTo === undefined) parts.push(t("money-quota-cards", { count: cards }));
  if (cards !== undefined && cardsUpTo !== undefined)
    parts.push(t("money-quota-cards-range", { least: cards, most: cardsUpTo }));
  return parts;
}

/** A span of tokens in words: exact, a range, or "up to" where it may be nothing. */
function spanWords(t: Translate, key: string, span: TokenSpan): string {
  const kind = span.least === span.most ? "exact" : span.least === 0 ? "up-to" : "range";
  return t(key, { span: kind, least: span.least, most: span.most });
}

export const TASK_CONTRACT: FormContract = {
  issues: (definition, view) => validateForm(taskForm(definition), view),
  paidFrom: (view) => (view.env.account?.tariff === undefined ? "media-tasks" : "media-tasks-plan"),
  ledger: (definition, view, t) =>
    accountMoneyLines(t, estimateCost(taskForm(definition), view), view.env.account),
  extraCost(definition, view, instead, t) {
    // Nothing on a quota plan, whose card lists each allowance the task uses.
    if (view.env.account?.tariff !== undefined) return undefined;
    const { once, perMinute } = extraCost(taskForm(definition), view, instead);
    const parts: string[] = [];
    if (once.most > 0) parts.push(spanWords(t, "money-extra", once));
    if (perMinute.most > 0) parts.push(spanWords(t, "money-extra-per-minute", perMinute));
    return parts.length > 0 ? parts.join(", ") : undefined;
  },
};
