import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type ContentKind = "file" | "poster";

export interface SignedLink {
  url: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * Pre-signed links to `GET /v1/files/{id}/content`: `u` (the owning account), `exp` (Unix seconds) and `sig`,
 * an HMAC over the file, the account, the expiry and the kind, so changing any of them breaks the link.
 */
export class LinkSigner {
  readonly #secret = randomBytes(32);

  constructor(private readonly options: { baseUrl: () => string; now: () => number; lifetimeMs: number }) {}

  sign(fileId: string, accountId: string, kind: ContentKind = "file"): SignedLink {
    const expiresAt = Math.floor((this.options.now() + this.options.lifetimeMs) / 1000);
    const query = new URLSearchParams({
      u: accountId,
      exp: String(expiresAt),
      sig: this.#signature(fileId, accountId, expiresAt, kind),
    });
    if (kind === "poster") query.set("kind", "poster");
    return {
      url: `${this.options.baseUrl()}/v1/files/${encodeURIComponent(fileId)}/content?${query}`,
      expiresAt,
    };
  }

  /** The account the link was issued for, when the link is intact and not expired. */
  verify(
    fileId: string,
    query: { u: string | undefined; exp: string | undefined; sig: string | undefined; kind: ContentKind },
  ): string | undefined {
    const { u, exp, sig } = query;
    if (u === undefined || exp === undefined || sig === undefined || !/^\d{1,12}$/.test(exp))
      return undefined;
    const expiresAt = Number(exp);
    if (this.options.now() >= expiresAt * 1000) return undefined;
    const expected = Buffer.from(this.#signature(fileId, u, expiresAt, query.kind), "hex");
    const given = Buffer.from(sig, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected) ? u : undefined;
  }

  #signature(fileId: string, accountId: string, expiresAt: number, kind: ContentKind): string {
    return createHmac("sha256", this.#secret)
      .update(`${fileId}\n${accountId}\n${expiresAt}\n${kind}`)
      .digest("hex");
  }
}
