#!/usr/bin/env bash
# Engine benchmarks on one core: bot self-play of every registered game (the last line of each
# is one JSON object: games, decisions, seconds, decisions_per_s, apply_p95_ms...), then every
# script in bench/ (a module with a __main__ guard) with its default arguments; the live-tables
# bench needs PostgreSQL and Redis like the tests. BENCH_GAMES sets the number of self-play games.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

games="${BENCH_GAMES:-200}"
for game in $(.venv/bin/python -c 'from games.core import game_names; print(*game_names())'); do
  seats="$(.venv/bin/python -c "from games.core import get_game; print(min(4, get_game('$game').max_seats))")"
  echo "== selfplay $game: $seats seats, $games games, seed 1"
  .venv/bin/python -m games selfplay "$game" --seats "$seats" --games "$games" --seed 1
done

for script in bench/*.py; do
  grep -q '^if __name__ == "__main__":' "$script" || continue  # a helper module, not a bench
  echo "== $script"
  .venv/bin/python "$script"
done
