/**
 * A silent video's typed scene lists, and a narrated one's scene map: the user sees which text goes over
 * which photo before anything is sent.
 */
import { mapScenesToMedia, parseSceneMarkers } from "../../tasks-service/parsers/scene-markers.js";
import type { FormIssue, FormView, ParsedInput } from "../forms/form.js";

function items(input: string): string[] {
  return input.split(/[\s,;]+/).filter((item) => item !== "");
}

function ofCount(values: unknown[], expected: number): ParsedInput {
  return values.length === expected
    ? { ok: true, value: values }
    : { ok: false, key: "form-error-count", params: { expected, actual: values.length } };
}

/** "3 4 2.5": one positive number per media item. */
export function parseNumberList(input: string, expected: number): ParsedInput {
  const values = items(input).map((item) => Number(item));
  if (values.some((value) => !Number.isFinite(value) || value <= 0)) {
    return { ok: false, key: "form-error-number-list" };
  }
  return ofCount(values, expected);
}

/** "fade zoom slide": one name from the list per cut. */
export function parseWordList(input: string, allowed: readonly string[], expected: number): ParsedInput {
  const values = items(input).map((item) => item.toLowerCase());
  const unknown = values.find((value) => !allowed.includes(value));
  if (unknown !== undefined) {
    return { ok: false, key: "form-error-word", params: { word: unknown, allowed: allowed.join(", ") } };
  }
  return ofCount(values, expected);
}

/** "Scene 1 → media 1", …: how the narration's scenes fall on the media. */
export function sceneInsight(view: FormView): FormIssue[] {
  const text = view.values.text;
  if (typeof text !== "string" || text.trim() === "" || view.media.length === 0) return [];
  const markers = parseSceneMarkers(text);
  if (!markers.ok) return [];
  const mapping = mapScenesToMedia(markers.value.segments.length, view.media.length);
  if (!mapping.ok) return [];
  return mapping.value.map((media, scene) => ({
    key: "form-scene-map",
    params: { scene: scene + 1, media: media.map((index) => index + 1).join(", ") },
  }));
}
