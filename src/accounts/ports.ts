/**
 * The accounts module as its users see it: a user's key to act for them (ApiKeyReader), one only if there is
 * one (ExistingApiKeyReader), and /apikey's management of it (ApiKeysPort). ApiKeys implements them all.
 */

export interface IssuedApiKey {
  apiKey: string;
  keyId: string;
  createdAt: Date;
}

export interface DescribedApiKey {
  keyId: string;
  /** What the service's GET /v1/me shows as `api_key_prefix`: the key's 8-character id. */
  prefix: string;
  createdAt: Date;
}

/** The user's live key, issued first if they have none. */
export interface ApiKeyReader {
  ensure(userId: number): Promise<{ apiKey: string }>;
}

/** The user's live key when they have one; never issues a key. */
export interface ExistingApiKeyReader {
  keyFor(userId: number): Promise<string | undefined>;
}

export interface ApiKeysPort extends ApiKeyReader {
  /** Also says whether the key was issued just now. */
  ensure(userId: number): Promise<{ apiKey: string; issued: boolean }>;
  issue(userId: number): Promise<IssuedApiKey>;
  revoke(userId: number): Promise<boolean>;
  describe(userId: number): Promise<DescribedApiKey | undefined>;
}
