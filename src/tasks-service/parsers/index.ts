export {
  type AiGraphicsDirective,
  type CardPosition,
  type CardTemplate,
  type DirectiveTime,
  MAX_DIRECTIVE_LINES,
  parseAiGraphicsDirectives,
} from "./ai-graphics-directives.js";
export { failed, type ParseIssue, type ParseResult, parsed } from "./result.js";
export {
  type MarkerTransition,
  mapScenesToMedia,
  parseSceneMarkers,
  type SceneMarkers,
  type SceneSegment,
} from "./scene-markers.js";
export { formatSrt, formatSrtTime, parseSrt, SRT_LIMITS, type SrtEntry, type SrtOptions } from "./srt.js";
export {
  parseTextOverlaysRaw,
  RAW_OVERLAY_ANIMATIONS,
  RAW_OVERLAY_COLORS,
  RAW_OVERLAY_HORIZONTALS,
  RAW_OVERLAY_SIZES,
  RAW_OVERLAY_VERTICALS,
  RAW_OVERLAY_WEIGHTS,
  type RawCaption,
} from "./text-overlays-raw.js";
