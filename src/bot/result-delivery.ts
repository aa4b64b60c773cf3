/**
 * Sends a finished task's result to a chat: links with their expiry, TXT and SRT as documents. It
 * takes an Api and a translate function rather than a context, so the delivery job can use it outside
 * any update.
 */
import type { Api } from "grammy";
import type { Task } from "../tasks-service/responses.js";
import { formatDate } from "./format.js";

type Translate = (key: string, variables?: Record<string, string | number>) => string;

export interface ResultDeliveryInput {
  api: Pick<Api, "sendMessage" | "sendDocument">;
  chatId: number;
  task: Task;
  t: Translate;
  locale: string;
  now: Date;
}

/** Returns false when there is nothing (any more) to deliver. */
export async function deliverTaskResult({
  api,
  chatId,
  task,
  t,
  locale,
  now,
}: ResultDeliveryInput): Promise<boolean> {
  const expires = task.result_url_expires_at;
  if (expires && expires.getTime() <= now.getTime()) {
    await api.sendMessage(chatId, t("task-result-expired"));
    return false;
  }
  let delivered = false;
  const documents: Array<[string | null | undefined, string]> = [
    [task.result_urls?.txt_url, "task-result-document-txt"],
    [task.result_urls?.srt_url, "task-result-document-srt"],
  ];
  for (const [url, captionKey] of documents) {
    if (!url) continue;
    await api.sendDocument(chatId, url, { caption: t(captionKey) });
    delivered = true;
  }
  const clips = task.result_urls?.clips ?? [];
  const lines = clips.map((clip) =>
    t("task-result-clip", { index: clip.index, title: clip.title, url: clip.result_url }),
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
