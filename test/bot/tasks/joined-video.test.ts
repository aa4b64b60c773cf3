/**
 * A video joined from a keyframe chain's clips is named as what it is ("Video from 4 keyframes") on its
 * progress card, on its result and in /tasks, not as any video made from photos and clips.
 */
import { afterEach, describe, expect, it } from "vitest";
import { serviceTask } from "../../support/bot-fakes.js";
import { BotHarness, type TestUser } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";

let rig: FormRig;
afterEach(async () => rig?.close());

const CLIPS = [1, 2, 3].map((clip) => `https://gen.example/v1/files/file_${clip}/content?sig=x`);

async function listed(user: TestUser): Promise<string[]> {
  const list = (await rig.harness.send(user, "/tasks")).findLast((call) => call.method === "sendMessage");
  return BotHarness.buttons(list).map((button) => button.text);
}

describe("a joined video", () => {
  it("is named for its keyframes on its card, its result and in /tasks", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(71);
    await rig.submissions.start({
      userId: user.id,
      chatId: user.id,
      locale: "en",
      type: "video",
      request: { type: "video", photos: CLIPS, format: "original", subtitles: false },
      cost: { tokens: 12 },
      joined: { keyframes: 4 },
    });
    await rig.settle();
    expect(rig.created).toEqual([
      {
        type: "video",
        photos: CLIPS,
        format: "original",
        subtitles: false,
        webhook_url: expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\//),
      },
    ]);
    const cards = rig.harness.calls.filter((call) => call.method === "editMessageText");
    expect(String(cards.at(-1)?.payload.text)).toMatch(/^🕓 Video from 4 keyframes #\d+: created/);

    const [key] = await rig.storage.kv.keys("task:");
    const ticket = key?.slice("task:".length) ?? "";
    const taskId = (await rig.records.get(ticket))?.taskId ?? 0;
    rig.tasksService.tasks = [
      serviceTask(taskId, { type: "video", result_url: "https://cdn.example.com/joined.mp4" }),
    ];
    await rig.records.polls.add(ticket, 0);
    await rig.poller.tick();
    await rig.settle();
    const result = rig.harness.calls.findLast((call) => call.method === "sendVideo");
    expect(String(result?.payload.caption)).toContain(`Video from 4 keyframes #${taskId}`);

    expect(await listed(user)).toEqual(["✅ Video from 4 keyframes · Nov 20, 8:30 AM UTC"]);
  });
});
