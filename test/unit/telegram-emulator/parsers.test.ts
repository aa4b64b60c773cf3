import { describe, expect, it } from "vitest";
import {
  detectEntities,
  parseHtml,
  parseLegacyMarkdown,
  parseMarkdownV2,
} from "../../../dev/telegram-emulator/entities.js";
import { parseMultipart } from "../../../dev/telegram-emulator/multipart.js";

async function* inChunks(body: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < body.length; offset += size) yield body.subarray(offset, offset + size);
}

async function parts(body: Buffer, boundary: string, chunkSize: number) {
  const collected: { name: string; filename?: string; data: Buffer }[] = [];
  await parseMultipart(inChunks(body, chunkSize), boundary, {
    begin(headers) {
      const chunks: Buffer[] = [];
      return {
        write: (chunk) => {
          chunks.push(Buffer.from(chunk));
        },
        end: () => {
          collected.push({
            name: headers.name,
            ...(headers.filename ? { filename: headers.filename } : {}),
            data: Buffer.concat(chunks),
          });
        },
      };
    },
  });
  return collected;
}

describe("multipart parser", () => {
  const boundary = "----------abc123";
  // A payload that contains the boundary text without the leading CRLF, which must not split it.
  const file = Buffer.concat([Buffer.from(`binary --${boundary} inside \r\n\r\n`), Buffer.alloc(3000, 7)]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition:form-data;name="chat_id"\r\n\r\n42\r\n--${boundary}\r\n`,
    ),
    Buffer.from(
      `content-disposition:form-data;name="abc";filename=clip.mp4\r\ncontent-type:application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  for (const chunkSize of [1, 7, 64, 100_000]) {
    it(`reads fields and files split into ${chunkSize}-byte chunks`, async () => {
      const result = await parts(body, boundary, chunkSize);
      expect(result.map((part) => [part.name, part.filename])).toEqual([
        ["chat_id", undefined],
        ["abc", "clip.mp4"],
      ]);
      expect(result[0]?.data.toString()).toBe("42");
      expect(result[1]?.data.equals(file)).toBe(true);
    });
  }

  it("refuses a body that ends before the closing boundary", async () => {
    await expect(parts(body.subarray(0, body.length - 30), boundary, 64)).rejects.toThrow(/ended early/);
  });
});

describe("entity parsers", () => {
  it("reports HTML end-tag mistakes with tdlib's wording", () => {
    expect(() => parseHtml("<b>x</i>")).toThrow(
      'Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"',
    );
    expect(() => parseHtml("x</b>")).toThrow(
      "Bad Request: can't parse entities: Unexpected end tag at byte offset 1",
    );
    expect(() => parseHtml('<span class="x">y</span>')).toThrow(/Tag "span" must have class "tg-spoiler"/);
  });

  it("counts offsets in UTF-16 units and byte offsets in UTF-8", () => {
    expect(parseHtml("😀 <b>ü</b>").entities).toEqual([{ type: "bold", offset: 3, length: 1 }]);
    expect(() => parseMarkdownV2("ü *x")).toThrow("Can't find end of Bold entity at byte offset 3");
  });

  it("reads nested MarkdownV2, escapes inside code, links with escaped parentheses and quotes", () => {
    const nested = parseMarkdownV2("*bold _both_*");
    expect(nested).toEqual({
      text: "bold both",
      entities: [
        { type: "bold", offset: 0, length: 9 },
        { type: "italic", offset: 5, length: 4 },
      ],
    });
    expect(parseMarkdownV2("`a\\`b` ```js\nx()```")).toEqual({
      text: "a`b x()",
      entities: [
        { type: "code", offset: 0, length: 3 },
        { type: "pre", offset: 4, length: 3, language: "js" },
      ],
    });
    expect(parseMarkdownV2("[w](https://x.org/a\\)b) ||s|| __u__ ~z~").entities).toEqual([
      { type: "text_link", offset: 0, length: 1, url: "https://x.org/a)b" },
      { type: "spoiler", offset: 2, length: 1 },
      { type: "underline", offset: 4, length: 1 },
      { type: "strikethrough", offset: 6, length: 1 },
    ]);
    expect(parseMarkdownV2(">quoted\nplain")).toEqual({
      text: "quoted\nplain",
      entities: [{ type: "blockquote", offset: 0, length: 6 }],
    });
  });

  it("reads legacy Markdown", () => {
    expect(parseLegacyMarkdown("*b* _i_ [l](https://x.org) 1.5!")).toEqual({
      text: "b i l 1.5!",
      entities: [
        { type: "bold", offset: 0, length: 1 },
        { type: "italic", offset: 2, length: 1 },
        { type: "text_link", offset: 4, length: 1, url: "https://x.org" },
      ],
    });
    expect(() => parseLegacyMarkdown("*open")).toThrow(
      "Can't find end of the entity starting at byte offset 0",
    );
  });

  it("detects commands, links, mentions and hashtags outside code", () => {
    expect(detectEntities("/start@emulated_bot see https://x.org/a, @someone #tag")).toEqual([
      { type: "bot_command", offset: 0, length: 19 },
      { type: "url", offset: 24, length: 15 },
      { type: "mention", offset: 41, length: 8 },
      { type: "hashtag", offset: 50, length: 4 },
    ]);
    expect(detectEntities("https://x.org", [{ type: "code", offset: 0, length: 13 }])).toEqual([
      { type: "code", offset: 0, length: 13 },
    ]);
  });
});
