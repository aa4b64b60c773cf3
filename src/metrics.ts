import { Counter, Gauge, Histogram, Registry } from "prom-client";

/** What an operator watches: updates, tasks, deliveries, queues and the service's health as we see it. */
export interface Metrics {
  readonly registry: Registry;
  readonly updatesHandled: Counter<"type">;
  readonly tasksCreated: Counter<"type">;
  readonly generationBatches: Counter<"type">;
  readonly deliveries: Counter<"outcome">;
  readonly queueDepth: Gauge<"queue" | "state">;
  readonly jobFailures: Counter<"job" | "final">;
  readonly unhandledErrors: Counter<"kind">;
  readonly storageUp: Gauge;
  readonly completionToDelivery: Histogram;
  readonly serviceCallSeconds: Histogram<"operation" | "status">;
  readonly serviceErrors: Counter<"operation" | "kind">;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    updatesHandled: new Counter({
      name: "bot_updates_handled_total",
      help: "Telegram updates handled, by update type",
      labelNames: ["type"],
      registers: [registry],
    }),
    tasksCreated: new Counter({
      name: "bot_tasks_created_total",
      help: "Tasks created on the Media Task Service, by task type",
      labelNames: ["type"],
      registers: [registry],
    }),
    generationBatches: new Counter({
      name: "bot_generation_batches_total",
      help: "Batches created on the Image and Video Generation Service, by generation type",
      labelNames: ["type"],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: "bot_deliveries_total",
      help: "Result deliveries, by outcome",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "bot_queue_jobs",
      help: "Jobs per queue and state, read when scraped",
      labelNames: ["queue", "state"],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: "bot_job_failures_total",
      help: "Job runs that failed, by job type; final=true when no attempt is left",
      labelNames: ["job", "final"],
      registers: [registry],
    }),
    unhandledErrors: new Counter({
      name: "bot_unhandled_errors_total",
      help: "Errors nothing handled (each one is a bug): failed updates and unhandled rejections",
      labelNames: ["kind"],
      registers: [registry],
    }),
    storageUp: new Gauge({
      name: "bot_storage_up",
      help: "1 while storage (Redis) is reachable, read when scraped",
      registers: [registry],
    }),
    completionToDelivery: new Histogram({
      name: "bot_completion_to_delivery_seconds",
      help: "Time from a task's completion at the service to its result sent to the chat",
      buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers: [registry],
    }),
    serviceCallSeconds: new Histogram({
      name: "bot_service_call_seconds",
      help: "Latency of Media Task Service calls, by operation and HTTP status",
      labelNames: ["operation", "status"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers: [registry],
    }),
    serviceErrors: new Counter({
      name: "bot_service_errors_total",
      help: "Failed Media Task Service calls, by operation and error kind",
      labelNames: ["operation", "kind"],
      registers: [registry],
    }),
  };
}
