/**
 * A job that spends both balances shows both before its first Create: a keyframe chain's card offers its
 * clips joined into one video, with the chain's price and the join's, and Create with the join chosen makes
 * the chain and then the join (a video task) without another tap, each charged once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeTasksService, tokenProfile } from "../../support/bot-fakes.js";
import { BotHarness, lastCall, type TestUser } from "../../support/bot-harness.js";
import { GenerationRig, jpegPhoto } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const CHAIN = "AI transitions between photos";
const JOIN = "🎬 Join into one video";

function videoCreates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
  );
}

/** Four photos sent as one album, then the chain's offer. */
async function openChain(user: TestUser): Promise<void> {
  let offer: ReturnType<typeof lastCall> | undefined;
  for (let index = 0; index < 4; index++) {
    const calls = await rig.harness.sendMessage(user, {
      ...jpegPhoto(`frame${index + 1}`),
      media_group_id: "frames",
    });
    offer = lastCall(calls, index === 0 ? "sendMessage" : "editMessageText") ?? offer;
  }
  await rig.harness.pressOffer(user, offer, CHAIN);
}

/** The sandbox finishes every clip, and the next poll brings them to the chat. */
async function finishAndDeliver(user: TestUser): Promise<void> {
  rig.sandbox.step(10);
  await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

async function clipsInOrder() {
  const [key] = await rig.storage.kv.keys("generation-batch:");
  const chunk = await rig.pipeline.features.forms.records.chunk(
    key?.slice("generation-batch:".length) ?? "",
    0,
  );
  return [...(chunk?.items ?? [])].sort((a, b) => a.position - b.position);
}

const path = (link: unknown) => new URL(String(link)).pathname;

describe("a keyframe chain's card", () => {
  it("offers the join with its price and the task balance beside the chain's; Create makes the chain, then the join of its clips in order, each charged once", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(701);
    const key = await rig.link(user, { balance: 10_000 });
    await openChain(user);
    expect(rig.buttons(user).slice(0, 2)).toEqual(["• 🎞 Separate clips", JOIN]);
    expect(rig.card(user).text).not.toContain("Joining");

    await rig.tap(user, JOIN);
    const card = rig.card(user).text;
    expect(rig.buttons(user).slice(0, 2)).toEqual(["🎞 Separate clips", `• ${JOIN}`]);
    expect(card).toContain("Price: 3 × 60 = 180 tokens");
    expect(card).toContain(
      "🎬 Joining them into one video: about 12 tokens, from your media task balance (12,500 tokens), once the clips are made.",
    );
    await rig.create(user);

    expect(videoCreates()).toHaveLength(1);
    const body = JSON.parse(videoCreates()[0]?.body.toString("utf8") ?? "null");
    expect(Object.keys(body).sort()).toEqual([
      "aspect",
      "duration",
      "keyframe_file_ids",
      "model",
      "resolution",
    ]);
    expect(rig.joinTasks).toEqual([]);

    await finishAndDeliver(user);
    const control = lastCall(rig.harness.calls, "sendMessage");
    expect(BotHarness.buttons(control).map((button) => button.text)).not.toContain(JOIN);
    expect(rig.joinTasks).toHaveLength(1);
    const [task] = rig.joinTasks;
    expect(task).toMatchObject({
      userId: user.id,
      chatId: user.id,
      type: "video",
      cost: { tokens: 12 },
      joined: { keyframes: 4 },
    });
    expect(task?.request).toEqual({
      type: "video",
      photos: [expect.any(String), expect.any(String), expect.any(String)],
      format: "original",
      subtitles: false,
    });
    const photos = task?.request.photos as string[];
    expect(photos.map(path)).toEqual((await clipsInOrder()).map((clip) => path(clip.output?.url)));
    // The chain is charged once on its own account; the join is the task service's, once.
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(10_000 - 180);

    // Another poll finds nothing more to deliver and starts no second join.
    await finishAndDeliver(user);
    expect(rig.joinTasks).toHaveLength(1);
    expect(videoCreates()).toHaveLength(1);
  });

  it("makes no join when it is not chosen, and the button under the clips still offers it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(702);
    await rig.link(user);
    await openChain(user);
    await rig.tap(user, JOIN);
    await rig.tap(user, "🎞 Separate clips");
    expect(rig.card(user).text).not.toContain("Joining");
    await rig.create(user);
    await finishAndDeliver(user);
    expect(rig.joinTasks).toEqual([]);
    const control = lastCall(rig.harness.calls, "sendMessage");
    expect(BotHarness.buttons(control).map((button) => button.text)[0]).toBe(JOIN);
  });

  it("when a clip did not come out, joins the ones that did, in order, at their own price", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(706);
    await rig.link(user);
    rig.sandbox.faults.failGenerations(1, "The model provider timed out");
    await openChain(user);
    await rig.tap(user, JOIN);
    await rig.create(user);
    await finishAndDeliver(user);
    const made = (await clipsInOrder()).filter((clip) => clip.status === "succeeded");
    expect(made).toHaveLength(2);
    expect(rig.joinTasks).toHaveLength(1);
    const [task] = rig.joinTasks;
    expect(task?.cost).toEqual({ tokens: 8 });
    const photos = (task?.request.photos ?? []) as string[];
    expect(photos.map(path)).toEqual(made.map((clip) => path(clip.output?.url)));
  });

  it("with a task balance short of the join, says so and Create waits: nothing is made or charged", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(703);
    await rig.link(user);
    const tasks = rig.harness.tasksService;
    if (!(tasks instanceof FakeTasksService)) throw new Error("the harness has its fake task service");
    tasks.profile = tokenProfile({ token_balance: 5 });
    await openChain(user);
    await rig.tap(user, JOIN);
    const short =
      "Joining needs about 12 tokens from your media task balance, which has 5. Top it up (/balance), or choose separate clips.";
    expect(rig.card(user).text).toContain(`⚠️ ${short}`);
    const calls = await rig.tap(user, "✅ Create");
    expect(lastCall(calls, "answerCallbackQuery")?.payload.text).toBe(short);
    await rig.settle();
    expect(videoCreates()).toHaveLength(0);
    expect(rig.joinTasks).toEqual([]);
  });

  it("in Ukrainian and Russian, the choice and the join's price (three photos: two clips) in the user's words", async () => {
    rig = await GenerationRig.create();
    for (const [id, locale, offer, join, line] of [
      [
        704,
        "uk",
        "ШІ-переходи між фото",
        "🎬 Склеїти в одне відео",
        "🎬 Склеїти в одне відео: близько 8 токенів з балансу медіазавдань (на ньому 12 500), коли кліпи будуть готові.",
      ],
      [
        705,
        "ru",
        "ИИ-переходы между фото",
        "🎬 Склеить в одно видео",
        "🎬 Склеить в одно видео: примерно 8 токенов с баланса медиазадач (на нём 12 500), когда клипы будут готовы.",
      ],
    ] as const) {
      const user = rig.harness.user(id, locale);
      await rig.link(user);
      let menu: ReturnType<typeof lastCall> | undefined;
      for (let index = 0; index < 3; index++) {
        const calls = await rig.harness.sendMessage(user, {
          ...jpegPhoto(`${locale}${index}`),
          media_group_id: `${locale}-frames`,
        });
        menu = lastCall(calls, index === 0 ? "sendMessage" : "editMessageText") ?? menu;
      }
      await rig.harness.pressOffer(user, menu, offer);
      await rig.tap(user, join);
      expect(rig.card(user).text.replace(/\u00a0/g, " ")).toContain(line);
    }
  });
});
