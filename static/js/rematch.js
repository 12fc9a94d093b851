// The rematch, live over the match's socket (platform/lobbies/sockets.py, docs/lobbies.md):
// the end screen's rematch place ([data-rematch]) shows the offer as it stands, in the words
// the server sends in the reader's language; its buttons answer over the socket; once everyone
// accepted, every player's page opens the new match. Without a socket the end screen's form
// still posts the offer (and the page reloads).
(function () {
  "use strict";
  let socket = null;
  let opened = false;

  function place() { return document.querySelector("[data-rematch]"); }

  function send(type) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({type: type}));
    return true;
  }

  function draw(msg) {
    if (msg.status === "started" && msg.match && !opened) {
      opened = true;
      window.location.assign("/matches/" + msg.match + "/");
    }
    const el = place();
    if (!el) return;
    el.textContent = "";
    el.dataset.status = msg.status;
    if (msg.text) {
      const text = document.createElement("span");
      text.className = "rematch-text";
      text.textContent = msg.text;
      el.appendChild(text);
    }
    (msg.actions || []).forEach(function (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = action.label;
      button.dataset.rematchAction = action.type;
      el.appendChild(document.createTextNode(" "));
      el.appendChild(button);
    });
  }

  function refused(msg) {
    const el = place();
    if (!el) return;
    let note = el.querySelector(".rematch-error");
    if (!note) {
      note = document.createElement("span");
      note.className = "rematch-error error";
      note.setAttribute("role", "alert");
      el.appendChild(note);
    }
    note.textContent = " " + msg.detail;
    el.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
  }

  document.addEventListener("table:open", function (event) {
    socket = event.detail.socket;
    if (place()) send("rematch.state");  // a finished match's page: the offer as it stands now
  });

  document.addEventListener("table:message", function (event) {
    const msg = event.detail.message;
    socket = event.detail.socket;
    if (msg.type === "rematch") draw(msg);
    else if (msg.type === "rematch.error") refused(msg);
    else if (msg.type === "snapshot" && msg.status === "finished") {
      // the board (and its end screen) is swapped in after this event: then ask
      setTimeout(function () { if (place()) send("rematch.state"); }, 0);
    }
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-rematch-action]");
    if (!button) return;
    event.preventDefault();
    if (send(button.dataset.rematchAction)) button.disabled = true;
  });

  document.addEventListener("submit", function (event) {
    if (event.target.closest("[data-rematch]") && send("rematch.offer")) event.preventDefault();
  });
})();
