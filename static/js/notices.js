/* The installable site's client part (docs/notifications.md): registers the service worker,
   keeps the bell's unread count live over its socket, and, on the Settings page, turns push on
   for this device (the browser asks for permission only when the player presses the button). */
(function () {
  "use strict";
  var script = document.currentScript;

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !script) return null;
    return navigator.serviceWorker.register(script.dataset.sw, { scope: "/" }).catch(function () { return null; });
  }
  var registered = registerWorker();

  function bell() {
    var link = document.getElementById("bell");
    var count = document.getElementById("bell-count");
    if (!link || !count || !("WebSocket" in window)) return;
    var delay = 1000;
    function show(n) {
      count.textContent = String(n);
      count.hidden = n === 0;
    }
    function open() {
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var socket = new WebSocket(scheme + location.host + link.dataset.socket);
      socket.onmessage = function (event) {
        var data = JSON.parse(event.data);
        if (data.type === "unread") show(data.unread);
        delay = 1000;
      };
      socket.onclose = function (event) {
        if (event.code === 4401) return;  // signed out
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 60000);
      };
    }
    open();
  }

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function deviceName() {
    var ua = navigator.userAgent;
    var browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : gettext("Browser");
    var os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
    return os ? browser + " · " + os : browser;
  }

  function pushSettings() {
    var box = document.getElementById("push-device");
    if (!box) return;
    var button = box.querySelector("button");
    var status = box.querySelector("[data-status]");
    function say(text) { status.textContent = text; }
    if (!("PushManager" in window) || !("serviceWorker" in navigator) || !box.dataset.key) {
      button.disabled = true;
      say(box.dataset.key ? gettext("This browser cannot receive push notifications.") : gettext("Push notifications are not set up on this site."));
      return;
    }
    button.disabled = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      say(gettext("Asking your browser…"));
      Promise.resolve(registered)
        .then(function () { return navigator.serviceWorker.ready; })
        .then(function (reg) {
          return Notification.requestPermission().then(function (answer) {
            if (answer !== "granted") throw new Error(gettext("Notifications are blocked for this site in your browser."));
            return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.key) });
          });
        })
        .then(function (sub) {
          var body = sub.toJSON();
          body.device = deviceName();
          return fetch(box.dataset.api, {
            method: "POST",
            credentials: "same-origin",
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
            body: JSON.stringify(body),
          });
        })
        .then(function (response) {
          if (!response.ok) throw new Error(gettext("The site refused this device."));
          location.reload();
        })
        .catch(function (error) {
          button.disabled = false;
          say(error.message || String(error));
        });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { bell(); pushSettings(); });
})();
