"""Seeding from a CSV file: one registered player per line, top seed first, named by display
name or e-mail address (the first column; a header line "name" or "email" is skipped). Every
active entrant must appear exactly once. Any bad line refuses the whole file, with one message
per line, and nothing changes."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import errors
from tournaments.models import Registration, Tournament
from tournaments.services import _ensure_organiser as ensure_organiser
from tournaments.services import audit, locked

MAX_BYTES = 200_000
HEADERS = {"name", "email", "e-mail", "player", "display name"}


def seed_import(*, tournament_id: Any, user: Any, text: Any) -> Tournament:

    if not isinstance(text, str) or not text.strip():
        raise errors.bad("bad_csv", _("Send the CSV file's text: one player per line."))
    if len(text) > MAX_BYTES:
        raise errors.bad("bad_csv", _("The CSV file is too long."))
    with transaction.atomic():
        t = locked(tournament_id)
        ensure_organiser(t, user)
        if t.has_started or t.is_over:
            raise errors.refused("started", _("Seeds are set before the start."))
        entrants = list(
            t.registrations.filter(status=Registration.Status.ACTIVE).select_related("user")
        )
        order = _order(text, entrants)
        for position, pk in enumerate(order, start=1):
            Registration.objects.filter(pk=pk).update(manual_seed=position)
        t.seeding = Tournament.Seeding.MANUAL
        t.stamp += 1
        t.save(update_fields=["seeding", "stamp"])
        audit(t, user, "seed_import", "Seeds imported from a CSV file.", order=order)
    return t


def _order(text: str, entrants: list[Registration]) -> list[int]:
    """The registration ids in the file's order, or TournamentError listing every bad line."""
    by_key: dict[str, Registration] = {}
    for r in entrants:
        by_key[r.name_in("en").casefold()] = r
        if r.user is not None:
            by_key[r.user.email.casefold()] = r
    problems: list[str] = []
    order: list[int] = []
    seen: dict[int, int] = {}
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cell = row[0].strip() if row else ""
        if not cell or (number == 1 and cell.casefold() in HEADERS):
            continue
        found = by_key.get(cell.casefold())
        if found is None:
            problems.append(
                _("line %(n)s: %(who)s is not a registered player of this event")
                % {"n": number, "who": repr(cell)[:60]}
            )
        elif found.pk in seen:
            problems.append(
                _("line %(n)s: %(who)s is already on line %(first)s")
                % {"n": number, "who": repr(cell)[:60], "first": seen[found.pk]}
            )
        else:
            seen[found.pk] = number
            order.append(found.pk)
    missing = [r.name_in("en") for r in entrants if r.pk not in seen]
    if missing and not problems:
        problems.append(_("not in the file: %(names)s") % {"names": ", ".join(missing[:20])})
    if problems:
        raise SeedFileError(problems)
    return order


class SeedFileError(errors.TournamentError):
    """The file's problems, one per bad line: in the sentence, and as `lines` in the API."""

    def __init__(self, problems: list[str]) -> None:
        message = _("The seeding file was refused: %(p)s.") % {"p": "; ".join(problems)}
        super().__init__("bad_csv", message, 400)
        self.lines = problems

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "lines": self.lines}
