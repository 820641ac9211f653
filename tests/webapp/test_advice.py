"""The advisor on the page: keeps after rolls 1 and 2, the starred box, and switching it off."""

from advisor import advise_box, advise_keep
from tests.webapp.driver import die_labels, offered, problems, set_dice, start


def _keep_advice(page) -> list:
    return [m for m in page.markdown if "**Advisor:**" in m.value]


def _starred(page) -> list[str]:
    """The Record buttons marked as the advisor's choice."""
    return [
        b.key.removeprefix("record_")
        for b in page.button
        if b.key and b.key.startswith("record_") and b.proto.type == "primary"
    ]


def test_after_roll_one_the_dice_to_keep_are_marked(page):
    dice = [6, 2, 6, 1, 6]
    best = advise_keep("yatzy", dice, 1, {})[0]
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), dice, roll=1)
    assert not problems(page)
    (advice,) = _keep_advice(page)
    marked = [i for i, label in enumerate(die_labels(page)) if "keep" in label]
    assert sorted(dice[i] for i in marked) == sorted(best.keep)
    assert "lose" in advice.proto.help


def test_the_advisor_choice_is_starred_with_expected_scores(page):
    dice = [1, 1, 1, 1, 2]
    best = advise_box("yahtzee", dice, 3, {})[0]
    page = set_dice(start(page, "yahtzee", ["Ann"]), dice, roll=3)
    assert _starred(page) == [best.box]
    assert offered(page)[0] == best.box, "the advisor's choice comes first"
    captions = " ".join(c.value for c in page.caption)
    assert f"**advisor's choice**; final ≈ {best.expected:.1f}" in captions
    assert not _keep_advice(page), "no keep advice after roll 3"


def test_a_table_can_play_without_the_advisor(page):
    page = start(page, "yatzy", ["Ann"])
    page.toggle(key="advisor").set_value(False).run()
    page = set_dice(page, [6, 2, 6, 1, 6], roll=1)
    assert not _keep_advice(page)
    assert not _starred(page)
    assert all("keep" not in label for label in die_labels(page))
    assert "final ≈" not in " ".join(c.value for c in page.caption)


def _question(page) -> str:
    return next(m.value for m in page.markdown if "**Ann**" in m.value)


def test_no_box_is_starred_while_the_advice_is_to_roll_again(page):
    dice = [6, 2, 6, 1, 6]
    assert not advise_keep("yatzy", dice, 1, {})[0].score_now
    page = set_dice(start(page, "yatzy", ["Ann"]), dice, roll=1)
    assert not problems(page)
    assert _keep_advice(page)
    assert not _starred(page)
    assert "if you stop now" in _question(page)
    assert "advisor's choice" not in " ".join(c.value for c in page.caption)


def test_the_star_comes_back_when_the_advice_is_to_stop(page):
    dice = [5, 5, 5, 5, 5]
    assert advise_keep("yatzy", dice, 1, {})[0].score_now
    best = advise_box("yatzy", dice, 1, {})[0]
    page = set_dice(start(page, "yatzy", ["Ann"]), dice, roll=1)
    assert _starred(page) == [best.box]
    assert "where does" in _question(page)
    assert not [b for b in page.button if b.key == "keep_as_advised"]


def test_keep_as_advised_ticks_the_dice_the_advisor_keeps(page):
    dice = [6, 2, 6, 1, 6]
    best = advise_keep("yatzy", dice, 1, {})[0]
    page = set_dice(start(page, "yatzy", ["Ann"]), dice, roll=1)
    page = page.button(key="keep_as_advised").click().run()
    assert not problems(page)
    ticked = [dice[i] for i in range(5) if page.checkbox(key=f"hold_{i}").value]
    assert sorted(ticked) == sorted(best.keep)
