import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MediaError } from "../../../src/media/accept.js";
import { openTelegramFile, type TelegramDownloadDeps } from "../../../src/media/telegram-download.js";
import { type EmulatedTelegram, startEmulatedTelegram } from "../../support/telegram-emulator.js";

const mp4 = readFileSync(new URL("../../../dev/fixtures/sample.mp4", import.meta.url));

let telegram: EmulatedTelegram;
let deps: TelegramDownloadDeps;

beforeEach(async () => {
  telegram = await startEmulatedTelegram();
  deps = { api: telegram.bot.api, botApiRoot: telegram.emulator.apiRoot, token: telegram.emulator.token };
});
afterEach(async () => {
  await telegram.close();
});

async function failureOf(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe("openTelegramFile", () => {
  it("streams the real bytes of a file a user sent", async () => {
    const message = await telegram.user.sendVideo({ bytes: mp4, mimeType: "video/mp4", fileName: "a.mp4" });
    const video = message.video;
    if (!video) throw new Error("no video");
    const download = await openTelegramFile(deps, video.file_id, video.file_size);
    expect(download.size).toBe(mp4.length);
    expect((await buffer(download.stream)).equals(mp4)).toBe(true);
  });

  it("an HTTP error of the download is a download failure that does not show the token", async () => {
    const message = await telegram.user.sendVideo({ bytes: mp4, mimeType: "video/mp4" });
    telegram.emulator.faults.inject({ kind: "server_error", status: 502, method: "download" });
    const error = await failureOf(
      openTelegramFile(deps, message.video?.file_id ?? "", message.video?.file_size),
    );
    expect(error.kind).toBe("download_failed");
    expect(error.message).toContain("502");
    expect(error.message).not.toContain(telegram.emulator.token);
    expect(String(error.stack)).not.toContain(telegram.emulator.token);
  });

  it("a refused getFile is a download failure", async () => {
    const error = await failureOf(openTelegramFile(deps, "no-such-file"));
    expect(error.kind).toBe("download_failed");
    expect(error.message).not.toContain(telegram.emulator.token);
  });

  it("a size other than the message said is refused", async () => {
    const message = await telegram.user.sendVideo({ bytes: mp4, mimeType: "video/mp4" });
    const error = await failureOf(openTelegramFile(deps, message.video?.file_id ?? "", mp4.length + 1));
    expect(error.message).toMatch(/bytes/);
  });

  it("a connection that breaks never reveals the URL", async () => {
    const message = await telegram.user.sendVideo({ bytes: mp4, mimeType: "video/mp4" });
    telegram.emulator.faults.inject({ kind: "drop_connection", method: "download" });
    const outcome = await openTelegramFile(deps, message.video?.file_id ?? "", message.video?.file_size)
      .then((download) => buffer(download.stream))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(outcome).toBeInstanceOf(MediaError);
    expect(String((outcome as Error).message)).not.toContain(telegram.emulator.token);
  });

  it("a file Telegram refuses as too big says the 20 MB limit and the file's size, not a hang", async () => {
    const message = await telegram.user.sendDocument({
      fileName: "big.mp4",
      mimeType: "video/mp4",
      size: 25 * 1024 * 1024,
    });
    const error = await failureOf(
      openTelegramFile(deps, message.document?.file_id ?? "", message.document?.file_size),
    );
    expect(error.kind).toBe("too_big_for_bot_api");
    expect(error.params).toEqual({ limitMb: 20 });
    expect(error.message).toContain(String(25 * 1024 * 1024));
  });
});
