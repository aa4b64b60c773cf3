/** The summary card; Create goes ahead only with the media in and nothing the service would refuse. */
import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../../../i18n/translate.js";
import type { SummaryAction } from "../card-action.js";
import { backToSettings, fromLastChoices } from "../defaults.js";
import {
  applies,
  type FormDefinition,
  type FormEnv,
  type FormField,
  fieldLabelKey,
  glossaryField,
  groupButtons,
  groupNameKey,
  mediaApplies,
  mediaMax,
  type PaidFrom,
  soleValue,
} from "../form.js";
import { type FormState, mediaOrderOf, moved, noticeText, type Transition, viewOf } from "../form-state.js";
import { needsMedia } from "../navigation.js";
import { type RenderedScreen, rows, type ScreenContext } from "./screen-context.js";
import { escapeHtml } from "./text.js";
import { factLine } from "./value-labels.js";

export function pressOnSummary(
  definition: FormDefinition,
  state: FormState,
  action: SummaryAction,
  env: FormEnv,
): Transition {
  switch (action.kind) {
    case "show-summary":
      return moved(state, { screen: { name: "summary" } });
    case "create": {
      if (needsMedia(definition, state)) return moved(state, { screen: { name: "media" } });
      const [issue] = env.contract.issues(definition, viewOf(state, env));
      if (!issue) return { state, effect: { kind: "create" } };
      return {
        ...moved(state, { screen: { name: "summary" }, notice: issue }),
        effect: { kind: "refused", notice: issue },
      };
    }
    case "cancel":
      return { state, effect: { kind: "cancel" } };
    case "toggle-glossary": {
      const { withoutGlossary, ...rest } = state;
      return moved(rest, {
        screen: { name: "summary" },
        ...(withoutGlossary ? {} : { withoutGlossary: true }),
      });
    }
    case "toggle-details": {
      const details = state.screen.name === "summary" && state.screen.details === true;
      return moved(state, { screen: { name: "summary", ...(details ? {} : { details: true }) } });
    }
    case "use-settings": {
      const { lastChoices, ...rest } = state;
      if (!lastChoices) return { state };
      const keys = fromLastChoices(state.values, lastChoices.last, lastChoices.settings);
      const values = backToSettings(state.values, keys, lastChoices.settings);
      return moved(rest, {
        values,
        screen: { name: "summary" },
        notice: { key: "money-last-reset", info: true },
      });
    }
  }
}

/** The line naming the account that pays: the same words on every card of both services. */
export function paidFromLine(t: Translate, paidFrom: PaidFrom): string {
  return t(`paid-from-${paidFrom}`);
}

const SWAPS_PER_ROW = 4;

/** The most lines the card shows before Details: what is chosen beyond them waits behind the button. */
const SUMMARY_MAX_LINES = 12;

/** Whether the card lists the field: it lists what is chosen; what is unset is one tap away. */
function isChosen(field: FormField, { values }: FormState): boolean {
  if (field.input.kind === "voice")
    return values.tts_provider !== undefined || values.tts_voice !== undefined;
  const value = values[field.key];
  return (
    value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0)
  );
}

export function renderSummary(context: ScreenContext, state: FormState): RenderedScreen {
  const { definition, env, t } = context;
  const view = viewOf(state, env);
  // What is chosen, and what cannot be otherwise (a model's one length), which is said rather than offered.
  const chosen = definition.fields
    .filter((field) => applies(field, view) && (isChosen(field, state) || soleValue(field, view)))
    .map((field) => escapeHtml(factLine(field, state.values, view, t)));
  const rest: string[] = [];
  // The media's order is the user's to change: the card shows it, with a button per pair of neighbours.
  const order = definition.media?.reorder && state.media.length > 1 ? mediaOrderOf(state) : undefined;
  if (order) {
    rest.push(escapeHtml(t("form-media-order", { order: order.map((index) => index + 1).join(" → ") })));
  }
  const fromLast = lastChoicesLine(context, state);
  if (fromLast) rest.push("", fromLast);
  const notes = (definition.insight?.(view) ?? []).map((insight) =>
    escapeHtml(t(insight.key, insight.params)),
  );
  const glossary = glossaryLines(context, state);
  const money = [paidFromLine(t, env.contract.paidFrom(view)), ...env.contract.ledger(definition, view, t)];
  const after = [...glossary.map(escapeHtml), "", ...money.map(escapeHtml)];
  const issue = env.contract.issues(definition, view)[0];
  // What happened (a text saved) does not hide what still stops Create.
  if (issue && (!state.notice || state.notice.info)) after.push("", `⚠️ ${escapeHtml(noticeText(t, issue))}`);
  const title = context.title(state).split("\n");
  const cardRoom = SUMMARY_MAX_LINES - title.length - 1 - rest.length - after.length;
  // A notice goes under the card with a blank line before it: the choices make room for it.
  const room = cardRoom - (state.notice ? 2 : 0);
  // The first choice stays in view; the other choices, then the notes on the files, wait behind Details
  // when the card would grow past its lines. The money and what stops Create are always in view.
  const details = state.screen.name === "summary" && state.screen.details === true;
  const notesKept = details ? notes.length : Math.min(notes.length, Math.max(cardRoom - 1, 0));
  const keep = Math.max(room - notesKept, 1);
  const shown = details ? chosen : chosen.slice(0, keep);
  const hiddenNotes = notes.length - notesKept;
  const long = chosen.length > keep || hiddenNotes > 0;
  const lines = [...title, "", ...shown, ...rest, ...notes.slice(0, notesKept), ...after];
  const keyboard: InlineKeyboardButton[][] = [];
  const choice = summaryChoiceRow(context, state);
  if (choice) keyboard.push(choice);
  // A group with nothing to choose in it is no button: its facts are lines of the card.
  const groups = definition.groups.flatMap((group, index) =>
    groupButtons(definition, group, view).length === 0
      ? []
      : [context.button(t(groupNameKey(definition, group, view)), { kind: "open-group", group: index })],
  );
  keyboard.push(...rows(groups, 2));
  const swaps = (order ?? []).slice(1).map((second, index) =>
    context.button(t("form-media-swap", { first: (order?.[index] ?? 0) + 1, second: second + 1 }), {
      kind: "swap-media",
      index,
    }),
  );
  keyboard.push(...rows(swaps, SWAPS_PER_ROW));
  const rule = definition.media;
  if (rule && mediaMax(rule, view) > 1 && mediaApplies(definition, state.values)) {
    keyboard.push([context.button(t("form-media-add"), { kind: "add-media" })]);
  }
  if (long) {
    const hiddenChoices = chosen.length - shown.length;
    const label = details
      ? t("form-details-fewer")
      : hiddenNotes > 0
        ? t("form-details-more-and-notes", { count: hiddenChoices })
        : t("form-details-more", { count: hiddenChoices });
    keyboard.push([context.button(label, { kind: "toggle-details" })]);
  }
  if (glossary.length > 0) {
    const label = t(state.withoutGlossary ? "glossary-card-use" : "glossary-card-leave-out");
    keyboard.push([context.button(label, { kind: "toggle-glossary" })]);
  }
  if (fromLast) keyboard.push([context.button(t("money-last-use-settings"), { kind: "use-settings" })]);
  keyboard.push([
    context.button(t("form-create"), { kind: "create" }),
    context.button(t("button-cancel"), { kind: "cancel" }),
  ]);
  return { text: lines.join("\n"), keyboard };
}

/** The card's word on the user's glossary: how many terms go with the request (or none), and those left out. */
function glossaryLines(context: ScreenContext, state: FormState): string[] {
  const { definition, env, t } = context;
  const terms = env.glossary ?? [];
  // As it would go with the request were it switched on, so the switch never hides itself.
  const fit = glossaryField(definition, { ...viewOf(state, env), glossary: terms });
  if (!fit) return [];
  if (state.withoutGlossary) return [t("glossary-card-off")];
  const line = t("glossary-card", { count: terms.length });
  if (fit.leftOut.length === 0) return [line];
  return [line, t("glossary-card-left-out", { count: fit.leftOut.length, terms: fit.leftOut.join(", ") })];
}

/** The fields the last task of the type set, each with what it adds to the cost ("Captions (+50 tokens)"). */
function lastChoicesLine(context: ScreenContext, state: FormState): string | undefined {
  const { definition, env, t } = context;
  const lastChoices = state.lastChoices;
  if (!lastChoices) return undefined;
  const view = viewOf(state, env);
  const keys = new Set(fromLastChoices(state.values, lastChoices.last, lastChoices.settings));
  const fromLast = (field: FormField) =>
    field.input.kind === "voice" ? keys.has("tts_provider") || keys.has("tts_voice") : keys.has(field.key);
  const names = definition.fields
    .filter((field) => applies(field, view) && fromLast(field))
    .map((field) => {
      const name = t(fieldLabelKey(field));
      const instead = backToSettings(state.values, [field.key], lastChoices.settings);
      const extra = env.contract.extraCost?.(definition, view, instead, t);
      return extra ? `${name} (${extra})` : name;
    });
  if (names.length === 0) return undefined;
  return `↩️ ${escapeHtml(t(`money-last-${definition.type}`, { fields: names.join(", ") }))}`;
}

/** The card's own choice (dubbing's mode), the chosen option marked. */
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
