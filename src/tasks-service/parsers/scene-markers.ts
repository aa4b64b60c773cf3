import { MARKER_TRANSITIONS } from "../schemas/common.js";
import { failed, isOneOf, type ParseIssue, type ParseResult, parsed } from "./result.js";

export type MarkerTransition = (typeof MARKER_TRANSITIONS)[number];

export type SceneSegment = {
  /** Narration of the scene, trimmed, markers removed. */
  text: string;
  /** Transition into this scene; null for the first scene or a bare `{scene}`. */
  transition: MarkerTransition | null;
  /** Seconds, null when not given. */
  duration: number | null;
};

export type SceneMarkers = { segments: SceneSegment[]; text: string };

const SECONDS_PATTERN = /^\d+(?:\.\d+)?$/;
const MARKER_KEYWORD = "scene";

/** Line and column of offsets visited in increasing order, in one pass over the text overall. */
function positionTracker(text: string): (offset: number) => { line: number; column: number } {
  let scanned = 0;
  let line = 1;
  let lineStart = 0;
  return (offset) => {
    for (; scanned < offset; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++;
        lineStart = scanned + 1;
      }
    }
    return { line, column: offset - lineStart + 1 };
  };
}

type Marker = { transition: MarkerTransition | null; duration: number | null };

function parseMarkerBody(body: string, at: { line: number; column: number }, issues: ParseIssue[]) {
  const refuse = (code: string, message: string, params: Record<string, string>) => {
    issues.push({ ...at, code, message, params });
    return undefined;
  };
  const seconds = (raw: string) =>
    SECONDS_PATTERN.test(raw) && Number(raw) > 0
      ? Number(raw)
      : refuse("scene_marker_bad_seconds", `Scene length "${raw}" must be a positive number of seconds`, {
          value: raw,
        });
  const parts = body.split(":").map((part) => part.trim());
  if (parts[0]?.toLowerCase() !== MARKER_KEYWORD) {
    return refuse(
      "scene_marker_malformed",
      `Scene marker {${body}} is malformed; use {scene}, {scene:<type>}, {scene:<type>:<seconds>} or {scene:<seconds>}`,
      { marker: body },
    );
  }
  const args = parts.slice(1);
  if (args.length === 0) return { transition: null, duration: null };
  if (args.length > 2) {
    return refuse(
      "scene_marker_malformed",
      `Scene marker {${body}} has too many parts; use {scene:<type>:<seconds>}`,
      { marker: body },
    );
  }
  const [first = "", second] = args;
  if (second === undefined && /^[-+\d.]/.test(first)) {
    const duration = seconds(first);
    return duration === undefined ? undefined : { transition: null, duration };
  }
  const type = first.toLowerCase();
  if (!isOneOf(MARKER_TRANSITIONS, type)) {
    return refuse(
      "scene_marker_unknown_type",
      `Unknown transition "${first}" in scene marker; use one of ${MARKER_TRANSITIONS.join(", ")}`,
      { value: first },
    );
  }
  if (second === undefined) return { transition: type, duration: null };
  const duration = seconds(second);
  return duration === undefined ? undefined : { transition: type, duration };
}

/**
 * Splits voiceover text on `{scene}`, `{scene:<type>}`, `{scene:<type>:<seconds>}` and `{scene:<seconds>}`.
 * Braces that do not start with `scene` are ordinary text. A marker before any text applies to the first scene.
 */
export function parseSceneMarkers(text: string): ParseResult<SceneMarkers> {
  const issues: ParseIssue[] = [];
  const segments: SceneSegment[] = [];
  const position = positionTracker(text);
  let current: Marker = { transition: null, duration: null };
  let chunk = "";
  let sawMarker = false;
  let cursor = 0;
  while (cursor < text.length) {
    const open = text.indexOf("{", cursor);
    if (open === -1) {
      chunk += text.slice(cursor);
      break;
    }
    const keyword = text.slice(open + 1, open + 1 + MARKER_KEYWORD.length).toLowerCase();
    const after = text.charAt(open + 1 + MARKER_KEYWORD.length);
    // `{scenery}` is text; `{scene` followed by anything else is an attempt at a marker.
    if (keyword !== MARKER_KEYWORD || /^\w$/.test(after)) {
      chunk += text.slice(cursor, open + 1);
      cursor = open + 1;
      continue;
    }
    chunk += text.slice(cursor, open);
    const at = position(open);
    let close = open + 1;
    while (close < text.length && !"}{\n".includes(text.charAt(close))) close++;
    if (text.charAt(close) !== "}") {
      issues.push({ ...at, code: "scene_marker_unclosed", message: "Scene marker is missing its closing }" });
      cursor = close;
      continue;
    }
    const marker = parseMarkerBody(text.slice(open + 1, close), at, issues);
    const isLeading = !sawMarker && chunk.trim() === "";
    if (!isLeading) segments.push({ text: chunk.trim(), ...current });
    current = marker ?? { transition: null, duration: null };
    chunk = "";
    sawMarker = true;
    cursor = close + 1;
  }
  segments.push({ text: chunk.trim(), ...current });
  if (issues.length > 0) return failed(issues);
  const spoken = segments
    .map((segment) => segment.text)
    .filter((segmentText) => segmentText !== "")
    .join(" ");
  return parsed({ segments, text: spoken });
}

/**
 * Media indexes shown during each scene: equal counts map 1:1; with fewer scenes the last scene is split across
 * the remaining media; with more scenes the last media item holds the leftover scenes.
 */
export function mapScenesToMedia(sceneCount: number, mediaCount: number): ParseResult<number[][]> {
  const issues: ParseIssue[] = [];
  const counts = [
    ["scene_count_invalid", "Scene", sceneCount],
    ["media_count_invalid", "Media", mediaCount],
  ] as const;
  for (const [code, what, value] of counts) {
    if (Number.isInteger(value) && value >= 1) continue;
    issues.push({ code, message: `${what} count must be a positive integer`, params: { value } });
  }
  if (issues.length > 0) return failed(issues);
  return parsed(
    Array.from({ length: sceneCount }, (_, scene) =>
      scene === sceneCount - 1 && mediaCount > sceneCount
        ? Array.from({ length: mediaCount - scene }, (_, offset) => scene + offset)
        : [Math.min(scene, mediaCount - 1)],
    ),
  );
}
