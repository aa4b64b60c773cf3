/** The task forms' FlowDeps, built from the program's services. */
import type { ApiKeyReader } from "../../accounts/ports.js";
import { mp4Header } from "../../media/media-header.js";
import type { MediaRef } from "../../media/media-ref.js";
import { readAtMost } from "../../media/read-at-most.js";
import { openTelegramFile, type TelegramDownloadDeps } from "../../media/telegram-download.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { readHead } from "../../tasks/result-files.js";
import type { TaskSubmissions } from "../../tasks/start.js";
import type { VoicePreviewPort } from "../../tasks/voice-previews.js";
import { parseSrt } from "../../tasks-service/parsers/srt.js";
import type { TasksServicePort } from "../../tasks-service/ports.js";
import type { Profile } from "../../tasks-service/responses.js";
import { newNonce } from "../../telegram/callback-data.js";
import { LastChoices } from "../forms/defaults.js";
import type { AccountView } from "../forms/form.js";
import { type FormBasicServices, formBasics, formUser, readLength } from "../forms/form-basics.js";
import type { Notice } from "../forms/form-state.js";
import { GlossaryStore } from "../glossary.js";
import { readTextDocument } from "../text-document.js";
import type { FlowDeps } from "./conversation.js";
import { FORMS } from "./forms/index.js";

/** An SRT is text: a few hundred kilobytes for hours of speech. Anything bigger is not one. */
const MAX_SRT_BYTES = 2 * 1024 * 1024;
/** A file is read whole for its length only up to this size; a larger one is estimated per minute. */
const MAX_MEASURED_BYTES = 64 * 1024 * 1024;

export interface FlowServices extends FormBasicServices {
  submissions: TaskSubmissions;
  kv: KeyValueStore;
  telegram: TelegramDownloadDeps;
  previews: VoicePreviewPort;
  apiKeys: ApiKeyReader;
  tasksService: Pick<TasksServicePort, "me">;
}

/** What a card shows of the task-service account: the balance or the plan, and the limits it checks. */
export function accountOf(profile: Profile): AccountView {
  return {
    ...(profile.billing === "tokens" ? { balance: profile.token_balance } : { tariff: profile.tariff }),
    ...(typeof profile.limits.max_video_duration === "number"
      ? { maxVideoDurationSeconds: profile.limits.max_video_duration }
      : {}),
  };
}

/**
 * The user's task-service account, or undefined when it cannot be read now (then `failed` logs why): what
 * shows the balance can go without it, and the service still refuses what the balance cannot cover.
 */
export async function readAccount(
  services: Pick<FlowServices, "apiKeys" | "tasksService">,
  userId: number,
  failed: (error: unknown) => void,
): Promise<AccountView | undefined> {
  try {
    const { apiKey } = await services.apiKeys.ensure(userId);
    return accountOf(await services.tasksService.me(apiKey));
  } catch (error) {
    failed(error);
    return undefined;
  }
}

async function readSrt(telegram: TelegramDownloadDeps, ref: MediaRef): Promise<string | Notice> {
  if (ref.source === "link") return { key: "form-srt-as-file" };
  if (ref.size !== undefined && ref.size > MAX_SRT_BYTES) return { key: "form-srt-too-big" };
  const download = await openTelegramFile(telegram, ref.fileId, ref.size);
  const content = await readAtMost(download.stream, MAX_SRT_BYTES);
  return content === undefined ? { key: "form-srt-too-big" } : content.toString("utf8");
}

/** Enough of an MP4's start to hold its movie header when it comes first. */
const VIDEO_HEADER_BYTES = 512 * 1024;

/** How long a video plays, from its movie header; Telegram's whole seconds when that cannot be read. */
async function realSeconds(telegram: TelegramDownloadDeps, video: MediaRef): Promise<number | undefined> {
  if (video.source !== "telegram") return undefined;
  try {
    const download = await openTelegramFile(telegram, video.fileId, video.size);
    const seconds = mp4Header(await readHead(download.stream, VIDEO_HEADER_BYTES)).seconds;
    if (seconds !== undefined) return seconds;
  } catch {
    // Not readable now: Telegram's own figure stands in.
  }
  return video.durationSec;
}

export function createFlowDeps(services: FlowServices): FlowDeps {
  const lastChoices = new LastChoices(services.kv);
  const glossaries = new GlossaryStore(services.kv);
  return {
    ...formBasics(services),
    async prepare(outer, type) {
      const userId = formUser(outer);
      // The service's answer is the slow one: the stored choices are read while it comes.
      const [last, glossary, account] = await Promise.all([
        lastChoices.get(userId, type),
        FORMS[type].glossary ? glossaries.terms(userId) : [],
        readAccount(services, userId, (error) =>
          outer.logger.warn({ err: error }, "account not readable when opening a form"),
        ),
      ]);
      return {
        nonce: newNonce(),
        preferences: outer.preferences,
        last,
        glossary,
        ...(account ? { account } : {}),
      };
    },
    async submit(request, values) {
      await services.submissions.start(request);
      await lastChoices.remember(request.userId, FORMS[request.type], values);
    },
    async checkSrt(ref, video) {
      const text = await readSrt(services.telegram, ref);
      if (typeof text !== "string") return text;
      const videoSeconds = video ? await realSeconds(services.telegram, video) : undefined;
      const parsed = parseSrt(text, videoSeconds === undefined ? {} : { maxDurationSeconds: videoSeconds });
      if (parsed.ok) return undefined;
      const issue = parsed.errors[0];
      return {
        key: `rule-${issue?.code ?? "srt_empty"}`,
        params: { line: issue?.line ?? 1, ...(issue?.params ?? {}) },
      };
    },
    measure: (ref, logger) =>
      readLength(services.telegram, ref, MAX_MEASURED_BYTES).catch((error: unknown) => {
        // The estimate then counts per minute; the submission reports a file that cannot be read.
        logger.warn({ err: error }, "media length not readable");
        return undefined;
      }),
    samplesOnRequest: services.previews.madeOnRequest,
    preview: (request) => services.previews.play(request),
    readText: (ref) => readTextDocument(services.telegram, ref),
  };
}
