import { describe, expect, it } from "vitest";
import { mapScenesToMedia, parseSceneMarkers } from "../../../../src/tasks-service/parsers/scene-markers.js";

function issues(text: string) {
  const result = parseSceneMarkers(text);
  return result.ok ? [] : result.errors;
}

describe("parseSceneMarkers", () => {
  it("text without markers is one scene", () => {
    expect(parseSceneMarkers("Hello world")).toEqual({
      ok: true,
      value: { segments: [{ text: "Hello world", transition: null, duration: null }], text: "Hello world" },
    });
  });

  it("reads every marker form and removes the markers from the spoken text", () => {
    const result = parseSceneMarkers(
      "Intro. {scene} Two. {scene:fade} Three. {scene:zoom:1.5} Four. {scene:0.7} Five.",
    );
    expect(result).toEqual({
      ok: true,
      value: {
        segments: [
          { text: "Intro.", transition: null, duration: null },
          { text: "Two.", transition: null, duration: null },
          { text: "Three.", transition: "fade", duration: null },
          { text: "Four.", transition: "zoom", duration: 1.5 },
          { text: "Five.", transition: null, duration: 0.7 },
        ],
        text: "Intro. Two. Three. Four. Five.",
      },
    });
  });

  it("a marker before any text applies to the first scene", () => {
    const result = parseSceneMarkers("{scene:slide} First {scene:circle:2} Second");
    expect(result.ok && result.value.segments).toEqual([
      { text: "First", transition: "slide", duration: null },
      { text: "Second", transition: "circle", duration: 2 },
    ]);
  });

  it("braces that are not scene markers stay in the text", () => {
    const result = parseSceneMarkers("Use {curly} braces and {scenery}");
    expect(result.ok && result.value.text).toBe("Use {curly} braces and {scenery}");
  });

  it("accepts every marker transition", () => {
    for (const type of [
      "fade",
      "dissolve",
      "slide",
      "cover",
      "reveal",
      "zoom",
      "squeeze",
      "wind",
      "pixel",
      "circle",
      "random",
    ]) {
      expect(parseSceneMarkers(`a {scene:${type}} b`).ok).toBe(true);
    }
  });

  it("reports an unknown transition with its position", () => {
    expect(issues("One\nTwo {scene:wipe} three")).toEqual([
      expect.objectContaining({
        code: "scene_marker_unknown_type",
        line: 2,
        column: 5,
        params: { value: "wipe" },
      }),
    ]);
  });

  it("reports bad seconds", () => {
    expect(issues("a {scene:fade:x} b")[0]?.code).toBe("scene_marker_bad_seconds");
    expect(issues("a {scene:fade:0} b")[0]?.code).toBe("scene_marker_bad_seconds");
    expect(issues("a {scene:-2} b")[0]?.code).toBe("scene_marker_bad_seconds");
    expect(issues("a {scene:1.} b")[0]?.code).toBe("scene_marker_bad_seconds");
  });

  it("reports an unclosed marker", () => {
    expect(issues("a {scene:fade b")).toEqual([
      expect.objectContaining({ code: "scene_marker_unclosed", line: 1, column: 3 }),
    ]);
    expect(issues("a {scene\n b}")[0]?.code).toBe("scene_marker_unclosed");
    expect(issues("ends with {scene")[0]?.code).toBe("scene_marker_unclosed");
  });

  it("reports a marker with too many parts", () => {
    expect(issues("a {scene:fade:1:2} b")[0]?.code).toBe("scene_marker_malformed");
    expect(issues("a {scene fade} b")[0]?.code).toBe("scene_marker_malformed");
  });

  it("reports every bad marker, not only the first", () => {
    expect(issues("a {scene:wipe} b {scene:fade:y} c").map((i) => i.code)).toEqual([
      "scene_marker_unknown_type",
      "scene_marker_bad_seconds",
    ]);
  });
});

describe("mapScenesToMedia", () => {
  it("equal counts map one to one", () => {
    expect(mapScenesToMedia(3, 3)).toEqual({ ok: true, value: [[0], [1], [2]] });
  });
  it("fewer scenes: the last scene is split across the remaining media", () => {
    expect(mapScenesToMedia(2, 5)).toEqual({ ok: true, value: [[0], [1, 2, 3, 4]] });
    expect(mapScenesToMedia(1, 3)).toEqual({ ok: true, value: [[0, 1, 2]] });
  });
  it("more scenes: the last media holds the leftover", () => {
    expect(mapScenesToMedia(4, 2)).toEqual({ ok: true, value: [[0], [1], [1], [1]] });
    expect(mapScenesToMedia(3, 1)).toEqual({ ok: true, value: [[0], [0], [0]] });
  });
  it("refuses counts that are not positive integers", () => {
    const result = mapScenesToMedia(0, 2.5);
    expect(result.ok ? [] : result.errors.map((i) => i.code)).toEqual([
      "scene_count_invalid",
      "media_count_invalid",
    ]);
  });
});
