/** The one function that moves a form; pure, so every path is tested without Telegram. */
import { type CardAction, isActionOn } from "./card-action.js";
import type { FormDefinition, FormEnv } from "./form.js";
import { type FormEvent, type FormState, type Transition, withNotice } from "./form-state.js";
import { pressOnCaptionEditor, textOnCaptionEditor } from "./screens/caption-editor.js";
import { nextTextPart, rememberTextPart, takeFormText } from "./screens/form-text.js";
import { pressOnMedia, receiveMedia } from "./screens/media.js";
import { fileFieldOn, fileFieldTaking, pressOnOptions, receiveFile, textOnField } from "./screens/options.js";
import { pressOnSummary } from "./screens/summary.js";
import { pressOnVoicePicker } from "./screens/voice-picker.js";
import { continuesText } from "./text-parts.js";

export function reduce(
  definition: FormDefinition,
  state: FormState,
  event: FormEvent,
  env: FormEnv,
): Transition {
  // A notice answers one event; the next one clears it. A text's next part comes as the very next event.
  const { notice: _notice, lastText: _lastText, ...current } = state;
  const transition =
    event.kind === "press"
      ? onPress(definition, current, event.action, env)
      : event.kind === "text"
        ? onText(definition, current, event, env, state.lastText)
        : onMedia(definition, current, event, env);
  if (!definition.normalize) return transition;
  const values = definition.normalize(transition.state.values, env);
  return { ...transition, state: { ...transition.state, values } };
}

function onPress(definition: FormDefinition, state: FormState, action: CardAction, env: FormEnv): Transition {
  if (isActionOn("summary", action)) return pressOnSummary(definition, state, action, env);
  if (isActionOn("media", action)) return pressOnMedia(definition, state, action, env);
  if (isActionOn("options", action)) return pressOnOptions(definition, state, action, env);
  if (isActionOn("voicePicker", action)) return pressOnVoicePicker(definition, state, action, env);
  return pressOnCaptionEditor(state, action);
}

/** A form that takes no text now lets it go to the rest of the bot. */
function onText(
  definition: FormDefinition,
  state: FormState,
  event: Extract<FormEvent, { kind: "text" }>,
  env: FormEnv,
  lastText: FormState["lastText"],
): Transition {
  const { text, at } = event;
  if (lastText && at !== undefined && continuesText(lastText, at)) {
    const joined = nextTextPart(definition, state, lastText, { text, at }, env);
    if (joined) return joined;
  }
  const screen = state.screen;
  const asFormText = () => takeFormText(definition, state, text, env, { notice: "form-text-saved", at });
  switch (screen.name) {
    case "field":
      return rememberTextPart(
        definition,
        textOnField(definition, state, screen, text, env),
        screen.key,
        event,
      );
    case "captions":
    case "new-caption":
      return textOnCaptionEditor(state, screen, text);
    case "caption":
      return { state, pass: true };
    case "media":
      // Where the media are awaited, say again what to send.
      return asFormText() ?? withNotice(state, { key: `form-media-prompt-${definition.type}` });
    default:
      return asFormText() ?? { state, pass: true };
  }
}

function onMedia(
  definition: FormDefinition,
  state: FormState,
  event: Extract<FormEvent, { kind: "media" }>,
  env: FormEnv,
): Transition {
  const fileField =
    (state.screen.name === "field" ? fileFieldOn(definition, state.screen) : undefined) ??
    fileFieldTaking(definition, state, event.refs, env);
  const received = fileField
    ? receiveFile(definition, state, fileField, event)
    : receiveMedia(definition, state, event, env);
  const refused = received.state.notice !== undefined && !received.state.notice.info;
  // The words sent with the photos or clips are what the video says.
  if (!event.caption?.trim() || received.pass || refused) return received;
  return (
    takeFormText(definition, received.state, event.caption, env, { notice: "form-caption-saved" }) ?? received
  );
}
