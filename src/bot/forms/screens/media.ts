/** A form's media: several are taken on any screen (an album is an update each) until Done. */
import type { InlineKeyboardButton } from "grammy/types";
import { mediaClassOf } from "../../../media/accept.js";
import { mediaIdentity } from "../../../media/media-ref.js";
import type { MediaAction } from "../card-action.js";
import { applies, type FormDefinition, type FormEnv, mediaApplies, mediaMax } from "../form.js";
import {
  type FormEvent,
  type FormState,
  mediaOrderOf,
  moved,
  type Transition,
  viewOf,
  withMediaAdded,
  withNotice,
} from "../form-state.js";
import { firstScreen, needsMedia } from "../navigation.js";
import type { RenderedScreen, ScreenContext } from "./screen-context.js";
import { escapeHtml } from "./text.js";
import { fieldLine } from "./value-labels.js";

export function pressOnMedia(
  definition: FormDefinition,
  state: FormState,
  action: MediaAction,
  env: FormEnv,
): Transition {
  switch (action.kind) {
    case "add-media":
      return moved(state, { screen: { name: "media" } });
    case "media-done":
      if (needsMedia(definition, state))
        return withNotice(state, { key: "form-media-needed", params: { min: definition.media?.min ?? 1 } });
      return moved(state, { screen: firstScreen(definition, state, env) });
    case "swap-media": {
      const order = mediaOrderOf(state);
      const first = order[action.index];
      const second = order[action.index + 1];
      if (!definition.media?.reorder || first === undefined || second === undefined) return { state };
      order.splice(action.index, 2, second, first);
      return moved(state, { mediaOrder: order, screen: { name: "summary" } });
    }
  }
}

/** Media sent outside a file field, when the form takes them now. */
export function receiveMedia(
  definition: FormDefinition,
  state: FormState,
  event: Extract<FormEvent, { kind: "media" }>,
  env: FormEnv,
): Transition {
  const rule = definition.media;
  if (!rule || !mediaApplies(definition, state.values)) return { state, pass: true };
  const max = mediaMax(rule, viewOf(state, env));
  // A form still without its media takes them on any screen: the card asks for them.
  const acceptsMore = max > 1 || state.screen.name === "media" || needsMedia(definition, state);
  if (!acceptsMore) return { state, pass: true };
  if (event.problems[0]) return withNotice(state, event.problems[0]);
  const wrong = event.refs.find((ref) => {
    const mediaClass = mediaClassOf(ref);
    return mediaClass !== undefined && !rule.accepts.includes(mediaClass);
  });
  if (wrong) return withNotice(state, { key: `form-media-wrong-${definition.type}` });
  const known = new Set(state.media.map(mediaIdentity));
  const fresh = event.refs.filter((ref) => !known.has(mediaIdentity(ref)));
  const added = max === 1 ? { media: fresh.slice(-1) } : withMediaAdded(state, fresh);
  const media = added.media;
  if (media.length > max) {
    const key = rule.tooManyKey ?? "media-error-too_many_media";
    return withNotice(state, { key, params: { max, count: media.length } });
  }
  const next: FormState = { ...state, ...added };
  // One file goes straight on, its name on the card; several are counted as they come.
  if (max === 1) return moved(next, { screen: firstScreen(definition, next, env) });
  return moved(next, {
    notice: { key: "form-media-count", params: { count: media.length, max }, info: true },
  });
}

export function renderMediaScreen(context: ScreenContext, state: FormState): RenderedScreen {
  const { definition, t } = context;
  const rule = definition.media;
  const prompt = definition.mediaPrompt?.(state.values) ?? `form-media-prompt-${definition.type}`;
  const lines = [context.title(state), "", t(prompt)];
  // A text given before the media (a voiceover typed first) is shown while they are awaited.
  const view = viewOf(state, context.env);
  const texts = definition.fields.filter(
    (field) =>
      field.input.kind === "text" && applies(field, view) && typeof state.values[field.key] === "string",
  );
  if (texts.length > 0)
    lines.push("", ...texts.map((field) => escapeHtml(fieldLine(field, state.values, context.env, t))));
  const keyboard: InlineKeyboardButton[][] = [];
  if (rule && mediaMax(rule, view) > 1 && state.media.length > 0) {
    keyboard.push([
      context.button(t("form-media-done", { count: state.media.length }), { kind: "media-done" }),
    ]);
  }
  keyboard.push([context.button(t("button-cancel"), { kind: "cancel" })]);
  return { text: lines.join("\n"), keyboard };
}
