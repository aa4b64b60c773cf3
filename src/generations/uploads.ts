/** The request's files uploaded once each before the batch is created, streamed afresh by every attempt. */
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { CallOptions, GenerationServiceClient } from "../generation-service/client.js";
import { deriveIdempotencyKey } from "../generation-service/idempotency.js";
import type { FileKind } from "../generation-service/responses.js";
import type { FileUpload } from "../generation-service/upload.js";
import type { Translate } from "../i18n/translate.js";
import { mediaKey } from "../lifecycle/records.js";
import { MediaError } from "../media/accept.js";
import { MediaRefSchema, type TelegramMediaRef } from "../media/media-ref.js";
import { peek, sniffFormat } from "../media/sniff.js";
import type { TelegramDownload } from "../media/telegram-download.js";
import { uploadFileName } from "../media/transfer.js";
import type { BatchCards } from "./card.js";
import type { Problem } from "./problems.js";
import type { BatchRecord, GenerationRecords } from "./records.js";
import { FILE_FIELDS, type FileField, formatTaken, KIND_RULES } from "./reference-files.js";

/** A file of the request the service would not take, found before it is uploaded. */
export class RefusedFile extends Error {
  override readonly name = "RefusedFile";
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}

export interface UploadDeps {
  records: GenerationRecords;
  cards: Pick<BatchCards, "show">;
  service: Pick<GenerationServiceClient, "uploadFile">;
  openTelegramFile(ref: TelegramMediaRef): Promise<TelegramDownload>;
}

/** A source clip or audio checked by size and first bytes before a byte goes; the service trims long ones. */
async function checkedUpload(
  open: (ref: TelegramMediaRef) => Promise<TelegramDownload>,
  ref: TelegramMediaRef,
  kind: Exclude<FileKind, "image">,
): Promise<{ upload: FileUpload; release: () => void }> {
  const { maxBytes, formatsText } = KIND_RULES[kind];
  if (ref.size !== undefined && ref.size > maxBytes)
    throw new RefusedFile({ key: "generation-error-file_too_large" });
  const first = await open(ref);
  const peeked = await peek(first.stream);
  const sniffed = await sniffFormat(peeked.head);
  // MPEG-4 audio with a generic brand is reported as MP4.
  const format = kind === "audio" && sniffed === "mp4" ? "m4a" : sniffed;
  if (format === undefined || !formatTaken(format, kind)) {
    peeked.stream.destroy();
    const key = kind === "audio" ? "video-refs-not-audio" : "video-refs-not-video";
    throw new RefusedFile({ key, params: { formats: formatsText } });
  }
  return telegramUpload(open, ref, kind, uploadFileName(ref, format), { ...first, stream: peeked.stream });
}

/** A Telegram file whose every upload attempt reads it afresh; `release` frees an unread first download. */
async function telegramUpload(
  open: (ref: TelegramMediaRef) => Promise<TelegramDownload>,
  ref: TelegramMediaRef,
  kind: FileKind,
  filename: string,
  opened?: TelegramDownload,
): Promise<{ upload: FileUpload; release: () => void }> {
  const first = opened ?? (await open(ref));
  let unread: Readable | undefined = first.stream;
  const upload: FileUpload = {
    kind,
    size: first.size,
    filename,
    open: () => {
      if (unread) {
        const stream = unread;
        unread = undefined;
        return stream;
      }
      const output = new PassThrough();
      open(ref)
        .then(({ stream }) => pipeline(stream, output))
        .catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
      return output;
    },
  };
  return { upload, release: () => unread?.destroy() };
}

function uploadingKey(record: BatchRecord, kind: FileKind): string {
  if (kind === "video") return "video-refs-uploading-clip";
  if (kind === "audio") return "video-refs-uploading-audio";
  return record.type === "video" ? "video-card-uploading" : "generation-card-uploading";
}

/** The request's files uploaded once each, as the request field they fill has them. */
export async function uploadReferences(
  deps: UploadDeps,
  record: BatchRecord,
  apiKey: string,
  t: Translate,
  options: CallOptions,
): Promise<{ record: BatchRecord; files: Record<string, string | string[]> }> {
  const field = (Object.keys(FILE_FIELDS) as FileField[]).find(
    (candidate) => record.request[candidate] !== undefined,
  );
  if (!field) return { record, files: {} };
  const kind = FILE_FIELDS[field];
  const raw = record.request[field];
  const refs = (Array.isArray(raw) ? raw : [raw]).map((value) => MediaRefSchema.parse(value));
  const fileIds: string[] = [];
  let current = record;
  for (const [index, ref] of refs.entries()) {
    const key = mediaKey(ref);
    const earlier = current.uploads[key];
    if (earlier) {
      fileIds.push(earlier);
      continue;
    }
    if (ref.source !== "telegram")
      throw new MediaError("unsupported_type", "references are photos sent in the chat");
    await deps.cards.show(current, t(uploadingKey(current, kind), { done: index + 1, total: refs.length }));
    const { upload, release } =
      kind === "image"
        ? await telegramUpload(deps.openTelegramFile, ref, kind, ref.fileName ?? `${ref.kind}.jpg`)
        : await checkedUpload(deps.openTelegramFile, ref, kind);
    const { file } = await deps.service
      .uploadFile(apiKey, upload, deriveIdempotencyKey(current.formInstance, `upload:${key}`), options)
      .finally(release);
    fileIds.push(file.id);
    current =
      (await deps.records.update(current.ticket, (stored) => ({
        ...stored,
        uploads: { ...stored.uploads, [key]: file.id },
      }))) ?? current;
  }
  const [only] = fileIds;
  return { record: current, files: { [field]: Array.isArray(raw) || !only ? fileIds : only } };
}
