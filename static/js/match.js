// The one client every game shares: a WebSocket per match, reconnecting with the last version;
// the server renders this seat's board and we swap it in; clicking a legal choice submits it.
(function () {
  "use strict";
  const M = window.MATCH;
  const board = document.getElementById("board");
  const statusEl = document.getElementById("status");
  const errorEl = document.getElementById("error");
  const playersEl = document.getElementById("players");
  const logEl = document.getElementById("log");
  let payload = JSON.parse(document.getElementById("initial-payload").textContent);
  let socket = null;
  let retry = 500;
  let nextId = 1;
  let lastSeq = logEl && logEl.lastElementChild ? Number(logEl.lastElementChild.value) : 0;

  function names(seats) {
    return seats.map(function (i) { return payload.players[i].name; }).join(" and ");
  }

  function renderStatus() {
    if (payload.status === "finished") { statusEl.textContent = "The game is over."; return; }
    const mine = M.seat !== null && payload.to_act.indexOf(M.seat) >= 0;
    let text = mine ? "Your turn." : "Waiting for " + names(payload.to_act) + ".";
    if (payload.deadline) {
      const left = Math.max(0, Math.round((Date.parse(payload.deadline) - Date.now()) / 1000));
      const m = Math.floor(left / 60), s = left % 60;
      text += " " + (left > 3600 ? Math.round(left / 3600) + " h" : m + ":" + String(s).padStart(2, "0")) + " left.";
    }
    statusEl.textContent = text;
    statusEl.classList.toggle("my-turn", mine);
    document.title = (mine ? "(Your turn) " : "") + document.title.replace(/^\(Your turn\) /, "");
  }

  function renderPlayers() {
    playersEl.innerHTML = "";
    payload.players.forEach(function (p) {
      const li = document.createElement("li");
      li.textContent = p.name + (p.is_bot ? " (bot)" : "") + (p.forfeited ? " (left)" : "") +
        (p.to_act ? " ◀" : "") + (p.place ? " · place " + p.place : "");
      if (p.seat === M.seat) li.style.fontWeight = "bold";
      playersEl.appendChild(li);
    });
  }

  async function refreshLog() {
    if (!logEl) return;
    const r = await fetch(M.logUrl + "?after=" + lastSeq, {credentials: "same-origin"});
    if (!r.ok) return;
    const data = await r.json();
    data.entries.forEach(function (e) {
      const li = document.createElement("li");
      li.value = e.seq;
      li.textContent = e.text;
      logEl.appendChild(li);
      lastSeq = e.seq;
    });
    logEl.scrollTop = logEl.scrollHeight;
  }

  function apply(snapshot) {
    payload = snapshot;
    if (snapshot.html !== undefined) board.innerHTML = snapshot.html;
    renderStatus();
    renderPlayers();
    refreshLog();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/matches/" + M.id + "/?html=1");
    socket.onopen = function () {
      retry = 500;
      socket.send(JSON.stringify({type: "hello", version: payload.version}));
    };
    socket.onmessage = function (event) {
      const msg = JSON.parse(event.data);
      if (msg.type === "snapshot") { errorEl.textContent = ""; apply(msg); }
      else if (msg.type === "error") { errorEl.textContent = msg.detail; }
    };
    socket.onclose = function (event) {
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
        errorEl.textContent = "You cannot follow this match live.";
        return;
      }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  board.addEventListener("click", function (event) {
    const target = event.target.closest("[data-action]");
    if (!target || !board.contains(target)) return;
    event.preventDefault();
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      errorEl.textContent = "Reconnecting… try again in a moment.";
      return;
    }
    socket.send(JSON.stringify({
      type: "act", id: nextId++, version: payload.version, action: JSON.parse(target.dataset.action),
    }));
  });

  renderStatus();
  renderPlayers();
  setInterval(renderStatus, 1000);
  connect();
})();
