/**
 * The one form card a chat has open, noted while its form waits for the user, so that whatever ends
 * the form from outside (a newer form, /cancel) can close the card too.
 */
import { z } from "zod";
import { ChatSlots } from "../../storage/chat-slots.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { TASK_TYPES } from "../../tasks-service/schemas/index.js";
import { GENERATION_FORM_TYPES } from "./form.js";

/** As long as a stored form lives: a card is closed by a /cancel even after its form timed out. */
const OPEN_CARD_TTL_MS = 24 * 60 * 60 * 1000;

const OpenCardSchema = z.object({
  messageId: z.number().int(),
  type: z.enum([...TASK_TYPES, ...GENERATION_FORM_TYPES]),
});

/** Where each chat's open form card is noted while the form waits for the user. */
export class OpenFormCards extends ChatSlots<typeof OpenCardSchema> {
  constructor(kv: KeyValueStore) {
    super(kv, "form-card", OpenCardSchema, OPEN_CARD_TTL_MS);
  }
}
