/** A form between two updates, the events that move it and the effects it asks: rebuilt by replay. */
import type { Translate } from "../../i18n/translate.js";
import { type MediaRef, messageOrderIndex } from "../../media/media-ref.js";
import type { CaptionProperty } from "./caption-drafts.js";
import type { CardAction } from "./card-action.js";
import type { FormEnv, FormType, FormValues, FormView, RequestField } from "./form.js";

export type Screen =
  /** Every choice only with `details`, when they are many. */
  | { name: "summary"; details?: boolean }
  | { name: "media" }
  | { name: "group"; group: string }
  | { name: "field"; key: RequestField; page: number }
  | { name: "voice-languages"; page: number }
  | { name: "voices"; language: string; page: number }
  | { name: "captions" }
  | { name: "new-caption" }
  /** One caption, or the values of one of its properties. */
  | { name: "caption"; index: number; property?: CaptionProperty };

/** A line under the screen: what was wrong (the default), or only what happened (`info`). */
export type Notice = { key: string; params?: Record<string, string | number>; info?: boolean };

/** A notice in words: a `field` it names is a request field, shown by its label. */
export function noticeText(t: Translate, notice: Pick<Notice, "key" | "params">): string {
  const params = notice.params;
  if (typeof params?.field !== "string") return t(notice.key, params);
  return t(notice.key, { ...params, field: t(`field-${params.field}`) });
}

export interface FormState {
  type: FormType;
  values: FormValues;
  media: MediaRef[];
  screen: Screen;
  notice?: Notice;
  /** The user's last choices for the type and what the defaults and /settings would give instead. */
  lastChoices?: { last: FormValues; settings: FormValues };
  /** The text field the last event set, when it was a message: its next part may follow (text-parts.ts). */
  lastText?: { key: RequestField; at: number; length: number };
  /** The order the user chose, as indexes into `media` (kept as sent, so each file keeps its number). */
  mediaOrder?: number[];
  withoutGlossary?: boolean;
}

export type FormEvent =
  | { kind: "press"; action: CardAction }
  /** A text: a message (`at`, its date in seconds) or the content of a text file. */
  | { kind: "text"; text: string; at?: number }
  /** Files or links sent, what the checks before any download found, and the words sent with them. */
  | { kind: "media"; refs: MediaRef[]; problems: Notice[]; caption?: string };

export type FormEffect =
  | { kind: "create" }
  | { kind: "cancel" }
  | { kind: "preview"; provider: string; voice: string }
  /** Create was refused: the press itself says why, even where the card already did and does not change. */
  | { kind: "refused"; notice: Notice };

export interface Transition {
  state: FormState;
  effect?: FormEffect;
  /** The event was not for this form: let the rest of the bot handle it. */
  pass?: boolean;
}

export function moved(state: FormState, change: Partial<FormState>): Transition {
  return { state: { ...state, ...change } };
}

export function withNotice(state: FormState, notice: Notice): Transition {
  return moved(state, { notice });
}

export function mediaOrderOf(state: Pick<FormState, "media" | "mediaOrder">): number[] {
  const kept = (state.mediaOrder ?? []).filter(
    (index, position, order) =>
      Number.isInteger(index) &&
      index >= 0 &&
      index < state.media.length &&
      order.indexOf(index) === position,
  );
  const rest = state.media.map((_, index) => index).filter((index) => !kept.includes(index));
  return [...kept, ...rest];
}

/** The media with new files each in its message's place; a chosen order keeps its files, new ones after. */
export function withMediaAdded(
  state: Pick<FormState, "media" | "mediaOrder">,
  added: readonly MediaRef[],
): Pick<FormState, "media" | "mediaOrder"> {
  const media = [...state.media];
  let order = state.mediaOrder;
  for (const ref of added) {
    const at = messageOrderIndex(media, ref);
    media.splice(at, 0, ref);
    order = order?.map((index) => (index >= at ? index + 1 : index));
  }
  return { media, ...(order ? { mediaOrder: order } : {}) };
}

export function orderedMedia(state: Pick<FormState, "media" | "mediaOrder">): MediaRef[] {
  return mediaOrderOf(state).flatMap((index) => state.media[index] ?? []);
}

export function viewOf(state: FormState, env: FormEnv): FormView {
  const glossary = state.withoutGlossary ? undefined : env.glossary;
  return { values: state.values, media: orderedMedia(state), env, ...(glossary ? { glossary } : {}) };
}
