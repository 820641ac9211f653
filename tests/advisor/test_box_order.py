"""The order of the boxes offered: the advisor's choice first, the others as they came."""

from advisor import BoxChoice, advise_box, advised_first
from scoring import suggest


def _choice(box: str, loss: float) -> BoxChoice:
    return BoxChoice(box, 0, 0, 100.0 - loss, loss)


def test_the_advisors_choice_comes_first_and_the_rest_keep_their_order() -> None:
    options = suggest("yahtzee", [1, 1, 1, 1, 2], 3, {})
    advised = {choice.box: choice for choice in advise_box("yahtzee", [1, 1, 1, 1, 2], 3, {})}
    ordered = advised_first(options, advised)
    assert ordered[0].box == "ones" != options[0].box, "not the most points now"
    assert ordered[1:] == [option for option in options if option.box != "ones"]


def test_the_choice_is_the_least_loss_whatever_the_order_of_the_advice() -> None:
    options = suggest("yatzy", [6, 6, 6, 2, 2], 3, {})
    boxes = [option.box for option in options]
    advised = {box: _choice(box, 1.0 + index) for index, box in enumerate(boxes)}
    advised[boxes[-1]] = _choice(boxes[-1], 0.0)
    assert [option.box for option in advised_first(options, advised)] == [boxes[-1], *boxes[:-1]]


def test_without_advice_the_order_is_the_engines() -> None:
    options = suggest("catalan", [3, 3, 1, 5, 6], 1, {})
    assert advised_first(options, {}) == options
