import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_LOCALES } from "../../../src/i18n/locales.js";
import { Messages } from "../../../src/i18n/messages.js";
import { LOCALES_DIRECTORY } from "../../support/locale-source.js";

describe("the bot's messages", () => {
  let directory: string;
  let messages: Messages;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "locales-"));
    await mkdir(path.join(directory, "en"));
    await mkdir(path.join(directory, "uk"));
    await writeFile(
      path.join(directory, "en", "a.ftl"),
      "hello = Hello, { $name }!\nonly-en = Only in English\n",
    );
    await writeFile(path.join(directory, "en", "b.ftl"), "button = Press\n    .hint = Press it once\n");
    await writeFile(path.join(directory, "uk", "a.ftl"), "hello = Привіт, { $name }!\n");
    messages = new Messages(directory, "en");
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("joins a language's files and fills in variables without isolation marks", () => {
    expect(messages.translate("uk", "hello", { name: "Оля" })).toBe("Привіт, Оля!");
    expect(messages.in("en")("button")).toBe("Press");
    expect(messages.in("en")("button.hint")).toBe("Press it once");
  });

  it("reads a message the language lacks, or a language the bot lacks, in the default language", () => {
    expect(messages.in("uk")("only-en")).toBe("Only in English");
    expect(messages.translate("de-AT", "hello", { name: "Jo" })).toBe("Hello, Jo!");
    expect(messages.translate("uk-UA", "hello", { name: "Оля" })).toBe("Привіт, Оля!");
  });

  it("shows the key of a message no language has", () => {
    expect(messages.in("ru")("nowhere")).toBe("{nowhere}");
  });

  it("loads the bot's own locales in every language it speaks", () => {
    const own = new Messages(LOCALES_DIRECTORY, "en");
    for (const locale of BOT_LOCALES) expect(own.in(locale)("command-start")).not.toMatch(/^\{/);
  });
});
