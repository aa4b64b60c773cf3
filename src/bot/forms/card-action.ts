/**
 * What a button on a form's message does, as one vocabulary: the screens build every button from a
 * CardAction and the reducer handles every kind. On the wire an action is a short code and its numbers
 * (fields, options, voices by index), far within Telegram's 64 bytes of callback data; decoding checks
 * every part, and a press that does not decode is treated as stale.
 */
import { z } from "zod";
import { CALLBACK_SCOPES, packCallback } from "../../telegram/callback-data.js";
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
  | { kind: "use-settings" };

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

/** Buttons of the voice picker: language, then provider, then voice. */
export type VoicePickerAction =
  | { kind: "voice-languages"; page: number }
  | { kind: "voice-language"; language: number }
  | { kind: "voice-provider"; provider: number }
  | { kind: "voice-page"; page: number }
  | { kind: "choose-voice"; voice: number }
  | { kind: "play-sample"; voice: number }
  /** The provider alone: the service picks its voice for the language. */
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

interface ActionCodec<A extends CardAction> {
  /** The action's name on the wire; short, since callback data is. */
  code: string;
  args(action: A): Array<string | number>;
  /** From the wire arguments after the code back to the action. */
  parse: z.ZodType<A>;
}

/** A position in a list: digits without a leading zero. */
const Index = z
  .string()
  .regex(/^(0|[1-9]\d{0,5})$/)
  .transform(Number);
const Property = z.enum(CAPTION_PROPERTIES);
const Flag = z.enum(CAPTION_FLAGS);

/** Every kind has its codec; the codes are those the first release put on its buttons. */
const CODECS: { [K in CardActionKind]: ActionCodec<CardActionOf<K>> } = {
  "show-summary": {
    code: "o",
    args: () => [],
    parse: z.tuple([]).transform(() => ({ kind: "show-summary" })),
  },
  create: { code: "c", args: () => [], parse: z.tuple([]).transform(() => ({ kind: "create" })) },
  cancel: { code: "x", args: () => [], parse: z.tuple([]).transform(() => ({ kind: "cancel" })) },
  "use-settings": {
    code: "S",
    args: () => [],
    parse: z.tuple([]).transform(() => ({ kind: "use-settings" })),
  },
  "add-media": { code: "M", args: () => [], parse: z.tuple([]).transform(() => ({ kind: "add-media" })) },
  "media-done": { code: "d", args: () => [], parse: z.tuple([]).transform(() => ({ kind: "media-done" })) },
  "swap-media": {
    code: "w",
    args: ({ index }) => [index],
    parse: z.tuple([Index]).transform(([index]) => ({ kind: "swap-media", index })),
  },
  "open-group": {
    code: "g",
    args: ({ group }) => [group],
    parse: z.tuple([Index]).transform(([group]) => ({ kind: "open-group", group })),
  },
  "open-field": {
    code: "f",
    // The first page is the default, and the shorter data.
    args: ({ field, page }) => (page === 0 ? [field] : [field, page]),
    parse: z
      .tuple([Index, Index.optional()])
      .transform(([field, page]) => ({ kind: "open-field", field, page: page ?? 0 })),
  },
  "choose-option": {
    code: "s",
    args: ({ field, option }) => [field, option],
    parse: z.tuple([Index, Index]).transform(([field, option]) => ({ kind: "choose-option", field, option })),
  },
  "flip-option": {
    code: "m",
    args: ({ field, option }) => [field, option],
    parse: z.tuple([Index, Index]).transform(([field, option]) => ({ kind: "flip-option", field, option })),
  },
  "reset-field": {
    code: "u",
    args: ({ field }) => [field],
    parse: z.tuple([Index]).transform(([field]) => ({ kind: "reset-field", field })),
  },
  "voice-languages": {
    code: "vl",
    args: ({ page }) => [page],
    parse: z.tuple([Index]).transform(([page]) => ({ kind: "voice-languages", page })),
  },
  "voice-language": {
    code: "vL",
    args: ({ language }) => [language],
    parse: z.tuple([Index]).transform(([language]) => ({ kind: "voice-language", language })),
  },
  "voice-provider": {
    code: "vp",
    args: ({ provider }) => [provider],
    parse: z.tuple([Index]).transform(([provider]) => ({ kind: "voice-provider", provider })),
  },
  "voice-page": {
    code: "vP",
    args: ({ page }) => [page],
    parse: z.tuple([Index]).transform(([page]) => ({ kind: "voice-page", page })),
  },
  "choose-voice": {
    code: "vv",
    args: ({ voice }) => [voice],
    parse: z.tuple([Index]).transform(([voice]) => ({ kind: "choose-voice", voice })),
  },
  "play-sample": {
    code: "vx",
    args: ({ voice }) => [voice],
    parse: z.tuple([Index]).transform(([voice]) => ({ kind: "play-sample", voice })),
  },
  "automatic-voice": {
    code: "va",
    args: () => [],
    parse: z.tuple([]).transform(() => ({ kind: "automatic-voice" })),
  },
  "new-caption": {
    code: "oa",
    args: () => [],
    parse: z.tuple([]).transform(() => ({ kind: "new-caption" })),
  },
  "open-caption": {
    code: "oi",
    args: ({ caption }) => [caption],
    parse: z.tuple([Index]).transform(([caption]) => ({ kind: "open-caption", caption })),
  },
  "caption-property": {
    code: "op",
    args: ({ caption, property }) => [caption, property],
    parse: z
      .tuple([Index, Property])
      .transform(([caption, property]) => ({ kind: "caption-property", caption, property })),
  },
  "set-caption-property": {
    code: "os",
    args: ({ caption, property, option }) => [caption, property, option],
    parse: z.tuple([Index, Property, Index]).transform(([caption, property, option]) => ({
      kind: "set-caption-property",
      caption,
      property,
      option,
    })),
  },
  "flip-caption-flag": {
    code: "ot",
    args: ({ caption, flag }) => [caption, flag],
    parse: z
      .tuple([Index, Flag])
      .transform(([caption, flag]) => ({ kind: "flip-caption-flag", caption, flag })),
  },
  "delete-caption": {
    code: "od",
    args: ({ caption }) => [caption],
    parse: z.tuple([Index]).transform(([caption]) => ({ kind: "delete-caption", caption })),
  },
};

const PARSERS_BY_CODE = new Map<string, z.ZodType<CardAction>>(
  Object.values(CODECS).map((codec) => [codec.code, codec.parse]),
);

function wireArgs<K extends CardActionKind>(action: CardActionOf<K> & { kind: K }): Array<string | number> {
  const codec: ActionCodec<CardActionOf<K>> = CODECS[action.kind];
  return [codec.code, ...codec.args(action)];
}

/** The callback data of a button of the form whose message carries `nonce`. */
export function encodeCardAction(nonce: string, action: CardAction): string {
  return packCallback(CALLBACK_SCOPES.form, nonce, wireArgs(action));
}

/** The action of a form button's callback arguments; undefined for anything this bot did not make. */
export function decodeCardAction(args: readonly string[]): CardAction | undefined {
  const [code, ...rest] = args;
  const parser = code === undefined ? undefined : PARSERS_BY_CODE.get(code);
  const parsed = parser?.safeParse(rest);
  return parsed?.success ? parsed.data : undefined;
}
