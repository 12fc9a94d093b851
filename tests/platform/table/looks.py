"""Pixel comparison of a screenshot with its committed reference, done in Chromium itself (two
PNGs drawn on canvases, compared channel by channel): no image library to install.

A pixel differs when any channel moves by more than CHANNEL (font hinting and antialiasing move
a few levels); a screenshot fails when more than SHARE of its pixels differ, or when its size
changed. The differing pixels are painted red on a copy kept beside the screenshots."""

from __future__ import annotations

import base64
import os
from pathlib import Path

CHANNEL = 40
SHARE = 0.005
REFERENCES = Path(__file__).resolve().parent / "looks"
UPDATE = os.environ.get("LOOKS_UPDATE") == "1"  # rewrite the references (after a wanted change)

COMPARE = """async ([a, b, channel]) => {
  const load = (src) => new Promise((ok, fail) => {
    const img = new Image(); img.onload = () => ok(img); img.onerror = fail; img.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height)
    return {size: [x.width, x.height, y.width, y.height]};
  const pixels = (img) => { const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height; const g = c.getContext('2d');
    g.drawImage(img, 0, 0); return [c, g, g.getImageData(0, 0, c.width, c.height)]; };
  const [, , p] = pixels(x); const [canvas, g, q] = pixels(y);
  let differ = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const d = (k) => Math.abs(p.data[i + k] - q.data[i + k]) > channel;
    if (d(0) || d(1) || d(2)) {
      differ += 1; q.data[i] = 255; q.data[i + 1] = 0; q.data[i + 2] = 0; q.data[i + 3] = 255;
    }
  }
  g.putImageData(q, 0, 0);
  return {differ: differ, total: p.data.length / 4, diff: canvas.toDataURL('image/png')};
}"""


def _url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def compare(browser_page, name: str, shot: bytes, out: Path) -> str | None:
    """None when `shot` matches the reference `name`.png; else what differs (a diff image is
    written to `out`). With LOOKS_UPDATE=1 the reference is (re)written instead."""
    reference = REFERENCES / f"{name}.png"
    if UPDATE:
        reference.write_bytes(shot)
        return None
    if not reference.exists():
        return f"{name}: no reference (run with LOOKS_UPDATE=1 to create it, then look at it)"
    result = browser_page.evaluate(COMPARE, [_url(reference.read_bytes()), _url(shot), CHANNEL])
    if "size" in result:
        return f"{name}: size changed {result['size'][:2]} -> {result['size'][2:]}"
    share = result["differ"] / result["total"]
    if share <= SHARE:
        return None
    out.write_bytes(base64.b64decode(result["diff"].split(",", 1)[1]))
    return f"{name}: {share:.2%} of the pixels changed (see {out})"
