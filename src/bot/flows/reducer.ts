/**
 * The one function that moves a form: an event (a button, a text, a file) in, the next state and at
 * most one effect out. It only routes: a press to the screen its action belongs to, a text or a file to
 * the screen on show. Pure, so every path of every form is tested without Telegram, and the
 * conversation around it (conversation.ts) only carries events and effects.
 */
import type { CardAction } from "./card-action.js";
import type { FormDefinition, FormEnv } from "./form.js";
import type { FormEvent, FormState, Transition } from "./form-state.js";
import { pressOnCaptionEditor, textOnCaptionEditor } from "./screens/caption-editor.js";
import { pressOnMedia, receiveMedia, textOnMedia } from "./screens/media.js";
import { fileFieldOn, pressOnOptions, receiveFile, textOnField } from "./screens/options.js";
import { pressOnSummary } from "./screens/summary.js";
import { pressOnVoicePicker } from "./screens/voice-picker.js";

export function reduce(
  definition: FormDefinition,
  state: FormState,
  event: FormEvent,
  env: FormEnv,
): Transition {
  // A notice answers one event; the next one clears it.
  const current: FormState = { ...state };
  delete current.notice;
  const transition = route(definition, current, event, env);
  if (!definition.normalize) return transition;
  const values = definition.normalize(transition.state.values, env);
  return { ...transition, state: { ...transition.state, values } };
}

function route(definition: FormDefinition, state: FormState, event: FormEvent, env: FormEnv): Transition {
  switch (event.kind) {
    case "press":
      return onPress(definition, state, event.action, env);
    case "text":
      return onText(definition, state, event.text, env);
    case "media":
      return onMedia(definition, state, event, env);
  }
}

function onPress(definition: FormDefinition, state: FormState, action: CardAction, env: FormEnv): Transition {
  switch (action.kind) {
    case "show-summary":
    case "create":
    case "cancel":
    case "use-settings":
      return pressOnSummary(definition, state, action, env);
    case "add-media":
    case "media-done":
      return pressOnMedia(definition, state, action, env);
    case "open-group":
    case "open-field":
    case "choose-option":
    case "flip-option":
    case "reset-field":
      return pressOnOptions(definition, state, action, env);
    case "voice-languages":
    case "voice-language":
    case "voice-provider":
    case "voice-page":
    case "choose-voice":
    case "play-sample":
    case "automatic-voice":
      return pressOnVoicePicker(definition, state, action, env);
    case "new-caption":
    case "open-caption":
    case "caption-property":
    case "set-caption-property":
    case "flip-caption-flag":
    case "delete-caption":
      return pressOnCaptionEditor(state, action);
    default:
      return unhandled(action);
  }
}

/** Compiles only while every CardAction kind has its case above. */
function unhandled(action: never): never {
  throw new Error(`card action without a screen: ${JSON.stringify(action)}`);
}

function onText(definition: FormDefinition, state: FormState, text: string, env: FormEnv): Transition {
  const screen = state.screen;
  switch (screen.name) {
    case "field":
      return textOnField(definition, state, screen, text, env);
    case "media":
      return textOnMedia(definition, state);
    case "captions":
    case "new-caption":
      return textOnCaptionEditor(state, screen, text);
    case "summary":
    case "group":
    case "voice-languages":
    case "voice-providers":
    case "voices":
    case "caption":
      return { state, pass: true };
  }
}

function onMedia(
  definition: FormDefinition,
  state: FormState,
  event: Extract<FormEvent, { kind: "media" }>,
  env: FormEnv,
): Transition {
  const fileField = state.screen.name === "field" ? fileFieldOn(definition, state.screen) : undefined;
  return fileField
    ? receiveFile(definition, state, fileField, event)
    : receiveMedia(definition, state, event, env);
}
