import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../dev/tasks-sandbox/index.js";
import { type Harness, startHarness, USER_ID } from "./harness.js";

/** A file host on this machine: the paths it was asked for, in order. */
interface FileHost {
  url: string;
  requested: string[];
  close(): Promise<void>;
}

function box(type: string, size: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, "latin1");
  return header;
}

/** An MP4 of `seconds` whose `moov` comes after `mediaBytes` of media data, as files without faststart are. */
function moovLast(mediaBytes: number, seconds: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([
    box("ftyp", 16),
    Buffer.from("isom\0\0\x02\0", "latin1"),
    box("mdat", 8 + mediaBytes),
    Buffer.alloc(mediaBytes),
    box("moov", 8 + 8 + mvhd.length),
    box("mvhd", 8 + mvhd.length),
    mvhd,
  ]);
}

async function startFileHost(): Promise<FileHost> {
  const clip = await readFile(`${FIXTURES_DIR}sample.mp4`);
  const photo = await readFile(`${FIXTURES_DIR}sample.jpg`);
  const late = moovLast(1024 * 1024, 2);
  const requested: string[] = [];
  const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
    "/clip.mp4": (_request, response) => response.writeHead(200, { "content-type": "video/mp4" }).end(clip),
    // A signed link that sends the reader on to where the file is.
    "/signed/clip": (_request, response) => response.writeHead(302, { location: "/clip.mp4" }).end(),
    // A host that honours the range asked for.
    "/ranged.mp4": (request, response) => {
      const [, from = "0", to = String(clip.length - 1)] =
        /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? "") ?? [];
      const end = Math.min(clip.length - 1, Number(to || clip.length - 1));
      response
        .writeHead(206, { "content-range": `bytes ${from}-${end}/${clip.length}` })
        .end(clip.subarray(Number(from), end + 1));
    },
    "/photo": (_request, response) => response.writeHead(200).end(photo),
    "/late-header.mp4": (_request, response) => response.writeHead(200).end(late),
    // A stream that never ends: an MP4 whose media data goes on and on.
    "/endless.mp4": (_request, response) => {
      response.writeHead(200, { "content-type": "video/mp4" });
      response.write(
        Buffer.concat([box("ftyp", 16), Buffer.from("isom\0\0\x02\0", "latin1"), box("mdat", 0)]),
      );
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", pump);
      };
      pump();
    },
    "/gone.mp4": (_request, response) => response.writeHead(404).end("Not found"),
    // Never answers.
    "/silent.mp4": () => undefined,
  };
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    requested.push(path);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const PER_MINUTE = { video: 30, transcription: 40, smartClip: 80 } as const;

function charge(perMinute: number, seconds: number): number {
  return Math.ceil((perMinute * seconds) / 60);
}

let host: FileHost;
let harness: Harness;

beforeAll(async () => {
  host = await startFileHost();
});
afterAll(async () => {
  await host.close();
});
afterEach(async () => {
  await harness.close();
});

async function balance(): Promise<number> {
  return ((await (await harness.get("/v1/me")).json()) as { token_balance: number }).token_balance;
}

/** Creates the task and runs it to the end: how it ended, why, and what it cost. */
async function run(
  request: Record<string, unknown>,
): Promise<{ status: string; error: string | null; cost: number }> {
  const before = await balance();
  const created = await harness.post("/v1/tasks", request);
  if (created.status !== 200) throw new Error(`create gave ${created.status}: ${await created.text()}`);
  const { task_id } = (await created.json()) as { task_id: number };
  const task = await harness.finish(task_id);
  return { status: task.status, error: task.error_message, cost: before - (await balance()) };
}

describe("a sandbox that reads links", () => {
  it("charges a linked 2 s MP4 as 2 s, whether the host sends it whole, in the range asked for, or by a redirect", async () => {
    harness = await startHarness({ rateLimits: false, readLinks: true });
    for (const path of ["/clip.mp4", "/ranged.mp4", "/signed/clip"]) {
      expect(await run({ type: "transcription", file: `${host.url}${path}` })).toEqual({
        status: "completed",
        error: null,
        cost: charge(PER_MINUTE.transcription, 2),
      });
    }
  });

  it("joins linked clips at their own length and shows a linked picture 3 s, whatever its link's path says", async () => {
    harness = await startHarness({ rateLimits: false, readLinks: true });
    const clip = `${host.url}/clip.mp4`;
    const photos = [clip, clip, clip, `${host.url}/photo`];
    expect((await run({ type: "video", photos })).cost).toBe(charge(PER_MINUTE.video, 3 * 2 + 3));
  });

  it("counts a linked file as unmeasuredMediaSeconds when its length is not within its first 512 KB", async () => {
    harness = await startHarness({ rateLimits: false, readLinks: true, unmeasuredMediaSeconds: 90 });
    expect((await run({ type: "smart_clip", file: `${host.url}/late-header.mp4` })).cost).toBe(
      charge(PER_MINUTE.smartClip, 90),
    );
    // Only the first bytes are read: a file that never ends does not hold the request up.
    expect((await run({ type: "smart_clip", file: `${host.url}/endless.mp4` })).cost).toBe(
      charge(PER_MINUTE.smartClip, 90),
    );
  });

  it("fails the task uncharged, with the reason, when a link cannot be fetched", async () => {
    harness = await startHarness({ rateLimits: false, readLinks: true, linkReadTimeoutMs: 300 });
    const gone = `${host.url}/gone.mp4`;
    expect(await run({ type: "video", photos: [`${host.url}/clip.mp4`, gone] })).toEqual({
      status: "failed",
      error: `Could not download ${gone}: HTTP 404`,
      cost: 0,
    });
    const silent = `${host.url}/silent.mp4`;
    expect(await run({ type: "transcription", file: silent })).toEqual({
      status: "failed",
      error: `Could not download ${silent}: no answer within 300 ms`,
      cost: 0,
    });
    const closed = "http://127.0.0.1:1/talk.mp3";
    const refused = await run({ type: "transcription", file: closed });
    expect(refused).toMatchObject({ status: "failed", cost: 0 });
    expect(refused.error).toMatch(/^Could not download http:\/\/127\.0\.0\.1:1\/talk\.mp3: \S/);
  });

  it("answers 402 at creation when the balance cannot pay the linked media's real length", async () => {
    harness = await startHarness({ rateLimits: false, readLinks: true });
    const request = { type: "smart_clip", file: `${host.url}/clip.mp4` };
    harness.sandbox.accounts.setBalance(USER_ID, charge(PER_MINUTE.smartClip, 2) - 1);
    expect((await harness.post("/v1/tasks", request)).status).toBe(402);
    harness.sandbox.accounts.setBalance(USER_ID, charge(PER_MINUTE.smartClip, 2));
    expect((await harness.post("/v1/tasks", request)).status).toBe(200);
  });
});

describe("a sandbox that does not read links (the default)", () => {
  it("never fetches them and counts linked media as unmeasuredMediaSeconds", async () => {
    harness = await startHarness({ rateLimits: false });
    const before = host.requested.length;
    expect(await run({ type: "transcription", file: `${host.url}/gone.mp4` })).toEqual({
      status: "completed",
      error: null,
      cost: charge(PER_MINUTE.transcription, 60),
    });
    expect(host.requested.length).toBe(before);
  });
});
