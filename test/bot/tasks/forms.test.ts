/**
 * Every task form, driven as a user would: the quickest path (media, task, Create) and a path that
 * touches every field, each checked against the exact body the service receives.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { MediaRef } from "../../../src/media/media-ref.js";
import { BotHarness, type TestUser } from "../../support/bot-harness.js";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";
import { audio, photo, srt, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

const HOOK = expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\/[A-Za-z0-9_-]{24}$/);

function upload(id: string): string {
  return uploadIdOf({ source: "telegram", kind: "photo", fileId: id, fileUniqueId: `${id}-u` } as MediaRef);
}

async function fromIntake(user: TestUser, task: string, ...messages: Array<Record<string, unknown>>) {
  for (const message of messages) await rig.harness.sendMessage(user, message);
  const offer = [...rig.harness.calls]
    .reverse()
    .find((call) => JSON.stringify(call.payload.reply_markup ?? "").includes('"in:'));
  await rig.harness.pressOffer(user, offer, task);
}

/** Photos (and clips after them) can only become a video: its form opens at once, no question asked. */
async function fromPhotos(user: TestUser, ...messages: Array<Record<string, unknown>>) {
  for (const message of messages) await rig.harness.sendMessage(user, message);
  expect(
    rig.harness.calls.some((call) => JSON.stringify(call.payload.reply_markup ?? "").includes('"in:')),
  ).toBe(false);
}

/** With every field set, the card still keeps to twelve lines: the rest wait behind Details. */
async function expectShortCard(user: TestUser) {
  await rig.backToCard(user);
  expect(rig.card(user).text.split("\n").length).toBeLessThanOrEqual(12);
}

const SRT_TEXT = "1\n00:00:01,000 --> 00:00:04,000\nПривіт\n\n2\n00:00:05,000 --> 00:00:08,000\nСвіт\n";

describe("video", () => {
  it("quickest: one photo, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(31);
    await fromPhotos(user, photo("p1"));
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "video", photos: [upload("p1")], webhook_url: HOOK }]);
  });

  it("every field of a narrated video", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(32);
    await fromPhotos(user, photo("p1"), video("v1", 12));
    await rig.type(user, "🎙 Voice", "Text", "Hello there {scene:fade:0.8} and goodbye");
    expect(rig.card(user).text).toContain("Scene 1 → file 1");
    expect(rig.card(user).text).toContain("Scene 2 → file 2");
    await rig.choose(user, "🎙 Voice", "Language", "Ukrainian");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Соломія");
    await rig.choose(user, "🎙 Voice", "Speed", "×1.2");
    await rig.choose(user, "🎙 Voice", "Speaking style", "Calm");
    await rig.type(user, "🎙 Voice", "Speaking instruction", "warm and slow");
    await rig.backToCard(user);
    await rig.choose(user, "🎞 Scenes and format", "Format", "Horizontal 16:9");
    await rig.choose(user, "🎞 Scenes and format", "Animation", "Slow pan and zoom");
    await rig.choose(user, "🎞 Scenes and format", "Transition", "Zoom");
    await rig.type(user, "🎞 Scenes and format", "Transition length (s)", "0,8");
    await rig.choose(user, "🎞 Scenes and format", "Target length (s)", "30 s");
    await rig.backToCard(user);
    await rig.choose(user, "💬 Subtitles", "Subtitle style", "Turquoise karaoke");
    await rig.choose(user, "💬 Subtitles", "Subtitle position", "Top");
    await rig.choose(user, "💬 Subtitles", "Subtitle size", "Large");
    await rig.type(user, "💬 Subtitles", "Subtitle colour", "&h0000ffff");
    await rig.choose(user, "🏷 Captions", "Captions");
    await rig.press(user, "➕ Add a caption");
    await rig.harness.send(user, "Sale today | 1-4");
    await rig.tap(user, "Style:");
    await rig.press(user, "Bold yellow");
    await rig.tap(user, "Position:");
    await rig.press(user, "Top middle");
    await rig.tap(user, "Size:");
    await rig.press(user, "Large");
    await rig.tap(user, "Animation:");
    await rig.press(user, "Pop in");
    await rig.tap(user, "▫️ Bold");
    await rig.tap(user, "▫️ Fade");
    await rig.backToCard(user);
    await rig.choose(user, "🏷 Captions", "Automatic captions");
    await rig.backToCard(user);
    await rig.choose(user, "🎵 Music", "Library music", "Cinematic, epic");
    await rig.choose(user, "🎵 Music", "Music volume", "50 %");
    await rig.choose(user, "🎵 Music", "Clips' own sound", "Clips' sound, quieter");
    await rig.backToCard(user);
    await rig.choose(user, "🃏 Cards", "Cards");
    await rig.choose(user, "🃏 Cards", "Card mode", "Automatic plus my directions");
    await rig.choose(user, "🃏 Cards", "Card density", "Many");
    await rig.type(user, "🃏 Cards", "Card directions", "00:02-00:05 stat 87% of viewers @top");
    await rig.choose(user, "🃏 Cards", "Card sound", "Whoosh");
    await rig.backToCard(user);
    await rig.choose(user, "🔊 Sound effects", "Caption sound", "Pop");
    await rig.choose(user, "🔊 Sound effects", "Scene change sound", "Page turn");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "video",
        photos: [upload("p1"), upload("v1")],
        text: "Hello there {scene:fade:0.8} and goodbye",
        language: "uk",
        tts_provider: "provider_b",
        tts_voice: "provider_b-uk-UA-sample-1",
        tts_speed: 1.2,
        tts_style: "calm",
        tts_scene: "warm and slow",
        format: "16_9",
        animation: "ken_burns",
        transition: "zoom",
        transition_duration: 0.8,
        target_duration: 30,
        sub_style: "karaoke_cyan",
        sub_position: "top",
        sub_size: "large",
        sub_color: "&H0000FFFF",
        text_overlays: [
          {
            text: "Sale today",
            start: 1,
            end: 4,
            style: "bold_yellow",
            position: "top_center",
            size: "large",
            anim: "pop",
            bold: true,
            fade: true,
          },
        ],
        auto_text: true,
        bgm_track: "cinematic_epic.mp3",
        bgm_volume: 0.5,
        audio_mix_type: "overlay",
        ai_graphics: true,
        ai_graphics_mode: "semi",
        ai_graphics_density: 1.5,
        ai_graphics_directives: "00:02-00:05 stat 87% of viewers @top",
        ai_graphics_sfx: "whoosh",
        sfx_auto_sound: "pop",
        sfx_transition_sound: "paper_flip",
        webhook_url: HOOK,
      },
    ]);
  });

  it("a silent video takes scene lengths and transitions, raw captions, own music and subtitles off", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(33);
    await fromPhotos(user, photo("p1"), photo("p2"), photo("p3"));
    await rig.type(user, "🎞 Scenes and format", "Scene lengths (s)", "3 4 2.5");
    await rig.type(user, "🎞 Scenes and format", "Transition per cut", "fade zoom");
    await rig.choose(user, "🎞 Scenes and format", "Format", "As the source");
    await rig.choose(user, "💬 Subtitles", "Subtitles");
    await rig.type(user, "🏷 Captions", "Captions as code", "SALE | large bold top center yellow pop | 0-3");
    await rig.choose(user, "🎵 Music", "Your own music");
    await rig.harness.sendMessage(user, audio("m1"));
    await rig.backToCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "video",
        photos: [upload("p1"), upload("p2"), upload("p3")],
        scene_durations: [3, 4, 2.5],
        scene_transitions: ["fade", "zoom"],
        format: "original",
        subtitles: false,
        text_overlays_raw: "SALE | large bold top center yellow pop | 0-3",
        bgm_file: upload("m1"),
        webhook_url: HOOK,
      },
    ]);
  });

  it("an MP3 sent while the card shows is the video's own music, not a new task", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(35);
    await fromPhotos(user, photo("p1"));
    const calls = await rig.harness.sendMessage(user, audio("m1"));
    expect(calls.filter((call) => call.method === "sendMessage")).toEqual([]);
    // The card keeps to twelve lines; the music is one of the choices behind Details.
    expect(rig.card(user).text.split("\n").length).toBeLessThanOrEqual(12);
    await rig.tap(user, "🔽 Details");
    expect(rig.card(user).text).toContain("Your own music: m1.mp3");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "video", photos: [upload("p1")], bgm_file: upload("m1"), webhook_url: HOOK },
    ]);
  });

  it("photos sent after the form opened are added, and Done on an empty form asks for media", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(34);
    await rig.fromStart(user, "Slideshow with voiceover");
    expect(rig.card(user).text).toContain("Send 1 to 30 photos or video clips");
    await rig.harness.sendMessage(user, photo("a"));
    await rig.harness.sendMessage(user, photo("b"));
    expect(rig.card(user).text).toContain("2 of 30 files at most");
    await rig.press(user, "Done (2)");
    await rig.create(user);
    expect(rig.created[0]?.type === "video" && rig.created[0].photos).toEqual([upload("a"), upload("b")]);
  });
});

describe("transcription", () => {
  it("quickest: an audio file, Transcription, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(41);
    await fromIntake(user, "Transcription", audio("a1"));
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "transcription", file: upload("a1"), webhook_url: HOOK }]);
  });

  it("every field", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(42);
    await fromIntake(user, "Transcription", audio("a1"));
    await rig.type(user, "🗣 Recognition", "Language", "de");
    await rig.type(user, "🗣 Recognition", "Hint for recognition", "Names: Olena, Kyiv");
    await rig.choose(user, "🗣 Recognition", "Output", "Subtitles with timecodes");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "transcription",
        file: upload("a1"),
        language: "de",
        ai_prompt: "Names: Olena, Kyiv",
        output_format: "srt",
        webhook_url: HOOK,
      },
    ]);
  });
});

describe("audio", () => {
  it("quickest: Voiceover, the text, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(51);
    await rig.fromStart(user, "Voiceover");
    expect(rig.card(user).text).toContain("Text");
    await rig.harness.send(user, "Good morning, everyone.");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "audio", text: "Good morning, everyone.", webhook_url: HOOK }]);
  });

  it("every field", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(52);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Добрий ранок");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "🌐 Another language");
    await rig.press(user, "Ukrainian");
    await rig.press(user, "Данило");
    await rig.choose(user, "🎙 Voice", "Speed", "×0.8");
    await rig.choose(user, "🎙 Voice", "Speaking style", "Cheerful");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "audio",
        text: "Добрий ранок",
        tts_provider: "provider_f",
        tts_voice: "provider_f-uk-UA-sample-2",
        tts_speed: 0.8,
        tts_style: "cheerful",
        webhook_url: HOOK,
      },
    ]);
  });
});

/** The card's keyboard as rows of button texts. */
function keyboardRows(call: ReturnType<FormRig["card"]>["call"]): string[][] {
  const markup = call?.payload.reply_markup as
    | { inline_keyboard?: Array<Array<{ text: string }>> }
    | undefined;
  return (markup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));
}

/** The ▶ on the row of the voice named `name`. */
function sampleButtonOf(call: ReturnType<FormRig["card"]>["call"], name: string): string {
  const markup = call?.payload.reply_markup as
    | { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> }
    | undefined;
  const row = (markup?.inline_keyboard ?? []).find((candidate) => candidate[0]?.text.endsWith(name));
  const play = row?.find((button) => button.text === "▶");
  if (!play?.callback_data) throw new Error(`no ▶ beside ${name}`);
  return play.callback_data;
}

describe("voice picker", () => {
  it("lists the language's voices by name with how they sound, provider and price, ▶ on each row, no provider step", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(53);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    expect(rig.card(user).text).toBe(
      [
        "English voices: choose one. ▶ plays a sample.",
        "",
        "Grace — soft female voice · Freevox · free",
        "Liam — energetic male voice · Freevox · free",
        "Emma — warm female voice · Vocalis · 6 tokens a minute",
        "Ava — calm female voice · Lumina · 17 tokens a minute",
        "Oliver — confident male voice · Lumina · 17 tokens a minute",
        "James — calm male voice · Vocalis · 27 tokens a minute",
        "Olivia — bright female voice · Sonora · 41 tokens a minute",
        "Noah — deep male voice · Sonora · 41 tokens a minute",
      ].join("\n"),
    );
    expect(keyboardRows(rig.card(user).call)).toEqual([
      ["Grace", "▶"],
      ["Liam", "▶"],
      ["Emma", "▶"],
      ["Ava", "▶"],
      ["Oliver", "▶"],
      ["James", "▶"],
      ["Olivia", "▶"],
      ["Noah", "▶"],
      ["Let the service choose"],
      ["🌐 Another language"],
      ["« Back"],
    ]);
    const cardId = Number(rig.card(user).call?.payload.message_id);
    const answer = await rig.harness.press(user, sampleButtonOf(rig.card(user).call, "Olivia"), cardId);
    expect(answer.find((call) => call.method === "answerCallbackQuery")?.payload.text).toBe(
      "Making the sample; it arrives in a few seconds.",
    );
    expect(rig.previews).toEqual([
      {
        chatId: 53,
        cardMessageId: cardId,
        provider: "provider_b",
        voice: "provider_b-en-US-sample-1",
        locale: "en",
      },
    ]);
    // ▶ leaves the list where it was.
    expect(rig.card(user).text).toContain("Olivia — bright female voice · Sonora · 41 tokens a minute");
    await rig.press(user, "Olivia");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Voice: Olivia · Sonora");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "audio",
        text: "Hello",
        tts_provider: "provider_b",
        tts_voice: "provider_b-en-US-sample-1",
        webhook_url: HOOK,
      },
    ]);
  });

  it("opens on the voice chosen, marked, and the service's choice sends neither provider nor voice", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(55);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Noah");
    await rig.choose(user, "🎙 Voice", "Voice");
    expect(keyboardRows(rig.card(user).call)).toContainEqual(["• Noah", "▶"]);
    await rig.press(user, "Let the service choose");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "audio", text: "Hello", webhook_url: HOOK }]);
  });

  it("a sample answers the card as a reply, and the next one takes its place, so the card stays in view", async () => {
    rig = await FormRig.create({ voiceSampleApiKey: "ops_operator_samplesamplesamplesamplesamplesa" });
    const user = rig.harness.user(56);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    const cardId = Number(rig.card(user).call?.payload.message_id);
    await rig.harness.press(user, sampleButtonOf(rig.card(user).call, "Olivia"), cardId);
    await rig.settle();
    await rig.harness.press(user, sampleButtonOf(rig.card(user).call, "Noah"), cardId);
    await rig.settle();
    const samples = rig.harness.calls.filter((call) => call.method === "sendAudio");
    // A file sent by upload carries its fields as multipart text: JSON there.
    const replyOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
    expect(samples.map((call) => [call.payload.caption, replyOf(call.payload.reply_parameters)])).toEqual([
      ["Olivia", { message_id: cardId, allow_sending_without_reply: true }],
      ["Noah", { message_id: cardId, allow_sending_without_reply: true }],
    ]);
    const first = (samples[0]?.result as { message_id?: number } | undefined)?.message_id;
    expect(first).toEqual(expect.any(Number));
    const deleted = rig.harness.calls.filter((call) => call.method === "deleteMessage");
    expect(deleted.map((call) => call.payload.message_id)).toEqual([first]);
    // The list is still the card's, unchanged by the samples.
    expect(rig.card(user).call?.payload.message_id).toBe(cardId);
    expect(rig.card(user).text).toContain("Noah — deep male voice · Sonora · 41 tokens a minute");
  });

  it("a long list goes a page at a time, and a voice on the second page is the one sent", async () => {
    rig = await FormRig.create({
      catalog: (shipped) => ({
        ...shipped,
        voices: [
          ...shipped.voices,
          ...["Ruth", "Owen", "Iris", "Theo"].map((name) => ({
            id: `provider_b-en-US-${name}`,
            name,
            provider: "provider_b",
            language: "en",
            tier: "standard" as const,
            sample: true,
          })),
        ],
      }),
    });
    const user = rig.harness.user(57);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    expect(keyboardRows(rig.card(user).call).slice(7, 9)).toEqual([["Noah", "▶"], ["▶️"]]);
    await rig.press(user, "▶️");
    expect(rig.card(user).text.split("\n").slice(2)).toEqual([
      "Ruth · Sonora · 41 tokens a minute",
      "Owen · Sonora · 41 tokens a minute",
      "Iris · Sonora · 41 tokens a minute",
      "Theo · Sonora · 41 tokens a minute",
    ]);
    expect(keyboardRows(rig.card(user).call).slice(0, 5)).toEqual([
      ["Ruth", "▶"],
      ["Owen", "▶"],
      ["Iris", "▶"],
      ["Theo", "▶"],
      ["◀️"],
    ]);
    await rig.press(user, "Iris");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "audio",
        text: "Hello",
        tts_provider: "provider_b",
        tts_voice: "provider_b-en-US-Iris",
        webhook_url: HOOK,
      },
    ]);
  });

  it("in Ukrainian, each voice reads as a native speaker says it", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(58, "uk");
    await rig.fromStart(user, "Озвучення");
    await rig.harness.send(user, "Привіт");
    await rig.tap(user, "🎙 Голос");
    await rig.tap(user, "Голос:");
    expect(rig.card(user).text.split("\n").slice(0, 3)).toEqual([
      "Голоси, мова: українська. Оберіть голос. ▶ — прослухати зразок.",
      "",
      "Ярина — м'який жіночий голос · Freevox · безкоштовно",
    ]);
    expect(rig.card(user).text).toContain("Соломія — дзвінкий жіночий голос · Sonora · 41 токен за хвилину");
    expect(keyboardRows(rig.card(user).call).slice(-3)).toEqual([
      ["Нехай обере сервіс"],
      ["🌐 Інша мова"],
      ["« Назад"],
    ]);
  });

  it("says what ▶ does only when the list shows one", async () => {
    rig = await FormRig.create({ noVoiceSamples: true });
    const user = rig.harness.user(54);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    expect(BotHarness.buttons(rig.card(user).call).map((button) => button.text)).not.toContain("▶");
    expect(keyboardRows(rig.card(user).call)[0]).toEqual(["Grace"]);
    expect(rig.card(user).text.split("\n")[0]).toBe("English voices: choose one.");
    expect(rig.card(user).text).not.toContain("▶");
  });
});

describe("subtitles", () => {
  it("quickest: a video, Subtitles, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(61);
    await fromIntake(user, "Subtitles", video("v1"));
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "subtitles", file: upload("v1"), webhook_url: HOOK }]);
  });

  it("every field", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(62);
    await fromIntake(user, "Subtitles", video("v1"));
    await rig.choose(user, "💬 Subtitles", "Language", "English");
    await rig.choose(user, "💬 Subtitles", "Subtitle style", "Newsroom");
    await rig.choose(user, "💬 Subtitles", "Subtitle position", "Middle");
    await rig.choose(user, "💬 Subtitles", "Subtitle size", "Small");
    await rig.type(user, "🌐 Translation", "Translate to", "pl");
    await rig.choose(user, "🏷 Captions", "Automatic captions");
    await rig.choose(user, "🏷 Captions", "Caption sound", "Click");
    await rig.choose(user, "📱 Vertical video", "Vertical 9:16");
    await rig.choose(user, "📱 Vertical video", "Reframing", "Automatic");
    await rig.choose(user, "🃏 Cards", "Cards");
    await rig.choose(user, "🃏 Cards", "Card mode", "Only my directions");
    await rig.choose(user, "🃏 Cards", "Card density", "Few");
    await rig.type(user, "🃏 Cards", "Card directions", "00:01 caption Hello\nend subscribe @bottom");
    await rig.choose(user, "🃏 Cards", "Card sound", "Page turn");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "subtitles",
        file: upload("v1"),
        language: "en",
        sub_style: "news_style",
        sub_position: "center",
        sub_size: "small",
        translate_to: "pl",
        auto_text: true,
        sfx_auto_sound: "click",
        reels_mode: true,
        reels_reframe: "auto",
        ai_graphics: true,
        ai_graphics_mode: "manual",
        ai_graphics_density: 0.6,
        ai_graphics_directives: "00:01 caption Hello\nend subscribe @bottom",
        ai_graphics_sfx: "paper_flip",
        webhook_url: HOOK,
      },
    ]);
  });
});

describe("pause_removal", () => {
  it("quickest and only path: a video, Pause removal, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(71);
    await fromIntake(user, "Pause removal", video("v1"));
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "pause_removal", file: upload("v1"), webhook_url: HOOK }]);
  });

  it("a link instead of a file goes to the service as the link", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(72);
    await rig.fromStart(user, "Pause removal");
    await rig.harness.send(user, "https://cdn.example.com/talk.mp4");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "pause_removal", file: "https://cdn.example.com/talk.mp4", webhook_url: HOOK },
    ]);
  });
});

describe("dubbing", () => {
  it("quickest: a video, Dubbing, Create (dubbed into the interface language)", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(81, "uk");
    await fromIntake(user, "Дубляж", video("v1"));
    expect(rig.card(user).text).toContain("Мова дубляжу: Українська");
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    expect(rig.created).toEqual([
      { type: "dubbing", file: upload("v1"), mode: "auto", target_lang: "uk", webhook_url: HOOK },
    ]);
  });

  it("every field of the automatic mode", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(82);
    await fromIntake(user, "Dubbing", video("v1"));
    await rig.choose(user, "🌐 Languages and mode", "Dub into", "German");
    await rig.choose(user, "🌐 Languages and mode", "Spoken language", "English");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Jonas");
    await rig.choose(user, "🎙 Voice", "Speaking style", "Dramatic");
    // The spec lists no tts_speed for dubbing, so the voice group offers none.
    const voiceButtons = BotHarness.buttons(rig.card(user).call).map((button) => button.text);
    expect(voiceButtons.some((text) => text.startsWith("Speed:"))).toBe(false);
    await rig.choose(user, "🎚 Mix", "Original sound", "Keep it, quieter");
    await rig.choose(user, "🎚 Mix", "Original volume (%)", "40 %");
    await rig.choose(user, "💬 Subtitles", "Subtitles show", "The original speech");
    await rig.choose(user, "💬 Subtitles", "Subtitle style", "Bright green");
    await rig.choose(user, "💬 Subtitles", "Subtitle position", "Top");
    await rig.choose(user, "💬 Subtitles", "Automatic captions");
    await rig.choose(user, "💬 Subtitles", "Caption sound", "Whoosh");
    await rig.choose(user, "📱 Vertical video", "Vertical 9:16");
    await rig.choose(user, "📱 Vertical video", "Reframing", "Crop to the centre");
    await rig.choose(user, "🃏 Cards", "Cards");
    await rig.choose(user, "🃏 Cards", "Card density", "Many");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "auto",
        target_lang: "de",
        source_lang: "en",
        tts_provider: "provider_b",
        tts_voice: "provider_b-de-DE-sample-2",
        tts_style: "dramatic",
        overlay_volume: 40,
        sub_lang: "original",
        sub_style: "pop_green",
        sub_position: "top",
        auto_text: true,
        sfx_auto_sound: "whoosh",
        reels_mode: true,
        reels_reframe: "crop",
        ai_graphics: true,
        ai_graphics_density: 1.5,
        webhook_url: HOOK,
      },
    ]);
  });

  it("manual mode takes an SRT, checks it against the video's length, and sends it", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(83);
    await fromIntake(user, "Dubbing", video("v1", 6));
    await rig.choose(user, "🌐 Languages and mode", "Mode", "My own subtitles");
    await rig.choose(user, "🌐 Languages and mode", "Dub into", "Ukrainian");
    await rig.choose(user, "🌐 Languages and mode", "Your SRT");
    rig.srtFiles.set("s1", SRT_TEXT);
    await rig.harness.sendMessage(user, srt("s1"));
    expect(rig.card(user).text).toContain(
      "Subtitle 2 ends at 00:00:08,000, 2.0 s after the video ends (00:00:06,000).",
    );
    rig.srtFiles.set("s2", "1\n00:00:01,000 --> 00:00:04,000\nПривіт\n");
    await rig.harness.sendMessage(user, srt("s2"));
    await rig.choose(user, "🎚 Mix", "Original sound", "Remove it");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "manual",
        target_lang: "uk",
        srt_file: upload("s2"),
        mix_mode: "replace",
        webhook_url: HOOK,
      },
    ]);
  });

  it("the SRT the card asks for, sent while the card shows, fills it; a malformed one gets its parse error", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(85);
    await fromIntake(user, "Dubbing", video("v1", 6));
    await rig.press(user, "My subtitles");
    expect(rig.card(user).text).toContain("⚠️ Please fill in: Your SRT");
    // The card is further up by now: what is wrong comes as a reply under the file.
    await rig.harness.send(user, "one moment");
    rig.srtFiles.set("bad", "Hello there\n");
    const refused = await rig.harness.sendMessage(user, srt("bad"));
    const said = refused.filter((call) => call.method === "sendMessage").map((call) => call.payload.text);
    expect(said).toEqual([expect.stringMatching(/^Line 1: /)]);
    expect(JSON.stringify(refused)).not.toContain("started another task");
    expect(rig.card(user).text).toContain("⚠️ Please fill in: Your SRT");
    rig.srtFiles.set("good", SRT_TEXT.split("\n\n")[0] ?? "");
    await rig.harness.sendMessage(user, srt("good"));
    expect(rig.card(user).text).toContain("Your SRT: good.srt");
    expect(rig.card(user).text).not.toContain("Please fill in");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "manual",
        target_lang: "en",
        srt_file: upload("good"),
        webhook_url: HOOK,
      },
    ]);
  });

  it("an SRT sent to an automatic dubbing's card dubs the same video with those subtitles", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(86);
    await fromIntake(user, "Dubbing", video("v1", 6));
    rig.srtFiles.set("s1", SRT_TEXT.split("\n\n")[0] ?? "");
    const calls = await rig.harness.sendMessage(user, srt("s1"));
    expect(JSON.stringify(calls)).not.toContain("started another task");
    expect(rig.card(user).text).toContain("Mode: My own subtitles");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "manual",
        target_lang: "en",
        srt_file: upload("s1"),
        webhook_url: HOOK,
      },
    ]);
  });

  it("opened from an SRT alone, a corrected SRT replaces it while the card still asks for the video", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(87);
    rig.srtFiles.set("s1", SRT_TEXT);
    rig.srtFiles.set("s2", SRT_TEXT.split("\n\n")[0] ?? "");
    await rig.harness.sendMessage(user, srt("s1"));
    expect(rig.card(user).text).toContain("Dub a video with these subtitles: send the video");
    const calls = await rig.harness.sendMessage(user, srt("s2"));
    expect(JSON.stringify(calls)).not.toContain("started another task");
    expect(rig.card(user).text).toContain("Dub a video with these subtitles: send the video");
    await rig.harness.sendMessage(user, video("v1", 6));
    expect(rig.card(user).text).toContain("Your SRT: s2.srt");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "manual",
        target_lang: "en",
        srt_file: upload("s2"),
        webhook_url: HOOK,
      },
    ]);
  });

  it("semi-automatic mode sends the transcribe step and keeps the render step's choices", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(84);
    await fromIntake(user, "Dubbing", video("v1"));
    await rig.choose(user, "🌐 Languages and mode", "Mode", "Check the transcript first");
    await rig.choose(user, "🌐 Languages and mode", "Dub into", "French");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Léa");
    await rig.choose(user, "🎚 Mix", "Original volume (%)", "10 %");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        file: upload("v1"),
        mode: "semi_auto",
        step: "transcribe",
        target_lang: "fr",
        webhook_url: HOOK,
      },
    ]);
    const [ticket] = (await rig.storage.kv.keys("task:")).map((key) => key.slice("task:".length));
    const record = await rig.records.get(ticket ?? "");
    expect(record?.followUp).toEqual({
      type: "dubbing",
      mode: "semi_auto",
      step: "render",
      file: expect.objectContaining({ fileId: "v1" }),
      target_lang: "fr",
      tts_voice: "provider_d-fr-FR-sample-1",
      overlay_volume: 10,
    });
  });
});

describe("smart_clip", () => {
  it("quickest: a long video, Smart clips, Create: clips of the service's minute, vertical for Reels and Shorts", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(91);
    await fromIntake(user, "Smart clips", video("v1", 1800));
    expect(rig.card(user).text).toContain("Clip length (s): 60 s");
    expect(rig.card(user).text).toContain("Vertical 9:16: on");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "smart_clip", file: upload("v1"), reels_mode: true, webhook_url: HOOK },
    ]);
  });

  it("a 15-second video: clips no longer than the video, and only lengths it has room for", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(93);
    await fromIntake(user, "Smart clips", video("v1", 15));
    expect(rig.card(user).text).toContain("Clip length (s): 15 s");
    expect(rig.card(user).text).toContain("Vertical 9:16: on");
    await rig.choose(user, "✂️ Clips", "Clip length (s)");
    const lengths = BotHarness.buttons(rig.card(user).call).map((button) => button.text);
    expect(lengths.filter((text) => /^(• )?\d+ s$/.test(text))).toEqual(["• 15 s"]);
    await rig.harness.send(user, "40");
    expect(rig.card(user).text).toContain("from 5 to 15");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "smart_clip", file: upload("v1"), target_sec: 15, reels_mode: true, webhook_url: HOOK },
    ]);
  });

  it("a short video sent after the form opened brings the clip length within it", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(94);
    await rig.fromStart(user, "Smart clips");
    await rig.harness.sendMessage(user, video("v1", 40));
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "smart_clip", file: upload("v1"), target_sec: 30, reels_mode: true, webhook_url: HOOK },
    ]);
  });

  it("every field", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(92);
    await fromIntake(user, "Smart clips", video("v1", 1800));
    await rig.choose(user, "✂️ Clips", "Number of clips", "5 clips");
    await rig.type(user, "✂️ Clips", "Clip length (s)", "40");
    await rig.choose(user, "✂️ Clips", "Language", "Spanish");
    await rig.type(user, "✂️ Clips", "What the video is about", "A cooking show; look for the recipes");
    await rig.choose(user, "💬 Subtitles", "Subtitle style", "Fiery orange");
    await rig.choose(user, "💬 Subtitles", "Subtitle position", "Middle");
    await rig.choose(user, "💬 Subtitles", "Subtitle size", "Large");
    await rig.type(user, "💬 Subtitles", "Subtitle colour", "#ffcc00");
    await rig.choose(user, "💬 Subtitles", "Automatic captions");
    await rig.choose(user, "💬 Subtitles", "Caption sound", "Pop");
    await rig.choose(user, "📱 Vertical video", "Reframing", "Fill, blurred edges");
    await rig.backToCard(user);
    await rig.tap(user, "🎨 Filters");
    await rig.tap(user, "Filters:");
    await rig.press(user, "Vivid");
    await rig.press(user, "Black and white");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "smart_clip",
        file: upload("v1"),
        max_clips: 5,
        target_sec: 40,
        language: "es",
        context: "A cooking show; look for the recipes",
        sub_style: "fire_orange",
        sub_position: "center",
        sub_size: "large",
        sub_color: "#FFCC00",
        auto_text: true,
        sfx_auto_sound: "pop",
        reels_mode: true,
        reels_reframe: "fill_blur",
        filters: ["vivid", "bw"],
        webhook_url: HOOK,
      },
    ]);
  });
});

describe("motion", () => {
  it("quickest: Motion video, the text, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(101);
    await rig.fromStart(user, "Animated explainer");
    await rig.type(user, "📝 Source", "Text", "Three facts about sleep");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "motion", text: "Three facts about sleep", webhook_url: HOOK }]);
  });

  it("every field of a motion video from text", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(102);
    await rig.fromStart(user, "Animated explainer");
    await rig.type(user, "📝 Source", "Text", "Three facts about sleep");
    await rig.choose(user, "🖼 Look", "Format", "Square 1:1");
    await rig.choose(user, "🖼 Look", "Theme");
    await rig.press(user, "▶️");
    await rig.press(user, "Cyber neon");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Emma");
    await rig.choose(user, "🎵 Music", "Library music", "Phonk");
    await rig.choose(user, "🎵 Music", "Music volume", "10 %");
    await expectShortCard(user);
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "motion",
        text: "Three facts about sleep",
        format: "1:1",
        style: "cyber_neon",
        tts_provider: "provider_a",
        tts_voice: "provider_a-en-US-sample-1",
        bgm_track: "phonk.mp3",
        bgm_volume: 0.1,
        webhook_url: HOOK,
      },
    ]);
  });

  it("made from a recording chosen in its group: the recording sent there is the form's, not a new task", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(106);
    await rig.fromStart(user, "Animated explainer");
    await rig.choose(user, "📝 Source", "Made from", "Voice recording");
    const calls = await rig.harness.sendMessage(user, audio("a1", 20));
    expect(calls.filter((call) => call.method === "sendMessage")).toEqual([]);
    expect(rig.card(user).text).toContain("a1.mp3");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "motion", source: "voice", file: upload("a1"), webhook_url: HOOK }]);
  });

  it("from a video clip: the source follows the file and format is not offered", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(103);
    await fromIntake(user, "Animated explainer", video("v1"));
    expect(rig.card(user).text).not.toContain("Format:");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "motion", source: "video", file: upload("v1"), webhook_url: HOOK }]);
  });
});
