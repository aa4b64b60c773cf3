import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookPayloadSchema,
} from "../../../src/generation-service/webhooks.js";
import { succeededVideo } from "./fixtures.js";

const SECRET = "whsec_4f1c0e9a7b";
const NOW = 1_790_000_000;
const body = JSON.stringify({ data: succeededVideo() });

/** Signs as the spec says the service does: lowercase hex HMAC-SHA256 of `<t>.<body>`. */
function sign(timestamp: number, rawBody: string | Buffer = body, secret = SECRET): string {
  const hex = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  return `t=${timestamp},v1=${hex}`;
}

function verify(header: string | string[] | undefined, rawBody: string | Buffer = body, secret = SECRET) {
  return verifyWebhookSignature({ header, rawBody, secret, now: NOW });
}

describe("verifyWebhookSignature", () => {
  it("accepts a delivery signed with the secret just now, as text or as bytes", () => {
    const header = sign(NOW - 2);
    expect(verify(header)).toEqual({ ok: true, timestamp: NOW - 2, signature: header.split("v1=")[1] });
    expect(verify(header, Buffer.from(body, "utf8")).ok).toBe(true);
  });

  it("accepts the edges of the 5-minute tolerance, either way", () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(verify(sign(NOW - 300)).ok).toBe(true);
    expect(verify(sign(NOW + 300)).ok).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    expect(verify(sign(NOW, body, "whsec_other"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a body changed after signing, even by one byte or by re-serializing", () => {
    const header = sign(NOW);
    expect(verify(header, body.replace("succeeded", "succeedeD")).ok).toBe(false);
    expect(verify(header, JSON.stringify(JSON.parse(body), null, 2))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a signature moved to another timestamp", () => {
    const signature = sign(NOW - 600).split(",")[1];
    expect(verify(`t=${NOW},${signature}`)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("calls an authentic delivery signed more than 5 minutes ago stale", () => {
    expect(verify(sign(NOW - 301))).toEqual({ ok: false, reason: "stale", timestamp: NOW - 301 });
  });

  it("calls an authentic delivery signed more than 5 minutes ahead of our clock stale too", () => {
    expect(verify(sign(NOW + 301))).toEqual({ ok: false, reason: "stale", timestamp: NOW + 301 });
  });

  it("tells a forged old delivery only that its signature is wrong", () => {
    expect(verify(sign(NOW - 3600, body, "guess"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("accepts any one matching v1 among several, and ignores other schemes", () => {
    const good = sign(NOW).split(",")[1];
    const other = sign(NOW, body, "old secret").split(",")[1];
    expect(verify(`t=${NOW},${other},${good}`).ok).toBe(true);
    expect(verify(`t=${NOW}, v0=abc, ${good}`).ok).toBe(true);
  });

  const malformed: Array<[string, string | string[] | undefined]> = [
    ["no header", undefined],
    ["an empty header", ""],
    ["a repeated header", [sign(NOW), sign(NOW)]],
    ["no timestamp", sign(NOW).split(",")[1] ?? ""],
    ["no signature", `t=${NOW}`],
    ["two timestamps", `t=${NOW},${sign(NOW)}`],
    ["a timestamp that is not a number", sign(NOW).replace(`t=${NOW}`, "t=yesterday")],
    ["a negative timestamp", sign(NOW).replace(`t=${NOW}`, `t=-${NOW}`)],
    ["a signature that is not hex", `t=${NOW},v1=${"z".repeat(64)}`],
    ["a signature of the wrong length", `t=${NOW},v1=${"a".repeat(63)}`],
    [
      "an upper-case signature (the spec says lowercase)",
      sign(NOW).toUpperCase().replace("T=", "t=").replace("V1=", "v1="),
    ],
    ["a part without a name", `${sign(NOW)},=x`],
    ["a part without a value separator", `${sign(NOW)},garbage`],
  ];

  for (const [name, header] of malformed) {
    it(`calls ${name} malformed`, () => {
      expect(verify(header)).toEqual({ ok: false, reason: "malformed" });
    });
  }

  it("refuses to verify with an empty secret", () => {
    expect(verify(sign(NOW, body, ""), body, "")).toEqual({ ok: false, reason: "malformed" });
  });

  it("verifies a replayed delivery again and returns its signature, for the receiver to remember", () => {
    const header = sign(NOW);
    const first = verify(header);
    const again = verify(header);
    expect(first).toEqual(again);
    expect(first.ok && first.signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("WebhookPayloadSchema", () => {
  it("reads the generation under data and keeps other envelope fields", () => {
    const payload = WebhookPayloadSchema.parse({ ...JSON.parse(body), event: "generation.succeeded" });
    expect(payload.data).toMatchObject({ id: "gen_ffee0011", status: "succeeded" });
    expect(payload.data.output?.url).toContain("sig=");
    expect(payload.event).toBe("generation.succeeded");
  });

  it("refuses a body without a generation under data", () => {
    expect(WebhookPayloadSchema.safeParse(succeededVideo()).success).toBe(false);
    expect(WebhookPayloadSchema.safeParse({ data: { id: "gen_01" } }).success).toBe(false);
  });
});
