"""Motion that shows what changed (issue 34, point 3), in Chromium: a piece another player moves
glides from where it was to where it is (the Web Animations API, 300 ms) and glows for a moment;
under prefers-reduced-motion nothing moves. Opponents' last-move marks sit in a corner, never
over a name (checked by geometry)."""

from __future__ import annotations

import pytest

from games.core import get_game
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, in_thread, needs_chromium, session_cookie, wait_js
from .factories import played, seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
LIVE = "document.getElementById('board').dataset.socket === 'open'"
# Every animation the page starts through element.animate, kept (a 300 ms one is over before a
# poll could see it in document.getAnimations()).
RECORD = """(() => {
  window.__animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const a = animate.call(this, frames, options);
    window.__animations.push({id: a.id, duration: a.effect.getTiming().duration,
      running: document.getAnimations().includes(a), frames: JSON.stringify(frames),
      flip: this.dataset.flip || ""});
    return a;
  };
})();"""


def _scythe_step(match) -> list[tuple[int, dict]]:
    """The first seat's decisions to take the Move section and step a unit (from the engine)."""
    game = get_game("scythe")
    state, seat, out = match.state, game.to_act(match.state)[0], []
    for want in ({"type": "section", "n": 2}, {"type": "move"}):
        assert want in game.legal_actions(state, seat)
        out.append((seat, want))
        state = game.apply(state, seat, want)
    step = next(a for a in game.legal_actions(state, seat) if a["type"] == "step")
    out.append((seat, step))
    return out


def _play(match, decisions) -> None:
    from play.services import action_submit

    def run() -> None:
        for version, (seat, action) in enumerate(decisions):
            action_submit(match_id=match.pk, action=action, version=version, seat_index=seat)

    in_thread(run)


def _watch_a_move(launch, reduced: bool):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("scythe", 3, [alice, bob])
    decisions = _scythe_step(match)
    viewer = [alice, bob][1 - decisions[0][0]]
    cookie = session_cookie(viewer)
    with launch() as open_page:
        page = open_page(cookie, "/", LAPTOP)
        page.context.add_init_script(RECORD)
        if reduced:
            page.emulate_media(reduced_motion="reduce")
        page.goto(page.url.rstrip("/") + f"/matches/{match.pk}/")
        wait_js(page, LIVE)
        unit = decisions[-1][1]["unit"]
        piece = f".sc-unit[data-flip~='u{decisions[0][0]}-{unit}']"
        before = page.locator(piece).first.bounding_box()
        _play(match, decisions)
        wait_js(page, f"document.getElementById('board').dataset.snapshot === '{len(decisions)}'")
        page.wait_for_timeout(50)
        recorded = page.evaluate("window.__animations")
        page.wait_for_timeout(1700)  # the glide and the glow are over
        after = page.locator(piece).first.bounding_box()
        left = page.evaluate("document.getAnimations().filter(a => a.id.startsWith('flip')).length")
        if not reduced:
            page.screenshot(path=str(SHOTS / "scythe-after-a-move-laptop.png"))
    return recorded, before, after, left, piece


def test_a_unit_another_player_moves_glides_to_its_hex_and_glows(launch):
    SHOTS.mkdir(parents=True, exist_ok=True)
    recorded, before, after, left, piece = _watch_a_move(launch, reduced=False)
    assert before and after and (before["x"], before["y"]) != (after["x"], after["y"])
    glides = [a for a in recorded if a["id"] == "flip"]
    assert glides and all(a["running"] and a["duration"] == 300 for a in glides)
    assert 200 <= glides[0]["duration"] <= 400
    moved = piece.split("'")[1]
    assert any(moved in a["flip"].split() and "translate" in a["frames"] for a in glides)
    glows = [a for a in recorded if a["id"] == "flip-glow"]  # another player's move
    assert glows and all("drop-shadow" in a["frames"] for a in glows), recorded
    assert left == 0  # over, and the piece where the server drew it


def test_under_reduced_motion_nothing_moves(launch):
    recorded, before, after, left, _piece = _watch_a_move(launch, reduced=True)
    assert before and after and (before["x"], before["y"]) != (after["x"], after["y"])
    assert recorded == [] and left == 0


NAMES = {
    "dicecity": ".dc-card > strong, .dc-cell .dc-name, .dc-pile",
    "spqf": ".sp-name, .sp-chip, .sp-opponent summary h3",
}
# Every marked element's mark (its ::after box, from the computed style) against the boxes of
# every name's text on the board: none may intersect.
OVERLAPS = """(names) => {
  const boxes = [];
  document.querySelectorAll(names).forEach(el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const b of r.getClientRects()) if (b.width && b.height) boxes.push(b);
    }
  });
  const out = {marks: 0, hits: []};
  document.querySelectorAll('.last-move').forEach(el => {
    const s = getComputedStyle(el, '::after');
    if (s.content === 'none' || s.display === 'none') return;
    const r = el.getBoundingClientRect();
    if (!r.width) return;
    const w = parseFloat(s.width), h = parseFloat(s.height);
    const right = r.right - el.clientLeft - parseFloat(s.right);
    const top = r.top + el.clientTop + parseFloat(s.top);
    const mark = {left: right - w, right: right, top: top, bottom: top + h};
    out.marks++;
    boxes.forEach(b => {
      const across = b.left < mark.right && b.right > mark.left;
      if (across && b.top < mark.bottom && b.bottom > mark.top) {
        out.hits.push([el.className, el.dataset.lastMark, b.left, b.top]);
      }
    });
  });
  return out;
}"""


@pytest.mark.parametrize("game_name, moves", [("dicecity", 14), ("spqf", 8)])
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_last_move_marks_sit_in_a_corner_never_on_a_name(launch, game_name, moves, viewport):
    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match(game_name, 7, [alice, bob]), moves)
    cookie = session_cookie(alice)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", viewport)
        wait_js(page, LIVE)
        page.evaluate("document.querySelectorAll('#board details').forEach(d => d.open = true)")
        page.wait_for_timeout(300)
        found = page.evaluate(OVERLAPS, NAMES[game_name])
        size = "phone" if viewport is PHONE else "laptop"
        page.screenshot(path=str(SHOTS / f"{game_name}-last-move-marks-{size}.png"), full_page=True)
    assert found["marks"] > 0, "no opponent's last move marked"
    assert found["hits"] == []


RECORD_GHOSTS = RECORD.replace(
    'flip: this.dataset.flip || ""', 'flip: this.dataset.flip || this.dataset.ghostOf || ""'
).replace(
    "frames: JSON.stringify(frames),",
    "frames: JSON.stringify(frames), ghost: this.classList.contains('flip-ghost'),",
)


def test_a_location_built_glides_from_the_display_into_the_city(launch):
    """Dice City: the display card a seat builds flies beside the question "Choose the space"
    and then into the space chosen (each a ghost above the page: the boxes clip what leaves
    them), and the city's other spaces do not move."""
    from play.services import action_submit

    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match("dicecity", 7, [alice, bob]), 5)
    game = get_game("dicecity")
    seat = game.to_act(match.state)[0]
    build = {"type": "build", "card": "stables"}
    assert build in game.legal_actions(match.state, seat) and "stables" in match.state["display"]
    place = game.legal_actions(game.apply(match.state, seat, build), seat)[0]
    assert place["type"] == "place"
    cookie = session_cookie([alice, bob][seat])
    version = match.version

    def decide(action, v):
        in_thread(
            lambda: action_submit(match_id=match.pk, action=action, version=v, seat_index=seat)
        )
        wait_js(page, f"document.getElementById('board').dataset.snapshot === '{v + 1}'")
        page.wait_for_timeout(60)
        out = page.evaluate("window.__animations.filter(a => a.ghost)")
        ghosts = page.evaluate("document.querySelectorAll('.flip-ghost').length")
        page.wait_for_timeout(500)
        gone = page.evaluate("document.querySelectorAll('.flip-ghost').length") == 0
        moved = page.evaluate(
            "window.__animations.filter(a => a.id === 'flip' && !a.ghost &&"
            f" a.flip.startsWith('c{seat}-'))"
        )
        page.evaluate("window.__animations = []")
        return out, ghosts, gone, moved

    def start(flight):
        dx, dy = flight["frames"].split('"translate":"')[1].split('"')[0].split()
        return float(dx.removesuffix("px")), float(dy.removesuffix("px"))

    with launch() as open_page:
        page = open_page(cookie, "/", LAPTOP)
        page.context.add_init_script(RECORD_GHOSTS)
        page.goto(page.url.rstrip("/") + f"/matches/{match.pk}/")
        wait_js(page, LIVE)
        cards = page.locator("#board .dc-display .dc-card[data-card='stables']")
        copies = [cards.nth(i).bounding_box() for i in range(cards.count())]  # alike
        first, ghosts1, gone1, _ = decide(build, version)
        placing = page.locator("#board .dc-placing").bounding_box()
        second, ghosts2, gone2, moved = decide(place, version + 1)
        cell = page.locator(
            f"#board td.dc-cell[data-flip^='c{seat}-'][data-flip$='-stables']"
        ).bounding_box()
        page.screenshot(path=str(SHOTS / "dicecity-after-a-build-laptop.png"))
    assert (ghosts1, ghosts2, gone1, gone2) == (1, 1, True, True)
    assert [f["flip"] for f in first] == ["dcplacing-stables"]
    assert [f["flip"] for f in second][0].endswith("-stables") and len(second) == 1
    assert first[0]["duration"] == second[0]["duration"] == 300
    dx, dy = start(first[0])  # from the display card to the question
    assert any(
        abs(placing["x"] + dx - c["x"]) < 2 and abs(placing["y"] + dy - c["y"]) < 2 for c in copies
    )
    dx, dy = start(second[0])  # from the question into the space
    assert abs(cell["x"] + dx - placing["x"]) < 2 and abs(cell["y"] + dy - placing["y"]) < 2
    assert moved == []  # the city's other spaces stay where they were


def _translate(frame: str) -> tuple[float, float]:
    dx, dy = frame.split('"translate":"')[1].split('"')[0].split()
    return float(dx.removesuffix("px")), float(dy.removesuffix("px"))


def test_a_card_recruited_flies_from_the_central_row_to_the_discard_pile(launch):
    """SPQF: the card a seat recruits goes to its discard pile, folded away. The seat (here on
    its other device) sees it fly from the central row to its "Discard pile" line, the other
    seat to that seat's heading, shrinking: ghosts above the page (the rows clip what leaves
    them), 300 ms."""
    from play.services import action_submit

    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match("spqf", 7, [alice, bob]), 2)
    game = get_game("spqf")
    seat = game.to_act(match.state)[0]
    recruit = next(a for a in game.legal_actions(match.state, seat) if a["type"] == "recruit")
    key = f"sp{recruit['card']}"
    people = [alice, bob]
    mine, theirs = session_cookie(people[seat]), session_cookie(people[1 - seat])
    central = f"#board .sp-central [data-flip='{key}']"
    with launch() as open_page:
        pages = [open_page(c, "/", LAPTOP) for c in (mine, theirs)]
        for page in pages:
            page.context.add_init_script(RECORD_GHOSTS)
            page.goto(page.url.rstrip("/") + f"/matches/{match.pk}/")
            wait_js(page, LIVE)
        was = [page.locator(central).bounding_box() for page in pages]
        assert all(was), "the card is in the central row"
        in_thread(
            lambda: action_submit(
                match_id=match.pk, action=recruit, version=match.version, seat_index=seat
            )
        )
        after = f"document.getElementById('board').dataset.snapshot === '{match.version + 1}'"
        for page in pages:
            wait_js(page, after)
        recorded = [page.evaluate("window.__animations") for page in pages]
        piles = [
            pages[0].locator("#my-area .sp-discard > summary"),
            pages[1].locator(f".sp-opponent[data-seat='{seat}'] > summary"),
        ]
        assert all(key in (p.get_attribute("data-flip-sink") or "").split() for p in piles)
        to = [p.bounding_box() for p in piles]
        pages[1].screenshot(path=str(SHOTS / "spqf-after-a-recruit-laptop.png"))
        pages[0].wait_for_timeout(700)
        left = [page.evaluate("document.querySelectorAll('.flip-ghost').length") for page in pages]
    flights = [[a for a in r if a["id"] == "flip" and a["flip"] == key] for r in recorded]
    assert [len(f) for f in flights] == [1, 1] and all(f[0]["ghost"] for f in flights)
    assert all(f[0]["duration"] == 300 for f in flights)
    for flight, start, end in zip(flights, was, to, strict=True):
        frames = flight[0]["frames"].split("},{")  # from where it was to the pile's line
        assert _translate(frames[0]) == (0, 0) and '"scale"' in frames[1]
        dx, dy = _translate(frames[1])
        assert abs(start["x"] + dx - end["x"]) < 2 and abs(start["y"] + dy - end["y"]) < 2
        assert abs(dx) + abs(dy) > 20
    assert not any(a["id"] == "flip-glow" for a in recorded[0])  # its own move
    assert left == [0, 0]
