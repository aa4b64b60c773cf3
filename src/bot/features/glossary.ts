/** /glossary: the names and terms of a user's recordings, which transcriptions and smart clips carry along. */
import { createHash } from "node:crypto";
import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { extractMedia } from "../../media/media-ref.js";
import type { KeyValueStore } from "../../storage/ports.js";
import {
  CALLBACK_SCOPES,
  callbackInt,
  decodeCallback,
  defineCallback,
} from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import {
  addTerms,
  GLOSSARY_MAX_CHARS,
  GLOSSARY_MAX_TERMS,
  type GlossaryAddition,
  GlossaryStore,
  glossaryLength,
  TERM_MAX_CHARS,
} from "../glossary.js";
import { currentMenu, editMenu, replyWithMenu } from "../menu.js";

/** How long after /glossary a typed message is taken as terms to add. */
const AWAIT_MS = 10 * 60 * 1000;
const TERMS_PER_ROW = 2;
/** The limit each refusal names. */
const MOST = {
  "term-too-long": TERM_MAX_CHARS,
  "too-many": GLOSSARY_MAX_TERMS,
  "too-long": GLOSSARY_MAX_CHARS,
};

/** A term's button carries its place and a short print of it, so a press on an older list removes nothing else. */
const removeTermButton = defineCallback(CALLBACK_SCOPES.glossary, "rm", {
  index: callbackInt,
  print: z.string().regex(/^[A-Za-z0-9_-]{6}$/),
});
const clearButton = defineCallback(CALLBACK_SCOPES.glossary, "clear", {});
const clearConfirmedButton = defineCallback(CALLBACK_SCOPES.glossary, "wipe", {});
const backButton = defineCallback(CALLBACK_SCOPES.glossary, "back", {});

function printOf(term: string): string {
  return createHash("sha256").update(term).digest("base64url").slice(0, 6);
}

function glossaryText(t: Translate, terms: readonly string[]): string {
  const left = GLOSSARY_MAX_CHARS - glossaryLength(terms);
  return [
    t("glossary-title"),
    "",
    terms.length === 0
      ? t("glossary-empty")
      : t("glossary-terms", { count: terms.length, terms: terms.join(", ") }),
    "",
    t("glossary-how", { max: GLOSSARY_MAX_CHARS, left, terms: GLOSSARY_MAX_TERMS }),
  ].join("\n");
}

function glossaryKeyboard(t: Translate, nonce: string, terms: readonly string[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  terms.forEach((term, index) => {
    if (index > 0 && index % TERMS_PER_ROW === 0) keyboard.row();
    keyboard.text(`✖️ ${term}`, removeTermButton.pack(nonce, { index, print: printOf(term) }));
  });
  if (terms.length > 0) keyboard.row().text(t("glossary-clear"), clearButton.pack(nonce, {}));
  return keyboard;
}

function refusalText(t: Translate, refusal: Exclude<GlossaryAddition, { ok: true }>): string {
  if (refusal.reason === "nothing") return t("glossary-nothing-new");
  const { ok: _ok, ...params } = refusal;
  return t(`glossary-${refusal.reason}`, { ...params, max: MOST[refusal.reason] });
}

export function createGlossaryFeature(deps: { kv: KeyValueStore; now(): Date }) {
  const store = new GlossaryStore(deps.kv);

  /** The glossary as a new menu under what the user sent, a line above it saying what happened. */
  async function showGlossary(ctx: BotContext, userId: number, said?: string): Promise<void> {
    const terms = await store.terms(userId);
    const text = glossaryText(ctx.t, terms);
    await replyWithMenu(ctx, said ? `${said}\n\n${text}` : text, (nonce) =>
      glossaryKeyboard(ctx.t, nonce, terms),
    );
    ctx.session.glossaryAwaiting = { since: deps.now().getTime() };
  }

  /** Adds the terms of `text`, or says why none was added: nothing is half taken. */
  async function addFrom(ctx: BotContext, userId: number, text: string): Promise<void> {
    const addition = addTerms(await store.terms(userId), text);
    if (!addition.ok) return showGlossary(ctx, userId, `⚠️ ${refusalText(ctx.t, addition)}`);
    await store.save(userId, addition.terms);
    await showGlossary(ctx, userId, ctx.t("glossary-added", { terms: addition.added.join(", ") }));
  }

  /** Before the forms: a message typed after /glossary is the terms to add, even while a form is open. */
  const input = new Composer<BotContext>();
  input.use(async (ctx, next) => {
    if (ctx.chat?.type !== "private" || !ctx.from || !ctx.session.glossaryAwaiting) return next();
    if (decodeCallback(ctx.callbackQuery?.data)?.scope === CALLBACK_SCOPES.glossary) return next();
    const message = ctx.message;
    // Anything but words (a command, a press elsewhere, a file, a link) ends the wait, as does the time.
    if (
      deps.now().getTime() - ctx.session.glossaryAwaiting.since > AWAIT_MS ||
      message?.text === undefined ||
      message.text.startsWith("/") ||
      extractMedia(message).refs.length > 0
    ) {
      delete ctx.session.glossaryAwaiting;
      return next();
    }
    await addFrom(ctx, ctx.from.id, message.text);
  });

  /** After the button guard: the command and the list's buttons. */
  const feature = new Composer<BotContext>();
  feature.chatType("private").command("glossary", async (ctx) => {
    if (ctx.match.trim() === "") await showGlossary(ctx, ctx.from.id);
    else await addFrom(ctx, ctx.from.id, ctx.match);
  });
  const presses = feature.on("callback_query:data");
  presses.filter(removeTermButton.filter, async (ctx) => {
    const { index, print } = ctx.pressed.data;
    const terms = await store.terms(ctx.from.id);
    const term = terms[index];
    if (term === undefined || printOf(term) !== print) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    } else {
      terms.splice(index, 1);
      await store.save(ctx.from.id, terms);
      await ctx.answerCallbackQuery({ text: ctx.t("glossary-removed", { term }) });
    }
    await redraw(ctx, terms);
  });
  presses.filter(clearButton.filter, async (ctx) => {
    const terms = await store.terms(ctx.from.id);
    await ctx.answerCallbackQuery();
    const keyboard = new InlineKeyboard()
      .text(ctx.t("glossary-clear-yes"), clearConfirmedButton.pack(currentMenu(ctx), {}))
      .text(ctx.t("button-back"), backButton.pack(currentMenu(ctx), {}));
    await editMenu(ctx, ctx.t("glossary-clear-ask", { count: terms.length }), { reply_markup: keyboard });
  });
  presses.filter(clearConfirmedButton.filter, async (ctx) => {
    await store.save(ctx.from.id, []);
    await ctx.answerCallbackQuery({ text: ctx.t("glossary-cleared") });
    await redraw(ctx, []);
  });
  presses.filter(backButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await redraw(ctx, await store.terms(ctx.from.id));
  });

  async function redraw(ctx: BotContext, terms: readonly string[]): Promise<void> {
    const reply_markup = glossaryKeyboard(ctx.t, currentMenu(ctx), terms);
    await editMenu(ctx, glossaryText(ctx.t, terms), { reply_markup });
    ctx.session.glossaryAwaiting = { since: deps.now().getTime() };
  }

  return { input, feature };
}
