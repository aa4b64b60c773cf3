/**
 * Generation service accounts linked to chat users: the user hands over a key made in the service's web
 * area with /connect, optionally with its webhook signing secret; both kept sealed, forgotten on /disconnect.
 */
import { z } from "zod";
import { readJsonRecord } from "../storage/json.js";
import type { Storage } from "../storage/ports.js";
import type { KeyVault } from "./vault.js";

/** What acting for a user on the generation service takes. */
export interface GenerationCredentials {
  apiKey: string;
  /** Present when the user gave it: results are then announced by signed webhooks. */
  signingSecret?: string;
}

/**
 * `<key_prefix>_<env>_<key_id>_<secret>` with env `live` or `test` (the spec's form); the parts' lengths are
 * not given, so only their alphabet is checked.
 */
const KEY_PATTERN = /^([a-z0-9]+_(?:live|test)_[a-z0-9]+)_[A-Za-z0-9]+$/i;
/** The spec shows no form for signing secrets: one token of visible characters, long enough to be one. */
const SIGNING_SECRET_PATTERN = /^[\x21-\x7e]{16,256}$/;

export function isGenerationApiKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

export function isSigningSecret(text: string): boolean {
  return SIGNING_SECRET_PATTERN.test(text) && !KEY_PATTERN.test(text);
}

/** The key's name without its secret, for the user to recognise which key is linked. */
export function keyNameOf(apiKey: string): string {
  return KEY_PATTERN.exec(apiKey)?.[1] ?? "";
}

const LinkRecordSchema = z.strictObject({
  v: z.literal(1),
  sealedKey: z.string().min(1),
  sealedSigningSecret: z.string().min(1).optional(),
  keyName: z.string(),
  linkedAt: z.iso.datetime(),
});
type LinkRecord = z.infer<typeof LinkRecordSchema>;

export interface GenerationLinksDeps {
  storage: Storage;
  vault: KeyVault;
  /**
   * Where a user's account comes from when they never linked one (the playground's sandbox opens one per
   * user). Used once per user: after /disconnect they link with /connect like anyone else.
   */
  autoLink?: (userId: number) => Promise<GenerationCredentials | undefined>;
}

/** The bot's read side: the credentials it acts with. */
export interface GenerationCredentialsReader {
  credentials(userId: number): Promise<GenerationCredentials | undefined>;
}

/** The links as /connect, /disconnect and the account card see them: their public methods. */
export type GenerationLinksPort = Pick<GenerationLinks, keyof GenerationLinks>;

export class GenerationLinks implements GenerationCredentialsReader {
  constructor(private readonly deps: GenerationLinksDeps) {}

  private key(userId: number): string {
    return `generation-link:${userId}`;
  }

  async credentials(userId: number): Promise<GenerationCredentials | undefined> {
    const record = (await this.read(userId)) ?? (await this.linkAutomatically(userId));
    if (!record) return undefined;
    const { vault } = this.deps;
    return {
      apiKey: vault.open(record.sealedKey),
      ...(record.sealedSigningSecret ? { signingSecret: vault.open(record.sealedSigningSecret) } : {}),
    };
  }

  /** Links the key (checked by the caller against the service); a signing secret of an earlier key goes. */
  async link(userId: number, apiKey: string): Promise<void> {
    if (!isGenerationApiKey(apiKey)) throw new Error("not a key of the generation service");
    await this.write(userId, {
      v: 1,
      sealedKey: this.deps.vault.seal(apiKey),
      keyName: keyNameOf(apiKey),
      linkedAt: new Date().toISOString(),
    });
  }

  /** False when no key is linked to add it to. */
  async setSigningSecret(userId: number, secret: string): Promise<boolean> {
    const record = await this.read(userId);
    if (!record) return false;
    await this.write(userId, { ...record, sealedSigningSecret: this.deps.vault.seal(secret) });
    return true;
  }

  /** True when something was linked. */
  async unlink(userId: number): Promise<boolean> {
    // Also spends the one automatic link, so a disconnected playground user stays disconnected.
    await this.deps.storage.kv.set(`generation-link-auto:${userId}`, "used");
    return this.deps.storage.kv.delete(this.key(userId));
  }

  /** The linked account as the user may see it: the key's name (`<key_prefix>_<env>_<key_id>`), never the key. */
  async describe(userId: number) {
    const record = await this.read(userId);
    if (!record) return undefined;
    return {
      keyName: record.keyName,
      linkedAt: new Date(record.linkedAt),
      hasSigningSecret: record.sealedSigningSecret !== undefined,
    };
  }

  private async linkAutomatically(userId: number): Promise<LinkRecord | undefined> {
    const { autoLink, storage } = this.deps;
    if (!autoLink) return undefined;
    if (!(await storage.kv.setIfAbsent(`generation-link-auto:${userId}`, "used"))) return undefined;
    const given = await autoLink(userId);
    if (!given) return undefined;
    await this.link(userId, given.apiKey);
    if (given.signingSecret) await this.setSigningSecret(userId, given.signingSecret);
    return this.read(userId);
  }

  private read(userId: number): Promise<LinkRecord | undefined> {
    return readJsonRecord(
      this.deps.storage.kv,
      this.key(userId),
      LinkRecordSchema,
      `the generation link of user ${userId}`,
    );
  }

  private async write(userId: number, record: LinkRecord): Promise<void> {
    await this.deps.storage.kv.set(this.key(userId), JSON.stringify(LinkRecordSchema.parse(record)));
  }
}
