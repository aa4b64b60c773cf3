/** A form's buttons: a short code and numbers, within Telegram's 64 bytes; what does not decode is stale. */
import { z } from "zod";
import {
  CALLBACK_SCOPES,
  type CallbackShape,
  callbackInt,
  defineCallback,
  type Pressed,
} from "../../telegram/callback-data.js";
import { CAPTION_FLAGS, CAPTION_PROPERTIES } from "./caption-drafts.js";

/** The screens whose presses the reducer routes apart. */
type ScreenOf = "summary" | "media" | "options" | "voicePicker" | "captionEditor";

function cardButton<const K extends string, const S extends ScreenOf, Shape extends CallbackShape>(
  screen: S,
  kind: K,
  code: string,
  shape: Shape,
) {
  const button = defineCallback(CALLBACK_SCOPES.form, code, shape);
  return {
    screen,
    pack: button.pack,
    unpack(data: string | undefined) {
      const pressed = button.unpack(data);
      return pressed && { nonce: pressed.nonce, data: { ...pressed.data, kind } };
    },
  };
}

const property = z.enum(CAPTION_PROPERTIES);
const flag = z.enum(CAPTION_FLAGS);
const fieldOption = { field: callbackInt, option: callbackInt };
const caption = { caption: callbackInt };

/** Every kind has its button on one screen; the codes are those the first release put on its buttons. */
const CARD_BUTTONS = {
  "show-summary": cardButton("summary", "show-summary", "o", {}),
  create: cardButton("summary", "create", "c", {}),
  cancel: cardButton("summary", "cancel", "x", {}),
  // The values the last task of the type left go back to the defaults and /settings.
  "use-settings": cardButton("summary", "use-settings", "S", {}),
  "toggle-details": cardButton("summary", "toggle-details", "D", {}),
  "toggle-glossary": cardButton("summary", "toggle-glossary", "G", {}),
  "add-media": cardButton("media", "add-media", "M", {}),
  "media-done": cardButton("media", "media-done", "d", {}),
  // The file at this place in the order and the next one change places.
  "swap-media": cardButton("media", "swap-media", "w", { index: callbackInt }),
  "open-group": cardButton("options", "open-group", "g", { group: callbackInt }),
  // A toggle flips, the voice opens the voice picker, other fields their screen; page 0 is the shorter data.
  "open-field": cardButton("options", "open-field", "f", {
    field: callbackInt,
    page: callbackInt.default(0),
  }),
  "choose-option": cardButton("options", "choose-option", "s", fieldOption),
  "flip-option": cardButton("options", "flip-option", "m", fieldOption),
  "reset-field": cardButton("options", "reset-field", "u", { field: callbackInt }),
  "voice-languages": cardButton("voicePicker", "voice-languages", "vl", { page: callbackInt }),
  "voice-language": cardButton("voicePicker", "voice-language", "vL", { language: callbackInt }),
  "voice-page": cardButton("voicePicker", "voice-page", "vP", { page: callbackInt }),
  "choose-voice": cardButton("voicePicker", "choose-voice", "vv", { voice: callbackInt }),
  "play-sample": cardButton("voicePicker", "play-sample", "vx", { voice: callbackInt }),
  // Neither provider nor voice: the service picks both for the language.
  "automatic-voice": cardButton("voicePicker", "automatic-voice", "va", {}),
  "new-caption": cardButton("captionEditor", "new-caption", "oa", {}),
  "open-caption": cardButton("captionEditor", "open-caption", "oi", caption),
  "caption-property": cardButton("captionEditor", "caption-property", "op", { ...caption, property }),
  "set-caption-property": cardButton("captionEditor", "set-caption-property", "os", {
    ...caption,
    property,
    option: callbackInt,
  }),
  "flip-caption-flag": cardButton("captionEditor", "flip-caption-flag", "ot", { ...caption, flag }),
  "delete-caption": cardButton("captionEditor", "delete-caption", "od", caption),
};

export type CardActionKind = keyof typeof CARD_BUTTONS;
/** The fields a button carries, without the index signature zod gives a button that carries none. */
type Fields<T> = { [P in keyof T as string extends P ? never : P]: T[P] };
export type CardActionOf<K extends CardActionKind> = K extends CardActionKind
  ? { kind: K } & Fields<Parameters<(typeof CARD_BUTTONS)[K]["pack"]>[1]>
  : never;
export type CardAction = CardActionOf<CardActionKind>;
type ActionOn<S extends ScreenOf> = CardActionOf<
  { [K in CardActionKind]: (typeof CARD_BUTTONS)[K]["screen"] extends S ? K : never }[CardActionKind]
>;

export type SummaryAction = ActionOn<"summary">;
export type MediaAction = ActionOn<"media">;
export type OptionsAction = ActionOn<"options">;
export type VoicePickerAction = ActionOn<"voicePicker">;
export type CaptionEditorAction = ActionOn<"captionEditor">;

export function isActionOn<S extends ScreenOf>(screen: S, action: CardAction): action is ActionOn<S> {
  return CARD_BUTTONS[action.kind].screen === screen;
}

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
