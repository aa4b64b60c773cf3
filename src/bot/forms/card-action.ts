/**
 * What a button on a form's message does, as one vocabulary: the screens build every button from a
 * CardAction and the reducer handles every kind. On the wire an action is a short code and its numbers
 * (fields, options, voices by index), far within Telegram's 64 bytes of callback data: one typed
 * callback per kind. Decoding checks every part, and a press that does not decode is treated as stale.
 */
import { z } from "zod";
import {
  CALLBACK_SCOPES,
  type CallbackShape,
  type CallbackValues,
  callbackInt,
  defineCallback,
  type Pressed,
} from "../../telegram/callback-data.js";
import {
  CAPTION_FLAGS,
  CAPTION_PROPERTIES,
  type CaptionFlag,
  type CaptionProperty,
} from "./caption-drafts.js";

/** Buttons of the summary card, and Back to it from anywhere. */
export type SummaryAction =
  | { kind: "show-summary" }
  | { kind: "create" }
  | { kind: "cancel" }
  /** The values the last task of the type left go back to the defaults and /settings. */
  | { kind: "use-settings" }
  /** The card's every line, or back to the short card. */
  | { kind: "toggle-details" }
  /** The user's glossary left out of this request, or back in. */
  | { kind: "toggle-glossary" };

/** Buttons of the media screen (and the summary's way to it). */
export type MediaAction =
  | { kind: "add-media" }
  | { kind: "media-done" }
  /** The file at this place in the order and the next one change places. */
  | { kind: "swap-media"; index: number };

/** Buttons of the option pickers: a group's fields, a field's options. */
export type OptionsAction =
  | { kind: "open-group"; group: number }
  /** A field's button: a toggle flips, the voice opens the voice picker, other fields their screen. */
  | { kind: "open-field"; field: number; page: number }
  | { kind: "choose-option"; field: number; option: number }
  /** Adds or removes one option of a field that takes several. */
  | { kind: "flip-option"; field: number; option: number }
  | { kind: "reset-field"; field: number };

/** Buttons of the voice picker: a language's voices (by their place in its list), or another language. */
export type VoicePickerAction =
  | { kind: "voice-languages"; page: number }
  | { kind: "voice-language"; language: number }
  | { kind: "voice-page"; page: number }
  | { kind: "choose-voice"; voice: number }
  | { kind: "play-sample"; voice: number }
  /** Neither provider nor voice: the service picks both for the language. */
  | { kind: "automatic-voice" };

/** Buttons of the caption editor. */
export type CaptionEditorAction =
  | { kind: "new-caption" }
  | { kind: "open-caption"; caption: number }
  | { kind: "caption-property"; caption: number; property: CaptionProperty }
  | { kind: "set-caption-property"; caption: number; property: CaptionProperty; option: number }
  | { kind: "flip-caption-flag"; caption: number; flag: CaptionFlag }
  | { kind: "delete-caption"; caption: number };

export type CardAction =
  | SummaryAction
  | MediaAction
  | OptionsAction
  | VoicePickerAction
  | CaptionEditorAction;

export type CardActionKind = CardAction["kind"];
export type CardActionOf<K extends CardActionKind> = Extract<CardAction, { kind: K }>;

/** One kind's button: its action back with its kind, from fields of the wire. */
interface CardButton<A extends CardAction> {
  pack(nonce: string, fields: Omit<A, "kind">): string;
  unpack(data: string | undefined): Pressed<A> | undefined;
}

function cardButton<const K extends CardActionKind, S extends CallbackShape>(
  kind: K,
  code: string,
  shape: S,
) {
  const button = defineCallback(CALLBACK_SCOPES.form, code, shape);
  return {
    pack: (nonce: string, fields: CallbackValues<S>) => button.pack(nonce, fields),
    unpack(data: string | undefined) {
      const pressed = button.unpack(data);
      return pressed && { nonce: pressed.nonce, data: { ...pressed.data, kind } };
    },
  };
}

const property = z.enum(CAPTION_PROPERTIES);
const flag = z.enum(CAPTION_FLAGS);

/** Every kind has its button; the codes are those the first release put on its buttons. */
const CARD_BUTTONS: { [K in CardActionKind]: CardButton<CardActionOf<K>> } = {
  "show-summary": cardButton("show-summary", "o", {}),
  create: cardButton("create", "c", {}),
  cancel: cardButton("cancel", "x", {}),
  "use-settings": cardButton("use-settings", "S", {}),
  "toggle-details": cardButton("toggle-details", "D", {}),
  "toggle-glossary": cardButton("toggle-glossary", "G", {}),
  "add-media": cardButton("add-media", "M", {}),
  "media-done": cardButton("media-done", "d", {}),
  "swap-media": cardButton("swap-media", "w", { index: callbackInt }),
  "open-group": cardButton("open-group", "g", { group: callbackInt }),
  // The first page is the default, and the shorter data.
  "open-field": cardButton("open-field", "f", { field: callbackInt, page: callbackInt.default(0) }),
  "choose-option": cardButton("choose-option", "s", { field: callbackInt, option: callbackInt }),
  "flip-option": cardButton("flip-option", "m", { field: callbackInt, option: callbackInt }),
  "reset-field": cardButton("reset-field", "u", { field: callbackInt }),
  "voice-languages": cardButton("voice-languages", "vl", { page: callbackInt }),
  "voice-language": cardButton("voice-language", "vL", { language: callbackInt }),
  "voice-page": cardButton("voice-page", "vP", { page: callbackInt }),
  "choose-voice": cardButton("choose-voice", "vv", { voice: callbackInt }),
  "play-sample": cardButton("play-sample", "vx", { voice: callbackInt }),
  "automatic-voice": cardButton("automatic-voice", "va", {}),
  "new-caption": cardButton("new-caption", "oa", {}),
  "open-caption": cardButton("open-caption", "oi", { caption: callbackInt }),
  "caption-property": cardButton("caption-property", "op", { caption: callbackInt, property }),
  "set-caption-property": cardButton("set-caption-property", "os", {
    caption: callbackInt,
    property,
    option: callbackInt,
  }),
  "flip-caption-flag": cardButton("flip-caption-flag", "ot", { caption: callbackInt, flag }),
  "delete-caption": cardButton("delete-caption", "od", { caption: callbackInt }),
};

/** The callback data of a button of the form whose message carries `nonce`. */
export function encodeCardAction<K extends CardActionKind>(
  nonce: string,
  action: CardActionOf<K> & { kind: K },
): string {
  const button: CardButton<CardActionOf<K>> = CARD_BUTTONS[action.kind];
  return button.pack(nonce, action);
}

/** The nonce and action of a form button's callback data; undefined for anything this bot did not make. */
export function decodeCardAction(data: string | undefined): Pressed<CardAction> | undefined {
  for (const button of Object.values(CARD_BUTTONS)) {
    const pressed = button.unpack(data);
    if (pressed) return pressed;
  }
  return undefined;
}
