/**
 * Sends a finished task's result to a chat: links with their expiry, TXT and SRT as documents. It
 * takes an Api and a translate function rather than a context, so the delivery job can use it outside
 * any update.
 */
import { type Api, InputFile } from "grammy";
import { request } from "undici";
import { readAtMost } from "../media/read-at-most.js";
import type { Task } from "../tasks-service/responses.js";
import { formatDate } from "./format.js";

/** Fetches a small result file (a transcript) so it can be sent as a document. */
export type ResultDownloader = (url: string) => Promise<Uint8Array>;

/** Transcripts are small; anything bigger is not what we expected and goes out as a link. */
export const MAX_DOCUMENT_RESULT_BYTES = 20 * 1024 * 1024;

export const downloadResult: ResultDownloader = async (url) => {
  const response = await request(url, { method: "GET", headersTimeout: 15_000, bodyTimeout: 30_000 });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    await response.body.dump();
    throw new Error(`result download answered HTTP ${response.statusCode}`);
  }
  const content = await readAtMost(response.body, MAX_DOCUMENT_RESULT_BYTES);
  if (content === undefined) throw new Error(`result is larger than ${MAX_DOCUMENT_RESULT_BYTES} bytes`);
  return content;
};

type Translate = (key: string, variables?: Record<string, string | number>) => string;

export interface ResultDeliveryInput {
  api: Pick<Api, "sendMessage" | "sendDocument">;
  chatId: number;
  task: Task;
  t: Translate;
  locale: string;
  now: Date;
  download?: ResultDownloader;
}

/** Returns false when there is nothing (any more) to deliver. */
export async function deliverTaskResult({
  api,
  chatId,
  task,
  t,
  locale,
  now,
  download = downloadResult,
}: ResultDeliveryInput): Promise<boolean> {
  const expires = task.result_url_expires_at;
  if (expires && expires.getTime() <= now.getTime()) {
    await api.sendMessage(chatId, t("task-result-expired"));
    return false;
  }
  let delivered = false;
  const lines: string[] = [];
  const documents: Array<[string | null | undefined, "txt" | "srt"]> = [
    [task.result_urls?.txt_url, "txt"],
    [task.result_urls?.srt_url, "srt"],
  ];
  for (const [url, extension] of documents) {
    if (!url) continue;
    // Telegram fetches documents by URL only for PDF, ZIP and GIF, so transcripts are uploaded.
    const content = await download(url).catch(() => undefined);
    if (content === undefined) {
      lines.push(`${t(`task-result-document-${extension}`)}: ${url}`);
      continue;
    }
    const file = new InputFile(content, `task-${task.task_id}.${extension}`);
    await api.sendDocument(chatId, file, { caption: t(`task-result-document-${extension}`) });
    delivered = true;
  }
  const clips = task.result_urls?.clips ?? [];
  lines.push(
    ...clips.map((clip) =>
      t("task-result-clip", { index: clip.index, title: clip.title, url: clip.result_url }),
    ),
  );
  if (clips.length === 0 && task.result_url) {
    lines.push(
      expires
        ? t("task-result-link", { url: task.result_url, expires: formatDate(expires, locale) })
        : t("task-result-link-no-expiry", { url: task.result_url }),
    );
  } else if (lines.length > 0 && expires) {
    lines.push(t("task-result-expires", { expires: formatDate(expires, locale) }));
  }
  if (lines.length > 0) {
    await api.sendMessage(chatId, lines.join("\n\n"), { link_preview_options: { is_disabled: true } });
    delivered = true;
  }
  return delivered;
}
