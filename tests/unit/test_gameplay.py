"""How catalog.gameplay decides that two printings are one card, on hand-made cards."""

import pytest

from catalog import gameplay


def pokemon(*attacks, name="Porygon", hp=50):
    return {"id": f"x-{len(attacks)}-{id(attacks)}", "set_id": "x", "supertype": "Pokémon",
            "name": name, "types": ["Colorless"], "hp": hp,
            "attacks": [{"name": n, "cost": cost, "damage": damage, "text": text}
                        for n, cost, damage, text in attacks]}


def trainer(text, subtypes=(), name="Switch"):
    return {"id": f"t-{id(text)}-{len(subtypes)}", "set_id": "t", "supertype": "Trainer",
            "name": name, "subtypes": list(subtypes), "rules": [text]}


def same(a, b, *others):
    cards = [a, b, *others]
    gameplay.assign_function_keys(cards, {})
    return a["function_key"] == b["function_key"]


def test_cost_spelling_and_attack_order_do_not_matter():
    a = pokemon(("Zap", ["L", "C"], "20×", ""), ("Tail", [], "10", ""))
    b = pokemon(("Tail", ["Free"], "10", ""), ("Zap", ["Colorless", "Lightning"], "20x", ""))
    assert same(a, b)
    assert not same(a, pokemon(("Zap", ["L", "C"], "20×", ""), ("Tail", [], "10", ""), hp=60))


def test_a_reworded_effect_is_the_same_attack():
    old = pokemon(("Whirlwind", ["C"], "10", "If your opponent has any Benched Pokémon, he or "
                   "she chooses 1 of them and switches it with the Defending Pokémon."))
    new = pokemon(("Whirlwind", ["C"], "10", "Your opponent switches the Defending Pokémon "
                   "with 1 of his or her Benched Pokémon, if any."))
    assert same(old, new)


def test_a_different_effect_under_one_name_and_cost_is_another_card():
    prevent = pokemon(("Stiffen", ["C", "C"], "", "Flip a coin. If heads, prevent all damage "
                       "done to Porygon during your opponent's next turn."))
    reduce = pokemon(("Stiffen", ["C", "C"], "", "During your opponent's next turn, any damage "
                      "done to this Pokémon by attacks is reduced by 40."))
    assert not same(prevent, reduce)


def test_the_numbers_must_agree():
    a = pokemon(("Heal", ["C"], "", "Heal 30 damage from this Pokémon."))
    b = pokemon(("Heal", ["C"], "", "Heal 20 damage from this Pokémon."))
    assert not same(a, b)
    counters = pokemon(("Heal", ["C"], "", "Remove 2 damage counters from Porygon."))
    assert same(b, counters)  # 2 damage counters are 20 damage


def test_a_spelling_slip_in_a_name_is_forgiven_a_number_is_not():
    text = "Flip 4 coins. This attack does 20 damage times the number of heads."
    assert same(pokemon(("Pin Missile", ["C"], "20×", text)),
                pokemon(("Pin Missle", ["C"], "20×", text)))
    other = "Choose a Type. The Defending Pokémon's Weakness is now that Type."
    assert not same(pokemon(("Conversion 3", ["C"], "", other)),
                    pokemon(("Conversion 4", ["C"], "", other)))


def test_an_attack_text_missing_from_the_data_does_not_split_a_card():
    full = pokemon(("Iron Tail", ["C"], "30×", "Flip a coin until you get tails."))
    assert same(full, pokemon(("Iron Tail", ["C"], "30×", "")))


def test_trainers_are_told_by_subtypes_and_text():
    base = trainer("Switch 1 of your Benched Pokémon with your Active Pokémon.")
    item = trainer("Switch your Active Pokémon with 1 of your Benched Pokémon.", ["Item"])
    assert same(base, item)  # an old Trainer without a subtype is an Item
    ace = trainer("Switch your Active Pokémon with 1 of your Benched Pokémon.",
                  ["Item", "ACE SPEC"])
    assert not same(item, ace)
    heal = trainer("Heal 30 damage from your Active Pokémon.", ["Item"])
    assert not same(item, heal)


def test_reminders_of_game_rules_are_not_the_effect():
    reminder = "You may play as many Item cards as you like during your turn."
    cards = [trainer(f"Effect {n} of {n}.", ["Item"], name=f"Card {n}") for n in range(9)]
    for card in cards:
        card["rules"].append(reminder)
    plain = trainer("Effect 1 of 1.", ["Item"], name="Card 1")
    gameplay.assign_function_keys([*cards, plain], {})
    assert plain["function_key"] == cards[1]["function_key"]


@pytest.mark.parametrize(("a", "b", "alike"), [
    ("draw 2 cards", "draw 2 cards", 1.0),
    ("switch 1 of your benched pokémon with your active pokémon",
     "switch your active pokémon with 1 of your benched pokémon", 0.9),
])
def test_wording_ratio(a, b, alike):
    assert gameplay.wording_ratio(a.split(), b.split()) >= alike
