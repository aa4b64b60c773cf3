/** Where forms wait between updates: the conversations plugin's state per chat, checked on the way back in. */
import {
  type ConversationData,
  PLUGIN_DATA_VERSION,
  type VersionedState,
  type VersionedStateStorage,
} from "@grammyjs/conversations";
import { z } from "zod";
import { grammyStorage } from "../storage/grammy-adapter.js";
import type { KeyValueStore } from "../storage/ports.js";
import { validatedSessionStorage } from "./session.js";

/** Stored forms outlive a restart; abandoned ones disappear after a day. */
const FORM_STORAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Per conversation its arguments, replay log and waits; loose objects keep what a plugin release adds. */
const StoredFormSchema = z.object({
  version: z.tuple([z.literal(PLUGIN_DATA_VERSION), z.union([z.string(), z.number()])]),
  state: z.record(
    z.string(),
    z.array(
      z.looseObject({
        args: z.string().optional(),
        replay: z.looseObject({
          send: z.array(z.looseObject({ payload: z.string() })),
          receive: z.array(
            z
              .looseObject({ send: z.number(), returnValue: z.unknown().optional() })
              // JSON leaves out an undefined result; the log still holds one.
              .transform((op) => ({ ...op, returnValue: op.returnValue })),
          ),
        }),
        interrupts: z.array(z.number()),
      }),
    ),
  ),
});

export function formStorageKey(chatKey: string): string {
  return `form:${chatKey}`;
}

/** A record that is not what the plugin wrote is dropped rather than handed over. */
export function formStorage(kv: KeyValueStore): VersionedStateStorage<string, ConversationData> {
  const schema: z.ZodType<VersionedState<ConversationData>> = StoredFormSchema;
  const adapter = grammyStorage(kv, { prefix: formStorageKey(""), ttlMs: FORM_STORAGE_TTL_MS, schema });
  return validatedSessionStorage(adapter, () => {});
}
