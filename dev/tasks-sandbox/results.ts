import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The committed media fixtures; results are copies of them, so the sandbox never needs ffmpeg. */
export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

export const FIXTURES = {
  mp4: "sample.mp4",
  mp3: "sample.mp3",
} as const;

export type ResultFile =
  | { contentType: string; fixture: (typeof FIXTURES)[keyof typeof FIXTURES] }
  | { contentType: string; text: string };

interface ResultSet {
  expiresAt: number;
  files: Map<string, ResultFile>;
}

/** Result files served at `<baseUrl>/results/<token>/<name>` until they expire. */
export class ResultStore {
  readonly #sets = new Map<string, ResultSet>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly now: () => number,
  ) {}

  /** Publishes one set of files under a fresh unguessable token; returns each file's URL by name. */
  publish(files: Record<string, ResultFile>, expiresAt: number): Record<string, string> {
    const token = randomBytes(16).toString("hex");
    this.#sets.set(token, { expiresAt, files: new Map(Object.entries(files)) });
    const urls: Record<string, string> = {};
    for (const name of Object.keys(files))
      urls[name] = `${this.baseUrl()}/results/${token}/${encodeURIComponent(name)}`;
    return urls;
  }

  /** The file's bytes, or undefined when unknown or expired. */
  async read(token: string, name: string): Promise<{ body: Buffer; contentType: string } | undefined> {
    const set = this.#sets.get(token);
    if (!set) return undefined;
    if (this.now() >= set.expiresAt) {
      this.#sets.delete(token);
      return undefined;
    }
    const file = set.files.get(name);
    if (!file) return undefined;
    const body =
      "fixture" in file ? await readFile(`${FIXTURES_DIR}${file.fixture}`) : Buffer.from(file.text, "utf8");
    return { body, contentType: file.contentType };
  }
}

/** SRT text of consecutive entries, one per line of text, `secondsEach` long. */
export function srtOf(lines: string[], secondsEach = 2): string {
  return lines
    .map((line, index) => {
      const start = timecode(index * secondsEach);
      const end = timecode((index + 1) * secondsEach);
      return `${index + 1}\n${start} --> ${end}\n${line}\n`;
    })
    .join("\n");
}

function timecode(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},000`;
}
