/** Small in-memory stand-ins for the bot's ports, with the behaviour the bot relies on. */
import { randomBytes } from "node:crypto";
import type { ApiKeysPort, ExistingApiKeyReader, IssuedApiKey } from "../../src/accounts/ports.js";
import type { ResultFetcher } from "../../src/tasks/result-files.js";
import { TasksServiceError } from "../../src/tasks-service/errors.js";
import type { TasksServicePort } from "../../src/tasks-service/ports.js";
import { type Profile, ProfileSchema, type Task, TaskSchema } from "../../src/tasks-service/responses.js";
import type { TaskRequest } from "../../src/tasks-service/schemas/index.js";

function randomToken(length: number): string {
  return randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length);
}

function newKey(): IssuedApiKey {
  const keyId = randomToken(8);
  return { apiKey: `cmp_${keyId}_${randomToken(32)}`, keyId, createdAt: new Date("2026-11-01T10:00:00Z") };
}

/** The user's personal keys (/apikey) and the bot's service keys (chat tasks), apart as in ApiKeys. */
export class FakeApiKeys implements ApiKeysPort, ExistingApiKeyReader {
  readonly keys = new Map<number, IssuedApiKey>();
  readonly serviceKeys = new Map<number, IssuedApiKey>();

  async issue(userId: number): Promise<IssuedApiKey> {
    const issued = newKey();
    this.keys.set(userId, issued);
    return issued;
  }
  rotate(userId: number): Promise<IssuedApiKey> {
    return this.issue(userId);
  }
  async revoke(userId: number): Promise<boolean> {
    return this.keys.delete(userId);
  }
  async describe(userId: number) {
    const key = this.keys.get(userId);
    return key ? { keyId: key.keyId, prefix: key.keyId, createdAt: key.createdAt } : undefined;
  }
  async keyFor(userId: number): Promise<string | undefined> {
    return (this.serviceKeys.get(userId) ?? this.keys.get(userId))?.apiKey;
  }
  async ensure(userId: number) {
    const key = this.serviceKeys.get(userId);
    if (key) return { apiKey: key.apiKey, issued: false };
    const issued = newKey();
    this.serviceKeys.set(userId, issued);
    return { apiKey: issued.apiKey, issued: true };
  }
}

export function tokenProfile(overrides: Record<string, unknown> = {}): Profile {
  return ProfileSchema.parse({
    user_id: 777,
    token_balance: 12_500,
    limits: { seconds_per_month: 3600, max_photos: 30, max_file_size_mb: 500, can_translate: true },
    usage: { used_seconds_this_month: 120, limit_reset_date: "2026-12-01T00:00:00" },
    ...overrides,
  });
}

export function serviceTask(id: number, overrides: Record<string, unknown> = {}): Task {
  return TaskSchema.parse({
    task_id: id,
    type: "transcription",
    status: "completed",
    progress: 100,
    created_at: "2026-11-20T08:30:00",
    ...overrides,
  });
}

export class FakeTasksService implements TasksServicePort {
  profile: Profile = tokenProfile();
  tasks: Task[] = [];
  failWith: TasksServiceError | undefined;
  readonly seenKeys: string[] = [];
  /** The reads asked of the service, in order, as method and path with the key they were made on. */
  readonly reads: Array<{ request: string; apiKey: string }> = [];
  /** Tasks made through createTask, by the key that made them: each key lists and reads only its own. */
  readonly owners = new Map<number, string>();
  readonly createdWith: Array<{ apiKey: string; request: TaskRequest }> = [];

  async createTask(apiKey: string, request: TaskRequest): Promise<{ task_id: number }> {
    const task = serviceTask(5000 + this.createdWith.length, {
      type: request.type === "audio" ? "voiceover" : request.type,
      status: "completed",
      result_url: "https://cdn.example.com/result.mp3",
    });
    this.createdWith.push({ apiKey, request });
    this.tasks.push(task);
    this.owners.set(task.task_id, apiKey);
    return { task_id: task.task_id };
  }

  private visibleTo(apiKey: string): Task[] {
    return this.tasks.filter((task) => (this.owners.get(task.task_id) ?? apiKey) === apiKey);
  }

  async me(apiKey: string): Promise<Profile> {
    this.seenKeys.push(apiKey);
    this.reads.push({ request: "GET /v1/me", apiKey });
    if (this.failWith) throw this.failWith;
    return this.profile;
  }
  async listTasks(apiKey: string, page: { limit: number; offset: number }): Promise<Task[]> {
    this.seenKeys.push(apiKey);
    this.reads.push({ request: "GET /v1/tasks", apiKey });
    if (this.failWith) throw this.failWith;
    return this.visibleTo(apiKey).slice(page.offset, page.offset + page.limit);
  }
  async getTask(apiKey: string, id: number): Promise<Task> {
    this.seenKeys.push(apiKey);
    this.reads.push({ request: `GET /v1/tasks/${id}`, apiKey });
    if (this.failWith) throw this.failWith;
    const task = this.visibleTo(apiKey).find((entry) => entry.task_id === id);
    if (!task) throw new TasksServiceError({ kind: "not_found", operation: "getTask", status: 404 });
    return task;
  }
}

const refuse = async (url: string): Promise<never> => {
  throw new Error(`no download expected in this test: ${url}`);
};
/** Result files for tests that expect none to be read. */
export const refusingFetcher: ResultFetcher = { size: refuse, open: refuse, text: refuse, head: refuse };

/** The task pipeline's settings in a rig: Telegram and the task service are fakes, nothing is dialled. */
export const OFFLINE_TASK_SETTINGS = {
  botToken: "123:test",
  botApiRoot: "http://127.0.0.1:1",
  selfHostedBotApi: false,
  tasksBaseUrl: "http://127.0.0.1:1",
  publicUrl: () => "https://bot.example.com",
  messengerHookSecret: undefined,
  defaultLocale: "en",
};
