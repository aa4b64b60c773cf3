/**
 * A generation service client against the local stub, on memory storage and a clock the test owns:
 * backoff and rate waits are recorded and move the clock instead of sleeping.
 */
import { expect } from "vitest";
import {
  GenerationServiceClient,
  type GenerationServiceClientOptions,
} from "../../../src/generation-service/client.js";
import { GenerationServiceError } from "../../../src/generation-service/errors.js";
import { KeyRateLimits } from "../../../src/generation-service/rate-limits.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { Storage } from "../../../src/storage/ports.js";
import { captureLogger, type GenerationServiceStub } from "../../support/generation-service-client-server.js";

export interface Clock {
  now: number;
}

export interface ClientRig {
  client: GenerationServiceClient;
  clock: Clock;
  storage: Storage;
  rateLimits: KeyRateLimits;
  /** Every wait, backoff and rate alike, in milliseconds. */
  sleeps: number[];
  logLines: string[];
}

export function clientRig(
  stub: GenerationServiceStub,
  options: Partial<GenerationServiceClientOptions> & { clock?: Clock; storage?: Storage } = {},
): ClientRig {
  const { clock: givenClock, storage: givenStorage, ...clientOptions } = options;
  const clock = givenClock ?? { now: Date.now() };
  const storage = givenStorage ?? createMemoryStorage({ now: () => clock.now });
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.now += ms;
  };
  const rateLimits = new KeyRateLimits(storage.kv, { now: () => clock.now, sleep, random: () => 0 });
  const { logger, lines } = captureLogger();
  const client = new GenerationServiceClient({
    baseUrl: stub.baseUrl,
    logger,
    rateLimits,
    timeoutMs: 5_000,
    sleep,
    random: () => 0.5,
    now: () => clock.now,
    ...clientOptions,
  });
  return { client, clock, storage, rateLimits, sleeps, logLines: lines };
}

/** The error a call rejects with, checked to be one of the client's. */
export async function failure(promise: Promise<unknown>): Promise<GenerationServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationServiceError);
  if (!(error instanceof GenerationServiceError)) throw new Error("expected a generation service error");
  return error;
}
