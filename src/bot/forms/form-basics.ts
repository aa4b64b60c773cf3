/** What every product's forms are built on, whatever they make. */
import type { Catalog } from "../../catalog/index.js";
import type { Translate } from "../../i18n/translate.js";
import { formatOf, type IntakeLimits } from "../../media/accept.js";
import { mediaDuration } from "../../media/duration.js";
import type { MediaRef, TelegramMediaRef } from "../../media/media-ref.js";
import { readAtMost } from "../../media/read-at-most.js";
import { openTelegramFile, type TelegramDownloadDeps } from "../../media/telegram-download.js";
import type { BotContext } from "../context.js";
import type { BotI18n } from "../i18n.js";

export interface FormBasicServices {
  i18n: BotI18n;
  catalog: Catalog;
  limits: IntakeLimits;
}

export function formBasics({ catalog, limits, i18n }: FormBasicServices) {
  const translate =
    (locale: string): Translate =>
    (key, variables) =>
      i18n.t(locale, key, variables);
  return { catalog, limits, translate };
}

/** Who opens a form: a form is only ever opened by someone's message or press. */
export function formUser(outer: BotContext): number {
  const userId = outer.from?.id;
  if (userId === undefined) throw new Error("a form needs a user");
  return userId;
}

/** The files with their lengths read where the form needs one that Telegram did not state. */
export async function withLengths(
  refs: readonly MediaRef[],
  needsLength: (ref: MediaRef) => ref is TelegramMediaRef,
  measure: (ref: TelegramMediaRef) => Promise<number | undefined>,
): Promise<MediaRef[]> {
  const measured: MediaRef[] = [];
  for (const ref of refs) {
    const seconds = needsLength(ref) ? await measure(ref) : undefined;
    measured.push(seconds === undefined ? ref : { ...ref, durationSec: seconds });
  }
  return measured;
}

/** A file's length from its first `maxBytes` on Telegram; undefined where its format or size cannot tell it. */
export async function readLength(telegram: TelegramDownloadDeps, ref: TelegramMediaRef, maxBytes: number) {
  const format = formatOf(ref);
  if (format === undefined || (ref.size !== undefined && ref.size > maxBytes)) return undefined;
  const download = await openTelegramFile(telegram, ref.fileId, ref.size);
  const bytes = await readAtMost(download.stream, maxBytes);
  return bytes === undefined ? undefined : mediaDuration(bytes, format);
}
