/**
 * Users' keys at rest, AES-256-GCM under KEY_VAULT_SECRET, sealed as `v1.<iv>.<tag>.<ciphertext>` in
 * base64url; the version lets a later secret or cipher coexist with values already stored.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const CIPHER = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_PATTERN = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]*)$/;

/** A sealed value that cannot be opened: damaged, tampered with, or sealed under another secret. */
export class KeyVaultError extends Error {
  override name = "KeyVaultError";
}

export class KeyVault {
  private readonly secret: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== 32) throw new Error("the key vault secret must be exactly 32 bytes");
    this.secret = Buffer.from(secret);
  }

  seal(plain: string): string {
    // A fresh random IV per seal: GCM loses both secrecy and integrity if an IV repeats under one secret.
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.secret, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
    return [VERSION, ...parts].join(".");
  }

  open(sealed: string): string {
    const match = SEALED_PATTERN.exec(sealed);
    if (!match) throw new KeyVaultError("not a sealed value of this vault (format or version)");
    const [, ivText = "", tagText = "", ciphertextText = ""] = match;
    const iv = decodeCanonical(ivText);
    const tag = decodeCanonical(tagText);
    const ciphertext = decodeCanonical(ciphertextText);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new KeyVaultError("sealed value has a damaged IV or tag");
    }
    const decipher = createDecipheriv(CIPHER, this.secret, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new KeyVaultError("sealed value failed authentication (tampered with or another secret)");
    }
  }
}

/** Decodes base64url and refuses non-canonical text, so no character of a sealed value can change unnoticed. */
function decodeCanonical(text: string): Buffer {
  const bytes = Buffer.from(text, "base64url");
  if (bytes.toString("base64url") !== text)
    throw new KeyVaultError("sealed value is not canonical base64url");
  return bytes;
}
