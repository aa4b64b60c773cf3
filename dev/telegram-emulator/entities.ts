import type { MessageEntity } from "grammy/types";
import { badRequest } from "./errors.js";

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

export type ParseMode = "HTML" | "MarkdownV2" | "Markdown";

function cantParse(reason: string): Error {
  return badRequest(`can't parse entities: ${reason}`);
}

function byteOffset(source: string, index: number): number {
  return Buffer.byteLength(source.slice(0, index), "utf8");
}

/** Applies parse_mode the way the Bot API does, refusing malformed markup. */
export function parseFormatted(source: string, parseMode: ParseMode): FormattedText {
  switch (parseMode) {
    case "HTML":
      return parseHtml(source);
    case "MarkdownV2":
      return parseMarkdownV2(source);
    case "Markdown":
      return parseLegacyMarkdown(source);
  }
}

type OpenEntity = {
  tag: string;
  type: MessageEntity["type"];
  start: number;
  url?: string;
  language?: string;
  customEmojiId?: string;
  /** A <code> directly inside <pre> only names the language; it adds no entity of its own. */
  merged?: boolean;
};

const HTML_TAGS: Record<string, MessageEntity["type"]> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
  span: "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};

const HTML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

export function parseHtml(source: string): FormattedText {
  let text = "";
  const entities: MessageEntity[] = [];
  const stack: OpenEntity[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === "&") {
      const match = /^&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/.exec(source.slice(i, i + 12));
      const name = match?.[1];
      if (match && name) {
        const decoded = name.startsWith("#x")
          ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
          : name.startsWith("#")
            ? String.fromCodePoint(Number.parseInt(name.slice(1), 10))
            : HTML_ENTITIES[name];
        if (decoded !== undefined) {
          text += decoded;
          i += match[0].length;
          continue;
        }
      }
      text += char;
      i += 1;
      continue;
    }
    if (char !== "<") {
      text += char;
      i += 1;
      continue;
    }
    const end = source.indexOf(">", i);
    if (end < 0) throw cantParse(`Unclosed start tag at byte offset ${byteOffset(source, i)}`);
    const inner = source.slice(i + 1, end);
    if (inner.startsWith("/")) {
      const name = inner.slice(1).trim().toLowerCase();
      const open = stack.pop();
      if (!open) throw cantParse(`Unexpected end tag at byte offset ${byteOffset(source, i)}`);
      if (open.tag !== name) {
        throw cantParse(
          `Unmatched end tag at byte offset ${byteOffset(source, i)}, expected "</${open.tag}>", found "</${name}>"`,
        );
      }
      closeEntity(open, text.length, entities);
      i = end + 1;
      continue;
    }
    const nameMatch = /^([a-zA-Z][a-zA-Z0-9-]*)/.exec(inner);
    const tag = nameMatch?.[1]?.toLowerCase();
    const type = tag ? HTML_TAGS[tag] : undefined;
    if (!tag || !type) {
      throw cantParse(`Unsupported start tag "${tag ?? inner}" at byte offset ${byteOffset(source, i)}`);
    }
    const attributes = parseAttributes(inner.slice(tag.length));
    const open: OpenEntity = { tag, type, start: text.length };
    if (tag === "span" && attributes.class !== "tg-spoiler") {
      throw cantParse(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(source, i)}`);
    }
    if (tag === "a") open.url = attributes.href ?? "";
    if (tag === "blockquote" && "expandable" in attributes) open.type = "expandable_blockquote";
    if (tag === "tg-emoji") {
      if (!attributes["emoji-id"]) throw cantParse(`Custom emoji identifier is not specified`);
      open.customEmojiId = attributes["emoji-id"];
    }
    if (tag === "code") {
      const parent = stack[stack.length - 1];
      const language = /^language-(.+)$/.exec(attributes.class ?? "")?.[1];
      if (parent?.tag === "pre" && parent.start === text.length) {
        open.merged = true;
        if (language) parent.language = language;
      }
    }
    stack.push(open);
    i = end + 1;
  }
  const unclosed = stack.pop();
  if (unclosed) throw cantParse(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  return { text, entities: sortEntities(entities) };
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/g;
  for (const match of text.matchAll(pattern)) {
    const key = (match[1] as string).toLowerCase();
    attributes[key] = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

function decodeHtmlEntities(value: string): string {
  return value.replace(/&(lt|gt|amp|quot);/g, (_, name: string) => HTML_ENTITIES[name] ?? "");
}

function closeEntity(open: OpenEntity, end: number, entities: MessageEntity[]): void {
  const length = end - open.start;
  if (length <= 0 || open.merged) return;
  const base = { offset: open.start, length };
  switch (open.type) {
    case "text_link":
      if (!open.url) return;
      entities.push({ ...base, type: "text_link", url: open.url ?? "" });
      return;
    case "pre":
      entities.push({ ...base, type: "pre", ...(open.language ? { language: open.language } : {}) });
      return;
    case "custom_emoji":
      entities.push({ ...base, type: "custom_emoji", custom_emoji_id: open.customEmojiId ?? "" });
      return;
    default:
      entities.push({ ...base, type: open.type } as MessageEntity);
  }
}

function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

const ENTITY_NAMES: Partial<Record<MessageEntity["type"], string>> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strikethrough: "Strikethrough",
  spoiler: "Spoiler",
  code: "Code",
  pre: "Pre",
  text_link: "TextUrl",
  blockquote: "Blockquote",
};

const MARKDOWN_V2_RESERVED = "_*[]()~`>#+-=|{}.!";

type MarkdownOpen = OpenEntity & { byte: number };

export function parseMarkdownV2(source: string): FormattedText {
  let text = "";
  const entities: MessageEntity[] = [];
  const stack: MarkdownOpen[] = [];
  let quote: MarkdownOpen | undefined;
  const top = () => stack[stack.length - 1];
  const open = (tag: string, type: MessageEntity["type"], at: number, extra: Partial<OpenEntity> = {}) =>
    stack.push({ tag, type, start: text.length, byte: byteOffset(source, at), ...extra });
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    const current = top();
    if (current && (current.type === "code" || current.type === "pre")) {
      if (char === "\\" && (source[i + 1] === "`" || source[i + 1] === "\\")) {
        text += source[i + 1];
        i += 2;
      } else if (current.type === "pre" && source.startsWith("```", i)) {
        closeEntity(current, text.length, entities);
        stack.pop();
        i += 3;
      } else if (current.type === "code" && char === "`") {
        closeEntity(current, text.length, entities);
        stack.pop();
        i += 1;
      } else {
        text += char;
        i += 1;
      }
      continue;
    }
    const atLineStart = i === 0 || source[i - 1] === "\n";
    if (char === "\\") {
      const next = source[i + 1];
      if (next !== undefined && next.charCodeAt(0) <= 126) {
        text += next;
        i += 2;
        continue;
      }
      throw cantParse(`Character '\\' is reserved and must be escaped with the preceding '\\'`);
    }
    if (char === ">" && atLineStart) {
      if (!quote) {
        quote = { tag: ">", type: "blockquote", start: text.length, byte: byteOffset(source, i) };
      }
      i += 1;
      continue;
    }
    if (char === "\n" && quote && source[i + 1] !== ">") {
      closeEntity(quote, text.length, entities);
      quote = undefined;
    }
    const toggle = (tag: string, type: MessageEntity["type"]) => {
      if (current?.tag === tag) {
        closeEntity(current, text.length, entities);
        stack.pop();
      } else {
        open(tag, type, i);
      }
      i += tag.length;
    };
    if (char === "*") toggle("*", "bold");
    else if (char === "_" && source[i + 1] === "_") toggle("__", "underline");
    else if (char === "_") toggle("_", "italic");
    else if (char === "~") toggle("~", "strikethrough");
    else if (char === "|" && source[i + 1] === "|") toggle("||", "spoiler");
    else if (source.startsWith("```", i)) {
      const newline = source.indexOf("\n", i + 3);
      const header = newline < 0 ? "" : source.slice(i + 3, newline);
      const language = /^[^\s`]+$/.test(header) ? header : undefined;
      open("```", "pre", i, language ? { language } : {});
      i = language || header === "" ? (newline < 0 ? i + 3 : newline + 1) : i + 3;
    } else if (char === "`") {
      open("`", "code", i);
      i += 1;
    } else if (char === "[") {
      open("[", "text_link", i);
      i += 1;
    } else if (char === "]" && current?.tag === "[" && source[i + 1] === "(") {
      let url = "";
      let j = i + 2;
      while (j < source.length && source[j] !== ")") {
        if (source[j] === "\\" && j + 1 < source.length) j += 1;
        url += source[j];
        j += 1;
      }
      if (j >= source.length)
        throw cantParse(`Can't find end of a url at byte offset ${byteOffset(source, i + 2)}`);
      current.url = url;
      closeEntity(current, text.length, entities);
      stack.pop();
      i = j + 1;
    } else if (MARKDOWN_V2_RESERVED.includes(char)) {
      throw cantParse(`Character '${char}' is reserved and must be escaped with the preceding '\\'`);
    } else {
      text += char;
      i += 1;
    }
  }
  const unclosed = stack.pop();
  if (unclosed) {
    throw cantParse(
      `Can't find end of ${ENTITY_NAMES[unclosed.type] ?? "the"} entity at byte offset ${unclosed.byte}`,
    );
  }
  if (quote) closeEntity(quote, text.length, entities);
  return { text, entities: sortEntities(entities) };
}

/** The legacy "Markdown" mode: *bold*, _italic_, `code`, ```pre```, [text](url), no nesting. */
export function parseLegacyMarkdown(source: string): FormattedText {
  let text = "";
  const entities: MessageEntity[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === "\\" && i + 1 < source.length && "_*`[".includes(source[i + 1] as string)) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    const marker = source.startsWith("```", i) ? "```" : "*_`[".includes(char) ? char : undefined;
    if (!marker) {
      text += char;
      i += 1;
      continue;
    }
    const closer = marker === "[" ? "]" : marker;
    const end = source.indexOf(closer, i + marker.length);
    if (end < 0)
      throw cantParse(`Can't find end of the entity starting at byte offset ${byteOffset(source, i)}`);
    const inner = source.slice(i + marker.length, end);
    const start = text.length;
    text += inner;
    if (marker === "[") {
      const urlMatch = /^\(([^)]*)\)/.exec(source.slice(end + 1));
      if (urlMatch) {
        if (inner)
          entities.push({ type: "text_link", offset: start, length: inner.length, url: urlMatch[1] ?? "" });
        i = end + 1 + urlMatch[0].length;
        continue;
      }
      i = end + 1;
      continue;
    }
    const type = marker === "*" ? "bold" : marker === "_" ? "italic" : marker === "`" ? "code" : "pre";
    if (inner) entities.push({ type, offset: start, length: inner.length } as MessageEntity);
    i = end + closer.length;
  }
  return { text, entities: sortEntities(entities) };
}

const AUTO_PATTERN =
  /(?<command>(?<![\w/])\/[a-zA-Z0-9_]{1,64}(?:@[a-zA-Z0-9_]{3,32})?)|(?<url>\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])|(?<mention>(?<![\w@])@[a-zA-Z0-9_]{4,32})|(?<hashtag>(?<![\w#])#[\p{L}\p{N}_]+)/gu;

/** The entities Telegram detects by itself: commands, links, mentions and hashtags. */
export function detectEntities(text: string, existing: MessageEntity[] = []): MessageEntity[] {
  const found: MessageEntity[] = [];
  const covered = existing.filter((entity) => ["code", "pre", "text_link", "url"].includes(entity.type));
  for (const match of text.matchAll(AUTO_PATTERN)) {
    const groups = match.groups ?? {};
    const type = groups.command ? "bot_command" : groups.url ? "url" : groups.mention ? "mention" : "hashtag";
    const offset = match.index ?? 0;
    const length = match[0].length;
    if (covered.some((entity) => offset < entity.offset + entity.length && entity.offset < offset + length))
      continue;
    found.push({ type, offset, length } as MessageEntity);
  }
  return sortEntities([...existing, ...found]);
}
