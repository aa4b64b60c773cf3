/**
 * The gallery, the queue card, the key guardian and the retention notice, in the chat, against the
 * generation sandbox over HTTP behind a recording proxy (so the exact requests are checked), with the
 * pipeline's jobs on the in-process queue.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MB } from "../../../dev/generation-sandbox/index.js";
import { RETENTION_SET } from "../../../src/generations/retention.js";
import { type ApiCall, BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";

const DAY_MS = 24 * 60 * 60 * 1000;

let rig: GenerationRig;
afterEach(async () => rig?.close());

/** The sandbox's clock runs this far behind the bot's, so batches can be made in the past. */
let offsetMs = 0;

async function startRig(): Promise<GenerationRig> {
  offsetMs = 0;
  return GenerationRig.create({ now: () => Date.now() + offsetMs });
}

/** Makes a batch of images from the prompts and lets the sandbox finish them. */
async function makeImages(user: TestUser, prompts: string[], finish = true): Promise<void> {
  await rig.harness.send(user, "/image");
  await rig.harness.send(user, prompts.join("\n"));
  await rig.create(user);
  if (finish) rig.sandbox.step(Math.ceil(prompts.length / 4) + 1);
}

function isOurs(call: ApiCall, user: TestUser): boolean {
  return (
    (call.method === "sendMessage" || call.method === "editMessageText") &&
    Number(call.payload.chat_id) === user.id &&
    JSON.stringify(call.payload.reply_markup ?? "").includes('"gl:') &&
    !JSON.stringify(call.payload.reply_markup ?? "").includes('"gl:go:')
  );
}

/** The gallery or queue message as last drawn. */
function shown(user: TestUser): { text: string; call: ApiCall | undefined; messageId: number } {
  const call = [...rig.harness.calls].reverse().find((candidate) => isOurs(candidate, user));
  const messageId = Number(call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id);
  return { text: textOf(call), call, messageId };
}

async function tap(user: TestUser, label: string): Promise<ApiCall[]> {
  const { call, messageId } = shown(user);
  const button = BotHarness.buttons(call).find((candidate) => candidate.text.startsWith(label));
  if (!button?.data) throw new Error(`no button "${label}" in ${JSON.stringify(BotHarness.buttons(call))}`);
  const calls = await rig.harness.press(user, button.data, messageId);
  await rig.settle();
  return calls;
}

function requestsTo(method: string, path: string) {
  return rig.proxy.requests.filter((entry) => entry.method === method && entry.path.startsWith(path));
}

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

function storageLine(text: string): string {
  return text.split("\n").find((line) => line.startsWith("Storage:")) ?? "";
}

describe("/gallery", () => {
  it("pages newest first by the service's cursor and filters by type and status", async () => {
    rig = await startRig();
    const user = rig.harness.user(701);
    await rig.link(user, { plan: "Pro" });
    await makeImages(
      user,
      Array.from({ length: 10 }, (_, index) => `picture number ${index + 1}`),
    );

    await rig.harness.send(user, "/gallery");
    let page = shown(user).text;
    expect(page).toContain("🗂 Your generations");
    expect(page).toMatch(/Storage: [▰▱]{10} \d+% \(.+ of 5 GB\)/);
    expect(page).toContain("Showing: images and videos, any status");
    expect(page).toContain("Results 1–8, newest first");
    expect(page).toContain("1. 🖼 picture number 10");
    // A time says its zone.
    expect(page).toMatch(
      /1\. 🖼 picture number 10\n {6}\S.* · [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} [AP]M UTC\n/,
    );
    expect(page).toContain("8. 🖼 picture number 3");
    expect(page).not.toContain("picture number 2\n");
    const [firstList] = requestsTo("GET", "/v1/generations?");
    expect(firstList?.path).toBe("/v1/generations?limit=8");

    await tap(user, "Older »");
    page = shown(user).text;
    expect(page).toContain("Results 9–10, newest first");
    expect(page).toContain("9. 🖼 picture number 2");
    expect(page).toContain("10. 🖼 picture number 1");
    expect(BotHarness.buttons(shown(user).call).map((button) => button.text)).not.toContain("Older »");
    expect(requestsTo("GET", "/v1/generations?").at(-1)?.path).toMatch(
      /^\/v1\/generations\?limit=8&starting_after=gen_[0-9a-f]+$/,
    );

    await tap(user, "« Newer");
    expect(shown(user).text).toContain("Results 1–8");

    await tap(user, "Type:");
    expect(shown(user).text).toContain("Showing: images only, any status");
    expect(requestsTo("GET", "/v1/generations?").at(-1)?.path).toBe("/v1/generations?type=image&limit=8");
    await tap(user, "Type:");
    expect(shown(user).text).toContain("Showing: videos only, any status");
    expect(shown(user).text).toContain("Nothing here yet.");

    await tap(user, "Type:");
    await tap(user, "Status:");
    expect(shown(user).text).toContain("Showing: images and videos, ready");
    expect(requestsTo("GET", "/v1/generations?").at(-1)?.path).toBe(
      "/v1/generations?status=succeeded&limit=8",
    );
    await tap(user, "Status:");
    expect(shown(user).text).toContain("Showing: images and videos, failed");
    expect(shown(user).text).toContain("Nothing here yet.");
    // No words of the wire on screen.
    expect(rig.harness.calls.map((call) => textOf(call)).join("\n")).not.toMatch(/succeeded|gen_[0-9a-f]/);
  });

  it("deletes the selected results after saying how many, with their ids as the body", async () => {
    rig = await startRig();
    const user = rig.harness.user(702);
    await rig.link(user, { plan: "Pro" });
    await makeImages(user, ["a lighthouse", "a meadow", "a harbour"]);
    await rig.harness.send(user, "/gallery");
    const listed = await rig.pipeline.features.gallery?.service.listGenerations(
      (await rig.pipeline.features.account.links.credentials(user.id))?.apiKey ?? "",
      { limit: 3 },
    );
    const [harbour, meadow] = listed?.data ?? [];

    await tap(user, "🗑 Select to delete");
    expect(shown(user).text).toContain("Results 1–3, newest first (tap the numbers to delete):");
    await tap(user, "1");
    await tap(user, "2");
    expect(shown(user).text).toContain("2 results selected.");
    expect(shown(user).text).toContain("☑️ 1. 🖼 a harbour");
    await tap(user, "🗑 Delete selected (2)");
    expect(shown(user).text).toBe("Delete 2 selected results for good? They cannot be restored.");
    expect(requestsTo("POST", "/v1/generations/delete")).toHaveLength(0);
    await tap(user, "🗑 Yes, delete 2");

    const [deletion] = requestsTo("POST", "/v1/generations/delete");
    expect(bodyOf(deletion)).toEqual({ ids: [harbour?.id, meadow?.id] });
    expect(deletion?.headers["idempotency-key"]).toMatch(/^[0-9a-f]{64}$/);
    const page = shown(user).text;
    expect(page).toContain("🗑 Deleted 2 results.");
    expect(page).toContain("1. 🖼 a lighthouse");
    expect(page).not.toContain("a harbour");
  });

  it("deletes everything older than the days chosen, after a confirmation with the count, and the storage bar follows", async () => {
    rig = await startRig();
    const user = rig.harness.user(703);
    await rig.link(user, { plan: "Pro" });
    offsetMs = -20 * DAY_MS;
    await makeImages(user, ["an old castle", "an old bridge"]);
    offsetMs = -10 * DAY_MS;
    await makeImages(user, ["a newer tower"]);
    offsetMs = 0;
    await makeImages(user, ["a fresh garden"]);

    await rig.harness.send(user, "/gallery");
    const before = storageLine(shown(user).text);
    await tap(user, "🧹 Delete old results…");
    expect(shown(user).text).toBe("Delete every finished result older than:");
    await tap(user, "Older than 14 days");
    expect(shown(user).text).toBe(
      "2 results are older than 14 days. Delete them for good? They cannot be restored.",
    );
    expect(requestsTo("POST", "/v1/generations/delete")).toHaveLength(0);
    await tap(user, "🗑 Yes, delete 2");

    const deletions = requestsTo("POST", "/v1/generations/delete");
    expect(deletions).toHaveLength(1);
    expect(deletions[0]?.body.toString("utf8")).toBe('{"older_than_days":14}');
    const page = shown(user).text;
    expect(page).toContain("🗑 Deleted 2 results.");
    expect(page).toContain("1. 🖼 a fresh garden");
    expect(page).toContain("2. 🖼 a newer tower");
    expect(page).not.toContain("an old castle");
    const after = storageLine(page);
    expect(after).not.toBe(before);

    await tap(user, "🧹 Delete old results…");
    await tap(user, "Older than 30 days");
    expect(shown(user).text).toBe("Nothing is older than 30 days.");
    expect(requestsTo("POST", "/v1/generations/delete")).toHaveLength(1);
  });

  it("a Create refused for a full store leads to the gallery, headed by the advice to make room", async () => {
    rig = await startRig();
    const user = rig.harness.user(704);
    const key = await rig.link(user, { plan: "Free" });
    rig.sandbox.accounts.setWebAppStorage(key.accountId, 2048 * MB);
    await rig.harness.send(user, "/image a quiet lake");
    await rig.create(user);

    const card = [...rig.harness.calls].reverse().find((call) => textOf(call).includes("not created"));
    expect(textOf(card)).toContain("Your storage on the generation service is full");
    expect(textOf(card)).toContain("/gallery");
    const open = BotHarness.button(card, "🗂 Open the gallery");
    const opened = await rig.harness.press(user, open, Number(card?.payload.message_id));
    const gallery = textOf(lastCall(opened, "sendMessage"));
    expect(gallery).toContain("🗂 Your generations");
    expect(gallery).toContain("Storage: ▰▰▰▰▰▰▰▰▰▰ 100%");
    expect(gallery).toContain("⚠️ Your storage is full, so no new generations can start.");
  });

  it("one tap on a number sends that result here again with the buttons it came with, and the page stays", async () => {
    rig = await startRig();
    const user = rig.harness.user(705);
    await rig.link(user, { plan: "Pro" });
    await makeImages(user, ["a lighthouse", "a meadow"]);
    await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
    await rig.pipeline.poller.tick();
    await rig.settle();
    await rig.harness.send(user, "/gallery");
    const page = shown(user);
    expect(page.text).toContain("Results 1–2, newest first (tap a number to get it here again):");
    expect(BotHarness.buttons(page.call).map((button) => button.text)).toEqual([
      "Type: images and videos",
      "Status: any status",
      "1",
      "2",
      "🗑 Select to delete",
      "🧹 Delete old results…",
      "⏳ Queue",
      "🔄 Refresh",
    ]);
    const before = rig.harness.calls.length;
    const readsBefore = requestsTo("GET", "/v1/files/").length;
    await tap(user, "1");
    const again = rig.harness.calls.slice(before).filter((call) => call.method === "sendPhoto");
    expect(again).toHaveLength(1);
    const [photo] = again;
    // The photo Telegram already has, with the caption and buttons it was delivered with.
    expect(photo?.payload.photo).toMatch(/^sent-photo-/);
    expect(String(photo?.payload.caption)).toMatch(/^2\. a meadow\n/);
    expect(BotHarness.buttons(photo).map((button) => button.text)).toEqual([
      "🎬 Animate",
      "🧩 Use as reference",
      "⬇️ Original",
      "🔁 Again",
      "🗑 Delete",
    ]);
    // Nothing is read from the service to send it, and the gallery is not redrawn.
    expect(requestsTo("GET", "/v1/files/")).toHaveLength(readsBefore);
    expect(shown(user).call).toBe(page.call);
  });

  it("a clip tapped in the gallery comes again as a playable video with the tasks it leads on to", async () => {
    rig = await startRig();
    const user = rig.harness.user(706);
    await rig.link(user, { plan: "Pro" });
    await rig.harness.send(user, "/video a red balloon over the city");
    await rig.create(user);
    rig.sandbox.step(10);
    await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
    await rig.pipeline.poller.tick();
    await rig.settle();
    await rig.harness.send(user, "/gallery");
    const before = rig.harness.calls.length;
    await tap(user, "1");
    const videos = rig.harness.calls.slice(before).filter((call) => call.method === "sendVideo");
    expect(videos).toHaveLength(1);
    const markup = JSON.parse(String(videos[0]?.payload.reply_markup)) as {
      inline_keyboard: Array<Array<{ text: string }>>;
    };
    expect(markup.inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([
      ["➡️ Then: Subtitles", "➡️ Then: Dubbing"],
      ["➡️ Then: Smart clips", "➡️ Then: Pause removal"],
      ["🔁 Again", "🗑 Delete"],
    ]);
    expect(String(videos[0]?.payload.caption)).toMatch(/^1\. a red balloon over the city\n/);
  });

  it("a result made elsewhere with the same key is said to have no copy here, and nothing is sent", async () => {
    rig = await startRig();
    const user = rig.harness.user(708);
    const key = await rig.link(user, { plan: "Pro" });
    const made = await fetch(`${rig.sandbox.baseUrl}/v1/images/generations`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": "made-elsewhere-0001",
      },
      body: JSON.stringify({ prompt: "a kite", model: "lumen-image-2" }),
    });
    expect(made.ok).toBe(true);
    rig.sandbox.step(2);
    await rig.harness.send(user, "/gallery");
    const calls = await tap(user, "1");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "This result was not made in this chat, so I have no copy of it to send here. It is still in your account on the generation service.",
    );
    expect(calls.some((call) => call.method === "sendPhoto" || call.method === "sendDocument")).toBe(false);
  });

  it("selecting for deletion is a mode of its own: numbers toggle there, Cancel leaves it with nothing selected or deleted", async () => {
    rig = await startRig();
    const user = rig.harness.user(707);
    await rig.link(user, { plan: "Pro" });
    await makeImages(user, ["a lighthouse", "a meadow"]);
    await rig.harness.send(user, "/gallery");
    await tap(user, "🗑 Select to delete");
    let page = shown(user);
    expect(BotHarness.buttons(page.call).map((button) => button.text)).toEqual([
      "Type: images and videos",
      "Status: any status",
      "1",
      "2",
      "✖️ Cancel",
      "⏳ Queue",
      "🔄 Refresh",
    ]);
    const before = rig.harness.calls.length;
    await tap(user, "2");
    page = shown(user);
    expect(page.text).toContain("1 result selected.");
    expect(page.text).toContain("☑️ 2. 🖼 a lighthouse");
    expect(BotHarness.buttons(page.call).map((button) => button.text)).toContain("🗑 Delete selected (1)");
    // A tap while selecting sends nothing again.
    expect(rig.harness.calls.slice(before).some((call) => call.method.startsWith("sendPhoto"))).toBe(false);

    await tap(user, "✖️ Cancel");
    page = shown(user);
    expect(page.text).not.toContain("selected");
    expect(page.text).not.toContain("☑️");
    expect(page.text).toContain("(tap a number to get it here again)");
    expect(BotHarness.buttons(page.call).map((button) => button.text)).toContain("🗑 Select to delete");
    expect(requestsTo("POST", "/v1/generations/delete")).toHaveLength(0);
  });
});

describe("the queue card", () => {
  it("shows what runs and waits, the slots in use and a time band, and cancels what waits with its refund", async () => {
    rig = await startRig();
    const user = rig.harness.user(705);
    const key = await rig.link(user, { plan: "Free", balance: 1_000 });
    await makeImages(user, ["one", "two", "three", "four", "five", "six"], false);

    await rig.harness.send(user, "/queue");
    const card = shown(user).text;
    expect(card).toContain("⏳ Your queue");
    expect(card).toContain("In progress: 4 · Waiting: 2");
    expect(card).toContain("Slots in use: 4 of 4 on your Free plan");
    // Six images over four slots: 10 to 40 s each, 15 to 60 s in all.
    expect(card).toContain("The last one should be ready in about 15–60 seconds.");
    expect(card).toContain("The 2 waiting ones hold 80 tokens");

    await tap(user, "✖️ Cancel 2 waiting");
    expect(shown(user).text).toContain("Cancel 2 waiting generations? 80 tokens come back to your balance.");
    await tap(user, "✖️ Yes, cancel");
    const done = [...rig.harness.calls].reverse().find((call) => textOf(call).includes("Cancelled"));
    expect(textOf(done)).toBe("✖️ Cancelled 2 waiting generations; 80 tokens are back on your balance.");
    expect(
      requestsTo("POST", "/v1/generations/").filter((entry) => entry.path.endsWith("/cancel")),
    ).toHaveLength(2);
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(1_000 - 4 * 40);

    await rig.harness.send(user, "/queue");
    expect(shown(user).text).toContain("In progress: 4 · Waiting: 0");
  });

  it("a Create refused for a full queue is explained and leads to the queue card", async () => {
    rig = await startRig();
    const user = rig.harness.user(711);
    const key = await rig.link(user, { plan: "Pro", balance: 50_000 });
    // The account's 1,000 in flight, made elsewhere (the web application, another tool).
    for (const batch of [1, 2]) {
      const made = await fetch(`${rig.sandbox.baseUrl}/v1/images/generations`, {
        method: "POST",
        headers: { authorization: `Bearer ${key.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          prompts: Array.from({ length: 500 }, (_, index) => `tile ${batch}.${index}`),
        }),
      });
      expect(made.status).toBe(202);
    }
    await rig.harness.send(user, "/image one more tile");
    await rig.create(user);

    const card = [...rig.harness.calls].reverse().find((call) => textOf(call).includes("not created"));
    expect(textOf(card)).toContain("You already have the most generations waiting that the service allows");
    expect(textOf(card)).toContain("cancel waiting ones on the /queue card");
    const opened = await rig.harness.press(
      user,
      BotHarness.button(card, "⏳ Open the queue"),
      Number(card?.payload.message_id),
    );
    expect(textOf(lastCall(opened, "sendMessage"))).toContain("In progress: 8 · Waiting: 992");
  });

  it("says nothing waits when nothing does", async () => {
    rig = await startRig();
    const user = rig.harness.user(706);
    await rig.link(user, { plan: "Pro" });
    const reply = lastCall(await rig.harness.send(user, "/queue"), "sendMessage");
    expect(textOf(reply)).toContain("Nothing is running or waiting. Your plan makes up to 8 at a time.");
  });
});

describe("the key guardian", () => {
  it("warns once when the key's budget is 80 % used and once when it expires within 7 days", async () => {
    rig = await startRig();
    const user = rig.harness.user(707);
    await rig.link(user, {
      plan: "Pro",
      key: { budgetTokens: 100, expiresAt: new Date(Date.now() + 3 * DAY_MS + 60_000) },
    });
    const notices = () =>
      rig.harness.calls
        .filter((call) => call.method === "sendMessage" && textOf(call).startsWith("🔑"))
        .map((call) => textOf(call));

    await makeImages(user, ["a kite"]);
    expect(notices()).toEqual([expect.stringContaining("🔑 Your key expires in 3 days")]);
    expect(notices()[0]).toContain("rotate this key");
    expect(notices()[0]).toContain("/connect");

    await makeImages(user, ["a boat"]);
    expect(notices()).toHaveLength(2);
    expect(notices()[1]).toContain("🔑 Your key has used 80% of its own budget: 20 of 100 tokens left.");

    await rig.harness.send(user, "/queue");
    await rig.harness.send(user, "/gallery");
    expect(notices()).toHaveLength(2);
  });

  it("on an expired key says how to rotate it and /connect again", async () => {
    rig = await startRig();
    const user = rig.harness.user(708);
    await rig.link(user, { key: { expiresAt: new Date(Date.now() + 60_000) } });
    offsetMs = 2 * 60_000;
    const reply = lastCall(await rig.harness.send(user, "/gallery"), "sendMessage");
    expect(textOf(reply)).toContain("This key has expired.");
    expect(textOf(reply)).toContain("rotate this one (its limits carry over)");
    expect(textOf(reply)).toContain("send /connect here with it");
  });
});

describe("before results leave the service", () => {
  async function ticketOf(): Promise<string> {
    const [key] = await rig.storage.kv.keys("generation-batch:");
    return key?.slice("generation-batch:".length) ?? "";
  }

  /** Makes the batch `daysAgo` old and its notice due now, then lets the watch run. */
  async function age(ticket: string, daysAgo: number): Promise<void> {
    await rig.pipeline.features.forms.records.update(ticket, (record) => ({
      ...record,
      createdAt: Date.now() - daysAgo * DAY_MS,
    }));
    await rig.storage.sortedSets.add(RETENTION_SET, ticket, 0);
    await rig.pipeline.retention.tick();
    await rig.settle();
  }

  const notices = () =>
    rig.harness.calls.filter((call) => call.method === "sendMessage" && textOf(call).startsWith("⏳"));

  /** What the poller would have recorded by then: every generation of the batch succeeded. */
  async function finished(ticket: string): Promise<void> {
    const records = rig.pipeline.features.forms.records;
    await records.changeChunk(ticket, 0, (chunk) => ({
      ...chunk,
      items: chunk.items.map((item) => ({ ...item, status: "succeeded" })),
    }));
  }

  it("names the unsaved results two days before a Free plan's 7 days end, once", async () => {
    rig = await startRig();
    const user = rig.harness.user(709);
    await rig.link(user, { plan: "Free" });
    await makeImages(user, ["a dune", "a cactus", "a mirage"]);
    const ticket = await ticketOf();
    await finished(ticket);
    // The original of one was taken into the chat: that one is saved.
    await rig.pipeline.features.forms.records.changeChunk(ticket, 0, (chunk) => ({
      ...chunk,
      items: chunk.items.map((item) => (item.position === 2 ? { ...item, documentFileId: "doc-1" } : item)),
    }));
    expect(await rig.storage.sortedSets.score(RETENTION_SET, ticket)).toBeGreaterThan(
      Date.now() + 4 * DAY_MS,
    );

    await age(ticket, 5.5);
    const [notice] = notices();
    expect(textOf(notice)).toMatch(
      /^⏳ 2 results you made on .+ leave the generation service on .+: results are kept 7 days on your plan\./,
    );
    expect(BotHarness.buttons(notice).map((button) => button.text)).toEqual(["🗂 Open the gallery"]);
    expect(await rig.storage.sortedSets.score(RETENTION_SET, ticket)).toBeUndefined();
    await rig.pipeline.retention.tick();
    await rig.settle();
    expect(notices()).toHaveLength(1);
  });

  it("waits for the 30 days of Pro, and says nothing of results deleted by age", async () => {
    rig = await startRig();
    const user = rig.harness.user(710);
    await rig.link(user, { plan: "Pro" });
    await makeImages(user, ["a glacier"]);
    const ticket = await ticketOf();
    await finished(ticket);

    await age(ticket, 5.5);
    expect(notices()).toHaveLength(0);
    const rescheduled = await rig.storage.sortedSets.score(RETENTION_SET, ticket);
    expect(rescheduled).toBeGreaterThan(Date.now() + 22 * DAY_MS);

    await age(ticket, 28.5);
    expect(textOf(notices()[0])).toMatch(
      /^⏳ One result you made on .+: results are kept 30 days on your plan\./,
    );

    await rig.pipeline.features.gallery?.marks.deletedBefore(user.id, Date.now() - DAY_MS);
    await age(ticket, 28.5);
    expect(notices()).toHaveLength(1);
  });
});
