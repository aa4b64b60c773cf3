/**
 * What the bot keeps about a piece of media a user handed in: a Telegram file (by file_id, never by its
 * download URL, which carries the bot token) or an https link the service fetches itself.
 */

import type { Message, Video } from "grammy/types";
import { z } from "zod";

const MEDIA_KINDS = ["photo", "video", "audio", "voice", "video_note", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

function isHttpsUrl(text: string): boolean {
  const url = URL.parse(text);
  return url?.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

const TelegramMediaRefSchema = z.object({
  source: z.literal("telegram"),
  kind: z.enum(MEDIA_KINDS),
  fileId: z.string().min(1),
  fileUniqueId: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
  mime: z.string().min(1).optional(),
  fileName: z.string().min(1).optional(),
  durationSec: z.number().nonnegative().optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  mediaGroupId: z.string().min(1).optional(),
  /** The message that carried it: its place among the files a user sends (see addInMessageOrder). */
  messageId: z.number().int().positive().optional(),
});
export type TelegramMediaRef = z.infer<typeof TelegramMediaRefSchema>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * A link the service can fetch: https, or http on loopback, where a local service (the playground's
 * sandbox, tests) serves the results a "Then..." button hands back; linksIn refuses users' http links.
 */
function isServiceFetchable(text: string): boolean {
  const url = URL.parse(text);
  return isHttpsUrl(text) || (url?.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
}

/**
 * One of the user's own results, handed on by its link: the card names a task's by the task and clip, a
 * generated clip by its number in its batch.
 */
const ResultOriginSchema = z.union([
  z.object({ taskId: z.number().int().nonnegative(), clip: z.number().int().nonnegative().optional() }),
  z.object({ generated: z.number().int().positive() }),
]);
export type ResultOrigin = z.infer<typeof ResultOriginSchema>;

const LinkMediaRefSchema = z.object({
  source: z.literal("link"),
  url: z.string().refine(isServiceFetchable, "must be an https URL without credentials"),
  kindHint: z.enum(MEDIA_KINDS).optional(),
  /** The message the link was in; a link the bot made itself (a result's) has none. */
  messageId: z.number().int().positive().optional(),
  /** How long it plays, where the bot knows it (a result it delivered). */
  durationSec: z.number().nonnegative().optional(),
  origin: ResultOriginSchema.optional(),
});
export type LinkMediaRef = z.infer<typeof LinkMediaRefSchema>;

export type MediaRef = TelegramMediaRef | LinkMediaRef;

export const MediaRefSchema = z.discriminatedUnion("source", [TelegramMediaRefSchema, LinkMediaRefSchema]);

/** A link the user sent that cannot be used has a stable code (locale key `media-error-<code>`). */
type LinkProblem = { code: "link_not_https" | "link_malformed"; text: string };

type ExtractedMedia = { refs: MediaRef[]; linkProblems: LinkProblem[] };

/**
 * What a message's file fields make, checked: optional fields Telegram left out stay absent, and a
 * file without a file_id (which Telegram never sends) is no file at all.
 */
function fileRef(fields: Record<string, unknown>): TelegramMediaRef | undefined {
  const parsed = TelegramMediaRefSchema.safeParse(
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== "")),
  );
  return parsed.success ? parsed.data : undefined;
}

/** The fields Telegram's file objects share; each kind carries some of them. */
type TelegramFile = Pick<Video, "file_id" | "file_unique_id"> &
  Partial<Pick<Video, "file_size" | "mime_type" | "file_name" | "duration" | "width" | "height">>;

/** The file a message carries, with what its kind leaves to us (a type Telegram does not state, a size). */
function carriedFile(
  message: Message,
): { kind: MediaKind; file: TelegramFile; known?: Partial<TelegramMediaRef> } | undefined {
  if (message.photo && message.photo.length > 0) {
    // Telegram lists the sizes smallest first; the largest is the original the user sent.
    const largest = message.photo.reduce((best, size) =>
      size.width * size.height >= best.width * best.height ? size : best,
    );
    return { kind: "photo", file: largest, known: { mime: "image/jpeg" } };
  }
  if (message.video) return { kind: "video", file: message.video };
  if (message.audio) return { kind: "audio", file: message.audio };
  if (message.voice) {
    return { kind: "voice", file: message.voice, known: { mime: message.voice.mime_type ?? "audio/ogg" } };
  }
  if (message.video_note) {
    const { length } = message.video_note;
    // Telegram records round videos as MP4 but does not state a mime type for them.
    const known = { mime: "video/mp4", width: length, height: length };
    return { kind: "video_note", file: message.video_note, known };
  }
  if (message.document) return { kind: "document", file: message.document };
  return undefined;
}

export function telegramMediaOf(message: Message): TelegramMediaRef | undefined {
  const carried = carriedFile(message);
  if (!carried) return undefined;
  const { kind, file, known } = carried;
  return fileRef({
    source: "telegram",
    kind,
    fileId: file.file_id,
    fileUniqueId: file.file_unique_id,
    size: file.file_size,
    mime: file.mime_type,
    fileName: file.file_name,
    durationSec: file.duration,
    width: file.width,
    height: file.height,
    ...known,
    mediaGroupId: message.media_group_id,
    messageId: message.message_id,
  });
}

// A token that looks like it was meant as a link: a scheme, or a www. host.
const LINK_CANDIDATE = /\b(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S+)/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>»"'”’]+$/;

const KIND_OF_EXTENSION = new Map<string, MediaKind>(
  (
    [
      ["photo", ["jpg", "jpeg", "png", "webp"]],
      ["video", ["mp4", "mov", "avi"]],
      ["audio", ["mp3", "wav", "m4a"]],
      ["document", ["srt"]],
    ] as const
  ).flatMap(([kind, extensions]) => extensions.map((extension) => [extension, kind] as const)),
);

function kindHintOf(url: URL): MediaKind | undefined {
  const extension = url.pathname.toLowerCase().match(/\.([a-z0-9]{2,4})$/)?.[1];
  return extension === undefined ? undefined : KIND_OF_EXTENSION.get(extension);
}

/** Links in free text: https ones become MediaRefs; http:// and malformed ones are reported, never dropped. */
export function linksIn(text: string): ExtractedMedia {
  const refs: MediaRef[] = [];
  const linkProblems: LinkProblem[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, "");
    if (candidate === "" || seen.has(candidate)) continue;
    seen.add(candidate);
    const scheme = candidate.match(/^([a-z][a-z0-9+.-]*):\/\//i)?.[1]?.toLowerCase();
    if (scheme === "http") {
      linkProblems.push({ code: "link_not_https", text: candidate });
      continue;
    }
    // The service fetches the link from the internet: a host without a dot is a typo or a private name.
    const url = URL.parse(candidate);
    if (scheme !== "https" || !url || !isHttpsUrl(candidate) || !url.hostname.includes(".")) {
      linkProblems.push({ code: "link_malformed", text: candidate });
      continue;
    }
    const kindHint = kindHintOf(url);
    refs.push({ source: "link", url: url.href, ...(kindHint ? { kindHint } : {}) });
  }
  return { refs, linkProblems };
}

/** A message's file, else the links in its text (a caption is the user's words, not more media). */
export function extractMedia(message: Message): ExtractedMedia {
  const file = telegramMediaOf(message);
  if (file) return { refs: [file], linkProblems: [] };
  const { refs, linkProblems } = linksIn(message.text ?? "");
  return { refs: refs.map((ref) => ({ ...ref, messageId: message.message_id })), linkProblems };
}

/** What makes two refs the same file: the same file sent twice (or the same link) counts once. */
export function mediaIdentity(ref: MediaRef): string {
  return ref.source === "telegram" ? `t:${ref.fileUniqueId}` : `l:${ref.url}`;
}

/**
 * Where a file handed in goes among those collected so far: by its message id, since an album's items are
 * separate updates that may be handled in another order; a file of no message (a result's link) goes last.
 */
export function messageOrderIndex(collected: readonly MediaRef[], ref: MediaRef): number {
  const at = ref.messageId;
  if (at === undefined) return collected.length;
  const later = collected.findIndex((other) => other.messageId !== undefined && other.messageId > at);
  return later === -1 ? collected.length : later;
}

/** The files collected so far with new ones each in its message's place. */
export function addInMessageOrder(collected: readonly MediaRef[], added: readonly MediaRef[]): MediaRef[] {
  const media = [...collected];
  for (const ref of added) media.splice(messageOrderIndex(media, ref), 0, ref);
  return media;
}
