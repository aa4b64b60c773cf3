/** A user's language and form defaults; a record that no longer parses (an older shape) counts as none. */
import type { StorageAdapter } from "grammy";
import { z } from "zod";
import { BOT_LOCALES } from "../i18n/locales.js";
import { grammyStorage } from "../storage/grammy-adapter.js";
import type { KeyValueStore } from "../storage/ports.js";
import {
  SUB_POSITIONS,
  SUB_SIZES,
  SUB_STYLES,
  TTS_SPEEDS,
  TTS_STYLES,
  VIDEO_FORMATS,
} from "../tasks-service/schemas/common.js";
import { validatedSessionStorage } from "./session.js";

export const LISTED_PREFERENCES = {
  ttsSpeed: TTS_SPEEDS,
  ttsStyle: TTS_STYLES,
  subStyle: SUB_STYLES,
  subPosition: SUB_POSITIONS,
  subSize: SUB_SIZES,
  videoFormat: VIDEO_FORMATS,
} as const;

export const UserPreferencesSchema = z.object({
  language: z.enum(BOT_LOCALES).optional(),
  ttsProvider: z.string().min(1).max(64).optional(),
  ttsVoice: z.string().min(1).max(128).optional(),
  ttsSpeed: z.union(TTS_SPEEDS.map((speed) => z.literal(speed))).optional(),
  ttsStyle: z.enum(TTS_STYLES).optional(),
  subStyle: z.enum(SUB_STYLES).optional(),
  subPosition: z.enum(SUB_POSITIONS).optional(),
  subSize: z.enum(SUB_SIZES).optional(),
  videoFormat: z.enum(VIDEO_FORMATS).optional(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

const PREFERENCES_PREFIX = "prefs:";

export function preferencesKey(userId: number): string {
  return PREFERENCES_PREFIX + userId;
}

export class PreferencesRepository {
  private readonly stored: StorageAdapter<UserPreferences>;

  constructor(kv: KeyValueStore) {
    const adapter = grammyStorage(kv, { prefix: PREFERENCES_PREFIX, schema: UserPreferencesSchema });
    this.stored = validatedSessionStorage(adapter, () => {});
  }

  async get(userId: number): Promise<UserPreferences> {
    return (await this.stored.read(String(userId))) ?? {};
  }

  /** Applies a change; a field set to undefined returns to automatic. */
  async update(userId: number, change: Partial<UserPreferences>): Promise<UserPreferences> {
    const merged: Record<string, unknown> = { ...(await this.get(userId)), ...change };
    for (const [field, value] of Object.entries(merged)) if (value === undefined) delete merged[field];
    const next = UserPreferencesSchema.parse(merged);
    await this.stored.write(String(userId), next);
    return next;
  }
}
