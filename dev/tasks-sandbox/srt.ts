/** `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the spec's SRT timecode line (a dot is taken for the comma too). */
const TIMECODE_LINE =
  /(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})\s*-->\s*(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})/g;

function seconds(hours = "0", minutes = "0", secs = "0", millis = "0"): number {
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis.padEnd(3, "0")) / 1000;
}

/** The latest time any entry of an SRT text reaches, in seconds; undefined when it has no timecode line. */
export function latestTimecode(text: string): number | undefined {
  let latest: number | undefined;
  for (const match of text.matchAll(TIMECODE_LINE)) {
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    const end = Math.max(seconds(h1, m1, s1, ms1), seconds(h2, m2, s2, ms2));
    latest = Math.max(latest ?? 0, end);
  }
  return latest;
}
