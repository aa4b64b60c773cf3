/**
 * Every generated result leads on: a clip to the tasks of the Media Task Service that take a video by its
 * link, an image to a clip of its own and to a new image with it as a reference. Driven as a user would,
 * against the generation sandbox, with the task side built as in production and its service faked, so the
 * exact bodies both services receive are checked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type ApiCall, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig, JPEG } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const FILE_ID = expect.stringMatching(/^file_/);

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

/** The sandbox finishes every generation, and the next poll brings the results to the chat. */
async function finishAndDeliver(user: TestUser): Promise<void> {
  rig.sandbox.step(10);
  await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

/** The results of the user's one batch, by their place in it. */
async function results() {
  const [key] = await rig.storage.kv.keys("generation-batch:");
  const chunk = await rig.pipeline.features.forms.records.chunk(
    key?.slice("generation-batch:".length) ?? "",
    0,
  );
  return [...(chunk?.items ?? [])].sort((a, b) => a.position - b.position);
}

type Keyboard = { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> };

/** The buttons of a message, sent as JSON or, with a file, as a multipart field. */
function markupOf(call: ApiCall | undefined): Keyboard {
  const markup = call?.payload.reply_markup;
  return (typeof markup === "string" ? JSON.parse(markup) : (markup ?? {})) as Keyboard;
}

function keyboardOf(call: ApiCall | undefined): string[][] {
  return (markupOf(call).inline_keyboard ?? []).map((row) => row.map((button) => button.text));
}

function button(call: ApiCall | undefined, text: string): string {
  const found = (markupOf(call).inline_keyboard ?? []).flat().find((candidate) => candidate.text === text);
  if (!found?.callback_data) throw new Error(`no button "${text}" in ${JSON.stringify(keyboardOf(call))}`);
  return found.callback_data;
}

const TASK_HOOK = expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\//);

describe("a generated clip leads on to the tasks that take a video", () => {
  it("a clip sent alone offers Subtitles, Dubbing, Smart clips and Pause removal; Subtitles opens its form with the clip, and the task service gets the clip's link", async () => {
    rig = await GenerationRig.create({}, { taskForms: true });
    const user = rig.harness.user(481);
    await rig.link(user);
    await rig.harness.send(user, "/video a red balloon over the city");
    await rig.create(user);
    await finishAndDeliver(user);

    const video = lastCall(rig.harness.calls, "sendVideo");
    expect(keyboardOf(video)).toEqual([
      ["➡️ Then: Subtitles", "➡️ Then: Dubbing"],
      ["➡️ Then: Smart clips", "➡️ Then: Pause removal"],
      ["🔁 Again", "🗑 Delete"],
    ]);
    for (const pressable of (markupOf(video).inline_keyboard ?? []).flat()) {
      expect(Buffer.byteLength(pressable.callback_data ?? "")).toBeLessThanOrEqual(64);
    }

    await rig.harness.press(user, button(video, "➡️ Then: Subtitles"));
    const card = rig.card(user).text;
    expect(card).toContain("Subtitles");
    expect(card).toContain("your AI clip 1, 0:08");
    expect(card).not.toContain("127.0.0.1");
    await rig.create(user);

    const [clip] = await results();
    expect(clip?.output?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(rig.taskCreates).toEqual([{ type: "subtitles", file: clip?.output?.url, webhook_url: TASK_HOOK }]);
    // Nothing was downloaded and uploaded again: the task service reads the clip by its link.
    expect(rig.taskUploads).toEqual([]);
  });

  it("under an album of clips, ➡️ 2 offers the tasks for clip 2, and Dubbing opens its form with that clip", async () => {
    rig = await GenerationRig.create({}, { taskForms: true });
    const user = rig.harness.user(482);
    await rig.link(user);
    await rig.harness.send(user, "/video");
    await rig.harness.send(user, "a lighthouse at dusk\na harbour at dawn");
    await rig.create(user);
    await finishAndDeliver(user);

    const control = lastCall(rig.harness.calls, "sendMessage");
    expect(textOf(control)).toContain("➡️ subtitles, dubbing and more · 🔁 again · 🗑 delete");
    expect(keyboardOf(control)).toEqual([
      ["➡️ 1", "➡️ 2"],
      ["🔁 1", "🔁 2"],
      ["🗑 1", "🗑 2"],
    ]);
    const menu = lastCall(await rig.harness.press(user, button(control, "➡️ 2")), "sendMessage");
    expect(textOf(menu)).toBe("Clip 2: what next?");
    expect(keyboardOf(menu)).toEqual([
      ["➡️ Then: Subtitles", "➡️ Then: Dubbing"],
      ["➡️ Then: Smart clips", "➡️ Then: Pause removal"],
    ]);
    await rig.harness.press(user, button(menu, "➡️ Then: Dubbing"));
    expect(rig.card(user).text).toContain("your AI clip 2, 0:08");
    const second = (await results())[1];
    expect(second?.position).toBe(1);
    expect(rig.card(user).text).not.toContain("127.0.0.1");
    await rig.create(user);
    expect(rig.taskCreates).toEqual([
      expect.objectContaining({ type: "dubbing", file: second?.output?.url }),
    ]);
  });

  it("a clip deleted from the generation service says so instead of opening a form, and one deleted elsewhere too", async () => {
    rig = await GenerationRig.create({ linkLifetimeMs: 60_000 }, { taskForms: true });
    const user = rig.harness.user(483);
    const key = await rig.link(user);
    await rig.harness.send(user, "/video");
    await rig.harness.send(user, "a lighthouse at dusk\na harbour at dawn");
    await rig.create(user);
    await finishAndDeliver(user);
    const control = lastCall(rig.harness.calls, "sendMessage");
    const [first, second] = await results();

    // Deleted here with its own button.
    const confirm = lastCall(await rig.harness.press(user, button(control, "🗑 1")), "sendMessage");
    await rig.harness.press(user, button(confirm, "🗑 Yes, delete"));
    const menu = lastCall(await rig.harness.press(user, button(control, "➡️ 1")), "sendMessage");
    const pressed = await rig.harness.press(user, button(menu, "➡️ Then: Smart clips"));
    expect(lastCall(pressed, "answerCallbackQuery")?.payload.text).toBe(
      "Clip 1 is no longer on the service.",
    );

    // Deleted elsewhere, its link a minute from expiry: reading it again finds it gone.
    const gone = await fetch(`${rig.sandbox.baseUrl}/v1/generations/${second?.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${key.apiKey}` },
    });
    expect(gone.ok).toBe(true);
    const menu2 = lastCall(await rig.harness.press(user, button(control, "➡️ 2")), "sendMessage");
    const pressed2 = await rig.harness.press(user, button(menu2, "➡️ Then: Subtitles"));
    expect(lastCall(pressed2, "answerCallbackQuery")?.payload).toMatchObject({
      show_alert: true,
      text: "The generation service no longer has this. Results are kept 7 days on Free and 30 days on Pro.",
    });
    expect(first?.id).not.toBe(second?.id);
    expect(rig.taskCreates).toEqual([]);
    expect(
      [...pressed, ...pressed2].some(
        (call) => call.method === "sendMessage" || call.method === "editMessageText",
      ),
    ).toBe(false);
  });
});

describe("a generated image leads on", () => {
  async function deliveredImage(user: TestUser) {
    await rig.link(user);
    await rig.harness.send(user, "/image a fox in neon rain");
    await rig.create(user);
    await finishAndDeliver(user);
    return lastCall(rig.harness.calls, "sendPhoto");
  }

  function imageUploads() {
    return rig.proxy.requests.filter((entry) => entry.path === "/v1/files?kind=image");
  }

  it("an image sent alone offers Animate and Use as reference first; Animate makes a clip with the image as its start frame", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(491);
    const photo = await deliveredImage(user);
    expect(keyboardOf(photo)).toEqual([
      ["🎬 Animate", "🧩 Use as reference"],
      ["⬇️ Original", "🔁 Again", "🗑 Delete"],
    ]);

    await rig.harness.press(user, button(photo, "🎬 Animate"));
    expect(rig.card(user).text).toContain("<b>Animate photos with AI</b>");
    await rig.harness.send(user, "the fox turns its head");
    await rig.create(user);

    const [upload] = imageUploads();
    expect(imageUploads()).toHaveLength(1);
    expect(upload?.body.equals(JPEG)).toBe(true);
    const create = rig.proxy.requests.find(
      (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
    );
    expect(bodyOf(create)).toMatchObject({ prompt: "the fox turns its head", image_file_id: FILE_ID });
  });

  it("Use as reference opens the reference image form with the image in it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(492);
    const photo = await deliveredImage(user);
    await rig.harness.press(user, button(photo, "🧩 Use as reference"));
    expect(rig.card(user).text).toContain("<b>Image from reference photos</b>\n1 of 3 files at most");
    await rig.harness.send(user, "the same fox in the snow");
    await rig.create(user);
    const creates = rig.proxy.requests.filter(
      (entry) => entry.method === "POST" && entry.path === "/v1/images/generations",
    );
    expect(bodyOf(creates[1])).toMatchObject({
      prompt: "the same fox in the snow",
      reference_file_ids: [FILE_ID],
    });
  });

  it("under an album of images, 🎬 2 animates the second image", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(493);
    await rig.link(user);
    await rig.harness.send(user, "/image");
    await rig.harness.send(user, "a lighthouse\na meadow");
    await rig.create(user);
    await finishAndDeliver(user);
    const control = lastCall(rig.harness.calls, "sendMessage");
    expect(keyboardOf(control)[0]).toEqual(["🎬 1", "🎬 2"]);
    expect(textOf(control)).toContain("🎬 animate ·");
    await rig.harness.press(user, button(control, "🎬 2"));
    expect(rig.card(user).text).toContain("<b>Animate photos with AI</b>");
    await rig.create(user);
    const create = rig.proxy.requests.find(
      (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
    );
    expect(bodyOf(create)).toMatchObject({ image_file_id: FILE_ID });
  });
});
