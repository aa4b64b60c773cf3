/** What screens are drawn with; buttons carry the form's nonce, so an older message's press is known. */
import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../../../i18n/translate.js";
import { type CardAction, encodeCardAction } from "../card-action.js";
import { type FormDefinition, type FormEnv, formNameKey, mediaApplies, mediaMax } from "../form.js";
import { type FormState, viewOf } from "../form-state.js";
import { escapeHtml } from "./text.js";
import { mediaName } from "./value-labels.js";

export interface RenderedScreen {
  text: string;
  keyboard: InlineKeyboardButton[][];
}

export function rows(buttons: readonly InlineKeyboardButton[], perRow: number): InlineKeyboardButton[][] {
  const laid: InlineKeyboardButton[][] = [];
  for (let index = 0; index < buttons.length; index += perRow)
    laid.push(buttons.slice(index, index + perRow));
  return laid;
}

export class ScreenContext {
  constructor(
    readonly definition: FormDefinition,
    readonly env: FormEnv,
    readonly t: Translate,
    private readonly nonce: string,
  ) {}

  button(text: string, action: CardAction): InlineKeyboardButton {
    return { text, callback_data: encodeCardAction(this.nonce, action) };
  }

  backRow(action: CardAction = { kind: "show-summary" }): InlineKeyboardButton[] {
    return [this.button(this.t("button-back"), action)];
  }

  /** Back to a group; to the summary on a form without groups. */
  backToGroup(name: string | undefined): InlineKeyboardButton[] {
    const group = name === undefined ? -1 : this.definition.groups.indexOf(name);
    return group >= 0 ? this.backRow({ kind: "open-group", group }) : this.backRow();
  }

  /** ◀️ and ▶️ to the neighbouring pages of a list, when there are any. */
  pager(
    total: number,
    size: number,
    page: number,
    toPage: (page: number) => CardAction,
  ): InlineKeyboardButton[][] {
    const row: InlineKeyboardButton[] = [];
    if (page > 0) row.push(this.button("◀️", toPage(page - 1)));
    if ((page + 1) * size < total) row.push(this.button("▶️", toPage(page + 1)));
    return row.length > 0 ? [row] : [];
  }

  /** The task's name in bold, and under it the media: their count, or the one file's name. */
  title(state: FormState): string {
    const name = this.t(formNameKey(this.definition.type));
    const rule = this.definition.media;
    if (!rule || !mediaApplies(this.definition, state.values) || state.media.length === 0)
      return `<b>${name}</b>`;
    const max = mediaMax(rule, viewOf(state, this.env));
    const media =
      max > 1
        ? this.t("form-media-count", { count: state.media.length, max })
        : state.media.map((ref) => mediaName(ref, this.t)).join(", ");
    return `<b>${name}</b>\n${escapeHtml(media)}`;
  }
}
