/**
 * The form card's estimate beside what the playground's service charges, for every task type with the
 * files in dev/fixtures. Each case builds its form as a user would leave it (the bot's own defaults, the
 * media's length read by the bot's reader, the card's estimate), sends the request the form builds to the
 * tasks sandbox, waits for the task to complete and reads how much the balance went down. Exits 1 when
 * an estimate is off by more than 10 %.
 *
 *   npm run estimates
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES_DIR, startTasksSandbox } from "../dev/tasks-sandbox/index.js";
import { initialValues } from "../src/bot/forms/defaults.js";
import type { FormValues, FormView } from "../src/bot/forms/form.js";
import { estimateCost } from "../src/bot/tasks/estimate.js";
import { FORMS } from "../src/bot/tasks/forms/index.js";
import { buildRequest } from "../src/bot/tasks/request.js";
import { TASK_CONTRACT } from "../src/bot/tasks/task-contract.js";
import { loadCatalog } from "../src/catalog/index.js";
import { DEFAULT_CATALOG_PATH } from "../src/config.js";
import { formatOf } from "../src/media/accept.js";
import { mediaDuration } from "../src/media/duration.js";
import type { MediaRef, TelegramMediaRef } from "../src/media/media-ref.js";
import type { TaskType } from "../src/tasks-service/schemas/index.js";

const TOLERANCE = 0.1;
const KEY = "cmp_bench001_estimatesestimatesestimatesest";
const USER_ID = 1;

const MIME: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  srt: "application/x-subrip",
};

interface Case {
  type: TaskType;
  name: string;
  files: string[];
  values?: FormValues;
}

const NARRATION =
  "Morning light fills the old harbour. {scene} Fishing boats head out past the lighthouse while the town wakes up.";

const CASES: Case[] = [
  { type: "video", name: "two photos, silent", files: ["sample.jpg", "sample.png"] },
  { type: "video", name: "a clip and a photo, silent", files: ["sample.mp4", "sample.jpg"] },
  {
    type: "video",
    name: "photos, narration, auto-captions, captions",
    files: ["sample.jpg", "sample.png"],
    values: { text: NARRATION, auto_text: true, text_overlays_raw: "Harbour | top | 0-2" },
  },
  {
    type: "video",
    name: "narration with a neural voice, manual cards",
    files: ["sample.jpg"],
    values: {
      text: NARRATION,
      tts_voice: "provider_a-en-US-sample-2-Neural",
      ai_graphics: true,
      ai_graphics_mode: "manual",
      ai_graphics_directives: "00:01 caption Harbour\n00:03 stat 42 boats",
    },
  },
  { type: "transcription", name: "MP3 file", files: ["sample.mp3"] },
  { type: "transcription", name: "WAV file", files: ["sample.wav"] },
  { type: "audio", name: "provider A", files: [], values: { text: NARRATION.repeat(6) } },
  {
    type: "audio",
    name: "provider B",
    files: [],
    values: { text: NARRATION.repeat(6), tts_provider: "provider_b", tts_voice: "provider_b-en-US-sample-1" },
  },
  { type: "subtitles", name: "MP4", files: ["sample.mp4"] },
  {
    type: "subtitles",
    name: "translated, auto-captions",
    files: ["sample.mov"],
    values: { translate_to: "de", auto_text: true },
  },
  {
    type: "subtitles",
    name: "cards chosen by the service",
    files: ["sample.mp4"],
    values: { ai_graphics: true, ai_graphics_mode: "auto", ai_graphics_density: 1 },
  },
  { type: "pause_removal", name: "MOV", files: ["sample.mov"] },
  { type: "dubbing", name: "automatic, free voice", files: ["sample.mp4"], values: { target_lang: "de" } },
  {
    type: "dubbing",
    name: "automatic, provider B, auto-captions",
    files: ["sample.mp4"],
    values: {
      target_lang: "de",
      tts_provider: "provider_b",
      tts_voice: "provider_b-de-DE-sample-1",
      auto_text: true,
    },
  },
  { type: "smart_clip", name: "MP4, auto-captions", files: ["sample.mp4"], values: { auto_text: true } },
  { type: "motion", name: "from text", files: [], values: { text: NARRATION } },
];

/** A fixture as Telegram hands it to the bot: a photo, or a file sent as a document (no length given). */
function refOf(file: string, index: number): TelegramMediaRef {
  const extension = file.split(".").pop() ?? "";
  const base = {
    source: "telegram" as const,
    fileId: `fixture-${index}-${file}`,
    fileUniqueId: `u${index}${file}`,
  };
  if (extension === "jpg" || extension === "png") return { ...base, kind: "photo", mime: MIME[extension] };
  const ref: TelegramMediaRef = { ...base, kind: "document", fileName: file, mime: MIME[extension] ?? "" };
  const format = formatOf(ref);
  const seconds = format ? mediaDuration(readFileSync(join(FIXTURES_DIR, file)), format) : undefined;
  return seconds === undefined ? ref : { ...ref, durationSec: seconds };
}

async function upload(baseUrl: string, file: string): Promise<string> {
  const form = new FormData();
  const extension = file.split(".").pop() ?? "";
  form.append(
    "file",
    new Blob([readFileSync(join(FIXTURES_DIR, file))], { type: MIME[extension] ?? "" }),
    file,
  );
  const response = await fetch(`${baseUrl}/v1/uploads`, {
    method: "POST",
    headers: { "X-API-Key": KEY },
    body: form,
  });
  if (!response.ok) throw new Error(`upload of ${file}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { upload_id: string };
  return body.upload_id;
}

async function main(): Promise<void> {
  const catalog = await loadCatalog(DEFAULT_CATALOG_PATH);
  const sandbox = await startTasksSandbox({
    verifyKey: async (apiKey) => (apiKey === KEY ? { userId: USER_ID } : undefined),
    stepMs: 2,
    rateLimits: false,
  });
  sandbox.accounts.setBalance(USER_ID, 1_000_000);
  const rows: string[][] = [["type", "case", "estimate", "charged", "off by"]];
  let outside = 0;
  try {
    for (const testCase of CASES) {
      const definition = FORMS[testCase.type];
      const media: MediaRef[] = testCase.files.map(refOf);
      const values = initialValues({
        definition,
        preferences: {},
        last: {},
        media,
        locale: "en",
        catalog,
        ...(testCase.values ? { prefill: testCase.values } : {}),
      });
      const view: FormView = { values, media, env: { catalog, locale: "en", contract: TASK_CONTRACT } };
      const estimate = estimateCost(definition, view);
      const uploads = new Map<MediaRef, string>();
      for (const [index, ref] of media.entries()) {
        const file = testCase.files[index];
        if (file) uploads.set(ref, await upload(sandbox.baseUrl, file));
      }
      const { request } = buildRequest(definition, view, (ref) => uploads.get(ref));
      const before = sandbox.accounts.balance(USER_ID);
      const response = await fetch(`${sandbox.baseUrl}/v1/tasks`, {
        method: "POST",
        headers: { "X-API-Key": KEY, "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      if (!response.ok)
        throw new Error(`${testCase.type} ${testCase.name}: ${response.status} ${await response.text()}`);
      await sandbox.idle();
      const charged = before - sandbox.accounts.balance(USER_ID);
      const least = estimate?.tokens ?? 0;
      const most = estimate?.upTo ?? least;
      const off =
        charged >= least && charged <= most
          ? 0
          : Math.abs((charged < least ? least : most) - charged) / Math.max(1, charged);
      if (off > TOLERANCE) outside++;
      const shown =
        estimate === undefined ? "no price (plan)" : most > least ? `${least}–${most}` : String(least);
      rows.push([testCase.type, testCase.name, shown, String(charged), `${Math.round(off * 100)} %`]);
    }
  } finally {
    await sandbox.close();
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
  console.log(
    outside === 0
      ? `\nEvery estimate within ${TOLERANCE * 100} % of the charge.`
      : `\n${outside} estimate(s) off by more than ${TOLERANCE * 100} %.`,
  );
  process.exitCode = outside === 0 ? 0 : 1;
}

await main();
