/**
 * A chat's updates run one at a time, in arrival order. An update takes its place in the line before
 * anything is awaited and waits for its turn after the flood limit's count, whose time varies (a line
 * joined after it could put an album's first photo behind the next two); a dropped one leaves at once.
 */
import type { Context, NextFunction } from "grammy";

/** `arrive` is the first thing an update meets; `turn` lets it on after its chat's earlier updates. */
export function arrivalOrder<C extends Context>(chatOf: (ctx: C) => string | undefined) {
  /** Per chat: settles once every update of the chat that has arrived so far is done. */
  const lines = new Map<string, Promise<void>>();
  const ahead = new WeakMap<C, Promise<void>>();
  return {
    async arrive(ctx: C, next: NextFunction) {
      const chat = chatOf(ctx);
      if (chat === undefined) return next();
      const before = lines.get(chat) ?? Promise.resolve();
      let done = () => {};
      const handled = new Promise<void>((resolve) => {
        done = resolve;
      });
      const line = before.then(() => handled);
      lines.set(chat, line);
      ahead.set(ctx, before);
      try {
        await next();
      } finally {
        done();
        void line.then(() => {
          if (lines.get(chat) === line) lines.delete(chat);
        });
      }
    },
    async turn(ctx: C, next: NextFunction) {
      await ahead.get(ctx);
      await next();
    },
  };
}
