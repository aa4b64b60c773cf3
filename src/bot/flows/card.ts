/**
 * What a form looks like in the chat: one message, edited in place. The card lists the choices, the
 * cost estimate and the balance; other screens list a group's fields or one field's options. Buttons
 * carry `fm:<nonce>:<action>:<args>` with fields and options by index, far within Telegram's 64 bytes.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { languageName, providerById, providersFor, voicesFor } from "../../catalog/index.js";
import type { Translate } from "../../i18n/translate.js";
import type { MediaRef } from "../../media/media-ref.js";
import {
  CAPTION_FLAGS,
  CAPTION_PROPERTIES,
  CAPTION_PROPERTY_VALUES,
  type CaptionProperty,
} from "./caption-drafts.js";
import { type CardAction, encodeCardAction } from "./card-action.js";
import { estimateCost } from "./estimate.js";
import {
  applies,
  type FormDefinition,
  type FormEnv,
  type FormField,
  mediaApplies,
  type RequestField,
} from "./form.js";
import { validateForm } from "./request.js";
import { type FormState, PAGE_SIZE, VOICE_PAGE_SIZE, viewOf } from "./state.js";

export interface RenderedScreen {
  text: string;
  keyboard: InlineKeyboardButton[][];
}

const LANGUAGE_FIELDS = new Set(["language", "target_lang", "source_lang", "translate_to", "sub_lang"]);
const SHORT_TEXT = 60;

function clip(text: string, max = SHORT_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function mediaName(ref: MediaRef, t: Translate): string {
  if (ref.source === "link") return clip(ref.url, 40);
  return ref.fileName ?? t(`intake-count-${ref.kind}`, { count: 1 });
}

export function valueLabel(field: FormField, value: unknown, env: FormEnv, t: Translate): string {
  if (field.input.kind === "voice") return voiceLabel(value, env, t);
  if (field.input.kind === "toggle") return t(value === true ? "value-on" : "value-off");
  if (value === undefined || value === null || (typeof value === "string" && value === "")) {
    return LANGUAGE_FIELDS.has(field.key) ? t("value-auto") : t("value-none");
  }
  if (typeof value === "boolean") return t(value ? "value-on" : "value-off");
  if (LANGUAGE_FIELDS.has(field.key) && typeof value === "string") {
    if (value === "auto") return t("value-auto");
    if (field.key === "sub_lang" && ["dubbed", "original", "none"].includes(value))
      return t(`value-sub-lang-${value}`);
    return `${languageName(value, env.locale)} (${value})`;
  }
  if (field.key === "bgm_track" && typeof value === "string") {
    return env.catalog.musicTracks.find((track) => track.file === value)?.style ?? value;
  }
  if (field.key === "max_clips" && value === 0) return t("value-auto");
  if (field.input.kind === "file" && typeof value === "object") return mediaName(value as MediaRef, t);
  if (field.input.kind === "overlays" && Array.isArray(value))
    return t("form-overlay-count", { count: value.length });
  if (Array.isArray(value)) return value.length === 0 ? t("value-none") : clip(value.join(", "));
  if (typeof value === "string") return clip(value);
  return String(value);
}

function voiceLabel(value: unknown, env: FormEnv, t: Translate): string {
  const voice = env.catalog.voices.find((entry) => entry.id === value);
  return voice ? voice.name : t("value-auto");
}

function providerLabel(env: FormEnv, id: unknown): string | undefined {
  return typeof id === "string" ? providerById(env.catalog, id)?.label : undefined;
}

function fieldLine(field: FormField, state: FormState, env: FormEnv, t: Translate): string {
  const value = field.input.kind === "voice" ? state.values.tts_voice : state.values[field.key];
  let label = valueLabel(field, value, env, t);
  if (field.input.kind === "voice") {
    const provider = providerLabel(env, state.values.tts_provider);
    if (provider) label = `${label} · ${provider}`;
  }
  return `${t(`field-${field.key}`)}: ${label}`;
}

function isShown(field: FormField, state: FormState): boolean {
  if (field.input.kind === "voice")
    return state.values.tts_provider !== undefined || state.values.tts_voice !== undefined;
  const value = state.values[field.key];
  if (value === undefined || value === null || value === "") return false;
  return !(Array.isArray(value) && value.length === 0);
}

export class CardRenderer {
  constructor(
    private readonly definition: FormDefinition,
    private readonly env: FormEnv,
    private readonly t: Translate,
    private readonly nonce: string,
  ) {}

  private button(text: string, action: CardAction): InlineKeyboardButton {
    return { text, callback_data: encodeCardAction(this.nonce, action) };
  }

  private backRow(action: CardAction = { kind: "show-summary" }): InlineKeyboardButton[] {
    return [this.button(this.t("button-back"), action)];
  }

  render(state: FormState): RenderedScreen {
    const screen = state.screen;
    const rendered = (() => {
      switch (screen.name) {
        case "card":
          return this.card(state);
        case "media":
          return this.media(state);
        case "group":
          return this.group(state, screen.group);
        case "field":
          return this.field(state, screen.key, screen.page);
        case "voice-language":
          return this.voiceLanguages(screen.page);
        case "voice-provider":
          return this.voiceProviders(screen.language);
        case "voice-list":
          return this.voiceList(state, screen.language, screen.provider, screen.page);
        case "overlay":
          return this.overlay(state, screen.index, screen.property);
      }
    })();
    if (state.notice) {
      rendered.text = `${rendered.text}\n\n⚠️ ${this.t(state.notice.key, state.notice.params)}`;
    }
    return rendered;
  }

  private title(state: FormState): string {
    const name = this.t(`task-${this.definition.type}-name`);
    const rule = this.definition.media;
    if (!rule || !mediaApplies(this.definition, state.values) || state.media.length === 0)
      return `<b>${name}</b>`;
    const media =
      rule.max > 1
        ? this.t("form-media-count", { count: state.media.length, max: rule.max })
        : state.media.map((ref) => mediaName(ref, this.t)).join(", ");
    return `<b>${name}</b>\n${escapeHtml(media)}`;
  }

  private card(state: FormState): RenderedScreen {
    const view = viewOf(state, this.env);
    const lines = [this.title(state), ""];
    // The card lists what is chosen; what is unset is one tap away in its group.
    for (const field of this.definition.fields) {
      if (!applies(field, view) || !isShown(field, state)) continue;
      lines.push(escapeHtml(fieldLine(field, state, this.env, this.t)));
    }
    for (const insight of this.definition.insight?.(view) ?? [])
      lines.push(escapeHtml(this.t(insight.key, insight.params)));
    lines.push("", this.costLine(state));
    const balance = this.balanceLine();
    if (balance) lines.push(balance);
    const issue = validateForm(this.definition, view)[0];
    if (issue && !state.notice) lines.push("", `⚠️ ${escapeHtml(this.t(issue.key, issue.params))}`);
    const keyboard: InlineKeyboardButton[][] = [];
    const groups = this.definition.groups.map((group, index) =>
      this.button(this.t(`form-group-${group}`), { kind: "open-group", group: index }),
    );
    for (let index = 0; index < groups.length; index += 2) keyboard.push(groups.slice(index, index + 2));
    const rule = this.definition.media;
    if (rule && rule.max > 1 && mediaApplies(this.definition, state.values)) {
      keyboard.push([this.button(this.t("form-media-add"), { kind: "add-media" })]);
    }
    keyboard.push([
      this.button(this.t("form-create"), { kind: "create" }),
      this.button(this.t("button-cancel"), { kind: "cancel" }),
    ]);
    return { text: lines.join("\n"), keyboard };
  }

  private costLine(state: FormState): string {
    const estimate = estimateCost(this.definition, viewOf(state, this.env));
    if (!estimate) return this.t("form-cost-plan");
    const key = estimate.perMinute
      ? "form-cost-per-minute"
      : estimate.atLeast
        ? "form-cost-at-least"
        : "form-cost";
    return this.t(key, { tokens: estimate.tokens });
  }

  private balanceLine(): string | undefined {
    const account = this.env.account;
    if (account?.balance !== undefined) return this.t("form-balance", { tokens: account.balance });
    if (account?.tariff !== undefined) return this.t("form-tariff", { tariff: account.tariff });
    return undefined;
  }

  private media(state: FormState): RenderedScreen {
    const rule = this.definition.media;
    const lines = [this.title(state), "", this.t(`form-media-prompt-${this.definition.type}`)];
    const keyboard: InlineKeyboardButton[][] = [];
    if (rule && rule.max > 1 && state.media.length > 0) {
      keyboard.push([
        this.button(this.t("form-media-done", { count: state.media.length }), { kind: "media-done" }),
      ]);
    }
    keyboard.push([this.button(this.t("button-cancel"), { kind: "cancel" })]);
    return { text: lines.join("\n"), keyboard };
  }

  private group(state: FormState, group: string): RenderedScreen {
    const view = viewOf(state, this.env);
    const keyboard: InlineKeyboardButton[][] = [];
    this.definition.fields.forEach((field, index) => {
      if (field.group !== group || !applies(field, view)) return;
      keyboard.push([
        this.button(fieldLine(field, state, this.env, this.t), { kind: "open-field", field: index, page: 0 }),
      ]);
    });
    keyboard.push(this.backRow());
    return { text: `${this.title(state)}\n\n${this.t(`form-group-${group}`)}`, keyboard };
  }

  private field(state: FormState, key: RequestField, page: number): RenderedScreen {
    const index = this.definition.fields.findIndex((field) => field.key === key);
    const field = this.definition.fields[index];
    if (!field) return this.card(state);
    const view = viewOf(state, this.env);
    const current = state.values[key];
    const lines = [
      this.title(state),
      "",
      `<b>${this.t(`field-${key}`)}</b>`,
      escapeHtml(this.t(`hint-${key}`)),
    ];
    const keyboard: InlineKeyboardButton[][] = [];
    const input = field.input;
    if (input.kind === "choice") {
      const all = input.options(view);
      const shown = all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
      const row: InlineKeyboardButton[] = [];
      shown.forEach((option, offset) => {
        const label = option.label ?? valueLabel(field, option.value, this.env, this.t);
        const mark = JSON.stringify(option.value) === JSON.stringify(current) ? "• " : "";
        row.push(
          this.button(`${mark}${label}`, {
            kind: "choose-option",
            field: index,
            option: page * PAGE_SIZE + offset,
          }),
        );
        if (row.length === 3) keyboard.push(row.splice(0));
      });
      if (row.length > 0) keyboard.push(row);
      keyboard.push(
        ...this.pager(all.length, PAGE_SIZE, page, (to) => ({ kind: "open-field", field: index, page: to })),
      );
      if (input.typed) lines.push(this.t("form-or-type"));
    } else if (input.kind === "multi") {
      const chosen = Array.isArray(current) ? current : [];
      input.options.forEach((option, offset) => {
        const mark = chosen.includes(option) ? "☑️ " : "▫️ ";
        keyboard.push([
          this.button(`${mark}${option}`, { kind: "flip-option", field: index, option: offset }),
        ]);
      });
    } else if (input.kind === "text") {
      if (typeof current === "string" && current !== "")
        lines.push("", `<code>${escapeHtml(clip(current, 400))}</code>`);
      lines.push("", this.t("form-type-text", { max: input.maxLength }));
    } else if (input.kind === "file") {
      lines.push("", this.t(`form-send-file-${input.accepts}`));
    } else if (input.kind === "overlays") {
      return this.overlayList(state);
    }
    if (current !== undefined && !field.required)
      keyboard.push([this.button(this.t("form-reset"), { kind: "reset-field", field: index })]);
    const backTo = this.definition.groups.length > 0 ? this.definition.groups.indexOf(field.group) : -1;
    keyboard.push(backTo >= 0 ? this.backRow({ kind: "open-group", group: backTo }) : this.backRow());
    return { text: lines.join("\n"), keyboard };
  }

  /** ◀️ and ▶️ to the neighbouring pages of a list, when there are any. */
  private pager(
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

  private voiceLanguages(page: number): RenderedScreen {
    const languages = this.env.catalog.languages;
    const keyboard: InlineKeyboardButton[][] = [];
    const shown = languages.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    for (let offset = 0; offset < shown.length; offset += 3) {
      keyboard.push(
        shown.slice(offset, offset + 3).map((language, inner) =>
          this.button(languageName(language.code, this.env.locale), {
            kind: "voice-language",
            language: page * PAGE_SIZE + offset + inner,
          }),
        ),
      );
    }
    keyboard.push(
      ...this.pager(languages.length, PAGE_SIZE, page, (to) => ({ kind: "voice-languages", page: to })),
    );
    keyboard.push(this.backRow());
    return { text: this.t("voice-choose-language"), keyboard };
  }

  private voiceProviders(language: string): RenderedScreen {
    const keyboard = providersFor(this.env.catalog, language).map((provider, index) => {
      const price = provider.pricePerMinute;
      const cost =
        price.standard === 0
          ? this.t("voice-price-free")
          : this.t("voice-price", {
              tokens: price.neural ? `${price.standard}–${price.neural}` : price.standard,
            });
      return [
        this.button(`${provider.label} · ${this.t(`voice-quality-${provider.quality}`)} · ${cost}`, {
          kind: "voice-provider",
          provider: index,
        }),
      ];
    });
    keyboard.push([this.button(this.t("voice-other-language"), { kind: "voice-languages", page: 0 })]);
    keyboard.push(this.backRow());
    return {
      text: this.t("voice-choose-provider", { language: languageName(language, this.env.locale) }),
      keyboard,
    };
  }

  private voiceList(state: FormState, language: string, provider: string, page: number): RenderedScreen {
    const voices = voicesFor(this.env.catalog, provider, language);
    const shown = voices.slice(page * VOICE_PAGE_SIZE, (page + 1) * VOICE_PAGE_SIZE);
    const keyboard = shown.map((voice, offset) => {
      const index = page * VOICE_PAGE_SIZE + offset;
      const mark = state.values.tts_voice === voice.id ? "• " : "";
      return [
        this.button(`${mark}${voice.name}`, { kind: "choose-voice", voice: index }),
        this.button("▶", { kind: "play-sample", voice: index }),
      ];
    });
    keyboard.push(
      ...this.pager(voices.length, VOICE_PAGE_SIZE, page, (to) => ({ kind: "voice-page", page: to })),
    );
    keyboard.push([this.button(this.t("voice-automatic"), { kind: "automatic-voice" })]);
    keyboard.push(this.backRow());
    const label = providerLabel(this.env, provider) ?? provider;
    return {
      text: this.t("voice-choose-voice", {
        provider: label,
        language: languageName(language, this.env.locale),
      }),
      keyboard,
    };
  }

  private overlayList(state: FormState): RenderedScreen {
    const list = Array.isArray(state.values.text_overlays)
      ? (state.values.text_overlays as Array<{ text: string }>)
      : [];
    const keyboard = list.map((overlay, index) => [
      this.button(`${index + 1}. ${clip(overlay.text, 30)}`, { kind: "open-caption", caption: index }),
    ]);
    keyboard.push([this.button(this.t("form-overlay-add"), { kind: "new-caption" })]);
    const groupIndex = this.definition.groups.indexOf("captions");
    keyboard.push(groupIndex >= 0 ? this.backRow({ kind: "open-group", group: groupIndex }) : this.backRow());
    return {
      text: `${this.title(state)}\n\n<b>${this.t("field-text_overlays")}</b>\n${escapeHtml(this.t("hint-text_overlays"))}`,
      keyboard,
    };
  }

  private overlay(state: FormState, index: number, property?: CaptionProperty): RenderedScreen {
    if (index === -1) {
      return {
        text: this.t("form-overlay-type"),
        keyboard: [this.backRow({ kind: "open-field", field: this.fieldIndex("text_overlays"), page: 0 })],
      };
    }
    const list = Array.isArray(state.values.text_overlays)
      ? (state.values.text_overlays as Array<Record<string, unknown>>)
      : [];
    const overlay = list[index];
    if (!overlay) return this.overlayList(state);
    const keyboard: InlineKeyboardButton[][] = [];
    if (property) {
      const choices: readonly string[] = CAPTION_PROPERTY_VALUES[property];
      for (let offset = 0; offset < choices.length; offset += 3) {
        keyboard.push(
          choices.slice(offset, offset + 3).map((choice, inner) => {
            const mark = overlay[property] === choice ? "• " : "";
            return this.button(`${mark}${choice}`, {
              kind: "set-caption-property",
              caption: index,
              property,
              option: offset + inner,
            });
          }),
        );
      }
      keyboard.push(this.backRow({ kind: "open-caption", caption: index }));
      return { text: `${escapeHtml(String(overlay.text))}\n\n${this.t(`overlay-${property}`)}`, keyboard };
    }
    keyboard.push(
      CAPTION_PROPERTIES.map((name) =>
        this.button(`${this.t(`overlay-${name}`)}: ${String(overlay[name] ?? "—")}`, {
          kind: "caption-property",
          caption: index,
          property: name,
        }),
      ),
    );
    keyboard.push(
      CAPTION_FLAGS.map((flag) =>
        this.button(`${overlay[flag] === true ? "☑️" : "▫️"} ${this.t(`overlay-${flag}`)}`, {
          kind: "flip-caption-flag",
          caption: index,
          flag,
        }),
      ),
    );
    keyboard.push([this.button(this.t("form-overlay-delete"), { kind: "delete-caption", caption: index })]);
    keyboard.push(this.backRow({ kind: "open-field", field: this.fieldIndex("text_overlays"), page: 0 }));
    const times =
      overlay.start !== undefined
        ? ` (${String(overlay.start)}–${overlay.end === undefined ? "end" : String(overlay.end)})`
        : "";
    return { text: `${escapeHtml(String(overlay.text))}${times}`, keyboard };
  }

  private fieldIndex(key: string): number {
    return this.definition.fields.findIndex((field) => field.key === key);
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
