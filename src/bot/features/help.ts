import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { BOT_COMMANDS } from "../i18n.js";
import { taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { BOT_TASK_TYPES } from "../task-types.js";

type BotCommand = (typeof BOT_COMMANDS)[number];

/** Every command of the menu, once, by what it is for. */
export const HELP_GROUPS: ReadonlyArray<{ title: string; commands: readonly BotCommand[] }> = [
  { title: "help-group-start", commands: ["start", "cancel", "help"] },
  { title: "help-group-account", commands: ["balance", "tasks", "apikey"] },
  { title: "help-group-preferences", commands: ["settings", "language"] },
];

export const helpFeature = new Composer<BotContext>();

helpFeature.chatType("private").command("help", async (ctx) => {
  const tasks = BOT_TASK_TYPES.map((type) =>
    ctx.t("help-task", { name: ctx.t(`task-${type}-name`), price: ctx.t(`task-${type}-price`) }),
  );
  const groups = HELP_GROUPS.map((group) =>
    [
      ctx.t(group.title),
      ...group.commands.map((command) =>
        ctx.t("help-command", { command, description: ctx.t(`command-${command}`) }),
      ),
    ].join("\n"),
  );
  const prices = [ctx.t("help-intro"), ...tasks, ctx.t("help-extras")].join("\n");
  // How to start goes last, right above the task buttons.
  const text = [prices, ...groups, ctx.t("help-how")].join("\n\n");
  await replyWithMenu(ctx, text, (nonce) => taskTypesKeyboard(ctx.t, nonce));
});
