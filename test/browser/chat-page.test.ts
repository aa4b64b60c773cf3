import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";

const CHROMIUM = "/usr/bin/chromium";
const FIXTURES = fileURLToPath(new URL("../../dev/fixtures", import.meta.url));
/** Screenshots kept for people to look at (not compared pixel by pixel); the folder is not committed. */
const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts", import.meta.url));
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`[browser tests skipped] ${CHROMIUM} is not installed (CI installs Debian's chromium)`);

/** A person in a browser on the playground page, against the whole program as `npm start` runs it. */
describe.skipIf(!hasChromium)("the playground page in Chromium", () => {
  let app: App;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp(
      loadConfig({ HTTP_HOST: "127.0.0.1", HTTP_PORT: "0", LOG_LEVEL: "silent" }),
      createLogger({ level: "silent" }),
    );
    // Playwright gives every launch a fresh, empty profile of its own.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    page = await browser.newPage();
    await page.goto(app.playgroundUrl ?? "");
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop(2_000);
  });

  it("says it is a local playground with both services' sandboxes", async () => {
    const banner = await page.locator(".banner").textContent();
    expect(banner).toContain("Local playground");
    expect(banner).toContain("Media Task Service sandbox");
    expect(banner).toContain("Image and Video Generation Service sandbox");
  });

  it("opens with /start sent, shows the reply with its buttons, and a pressed button gets its answer", async () => {
    await page.getByLabel("Telegram language").selectOption("en");
    await page.getByRole("button", { name: "Start chatting" }).click();
    await expect.poll(() => page.locator("li.message.mine").first().textContent()).toContain("/start");

    const reply = page.locator("li.message:not(.mine)").first();
    await reply.waitFor({ timeout: 10_000 });
    const buttons = reply.locator(".keyboard button");
    // The four likeliest jobs, and More… for the rest.
    expect(await buttons.count()).toBe(5);
    await expect(buttons.last().textContent()).resolves.toBe("More…");

    const before = await page.locator("li.message:not(.mine)").count();
    await buttons.first().click();
    await expect
      .poll(() => page.locator("li.message:not(.mine)").count(), { timeout: 10_000 })
      .toBeGreaterThan(before);
    await page.screenshot({ path: join(tmpdir(), "playground.png"), fullPage: true });
  });

  it("uploads a file that reaches the bot as a document and is answered", async () => {
    await page.locator("#files").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello from the browser"),
    });
    const sent = page.locator("li.message.mine a.file", { hasText: "notes.txt" });
    await sent.waitFor({ timeout: 10_000 });
    // The form the button above opened reads the text file as its text and shows it on its card.
    await expect
      .poll(() => page.locator("li.message:not(.mine)", { hasText: "hello from the browser" }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  it("makes an image from a prompt with the playground's generation sandbox and shows it in the chat", async () => {
    const before = await page.locator("li.message:not(.mine) img").count();
    await page.getByLabel("Message").fill("/image a red balloon over the sea");
    await page.getByRole("button", { name: "Send" }).click();
    const card = page.locator("li.message:not(.mine)", { hasText: "Price:" }).last();
    await card.waitFor({ timeout: 10_000 });
    await expect(card.textContent()).resolves.toContain("Prompt: a red balloon over the sea");
    await card.getByRole("button", { name: "✅ Create" }).click();
    const photo = page
      .locator("li.message:not(.mine)", { hasText: "a red balloon over the sea" })
      .locator("img");
    await expect.poll(() => photo.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator("li.message:not(.mine) img").count()).toBe(before + 1);
    await expect
      .poll(
        () => photo.first().evaluate((image) => ("naturalWidth" in image ? Number(image.naturalWidth) : 0)),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "image-from-text-en.png"), fullPage: true });
  });

  it("shares a result into a chat with a friend through inline mode, posted as the user's message via the bot", async () => {
    await page.getByRole("button", { name: "Sam", exact: true }).click();
    await page.getByLabel("Message").fill("@companion_playground_bot balloon");
    const result = page.locator(".inline-result", { hasText: "a red balloon over the sea" });
    await result.waitFor({ timeout: 10_000 });
    // With a generation account, the words typed are also offered as an image to make, above the results.
    await expect(page.locator(".inline-result").first().textContent()).resolves.toContain(
      "🎨 Make an image: balloon",
    );
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "inline-results-en.png"), fullPage: true });

    await result.click();
    const shared = page.locator("#friend-messages li.message.mine").last();
    await shared.waitFor({ timeout: 10_000 });
    await expect(shared.locator(".via").textContent()).resolves.toBe("via @companion_playground_bot");
    await expect.poll(() => shared.locator("img").count()).toBe(1);
    expect(await page.locator(".inline-results").isHidden()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "inline-shared-en.png"), fullPage: true });

    await page.getByLabel("Message").fill("@companion_playground_bot a green kite");
    const make = page.locator(".inline-result", { hasText: "🎨 Make an image: a green kite" });
    await make.waitFor({ timeout: 10_000 });
    await make.click();
    // The placeholder is posted at once and then replaced, in place, by the image made of the words.
    const made = page.locator("#friend-messages li.message.mine", { hasText: "a green kite" }).last();
    await made.waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await made.textContent())?.includes("making your image"), { timeout: 30_000 })
      .toBe(false);
    await expect.poll(() => made.locator("img").count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, "inline-image-made-en.png"), fullPage: true });
    await page.getByRole("button", { name: "Companion (playground)", exact: true }).click();
    await expect.poll(() => page.locator("#messages").isVisible()).toBe(true);
  });

  it("makes a video from a prompt and shows it playable with the generated poster until it plays", async () => {
    await page.getByLabel("Message").fill("/video a paper boat on a stormy sea");
    await page.getByRole("button", { name: "Send" }).click();
    const card = page.locator("li.message:not(.mine)", { hasText: "Price:" }).last();
    await card.waitFor({ timeout: 10_000 });
    await expect(card.textContent()).resolves.toContain("Prompt: a paper boat on a stormy sea");
    await card.getByRole("button", { name: "✅ Create" }).click();
    const video = page
      .locator("li.message:not(.mine)", { hasText: "a paper boat on a stormy sea" })
      .locator("video");
    await expect.poll(() => video.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const poster = await video.first().getAttribute("poster");
    expect(poster).toMatch(/^files\/./);
    expect(poster).not.toBe(await video.first().getAttribute("src"));
    // The poster the page shows is the very image the generation service made for the clip.
    const shown = await page.evaluate(async (address) => {
      const answer = await fetch(address);
      return {
        type: answer.headers.get("content-type"),
        bytes: [...new Uint8Array(await answer.arrayBuffer())],
      };
    }, poster ?? "");
    expect(shown.type).toBe("image/jpeg");
    expect(Buffer.from(shown.bytes).equals(readFileSync(join(FIXTURES, "sample.jpg")))).toBe(true);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "video-with-poster-en.png"), fullPage: true });
  });

  it("takes a generated video on to its subtitled version with one tap and Create", async () => {
    const clip = page
      .locator("li.message:not(.mine)", { hasText: "a paper boat on a stormy sea" })
      .filter({ has: page.locator("video") })
      .last();
    await clip.getByRole("button", { name: "➡️ Then: Subtitles" }).click();
    const card = page.locator("li.message:not(.mine)", { hasText: "Subtitles" }).last();
    await card.getByRole("button", { name: "✅ Create" }).waitFor({ timeout: 10_000 });
    await card.getByRole("button", { name: "✅ Create" }).click();
    const subtitled = page
      .locator("li.message:not(.mine)", { hasText: /✅ Subtitles #\d+/ })
      .filter({ has: page.locator("video") });
    await expect.poll(() => subtitled.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "generated-video-subtitled-en.png"), fullPage: true });
  });

  it("walks a keyframe chain to its joined video, the join chosen on the chain's own card", async () => {
    const sample = join(FIXTURES, "sample.jpg");
    await page.locator("#files").setInputFiles([sample, join(FIXTURES, "sample.png"), sample]);
    const menu = page.locator("li.message:not(.mine)", { hasText: "What should I make of it?" }).last();
    await menu.waitFor({ timeout: 10_000 });
    if ((await menu.getByRole("button", { name: /^AI transitions between photos/ }).count()) === 0) {
      await menu.getByRole("button", { name: "More…" }).click();
    }
    await menu.getByRole("button", { name: /^AI transitions between photos/ }).click();
    const card = page.locator("li.message:not(.mine)", { hasText: "Price:" }).last();
    await card.getByRole("button", { name: "🎬 Join into one video" }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 10_000 })
      .toContain("🎬 Joining them into one video");
    await card.getByRole("button", { name: "✅ Create" }).click();
    const joined = page
      .locator("li.message:not(.mine)", { hasText: /✅ Video from 3 keyframes #\d+/ })
      .filter({ has: page.locator("video") });
    await expect.poll(() => joined.count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "keyframe-chain-joined-en.png"), fullPage: true });
  });

  it("shows the video form card and the subtitle style picker in Ukrainian words (kept as screenshots)", async () => {
    const ukrainian = await browser.newPage();
    await ukrainian.goto(app.playgroundUrl ?? "");
    await ukrainian.getByLabel("Telegram language").selectOption("uk");
    await ukrainian.getByRole("button", { name: "Start chatting" }).click();
    await ukrainian.getByRole("button", { name: /^Слайдшоу з озвученням/ }).click();
    await ukrainian.locator("#files").setInputFiles(join(FIXTURES, "sample.jpg"));
    await ukrainian.getByRole("button", { name: "Готово (1)" }).click();
    const card = ukrainian.locator("li.message:not(.mine)", { hasText: "Формат: Вертикальний 9:16" }).last();
    await card.waitFor({ timeout: 10_000 });
    await expect(card.textContent()).resolves.not.toMatch(/9_16|yellow_basic|provider_/);
    await mkdir(ARTIFACTS, { recursive: true });
    await ukrainian.screenshot({ path: join(ARTIFACTS, "video-form-card-uk.png"), fullPage: true });

    await card.getByRole("button", { name: "💬 Субтитри" }).click();
    await ukrainian.getByRole("button", { name: /^Стиль субтитрів:/ }).click();
    await ukrainian.getByRole("button", { name: "Бірюзове караоке" }).waitFor({ timeout: 10_000 });
    await ukrainian.screenshot({ path: join(ARTIFACTS, "subtitle-style-picker-uk.png"), fullPage: true });
    await ukrainian.close();
  });
});
