/**
 * Presses a form card's buttons by what they do rather than by their words, so the same walk works in
 * every language: the card as last drawn, its buttons' actions, and the way back to the summary.
 */
import { type CardAction, decodeCardAction } from "../../src/bot/forms/card-action.js";
import { type ApiCall, BotHarness, type TestUser } from "./bot-harness.js";

/** A rig with a form in the chat: FormRig and GenerationRig both are. */
export interface FormCardRig {
  harness: BotHarness;
  card(user: TestUser): { text: string; call: ApiCall | undefined };
}

export interface CardButton {
  text: string;
  data: string;
  action: CardAction;
}

/** The form card's buttons with their actions. */
export function formButtons(rig: FormCardRig, user: TestUser): CardButton[] {
  return BotHarness.buttons(rig.card(user).call).flatMap((button) => {
    const action = decodeCardAction(button.data)?.data;
    return action && button.data ? [{ text: button.text, data: button.data, action }] : [];
  });
}

export function cardMessageId(rig: FormCardRig, user: TestUser): number {
  const call = rig.card(user).call;
  const id = call?.payload.message_id ?? (call?.result as { message_id?: number } | undefined)?.message_id;
  return Number(id ?? 1);
}

export async function pressButton(rig: FormCardRig, user: TestUser, button: CardButton): Promise<void> {
  await rig.harness.press(user, button.data, cardMessageId(rig, user));
}

/** Presses the first button whose action passes the test; false when the card has none. */
export async function pressAction(
  rig: FormCardRig,
  user: TestUser,
  test: (action: CardAction) => boolean,
): Promise<boolean> {
  const button = formButtons(rig, user).find((candidate) => test(candidate.action));
  if (!button) return false;
  await pressButton(rig, user, button);
  return true;
}

/** Back to the card: « Back from wherever the form is, until Create shows. */
export async function toSummary(rig: FormCardRig, user: TestUser): Promise<void> {
  for (let step = 0; step < 5; step++) {
    if (formButtons(rig, user).some((button) => button.action.kind === "create")) return;
    const back = (action: CardAction) =>
      action.kind === "show-summary" || action.kind === "open-group" || action.kind === "open-caption";
    const last = formButtons(rig, user)
      .filter((button) => back(button.action))
      .at(-1);
    if (!last) return;
    await pressButton(rig, user, last);
  }
}
