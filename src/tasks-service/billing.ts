/**
 * How the task service bills: in tokens, or against a plan's monthly allowances (an earlier deployment
 * of the same interface). It belongs to the deployment, not to a user, so it is learned from any profile
 * the bot reads and kept for the next start: offers name their price class by it before the user's own
 * profile has been read, without a service call or a Redis read on the way to the answer.
 */
import { z } from "zod";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

const BILLING_KEY = "tasks-service:billing";
const BillingSchema = z.enum(["tokens", "quota"]);
export type TaskBillingKind = z.infer<typeof BillingSchema>;

export class TaskBilling {
  private current: TaskBillingKind = "tokens";

  constructor(private readonly kv: Pick<KeyValueStore, "get" | "set">) {}

  get kind(): TaskBillingKind {
    return this.current;
  }

  /** What the last start learned; once, before the bot answers anyone. */
  async load(): Promise<void> {
    this.current = (await readStored(this.kv, BILLING_KEY, BillingSchema)) ?? this.current;
  }

  /** A profile just read: kept only when it says something new. */
  async note(kind: TaskBillingKind): Promise<void> {
    if (kind === this.current) return;
    this.current = kind;
    await this.kv.set(BILLING_KEY, JSON.stringify(kind));
  }
}
