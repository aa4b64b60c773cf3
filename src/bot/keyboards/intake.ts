import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import type { TaskBillingKind } from "../../tasks-service/billing.js";
import { TASK_TYPES, type TaskType } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { Offer } from "../features/offer-message.js";
import { taskPriceClass } from "../tasks/offer-prices.js";

/** The task a pressed intake button chose (the forms read it, then take the pending media). */
export const intakeButton = defineCallback(CALLBACK_SCOPES.intake, undefined, {
  type: z.enum(TASK_TYPES),
});

export function taskOffers<T extends TaskType>(
  t: Translate,
  types: readonly T[],
  billing: TaskBillingKind,
  data: (type: T) => string,
): Offer[] {
  return types.map((type) => ({
    job: type,
    name: t(`task-${type}-name`),
    price: taskPriceClass(type, billing),
    data: data(type),
  }));
}
