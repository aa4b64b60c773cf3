import { parseAiGraphicsDirectives } from "../parsers/ai-graphics-directives.js";
import { addParseIssues, addRuleIssue, type RuleContext } from "./common.js";

type AiGraphicsValue = {
  ai_graphics?: boolean | undefined;
  ai_graphics_mode?: "auto" | "semi" | "manual" | undefined;
  ai_graphics_directives?: string | null | undefined;
  ai_graphics_sfx?: string | null | undefined;
};

/** Directives belong to the semi and manual modes, manual needs them, and card sounds need cards. */
export function checkAiGraphics(value: AiGraphicsValue, ctx: RuleContext): void {
  const mode = value.ai_graphics_mode ?? "auto";
  const refuse = (field: string, code: string, message: string) => addRuleIssue(ctx, [field], code, message);
  if (value.ai_graphics_sfx != null && value.ai_graphics !== true) {
    refuse("ai_graphics_sfx", "ai_graphics_sfx_needs_ai_graphics", "ai_graphics_sfx needs ai_graphics true");
  }
  const directives = value.ai_graphics_directives;
  if (directives != null) {
    if (mode === "auto") {
      const message = "ai_graphics_directives are used only with ai_graphics_mode semi or manual";
      refuse("ai_graphics_directives", "ai_graphics_directives_mode", message);
    } else {
      const result = parseAiGraphicsDirectives(directives);
      if (!result.ok) addParseIssues(ctx, ["ai_graphics_directives"], result.errors);
    }
  } else if (value.ai_graphics === true && mode === "manual") {
    const message = "ai_graphics_mode manual needs ai_graphics_directives";
    refuse("ai_graphics_directives", "ai_graphics_directives_required", message);
  }
}

export function checkAutoSound(
  value: { sfx_auto_sound?: string | null | undefined; auto_text?: boolean | undefined },
  ctx: RuleContext,
): void {
  if (value.sfx_auto_sound != null && value.auto_text !== true) {
    const message = "sfx_auto_sound needs auto_text true";
    addRuleIssue(ctx, ["sfx_auto_sound"], "sfx_auto_sound_needs_auto_text", message);
  }
}
