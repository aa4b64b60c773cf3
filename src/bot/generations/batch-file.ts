/**
 * A file of prompts as a batch of images: a .txt one per line, a .csv one per row (prompt, model, aspect).
 * Every line the service would refuse is found here before anything is sent; the rest is grouped into requests.
 */
import type { CatalogModel } from "../../generation-service/responses.js";
import type { FormValues } from "../forms/form.js";
import {
  chosenModel,
  type ImageFormSetup,
  isFreePlan,
  MAX_PROMPT_TEXT,
  normalizeImageValues,
} from "./forms/field-kit.js";
import type { BuiltGenerationRequest } from "./forms/form-contract.js";
import { buildImageRequest } from "./forms/images.js";

/** Prompts one file may hold, the service's most per request. */
export const MAX_FILE_PROMPTS = 500;

export type BatchFileKind = "txt" | "csv";

export interface FileLine {
  line: number;
  prompt: string;
  model?: string;
  aspect?: string;
}

export type Refusal = { line: number } & (
  | { reason: "empty" | "over-limit" }
  | { reason: "too-long"; length: number }
  | { reason: "unknown-model" | "pro-only"; model: string }
  | { reason: "unknown-aspect"; aspect: string; model: string }
);

export type BatchGroup = BuiltGenerationRequest & { values: FormValues };

export function batchFileKind(
  fileName: string | undefined,
  mime: string | undefined,
): BatchFileKind | undefined {
  const extension = fileName?.toLowerCase().match(/\.(csv|txt)$/)?.[1];
  if (extension === "csv" || extension === "txt") return extension;
  return mime?.toLowerCase().split(";")[0]?.trim() === "text/csv" ? "csv" : undefined;
}

/** The rows of a CSV text (RFC 4180), each with the line it starts on. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"' && (quoted || cell.trim() === "")) {
      // A quote opens a field only at its start, whose spaces before it are dropped.
      if (!quoted) cell = "";
      quoted = !quoted;
    } else if (quoted || (char !== "," && char !== "\n" && char !== "\r")) {
      if (char === "\n") line++;
      cell += char;
    } else {
      cells.push(cell);
      cell = "";
      if (char === ",") continue;
      rows.push({ line: rowLine, cells });
      cells = [];
      if (char === "\r" && text[index + 1] === "\n") index++;
      rowLine = ++line;
    }
  }
  if (cell !== "" || cells.length > 0) rows.push({ line: rowLine, cells: [...cells, cell] });
  return rows;
}

const COLUMNS = ["prompt", "model", "aspect"] as const;

/** The prompts of a file, with their line numbers; a CSV's header row, when it has one, names its columns. */
export function fileLines(kind: BatchFileKind, text: string): FileLine[] {
  if (kind === "txt") {
    return text.split(/\r?\n/).map((prompt, index) => ({ line: index + 1, prompt: prompt.trim() }));
  }
  const rows = parseCsv(text);
  const header = rows[0]?.cells.map((cell) => cell.trim().toLowerCase());
  const named = header?.includes("prompt") === true;
  const positions = COLUMNS.map((column, index) => (named ? header.indexOf(column) : index));
  return rows.slice(named ? 1 : 0).map(({ line, cells }) => {
    const [prompt, model, aspect] = positions.map((position) =>
      position < 0 ? "" : (cells[position] ?? "").replace(/\s+/g, " ").trim(),
    );
    return {
      line,
      prompt: prompt ?? "",
      ...(model ? { model } : {}),
      ...(aspect ? { aspect } : {}),
    };
  });
}

function findModel(setup: ImageFormSetup, name: string): CatalogModel | undefined {
  const wanted = name.trim().toLowerCase();
  return setup.catalog.models.find(
    (model) => model.id.toLowerCase() === wanted || model.label.toLowerCase() === wanted,
  );
}

function checkLine(
  setup: ImageFormSetup,
  defaults: FormValues,
  entry: FileLine,
  full: boolean,
): { values: FormValues } | { refusal: Refusal } | undefined {
  const { line, prompt } = entry;
  if (prompt === "") return { refusal: { line, reason: "empty" } };
  if (prompt.length > MAX_PROMPT_TEXT)
    return { refusal: { line, reason: "too-long", length: prompt.length } };
  let values = defaults;
  if (entry.model !== undefined) {
    const model = findModel(setup, entry.model);
    if (!model) return { refusal: { line, reason: "unknown-model", model: entry.model } };
    if (model.pro_only && isFreePlan(setup.account))
      return { refusal: { line, reason: "pro-only", model: model.label } };
    values = normalizeImageValues("text_to_image", setup, { model: model.id });
  }
  const model = chosenModel("text_to_image", setup, values);
  if (!model) return undefined;
  if (entry.aspect !== undefined) {
    const aspect = model.aspects.find((candidate) => candidate === entry.aspect?.replace(/\s+/g, ""));
    if (!aspect)
      return { refusal: { line, reason: "unknown-aspect", aspect: entry.aspect, model: model.label } };
    values = { ...values, aspect };
  }
  return full ? { refusal: { line, reason: "over-limit" } } : { values };
}

/** A file's prompts checked against the catalog and the plan, grouped into requests. */
export function planBatch(setup: ImageFormSetup, lines: readonly FileLine[]) {
  const refused: Refusal[] = [];
  const accepted: FileLine[] = [];
  const byGroup = new Map<string, { values: FormValues; lines: FileLine[] }>();
  const defaults = normalizeImageValues("text_to_image", setup, {});
  // Blank lines at the end of a file are no one's mistake.
  const last = lines.findLastIndex((entry) => entry.prompt !== "");
  for (const entry of lines.slice(0, last + 1)) {
    const checked = checkLine(setup, defaults, entry, accepted.length >= MAX_FILE_PROMPTS);
    if (checked === undefined) continue;
    if ("refusal" in checked) {
      refused.push(checked.refusal);
      continue;
    }
    accepted.push(entry);
    const { values } = checked;
    const key = JSON.stringify([values.model, values.aspect]);
    const group = byGroup.get(key) ?? { values, lines: [] };
    group.lines.push(entry);
    byGroup.set(key, group);
  }
  const groups: BatchGroup[] = [];
  const most = Math.max(1, setup.maxBatch);
  for (const { values, lines: grouped } of byGroup.values()) {
    for (let start = 0; start < grouped.length; start += most) {
      const part = grouped.slice(start, start + most);
      const partValues = { ...values, n: 1, prompt: part.map((entry) => entry.prompt).join("\n") };
      groups.push({ ...buildImageRequest("text_to_image", setup, partValues, []), values: partValues });
    }
  }
  const quote = groups.reduce(
    (sum, group) => ({ min: sum.min + group.quote.min, max: sum.max + group.quote.max }),
    { min: 0, max: 0 },
  );
  return { accepted, refused, groups, quote };
}
