"""The organisers' audit log is said in the reader's language: entries keep their English
sentence for the admin and the export, and the page says them again from their action and
values (tournaments.labels.audit_text). An entry without the values is shown as stored."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import AuditEntry, Registration

from .conftest import create, register_all

pytestmark = pytest.mark.django_db

SAID = {
    "es": [
        "Creado (Sistema suizo).",
        "bob se ha inscrito.",
        "carol añadido como coorganizador.",
        "bob: retirado (sin motivo).",
        "Cancelado.",
    ],
    "vi": [
        "Đã tạo (",
        "bob đã đăng ký.",
        "Đã thêm carol làm đồng tổ chức.",
        "bob: ",
        "Đã hủy.",
    ],
}
ENGLISH = ["Created (", "bob registered.", "added as co-organiser", "no reason", "Cancelled."]


@pytest.fixture
def audited(alice, bob, carol):
    t = create(alice)
    (registration,) = register_all(t, [bob])
    services.tournament_coorganiser_set(
        tournament_id=t.pk, user=alice, name=carol.display_name, add=True
    )
    services.tournament_withdraw(tournament_id=t.pk, user=alice, player=registration.pk)
    services.tournament_cancel(tournament_id=t.pk, user=alice)
    return t


@pytest.mark.parametrize("language", ["es", "vi"])
def test_the_audit_log_is_said_in_the_readers_language(client, alice, audited, language):
    alice.language = language
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[audited.pk])).content.decode()
    audit = page[page.index('id="audit"') :]
    audit = audit[: audit.index("</section>")]
    for sentence in SAID[language]:
        assert sentence in audit, (sentence, audit)
    for english in ENGLISH:
        assert english not in audit, (english, audit)


def test_the_stored_sentence_stays_english_and_an_entry_without_values_shows_it(
    client, alice, audited
):
    details = set(audited.audit.values_list("detail", flat=True))
    assert "Cancelled." in details and "bob registered." in details
    AuditEntry.objects.create(
        tournament=audited, actor=alice, action="register", detail="Old entry as stored.", data={}
    )
    alice.language = "es"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[audited.pk])).content.decode()
    assert "Old entry as stored." in page


@pytest.mark.parametrize(("language", "said"), [("en", "Standard bot #"), ("es", "Bot estándar #")])
def test_a_bot_entrant_is_named_in_the_readers_language(client, alice, language, said):
    t = create(alice, game="dicecity", table_size=3, options={})
    services.tournament_bot_add(tournament_id=t.pk, user=alice, bot="standard")
    alice.language = language
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    entrants = page[page.index("<table") :]
    assert said in entrants[: entrants.index("</table>")]


def test_a_bot_added_in_spanish_is_stored_as_its_level_and_said_in_each_readers_language(
    client, alice
):
    t = create(alice, game="dicecity", table_size=3, options={})
    with translation.override("es"):  # the organiser browses in Spanish when adding the bot
        bot = services.tournament_bot_add(tournament_id=t.pk, user=alice, bot="standard")
    entry = t.audit.get(action="bot_add")
    assert entry.data == {"bot": "standard", "number": bot.pk}
    assert entry.detail == f"Standard bot #{bot.pk} added."  # the English sentence, as stored
    client.force_login(alice)
    for language, said in [("en", "Standard bot #%s added."), ("es", "Bot estándar #%s añadido.")]:
        alice.language = language
        alice.save(update_fields=["language"])
        page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
        audit = page[page.index('id="audit"') :]
        assert said % bot.pk in audit[: audit.index("</section>")], (language, audit)


def test_a_bot_withdrawn_in_spanish_is_said_in_english_to_an_english_reader(client, alice):
    t = create(alice, game="dicecity", table_size=3, options={})
    bot = services.tournament_bot_add(tournament_id=t.pk, user=alice, bot="strong")
    with translation.override("es"):
        services.tournament_withdraw(tournament_id=t.pk, user=alice, player=bot.pk)
    entry = t.audit.get(action=Registration.Status.WITHDRAWN)
    assert "name" not in entry.data and entry.data["bot"] == "strong"
    assert entry.detail.startswith(f"Strong bot #{bot.pk}: ")
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert f"Strong bot #{bot.pk}: withdrawn (no reason)." in page


def test_an_old_bot_entry_that_stored_its_name_is_shown_with_that_name(client, alice):
    t = create(alice, game="dicecity", table_size=3, options={})
    AuditEntry.objects.create(
        tournament=t,
        actor=alice,
        action="bot_add",
        detail="Bot estándar #7 añadido.",
        data={"name": "Bot estándar #7"},
    )
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Bot estándar #7 added." in page
