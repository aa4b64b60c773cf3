/**
 * The inline image's placeholder picture, served by the bot's HTTP server where Telegram fetches it: a
 * JPEG (what Telegram takes for an inline photo by URL) of the sides the inline result states.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { imageDimensions } from "../../../dev/telegram-emulator/media.js";
import { inlinePlaceholderRoute } from "../../../src/http/inline-placeholder.js";
import { INLINE_PLACEHOLDER_PATH, inlinePlaceholderUrlAt } from "../../../src/lifecycle/hook-url.js";

describe("the inline placeholder", () => {
  it("is a 320 by 320 JPEG at the path its URL names", async () => {
    const app = new Hono();
    inlinePlaceholderRoute(app);
    expect(inlinePlaceholderUrlAt("https://bot.example")).toBe(
      `https://bot.example${INLINE_PLACEHOLDER_PATH}`,
    );
    expect(inlinePlaceholderUrlAt(undefined)).toBeUndefined();
    const response = await app.request(INLINE_PLACEHOLDER_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 2).toString("hex")).toBe("ffd8");
    expect(body.subarray(-2).toString("hex")).toBe("ffd9");
    expect(imageDimensions(body)).toEqual({ width: 320, height: 320 });
  });
});
