"""The English text of seeded random playouts of every game: each button offered every tenth
decision, each decision's button and log line, and the outcome. `tests/games/data/english.txt`
holds these lines as the engines wrote them before their text became phrases
(games.core.words); test_words checks the phrases still render them byte for byte.

Regenerate after an intended change of a game's English text:
    .venv/bin/python -m tests.games.english_lines > tests/games/data/english.txt
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from games.core import get_game

GAMES = ("scythe", "dicecity", "spqf")


def english_lines(steps: int = 150) -> Iterator[str]:
    for name in GAMES:
        game = get_game(name)
        state, pick = game.setup(2, 7, {}), random.Random(7)
        for step in range(steps):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if step % 10 == 0:
                yield from (f"{name} offer {game.label(state, seat, a)}" for a in legal)
            action = pick.choice(legal)
            after = game.apply(state, seat, action)
            yield f"{name} button {game.label(state, seat, action)}"
            yield f"{name} log {game.narrate(state, seat, action, after)}"
            state = after
        outcome = game.outcome(state)
        if outcome is not None:
            yield f"{name} outcome {json.dumps(outcome.to_json(), sort_keys=True)}"


if __name__ == "__main__":
    for line in english_lines():
        print(line)
