/**
 * The words audit's task screens after Create: every state of a task's card, and each kind of result
 * as the delivery job sends it (its caption, its cost line, its "Then…" buttons, a link instead of a
 * file too big to upload, a failure), through the real delivery job, progress card and result sender,
 * with the service and the result files faked at the edge.
 */
import { Readable } from "node:stream";
import { createI18n } from "../../src/bot/i18n.js";
import type { BotLocale } from "../../src/i18n/locales.js";
import type { Translate } from "../../src/i18n/translate.js";
import { newTicket } from "../../src/lifecycle/tickets.js";
import { createLogger } from "../../src/logger.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { AwaitingSrt, startReview } from "../../src/tasks/awaiting-srt.js";
import { cardText, ProgressCards } from "../../src/tasks/card.js";
import { deliverJob } from "../../src/tasks/deliver-job.js";
import { type TaskRecord, TaskRecords } from "../../src/tasks/records.js";
import { nextTaskButton } from "../../src/tasks/result-actions.js";
import type { ResultFetcher } from "../../src/tasks/result-files.js";
import { createTaskResultSender } from "../../src/tasks/send-result.js";
import type { Task } from "../../src/tasks-service/responses.js";
import { TASK_TYPES, type TaskType } from "../../src/tasks-service/schemas/index.js";
import { serviceTask } from "./bot-fakes.js";
import { type ApiCall, BotHarness } from "./bot-harness.js";
import { buttonsOf, type WordsAudit } from "./words-audit.js";

/** What a transcript says, in the user's language: the service's words, not the bot's. */
const SPOKEN: Record<BotLocale, string> = {
  en: "Good morning everyone, and welcome.",
  uk: "Доброго ранку всім і ласкаво просимо.",
  ru: "Доброе утро всем и добро пожаловать.",
};
/** What the service names a clip and its hook: its words too. */
const CLIP_WORDS: Record<BotLocale, string[]> = {
  en: ["The morning", "The road", "The sea"],
  uk: ["Ранок", "Дорога", "Море"],
  ru: ["Утро", "Дорога", "Море"],
};
const SRT = (locale: BotLocale) => `1\n00:00:00,000 --> 00:00:02,500\n${SPOKEN[locale]}\n`;

/** Result files of every kind; the one named "big" is over Telegram's upload limit. */
function fetcherFor(locale: BotLocale): ResultFetcher {
  return {
    size: async (url) => (url.includes("big") ? 3_000_000_000 : 40_000),
    open: async () => Readable.from([Buffer.from("result")]),
    text: async (url) => (url.endsWith(".srt") ? SRT(locale) : SPOKEN[locale]),
    head: async () => Buffer.alloc(0),
  };
}

const EXPIRES = "2026-12-01T10:00:00";

/** The finished task the service reports for each type. */
function finished(type: TaskType, id: number, locale: BotLocale): Task {
  const url = (name: string) => `https://files.example.com/${id}/${name}`;
  const common = { status: "completed", progress: 100, result_url_expires_at: EXPIRES };
  switch (type) {
    case "transcription":
      return serviceTask(id, {
        ...common,
        type,
        result_urls: { txt_url: url("t.txt"), srt_url: url("t.srt") },
      });
    case "audio":
      return serviceTask(id, { ...common, type: "voiceover", result_url: url("a.mp3") });
    case "smart_clip":
      return serviceTask(id, {
        ...common,
        type,
        result_url: url("v.mp4"),
        result_urls: {
          clips: [1, 2, 3].map((index) => ({
            index,
            title: CLIP_WORDS[locale][index - 1] ?? "",
            hook: `${CLIP_WORDS[locale][index - 1] ?? ""}!`,
            start: index * 30,
            end: index * 30 + 25,
            duration: 25,
            score: 90 - index,
            result_url: url(index === 3 ? `big-${index}.mp4` : `c${index}.mp4`),
          })),
        },
      });
    default:
      return serviceTask(id, { ...common, type, result_url: url("v.mp4") });
  }
}

function recordOf(
  type: TaskType,
  locale: BotLocale,
  taskId: number,
  extra: Partial<TaskRecord> = {},
): TaskRecord {
  return {
    ticket: newTicket(),
    userId: 9300,
    chatId: 9300,
    locale,
    type,
    state: "created",
    origin: "bot",
    taskId,
    form: { values: {}, media: [] },
    request: { type },
    cost: { tokens: 1_244 },
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: Date.now(),
    ...extra,
  };
}

/** Every state a task's card can show, for each type and for a dubbing's render step. */
function auditCardStates(t: Translate, locale: BotLocale, audit: WordsAudit): void {
  const records = [
    ...TASK_TYPES.map((type) => recordOf(type, locale, 1005)),
    recordOf("dubbing", locale, 1006, { parentTaskId: 1005 }),
  ];
  for (const record of records) {
    const where = `task card ${record.type}`;
    audit.check(cardText.uploading(t, record, 2, 5), where);
    audit.check(cardText.creating(t, record), where);
    audit.check(cardText.created(t, record), where);
    audit.check(cardText.progress(t, record, 42), where);
    audit.check(cardText.delivered(t, record), where);
    audit.check(cardText.awaitingCheck(t, record), where);
    audit.check(cardText.failed(t, record), where);
    audit.check(cardText.submitFailed(t, record, t("error-generic")), where);
    audit.check(cardText.unconfirmed(t, record), where);
    audit.check(cardText.notCreated(t, record), where);
    audit.check(cardText.unresolved(t, record), where);
    audit.check(cardText.gaveUp(t, record), where);
  }
}

/** "➡️ Then: X" names the job it starts by the job's own name. */
function checkThenNames(t: Translate, calls: readonly ApiCall[], audit: WordsAudit): void {
  let seen = 0;
  for (const call of calls) {
    for (const button of buttonsOf(call)) {
      const next = nextTaskButton.unpack(button.data)?.data.type;
      if (!next) continue;
      seen += 1;
      const name = t(`task-${next}-name`);
      if (!button.text.toLowerCase().includes(name.toLowerCase())) {
        audit.report("name", `${button.text} (not «${name}»)`, "task result button");
      }
    }
  }
  // Results lead on: a walk that met no "Then…" button read its buttons wrong, and judged nothing.
  if (seen === 0) audit.report("name", "no result button that starts a job was seen", "task results");
}

export async function auditTaskResults(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const i18n = createI18n("en");
  const t: Translate = (key, variables) => i18n.t(locale, key, variables);
  auditCardStates(t, locale, audit);

  const harness = new BotHarness();
  const api = harness.bot.api;
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const fetcher = fetcherFor(locale);
  const results = createTaskResultSender({ uploadLimitBytes: 50 * 1024 * 1024, fetcher });
  const awaiting = new AwaitingSrt(storage.kv);
  let reported: Task = serviceTask(1);
  const job = deliverJob({
    records,
    cards: new ProgressCards(api, records),
    locks: storage.locks,
    apiKeys: { ensure: async () => ({ apiKey: "cmp_audit000_secret" }) },
    tasksService: { getTask: async () => reported },
    creation: { canAdopt: () => false, adoptNamed: async () => undefined },
    sendResult: (request) => results.send(api, request),
    async sendMessage(chatId, text, replyMarkup) {
      await api.sendMessage(chatId, text, replyMarkup ? { reply_markup: replyMarkup } : {});
    },
    deleteMessage: (chatId, messageId) => api.deleteMessage(chatId, messageId),
    reserveChatSend: async () => 0,
    withReservedSend: (_chatId, work) => work(),
    startReview: (record, task, translate) =>
      startReview({ awaiting, fetcher, api }, record, task, translate),
    translate: () => t,
    pollDelayMs: () => 60_000,
    giveUpAfterMs: 24 * 60 * 60 * 1000,
  });
  const context = { jobId: "audit", attempt: 1, logger: createLogger({ level: "silent" }) };
  const run = async (record: TaskRecord, ...states: Task[]) => {
    await records.put({ ...record, cardMessageId: 70 });
    for (const state of states) {
      reported = state;
      await job.handler({ ticket: record.ticket, reason: "poll" }, context);
    }
  };

  let id = 1100;
  for (const type of TASK_TYPES) {
    id += 1;
    await run(
      recordOf(type, locale, id),
      serviceTask(id, { type, status: "processing", progress: 42 }),
      finished(type, id, locale),
    );
  }
  id += 1;
  const transcribe = recordOf("dubbing", locale, id, { request: { type: "dubbing", step: "transcribe" } });
  await run(transcribe, {
    ...finished("transcription", id, locale),
    type: "dubbing",
  });
  id += 1;
  await run(
    recordOf("video", locale, id),
    serviceTask(id, {
      type: "video",
      status: "completed",
      result_url: `https://files.example.com/${id}/big.mp4`,
    }),
  );
  id += 1;
  await run(recordOf("subtitles", locale, id), serviceTask(id, { type: "subtitles", status: "failed" }));
  audit.checkCalls(harness.calls, "task results");
  checkThenNames(t, harness.calls, audit);
}
