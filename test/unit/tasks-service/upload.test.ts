import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { uploadTimeoutMs } from "../../../src/http-client/transport.js";
import { TasksServiceClient, type TasksServiceClientOptions } from "../../../src/tasks-service/client.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import {
  captureLogger,
  readBody,
  type ServiceStub,
  sendJson,
  startServiceStub,
} from "../../support/tasks-service-client-server.js";

const API_KEY = "cmp_AbCd1234_s3cr3tS3CR3Ts3cr3tS3CR3Ts3cr3tS3";
const PATTERN_PERIOD = 251;
const pattern = Buffer.alloc(1024 * 1024 + PATTERN_PERIOD);
for (let i = 0; i < pattern.length; i += 1) pattern[i] = i % PATTERN_PERIOD;

/** Byte `i` of a generated file is `i % 251`: any lost, repeated or reordered chunk shows. */
function generatedBytes(size: number): Buffer {
  return Buffer.from(Uint8Array.prototype.slice.call(pattern, 0, size));
}

function generatedStream(size: number, chunk = 64 * 1024, onEnd?: () => void): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= size) {
        onEnd?.();
        this.push(null);
        return;
      }
      const length = Math.min(chunk, size - offset);
      const start = offset % PATTERN_PERIOD;
      this.push(pattern.subarray(start, start + length));
      offset += length;
    },
  });
}

function uploadAnswer(filename: string, size: number) {
  return { upload_id: randomUUID(), filename, size_bytes: size };
}

let stub: ServiceStub;
let logLines: string[];
const clients: TasksServiceClient[] = [];

function makeClient(options: Partial<TasksServiceClientOptions> = {}): TasksServiceClient {
  const { logger, lines } = captureLogger();
  logLines = lines;
  const client = new TasksServiceClient({
    baseUrl: stub.baseUrl,
    logger,
    sleep: async () => {},
    ...options,
  });
  clients.push(client);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<TasksServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TasksServiceError);
  return error as TasksServiceError;
}

function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/form-data; boundary=(.+)$/.exec(contentType ?? "");
  if (!match?.[1]) throw new Error(`not a multipart content type: ${contentType}`);
  return match[1];
}

beforeEach(async () => {
  logLines = [];
  stub = await startServiceStub();
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  expect(logLines.join("\n")).not.toContain(API_KEY);
  await stub.close();
});

describe("upload", () => {
  it("sends one multipart part named file with its name, type and exact bytes", async () => {
    const size = 300_000;
    let received: Buffer = Buffer.alloc(0);
    stub.handle(async (req, res) => {
      received = await readBody(req);
      sendJson(res, 201, uploadAnswer("clip.mp4", size));
    });
    const answer = await makeClient().upload(API_KEY, {
      filename: "clip.mp4",
      contentType: "video/mp4",
      size,
      open: () => generatedStream(size),
    });
    expect(answer).toMatchObject({ filename: "clip.mp4", size_bytes: size });

    const request = stub.requests[0];
    expect(request).toMatchObject({ method: "POST", path: "/v1/uploads" });
    expect(request?.headers["x-api-key"]).toBe(API_KEY);
    expect(request?.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(request?.headers["content-length"])).toBe(received.length);
    const boundary = boundaryOf(request?.headers["content-type"]);
    const expected = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
          "Content-Type: video/mp4\r\n\r\n",
      ),
      generatedBytes(size),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(received.equals(expected)).toBe(true);

    // A standard multipart parser reads the same single file.
    const form = await new Response(received, {
      headers: { "content-type": request?.headers["content-type"] ?? "" },
    }).formData();
    expect([...form.keys()]).toEqual(["file"]);
    const file = form.get("file") as File;
    expect(file.name).toBe("clip.mp4");
    expect(file.type).toBe("video/mp4");
    expect(Buffer.from(await file.arrayBuffer()).equals(generatedBytes(size))).toBe(true);
  });

  it("escapes quotes and line breaks in the file name and keeps its UTF-8", async () => {
    let received: Buffer = Buffer.alloc(0);
    stub.handle(async (req, res) => {
      received = await readBody(req);
      sendJson(res, 200, uploadAnswer("x", 3));
    });
    await makeClient().upload(API_KEY, {
      filename: 'мій "файл"\r\nX-Evil: 1.srt',
      contentType: "application/x-subrip\r\nX-Evil: 1",
      size: 3,
      open: () => Readable.from([Buffer.from("abc")]),
    });
    const head = received.toString("utf8").split("\r\n\r\n")[0] ?? "";
    expect(head).toContain('filename="мій %22файл%22%0D%0AX-Evil: 1.srt"');
    expect(head).toContain("Content-Type: application/octet-stream");
    expect(head.split("\r\n")).toHaveLength(3);
  });

  it("sends only the last segment of a file name that carries directories", async () => {
    const heads: string[] = [];
    stub.handle(async (req, res) => {
      heads.push((await readBody(req)).toString("utf8").split("\r\n\r\n")[0] ?? "");
      sendJson(res, 200, uploadAnswer("x", 1));
    });
    const client = makeClient();
    for (const filename of ["../../etc/passwd", "C:\\Users\\me\\clip.mp4", ".."]) {
      await client.upload(API_KEY, {
        filename,
        contentType: "video/mp4",
        size: 1,
        open: () => Readable.from([Buffer.from("x")]),
      });
    }
    expect(heads.map((head) => /filename="([^"]*)"/.exec(head)?.[1])).toEqual(["passwd", "clip.mp4", "file"]);
  });

  it("streams a 50 MB file: the service receives most of it before the source has ended", async () => {
    const size = 50 * 1024 * 1024;
    let receivedBytes = 0;
    let receivedWhenSourceEnded = -1;
    let firstChunkBeforeSourceEnded = false;
    let sourceEnded = false;
    const hash = createHash("sha256");
    stub.handle(async (req, res) => {
      for await (const chunk of req) {
        if (receivedBytes === 0) firstChunkBeforeSourceEnded = !sourceEnded;
        receivedBytes += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
      }
      sendJson(res, 201, uploadAnswer("big.mp4", size));
    });
    await makeClient().upload(API_KEY, {
      filename: "big.mp4",
      contentType: "video/mp4",
      size,
      open: () =>
        generatedStream(size, 64 * 1024, () => {
          sourceEnded = true;
          receivedWhenSourceEnded = receivedBytes;
        }),
    });

    expect(firstChunkBeforeSourceEnded).toBe(true);
    expect(receivedWhenSourceEnded).toBeGreaterThan(size / 2);
    const boundary = boundaryOf(stub.requests[0]?.headers["content-type"]);
    const expected = createHash("sha256");
    expected.update(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
        "Content-Type: video/mp4\r\n\r\n",
    );
    for await (const chunk of generatedStream(size)) expected.update(chunk as Buffer);
    expected.update(`\r\n--${boundary}--\r\n`);
    expect(hash.digest("hex")).toBe(expected.digest("hex"));
  });

  it("opens the file again when an upload is retried after a 503", async () => {
    const size = 10_000;
    const bodies: Buffer[] = [];
    stub.handle(async (req, res, index) => {
      bodies.push(await readBody(req));
      if (index === 0) sendJson(res, 503, { detail: "busy" });
      else sendJson(res, 201, uploadAnswer("a.mp3", size));
    });
    let opened = 0;
    await makeClient().upload(API_KEY, {
      filename: "a.mp3",
      contentType: "audio/mpeg",
      size,
      open: () => {
        opened += 1;
        return generatedStream(size, 1000);
      },
    });
    expect(opened).toBe(2);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.length).toBe(bodies[0]?.length);
    expect(bodies[1]?.includes(generatedBytes(size))).toBe(true);
  });

  it("retries an upload whose source broke, with a freshly opened source", async () => {
    const size = 200_000;
    stub.handle(async (req, res) => {
      const body = await readBody(req).catch(() => undefined);
      if (body) sendJson(res, 201, uploadAnswer("a.mp4", size));
    });
    let opened = 0;
    const answer = await makeClient().upload(API_KEY, {
      filename: "a.mp4",
      contentType: "video/mp4",
      size,
      open: () => {
        opened += 1;
        if (opened > 1) return generatedStream(size);
        let sent = 0;
        return new Readable({
          read() {
            if (sent > 0) {
              this.destroy(new Error("download interrupted"));
              return;
            }
            sent += 1;
            this.push(generatedBytes(1000));
          },
        });
      },
    });
    expect(answer.size_bytes).toBe(size);
    expect(opened).toBe(2);
  });

  it("maps an early 413 to too_large and stops reading the source", async () => {
    const size = 20 * 1024 * 1024;
    stub.handle((_req, res) => {
      sendJson(res, 413, { detail: "File too large" }, { connection: "close" });
    });
    let source: Readable | undefined;
    const error = await failure(
      makeClient({ retry: { maxAttempts: 1 } }).upload(API_KEY, {
        filename: "big.mov",
        contentType: "video/quicktime",
        size,
        open: () => {
          source = generatedStream(size);
          return source;
        },
      }),
    );
    expect(error.kind).toBe("too_large");
    expect(source?.destroyed).toBe(true);
  });

  it("maps 415 to unsupported_type", async () => {
    stub.handle(async (req, res) => {
      await readBody(req);
      sendJson(res, 415, { detail: "Unsupported file type" });
    });
    const error = await failure(
      makeClient().upload(API_KEY, {
        filename: "a.exe",
        contentType: "application/octet-stream",
        size: 4,
        open: () => Readable.from([Buffer.from("MZ\0\0")]),
      }),
    );
    expect(error).toMatchObject({ kind: "unsupported_type", status: 415, detail: "Unsupported file type" });
  });

  it("fails without retrying when the source delivers a size other than declared", async () => {
    stub.handle(async (req, res) => {
      await readBody(req).catch(() => undefined);
      sendJson(res, 201, uploadAnswer("a", 1));
    });
    for (const delivered of [999, 1001]) {
      let opened = 0;
      const error = await failure(
        makeClient().upload(API_KEY, {
          filename: "a.mp3",
          contentType: "audio/mpeg",
          size: 1000,
          open: () => {
            opened += 1;
            return Readable.from([generatedBytes(delivered)]);
          },
        }),
      );
      expect(error.kind).toBe("invalid_request");
      expect(opened).toBe(1);
    }
  });

  it("refuses a file larger than the service accepts without sending it", async () => {
    let opened = 0;
    const error = await failure(
      makeClient({ maxUploadBytes: 1_000 }).upload(API_KEY, {
        filename: "huge.mp4",
        contentType: "video/mp4",
        size: 1_001,
        open: () => {
          opened += 1;
          return generatedStream(1_001);
        },
      }),
    );
    expect(error).toMatchObject({ kind: "too_large", operation: "upload" });
    expect(opened).toBe(0);
    expect(stub.requests).toHaveLength(0);
  });

  it("reports a source that cannot be opened as network after trying again", async () => {
    stub.handle(async (req, res) => {
      await readBody(req).catch(() => undefined);
      sendJson(res, 201, uploadAnswer("a", 1));
    });
    let opened = 0;
    const error = await failure(
      makeClient({ retry: { maxAttempts: 2 } }).upload(API_KEY, {
        filename: "a.mp3",
        contentType: "audio/mpeg",
        size: 10,
        open: () => {
          opened += 1;
          throw new Error("file link expired");
        },
      }),
    );
    expect(error.kind).toBe("network");
    expect(error.detail).toContain("file link expired");
    expect(opened).toBe(2);
  });

  it("times out when the service stops answering after the file was sent", async () => {
    stub.handle(async (req) => {
      await readBody(req);
    });
    const error = await failure(
      makeClient({ uploadBaseTimeoutMs: 200, retry: { maxAttempts: 1 } }).upload(API_KEY, {
        filename: "a.mp3",
        contentType: "audio/mpeg",
        size: 10,
        open: () => Readable.from([generatedBytes(10)]),
      }),
    );
    expect(error).toMatchObject({ kind: "timeout", operation: "upload" });
  });
});

describe("upload time-out", () => {
  it("grows with the file size", () => {
    const small = uploadTimeoutMs(1024 * 1024, 120_000, 512 * 1024);
    const large = uploadTimeoutMs(500 * 1024 * 1024, 120_000, 512 * 1024);
    expect(small).toBe(122_000);
    expect(large).toBe(120_000 + 1_000_000);
  });
});
