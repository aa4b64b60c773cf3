/**
 * A file Telegram sent without its size is sized with getFile before anything sees it, so it is judged
 * when it arrives rather than at Create; a getFile that fails or says no size leaves the update as it came.
 */
import { GrammyError, HttpError, type Middleware } from "grammy";
import type { Message } from "grammy/types";
import { z } from "zod";
import { telegramMediaOf } from "../media/media-ref.js";
import type { BotContext } from "./context.js";

const FileSizeSchema = z.object({ file_size: z.number().int().nonnegative().optional() });

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
