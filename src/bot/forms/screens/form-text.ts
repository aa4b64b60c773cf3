/** The form's own text (what a video says): taken wherever it arrives, its split parts joined. */
import {
  applies,
  type FieldInput,
  type FormDefinition,
  type FormEnv,
  type FormField,
  type FormView,
  fieldOf,
  type ParsedInput,
} from "../form.js";
import { type FormState, moved, type Notice, type Transition, viewOf, withNotice } from "../form-state.js";
import { firstScreen } from "../navigation.js";
import { joinTextParts } from "../text-parts.js";

type TextField = FormField & { input: Extract<FieldInput, { kind: "text" }> };

function isTextField(field: FormField | undefined): field is TextField {
  return field?.input.kind === "text";
}

function formTextField(definition: FormDefinition, state: FormState, env: FormEnv): TextField | undefined {
  const key = definition.freeText ?? "text";
  const field = fieldOf(definition, key);
  return isTextField(field) && applies(field, viewOf(state, env)) ? field : undefined;
}

function tooLong(max: number, length: number): Notice {
  return { key: "form-error-too-long", params: { max, length } };
}

export function parseText(input: TextField["input"], text: string, view: FormView): ParsedInput {
  if (text.length > input.maxLength) return { ok: false, ...tooLong(input.maxLength, text.length) };
  return input.parse ? input.parse(text, view) : { ok: true, value: text };
}

/** Undefined when the form takes no text now; a text file has no `at` (its date), and no next part. */
export function takeFormText(
  definition: FormDefinition,
  state: FormState,
  text: string,
  env: FormEnv,
  how: { at?: number; notice: string },
): Transition | undefined {
  const field = formTextField(definition, state, env);
  if (!field) return undefined;
  if (text.length > field.input.maxLength)
    return withNotice(state, tooLong(field.input.maxLength, text.length));
  const next: FormState = { ...state, values: { ...state.values, [field.key]: text } };
  return moved(next, {
    // Photos still awaited are asked for on; otherwise the card shows the text in place, and Create.
    screen: state.screen.name === "media" ? state.screen : firstScreen(definition, next, env),
    notice: { key: how.notice, params: { count: text.length }, info: true },
    ...(how.at !== undefined ? { lastText: { key: field.key, at: how.at, length: text.length } } : {}),
  });
}

/** Undefined when the field of the text's last part holds no text any more. */
export function nextTextPart(
  definition: FormDefinition,
  state: FormState,
  last: NonNullable<FormState["lastText"]>,
  part: { text: string; at: number },
  env: FormEnv,
): Transition | undefined {
  const field = fieldOf(definition, last.key);
  const before = state.values[last.key];
  if (!isTextField(field) || typeof before !== "string") return undefined;
  const text = joinTextParts(before, last.length, part.text);
  const parsed = parseText(field.input, text, viewOf(state, env));
  if (!parsed.ok) return withNotice(state, { key: parsed.key, params: parsed.params });
  return moved(state, {
    values: { ...state.values, [field.key]: parsed.value },
    lastText: { key: field.key, at: part.at, length: part.text.length },
    notice: { key: "form-text-joined", params: { count: text.length }, info: true },
  });
}

/** A text typed on a text field's screen and taken: its next part may follow. */
export function rememberTextPart(
  definition: FormDefinition,
  transition: Transition,
  key: FormField["key"],
  part: { text: string; at?: number },
): Transition {
  const field = fieldOf(definition, key);
  if (!isTextField(field) || part.at === undefined || transition.pass || transition.state.notice)
    return transition;
  return {
    ...transition,
    state: { ...transition.state, lastText: { key, at: part.at, length: part.text.length } },
  };
}
