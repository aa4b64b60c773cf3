/**
 * The task service's side of a task form: what the task's request schema refuses, and the cost from the
 * spec's price table beside the balance (or the plan, where tasks count against an allowance).
 */
import type { Translate } from "../../i18n/translate.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { estimateCost } from "./estimate.js";
import { type FormContract, type FormDefinition, type FormView, isTaskType } from "./form.js";
import { validateForm } from "./request.js";

function isTaskForm(definition: FormDefinition): definition is FormDefinition<TaskType> {
  return isTaskType(definition.type);
}

function taskForm(definition: FormDefinition): FormDefinition<TaskType> {
  if (!isTaskForm(definition)) throw new Error(`${definition.type} is no task form`);
  return definition;
}

function costLine(definition: FormDefinition<TaskType>, view: FormView, t: Translate): string {
  const estimate = estimateCost(definition, view);
  if (!estimate) return t("form-cost-plan");
  const key = estimate.perMinute
    ? "form-cost-per-minute"
    : estimate.atLeast
      ? "form-cost-at-least"
      : "form-cost";
  return t(key, { tokens: estimate.tokens });
}

export const TASK_CONTRACT: FormContract = {
  issues: (definition, view) => validateForm(taskForm(definition), view),
  ledger(definition, view, t) {
    const lines = [costLine(taskForm(definition), view, t)];
    const account = view.env.account;
    if (account?.balance !== undefined) lines.push(t("form-balance", { tokens: account.balance }));
    else if (account?.tariff !== undefined) lines.push(t("form-tariff", { tariff: account.tariff }));
    return lines;
  },
};
