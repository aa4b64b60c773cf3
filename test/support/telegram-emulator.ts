import { Bot, GrammyError } from "grammy";
import { expect } from "vitest";
import {
  type EmulatedUser,
  startTelegramEmulator,
  type TelegramEmulator,
  type TelegramEmulatorOptions,
  type UserSpec,
} from "../../dev/telegram-emulator/index.js";

export interface EmulatedTelegram {
  emulator: TelegramEmulator;
  /** A user with a private chat, ready to talk to the bot. */
  user: EmulatedUser;
  /** A stock grammY bot pointed at the emulator (not started). */
  bot: Bot;
  close(): Promise<void>;
}

/** Starts an emulator (rate limits off unless asked for), one user, and a grammY bot aimed at it. */
export async function startEmulatedTelegram(
  options: TelegramEmulatorOptions & { user?: UserSpec } = {},
): Promise<EmulatedTelegram> {
  const { user: userSpec, ...emulatorOptions } = options;
  const emulator = await startTelegramEmulator({ rateLimits: false, ...emulatorOptions });
  const user = emulator.users.create(userSpec ?? { first_name: "Ann", username: "ann", language_code: "en" });
  const bot = new Bot(emulator.token, { client: { apiRoot: emulator.apiRoot } });
  return {
    emulator,
    user,
    bot,
    async close() {
      if (bot.isRunning()) await bot.stop();
      await emulator.close();
    },
  };
}

/** The refusal a Bot API call met: the emulator answers as Telegram does, with an error description. */
export async function refusal(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return error as GrammyError;
}
