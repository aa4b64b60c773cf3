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
  callbackInt,
  defineCallback,
  type Pressed,
} from "../../telegram/callback-data.js";
import { CAPTION_FLAGS, CAPTION_PROPERTIES } from "./caption-drafts.js";

function cardButton<const K extends string, S extends CallbackShape>(kind: K, code: string, shape: S) {
  const button = defineCallback(CALLBACK_SCOPES.form, code, shape);
  return {
    pack: button.pack,
    unpack(data: string | undefined) {
      const pressed = button.unpack(data);
      return pressed && { nonce: pressed.nonce, data: { ...pressed.data, kind } };
    },
  };
}

const property = z.enum(CAPTION_PROPERTIES);
const flag = z.enum(CAPTION_FLAGS);

/** Every kind has its button; the codes are those the first release put on its buttons. */
const CARD_BUTTONS = {
  "show-summary": cardButton("show-summary", "o", {}),
  create: cardButton("create", "c", {}),
  cancel: cardButton("cancel", "x", {}),
  // The values the last task of the type left go back to the defaults and /settings.
  "use-settings": cardButton("use-settings", "S", {}),
  // The card's every line, or back to the short card.
  "toggle-details": cardButton("toggle-details", "D", {}),
  // The user's glossary left out of this request, or back in.
  "toggle-glossary": cardButton("toggle-glossary", "G", {}),
  "add-media": cardButton("add-media", "M", {}),
  "media-done": cardButton("media-done", "d", {}),
  // The file at this place in the order and the next one change places.
  "swap-media": cardButton("swap-media", "w", { index: callbackInt }),
  "open-group": cardButton("open-group", "g", { group: callbackInt }),
  // A toggle flips, the voice opens the voice picker, other fields their screen. The first page is the
  // default, and the shorter data.
  "open-field": cardButton("open-field", "f", { field: callbackInt, page: callbackInt.default(0) }),
  "choose-option": cardButton("choose-option", "s", { field: callbackInt, option: callbackInt }),
  // Adds or removes one option of a field that takes several.
  "flip-option": cardButton("flip-option", "m", { field: callbackInt, option: callbackInt }),
  "reset-field": cardButton("reset-field", "u", { field: callbackInt }),
  "voice-languages": cardButton("voice-languages", "vl", { page: callbackInt }),
  "voice-language": cardButton("voice-language", "vL", { language: callbackInt }),
  "voice-page": cardButton("voice-page", "vP", { page: callbackInt }),
  "choose-voice": cardButton("choose-voice", "vv", { voice: callbackInt }),
  "play-sample": cardButton("play-sample", "vx", { voice: callbackInt }),
  // Neither provider nor voice: the service picks both for the language.
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

export type CardActionKind = keyof typeof CARD_BUTTONS;
/** The fields a button carries, without the index signature zod gives a button that carries none. */
type Fields<T> = { [P in keyof T as string extends P ? never : P]: T[P] };
export type CardActionOf<K extends CardActionKind> = K extends CardActionKind
  ? { kind: K } & Fields<Parameters<(typeof CARD_BUTTONS)[K]["pack"]>[1]>
  : never;
export type CardAction = CardActionOf<CardActionKind>;

/** The kinds of each screen's buttons, so that a press goes to the screen its button is on. */
export const SCREEN_ACTIONS = {
  summary: ["show-summary", "create", "cancel", "use-settings", "toggle-details", "toggle-glossary"],
  media: ["add-media", "media-done", "swap-media"],
  options: ["open-group", "open-field", "choose-option", "flip-option", "reset-field"],
  voicePicker: [
    "voice-languages",
    "voice-language",
    "voice-page",
    "choose-voice",
    "play-sample",
    "automatic-voice",
  ],
  captionEditor: [
    "new-caption",
    "open-caption",
    "caption-property",
    "set-caption-property",
    "flip-caption-flag",
    "delete-caption",
  ],
} as const satisfies Record<string, readonly CardActionKind[]>;
type ScreenOf = keyof typeof SCREEN_ACTIONS;
type ActionOn<S extends ScreenOf> = CardActionOf<(typeof SCREEN_ACTIONS)[S][number]>;

export type SummaryAction = ActionOn<"summary">;
export type MediaAction = ActionOn<"media">;
export type OptionsAction = ActionOn<"options">;
export type VoicePickerAction = ActionOn<"voicePicker">;
export type CaptionEditorAction = ActionOn<"captionEditor">;

export function isActionOn<S extends ScreenOf>(screen: S, action: CardAction): action is ActionOn<S> {
  return (SCREEN_ACTIONS[screen] as readonly string[]).includes(action.kind);
}

/** The callback data of a button of the form whose message carries `nonce`. */
export function encodeCardAction(nonce: string, action: CardAction): string {
  const button: { pack(nonce: string, fields: object): string } = CARD_BUTTONS[action.kind];
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
