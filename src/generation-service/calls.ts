/**
 * One call to the generation service: each attempt waits its turn in the shared rate state, records the
 * answer's rate headers, and turns an error status into the error of its `error.code`.
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { ServiceClientBasics } from "../http-client/client-options.js";
import { describeValidationIssue } from "../http-client/errors.js";
import { parseRetryAfter, withRetries } from "../http-client/retry.js";
import {
  attemptLog,
  type Exchange,
  type HttpRequest,
  headerText,
  parseJsonAs,
  readText,
  type TransportFailure,
  type TransportFailureKind,
} from "../http-client/transport.js";
import type { Logger } from "../logger.js";
import {
  errorForCode,
  type GenerationErrorCode,
  type GenerationErrorInit,
  type GenerationOperation,
  GenerationServiceError,
  isGenerationServiceError,
  type RateSnapshot,
} from "./errors.js";
import { type KeyRateLimits, readRateHeaders } from "./rate-limits.js";
import { checkedIdempotencyKey } from "./requests.js";
import { ErrorBodySchema, ValidationErrorBodySchema } from "./responses.js";

/** `onRetry` is told before each wait for another attempt (the failed one's code and number, from 1). */
export interface CallOptions {
  onRetry?: (notice: { code: string; attempt: number; waitMs: number }) => Promise<void>;
}

/** Largest JSON answer read; answers of this API are well under a megabyte. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The statuses the spec says to retry. */
const RETRIED_STATUSES = new Set([429, 503]);

export interface CallSpec<T> extends Omit<HttpRequest, "headers">, CallOptions {
  operation: GenerationOperation;
  apiKey?: string;
  idempotencyKey?: string;
  /** Every answer of this API is JSON, read into this shape. */
  schema: z.ZodType<T>;
}

export interface Received<T> {
  value: T;
  replayed: boolean;
}

export class GenerationCalls {
  constructor(
    private readonly deps: Pick<
      ServiceClientBasics,
      "transport" | "retryPolicy" | "sleep" | "random" | "observeAttempt"
    > & { logger: Logger; rateLimits: KeyRateLimits; now: () => number },
  ) {}

  /** A malformed Idempotency-Key is refused before anything is sent. */
  call<T>(spec: CallSpec<T>): Promise<Received<T>> {
    if (spec.idempotencyKey !== undefined) checkedIdempotencyKey(spec.operation, spec.idempotencyKey);
    return withRetries({
      policy: this.deps.retryPolicy,
      random: this.deps.random,
      sleep: this.deps.sleep,
      attempt: async (attempt) => {
        if (spec.apiKey !== undefined) await this.awaitTurn(spec.apiKey, spec.operation);
        return await this.attempt(spec, attempt);
      },
      retryable: (error: GenerationServiceError) => isRetryable(spec, error),
      beforeWait: async (error, attempt, waitMs) => {
        const notice = { code: error.code, attempt, waitMs };
        const call = { op: spec.operation, method: spec.method, path: pathOf(spec.url) };
        this.deps.logger.warn({ ...call, ...notice }, "generation service call will be retried");
        await this.besides(
          () => spec.onRetry?.(notice),
          { op: spec.operation },
          "a retry notice could not be handled",
        );
      },
    });
  }

  /** Waits while the key has nothing left; storage trouble lets the call go (a 429 is retried). */
  private async awaitTurn(apiKey: string, operation: GenerationOperation): Promise<void> {
    try {
      await this.deps.rateLimits.awaitTurn(apiKey, operation);
    } catch (error) {
      if (isGenerationServiceError(error) && error.code === "rate_limit_exceeded") throw error;
      this.deps.logger.warn(
        { op: operation, err: error },
        "generation rate state unreadable; sending anyway",
      );
    }
  }

  /** Logged when it fails: a call that succeeded (tokens reserved) never fails over its bookkeeping. */
  private async besides(work: () => Promise<void> | undefined, fields: object, message: string) {
    try {
      await work();
    } catch (error) {
      this.deps.logger.warn({ ...fields, err: error }, message);
    }
  }

  private remember(apiKey: string, operation: GenerationOperation, write: () => Promise<void>) {
    const keyId = this.deps.rateLimits.storageKey(apiKey);
    return this.besides(write, { op: operation, keyId }, "generation rate state not saved");
  }

  private async attempt<T>(
    spec: CallSpec<T>,
    attempt: number,
  ): Promise<{ value: Received<T> } | { error: GenerationServiceError }> {
    const { operation, method, url, apiKey } = spec;
    const log = attemptLog(
      this.deps.logger,
      "generation",
      { op: operation, method, path: pathOf(url), attempt },
      this.deps.observeAttempt,
    );
    const fail = (error: GenerationServiceError) => {
      log(error.status, { code: error.code });
      return { error };
    };
    const headers: Record<string, string> = { accept: "application/json" };
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    if (spec.idempotencyKey !== undefined) headers["idempotency-key"] = spec.idempotencyKey;
    const exchange = await this.deps.transport.send({ ...spec, headers });
    if (exchange.failure) return fail(errorOfFailure(operation, exchange.failure));

    const { response } = exchange;
    const status = response.statusCode;
    const rate = readRateHeaders(response.headers, this.deps.now());
    if (apiKey !== undefined && rate !== undefined) {
      await this.remember(apiKey, operation, () => this.deps.rateLimits.record(apiKey, rate));
    }
    if (status < 200 || status >= 300) {
      const error = await this.errorFromResponse(operation, response, rate).finally(exchange.release);
      if (apiKey !== undefined && error.code === "rate_limit_exceeded" && error.retryAfterMs !== undefined) {
        const retryAfterMs = error.retryAfterMs;
        await this.remember(apiKey, operation, () =>
          this.deps.rateLimits.recordRefusal(apiKey, retryAfterMs, rate),
        );
      }
      return fail(error);
    }
    return await this.receive(spec, exchange, log);
  }

  private async receive<T>(
    spec: CallSpec<T>,
    exchange: Exchange & { response: Dispatcher.ResponseData },
    log: ReturnType<typeof attemptLog>,
  ): Promise<{ value: Received<T> } | { error: GenerationServiceError }> {
    const { response } = exchange;
    try {
      const value = await readJson(spec.operation, spec.schema, response);
      log(response.statusCode);
      const replayed = headerText(response.headers["idempotent-replay"])?.toLowerCase() === "true";
      return { value: { value, replayed } };
    } catch (error) {
      const failed =
        error instanceof GenerationServiceError
          ? error
          : errorOfFailure(spec.operation, exchange.classify(error));
      log(failed.status, { code: failed.code });
      return { error: failed };
    } finally {
      exchange.release();
    }
  }

  /** The typed error of an error status, chosen by the body's `error.code`. */
  private async errorFromResponse(
    operation: GenerationOperation,
    response: Dispatcher.ResponseData,
    rate: RateSnapshot | undefined,
  ): Promise<GenerationServiceError> {
    const status = response.statusCode;
    const retryAfterMs = parseRetryAfter(response.headers["retry-after"], this.deps.now());
    const init: GenerationErrorInit = {
      operation,
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(rate === undefined ? {} : { rate }),
    };
    let json: unknown;
    try {
      json = JSON.parse(await readText(response.body, MAX_RESPONSE_BYTES));
    } catch (error) {
      // The status still says what happened when the body is cut off or is not JSON (a proxy's page).
      return new GenerationServiceError("unexpected_error", { ...init, cause: error });
    }
    const serviceError = ErrorBodySchema.safeParse(json);
    if (serviceError.success) {
      const { code, message, type, param } = serviceError.data.error;
      return errorForCode(code, {
        ...init,
        detail: message,
        ...(type == null ? {} : { errorType: type }),
        ...(param == null ? {} : { param }),
      });
    }
    const validation = ValidationErrorBodySchema.safeParse(json);
    if (status === 422 && validation.success) {
      return new GenerationServiceError("validation_failed", {
        ...init,
        detail: validation.data.detail.map(describeValidationIssue).join("; "),
        issues: validation.data.detail,
      });
    }
    return new GenerationServiceError("unexpected_error", init);
  }
}

function isRetryable<T>(spec: CallSpec<T>, error: GenerationServiceError): boolean {
  if (error.status !== undefined) return RETRIED_STATUSES.has(error.status);
  const broken =
    error.code === "timeout" || error.code === "network" || error.code === "upload_source_failed";
  if (!broken) return false;
  // A DELETE that may have been done would answer its repeat with 404; only one never sent is repeated.
  return error.notSent || spec.method === "GET" || spec.idempotencyKey !== undefined;
}

async function readJson<T>(
  operation: GenerationOperation,
  schema: z.ZodType<T>,
  response: Dispatcher.ResponseData,
): Promise<T> {
  const text = await readText(response.body, MAX_RESPONSE_BYTES);
  const parsed = parseJsonAs(text.length === 0 ? undefined : text, schema);
  if ("value" in parsed) return parsed.value;
  throw new GenerationServiceError("invalid_response", { operation, status: response.statusCode, ...parsed });
}

/** The code each failure on our side of the wire is told as. */
const CODE_OF_FAILURE: Record<TransportFailureKind, GenerationErrorCode> = {
  response_too_large: "invalid_response",
  upload_size_mismatch: "invalid_request",
  upload_source_failed: "upload_source_failed",
  timeout: "timeout",
  network: "network",
};

function errorOfFailure(operation: GenerationOperation, failure: TransportFailure): GenerationServiceError {
  return new GenerationServiceError(CODE_OF_FAILURE[failure.kind], { operation, ...failure });
}

/** The path without its query: signed links carry their signature there. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}
