/**
 * The summary card: what is chosen, what the task will cost and the balance, the groups to change
 * anything in, and Create. Create goes ahead only with the media in and nothing the service would
 * refuse; otherwise the card says what is missing.
 */
import type { InlineKeyboardButton } from "grammy/types";
import type { SummaryAction } from "../card-action.js";
import { estimateCost } from "../estimate.js";
import { applies, type FormDefinition, type FormEnv, type FormField, mediaApplies } from "../form.js";
import { type FormState, noticeText, type Transition, viewOf } from "../form-state.js";
import { needsMedia } from "../navigation.js";
import { validateForm } from "../request.js";
import type { RenderedScreen, ScreenContext } from "./screen-context.js";
import { escapeHtml } from "./text.js";
import { fieldLine } from "./value-labels.js";

export function pressOnSummary(
  definition: FormDefinition,
  state: FormState,
  action: SummaryAction,
  env: FormEnv,
): Transition {
  switch (action.kind) {
    case "show-summary":
      return { state: { ...state, screen: { name: "summary" } } };
    case "create": {
      if (needsMedia(definition, state)) return { state: { ...state, screen: { name: "media" } } };
      const issues = validateForm(definition, viewOf(state, env));
      if (issues.length > 0) return { state: { ...state, screen: { name: "summary" }, notice: issues[0] } };
      return { state, effect: { kind: "create" } };
    }
    case "cancel":
      return { state, effect: { kind: "cancel" } };
  }
}

/** Whether the card lists the field: it lists what is chosen; what is unset is one tap away. */
function isChosen(field: FormField, state: FormState): boolean {
  if (field.input.kind === "voice")
    return state.values.tts_provider !== undefined || state.values.tts_voice !== undefined;
  const value = state.values[field.key];
  if (value === undefined || value === null || value === "") return false;
  return !(Array.isArray(value) && value.length === 0);
}

export function renderSummary(context: ScreenContext, state: FormState): RenderedScreen {
  const { definition, env, t } = context;
  const view = viewOf(state, env);
  const lines = [context.title(state), ""];
  for (const field of definition.fields) {
    if (!applies(field, view) || !isChosen(field, state)) continue;
    lines.push(escapeHtml(fieldLine(field, state.values, env, t)));
  }
  for (const insight of definition.insight?.(view) ?? [])
    lines.push(escapeHtml(t(insight.key, insight.params)));
  lines.push("", costLine(context, state));
  const balance = balanceLine(context);
  if (balance) lines.push(balance);
  const issue = validateForm(definition, view)[0];
  if (issue && !state.notice) lines.push("", `⚠️ ${escapeHtml(noticeText(t, issue))}`);
  const keyboard: InlineKeyboardButton[][] = [];
  const choice = summaryChoiceRow(context, state);
  if (choice) keyboard.push(choice);
  const groups = definition.groups.map((group, index) =>
    context.button(t(`form-group-${group}`), { kind: "open-group", group: index }),
  );
  for (let index = 0; index < groups.length; index += 2) keyboard.push(groups.slice(index, index + 2));
  const rule = definition.media;
  if (rule && rule.max > 1 && mediaApplies(definition, state.values)) {
    keyboard.push([context.button(t("form-media-add"), { kind: "add-media" })]);
  }
  keyboard.push([
    context.button(t("form-create"), { kind: "create" }),
    context.button(t("button-cancel"), { kind: "cancel" }),
  ]);
  return { text: lines.join("\n"), keyboard };
}

/** The card's own choice: its options as buttons, the chosen one marked. */
function summaryChoiceRow(context: ScreenContext, state: FormState): InlineKeyboardButton[] | undefined {
  const { definition, env, t } = context;
  const index = definition.fields.findIndex((field) => field.key === definition.summaryChoice);
  const field = definition.fields[index];
  if (field?.input.kind !== "choice") return undefined;
  const current = JSON.stringify(state.values[field.key]);
  return field.input
    .options(viewOf(state, env))
    .map((option, position) =>
      context.button(
        `${JSON.stringify(option.value) === current ? "• " : ""}${t(`summary-choice-${field.key}-${String(option.value)}`)}`,
        { kind: "choose-option", field: index, option: position },
      ),
    );
}

function costLine(context: ScreenContext, state: FormState): string {
  const estimate = estimateCost(context.definition, viewOf(state, context.env));
  if (!estimate) return context.t("form-cost-plan");
  const key = estimate.perMinute
    ? "form-cost-per-minute"
    : estimate.atLeast
      ? "form-cost-at-least"
      : "form-cost";
  return context.t(key, { tokens: estimate.tokens });
}

function balanceLine(context: ScreenContext): string | undefined {
  const account = context.env.account;
  if (account?.balance !== undefined) return context.t("form-balance", { tokens: account.balance });
  if (account?.tariff !== undefined) return context.t("form-tariff", { tariff: account.tariff });
  return undefined;
}
