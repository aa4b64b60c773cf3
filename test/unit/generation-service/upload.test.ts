import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_UPLOAD_BYTES } from "../../../src/generation-service/client.js";
import { encodeFilenameHeader } from "../../../src/generation-service/upload.js";
import { uploadTimeoutMs } from "../../../src/http-client/transport.js";
import {
  type GenerationServiceStub,
  readBody,
  sendError,
  sendJson,
  startGenerationServiceStub,
} from "../../support/generation-service-client-server.js";
import { API_KEY, fileObject, IDEMPOTENCY_KEY } from "./fixtures.js";
import { type ClientRig, clientRig, failure } from "./harness.js";

const PATTERN_PERIOD = 251;
const pattern = Buffer.alloc(1024 * 1024 + PATTERN_PERIOD);
for (let i = 0; i < pattern.length; i += 1) pattern[i] = i % PATTERN_PERIOD;

/** Byte `i` of a generated file is `i % 251`: any lost, repeated or reordered chunk shows. */
function generatedBytes(size: number): Buffer {
  return Buffer.from(pattern.subarray(0, size));
}

/** A file of any size made of views into one small buffer: the source itself holds no memory. */
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

let stub: GenerationServiceStub;
const rigs: ClientRig[] = [];

function rig(options: Parameters<typeof clientRig>[1] = {}): ClientRig {
  const made = clientRig(stub, options);
  rigs.push(made);
  return made;
}

beforeEach(async () => {
  stub = await startGenerationServiceStub();
});

afterEach(async () => {
  for (const made of rigs.splice(0)) await made.client.close();
  await stub.close();
});

describe("POST /v1/files", () => {
  it("sends the raw bytes with kind, X-Filename, Content-Length, the key and the Idempotency-Key", async () => {
    const size = 300_000;
    let received: Buffer = Buffer.alloc(0);
    stub.handle(async (req, res) => {
      received = await readBody(req);
      sendJson(res, 200, { ...fileObject, kind: "video", filename: "clip.mp4", bytes: size });
    });
    const uploaded = await rig().client.uploadFile(
      API_KEY,
      { kind: "video", size, filename: "clip.mp4", open: () => generatedStream(size) },
      IDEMPOTENCY_KEY,
    );
    const request = stub.requests[0];
    expect(request).toMatchObject({ method: "POST", path: "/v1/files?kind=video" });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      "idempotency-key": IDEMPOTENCY_KEY,
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "x-filename": "clip.mp4",
    });
    expect(request?.headers["transfer-encoding"]).toBeUndefined();
    expect(received.equals(generatedBytes(size))).toBe(true);
    expect(uploaded).toMatchObject({
      replayed: false,
      file: { id: "file_3b9f", kind: "video", bytes: size },
    });
  });

  it("leaves X-Filename out when there is no usable name", async () => {
    stub.handle(async (req, res) => {
      await readBody(req);
      sendJson(res, 200, { ...fileObject, filename: null });
    });
    const client = rig().client;
    for (const filename of [undefined, "", "..", "dir/"]) {
      await client.uploadFile(
        API_KEY,
        {
          kind: "image",
          size: 1,
          open: () => Readable.from([Buffer.from("x")]),
          ...(filename === undefined ? {} : { filename }),
        },
        IDEMPOTENCY_KEY,
      );
    }
    expect(stub.requests.map((request) => request.headers["x-filename"])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("surfaces a replayed upload", async () => {
    stub.handle(async (req, res) => {
      await readBody(req);
      sendJson(res, 200, fileObject, { "idempotent-replay": "true" });
    });
    const uploaded = await rig().client.uploadFile(
      API_KEY,
      { kind: "image", size: 3, open: () => Readable.from([Buffer.from("png")]) },
      IDEMPOTENCY_KEY,
    );
    expect(uploaded.replayed).toBe(true);
  });
});

describe("X-Filename", () => {
  it("keeps a plain name as it is", () => {
    expect(encodeFilenameHeader("Holiday photo (1).JPG")).toBe("Holiday photo (1).JPG");
  });

  it("percent-encodes UTF-8 and the percent sign, so a decoding service recovers the exact name", () => {
    const encoded = encodeFilenameHeader("мій 100%.png");
    expect(encoded).toBe("%D0%BC%D1%96%D0%B9 100%25.png");
    expect(decodeURIComponent(encoded ?? "")).toBe("мій 100%.png");
  });

  it("cannot carry a line break into the headers and sends only the last path segment", () => {
    expect(encodeFilenameHeader("a\r\nX-Evil: 1.png")).toBe("aX-Evil: 1.png");
    expect(encodeFilenameHeader("../../etc/passwd")).toBe("passwd");
    expect(encodeFilenameHeader("C:\\Users\\me\\clip.mp4")).toBe("clip.mp4");
  });

  it("arrives on the wire as encoded", async () => {
    stub.handle(async (req, res) => {
      await readBody(req);
      sendJson(res, 200, fileObject);
    });
    await rig().client.uploadFile(
      API_KEY,
      { kind: "audio", size: 1, filename: "пісня.mp3", open: () => Readable.from([Buffer.from("x")]) },
      IDEMPOTENCY_KEY,
    );
    expect(stub.requests[0]?.path).toBe("/v1/files?kind=audio");
    expect(decodeURIComponent(String(stub.requests[0]?.headers["x-filename"]))).toBe("пісня.mp3");
  });
});

describe("retries", () => {
  it("opens the file again after a 503 and sends it whole with the same Idempotency-Key", async () => {
    const size = 10_000;
    const bodies: Buffer[] = [];
    stub.handle(async (req, res, index) => {
      bodies.push(await readBody(req));
      if (index === 0) sendError(res, 503, "provider_unavailable", "busy");
      else sendJson(res, 200, fileObject);
    });
    let opened = 0;
    await rig().client.uploadFile(
      API_KEY,
      {
        kind: "image",
        size,
        open: () => {
          opened += 1;
          return generatedStream(size, 1000);
        },
      },
      IDEMPOTENCY_KEY,
    );
    expect(opened).toBe(2);
    expect(bodies.map((body) => body.equals(generatedBytes(size)))).toEqual([true, true]);
    expect(stub.requests.map((request) => request.headers["idempotency-key"])).toEqual([
      IDEMPOTENCY_KEY,
      IDEMPOTENCY_KEY,
    ]);
  });

  it("sends again with a freshly opened source when the first one broke", async () => {
    const size = 200_000;
    stub.handle(async (req, res) => {
      const body = await readBody(req).catch(() => undefined);
      if (body) sendJson(res, 200, fileObject);
    });
    let opened = 0;
    await rig().client.uploadFile(
      API_KEY,
      {
        kind: "image",
        size,
        open: () => {
          opened += 1;
          if (opened > 1) return generatedStream(size);
          let sent = false;
          return new Readable({
            read() {
              if (sent) this.destroy(new Error("download interrupted"));
              else this.push(generatedBytes(1000));
              sent = true;
            },
          });
        },
      },
      IDEMPOTENCY_KEY,
    );
    expect(opened).toBe(2);
  });

  it("fails without retrying when the source delivers another size than declared", async () => {
    stub.handle(async (req, res) => {
      await readBody(req).catch(() => undefined);
      sendJson(res, 200, fileObject);
    });
    for (const delivered of [999, 1001]) {
      let opened = 0;
      const error = await failure(
        rig().client.uploadFile(
          API_KEY,
          {
            kind: "image",
            size: 1000,
            open: () => {
              opened += 1;
              return Readable.from([generatedBytes(delivered)]);
            },
          },
          IDEMPOTENCY_KEY,
        ),
      );
      expect(error).toMatchObject({ code: "invalid_request" });
      expect(opened).toBe(1);
    }
  });
});

describe("limits", () => {
  it("refuses a file above its kind's limit without sending it", async () => {
    for (const kind of ["image", "video", "audio"] as const) {
      let opened = 0;
      const error = await failure(
        rig().client.uploadFile(
          API_KEY,
          {
            kind,
            size: DEFAULT_MAX_UPLOAD_BYTES[kind] + 1,
            open: () => {
              opened += 1;
              return generatedStream(1);
            },
          },
          IDEMPOTENCY_KEY,
        ),
      );
      expect(error).toMatchObject({ code: "file_too_large" });
      expect(error.status).toBeUndefined();
      expect(opened).toBe(0);
    }
    expect(stub.requests).toHaveLength(0);
  });

  it("maps an early 413 to file_too_large and stops reading the source", async () => {
    const size = 20 * 1024 * 1024;
    stub.handle((_req, res) =>
      sendError(res, 413, "file_too_large", "over 20 MB", null, { connection: "close" }),
    );
    let source: Readable | undefined;
    const error = await failure(
      rig().client.uploadFile(
        API_KEY,
        {
          kind: "image",
          size,
          open: () => {
            source = generatedStream(size);
            return source;
          },
        },
        IDEMPOTENCY_KEY,
      ),
    );
    expect(error).toMatchObject({ code: "file_too_large" });
    expect(error.status).toBe(413);
    expect(source?.destroyed).toBe(true);
  });

  it("maps 415 to unsupported_media_type", async () => {
    stub.handle(async (req, res) => {
      await readBody(req);
      sendError(res, 415, "unsupported_media_type", "not an image");
    });
    const error = await failure(
      rig().client.uploadFile(
        API_KEY,
        { kind: "image", size: 4, open: () => Readable.from([Buffer.from("MZ\0\0")]) },
        IDEMPOTENCY_KEY,
      ),
    );
    expect(error).toMatchObject({ code: "unsupported_media_type" });
  });

  it("times out when the service stops answering after the file was sent", async () => {
    stub.handle(async (req) => {
      await readBody(req);
    });
    const error = await failure(
      rig({ uploadBaseTimeoutMs: 200, retry: { maxAttempts: 1 } }).client.uploadFile(
        API_KEY,
        { kind: "image", size: 10, open: () => Readable.from([generatedBytes(10)]) },
        IDEMPOTENCY_KEY,
      ),
    );
    expect(error).toMatchObject({ code: "timeout", operation: "uploadFile" });
  });

  it("allows a large file the time it takes at the slowest accepted rate", () => {
    expect(uploadTimeoutMs(1024 * 1024, 120_000, 512 * 1024)).toBe(122_000);
    expect(uploadTimeoutMs(200 * 1024 * 1024, 120_000, 512 * 1024)).toBe(520_000);
  });
});

describe("a 200 MB video", () => {
  it("is streamed: the service has most of it before the source ends, and memory stays flat", async () => {
    const size = DEFAULT_MAX_UPLOAD_BYTES.video;
    let receivedBytes = 0;
    let receivedWhenSourceEnded = -1;
    let firstChunkBeforeSourceEnded = false;
    let sourceEnded = false;
    const hash = createHash("sha256");
    stub.handle(async (req, res) => {
      for await (const chunk of req) {
        const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        if (receivedBytes === 0) firstChunkBeforeSourceEnded = !sourceEnded;
        receivedBytes += bytes.length;
        hash.update(bytes);
      }
      sendJson(res, 200, { ...fileObject, kind: "video", bytes: receivedBytes });
    });

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const uploaded = await rig({ timeoutMs: 60_000 }).client.uploadFile(
        API_KEY,
        {
          kind: "video",
          size,
          filename: "long.mp4",
          open: () =>
            generatedStream(size, 256 * 1024, () => {
              sourceEnded = true;
              receivedWhenSourceEnded = receivedBytes;
            }),
        },
        IDEMPOTENCY_KEY,
      );
      expect(uploaded.file.bytes).toBe(size);
    } finally {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
    }

    expect(receivedBytes).toBe(size);
    expect(stub.requests[0]?.headers["content-length"]).toBe(String(size));
    expect(firstChunkBeforeSourceEnded).toBe(true);
    expect(receivedWhenSourceEnded).toBeGreaterThan(size / 2);
    const expected = createHash("sha256");
    for await (const chunk of generatedStream(size, 1024 * 1024)) expected.update(chunk);
    expect(hash.digest("hex")).toBe(expected.digest("hex"));
    // Buffered anywhere, the body alone would add 200 MB; streamed, what grows is garbage not yet
    // collected at both ends of the transfer (30 to 50 MB here), not the file.
    expect(peak - baseline).toBeLessThan(size / 2);
  });
});
