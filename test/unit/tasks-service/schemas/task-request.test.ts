import { describe, expect, it } from "vitest";
import {
  AI_GRAPHICS_DENSITIES,
  AI_GRAPHICS_MODES,
  AI_GRAPHICS_SFX,
  ANIMATIONS,
  AUDIO_MIX_TYPES,
  MARKER_TRANSITIONS,
  MIX_MODES,
  MOTION_FORMATS,
  MOTION_SOURCES,
  MOTION_STYLES,
  OVERLAY_ANIMS,
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  OVERLAY_STYLES,
  REELS_REFRAMES,
  SFX_AUTO_SOUNDS,
  SFX_TRANSITION_SOUNDS,
  SMART_CLIP_FILTERS,
  SUB_LANG_KEYWORDS,
  SUB_POSITIONS,
  SUB_SIZES,
  SUB_STYLES,
  TASK_DEFAULTS,
  TASK_TYPES,
  TaskRequestSchema,
  TRANSCRIPTION_OUTPUT_FORMATS,
  TTS_PROVIDERS,
  TTS_SPEEDS,
  TTS_STYLES,
  VIDEO_FORMATS,
} from "../../../../src/tasks-service/schemas/index.js";

const UPLOAD = "123e4567-e89b-12d3-a456-426614174000";
const LINK = "https://cdn.example.com/media/clip.mp4";

type Body = Record<string, unknown>;

const BASES: Record<string, Body> = {
  video: { type: "video", photos: [UPLOAD, LINK] },
  transcription: { type: "transcription", file: UPLOAD },
  audio: { type: "audio", text: "Hello there" },
  subtitles: { type: "subtitles", file: UPLOAD },
  pause_removal: { type: "pause_removal", file: UPLOAD },
  dubbing_auto: { type: "dubbing", mode: "auto", file: UPLOAD, target_lang: "en" },
  dubbing_transcribe: {
    type: "dubbing",
    mode: "semi_auto",
    step: "transcribe",
    file: UPLOAD,
    target_lang: "de",
  },
  dubbing_render: {
    type: "dubbing",
    mode: "semi_auto",
    step: "render",
    file: UPLOAD,
    srt_file: UPLOAD,
    target_lang: "de",
  },
  dubbing_manual: { type: "dubbing", mode: "manual", file: UPLOAD, srt_file: LINK, target_lang: "uk-UA" },
  smart_clip: { type: "smart_clip", file: LINK },
  motion: { type: "motion", text: "Three facts about sleep" },
};

function base(name: string): Body {
  const body = BASES[name];
  if (!body) throw new Error(`no base ${name}`);
  return structuredClone(body);
}

function parse(body: Body) {
  return TaskRequestSchema.safeParse(body);
}

/** Stable code of each issue: a rule's params.code, otherwise zod's own code. */
function codes(body: Body): string[] {
  const result = parse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const params = (issue as { params?: { code?: string } }).params;
    return params?.code ?? issue.code;
  });
}

function expectAccepted(body: Body) {
  const result = parse(body);
  expect(result.success ? [] : result.error.issues).toEqual([]);
}

function expectRejected(body: Body, code?: string) {
  const found = codes(body);
  expect(found.length).toBeGreaterThan(0);
  if (code) expect(found).toContain(code);
}

type EnumCase = { bases: string[]; field: string; values: readonly unknown[]; bad: unknown; extra?: Body };

const ENUMS: EnumCase[] = [
  {
    bases: ["video", "audio", "dubbing_auto", "dubbing_manual", "dubbing_render"],
    field: "tts_provider",
    values: TTS_PROVIDERS,
    bad: "provider_g",
  },
  { bases: ["video", "audio"], field: "tts_speed", values: TTS_SPEEDS, bad: 1.1 },
  {
    bases: ["video", "audio", "dubbing_auto"],
    field: "tts_style",
    values: TTS_STYLES,
    bad: "angry",
    extra: { tts_provider: "provider_b" },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto", "smart_clip"],
    field: "sub_style",
    values: SUB_STYLES,
    bad: "yellow",
  },
  {
    bases: ["video", "subtitles", "dubbing_auto", "smart_clip"],
    field: "sub_position",
    values: SUB_POSITIONS,
    bad: "middle",
  },
  { bases: ["video", "subtitles", "smart_clip"], field: "sub_size", values: SUB_SIZES, bad: "huge" },
  { bases: ["video"], field: "format", values: VIDEO_FORMATS, bad: "9:16" },
  { bases: ["video"], field: "animation", values: ANIMATIONS, bad: "zoom" },
  {
    bases: ["video"],
    field: "transition",
    values: ["none", ...MARKER_TRANSITIONS, "crossfade"],
    bad: "wipe",
  },
  { bases: ["video"], field: "audio_mix_type", values: AUDIO_MIX_TYPES, bad: "mute" },
  {
    bases: ["subtitles", "dubbing_auto", "smart_clip"],
    field: "reels_reframe",
    values: REELS_REFRAMES,
    bad: "stretch",
    extra: { reels_mode: true },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto"],
    field: "ai_graphics_mode",
    values: AI_GRAPHICS_MODES.filter((m) => m !== "manual"),
    bad: "full",
    extra: { ai_graphics: true },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto"],
    field: "ai_graphics_density",
    values: AI_GRAPHICS_DENSITIES,
    bad: 2,
  },
  {
    bases: ["video", "subtitles", "dubbing_auto"],
    field: "ai_graphics_sfx",
    values: AI_GRAPHICS_SFX,
    bad: "click",
    extra: { ai_graphics: true },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto", "smart_clip"],
    field: "sfx_auto_sound",
    values: SFX_AUTO_SOUNDS,
    bad: "paper_flip",
    extra: { auto_text: true, text: "Say it" },
  },
  { bases: ["video"], field: "sfx_transition_sound", values: SFX_TRANSITION_SOUNDS, bad: "pop" },
  {
    bases: ["dubbing_auto", "dubbing_manual", "dubbing_render"],
    field: "mix_mode",
    values: MIX_MODES,
    bad: "add",
  },
  { bases: ["dubbing_auto"], field: "sub_lang", values: [...SUB_LANG_KEYWORDS, "pl", "pt-BR"], bad: "both" },
  { bases: ["transcription"], field: "output_format", values: TRANSCRIPTION_OUTPUT_FORMATS, bad: "vtt" },
  { bases: ["motion"], field: "format", values: MOTION_FORMATS, bad: "9_16" },
  { bases: ["motion"], field: "style", values: MOTION_STYLES, bad: "neon" },
];

function withExtra(name: string, extra: Body | undefined, field: string, value: unknown): Body {
  const original = base(name);
  const body = { ...original, ...extra, [field]: value };
  // The extra narration serves video's auto_text; types without a text field keep their own body.
  if (name !== "video") {
    if ("text" in original) body.text = original.text;
    else delete body.text;
  }
  return body;
}

describe("vocabularies: every value accepted, an unknown one refused", () => {
  for (const { bases, field, values, bad, extra } of ENUMS) {
    for (const name of bases) {
      it.each(values.map((value) => [value]))(`${name}.${field} = %s`, (value) => {
        expectAccepted(withExtra(name, extra, field, value));
      });
      it(`${name}.${field} = ${String(bad)} is refused`, () => {
        expectRejected(withExtra(name, extra, field, bad));
      });
    }
  }

  it("the vocabularies have the sizes of the spec", () => {
    expect(TTS_PROVIDERS).toHaveLength(6);
    expect(SUB_STYLES).toHaveLength(14);
    expect(MOTION_STYLES).toHaveLength(13);
    expect(OVERLAY_POSITIONS).toHaveLength(9);
    expect(OVERLAY_STYLES).toHaveLength(7);
    expect(SMART_CLIP_FILTERS).toHaveLength(8);
    expect(MARKER_TRANSITIONS).toHaveLength(11);
    expect(TASK_TYPES).toHaveLength(8);
  });
});

describe("common fields", () => {
  it.each(Object.keys(BASES))("%s: a minimal request is accepted", (name) => {
    expectAccepted(base(name));
  });
  it.each(Object.keys(BASES))("%s: an unknown field is refused", (name) => {
    expectRejected({ ...base(name), sned_to_messenger: true }, "unrecognized_keys");
  });
  it("webhook_url: https accepted, http refused", () => {
    expectAccepted({
      ...base("audio"),
      webhook_url: "https://hooks.example.com/done",
      send_to_messenger: true,
    });
    expectRejected({ ...base("audio"), webhook_url: "http://hooks.example.com/done" }, "url_not_https");
  });
  it("webhook_url: plain http only on the loopback address (a local sandbox calling a local bot)", () => {
    expectAccepted({ ...base("audio"), webhook_url: "http://127.0.0.1:8080/hooks/tasks/abc" });
    expectAccepted({ ...base("audio"), webhook_url: "http://localhost:8080/hooks/tasks/abc" });
    expectRejected({ ...base("audio"), webhook_url: "http://10.0.0.5/hooks/tasks/abc" }, "url_not_https");
    expectRejected({ ...base("audio"), webhook_url: "http://127.0.0.1.example.com/x" }, "url_not_https");
  });
  it("send_to_messenger must be a boolean", () => {
    expectRejected({ ...base("audio"), send_to_messenger: "yes" });
  });
  it("an unknown type is refused", () => {
    expectRejected({ type: "translation", file: UPLOAD });
  });
});

describe("file references", () => {
  const cases: Array<[string, string]> = [
    ["video", "photos"],
    ["transcription", "file"],
    ["subtitles", "file"],
    ["pause_removal", "file"],
    ["dubbing_manual", "srt_file"],
    ["dubbing_render", "srt_file"],
    ["smart_clip", "file"],
    ["video", "bgm_file"],
  ];
  for (const [name, field] of cases) {
    const put = (value: string) => ({ ...base(name), [field]: field === "photos" ? [value] : value });
    it(`${name}.${field}: upload id and https link accepted`, () => {
      expectAccepted(put(UPLOAD));
      expectAccepted(put(LINK));
    });
    it(`${name}.${field}: http link and free text refused with a clear code`, () => {
      expectRejected(put("http://cdn.example.com/a.mp4"), "file_ref_insecure");
      expectRejected(put("my-video.mp4"), "file_ref_invalid");
      expectRejected(put("ftp://cdn.example.com/a.mp4"), "file_ref_invalid");
    });
  }
  it("motion takes its file as an upload id or https link", () => {
    expectAccepted({ type: "motion", source: "voice", file: LINK });
    expectRejected({ type: "motion", source: "voice", file: "http://a.example/v.mp3" }, "file_ref_insecure");
  });
});

describe("video rules", () => {
  const photos = (count: number) => Array.from({ length: count }, () => UPLOAD);
  it("photos: 1 and 30 accepted, 0 and 31 refused", () => {
    expectAccepted({ type: "video", photos: photos(1) });
    expectAccepted({ type: "video", photos: photos(30) });
    expectRejected({ type: "video", photos: [] }, "too_small");
    expectRejected({ type: "video", photos: photos(31) }, "too_big");
  });
  it("scene_durations: one positive number per media item", () => {
    expectAccepted({ ...base("video"), scene_durations: [2, 3.5] });
    expectRejected({ ...base("video"), scene_durations: [2] }, "scene_durations_count");
    expectRejected({ ...base("video"), scene_durations: [2, 0] });
    expectRejected({ ...base("video"), scene_durations: [2, -1] });
  });
  it("scene_transitions: one marker transition per cut", () => {
    expectAccepted({ ...base("video"), scene_transitions: ["fade"] });
    expectRejected({ ...base("video"), scene_transitions: ["fade", "zoom"] }, "scene_transitions_count");
    expectRejected({ ...base("video"), scene_transitions: ["none"] });
  });
  it.each(MARKER_TRANSITIONS.map((t) => [t]))("scene_transitions accepts %s", (transition) => {
    expectAccepted({ ...base("video"), scene_transitions: [transition] });
  });
  it("transition crossfade is sent as dissolve", () => {
    const result = parse({ ...base("video"), transition: "crossfade" });
    expect(result.success && result.data.type === "video" && result.data.transition).toBe("dissolve");
  });
  it("text with scene markers is checked", () => {
    expectAccepted({ ...base("video"), text: "One {scene:fade:0.8} two" });
    expectRejected({ ...base("video"), text: "One {scene:wipe} two" }, "scene_marker_unknown_type");
    expectRejected({ ...base("video"), text: "One {scene:fade two" }, "scene_marker_unclosed");
  });
  it("target_duration must be positive", () => {
    expectAccepted({ ...base("video"), target_duration: 45 });
    expectRejected({ ...base("video"), target_duration: 0 });
  });
  it("transition_duration must be positive", () => {
    expectAccepted({ ...base("video"), transition_duration: 0.3 });
    expectRejected({ ...base("video"), transition_duration: -0.5 });
  });
  it("bgm_track and bgm_file are exclusive", () => {
    expectAccepted({ ...base("video"), bgm_track: "lofi_chill.mp3" });
    expectRejected({ ...base("video"), bgm_track: "lofi_chill.mp3", bgm_file: UPLOAD }, "bgm_exclusive");
  });
  it("bgm_volume is 0..1", () => {
    expectAccepted({ ...base("video"), bgm_volume: 0 });
    expectAccepted({ ...base("video"), bgm_volume: 1 });
    expectRejected({ ...base("video"), bgm_volume: 1.2 });
    expectRejected({ ...base("video"), bgm_volume: -0.1 });
  });
  it("tts_speed is one of four values", () => {
    expectAccepted({ ...base("video"), tts_speed: 1.2 });
    expectRejected({ ...base("video"), tts_speed: 2 });
  });
  it("tts_style only with provider_b or provider_f", () => {
    expectAccepted({ ...base("video"), tts_provider: "provider_f", tts_style: "calm" });
    expectRejected(
      { ...base("video"), tts_provider: "provider_a", tts_style: "calm" },
      "tts_style_unsupported",
    );
    expectRejected({ ...base("video"), tts_style: "calm" }, "tts_style_unsupported");
  });
  it("tts_scene only with provider_b", () => {
    expectAccepted({ ...base("audio"), tts_provider: "provider_b", tts_scene: "warm, slow" });
    expectRejected(
      { ...base("audio"), tts_provider: "provider_f", tts_scene: "warm" },
      "tts_scene_unsupported",
    );
  });
  it("language is a code or locale by shape", () => {
    expectAccepted({ ...base("video"), language: "en" });
    expectAccepted({ ...base("video"), language: "en-US" });
    expectRejected({ ...base("video"), language: "English" }, "language_invalid");
    expectRejected({ ...base("video"), language: "en_US" }, "language_invalid");
  });
  it("sub_color is an ASS colour", () => {
    expectAccepted({ ...base("video"), sub_color: "&H00FFFFFF" });
    expectRejected({ ...base("video"), sub_color: "#FFFFFF" }, "color_not_ass");
  });
  it("auto_text needs non-empty text", () => {
    expectAccepted({ ...base("video"), auto_text: true, text: "Say it" });
    expectRejected({ ...base("video"), auto_text: true, text: "  " }, "auto_text_needs_text");
    expectRejected({ ...base("video"), auto_text: true }, "auto_text_needs_text");
  });
  it("sfx_auto_sound needs auto_text", () => {
    expectAccepted({ ...base("video"), auto_text: true, text: "Say it", sfx_auto_sound: "pop" });
    expectRejected({ ...base("video"), sfx_auto_sound: "pop" }, "sfx_auto_sound_needs_auto_text");
  });
  it("ai_graphics_sfx needs ai_graphics", () => {
    expectAccepted({ ...base("video"), ai_graphics: true, ai_graphics_sfx: "whoosh" });
    expectRejected({ ...base("video"), ai_graphics_sfx: "whoosh" }, "ai_graphics_sfx_needs_ai_graphics");
  });
  it("ai_graphics_directives only for semi and manual, validated line by line", () => {
    const cards = {
      ai_graphics: true,
      ai_graphics_directives: "00:05 quote Less is more @top\nend subscribe",
    };
    expectAccepted({ ...base("video"), ...cards, ai_graphics_mode: "semi" });
    expectAccepted({ ...base("video"), ...cards, ai_graphics_mode: "manual" });
    expectRejected({ ...base("video"), ...cards, ai_graphics_mode: "auto" }, "ai_graphics_directives_mode");
    expectRejected({ ...base("video"), ...cards }, "ai_graphics_directives_mode");
    expectRejected(
      {
        ...base("video"),
        ai_graphics: true,
        ai_graphics_mode: "manual",
        ai_graphics_directives: "00:05 banner Hi",
      },
      "directive_template_unknown",
    );
    expectRejected(
      { ...base("video"), ai_graphics: true, ai_graphics_mode: "manual" },
      "ai_graphics_directives_required",
    );
  });
});

describe("video captions", () => {
  const caption = (extra: Body = {}) => ({ text: "Sale", ...extra });
  it("at most 10 captions", () => {
    expectAccepted({ ...base("video"), text_overlays: Array.from({ length: 10 }, () => caption()) });
    expectRejected(
      { ...base("video"), text_overlays: Array.from({ length: 11 }, () => caption()) },
      "too_big",
    );
  });
  it("caption text 1..200 characters", () => {
    expectAccepted({ ...base("video"), text_overlays: [caption({ text: "x".repeat(200) })] });
    expectRejected({ ...base("video"), text_overlays: [caption({ text: "x".repeat(201) })] }, "too_big");
    expectRejected({ ...base("video"), text_overlays: [caption({ text: "" })] }, "too_small");
  });
  it("start before end when both are given", () => {
    expectAccepted({ ...base("video"), text_overlays: [caption({ start: 1, end: 3 })] });
    expectAccepted({ ...base("video"), text_overlays: [caption({ start: 1, end: null })] });
    expectRejected(
      { ...base("video"), text_overlays: [caption({ start: 3, end: 3 })] },
      "overlay_time_order",
    );
  });
  it("caption colour is ASS", () => {
    expectAccepted({ ...base("video"), text_overlays: [caption({ color: "&H0000FFFF" })] });
    expectRejected({ ...base("video"), text_overlays: [caption({ color: "yellow" })] }, "color_not_ass");
  });
  const fields: Array<[string, readonly string[], string]> = [
    ["style", OVERLAY_STYLES, "comic"],
    ["size", OVERLAY_SIZES, "xl"],
    ["position", OVERLAY_POSITIONS, "middle"],
    ["anim", OVERLAY_ANIMS, "spin"],
  ];
  for (const [field, values, bad] of fields) {
    it.each(values.map((v) => [v]))(`caption ${field} %s accepted`, (value) => {
      expectAccepted({ ...base("video"), text_overlays: [caption({ [field]: value })] });
    });
    it(`caption ${field} ${bad} refused`, () => {
      expectRejected({ ...base("video"), text_overlays: [caption({ [field]: bad })] });
    });
  }
  it("caption booleans and unknown caption fields", () => {
    expectAccepted({ ...base("video"), text_overlays: [caption({ bold: true, italic: false, fade: true })] });
    expectRejected({ ...base("video"), text_overlays: [caption({ underline: true })] }, "unrecognized_keys");
  });
  it("text_overlays_raw is parsed and cannot be combined with text_overlays", () => {
    expectAccepted({ ...base("video"), text_overlays_raw: "SALE | large bold yellow | 0-3" });
    expectRejected({ ...base("video"), text_overlays_raw: "SALE | gigantic" }, "overlay_attribute_unknown");
    expectRejected(
      { ...base("video"), text_overlays: [caption()], text_overlays_raw: "SALE" },
      "text_overlays_both",
    );
  });
});

describe("dubbing modes", () => {
  it("auto: target_lang required, source_lang auto or a code", () => {
    const { target_lang: _omitted, ...withoutTarget } = base("dubbing_auto");
    expectRejected(withoutTarget);
    expectAccepted({ ...base("dubbing_auto"), source_lang: "auto" });
    expectAccepted({ ...base("dubbing_auto"), source_lang: "es-ES" });
    expectRejected({ ...base("dubbing_auto"), source_lang: "spanish" });
  });
  it("auto takes its full field set", () => {
    expectAccepted({
      ...base("dubbing_auto"),
      tts_provider: "provider_b",
      tts_voice: "Aoede",
      tts_style: "calm",
      mix_mode: "overlay",
      overlay_volume: 35,
      sub_lang: "original",
      sub_style: "news_style",
      sub_position: "top",
      auto_text: true,
      sfx_auto_sound: "click",
      reels_mode: true,
      reels_reframe: "auto",
      ai_graphics: true,
      ai_graphics_mode: "semi",
      ai_graphics_density: 1.5,
      ai_graphics_directives: "00:10-00:14 stat 42% @center",
      ai_graphics_sfx: "paper_flip",
    });
    expectRejected({ ...base("dubbing_auto"), srt_file: UPLOAD }, "unrecognized_keys");
    expectRejected({ ...base("dubbing_auto"), sub_size: "large" }, "unrecognized_keys");
    expectRejected({ ...base("dubbing_auto"), step: "render" }, "unrecognized_keys");
  });
  it("overlay_volume: integer 0..100, only with overlay mixing", () => {
    expectAccepted({ ...base("dubbing_auto"), overlay_volume: 0 });
    expectAccepted({ ...base("dubbing_auto"), overlay_volume: 100, mix_mode: "overlay" });
    expectRejected({ ...base("dubbing_auto"), overlay_volume: 101 }, "too_big");
    expectRejected({ ...base("dubbing_auto"), overlay_volume: 20.5 });
    expectRejected(
      { ...base("dubbing_auto"), overlay_volume: 20, mix_mode: "replace" },
      "overlay_volume_needs_overlay",
    );
    expectRejected(
      { ...base("dubbing_manual"), overlay_volume: 20, mix_mode: "replace" },
      "overlay_volume_needs_overlay",
    );
  });
  it("tts_style with the default dubbing provider is refused", () => {
    expectRejected({ ...base("dubbing_auto"), tts_style: "calm" }, "tts_style_unsupported");
  });
  it("sfx_auto_sound needs auto_text in dubbing", () => {
    expectRejected({ ...base("dubbing_auto"), sfx_auto_sound: "pop" }, "sfx_auto_sound_needs_auto_text");
  });
  it("semi_auto transcribe: file, source_lang, target_lang only", () => {
    expectAccepted({ ...base("dubbing_transcribe"), source_lang: "auto" });
    expectRejected({ ...base("dubbing_transcribe"), srt_file: UPLOAD }, "unrecognized_keys");
    expectRejected({ ...base("dubbing_transcribe"), tts_provider: "provider_d" }, "unrecognized_keys");
    const { target_lang: _omitted, ...withoutTarget } = base("dubbing_transcribe");
    expectRejected(withoutTarget);
  });
  it("semi_auto render: srt_file required, voice and mix fields, nothing else", () => {
    expectAccepted({
      ...base("dubbing_render"),
      tts_provider: "provider_a",
      tts_voice: "en-US-Jenny",
      mix_mode: "overlay",
      overlay_volume: 10,
    });
    const { srt_file: _omitted, ...withoutSrt } = base("dubbing_render");
    expectRejected(withoutSrt);
    expectRejected({ ...base("dubbing_render"), source_lang: "en" }, "unrecognized_keys");
    expectRejected({ ...base("dubbing_render"), tts_style: "calm" }, "unrecognized_keys");
  });
  it("semi_auto needs a known step", () => {
    expectRejected({ ...base("dubbing_transcribe"), step: "translate" });
    const { step: _omitted, ...withoutStep } = base("dubbing_transcribe");
    expectRejected(withoutStep);
  });
  it("no mode takes tts_speed or tts_scene: the spec lists neither for dubbing", () => {
    for (const name of ["dubbing_auto", "dubbing_manual", "dubbing_render", "dubbing_transcribe"]) {
      expectRejected({ ...base(name), tts_speed: 1.2 }, "unrecognized_keys");
      expectRejected({ ...base(name), tts_provider: "provider_b", tts_scene: "warm" }, "unrecognized_keys");
    }
  });
  it("manual: srt_file required, voice and mix fields, no transcription fields", () => {
    expectAccepted({
      ...base("dubbing_manual"),
      tts_provider: "provider_f",
      tts_voice: "Kore",
      tts_style: "calm",
      mix_mode: "replace",
    });
    const { srt_file: _omitted, ...withoutSrt } = base("dubbing_manual");
    expectRejected(withoutSrt);
    expectRejected({ ...base("dubbing_manual"), source_lang: "en" }, "unrecognized_keys");
    expectRejected({ ...base("dubbing_manual"), auto_text: true }, "unrecognized_keys");
  });
  it("an unknown mode is refused", () => {
    expectRejected({ ...base("dubbing_auto"), mode: "full" });
  });
});

describe("subtitles and transcription", () => {
  it("translate_to is a language code", () => {
    expectAccepted({ ...base("subtitles"), translate_to: "fr" });
    expectRejected({ ...base("subtitles"), translate_to: "French" }, "language_invalid");
  });
  it("transcription language and prompt", () => {
    expectAccepted({ ...base("transcription"), language: "uk", ai_prompt: "Podcast about tea" });
    expectRejected({ ...base("transcription"), language: "ukrainian" }, "language_invalid");
  });
  it("audio needs text", () => {
    expectRejected({ type: "audio", text: "   " });
    expectRejected({ type: "audio" });
  });
});

describe("smart_clip rules", () => {
  it("max_clips integer >= 0", () => {
    expectAccepted({ ...base("smart_clip"), max_clips: 0 });
    expectAccepted({ ...base("smart_clip"), max_clips: 6 });
    expectRejected({ ...base("smart_clip"), max_clips: -1 });
    expectRejected({ ...base("smart_clip"), max_clips: 2.5 });
  });
  it("target_sec positive integer", () => {
    expectAccepted({ ...base("smart_clip"), target_sec: 45 });
    expectRejected({ ...base("smart_clip"), target_sec: 0 });
    expectRejected({ ...base("smart_clip"), target_sec: 30.5 });
  });
  it("filters: a unique subset", () => {
    expectAccepted({ ...base("smart_clip"), filters: [...SMART_CLIP_FILTERS] });
    expectAccepted({ ...base("smart_clip"), filters: [] });
    expectRejected({ ...base("smart_clip"), filters: ["warm", "warm"] }, "filters_repeated");
    expectRejected({ ...base("smart_clip"), filters: ["sepia"] });
  });
  it("sub_color is #RRGGBB here", () => {
    expectAccepted({ ...base("smart_clip"), sub_color: "#FFCC00" });
    expectRejected({ ...base("smart_clip"), sub_color: "&H00FFFFFF" }, "color_not_hex");
  });
  it("language may be auto", () => {
    expectAccepted({ ...base("smart_clip"), language: "auto", context: "Interview about startups" });
    expectRejected({ ...base("smart_clip"), language: "automatic" });
  });
});

describe("motion rules", () => {
  it.each(MOTION_SOURCES.map((s) => [s]))("source %s with what it needs is accepted", (source) => {
    expectAccepted(
      source === "text" ? { type: "motion", source, text: "Hi" } : { type: "motion", source, file: UPLOAD },
    );
  });
  it("source text needs text; voice and video need a file", () => {
    expectRejected({ type: "motion", source: "text" }, "motion_text_required");
    expectRejected({ type: "motion" }, "motion_text_required");
    expectRejected({ type: "motion", source: "voice", text: "Hi" }, "motion_file_required");
    expectRejected({ type: "motion", source: "video" }, "motion_file_required");
    expectRejected({ type: "motion", source: "slides", text: "Hi" });
  });
  it("format is not for source video", () => {
    expectAccepted({ type: "motion", source: "voice", file: UPLOAD, format: "1:1" });
    expectRejected(
      { type: "motion", source: "video", file: UPLOAD, format: "1:1" },
      "motion_format_not_for_video",
    );
  });
  it("tts fields only for source text", () => {
    expectAccepted({ type: "motion", text: "Hi", tts_provider: "provider_c", tts_voice: "Nova" });
    expectRejected(
      { type: "motion", source: "voice", file: UPLOAD, tts_voice: "Nova" },
      "motion_tts_only_for_text",
    );
  });
  it("music fields", () => {
    expectAccepted({ type: "motion", text: "Hi", bgm_file: LINK, bgm_volume: 0.1 });
    expectRejected({ type: "motion", text: "Hi", bgm_file: LINK, bgm_track: "phonk.mp3" }, "bgm_exclusive");
  });
});

describe("defaults", () => {
  it("every task type has its defaults, and they pass the schema", () => {
    expect(Object.keys(TASK_DEFAULTS).sort()).toEqual([...TASK_TYPES].sort());
    expectAccepted({ ...base("dubbing_auto"), ...TASK_DEFAULTS.dubbing });
    expectAccepted({ ...base("video"), ...TASK_DEFAULTS.video });
    expectAccepted({ ...base("smart_clip"), ...TASK_DEFAULTS.smart_clip });
    expectAccepted({ ...base("motion"), ...TASK_DEFAULTS.motion });
    expectAccepted({ ...base("subtitles"), ...TASK_DEFAULTS.subtitles });
    expectAccepted({ ...base("transcription"), ...TASK_DEFAULTS.transcription });
    expectAccepted({ ...base("audio"), ...TASK_DEFAULTS.audio });
  });
  it("documented values", () => {
    expect(TASK_DEFAULTS.video).toMatchObject({ format: "9_16", transition: "dissolve", bgm_volume: 0.2 });
    expect(TASK_DEFAULTS.dubbing).toMatchObject({
      overlay_volume: 20,
      mix_mode: "overlay",
      sub_lang: "dubbed",
    });
    expect(TASK_DEFAULTS.smart_clip).toMatchObject({ max_clips: 0, target_sec: 60 });
    expect(TASK_DEFAULTS.motion).toMatchObject({ format: "9:16", style: "cream_editorial" });
  });
});
