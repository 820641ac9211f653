"""The order of the boxes offered: the advisor's choice first, the others as they came."""

from advisor import BoxChoice, advise_box, advised_first
from scoring import GAMES, HouseRules, house_rules, suggest, suggest_columns


def _choice(box: str, loss: float) -> BoxChoice:
    return BoxChoice(box, 0, 0, 100.0 - loss, loss)


def test_the_advisors_choice_comes_first_and_the_rest_keep_their_order() -> None:
    options = suggest("yahtzee", [1, 1, 1, 1, 2], 3, {})
    ordered = advised_first(options, advise_box("yahtzee", [1, 1, 1, 1, 2], 3, {}))
    assert ordered[0].box == "ones" != options[0].box, "not the most points now"
    assert ordered[1:] == [option for option in options if option.box != "ones"]


def test_the_choice_is_the_least_loss_whatever_the_order_of_the_advice() -> None:
    options = suggest("yatzy", [6, 6, 6, 2, 2], 3, {})
    boxes = [option.box for option in options]
    advised = [_choice(box, 1.0 + index) for index, box in enumerate(boxes[:-1])]
    advised.insert(0, _choice(boxes[-1], 0.0))
    assert [option.box for option in advised_first(options, advised)] == [boxes[-1], *boxes[:-1]]


def test_without_advice_the_order_is_the_engines() -> None:
    options = suggest("catalan", [3, 3, 1, 5, 6], 1, {})
    assert advised_first(options, []) == options


def test_variant_the_choice_is_a_box_of_one_column() -> None:
    rules = house_rules(GAMES["yatzy"], HouseRules(columns=(1, 1)))
    options = suggest_columns(rules, [6, 6, 6, 2, 2], 3, [{}, {}])
    choice = BoxChoice("full_house", 22, 0, 50.0, 0.0, column=1)
    ordered = advised_first(options, [choice])
    assert (ordered[0].box, ordered[0].column) == ("full_house", 1)
    assert (ordered[1].box, ordered[1].column) == ("full_house", 0), "the rest keep their order"
