// The chat panel of the match and table pages, and the chat of the replay (templates/chat/).
//
// On a match page the chat speaks over the match's own socket: match.js hands every message it
// receives, with the socket it came on, to the "table:message" event on document; a socket not
// seen before (the first one, or a reconnection) asks for the lines said meanwhile. A lobby
// table has no socket: the panel polls the API every 2 s there (and keeps the draft across the
// table page's reloads). Both paths end in the same messages ("chat.line", "chat.muted"...).
// A line's text is always set as text, never as HTML. On the replay page each line shows from
// the step it was said at ("replay:step", sent by replay.js).
(function () {
  "use strict";
  // Translations: Django's JavaScriptCatalog (base.html) defines gettext and interpolate.
  const _ = window.gettext || function (s) { return s; };
  const fmt = function (s, named) {
    return s.replace(/%\((\w+)\)s/g, function (m, k) { return String(named[k]); });
  };

  const replayList = document.getElementById("chat-replay");
  if (replayList) {
    document.addEventListener("replay:step", function (event) {
      const step = event.detail.step;
      replayList.querySelectorAll("li").forEach(function (li) {
        const said = Number(li.dataset.step);
        li.hidden = said > step;
        li.classList.toggle("now", said === step);
      });
    });
  }

  const panel = document.getElementById("chat");
  if (!panel || !panel.dataset.mode || panel.dataset.ready) return;
  panel.dataset.ready = "1";
  const me = Number(panel.dataset.me);
  const lists = {
    players: document.getElementById("chat-players"),
    spectators: document.getElementById("chat-spectators"),
  };
  const spectatorsBox = document.getElementById("chat-spectators-box");
  const sayForm = document.getElementById("chat-say");
  const input = document.getElementById("chat-text");
  const errorEl = document.getElementById("chat-error");
  const toggleForm = document.getElementById("chat-toggle");
  const mutedEl = document.getElementById("chat-muted");
  const menuTemplate = document.getElementById("chat-actions-template");
  const csrf = panel.querySelector("[name=csrfmiddlewaretoken]");
  const draftKey = "chat-draft:" + location.pathname;
  let lastId = Number(panel.dataset.last) || 0;
  let pendingSay = null;

  function showError(text) { if (errorEl) errorEl.textContent = text || ""; }

  function lineUrl(id) { return panel.dataset.lineUrl.replace(/0\/$/, id + "/"); }

  function render(line) {
    const li = document.createElement("li");
    li.className = "chat-line" + (line.author_id === me ? " mine" : "");
    li.dataset.line = line.id;
    li.dataset.step = line.step;
    li.dataset.author = line.author_id === null ? "" : line.author_id;
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = line.author;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text;
    li.append(who, " ", text);
    if (line.author_id !== null && line.author_id !== me) {
      const more = document.createElement("a");
      more.className = "chat-more";
      more.href = lineUrl(line.id);
      more.title = _("Mute or report");
      more.setAttribute("aria-label", fmt(_("Mute or report %(name)s's line"), {name: line.author}));
      more.textContent = "⋯";
      li.append(" ", more);
    }
    return li;
  }

  function append(line) {
    const list = lists[line.channel];
    if (!list || panel.querySelector('[data-line="' + line.id + '"]')) return;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.appendChild(render(line));
    lastId = Math.max(lastId, line.id);
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  function replaceAll(lines) {
    Object.values(lists).forEach(function (list) {
      if (!list) return;
      list.setAttribute("aria-busy", "true");  // not read out line by line again
      list.textContent = "";
    });
    lastId = 0;
    lines.forEach(append);
    Object.values(lists).forEach(function (list) { if (list) list.removeAttribute("aria-busy"); });
  }

  // --- What the server answers, whichever way it came ---
  function receive(msg) {
    if (msg.type === "chat.line") append(msg.line);
    else if (msg.type === "chat.lines") { if (msg.after === 0) replaceAll(msg.lines); else msg.lines.forEach(append); }
    else if (msg.type === "chat.ack") { if (msg.id === pendingSay) said(); }
    else if (msg.type === "chat.error") { showError(msg.detail); if (msg.id === pendingSay) pendingSay = null; }
    else if (msg.type === "chat.removed") { const li = panel.querySelector('[data-line="' + msg.line + '"]'); if (li) li.remove(); }
    else if (msg.type === "chat.muted") muted(msg.person, msg.muted);
    else if (msg.type === "chat.spectators") spectatorsShown(msg.show);
    else if (msg.type === "chat.reported") showError(_("Reported: thank you, the moderators will read it."));
  }

  function said() {
    pendingSay = null;
    showError("");
    if (input) { input.value = ""; input.focus(); }
    sessionStorage.removeItem(draftKey);
  }

  // --- Two ways to the server ---
  const socketPath = {
    socket: null,
    nextId: 1,
    act: function (kind, data) {
      const s = this.socket;
      if (!s || s.readyState !== WebSocket.OPEN) { showError(_("Reconnecting… try again in a moment.")); return null; }
      const id = this.nextId++;
      s.send(JSON.stringify(Object.assign({type: "chat." + kind, id: id}, data)));
      return id;
    },
  };

  const pollPath = {
    nextId: 1,
    feed: function (after) {
      const invite = panel.dataset.invite ? "&invite=" + encodeURIComponent(panel.dataset.invite) : "";
      return panel.dataset.feed + "?after=" + after + invite;
    },
    call: async function (method, url, body) {
      const headers = {"Accept": "application/json", "X-CSRFToken": csrf ? csrf.value : ""};
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const r = await fetch(url, {method: method, headers: headers, credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body)});
      const data = await r.json().catch(function () { return {}; });
      if (!r.ok) throw new Error(data.detail || _("Something went wrong: try again."));
      return data;
    },
    act: function (kind, data) {
      const id = this.nextId++;
      const answer = function (msg) { receive(Object.assign({id: id}, msg)); };
      this.request(kind, data).then(answer, function (e) {
        answer({type: "chat.error", detail: String(e.message)});
      });
      return id;
    },
    request: async function (kind, data) {
      const mutes = panel.dataset.mutesUrl;
      if (kind === "say") {
        const line = await this.call("POST", panel.dataset.feed, {text: data.text, invite: panel.dataset.invite || undefined});
        append(line);
        return {type: "chat.ack", line: line.id};
      }
      if (kind === "history") {
        const page = await this.call("GET", this.feed(data.after));
        return {type: "chat.lines", after: data.after, lines: page.lines};
      }
      if (kind === "mute") {
        await this.call(data.muted ? "PUT" : "DELETE", mutes + data.person + "/");
        return {type: "chat.muted", person: data.person, muted: data.muted};
      }
      if (kind === "report") {
        await this.call("POST", "/api/chat/lines/" + data.line + "/report/", {reason: data.reason});
        return {type: "chat.reported", line: data.line};
      }
      const settings = await this.call("PATCH", panel.dataset.settingsUrl, {show_spectators: data.show});
      return {type: "chat.spectators", show: settings.show_spectators};
    },
  };

  const path = panel.dataset.mode === "socket" ? socketPath : pollPath;
  function act(kind, data) { return path.act(kind, data); }

  if (panel.dataset.mode === "socket") {
    document.addEventListener("table:message", function (event) {
      const msg = event.detail.message;
      if (event.detail.socket !== socketPath.socket) {
        socketPath.socket = event.detail.socket;
        act("history", {after: lastId});
      }
      if (msg && typeof msg.type === "string" && msg.type.indexOf("chat.") === 0) receive(msg);
    });
  } else {
    let polling = false;
    setInterval(function () {
      if (polling || document.hidden) return;
      polling = true;
      pollPath.request("history", {after: lastId}).then(receive, function () {}).finally(function () { polling = false; });
    }, 2000);
  }

  // --- Writing ---
  if (sayForm && input) {
    const draft = sessionStorage.getItem(draftKey);
    if (draft) { input.value = draft; input.focus(); }
    input.addEventListener("input", function () { sessionStorage.setItem(draftKey, input.value); });
    sayForm.addEventListener("submit", function (event) {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      showError("");
      pendingSay = act("say", {text: text});
    });
  }

  // --- Muting a person, and unmuting from the "Muted:" list ---
  const names = {};  // person -> display name, for the "Muted:" list
  function muted(person, isMuted) {
    if (isMuted) {
      panel.querySelectorAll('li[data-author="' + person + '"]').forEach(function (li) { li.remove(); });
      if (mutedEl && !mutedEl.querySelector('[data-person="' + person + '"]')) {
        const form = document.createElement("form");
        form.className = "inline";
        form.dataset.person = person;
        const button = document.createElement("button");
        button.className = "link";
        button.textContent = _("unmute");
        form.append((names[person] || _("someone")) + " ", button);
        mutedEl.append(" ", form);
        mutedEl.hidden = false;
      }
      showError("");
    } else {
      const form = mutedEl && mutedEl.querySelector('[data-person="' + person + '"]');
      if (form) form.remove();
      if (mutedEl && !mutedEl.querySelector("form")) mutedEl.hidden = true;
      act("history", {after: 0});
    }
  }
  if (mutedEl) mutedEl.addEventListener("submit", function (event) {
    event.preventDefault();
    act("mute", {person: Number(event.target.dataset.person), muted: false});
  });

  // --- The spectators' channel, for players ---
  function spectatorsShown(show) {
    if (!toggleForm || !spectatorsBox) return;
    spectatorsBox.hidden = !show;
    const button = toggleForm.querySelector("button");
    button.textContent = show ? _("Hide the spectators' chat") : _("Show the spectators' chat");
    button.setAttribute("aria-expanded", show ? "true" : "false");
    toggleForm.querySelector("[name=show]").value = show ? "0" : "1";
    if (show) act("history", {after: 0});
  }
  if (toggleForm) toggleForm.addEventListener("submit", function (event) {
    event.preventDefault();
    act("spectators", {show: toggleForm.querySelector("[name=show]").value === "1"});
  });

  // --- A line's menu: mute its author or report it (without JavaScript: the line's page) ---
  function closeMenus() {
    panel.querySelectorAll(".chat-actions").forEach(function (menu) { menu.remove(); });
  }
  function menuOpen(more) {
    const li = more.closest("li");
    const open = li.querySelector(".chat-actions");
    closeMenus();
    if (open) { more.focus(); return; }
    const menu = menuTemplate.content.firstElementChild.cloneNode(true);
    const name = li.querySelector(".chat-who").textContent;
    menu.querySelector("[data-act=mute]").textContent = fmt(_("Mute %(name)s"), {name: name});
    menu.setAttribute("aria-label", fmt(_("%(name)s's line"), {name: name}));
    li.appendChild(menu);
    menu.querySelector("button").focus();
  }

  function menuChoose(button) {
    const li = button.closest("li");
    const list = li.closest("ol");
    const what = button.dataset.act;
    if (what === "mute") {
      names[li.dataset.author] = li.querySelector(".chat-who").textContent;
      act("mute", {person: Number(li.dataset.author), muted: true});
    } else if (what === "report") {
      act("report", {line: Number(li.dataset.line), reason: li.querySelector(".chat-actions select").value});
    }
    closeMenus();
    const more = li.querySelector("a.chat-more");
    if (what === "mute") list.focus();  // the line goes with its author's others
    else if (more) more.focus();
  }

  panel.addEventListener("click", function (event) {
    const more = event.target.closest("a.chat-more");
    const button = event.target.closest(".chat-actions button");
    if (more && menuTemplate) { event.preventDefault(); menuOpen(more); }
    else if (button) menuChoose(button);
  });
  panel.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    const menu = event.target.closest(".chat-actions");
    if (!menu) return;
    const more = menu.closest("li").querySelector("a.chat-more");
    closeMenus();
    if (more) more.focus();
  });

  const list = lists.players;
  if (list) list.scrollTop = list.scrollHeight;
  if (lists.spectators) lists.spectators.scrollTop = lists.spectators.scrollHeight;
})();
