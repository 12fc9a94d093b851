"""SPQF, "Siguiendo": following other players' actions."""

from games.spqf import GAME

from .helpers import act, arrange, civ, legal, narrate, next_turn, place, starting


def test_it_lets_followers_follow_with_a_matching_card_after_the_active_player():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces, starting(1, "s_sticks")]})
    s = act(s, 0, "play", card=forage)
    assert GAME.to_act(s) == (1,)  # to_act names the following seat
    assert legal(s, 1) == [
        {"type": "follow", "card": terraces, "action": 0},
        {"type": "decline"},
    ]
    s = act(s, 1, "follow", card=terraces, action=0)
    # per-action: the follower resolves once per modifier on its card (two on Acorn Terraces)
    assert s["players"][0]["cubes"] == [1, 0]
    assert s["players"][1]["cubes"] == [2, 0]
    assert s["players"][1]["following"] == [terraces]


def test_it_asks_followers_in_turn_order_and_resolves_them_after_the_active_player():
    # "Los jugadores no activos pueden seguir en orden de turno" and expand ties go in turn
    # order from the active player: the active player is first to level 1 and takes the VP.
    senate = civ("le_senate")
    patron, census = civ("le_patron"), civ("le_census")
    s = arrange(
        3,
        active=2,
        hands={2: [senate], 0: [patron], 1: [census]},
        cubes={0: [1, 1], 1: [1, 1], 2: [1, 1]},
    )
    s = act(s, 2, "play", card=senate)
    assert GAME.to_act(s) == (0,)
    s = act(s, 0, "follow", card=patron, action=0)
    assert GAME.to_act(s) == (1,)
    s = act(s, 1, "follow", card=census, action=0)
    levels = [p["level"] for p in s["players"]]
    assert levels == [1, 1, 1]
    assert s["firsts"][0] == 2
    assert [p["vp"] for p in s["players"]] == [0, 0, 1]


def test_it_resolves_a_followed_binary_action_once_whatever_the_modifiers():
    # "Incluso si sigues una acción binaria con una carta con dos modificadores, la resuelves
    # solo una vez."
    senate, patron = civ("le_senate"), civ("le_patron")  # Patron of Roots has 2 modifiers
    s = arrange(hands={0: [senate], 1: [patron]}, cubes={0: [1, 1], 1: [4, 4]})
    s = act(s, 0, "play", card=senate)
    s = act(s, 1, "follow", card=patron, action=0)
    assert s["players"][1]["level"] == 1


def test_it_never_offers_to_follow_an_action_marked_not_followable():
    moot, senate = starting(0, "s_moot"), civ("le_senate")  # the Moot's expand has the symbol
    s = arrange(hands={0: [moot], 1: [senate]}, cubes={0: [1, 1], 1: [1, 1]})
    s = act(s, 0, "play", card=moot)
    assert s["step"] == "recruit"  # nobody was asked
    assert s["players"][1]["level"] == 0


def test_it_never_follows_with_stored_cards():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: []})
    place(s, terraces, 1, "stored")
    s = act(s, 0, "play", card=forage)
    assert 1 not in GAME.to_act(s)


def test_it_binds_followers_to_the_colour_the_active_player_chose():
    # "Para las acciones que reúnen cubos verdes O negros, los siguientes jugadores deben
    # reunir el color elegido por el jugador activo."
    grove, orchard = civ("oak_grove"), civ("ag_orchard")
    s = arrange(hands={0: [grove], 1: [orchard]})
    s = act(s, 0, "play", card=grove)
    assert legal(s, 0) == [{"type": "go", "color": "g"}, {"type": "go", "color": "b"}]
    s = act(s, 0, "go", color="b")
    s = act(s, 1, "follow", card=orchard, action=0)
    assert s["players"][0]["cubes"] == [0, 1]
    assert s["players"][1]["cubes"] == [0, 1]


def test_it_lets_a_follower_follow_several_actions_with_one_card_each():
    # "Deben jugar una carta por cada acción que deseen seguir."
    cellar = civ("ag_cellar")  # gather green, store a green cube: both followable
    forage, terraces = starting(1, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [cellar], 1: [forage, terraces]}, cubes={1: [1, 0]})
    s = act(s, 0, "play", card=cellar)  # nothing to store yet: no order to choose
    s = act(s, 1, "follow", card=forage, action=0)
    assert {a["action"] for a in legal(s, 1) if a["type"] == "follow"} == {1}
    s = act(s, 1, "follow", card=terraces, action=1)
    assert s["players"][1]["following"] == [forage, terraces]


def test_it_lets_a_follower_decline_and_a_timed_out_follower_declines():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces]})
    s = act(s, 0, "play", card=forage)
    assert GAME.timeout_action(s, 1) == {"type": "decline"}
    assert GAME.timeout_action(s, 0) is None
    s = GAME.apply(s, 1, GAME.timeout_action(s, 1))
    assert s["players"][1]["cubes"] == [0, 0]
    assert s["players"][1]["hand"] == [terraces]


def test_it_follows_any_per_action_action_twice_with_the_follow_twice_card():
    # "Siga cualquiera por acción dos veces": a military card follows an industry gather.
    sticks, wolves = starting(0, "s_sticks"), civ("mi_wolves")
    s = arrange(hands={0: [sticks], 1: [wolves]})
    s = act(s, 0, "play", card=sticks)
    s = act(s, 1, "follow", card=wolves, action=0)
    assert s["players"][1]["cubes"] == [0, 2]


def test_it_does_not_follow_a_binary_action_of_another_category_with_follow_twice():
    senate, wolves = civ("le_senate"), civ("mi_wolves")
    s = arrange(hands={0: [senate], 1: [wolves]}, cubes={0: [1, 1], 1: [1, 1]})
    s = act(s, 0, "play", card=senate)
    assert s["step"] == "recruit"


def test_it_does_not_let_followers_draw_until_their_own_turn():
    # "Los jugadores no activos que jugaron las cartas siguientes no roban cartas hasta la fase
    # de robo de su turno."
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces, starting(1, "s_sticks")]})
    s = act(s, 0, "play", card=forage)
    s = act(s, 1, "follow", card=terraces, action=0)
    s = next_turn(s)
    assert s["active"] == 1
    assert len(s["players"][1]["hand"]) == 1
    assert terraces in s["players"][1]["discard"]  # follow cards go to the discard pile


def test_a_timed_out_follower_resolving_its_action_takes_the_first_choice():
    cache, shrine = civ("en_cache"), civ("oak_shrine")
    a, b = civ("ag_orchard"), civ("in_sawmill")
    s = arrange(hands={0: [cache, civ("sc_alchemy")], 1: [shrine, a, b]}, level={1: 1})
    s = act(s, 0, "play", card=cache)
    s = act(s, 1, "follow", card=shrine, action=0)
    assert GAME.to_act(s) == (1,) and s["step"] == "unit"
    s = GAME.apply(s, 1, GAME.timeout_action(s, 1))
    assert s["players"][1]["stored"] == [a]


def test_the_log_line_tells_what_the_resolution_gave_each_side():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces]})
    s = act(s, 0, "play", card=forage)
    line = narrate(s, 1, {"type": "follow", "card": terraces, "action": 0})
    assert line == (
        "followed with Acorn Terraces: gather green per modifier (+2 green); player 1: +1 green"
    )
