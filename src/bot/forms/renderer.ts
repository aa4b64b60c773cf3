/** The form's one message, edited in place: the screen on show, and the notice under it. */
import { type FormState, noticeText } from "./form-state.js";
import { renderCaption, renderCaptions, renderNewCaption } from "./screens/caption-editor.js";
import { renderMediaScreen } from "./screens/media.js";
import { renderField, renderGroup } from "./screens/options.js";
import type { RenderedScreen, ScreenContext } from "./screens/screen-context.js";
import { renderSummary } from "./screens/summary.js";
import { renderVoiceLanguages, renderVoices } from "./screens/voice-picker.js";

export function renderForm(context: ScreenContext, state: FormState): RenderedScreen {
  const rendered = renderScreen(context, state);
  if (!state.notice) return rendered;
  // A notice that only informs (the files counted so far) is no warning.
  const mark = state.notice.info ? "📎" : "⚠️";
  return { ...rendered, text: `${rendered.text}\n\n${mark} ${noticeText(context.t, state.notice)}` };
}

function renderScreen(context: ScreenContext, state: FormState): RenderedScreen {
  const screen = state.screen;
  switch (screen.name) {
    case "summary":
      return renderSummary(context, state);
    case "media":
      return renderMediaScreen(context, state);
    case "group":
      return renderGroup(context, state, screen.group);
    case "field":
      return renderField(context, state, screen);
    case "voice-languages":
      return renderVoiceLanguages(context, screen.page);
    case "voices":
      return renderVoices(context, state, screen);
    case "captions":
      return renderCaptions(context, state);
    case "new-caption":
      return renderNewCaption(context);
    case "caption":
      return renderCaption(context, state, screen);
  }
}
