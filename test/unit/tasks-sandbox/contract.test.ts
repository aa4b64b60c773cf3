import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTaskRequest } from "../../../dev/tasks-sandbox/contract/index.js";
import { type Harness, startHarness } from "./harness.js";

/** POST /v1/tasks against the sandbox's own reading of the spec, field by field. */

let harness: Harness;

// Hundreds of requests; the per-key rate limits are tested in http-api.test.ts.
beforeAll(async () => {
  harness = await startHarness({ rateLimits: false });
});
afterAll(async () => {
  await harness.close();
});

type Body = Record<string, unknown>;

const VIDEO = "https://cdn.example.com/clip.mp4";
const PHOTO = "https://cdn.example.com/photo.jpg";
const SRT = "https://cdn.example.com/speech.srt";

const BASES = {
  video: { type: "video", photos: [PHOTO, VIDEO] },
  transcription: { type: "transcription", file: VIDEO },
  audio: { type: "audio", text: "Hello there" },
  subtitles: { type: "subtitles", file: VIDEO },
  pause_removal: { type: "pause_removal", file: VIDEO },
  dubbing_auto: { type: "dubbing", mode: "auto", file: VIDEO, target_lang: "es" },
  dubbing_transcribe: {
    type: "dubbing",
    mode: "semi_auto",
    step: "transcribe",
    file: VIDEO,
    target_lang: "de",
  },
  dubbing_render: {
    type: "dubbing",
    mode: "semi_auto",
    step: "render",
    file: VIDEO,
    srt_file: SRT,
    target_lang: "de",
  },
  dubbing_manual: { type: "dubbing", mode: "manual", file: VIDEO, srt_file: SRT, target_lang: "uk-UA" },
  smart_clip: { type: "smart_clip", file: VIDEO },
  motion: { type: "motion", text: "Three facts about owls" },
} satisfies Record<string, Body>;
type BaseName = keyof typeof BASES;

async function post(body: Body): Promise<{ status: number; detail: string }> {
  const response = await harness.post("/v1/tasks", body);
  const json = (await response.json()) as { detail?: string };
  return { status: response.status, detail: json.detail ?? "" };
}

async function expectAccepted(body: Body): Promise<void> {
  const { status, detail } = await post(body);
  expect({ status, detail }, JSON.stringify(body)).toEqual({ status: 200, detail: "" });
}

/** 422 with a detail that names the field (or says what is wrong). */
async function expectRefused(body: Body, named: string | RegExp): Promise<void> {
  const { status, detail } = await post(body);
  expect(status, JSON.stringify(body)).toBe(422);
  expect(detail).toMatch(named);
}

const on = (name: BaseName, extra: Body = {}): Body => ({ ...structuredClone(BASES[name]), ...extra });

describe("a minimal valid request of every type and mode is accepted", () => {
  it.each(Object.keys(BASES) as BaseName[])("%s", async (name) => {
    await expectAccepted(on(name));
  });

  it("with the common fields", async () => {
    await expectAccepted(
      on("audio", { webhook_url: "https://bot.example/hooks/t", send_to_messenger: true }),
    );
    await expectAccepted(on("audio", { webhook_url: null }));
    await expectRefused(on("audio", { send_to_messenger: "yes" }), /send_to_messenger/);
  });
});

type EnumCase = { bases: BaseName[]; field: string; values: readonly unknown[]; bad: unknown; extra?: Body };

const PROVIDERS = ["provider_a", "provider_b", "provider_c", "provider_d", "provider_e", "provider_f"];
const STYLES = ["standard", "calm", "expressive", "energetic", "dramatic", "cheerful"];
const SUB_STYLES = [
  "yellow_basic",
  "purple_green",
  "minimal_white",
  "news_style",
  "fire_orange",
  "pop_green",
  "word_box_orange",
  "karaoke_cyan",
  "cursor_selection",
  "single_green_box",
  "business_news",
  "dynamic_colors",
  "elegant_white",
  "dual_duet",
];
const TRANSITION_TYPES = [
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
];

const ENUMS: EnumCase[] = [
  {
    bases: ["video", "audio", "dubbing_auto", "dubbing_render", "dubbing_manual"],
    field: "tts_provider",
    values: PROVIDERS,
    bad: "provider_g",
  },
  { bases: ["motion"], field: "tts_provider", values: PROVIDERS, bad: "provider_g" },
  { bases: ["video", "audio"], field: "tts_speed", values: [0.8, 1.0, 1.2, 1.5], bad: 1.1 },
  {
    bases: ["video", "audio", "dubbing_auto", "dubbing_manual"],
    field: "tts_style",
    values: STYLES,
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
    values: ["top", "center", "bottom"],
    bad: "middle",
  },
  {
    bases: ["video", "subtitles", "smart_clip"],
    field: "sub_size",
    values: ["small", "medium", "large"],
    bad: "huge",
  },
  { bases: ["video"], field: "format", values: ["9_16", "16_9", "1_1", "original"], bad: "9:16" },
  { bases: ["video"], field: "animation", values: ["none", "ken_burns"], bad: "zoom" },
  {
    bases: ["video"],
    field: "transition",
    values: ["none", ...TRANSITION_TYPES, "crossfade"],
    bad: "wipe",
    extra: { animation: "ken_burns" },
  },
  { bases: ["video"], field: "audio_mix_type", values: ["replace", "add", "overlay"], bad: "mute" },
  {
    bases: ["subtitles", "dubbing_auto", "smart_clip"],
    field: "reels_reframe",
    values: ["blur", "fill", "fill_blur", "zoom", "crop", "auto"],
    bad: "stretch",
    extra: { reels_mode: true },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto"],
    field: "ai_graphics_mode",
    values: ["auto", "semi", "manual"],
    bad: "full",
    extra: { ai_graphics: true },
  },
  {
    bases: ["video", "subtitles", "dubbing_auto"],
    field: "ai_graphics_density",
    values: [0.6, 1.0, 1.5],
    bad: 2,
  },
  {
    bases: ["dubbing_auto", "dubbing_render", "dubbing_manual"],
    field: "mix_mode",
    values: ["overlay", "replace"],
    bad: "add",
  },
  {
    bases: ["dubbing_auto"],
    field: "sub_lang",
    values: ["dubbed", "original", "none", "pl", "pt-BR"],
    bad: "both",
  },
  {
    bases: ["dubbing_auto", "dubbing_transcribe"],
    field: "source_lang",
    values: ["auto", "es", "es-ES"],
    bad: "spanish",
  },
  { bases: ["transcription"], field: "output_format", values: ["txt", "srt", "both"], bad: "vtt" },
  {
    bases: ["smart_clip"],
    field: "filters",
    values: [["vivid", "contrast", "ocean", "forest", "warm", "cinema", "bw", "vintage"], []],
    bad: ["sepia"],
  },
  { bases: ["smart_clip"], field: "language", values: [null, "auto", "en"], bad: "automatic" },
  { bases: ["motion"], field: "source", values: ["text"], bad: "slides" },
  { bases: ["motion"], field: "format", values: ["9:16", "16:9", "1:1"], bad: "9_16" },
  {
    bases: ["motion"],
    field: "style",
    values: [
      "cream_editorial",
      "dark_bold",
      "purple_block",
      "green_neon",
      "business_gold",
      "psychology_calm",
      "history_sepia",
      "news_red",
      "ocean_tech",
      "bloom_pastel",
      "kitchen_warm",
      "mono_minimal",
      "cyber_neon",
    ],
    bad: "neon",
  },
];

describe("vocabularies: every value of the spec accepted, another refused naming the field", () => {
  for (const { bases, field, values, bad, extra } of ENUMS) {
    for (const name of bases) {
      it(`${name}.${field}`, async () => {
        for (const value of values) await expectAccepted(on(name, { ...extra, [field]: value }));
        await expectRefused(on(name, { ...extra, [field]: bad }), field);
      });
    }
  }

  it("card directives: every template and position", async () => {
    const templates = [
      "caption",
      "quote",
      "subscribe",
      "like",
      "list",
      "steps",
      "stat",
      "percent",
      "trend",
      "compare",
    ];
    const positions = ["center", "top", "bottom", "left", "right"];
    const directives = templates.map(
      (template, index) => `00:0${index} ${template} text @${positions[index % 5]}`,
    );
    const cards = {
      ai_graphics: true,
      ai_graphics_mode: "manual",
      ai_graphics_directives: directives.join("\n"),
    };
    await expectAccepted(on("video", cards));
    await expectRefused(on("video", { ...cards, ai_graphics_directives: "00:05 banner Hi" }), /banner/);
    await expectRefused(
      on("video", { ...cards, ai_graphics_directives: "00:05 quote Hi @middle" }),
      /@middle/,
    );
    await expectRefused(on("video", { ...cards, ai_graphics_directives: "5 seconds quote Hi" }), /MM:SS/);
    await expectAccepted(
      on("video", { ...cards, ai_graphics_directives: "00:10-00:14 stat 42% @center\nend subscribe" }),
    );
  });

  it("caption objects: every style, size, position and animation", async () => {
    const values: Array<[string, string[], string]> = [
      [
        "style",
        [
          "clean_white",
          "bold_yellow",
          "outline_black",
          "soft_pink",
          "elegant_script",
          "news_bar",
          "impact_red",
        ],
        "comic",
      ],
      ["size", ["small", "medium", "large"], "xl"],
      [
        "position",
        [
          "top_left",
          "top_center",
          "top_right",
          "middle_left",
          "center",
          "middle_right",
          "bottom_left",
          "bottom_center",
          "bottom_right",
        ],
        "middle",
      ],
      ["anim", ["pop", "slide_left", "slide_right", "type"], "spin"],
    ];
    for (const [field, accepted, bad] of values) {
      await expectAccepted(
        on("video", { text_overlays: accepted.map((value) => ({ text: "Sale", [field]: value })) }),
      );
      await expectRefused(
        on("video", { text_overlays: [{ text: "Sale", [field]: bad }] }),
        `text_overlays.0.${field}`,
      );
    }
    await expectAccepted(
      on("video", {
        text_overlays: [
          { text: "Sale", start: 1, end: null, bold: true, italic: false, color: "&H0000FFFF", fade: true },
        ],
      }),
    );
    await expectRefused(on("video", { text_overlays: [{ text: "Sale", color: "yellow" }] }), /color/);
    await expectRefused(on("video", { text_overlays: [{ text: "Sale", underline: true }] }), /underline/);
    await expectRefused(on("video", { text_overlays: [{ start: 1 }] }), /text/);
  });

  it("scene markers of the four forms in the text, with the transition types", async () => {
    const markers = TRANSITION_TYPES.map((type) => `{scene:${type}} part`).join(" ");
    await expectAccepted(
      on("video", { text: `Intro {scene} two {scene:2.5} three {scene:fade:0.8} ${markers}` }),
    );
    await expectAccepted(on("video", { text: "A {scenery} view is just text" }));
    await expectRefused(on("video", { text: "One {scene:wipe} two" }), /text: .*wipe/);
    await expectRefused(on("video", { text: "One {scene:fade:slow} two" }), /text: .*slow/);
    await expectRefused(on("video", { text: "One {scene:fade two" }), /text: .*not closed/);
  });

  it("the caption code form: attributes and times of the spec", async () => {
    const raw =
      "SALE | large bold yellow top center pop | 0-3\nNew / Today | small thin italic bottom right cyan slide | 1,5-end";
    await expectAccepted(on("video", { text_overlays_raw: raw }));
    await expectAccepted(on("video", { text_overlays_raw: "Just text" }));
    await expectRefused(
      on("video", { text_overlays_raw: "SALE | gigantic" }),
      /text_overlays_raw: .*gigantic/,
    );
    await expectRefused(on("video", { text_overlays_raw: "SALE | 3 to 5" }), /text_overlays_raw/);
    await expectRefused(on("video", { text_overlays_raw: " | bold" }), /no text/);
  });
});

describe("limits", () => {
  const links = (count: number) => Array.from({ length: count }, () => PHOTO);

  it("photos: 1 to 30 media", async () => {
    await expectAccepted({ type: "video", photos: links(1) });
    await expectAccepted({ type: "video", photos: links(30) });
    await expectRefused({ type: "video", photos: [] }, /photos/);
    await expectRefused({ type: "video", photos: links(31) }, /photos/);
  });

  it("text_overlays: at most 10, each text at most 200 characters, also in the code form", async () => {
    const caption = { text: "x".repeat(200) };
    await expectAccepted(on("video", { text_overlays: Array.from({ length: 10 }, () => caption) }));
    await expectRefused(
      on("video", { text_overlays: Array.from({ length: 11 }, () => caption) }),
      /text_overlays/,
    );
    await expectRefused(on("video", { text_overlays: [{ text: "x".repeat(201) }] }), /text_overlays.0.text/);
    // Characters as a reader counts them: 200 emoji are 200 characters.
    await expectAccepted(on("video", { text_overlays: [{ text: "🎉".repeat(200) }] }));
    await expectAccepted(on("video", { text_overlays_raw: Array.from({ length: 10 }, () => "x").join("/") }));
    await expectRefused(
      on("video", { text_overlays_raw: Array.from({ length: 11 }, () => "x").join("/") }),
      /10/,
    );
    await expectRefused(on("video", { text_overlays_raw: "x".repeat(201) }), /200/);
  });

  it("bgm_volume 0.0 to 1.0, overlay_volume an integer 0 to 100", async () => {
    for (const volume of [0, 0.2, 1]) await expectAccepted(on("video", { bgm_volume: volume }));
    for (const volume of [-0.1, 1.1]) await expectRefused(on("video", { bgm_volume: volume }), /bgm_volume/);
    await expectAccepted(on("motion", { bgm_volume: 1 }));
    for (const volume of [0, 20, 100]) await expectAccepted(on("dubbing_auto", { overlay_volume: volume }));
    for (const volume of [-1, 101, 20.5]) {
      await expectRefused(on("dubbing_manual", { overlay_volume: volume }), /overlay_volume/);
    }
  });

  it("target_duration: positive and not over the account's max_video_duration (600 s in the sandbox)", async () => {
    await expectAccepted(on("video", { target_duration: 600 }));
    await expectRefused(on("video", { target_duration: 601 }), /target_duration: .*limit of 600/);
    await expectRefused(on("video", { target_duration: 0 }), /target_duration/);
  });

  it("scene_durations positive seconds, transition_duration not negative", async () => {
    await expectAccepted(on("video", { scene_durations: [2, 3.5], transition_duration: 0 }));
    await expectRefused(on("video", { scene_durations: [2, 0] }), /scene_durations/);
    await expectRefused(on("video", { transition_duration: -0.5 }), /transition_duration/);
  });

  it("smart_clip: max_clips an integer from 0, target_sec a positive integer", async () => {
    await expectAccepted(on("smart_clip", { max_clips: 0, target_sec: 45 }));
    for (const bad of [-1, 2.5]) await expectRefused(on("smart_clip", { max_clips: bad }), /max_clips/);
    for (const bad of [0, 30.5]) await expectRefused(on("smart_clip", { target_sec: bad }), /target_sec/);
  });
});

describe("field forms", () => {
  it("files: an upload id or an https link, nothing else", async () => {
    await expectAccepted(on("pause_removal", { file: "https://cdn.example.com/a.mp4" }));
    for (const bad of ["http://cdn.example.com/a.mp4", "ftp://cdn.example.com/a.mp4", "my-video.mp4"]) {
      await expectRefused(on("pause_removal", { file: bad }), /file: expected an upload_id or an https/);
      await expectRefused(on("video", { photos: [PHOTO, bad] }), /photos.1/);
      await expectRefused(on("dubbing_manual", { srt_file: bad }), /srt_file/);
      await expectRefused(on("video", { bgm_file: bad }), /bgm_file/);
    }
  });

  it("languages: a code or a locale", async () => {
    for (const language of ["en", "pt-BR", "zh-Hans-CN"]) {
      await expectAccepted(on("transcription", { language }));
    }
    for (const language of ["English", "en_US", "auto"]) {
      await expectRefused(on("transcription", { language }), /language/);
    }
    await expectAccepted(on("subtitles", { translate_to: "fr" }));
    await expectRefused(on("subtitles", { translate_to: "French" }), /translate_to/);
    await expectRefused(on("dubbing_auto", { target_lang: "castellano" }), /target_lang/);
  });

  it("colours: ASS &HAABBGGRR for video, #RRGGBB for smart clips", async () => {
    await expectAccepted(on("video", { sub_color: "&H00FFFFFF" }));
    await expectRefused(on("video", { sub_color: "#FFFFFF" }), /sub_color/);
    await expectAccepted(on("smart_clip", { sub_color: "#FFCC00" }));
    await expectRefused(on("smart_clip", { sub_color: "&H00FFFFFF" }), /sub_color/);
  });

  it("required fields", async () => {
    await expectRefused({ type: "audio", text: "  " }, /text/);
    await expectRefused({ type: "audio" }, /text/);
    await expectRefused({ type: "transcription" }, /file/);
    const { target_lang: _target, ...withoutTarget } = on("dubbing_auto");
    await expectRefused(withoutTarget, /target_lang/);
    const { srt_file: _srt, ...withoutSrt } = on("dubbing_manual");
    await expectRefused(withoutSrt, /srt_file/);
    const { mode: _mode, ...withoutMode } = on("dubbing_auto");
    await expectRefused(withoutMode, /mode/);
    const { step: _step, ...withoutStep } = on("dubbing_transcribe");
    await expectRefused(withoutStep, /step/);
    await expectRefused({ type: "translation", file: VIDEO }, /type/);
  });
});

describe("cross-field rules", () => {
  it("tts_style only with provider_b or provider_f, tts_scene only with provider_b", async () => {
    await expectAccepted(on("audio", { tts_provider: "provider_f", tts_style: "calm" }));
    await expectAccepted(
      on("audio", { tts_provider: "provider_b", tts_style: "calm", tts_scene: "warm, slow" }),
    );
    await expectRefused(on("audio", { tts_style: "calm" }), /tts_style: provider_a/);
    await expectRefused(
      on("audio", { tts_provider: "provider_f", tts_scene: "warm" }),
      /tts_scene: provider_f/,
    );
    // Dubbing's default provider is provider_d.
    await expectRefused(on("dubbing_auto", { tts_style: "calm" }), /tts_style: provider_d/);
  });

  it("bgm_track and bgm_file are mutually exclusive", async () => {
    await expectAccepted(on("video", { bgm_track: "lofi_chill.mp3" }));
    await expectAccepted(on("video", { bgm_file: "https://cdn.example.com/song.mp3" }));
    await expectRefused(
      on("video", { bgm_track: "a.mp3", bgm_file: "https://cdn.example.com/b.mp3" }),
      /bgm_file/,
    );
    await expectRefused(
      on("motion", { bgm_track: "a.mp3", bgm_file: "https://cdn.example.com/b.mp3" }),
      /bgm_file/,
    );
    await expectRefused(on("video", { bgm_track: "music/lofi.mp3" }), /bgm_track/);
  });

  it("scene_durations one per media item, scene_transitions one per cut", async () => {
    await expectAccepted(on("video", { scene_durations: [2, 3], scene_transitions: ["fade"] }));
    await expectRefused(on("video", { scene_durations: [2] }), /scene_durations: .*\(2\)/);
    await expectRefused(on("video", { scene_transitions: ["fade", "zoom"] }), /scene_transitions: .*\(1\)/);
    await expectRefused(on("video", { scene_transitions: ["none"] }), /scene_transitions/);
  });

  it("sound effects need what they fire on; unknown sound names are silence, not errors", async () => {
    await expectAccepted(on("video", { text: "Say it", auto_text: true, sfx_auto_sound: "pop" }));
    await expectRefused(on("video", { sfx_auto_sound: "pop" }), /sfx_auto_sound: .*auto_text/);
    await expectRefused(on("smart_clip", { sfx_auto_sound: "click" }), /sfx_auto_sound/);
    await expectAccepted(on("subtitles", { ai_graphics: true, ai_graphics_sfx: "paper_flip" }));
    await expectRefused(on("dubbing_auto", { ai_graphics_sfx: "whoosh" }), /ai_graphics_sfx: .*ai_graphics/);
    await expectAccepted(on("video", { sfx_auto_sound: "thunder", ai_graphics_sfx: "gong" }));
    await expectAccepted(on("video", { sfx_transition_sound: "paper_flip" }));
    await expectAccepted(on("video", { sfx_transition_sound: "pop" }));
  });

  it("card directives only for the semi and manual modes", async () => {
    const directives = { ai_graphics: true, ai_graphics_directives: "00:05 quote Less is more @top" };
    await expectAccepted(on("dubbing_auto", { ...directives, ai_graphics_mode: "semi" }));
    await expectAccepted(on("subtitles", { ...directives, ai_graphics_mode: "manual" }));
    await expectRefused(on("video", { ...directives, ai_graphics_mode: "auto" }), /ai_graphics_directives/);
    await expectRefused(on("video", directives), /ai_graphics_directives/);
  });

  it("overlay_volume is for mix_mode overlay", async () => {
    await expectAccepted(on("dubbing_render", { mix_mode: "overlay", overlay_volume: 10 }));
    await expectAccepted(on("dubbing_render", { mix_mode: "replace" }));
    await expectRefused(on("dubbing_render", { mix_mode: "replace", overlay_volume: 10 }), /overlay_volume/);
    await expectRefused(on("dubbing_auto", { mix_mode: "replace", overlay_volume: 0 }), /overlay_volume/);
  });

  it("motion: text for source text, a file for voice and video, voices only for text", async () => {
    await expectAccepted({ type: "motion", source: "voice", file: "https://cdn.example.com/voice.mp3" });
    await expectAccepted({ type: "motion", source: "video", file: VIDEO });
    await expectAccepted(on("motion", { tts_provider: "provider_c", tts_voice: "Nova" }));
    await expectRefused({ type: "motion" }, /text: required for source text/);
    await expectRefused({ type: "motion", source: "text", text: " " }, /text/);
    await expectRefused({ type: "motion", source: "voice", text: "Hi" }, /file: required for source voice/);
    await expectRefused({ type: "motion", source: "video" }, /file/);
    await expectRefused(
      { type: "motion", source: "voice", file: VIDEO, tts_voice: "Nova" },
      /tts_voice: only for source text/,
    );
  });
});

describe("what the spec says is ignored is accepted", () => {
  it.each([
    ["auto_text without a narration", on("video", { auto_text: true })],
    ["reels_reframe without reels_mode", on("subtitles", { reels_reframe: "crop" })],
    ["a transition with animation none", on("video", { transition: "zoom" })],
    ["format with motion source video", { type: "motion", source: "video", file: VIDEO, format: "1:1" }],
    [
      "a malformed text_overlays_raw next to text_overlays",
      on("video", { text_overlays: [{ text: "Sale" }], text_overlays_raw: "SALE | gigantic" }),
    ],
    ["card fields with ai_graphics off", on("video", { ai_graphics_mode: "semi", ai_graphics_density: 0.6 })],
  ])("%s", async (_name, body) => {
    await expectAccepted(body);
  });
});

describe("each mode takes the fields the spec lists for it, nothing else", () => {
  it.each([
    ["dubbing_auto", "tts_speed", 1.2],
    ["dubbing_manual", "tts_speed", 0.8],
    ["dubbing_render", "tts_speed", 1.5],
    ["dubbing_auto", "tts_scene", "warm"],
    ["dubbing_manual", "tts_scene", "warm"],
    ["dubbing_auto", "sub_size", "large"],
    ["dubbing_auto", "srt_file", SRT],
    ["dubbing_auto", "step", "render"],
    ["dubbing_transcribe", "tts_provider", "provider_d"],
    ["dubbing_transcribe", "srt_file", SRT],
    ["dubbing_render", "tts_style", "calm"],
    ["dubbing_render", "source_lang", "en"],
    ["dubbing_manual", "source_lang", "en"],
    ["dubbing_manual", "auto_text", true],
    ["dubbing_manual", "sub_lang", "dubbed"],
    ["smart_clip", "ai_graphics", true],
    ["pause_removal", "language", "en"],
    ["transcription", "translate_to", "en"],
    ["audio", "language", "en"],
    ["motion", "tts_speed", 1.2],
    ["video", "sned_to_messenger", true],
  ] as const)("%s refuses %s", async (name, field, value) => {
    await expectRefused(on(name, { [field]: value }), new RegExp(`${field}: the spec lists no such field`));
  });
});

describe("defaults of the spec fill the request the sandbox runs", () => {
  it.each([
    [
      "video",
      {
        format: "9_16",
        animation: "none",
        transition: "crossfade",
        transition_duration: 0.5,
        tts_provider: "provider_a",
        tts_speed: 1,
        subtitles: true,
        sub_style: "yellow_basic",
        sub_position: "bottom",
        sub_size: "medium",
        auto_text: false,
        bgm_volume: 0.2,
        audio_mix_type: "replace",
        send_to_messenger: false,
        webhook_url: null,
      },
    ],
    ["transcription", { output_format: "both", language: null }],
    ["audio", { tts_provider: "provider_a", tts_speed: 1 }],
    ["subtitles", { reels_mode: false, reels_reframe: "blur", translate_to: null }],
    [
      "dubbing_auto",
      {
        source_lang: "auto",
        tts_provider: "provider_d",
        mix_mode: "overlay",
        sub_lang: "dubbed",
        reels_mode: false,
      },
    ],
    ["smart_clip", { max_clips: 0, target_sec: 60, subtitles: true, filters: [], reels_reframe: "blur" }],
    ["motion", { source: "text", format: "9:16", style: "cream_editorial", bgm_volume: 0.2 }],
  ] as const)("%s", (name, defaults) => {
    const parsed = parseTaskRequest(on(name));
    expect(parsed.ok && parsed.request).toMatchObject(defaults);
  });
});

describe("independence from the bot", () => {
  it("refuses tts_speed on dubbing, which the spec does not list for any dubbing mode", async () => {
    await expectRefused(on("dubbing_auto", { tts_speed: 1.2 }), /tts_speed: the spec lists no such field/);
  });

  it("imports nothing from the bot's sources", async () => {
    const root = fileURLToPath(new URL("../../../dev/tasks-sandbox/", import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readFile(join(root, file), "utf8");
      expect(text, file).not.toMatch(/from\s+["'][./]*src\//);
    }
  });
});
