/**
 * A keyframe chain's clips joined into one video: a task started once the clips are made, paid from the task
 * balance; the card prices it beside the chain, so the user decides once, before Create.
 */
import type { Translate } from "../../../i18n/translate.js";
import type { FormIssue, FormValues, FormView } from "../../forms/form.js";
import { type Estimate, joinedClipsEstimate } from "../../tasks/estimate.js";
import type { ImageField, ImageFormSetup } from "./field-kit.js";

/** The choice on the card: separate clips (null), or joined into one video. */
export function joinField(): ImageField {
  return {
    key: "join",
    // In no group: the card offers it itself, one button a way.
    group: "follow-up",
    label: "video-field-join",
    input: { kind: "choice", options: () => [{ value: null }, { value: true }] },
    describe: (value, t) => (value === true ? t("video-value-join") : undefined),
  };
}

export function joinChosen(values: FormValues): boolean {
  return values.join === true;
}

/** What joining `clips` clips of the chosen length costs by the task price table, when the join is chosen. */
function joinEstimate(view: FormView, clips: number): Estimate | undefined {
  if (!joinChosen(view.values) || clips < 2) return undefined;
  const seconds = typeof view.values.duration === "number" ? view.values.duration : undefined;
  return joinedClipsEstimate(Array.from({ length: clips }, () => seconds));
}

/** The task balance does not cover the join: the chain would be made and the join refused after it. */
export function joinIssue(setup: ImageFormSetup, view: FormView, clips: number): FormIssue | undefined {
  const estimate = joinEstimate(view, clips);
  const balance = setup.taskBalance;
  if (!estimate || balance === undefined || estimate.perMinute || estimate.tokens <= balance)
    return undefined;
  return { key: "join-card-short", params: { tokens: estimate.tokens, balance } };
}

export function joinLines(setup: ImageFormSetup, view: FormView, clips: number, t: Translate): string[] {
  const estimate = joinEstimate(view, clips);
  if (!estimate) return [];
  const balance = setup.taskBalance;
  if (estimate.perMinute) return ["", t("join-card-per-minute", { tokens: estimate.tokens })];
  return [
    "",
    balance === undefined
      ? t("join-card-price", { tokens: estimate.tokens })
      : t("join-card-price-balance", { tokens: estimate.tokens, balance }),
  ];
}
