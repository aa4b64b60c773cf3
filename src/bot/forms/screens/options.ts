/** A group's fields and one field's screen; a set field goes back to its group, a required text on. */
import type { InlineKeyboardButton } from "grammy/types";
import { z } from "zod";
import { type MediaClass, mediaClassOf } from "../../../media/accept.js";
import type { MediaRef } from "../../../media/media-ref.js";
import { optionLabel } from "../../option-labels.js";
import type { OptionsAction } from "../card-action.js";
import {
  applies,
  type FormDefinition,
  type FormEnv,
  type FormField,
  type FormValues,
  fieldLabelKey,
  fieldOf,
  groupButtons,
  groupNameKey,
  soleValue,
} from "../form.js";
import {
  type FormEvent,
  type FormState,
  moved,
  type Screen,
  type Transition,
  viewOf,
  withNotice,
} from "../form-state.js";
import { backFrom, firstScreen } from "../navigation.js";
import { parseText } from "./form-text.js";
import { type RenderedScreen, rows, type ScreenContext } from "./screen-context.js";
import { renderSummary } from "./summary.js";
import { clip, escapeHtml, hintHtml } from "./text.js";
import { factLine, fieldLine, valueLabel } from "./value-labels.js";
import { openVoicePicker } from "./voice-picker.js";

const OPTIONS_PER_PAGE = 12;
const OPTIONS_PER_ROW = 3;

type FieldScreen = Extract<Screen, { name: "field" }>;
interface FileField {
  field: FormField;
  accepts: MediaClass;
}

const ChosenOptionsSchema = z.array(z.string()).catch(() => []);

/** The values with the field set; a value set clears the fields it replaces. */
function withValue(values: FormValues, field: FormField, value: unknown): FormValues {
  const next: FormValues = { ...values, [field.key]: value };
  if (value !== undefined && value !== null) for (const other of field.clears ?? []) delete next[other];
  return next;
}

export function pressOnOptions(
  definition: FormDefinition,
  state: FormState,
  action: OptionsAction,
  env: FormEnv,
): Transition {
  const view = viewOf(state, env);
  const field = "field" in action ? definition.fields[action.field] : undefined;
  switch (action.kind) {
    case "open-group": {
      const group = definition.groups[action.group];
      return group ? moved(state, { screen: { name: "group", group } }) : { state };
    }
    case "open-field": {
      // A field with one value left is a fact now: a button drawn before that offers nothing.
      if (!field || !applies(field, view) || soleValue(field, view)) return { state };
      switch (field.input.kind) {
        case "toggle":
          return moved(state, { values: withValue(state.values, field, state.values[field.key] !== true) });
        case "voice":
          return moved(state, { screen: openVoicePicker(state, env) });
        case "overlays":
          return moved(state, { screen: { name: "captions" } });
        default:
          return moved(state, { screen: { name: "field", key: field.key, page: action.page } });
      }
    }
    case "choose-option": {
      const option = field?.input.kind === "choice" ? field.input.options(view)[action.option] : undefined;
      if (!field || !option) return { state };
      if (option.locked) return withNotice(state, option.locked);
      const values = withValue(state.values, field, option.value);
      return moved(state, { values, screen: backFrom(definition, state, field) });
    }
    case "flip-option": {
      if (field?.input.kind !== "multi") return { state };
      const option = field.input.options[action.option];
      if (option === undefined) return { state };
      const chosen = ChosenOptionsSchema.parse(state.values[field.key]);
      const next = chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option];
      return moved(state, { values: { ...state.values, [field.key]: next } });
    }
    case "reset-field": {
      if (!field) return { state };
      const values = { ...state.values };
      delete values[field.key];
      if (field.input.kind === "voice") delete values.tts_provider;
      return moved(state, { values, screen: backFrom(definition, state, field) });
    }
  }
}

/** A text sent on a field's screen: its value when it parses, else what was wrong. */
export function textOnField(
  definition: FormDefinition,
  state: FormState,
  screen: FieldScreen,
  text: string,
  env: FormEnv,
): Transition {
  const field = fieldOf(definition, screen.key);
  if (!field) return { state, pass: true };
  const { input } = field;
  const view = viewOf(state, env);
  const parsed =
    input.kind === "text"
      ? parseText(input, text, view)
      : input.kind === "choice"
        ? input.typed?.(text, view)
        : undefined;
  if (!parsed) return withNotice(state, { key: "form-use-buttons" });
  if (!parsed.ok) return withNotice(state, { key: parsed.key, params: parsed.params });
  const next: FormState = { ...state, values: withValue(state.values, field, parsed.value) };
  // A required text that opened the form leads straight on; otherwise back where it was chosen.
  const target = field.required ? firstScreen(definition, next, env) : backFrom(definition, state, field);
  return moved(next, { screen: target });
}

export function fileFieldOn(definition: FormDefinition, screen: FieldScreen): FileField | undefined {
  const field = fieldOf(definition, screen.key);
  return field?.input.kind === "file" ? { field, accepts: field.input.accepts } : undefined;
}

/**
 * The field a lone file sent on any screen fills, where the form's media never take its kind: one that
 * takes it and applies with the values it brings (an SRT for dubbing, an MP3 for a video's music).
 */
export function fileFieldTaking(
  definition: FormDefinition,
  state: FormState,
  refs: readonly MediaRef[],
  env: FormEnv,
): FileField | undefined {
  const [ref, ...more] = refs;
  const mediaClass = ref ? mediaClassOf(ref) : undefined;
  if (mediaClass === undefined || more.length > 0 || definition.media?.accepts.includes(mediaClass))
    return undefined;
  for (const field of definition.fields) {
    if (field.input.kind !== "file" || field.input.accepts !== mediaClass) continue;
    const view = viewOf({ ...state, values: { ...state.values, ...field.implies } }, env);
    if (applies(field, view)) return { field, accepts: mediaClass };
  }
  return undefined;
}

export function receiveFile(
  definition: FormDefinition,
  state: FormState,
  { field, accepts }: FileField,
  event: Extract<FormEvent, { kind: "media" }>,
): Transition {
  const [ref] = event.refs;
  if (event.problems[0]) return withNotice(state, event.problems[0]);
  if (!ref || event.refs.length > 1 || mediaClassOf(ref) !== accepts) {
    return withNotice(state, { key: `form-file-expected-${accepts}` });
  }
  return moved(state, {
    values: withValue({ ...state.values, ...field.implies }, field, ref),
    // Sent on its field's screen, back to where it was chosen; sent elsewhere, the screen stays.
    screen: state.screen.name === "field" ? backFrom(definition, state, field) : state.screen,
  });
}

export function renderGroup(context: ScreenContext, state: FormState, group: string): RenderedScreen {
  const { definition, env, t } = context;
  const view = viewOf(state, env);
  const keyboard: InlineKeyboardButton[][] = [];
  const facts: string[] = [];
  const buttons = groupButtons(definition, group, view);
  definition.fields.forEach((field, index) => {
    if (field.group !== group || !applies(field, view)) return;
    if (!buttons.includes(field)) {
      facts.push(escapeHtml(factLine(field, state.values, view, t)));
      return;
    }
    keyboard.push([
      context.button(fieldLine(field, state.values, env, t), { kind: "open-field", field: index, page: 0 }),
    ]);
  });
  keyboard.push(context.backRow());
  const name = t(groupNameKey(definition, group, view));
  return { text: [context.title(state), "", name, ...facts].join("\n"), keyboard };
}

export function renderField(context: ScreenContext, state: FormState, screen: FieldScreen): RenderedScreen {
  const { definition, env, t } = context;
  const { key, page } = screen;
  const index = definition.fields.findIndex((field) => field.key === key);
  const field = definition.fields[index];
  if (!field) return renderSummary(context, state);
  const current = state.values[key];
  const lines = [
    context.title(state),
    "",
    `<b>${t(fieldLabelKey(field))}</b>`,
    hintHtml(t(field.hint ?? `hint-${key}`)),
  ];
  const keyboard: InlineKeyboardButton[][] = [];
  const input = field.input;
  if (input.kind === "choice") {
    const all = input.options(viewOf(state, env));
    const first = page * OPTIONS_PER_PAGE;
    const buttons = all.slice(first, first + OPTIONS_PER_PAGE).map((option, offset) => {
      const mark = JSON.stringify(option.value) === JSON.stringify(current) ? "• " : "";
      const named = option.label ?? valueLabel(field, option.value, env, t);
      const label = `${mark}${option.locked ? "🔒 " : ""}${named}`;
      return context.button(label, { kind: "choose-option", field: index, option: first + offset });
    });
    const toPage = (to: number) => ({ kind: "open-field", field: index, page: to }) as const;
    keyboard.push(
      ...rows(buttons, OPTIONS_PER_ROW),
      ...context.pager(all.length, OPTIONS_PER_PAGE, page, toPage),
    );
    if (input.typed) lines.push(t("form-or-type"));
  } else if (input.kind === "multi") {
    const chosen = ChosenOptionsSchema.parse(current);
    input.options.forEach((option, offset) => {
      const mark = chosen.includes(option) ? "☑️ " : "▫️ ";
      const label = `${mark}${optionLabel(field.key, option, t) ?? option}`;
      keyboard.push([context.button(label, { kind: "flip-option", field: index, option: offset })]);
    });
  } else if (input.kind === "text") {
    if (typeof current === "string" && current !== "")
      lines.push("", `<code>${escapeHtml(clip(current, 400))}</code>`);
    lines.push("", t("form-type-text", { max: input.maxLength }));
  } else if (input.kind === "file") {
    lines.push("", t(`form-send-file-${input.accepts}`));
  }
  if (current !== undefined && !field.required)
    keyboard.push([context.button(t("form-reset"), { kind: "reset-field", field: index })]);
  keyboard.push(context.backToGroup(field.group));
  return { text: lines.join("\n"), keyboard };
}
