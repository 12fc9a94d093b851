// The browser's time zone, for the server (accounts/zones.py): a `tz` cookie it reads when the
// account has no zone of its own. Loaded on every page; a year-long cookie, refreshed when the
// zone changes (travel, a new computer).
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone) return;
  var current = document.cookie.split("; ").find(function (c) { return c.indexOf("tz=") === 0; });
  if (current === "tz=" + zone) return;  // zone names are plain cookie characters
  document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
})();
