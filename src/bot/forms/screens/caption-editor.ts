/** The caption editor; captions built here replace those written as code (text_overlays_raw). */
import type { InlineKeyboardButton } from "grammy/types";
import { MAX_OVERLAY_TEXT_LENGTH, MAX_TEXT_OVERLAYS } from "../../../tasks-service/schemas/common.js";
import { type TextOverlay, TextOverlaySchema } from "../../../tasks-service/schemas/video.js";
import { CAPTION_FLAGS, CAPTION_PROPERTIES, CAPTION_PROPERTY_VALUES, captionsIn } from "../caption-drafts.js";
import type { CaptionEditorAction, CardAction } from "../card-action.js";
import type { FormDefinition, FormValues } from "../form.js";
import { type FormState, moved, type Screen, type Transition, withNotice } from "../form-state.js";
import { type RenderedScreen, rows, type ScreenContext } from "./screen-context.js";
import { clip, escapeHtml, hintHtml } from "./text.js";

const CHOICES_PER_ROW = 3;
/** "Sale today | 1-4", "Sale | 2.5-" or "Sale | 2.5-end": start and end in seconds, the end optional. */
const TIMES_PATTERN = /^(\d+(?:[.,]\d+)?)\s*-\s*(\d+(?:[.,]\d+)?|end)?$/;

function withCaptions(values: FormValues, captions: TextOverlay[]): FormValues {
  const next: FormValues = { ...values, text_overlays: captions };
  if (captions.length === 0) delete next.text_overlays;
  return next;
}

function seconds(text: string | undefined): number {
  return Number(text?.replace(",", "."));
}

export function pressOnCaptionEditor(state: FormState, action: CaptionEditorAction): Transition {
  switch (action.kind) {
    case "new-caption":
      if (captionsIn(state.values).length >= MAX_TEXT_OVERLAYS)
        return withNotice(state, { key: "form-overlay-full", params: { max: MAX_TEXT_OVERLAYS } });
      return moved(state, { screen: { name: "new-caption" } });
    case "open-caption":
      return moved(state, { screen: { name: "caption", index: action.caption } });
    case "caption-property":
      return moved(state, { screen: { name: "caption", index: action.caption, property: action.property } });
  }
  const index = action.caption;
  const captions = captionsIn(state.values);
  const current = captions[index];
  if (!current) return { state };
  if (action.kind === "delete-caption") captions.splice(index, 1);
  else if (action.kind === "flip-caption-flag")
    captions[index] = { ...current, [action.flag]: current[action.flag] !== true };
  else {
    const value = CAPTION_PROPERTY_VALUES[action.property][action.option];
    const edited = value && TextOverlaySchema.safeParse({ ...current, [action.property]: value });
    if (!edited?.success) return { state };
    captions[index] = edited.data;
  }
  const screen: Screen = action.kind === "delete-caption" ? { name: "captions" } : { name: "caption", index };
  return moved(state, { values: withCaptions(state.values, captions), screen });
}

export function textOnCaptionEditor(
  state: FormState,
  screen: Extract<Screen, { name: "captions" | "new-caption" }>,
  text: string,
): Transition {
  if (screen.name === "captions") return withNotice(state, { key: "form-use-buttons" });
  const captions = captionsIn(state.values);
  const [words = "", times] = text.split("|").map((part) => part.trim());
  if (words === "" || words.length > MAX_OVERLAY_TEXT_LENGTH) {
    return withNotice(state, { key: "form-overlay-text", params: { max: MAX_OVERLAY_TEXT_LENGTH } });
  }
  const caption: TextOverlay = { text: words };
  if (times) {
    const match = TIMES_PATTERN.exec(times);
    if (!match) return withNotice(state, { key: "form-overlay-times" });
    const start = seconds(match[1]);
    caption.start = start;
    if (match[2] !== undefined && match[2] !== "end") {
      const end = seconds(match[2]);
      if (end <= start) return withNotice(state, { key: "form-overlay-times" });
      caption.end = end;
    }
  }
  const values = withCaptions(state.values, [...captions, caption]);
  delete values.text_overlays_raw;
  return moved(state, { values, screen: { name: "caption", index: captions.length } });
}

function toCaptionList(definition: FormDefinition): CardAction {
  const field = definition.fields.findIndex((candidate) => candidate.input.kind === "overlays");
  return field >= 0 ? { kind: "open-field", field, page: 0 } : { kind: "show-summary" };
}

export function renderCaptions(context: ScreenContext, state: FormState): RenderedScreen {
  const { definition, t } = context;
  const keyboard = captionsIn(state.values).map((caption, index) => [
    context.button(`${index + 1}. ${clip(caption.text, 30)}`, { kind: "open-caption", caption: index }),
  ]);
  keyboard.push([context.button(t("form-overlay-add"), { kind: "new-caption" })]);
  const field = definition.fields.find((candidate) => candidate.input.kind === "overlays");
  keyboard.push(context.backToGroup(field?.group));
  return {
    text: `${context.title(state)}\n\n<b>${t("field-text_overlays")}</b>\n${hintHtml(t("hint-text_overlays"))}`,
    keyboard,
  };
}

export function renderNewCaption(context: ScreenContext): RenderedScreen {
  return {
    text: context.t("form-overlay-type"),
    keyboard: [context.backRow(toCaptionList(context.definition))],
  };
}

export function renderCaption(
  context: ScreenContext,
  state: FormState,
  screen: Extract<Screen, { name: "caption" }>,
): RenderedScreen {
  const { t } = context;
  const { index, property } = screen;
  const caption = captionsIn(state.values)[index];
  if (!caption) return renderCaptions(context, state);
  const keyboard: InlineKeyboardButton[][] = [];
  if (property) {
    const choices: readonly string[] = CAPTION_PROPERTY_VALUES[property];
    const buttons = choices.map((choice, option) => {
      const mark = caption[property] === choice ? "• " : "";
      const label = `${mark}${t(`label-overlay-${property}-${choice}`)}`;
      return context.button(label, { kind: "set-caption-property", caption: index, property, option });
    });
    keyboard.push(...rows(buttons, CHOICES_PER_ROW));
    keyboard.push(context.backRow({ kind: "open-caption", caption: index }));
    return { text: `${escapeHtml(caption.text)}\n\n${t(`overlay-${property}`)}`, keyboard };
  }
  keyboard.push(
    CAPTION_PROPERTIES.map((name) => {
      // Unset, the service's default.
      const label = `${t(`overlay-${name}`)}: ${t(`label-overlay-${name}-${caption[name] ?? "unset"}`)}`;
      return context.button(label, { kind: "caption-property", caption: index, property: name });
    }),
  );
  keyboard.push(
    CAPTION_FLAGS.map((flag) => {
      const label = `${caption[flag] === true ? "☑️" : "▫️"} ${t(`overlay-${flag}`)}`;
      return context.button(label, { kind: "flip-caption-flag", caption: index, flag });
    }),
  );
  keyboard.push([context.button(t("form-overlay-delete"), { kind: "delete-caption", caption: index })]);
  keyboard.push(context.backRow(toCaptionList(context.definition)));
  const { start, end } = caption;
  const times =
    start == null
      ? ""
      : end == null
        ? t("label-caption-from", { start })
        : t("label-caption-times", { start, end });
  return { text: `${escapeHtml(caption.text)}${times && ` (${times})`}`, keyboard };
}
