/** The chat's open form card, so whatever ends its form from outside (a newer form, /cancel) closes it. */
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

export class OpenFormCards extends ChatSlots<typeof OpenCardSchema> {
  constructor(kv: KeyValueStore) {
    super(kv, "form-card", OpenCardSchema, OPEN_CARD_TTL_MS);
  }
}
