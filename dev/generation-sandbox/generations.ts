import type { AccountStore, ApiKeyRecord, SandboxAccount } from "./accounts.js";
import type { Background } from "./background.js";
import type { GenerationType, ResultFormat } from "./catalog.js";
import { ServiceError } from "./errors.js";
import type { GenerationFault, SandboxFaults } from "./faults.js";
import { type FileStore, newId } from "./files.js";
import type { LinkSigner } from "./links.js";
import { DAY_MS, MAX_IN_FLIGHT, PLAN_LIMITS } from "./plans.js";
import type { GenerationMode, GenerationPlan } from "./requests.js";
import type { WebhookSender } from "./webhooks.js";

export type GenerationStatus = "queued" | "running" | "succeeded" | "failed" | "canceled";

export interface Generation {
  id: string;
  /** Creation order; list pages and cursors follow it. */
  sequence: number;
  accountId: string;
  /** The key that created it: its budget is charged and refunded, its secret signs the webhook. */
  key: ApiKeyRecord;
  type: GenerationType;
  mode: GenerationMode;
  model: string;
  aspect: string;
  resolution: string;
  prompt: string;
  inputFileIds: string[];
  result: ResultFormat;
  /** How long a video result plays; undefined for images. */
  seconds: number | undefined;
  status: GenerationStatus;
  costTokens: number;
  /** ms */
  created: number;
  metadata: Record<string, string>;
  errorMessage: string | null;
  resultFileId: string | null;
  webhookUrl: string | undefined;
  fault: GenerationFault;
  /** Manual stepping: steps left while running. */
  stepsLeft: number;
}

/** The wire form of a generation (the spec's Generation object). */
export interface GenerationBody {
  id: string;
  object: "generation";
  type: GenerationType;
  status: GenerationStatus;
  mode?: GenerationMode;
  model: string;
  aspect: string;
  resolution: string;
  prompt: string;
  output: { url: string; poster_url?: string; mime: string; expires_at: number } | null;
  error: { message: string } | null;
  cost_tokens: number;
  created: number;
  metadata: Record<string, string>;
}

export interface StorageBlock {
  bytes_used: number;
  bytes_quota: number;
  bytes_remaining: number;
  unlimited: boolean;
  percent: number;
}

export interface ListQuery {
  status: GenerationStatus | undefined;
  type: GenerationType | undefined;
  limit: number;
  startingAfter: string | undefined;
}

export interface GenerationEngineDeps {
  accounts: AccountStore;
  files: FileStore;
  links: LinkSigner;
  faults: SandboxFaults;
  webhooks: WebhookSender;
  background: Background;
  now: () => number;
  /** How long a generation runs, by type (times a slow fault's factor). */
  durationsMs: Record<GenerationType, number>;
  /** False: running generations finish only when step() is called. */
  autoStep: boolean;
  /** What a failed or canceled generation reports as `cost_tokens`: its reservation, or 0 once refunded. */
  refundedCost: "reserved" | "zero";
}

const FINISHED: ReadonlySet<GenerationStatus> = new Set(["succeeded", "failed", "canceled"]);

/**
 * Generations and their lifecycle: reserved and queued at creation, run in the account's concurrency slots
 * (first in, first out), then succeeded (charged: the reservation stays spent; result published; webhook) or
 * failed (refunded). Queued ones may be canceled (refunded); finished ones deleted.
 */
export class GenerationEngine {
  readonly #generations = new Map<string, Generation>();
  /** Every id ever issued, deleted ones too, so a cursor survives the deletion of its generation. */
  readonly #sequences = new Map<string, { sequence: number; accountId: string }>();
  readonly #queues = new Map<string, Generation[]>();
  readonly #running = new Set<Generation>();
  #nextSequence = 1;

  constructor(private readonly deps: GenerationEngineDeps) {}

  /**
   * Account-level checks of a create request, in order: provider down (503), storage full (413), the in-flight
   * cap (429 `queue_full`), the balance (402 `insufficient_credits`), the key's budget (402
   * `key_budget_exceeded`). Then the whole cost is reserved and every generation queued: all or nothing.
   */
  submit(account: SandboxAccount, key: ApiKeyRecord, plan: GenerationPlan) {
    const { faults } = this.deps;
    if (faults.isProviderDown) {
      throw new ServiceError("provider_unavailable", "The generation backend is unavailable; retry later");
    }
    if (this.#isStorageFull(account)) {
      throw new ServiceError("storage_full", "Account storage is full: delete results to make room");
    }
    const inFlight = this.#inFlight(account.id);
    if (inFlight + plan.items.length > MAX_IN_FLIGHT) {
      throw new ServiceError(
        "queue_full",
        `${inFlight} generations are in flight; at most ${MAX_IN_FLIGHT} may be queued or running`,
      );
    }
    const total = plan.costEach * plan.items.length;
    if (account.balance < total) {
      throw new ServiceError(
        "insufficient_credits",
        `The request costs ${total} tokens; the balance is ${account.balance}`,
      );
    }
    if (key.budgetTokens !== undefined && key.budgetUsedTokens + total > key.budgetTokens) {
      throw new ServiceError(
        "key_budget_exceeded",
        `The request costs ${total} tokens; this key has ${key.budgetTokens - key.budgetUsedTokens} of its budget left`,
      );
    }
    account.balance -= total;
    key.budgetUsedTokens += total;
    const created = this.deps.now();
    const generations = plan.items.map((item): Generation => {
      const generation: Generation = {
        id: newId("gen"),
        sequence: this.#nextSequence++,
        accountId: account.id,
        key,
        type: plan.type,
        mode: plan.mode,
        model: plan.model.entry.id,
        aspect: plan.aspect,
        resolution: plan.resolution,
        prompt: item.prompt,
        inputFileIds: item.fileIds,
        result: plan.result,
        seconds: plan.seconds,
        status: "queued",
        costTokens: plan.costEach,
        created,
        metadata: plan.metadata,
        errorMessage: null,
        resultFileId: null,
        webhookUrl: plan.webhookUrl,
        fault: faults.takeGenerationFault(),
        stepsLeft: 0,
      };
      this.#generations.set(generation.id, generation);
      this.#sequences.set(generation.id, { sequence: generation.sequence, accountId: account.id });
      return generation;
    });
    // The response shows every generation as accepted (`queued`); free slots take them right after.
    const batch = {
      id: newId("batch"),
      object: "batch" as const,
      created: Math.floor(created / 1000),
      generations: generations.map((generation) => this.toBody(generation, { withMode: true })),
      cost_tokens: total,
      balance_tokens: account.balance,
    };
    const queue = this.#queues.get(account.id) ?? [];
    queue.push(...generations);
    this.#queues.set(account.id, queue);
    this.pump(account.id);
    return batch;
  }

  /** The account's generation; another account's is as unknown as a missing one. */
  get(id: string, accountId: string): Generation | undefined {
    const generation = this.#generations.get(id);
    return generation?.accountId === accountId ? generation : undefined;
  }

  /** Newest first, after the cursor when one is given. */
  list(accountId: string, query: ListQuery): { data: Generation[]; hasMore: boolean } {
    let after = Number.POSITIVE_INFINITY;
    if (query.startingAfter !== undefined) {
      const cursor = this.#sequences.get(query.startingAfter);
      if (cursor?.accountId !== accountId) {
        throw new ServiceError(
          "invalid_request",
          `starting_after: no generation ${query.startingAfter}`,
          "starting_after",
        );
      }
      after = cursor.sequence;
    }
    const matching = [...this.#generations.values()]
      .filter(
        (generation) =>
          generation.accountId === accountId &&
          generation.sequence < after &&
          (query.status === undefined || generation.status === query.status) &&
          (query.type === undefined || generation.type === query.type),
      )
      .sort((a, b) => b.sequence - a.sequence);
    return { data: matching.slice(0, query.limit), hasMore: matching.length > query.limit };
  }

  /** Cancels a queued generation and refunds it; a canceled one is returned as it is. */
  cancel(id: string, accountId: string): Generation {
    const generation = this.#require(id, accountId);
    if (generation.status === "canceled") return generation;
    if (generation.status !== "queued") {
      throw new ServiceError(
        "already_running",
        generation.status === "running"
          ? "The generation is already with the model provider and cannot be stopped"
          : `The generation has already ${generation.status}`,
      );
    }
    const queue = this.#queues.get(accountId) ?? [];
    queue.splice(queue.indexOf(generation), 1);
    generation.status = "canceled";
    this.#refund(generation);
    this.deps.background.wake();
    return generation;
  }

  /** Removes a finished generation and its file for good. */
  remove(id: string, accountId: string): void {
    const generation = this.#require(id, accountId);
    if (generation.status === "running") {
      throw new ServiceError("already_running", "The generation is running; delete it once it has finished");
    }
    if (generation.status === "queued") {
      throw new ServiceError("invalid_request", "The generation is queued; cancel it before deleting it");
    }
    this.#delete(generation);
  }

  /** Bulk delete: finished generations among `ids`, or older than `olderThanDays`; returns how many went. */
  removeMany(accountId: string, selection: { ids: string[] } | { olderThanDays: number }): number {
    const cutoff =
      "olderThanDays" in selection ? this.deps.now() - selection.olderThanDays * DAY_MS : undefined;
    const candidates =
      "ids" in selection
        ? selection.ids.map((id) => this.get(id, accountId))
        : [...this.#generations.values()].filter(
            (generation) =>
              generation.accountId === accountId && cutoff !== undefined && generation.created < cutoff,
          );
    let deleted = 0;
    for (const generation of new Set(candidates)) {
      if (generation && FINISHED.has(generation.status)) {
        this.#delete(generation);
        deleted += 1;
      }
    }
    return deleted;
  }

  #inFlight(accountId: string): number {
    return (this.#queues.get(accountId)?.length ?? 0) + this.#runningOf(accountId);
  }

  /** Starts queued generations while the account has free slots (after a finish, a cancel or a plan change). */
  pump(accountId: string): void {
    const queue = this.#queues.get(accountId);
    if (!queue) return;
    const slots = PLAN_LIMITS[this.deps.accounts.get(accountId).plan].concurrent;
    let running = this.#runningOf(accountId);
    for (let next = queue[0]; next && running < slots; next = queue[0]) {
      queue.shift();
      this.#start(next);
      running += 1;
    }
  }

  /** Manual stepping: every running generation moves one step; a slow one needs `factor` steps to finish. */
  step(): void {
    for (const generation of [...this.#running]) {
      generation.stepsLeft -= 1;
      if (generation.stepsLeft <= 0) this.#finish(generation);
    }
  }

  /** Resolves when webhooks (retries included) are done and, with autoStep, every generation has finished. */
  idle(): Promise<void> {
    return this.deps.background.until(
      () =>
        this.deps.background.busy ||
        (this.deps.autoStep && [...this.#queues.values()].some((queue) => queue.length > 0)) ||
        (this.deps.autoStep && this.#running.size > 0),
    );
  }

  /** Retention: results older than the plan's period lose their file (the history row stays, without output). */
  async sweep(): Promise<void> {
    const now = this.deps.now();
    const retention = (accountId: string) => PLAN_LIMITS[this.deps.accounts.get(accountId).plan].retentionMs;
    for (const generation of this.#generations.values()) {
      if (generation.resultFileId === null) continue;
      const file = this.deps.files.get(generation.resultFileId);
      if (!file || now - file.created >= retention(generation.accountId)) {
        await this.deps.files.remove(generation.resultFileId);
        generation.resultFileId = null;
      }
    }
    await this.deps.files.sweepUploads((file) => now - file.created >= retention(file.accountId));
  }

  storage(account: SandboxAccount): StorageBlock {
    const used = this.deps.files.resultBytes(account.id) + account.webAppBytes;
    if (account.unlimitedStorage) {
      return { bytes_used: used, bytes_quota: 0, bytes_remaining: 0, unlimited: true, percent: 0 };
    }
    const quota = PLAN_LIMITS[account.plan].storageBytes;
    return {
      bytes_used: used,
      bytes_quota: quota,
      bytes_remaining: Math.max(0, quota - used),
      unlimited: false,
      percent: Math.min(100, Math.floor((used * 100) / quota)),
    };
  }

  #isStorageFull(account: SandboxAccount): boolean {
    const storage = this.storage(account);
    return !storage.unlimited && storage.bytes_remaining <= 0;
  }

  /** `mode` is shown in create responses only, as in the spec. Each read signs a fresh output link. */
  toBody(generation: Generation, options: { withMode?: boolean } = {}): GenerationBody {
    return {
      id: generation.id,
      object: "generation",
      type: generation.type,
      status: generation.status,
      ...(options.withMode ? { mode: generation.mode } : {}),
      model: generation.model,
      aspect: generation.aspect,
      resolution: generation.resolution,
      prompt: generation.prompt,
      output: this.#output(generation),
      error: generation.errorMessage === null ? null : { message: generation.errorMessage },
      cost_tokens:
        this.deps.refundedCost === "zero" &&
        (generation.status === "failed" || generation.status === "canceled")
          ? 0
          : generation.costTokens,
      created: Math.floor(generation.created / 1000),
      metadata: generation.metadata,
    };
  }

  #output(generation: Generation): GenerationBody["output"] {
    const file = generation.resultFileId === null ? undefined : this.deps.files.get(generation.resultFileId);
    if (!file) return null;
    const link = this.deps.links.sign(file.id, file.accountId);
    return {
      url: link.url,
      ...(file.poster ? { poster_url: this.deps.links.sign(file.id, file.accountId, "poster").url } : {}),
      mime: file.mime,
      expires_at: link.expiresAt,
    };
  }

  #require(id: string, accountId: string): Generation {
    const generation = this.get(id, accountId);
    if (!generation) throw new ServiceError("not_found", `No generation ${id}`);
    return generation;
  }

  #runningOf(accountId: string): number {
    let count = 0;
    for (const generation of this.#running) if (generation.accountId === accountId) count += 1;
    return count;
  }

  #start(generation: Generation): void {
    generation.status = "running";
    this.#running.add(generation);
    const factor = generation.fault.slowFactor;
    if (this.deps.autoStep) {
      this.deps.background.later(this.deps.durationsMs[generation.type] * factor, () =>
        this.#finish(generation),
      );
    } else {
      generation.stepsLeft = factor;
    }
  }

  #finish(generation: Generation): void {
    this.#running.delete(generation);
    const failure = generation.fault.failure ?? this.deps.faults.takeFailureOf(generation.id);
    if (failure !== undefined) {
      generation.status = "failed";
      generation.errorMessage = failure;
      this.#refund(generation);
    } else {
      const file = this.deps.files.addResult({
        accountId: generation.accountId,
        format: generation.result,
        seconds: generation.seconds,
        name: generation.id,
      });
      generation.resultFileId = file.id;
      generation.status = "succeeded";
      if (generation.webhookUrl !== undefined) {
        this.deps.webhooks.send({
          url: generation.webhookUrl,
          generation: this.toBody(generation),
          secret: generation.key.signingSecret,
        });
      }
    }
    this.pump(generation.accountId);
    this.deps.background.wake();
  }

  #refund(generation: Generation): void {
    this.deps.accounts.get(generation.accountId).balance += generation.costTokens;
    generation.key.budgetUsedTokens -= generation.costTokens;
  }

  #delete(generation: Generation): void {
    this.#generations.delete(generation.id);
    if (generation.resultFileId !== null) void this.deps.files.remove(generation.resultFileId);
  }
}
