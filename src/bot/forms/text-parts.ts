/** Telegram splits a text over 4096 characters: a part right after a long one continues it. */

/** Telegram's limit for one message, in UTF-16 code units (JavaScript's string length). */
const TELEGRAM_TEXT_LIMIT = 4096;
/** Clients cut a long text near the limit, at a word or line where they can. */
const SPLIT_PART_MIN_LENGTH = 3500;
/** The parts of one text arrive together; a later text is the user's next message. */
const PART_GAP_SECONDS = 3;

/** `at`: the message's date, in seconds. */
interface TextPart {
  at: number;
  length: number;
}

export function continuesText(previous: TextPart, at: number): boolean {
  return (
    previous.length >= SPLIT_PART_MIN_LENGTH && at >= previous.at && at - previous.at <= PART_GAP_SECONDS
  );
}

export function joinedText(
  before: string | undefined,
  previous: TextPart | undefined,
  part: { text: string; at?: number | undefined },
): string | undefined {
  if (before === undefined || previous === undefined || part.at === undefined) return undefined;
  return continuesText(previous, part.at) ? joinTextParts(before, previous.length, part.text) : undefined;
}

/**
 * The text with its next part. A cut exactly at the limit, or one that kept its whitespace, splits a
 * word or a line as it stood; a shorter part lost the line break it was cut at.
 */
export function joinTextParts(text: string, lastPartLength: number, next: string): string {
  const cutAsItStood = lastPartLength >= TELEGRAM_TEXT_LIMIT || /\s$/.test(text) || /^\s/.test(next);
  return cutAsItStood ? `${text}${next}` : `${text}\n${next}`;
}
