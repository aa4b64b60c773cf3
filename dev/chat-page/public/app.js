// The playground chat page: talks to the emulator's user side through the bot's HTTP server.
const api = (path) => `api${path}`;
const $ = (id) => document.getElementById(id);
const list = $("messages");
const status = $("status");
const views = new Map();
let userId;

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

function show(view) {
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

function listen() {
  const events = new EventSource(api(`/users/${userId}/events`));
  events.addEventListener("message", (event) => show(JSON.parse(event.data)));
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
    $("chat-title").textContent = `${joined.botName} (@${joined.botUsername})`;
    $("join").hidden = true;
    list.hidden = false;
    $("composer").hidden = false;
    $("text").focus();
    listen();
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
  try {
    await post(`/users/${userId}/text`, { text });
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
