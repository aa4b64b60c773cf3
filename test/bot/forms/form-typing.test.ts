/**
 * A form names only fields of its task's request schema. These cases compile only while the typing
 * refuses them: `npm run typecheck` fails on an unused `@ts-expect-error` the day it stops.
 */
import { describe, expect, it } from "vitest";
import { choice, text, voiceFields } from "../../../src/bot/forms/fields.js";
import type { FormDefinition } from "../../../src/bot/forms/form.js";
import { FORMS } from "../../../src/bot/tasks/forms/index.js";

describe("a form's field names are checked against its task's request", () => {
  it("refuses a field another task's request has", () => {
    const form: FormDefinition<"transcription"> = {
      type: "transcription",
      groups: ["recognition"],
      fields: [
        // @ts-expect-error a transcription request has no voice speed
        choice("tts_speed", "recognition", [1]),
      ],
    };
    expect(form.fields).toHaveLength(1);
  });

  it("refuses a misspelt field", () => {
    const form: FormDefinition<"transcription"> = {
      type: "transcription",
      groups: ["recognition"],
      fields: [
        // @ts-expect-error `ai_promt` is no request field
        text("ai_promt", "recognition", 2000),
      ],
    };
    expect(form.fields).toHaveLength(1);
  });

  it("refuses a field written out in full with a foreign key", () => {
    const form: FormDefinition<"audio"> = {
      type: "audio",
      groups: ["voice"],
      fields: [
        {
          // @ts-expect-error an audio request takes no file
          key: "file",
          group: "voice",
          input: { kind: "file", accepts: "audio" },
        },
      ],
    };
    expect(form.fields).toHaveLength(1);
  });

  it("refuses a shared group of fields the task lacks a part of", () => {
    const form: FormDefinition<"motion"> = {
      type: "motion",
      groups: ["voice"],
      // @ts-expect-error a motion request has a voice but no speed, style or scene
      fields: voiceFields("voice", "provider_a"),
    };
    expect(form.fields.length).toBeGreaterThan(0);
  });

  it("refuses clearing a field the task does not have", () => {
    const form: FormDefinition<"transcription"> = {
      type: "transcription",
      groups: ["recognition"],
      fields: [
        // @ts-expect-error a transcription request has no music
        choice("output_format", "recognition", ["txt"], { clears: ["bgm_file"] }),
      ],
    };
    expect(form.fields).toHaveLength(1);
  });

  it("refuses media into a field the task does not have", () => {
    const form: FormDefinition<"subtitles"> = {
      type: "subtitles",
      // @ts-expect-error a subtitles request takes one file, not photos
      media: { min: 1, max: 1, field: "photos", accepts: ["video"] },
      groups: [],
      fields: [],
    };
    expect(form.media?.field).toBe("photos");
  });

  it("takes every shipped form as the form of its own task type", () => {
    for (const [type, form] of Object.entries(FORMS)) expect(form.type).toBe(type);
  });
});
