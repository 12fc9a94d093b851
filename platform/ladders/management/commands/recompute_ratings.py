"""Recompute every rating from the stored results and compare (or, with --write, store)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ladders.recompute import ratings_compare, ratings_replay, ratings_store


class Command(BaseCommand):
    help = "Recompute every rating from the finished ranked matches, in the order applied."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--write",
            action="store_true",
            help="Replace the stored ratings and changes by the recomputed ones.",
        )

    def handle(self, *args: Any, write: bool = False, **options: Any) -> None:
        ratings, changes = ratings_replay()
        if write:
            ratings_store(ratings, changes)
            self.stdout.write(f"Stored {len(ratings)} ratings and {len(changes)} changes.")
            return
        problems = ratings_compare(ratings, changes)
        for problem in problems[:50]:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} stored numbers differ from the recomputation.")
        self.stdout.write(
            f"{len(ratings)} ratings and {len(changes)} changes match the stored numbers."
        )
