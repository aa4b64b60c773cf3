import { Counter, Gauge, Histogram, Registry } from "prom-client";

/** What an operator watches: updates, tasks, deliveries, queues and the service's health as we see it. */
export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const counter = <Label extends string>(name: string, help: string, ...labelNames: Label[]) =>
    new Counter<Label>({ name, help, labelNames, registers });
  const gauge = <Label extends string>(name: string, help: string, ...labelNames: Label[]) =>
    new Gauge<Label>({ name, help, labelNames, registers });
  const histogram = <Label extends string>(
    name: string,
    help: string,
    buckets: number[],
    ...labelNames: Label[]
  ) => new Histogram<Label>({ name, help, buckets, labelNames, registers });
  return {
    registry,
    updatesHandled: counter("bot_updates_handled_total", "Telegram updates handled, by update type", "type"),
    tasksCreated: counter(
      "bot_tasks_created_total",
      "Tasks created on the Media Task Service, by task type",
      "type",
    ),
    generationBatches: counter(
      "bot_generation_batches_total",
      "Batches created on the Image and Video Generation Service, by generation type",
      "type",
    ),
    deliveries: counter("bot_deliveries_total", "Result deliveries, by outcome", "outcome"),
    queueDepth: gauge("bot_queue_jobs", "Jobs per queue and state, read when scraped", "queue", "state"),
    jobFailures: counter(
      "bot_job_failures_total",
      "Job runs that failed, by job type; final=true when no attempt is left",
      "job",
      "final",
    ),
    unhandledErrors: counter(
      "bot_unhandled_errors_total",
      "Errors nothing handled (each one is a bug): failed updates and unhandled rejections",
      "kind",
    ),
    storageUp: gauge("bot_storage_up", "1 while storage (Redis) is reachable, read when scraped"),
    completionToDelivery: histogram(
      "bot_completion_to_delivery_seconds",
      "Time from a task's completion at the service to its result sent to the chat",
      [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
    ),
    serviceCallSeconds: histogram(
      "bot_service_call_seconds",
      "Latency of each attempt of a call to a service (tasks, generation), by operation and HTTP status (none: no answer)",
      [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      "service",
      "operation",
      "status",
    ),
    serviceErrors: counter(
      "bot_service_errors_total",
      "Failed attempts of calls to a service (tasks, generation), by operation and error kind or code",
      "service",
      "operation",
      "kind",
    ),
  };
}

/** Counts every attempt of a service call (as the clients' AttemptObserver reports it) into the metrics. */
export function serviceAttemptCounter(metrics: Pick<Metrics, "serviceCallSeconds" | "serviceErrors">) {
  return (attempt: {
    service: string;
    operation: string;
    status: number | undefined;
    seconds: number;
    failure: string | undefined;
  }) => {
    const { service, operation, status, seconds, failure } = attempt;
    metrics.serviceCallSeconds.observe({ service, operation, status: status ?? "none" }, seconds);
    if (failure !== undefined) metrics.serviceErrors.inc({ service, operation, kind: failure });
  };
}
