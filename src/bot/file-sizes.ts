/**
 * A file Telegram sent without its size is sized with getFile before the intake or a form sees it, and
 * the update carries the size on as if Telegram had said it: a file is then judged when it arrives (an
 * empty one refused as empty, a big one against the limits) for either service, instead of at Create.
 * A getFile that fails or says no size either leaves the update as it came.
 */
import { GrammyError, HttpError, type Middleware } from "grammy";
import type { Message } from "grammy/types";
import { z } from "zod";
import { telegramMediaOf } from "../media/media-ref.js";
import type { BotContext } from "./context.js";

const FileSizeSchema = z.object({ file_size: z.number().int().nonnegative().optional() });

/** Writes the size into the message's file of this id. */
function sizeFile(message: Message, fileId: string, size: number): void {
  const files = [
    message.document,
    message.video,
    message.audio,
    message.voice,
    message.video_note,
    message.animation,
    ...(message.photo ?? []),
  ];
  for (const file of files) if (file?.file_id === fileId) file.file_size = size;
}

export const sizeUnsizedFiles: Middleware<BotContext> = async (ctx, next) => {
  const message = ctx.message;
  const file = message && ctx.chat?.type === "private" ? telegramMediaOf(message) : undefined;
  if (message && file && file.size === undefined) {
    try {
      const answer = FileSizeSchema.safeParse(await ctx.api.getFile(file.fileId));
      const size = answer.success ? answer.data.file_size : undefined;
      if (size !== undefined) sizeFile(message, file.fileId, size);
    } catch (error) {
      if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
      ctx.logger.info({ err: error }, "file size not known; the file is judged without it");
    }
  }
  await next();
};
