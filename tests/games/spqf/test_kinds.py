"""SPQF, every action kind of the book ("Recopilar", "tienda", bonificación, basura y
reclutamiento, expansión, puntuación): one scenario each."""

import pytest

from games.spqf.cards import PER_ACTION

from .helpers import act, arrange, civ, legal, starting, types


def first_in_order(s, seat=0):
    return act(s, seat, "first", action=0) if s["step"] == "order" else s


def test_the_card_set_uses_every_action_kind_of_the_book():
    from games.spqf.cards import CARDS

    used = {a["kind"] for c in CARDS for a in c["actions"]}
    assert used == set(PER_ACTION)
    assert len(PER_ACTION) == 22


# --- Recopilar (gather) ----------------------------------------------------------------------


def test_gather_takes_one_cube_of_the_indicated_colour_per_modifier():
    s = arrange(hands={0: [civ("in_sawmill")]})
    s = act(s, 0, "play", card=civ("in_sawmill"))
    assert s["players"][0]["cubes"] == [0, 2]


def test_gather_either_takes_the_chosen_colour_per_modifier_never_both():
    orchard, terraces = civ("ag_orchard"), civ("ag_terraces")
    s = arrange(hands={0: [orchard, terraces]})
    s = act(s, 0, "play", card=orchard)
    s = act(s, 0, "modify", card=terraces)  # only the colour is left to choose
    s = act(s, 0, "go", color="g")
    assert s["players"][0]["cubes"] == [3, 0]


def test_gather_stored_takes_cubes_identical_to_the_stored_ones_once():
    flint = civ("in_flint")
    s = arrange(hands={0: [flint]}, scubes={0: [1, 0]}, level={0: 1})
    s["players"][0]["scubes"] = [1, 1]
    s = act(s, 0, "play", card=flint)
    assert s["players"][0]["cubes"] == [1, 1]


def test_gather_per_card_takes_a_cube_of_choice_per_stored_card():
    workshop = civ("en_workshop")
    stored = [civ("ag_orchard"), civ("in_sawmill")]
    s = arrange(hands={0: [workshop]}, level={0: 1}, stored={0: stored})
    s = act(s, 0, "play", card=workshop)
    assert types(s, 0) == {"take"}
    s = act(s, 0, "take", color="g")
    s = act(s, 0, "take", color="b")
    assert s["players"][0]["cubes"] == [1, 1]


# --- Almacenar (store) -------------------------------------------------------------------------


def test_store_card_puts_a_card_from_the_hand_under_the_board_per_modifier():
    cache, a, b = civ("en_cache"), civ("ag_orchard"), civ("in_sawmill")
    s = arrange(hands={0: [cache, a, b]}, level={0: 1})
    s = act(s, 0, "play", card=cache)
    s = act(s, 0, "store", card=b)
    assert s["players"][0]["stored"] == [b, a]  # the last one had no alternative


def test_store_cube_moves_the_indicated_cube_from_the_board_to_storage():
    pantry = starting(0, "s_pantry")  # any colour
    s = arrange(hands={0: [pantry]}, cubes={0: [1, 1]})
    s = act(s, 0, "play", card=pantry)
    assert legal(s, 0) == [{"type": "stash", "color": "g"}, {"type": "stash", "color": "b"}]
    s = act(s, 0, "stash", color="b")
    assert s["players"][0]["cubes"] == [1, 0] and s["players"][0]["scubes"] == [0, 1]


def test_store_supply_stores_a_cube_of_choice_from_the_supply():
    depot = civ("en_depot")  # costs 1 black
    s = arrange(hands={0: [depot]}, cubes={0: [0, 1]})
    supply = list(s["supply"])
    s = act(s, 0, "play", card=depot)
    s = act(s, 0, "bank", color="g")
    assert s["players"][0]["scubes"] == [1, 0]
    assert s["supply"] == [supply[0] - 1, supply[1] + 1]


# --- Bonificación -------------------------------------------------------------------------------


def test_resolve_row_plays_a_trade_row_card_that_stays_there_once_per_turn():
    scribes, terraces = civ("sc_scribes"), civ("ag_terraces")
    s = arrange(hands={0: [scribes]}, central=[terraces])
    s = act(s, 0, "play", card=scribes)
    s = first_in_order(s)
    if s["step"] == "unit":
        s = act(s, 0, "row", card=terraces)
    assert s["players"][0]["cubes"][0] == 2  # Acorn Terraces resolved with its 2 modifiers
    assert terraces in s["central"]  # "permanece allí"
    assert terraces in s["turn"]["row_used"]


def test_resolve_row_follows_the_arrow_to_the_left_neighbours_row():
    finch, sawmill = civ("sc_finch"), civ("in_sawmill")
    # seat 1 is to the left of seat 0 (the next in turn order)
    s = arrange(3, active=0, hands={0: [finch]}, row={1: [sawmill]})
    s = act(s, 0, "play", card=finch)
    s = first_in_order(s)
    assert s["players"][0]["cubes"] == [1, 2]
    assert sawmill in s["players"][1]["row"]


def test_extra_plays_the_shown_number_of_extra_action_cards():
    edict = civ("le_edict")
    forage, sticks = starting(0, "s_forage"), starting(0, "s_sticks")
    s = arrange(hands={0: [edict, forage, sticks]})
    s = act(s, 0, "play", card=edict)
    assert s["turn"]["plays"] == 2 and s["step"] == "choose"
    s = act(s, 0, "play", card=forage)
    s = act(s, 0, "play", card=sticks)
    assert s["players"][0]["cubes"] == [1, 1] and s["step"] == "recruit"


def test_convert_turns_a_cube_to_the_other_colour_per_modifier():
    alchemy = civ("sc_alchemy")
    s = arrange(hands={0: [alchemy]}, cubes={0: [2, 0]})
    s = act(s, 0, "play", card=alchemy)
    s = act(s, 0, "convert", color="b")
    s = act(s, 0, "convert", color="b")
    assert s["players"][0]["cubes"] == [0, 2]


def test_follow_twice_does_nothing_as_an_action_of_its_own():
    wolves, forage = civ("mi_wolves"), starting(0, "s_forage")
    s = arrange(hands={0: [wolves, forage]})  # level 0: its other action scores nothing
    assert {"type": "play", "card": wolves} not in legal(s, 0)


# --- Basura y reclutamiento -----------------------------------------------------------------


def test_recruit_gather_recruits_a_card_per_modifier_and_gathers_per_card():
    barter = civ("in_barter")
    s = arrange(hands={0: [barter]})
    card = s["central"][1]
    s = act(s, 0, "play", card=barter)
    s = act(s, 0, "recruit", card=card)
    assert card in s["players"][0]["discard"] and s["players"][0]["cubes"] == [0, 1]


def test_trash_gather_removes_a_card_from_hand_or_discard_and_gathers():
    compost, junk = civ("ag_compost"), starting(0, "s_sticks")
    s = arrange(hands={0: [compost, junk]})
    s["players"][0]["discard"] = []
    s = act(s, 0, "play", card=compost)
    assert s["players"][0]["cubes"] == [1, 0] and junk in s["trashed"]


def test_trash_vp_removes_a_card_and_scores_one_vp_per_card():
    scouts, junk = starting(0, "s_scouts"), civ("ag_orchard")
    s = arrange(hands={0: [scouts]}, discard={0: [junk]})
    s = act(s, 0, "play", card=scouts)
    assert s["trashed"] == [junk] and s["players"][0]["vp"] == 1


# --- Expansión ----------------------------------------------------------------------------------


def test_expand_discount_pays_one_cube_less_of_the_players_choice():
    bridge = civ("en_bridge")
    s = arrange(hands={0: [bridge]}, cubes={0: [1, 1]})
    s = act(s, 0, "play", card=bridge)
    s = act(s, 0, "discount", color="g")
    assert s["players"][0]["level"] == 1 and s["players"][0]["cubes"] == [1, 0]


def test_expand_vp_scores_two_vp_when_the_level_rises():
    games = civ("le_games")  # costs 1 green + 1 black
    s = arrange(hands={0: [games]}, cubes={0: [2, 2]})
    s = act(s, 0, "play", card=games)
    assert s["players"][0]["level"] == 1
    assert s["players"][0]["vp"] == 2 + 1  # +2, and +1 for being first to level 1


# --- Puntuación ---------------------------------------------------------------------------------


def test_score_cubes_may_discard_the_indicated_cubes_for_one_vp_each():
    feast, terraces = civ("ag_feast"), civ("ag_terraces")
    s = arrange(hands={0: [feast, terraces]}, cubes={0: [3, 0]})
    s = act(s, 0, "play", card=feast)
    s = act(s, 0, "modify", card=terraces)
    s = act(s, 0, "score", color="g")
    s = act(s, 0, "stop")  # "Puedes descartar": optional
    assert s["players"][0]["vp"] == 1 and s["players"][0]["cubes"] == [2, 0]


@pytest.mark.parametrize(
    ("design", "board", "expected"),
    [
        ("ag_vaults", {"scubes": {0: [1, 0]}}, 1),
        ("le_patron", {"stored": 1}, 1),
        ("sc_almanac", {"level": {0: 2}}, 2),
    ],
)
def test_score_per_stored_cube_stored_card_or_level_scores_once(design, board, expected):
    card = civ(design)
    if board.pop("stored", 0):
        board["stored"] = {0: [civ("in_sawmill")]}
    s = arrange(hands={0: [card]}, **board)
    s = act(s, 0, "play", card=card)
    assert s["players"][0]["vp"] == expected


def test_score_mods_scores_one_vp_per_modifier_played():
    triumph = civ("mi_triumph")  # costs 1 green + 1 black, two modifiers, may not be followed
    cohort = civ("mi_cohort")
    s = arrange(hands={0: [triumph, cohort], 1: [civ("mi_raid")]}, cubes={0: [1, 1]})
    s = act(s, 0, "play", card=triumph)
    s = act(s, 0, "modify", card=cohort)
    assert s["players"][0]["vp"] == 3
    assert s["players"][1]["vp"] == 0
