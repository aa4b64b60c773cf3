// The playground chat page: talks to the emulator's user side through the bot's HTTP server.
const api = (path) => `api${path}`;
const $ = (id) => document.getElementById(id);
const status = $("status");
let userId;
let botUsername;
/** Each chat of the page: its list of messages and the views drawn in it, by message id. */
const chats = new Map();
let currentChat;

function say(text) {
  status.textContent = text;
}

async function post(path, body) {
  const response = await fetch(
    api(path),
    body instanceof FormData
      ? { method: "POST", body }
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(payload.error ?? `HTTP ${response.status}`);
  return payload;
}

const ENTITY_TAGS = {
  bold: "strong",
  italic: "em",
  underline: "u",
  strikethrough: "s",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  expandable_blockquote: "blockquote",
};

function wrap(node, entity, text) {
  let element;
  if (entity.type === "spoiler") {
    element = document.createElement("span");
    element.className = "spoiler";
    element.title = "Spoiler: click to reveal";
    element.addEventListener("click", () => element.classList.add("revealed"));
  } else if (entity.type === "text_link" || entity.type === "url") {
    const href =
      entity.type === "url" ? text.slice(entity.offset, entity.offset + entity.length) : entity.url;
    if (!/^https?:\/\//i.test(href ?? "")) return node;
    element = document.createElement("a");
    element.href = href;
    element.target = "_blank";
    element.rel = "noopener noreferrer";
  } else if (ENTITY_TAGS[entity.type]) {
    element = document.createElement(ENTITY_TAGS[entity.type]);
  } else {
    return node;
  }
  element.append(node);
  return element;
}

/** Text with Telegram entities as DOM nodes; offsets are UTF-16 units, as JavaScript strings count. */
function renderText(text, entities) {
  const fragment = document.createDocumentFragment();
  const cuts = new Set([0, text.length]);
  for (const e of entities) {
    cuts.add(e.offset);
    cuts.add(e.offset + e.length);
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
  for (let i = 0; i < points.length - 1; i += 1) {
    const [from, to] = [points[i], points[i + 1]];
    let node = document.createTextNode(text.slice(from, to));
    for (const e of entities) {
      if (e.offset <= from && e.offset + e.length >= to) node = wrap(node, e, text);
    }
    fragment.append(node);
  }
  return fragment;
}

function renderMedia(media) {
  const url = `files/${encodeURIComponent(media.fileId)}`;
  if (media.kind === "photo") {
    const img = document.createElement("img");
    img.src = url;
    img.alt = "Photo";
    return img;
  }
  if (media.kind === "video" || media.kind === "animation" || media.kind === "video_note") {
    const video = document.createElement("video");
    video.src = url;
    if (media.posterFileId) video.poster = `files/${encodeURIComponent(media.posterFileId)}`;
    video.controls = true;
    video.preload = "metadata";
    return video;
  }
  if (media.kind === "audio" || media.kind === "voice") {
    const audio = document.createElement("audio");
    audio.src = url;
    audio.controls = true;
    audio.preload = "metadata";
    return audio;
  }
  const link = document.createElement("a");
  link.href = url;
  link.className = "file";
  link.download = media.fileName ?? "file";
  link.textContent = `${media.fileName ?? "Document"}${media.mimeType ? ` (${media.mimeType})` : ""}`;
  return link;
}

function renderKeyboard(view) {
  const keyboard = document.createElement("div");
  keyboard.className = "keyboard";
  for (const row of view.buttons) {
    const line = document.createElement("div");
    line.className = "row";
    for (const button of row) {
      let control;
      if (button.url) {
        control = document.createElement("a");
        control.href = button.url;
        control.target = "_blank";
        control.rel = "noopener noreferrer";
      } else {
        control = document.createElement("button");
        control.type = "button";
        control.disabled = !button.data;
        control.addEventListener("click", () => press(view.id, button.data));
      }
      control.textContent = button.text;
      line.append(control);
    }
    keyboard.append(line);
  }
  return keyboard;
}

function render(view) {
  const item = document.createElement("li");
  item.className = `message${view.fromBot ? "" : " mine"}${view.deleted ? " deleted" : ""}`;
  item.dataset.messageId = String(view.id);
  // Telegram takes a deleted message out of the chat without a trace.
  if (view.deleted) {
    item.hidden = true;
    return item;
  }
  if (view.via) {
    const via = document.createElement("span");
    via.className = "via";
    via.textContent = `via @${view.via}`;
    item.append(via);
  }
  if (view.media) item.append(renderMedia(view.media));
  if (view.text) item.append(renderText(view.text, view.entities));
  if (view.buttons.length > 0) item.append(renderKeyboard(view));
  if (view.edited) {
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = "edited";
    item.append(meta);
  }
  return item;
}

function show(chat, view) {
  const { list, views } = chat;
  const fresh = render(view);
  const existing = views.get(view.id);
  if (existing) existing.replaceWith(fresh);
  else list.append(fresh);
  views.set(view.id, fresh);
  list.scrollTop = list.scrollHeight;
}

async function press(messageId, data) {
  try {
    const { answer } = await post(`/users/${userId}/press`, { messageId, data });
    say(answer?.text ? `Bot: ${answer.text}` : "");
    if (answer?.show_alert && answer.text) window.alert(answer.text);
  } catch (error) {
    say(`Button press failed: ${error.message}`);
  }
}

function listen(chat) {
  const events = new EventSource(api(`/users/${userId}/events?chat=${chat.id}`));
  events.addEventListener("message", (event) => show(chat, JSON.parse(event.data)));
  events.addEventListener("action", (event) => {
    const { action } = JSON.parse(event.data);
    say(`Bot is ${action.replaceAll("_", " ")}…`);
    setTimeout(() => say(""), 4000);
  });
  events.addEventListener("error", () =>
    say("Connection lost; retrying… (a restarted playground needs a reload)"),
  );
  events.addEventListener("open", () => say(""));
}

function durationOf(file) {
  if (!file.type.startsWith("video/") && !file.type.startsWith("audio/")) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const element = document.createElement(file.type.startsWith("video/") ? "video" : "audio");
    const url = URL.createObjectURL(file);
    const done = (value) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    element.preload = "metadata";
    element.onloadedmetadata = () => done(Number.isFinite(element.duration) ? element.duration : undefined);
    element.onerror = () => done(undefined);
    element.src = url;
  });
}

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    const joined = await post("/users", {
      firstName: form.get("firstName"),
      languageCode: form.get("languageCode"),
    });
    userId = joined.userId;
    botUsername = joined.botUsername;
    const botChat = {
      id: userId,
      title: `${joined.botName} (@${joined.botUsername})`,
      list: $("messages"),
      tab: $("bot-tab"),
      views: new Map(),
      withBot: true,
    };
    const friendChat = {
      id: joined.friend.chatId,
      title: `${joined.friend.name} (a friend; the bot is not in this chat)`,
      list: $("friend-messages"),
      tab: $("friend-tab"),
      views: new Map(),
      withBot: false,
    };
    $("bot-tab").textContent = joined.botName;
    $("friend-tab").textContent = joined.friend.name;
    for (const chat of [botChat, friendChat]) {
      chats.set(chat.id, chat);
      chat.tab.addEventListener("click", () => openChat(chat));
      listen(chat);
    }
    $("join").hidden = true;
    $("chats").hidden = false;
    $("composer").hidden = false;
    openChat(botChat);
  } catch (error) {
    say(`Could not start: ${error.message}`);
  }
});

$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("text");
  const text = input.value.trim();
  if (!text) return;
  input.value = "";
  closeInline();
  try {
    await post(`/users/${userId}/text`, { text, chatId: currentChat.id });
  } catch (error) {
    say(`Not sent: ${error.message}`);
  }
});

$("files").addEventListener("change", async (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  if (files.length === 0) return;
  const form = new FormData();
  const caption = $("text").value.trim();
  if (caption) {
    form.append("caption", caption);
    $("text").value = "";
  }
  for (const file of files) {
    form.append("file", file, file.name);
    form.append("duration", String((await durationOf(file)) ?? ""));
  }
  say(`Sending ${files.length} file${files.length > 1 ? "s" : ""}…`);
  try {
    await post(`/users/${userId}/files`, form);
    say("");
  } catch (error) {
    say(`Not sent: ${error.message}`);
  }
});

function openChat(chat) {
  currentChat = chat;
  for (const other of chats.values()) {
    other.list.hidden = other !== chat;
    other.tab.setAttribute("aria-pressed", String(other === chat));
  }
  $("chat-title").textContent = chat.title;
  // Files go to the bot; a chat with a friend takes text and inline results.
  document.querySelector(".attach").hidden = !chat.withBot;
  closeInline();
  chat.list.scrollTop = chat.list.scrollHeight;
  $("text").focus();
}

// ---- inline mode: "@bot query" in the message field lists the bot's answer above it, as Telegram does ----

let inline = { query: undefined, queryId: undefined, nextOffset: "" };
let inlineTimer;

function closeInline() {
  clearTimeout(inlineTimer);
  inline = { query: undefined, queryId: undefined, nextOffset: "" };
  $("inline-list").replaceChildren();
  $("inline-results").hidden = true;
}

/** The query when the field starts with the bot's name and a space ("@bot" alone asks nothing yet). */
function inlineQueryOf(text) {
  const prefix = `@${botUsername}`;
  if (!text.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  const rest = text.slice(prefix.length);
  return rest.startsWith(" ") ? rest.slice(1) : undefined;
}

function inlinePreview(result) {
  if (result.fileId && result.type === "photo") {
    const img = document.createElement("img");
    img.src = `files/${encodeURIComponent(result.fileId)}`;
    img.alt = "";
    return img;
  }
  if (result.fileId && result.type === "video") {
    const video = document.createElement("video");
    video.src = `files/${encodeURIComponent(result.fileId)}`;
    video.preload = "metadata";
    video.muted = true;
    return video;
  }
  if (result.thumbnailUrl) {
    const img = document.createElement("img");
    img.src = result.thumbnailUrl;
    img.alt = "";
    return img;
  }
  const icon = document.createElement("span");
  icon.className = "inline-icon";
  icon.textContent = result.type === "audio" ? "🎵" : result.type === "document" ? "📄" : "✨";
  return icon;
}

function showInlineResults(results) {
  const list = $("inline-list");
  for (const result of results) {
    const item = document.createElement("li");
    const choose = document.createElement("button");
    choose.type = "button";
    choose.className = "inline-result";
    choose.dataset.resultId = result.id;
    const words = document.createElement("span");
    const title = document.createElement("span");
    title.className = "inline-title";
    title.textContent = result.title || (result.type === "audio" ? "Audio" : result.type);
    const description = document.createElement("span");
    description.className = "inline-description";
    description.textContent = result.description;
    words.append(title, description);
    choose.append(inlinePreview(result), words);
    const queryId = inline.queryId;
    choose.addEventListener("click", () => chooseInline(queryId, result.id));
    item.append(choose);
    list.append(item);
  }
}

async function askInline(query, offset) {
  try {
    const answer = await post(`/users/${userId}/inline`, { query, offset, chatId: currentChat.id });
    // A newer query has replaced this one while it was answered.
    if (inlineQueryOf($("text").value) !== query) return;
    if (offset === "") $("inline-list").replaceChildren();
    inline = { query, queryId: answer.queryId, nextOffset: answer.nextOffset };
    showInlineResults(answer.results);
    $("inline-more").hidden = answer.nextOffset === "";
    const button = $("inline-button");
    button.hidden = !answer.button;
    button.textContent = answer.button?.text ?? "";
    button.dataset.start = answer.button?.start_parameter ?? "";
    $("inline-results").hidden = false;
  } catch (error) {
    say(`Inline query failed: ${error.message}`);
  }
}

async function chooseInline(queryId, resultId) {
  $("text").value = "";
  closeInline();
  try {
    await post(`/users/${userId}/inline/choose`, { queryId, resultId, chatId: currentChat.id });
  } catch (error) {
    say(`Not sent: ${error.message}`);
  }
}

$("text").addEventListener("input", () => {
  const query = inlineQueryOf($("text").value);
  if (query === undefined) {
    closeInline();
    return;
  }
  if (query === inline.query) return;
  clearTimeout(inlineTimer);
  inlineTimer = setTimeout(() => askInline(query, ""), 250);
});

$("inline-more").addEventListener("click", () => {
  if (inline.query !== undefined && inline.nextOffset) askInline(inline.query, inline.nextOffset);
});

// The answer's button opens the bot's chat with /start and its parameter, as Telegram's does.
$("inline-button").addEventListener("click", async () => {
  const start = $("inline-button").dataset.start;
  $("text").value = "";
  const botChat = chats.get(userId);
  openChat(botChat);
  try {
    await post(`/users/${userId}/text`, { text: start ? `/start ${start}` : "/start", chatId: userId });
  } catch (error) {
    say(`Not sent: ${error.message}`);
  }
});
