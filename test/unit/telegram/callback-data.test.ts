import { Composer, type Context } from "grammy";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CALLBACK_SCOPES,
  callbackInt,
  callbackKeyOf,
  defineCallback,
} from "../../../src/telegram/callback-data.js";

const showTask = defineCallback(CALLBACK_SCOPES.tasks, "show", { id: z.string().min(1), page: callbackInt });
const pickLanguage = defineCallback(CALLBACK_SCOPES.language, undefined, { locale: z.enum(["en", "uk"]) });
const openItem = defineCallback(CALLBACK_SCOPES.gallery, "i", { position: callbackInt.optional() });

describe("typed callback data", () => {
  it("packs to the compact wire format and unpacks the same fields", () => {
    const packed = showTask.pack("abcdef", { id: "task-1", page: 3 });
    expect(packed).toBe("tk:abcdef:show:task-1:3");
    expect(showTask.unpack(packed)).toEqual({ nonce: "abcdef", data: { id: "task-1", page: 3 } });
    expect(pickLanguage.pack("n1", { locale: "uk" })).toBe("lg:n1:uk");
    expect(pickLanguage.unpack("lg:n1:uk")?.data).toEqual({ locale: "uk" });
  });

  it("leaves a trailing optional field off the wire", () => {
    expect(openItem.pack("n1", {})).toBe("gl:n1:i");
    expect(openItem.unpack("gl:n1:i")?.data).toEqual({});
    expect(openItem.unpack(openItem.pack("n1", { position: 0 }))?.data).toEqual({ position: 0 });
  });

  it("carries a record's key and reads back only its keys", () => {
    const forms = { t: "text_to_image", v: "text_to_video" } as const;
    const openForm = defineCallback(CALLBACK_SCOPES.generationStart, undefined, {
      form: callbackKeyOf(forms),
    });
    expect(openForm.pack("n1", { form: "v" })).toBe("gs:n1:v");
    expect(openForm.unpack("gs:n1:t")?.data.form).toBe("t");
    expect(openForm.unpack("gs:n1:toString")).toBeUndefined();
  });

  it("refuses data over Telegram's 64 bytes and parts it cannot carry", () => {
    expect(() => showTask.pack("abcdef", { id: "x".repeat(60), page: 1 })).toThrow(/64 bytes/);
    expect(() => showTask.pack("abcdef", { id: "a:b", page: 1 })).toThrow(/not encodable/);
  });

  it("reads anything else as undefined", () => {
    for (const data of [
      undefined,
      "garbage",
      "tk:abcdef:show:task-1",
      "tk:abcdef:show:task-1:x",
      "tk:abcdef:show:task-1:3:extra",
      "tk:abcdef:again:task-1:3",
      "se:abcdef:show:task-1:3",
      "tk::show:task-1:3",
      "lg:n1:fr",
      `tk:abcdef:show:${"x".repeat(60)}:1`,
    ]) {
      expect(showTask.unpack(data) ?? pickLanguage.unpack(data)).toBeUndefined();
    }
  });

  it("routes a press to the handler of its kind with the parsed fields", async () => {
    const seen: unknown[] = [];
    const composer = new Composer<Context>();
    composer.filter(pickLanguage.filter, (ctx) => {
      seen.push(["language", ctx.pressed.data.locale]);
    });
    composer.filter(showTask.filter, (ctx) => {
      seen.push(["task", ctx.pressed.data.id, ctx.pressed.data.page + 1]);
    });
    const press = (data: string) =>
      composer.middleware()({ callbackQuery: { data } } as unknown as Context, async () => {
        seen.push(["passed", data]);
      });
    await press(showTask.pack("n1", { id: "t", page: 1 }));
    await press("lg:n1:en");
    await press("lg:n1:fr");
    expect(seen).toEqual([
      ["task", "t", 2],
      ["language", "en"],
      ["passed", "lg:n1:fr"],
    ]);
  });
});
