/**
 * How the deployment bills (tokens, or a plan's monthly allowances), learned from any profile read and
 * kept for the next start: offers name their price class before the user's own profile is read.
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

  /** Once, before the bot answers anyone. */
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
