"""Seeded random numbers whose whole state is one integer kept inside the game state.

SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in pure Python, and its state is a single
64-bit integer, so a game state that carries it stays plain JSON and `setup(seed)` plus the
action log always rebuilds the same game. No module-level randomness exists in games/.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Spread a small user seed over 64 bits so seeds 1, 2, 3 start far apart."""
    rng = Rng(seed & _MASK)
    return rng.next_u64()


class Rng:
    """A SplitMix64 generator. Read `.state` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed_state(seed))

    def next_u64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Multiply-shift (Lemire); bias is below 2**-40 here."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next_u64() * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        """`items[below(len(items))]`, inlined: every random play-out decision draws one."""
        n = len(items)
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: `below(i + 1)` for each i, inlined (the strong bot's re-deals
        shuffle a hundred cards each, thousands of times a second)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def reshuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place, with three swaps from each 64-bit draw (21 bits each: a bias
        below 2**-14 for piles under 128), about twice as fast as `shuffle`. For the strong bot's
        re-deals only: the game's own draws use `shuffle`, whose results recorded games replay."""
        state = self.state
        i = len(items) - 1
        while i > 0:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            j = ((z & 0x1FFFFF) * (i + 1)) >> 21
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i > 0:
                j = (((z >> 21) & 0x1FFFFF) * (i + 1)) >> 21
                items[i], items[j] = items[j], items[i]
                i -= 1
                if i > 0:
                    j = ((z >> 42) * (i + 1)) >> 22
                    items[i], items[j] = items[j], items[i]
                    i -= 1
        self.state = state

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)
