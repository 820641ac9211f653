"""The advisor on the page: keeps after rolls 1 and 2, the starred box, and switching it off."""

import streamlit as st

from advisor import advise_box, advise_keep, tables
from advisor.tables import CACHE_ENV
from scoring import GAMES
from tests.webapp.driver import problems, set_dice, start


def _die_labels(page) -> list[str]:
    return [page.segmented_control(key=f"die_{i}").label for i in range(5)]


def test_after_roll_one_the_dice_to_keep_are_marked(page):
    dice = [6, 2, 6, 1, 6]
    best = advise_keep("yatzy", dice, 1, {})[0]
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), dice, roll=1)
    assert not problems(page)
    assert "Advisor" in page.info[0].value
    marked = [i for i, label in enumerate(_die_labels(page)) if "keep" in label]
    assert sorted(dice[i] for i in marked) == sorted(best.keep)
    assert "lose" in page.caption[-1].value or any("lose" in c.value for c in page.caption)


def test_the_advisor_choice_is_starred_with_expected_scores(page):
    dice = [1, 1, 1, 1, 2]
    best = advise_box("yahtzee", dice, 3, {})[0]
    page = set_dice(start(page, "yahtzee", ["Ann"]), dice, roll=3)
    starred = [m.value for m in page.markdown if "⭐" in m.value]
    assert starred == [f"**{GAMES['yahtzee'].box(best.box).name('en')}** ⭐"]
    captions = " ".join(c.value for c in page.caption)
    assert f"advisor's choice, expected final {best.expected:.1f}" in captions
    assert not [i for i in page.info if "Advisor" in i.value], "no keep advice after roll 3"


def test_a_table_can_play_without_the_advisor(page):
    page = start(page, "yatzy", ["Ann"])
    page.toggle(key="advisor").set_value(False).run()
    page = set_dice(page, [6, 2, 6, 1, 6], roll=1)
    assert not [i for i in page.info if "Advisor" in i.value]
    assert not [m for m in page.markdown if "⭐" in m.value]
    assert all("keep" not in label for label in _die_labels(page))
    assert "expected final" not in " ".join(c.value for c in page.caption)


def test_a_failed_background_solve_is_tried_again(page, tmp_path, monkeypatch):
    st.cache_resource.clear()
    tables._by_key.clear()
    tables._by_rules.clear()
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "advisor"))
    real_solve = tables.solve
    calls = []

    def fails_once(layout, **options):
        calls.append(layout.rules.id)
        if len(calls) == 1:
            raise MemoryError("no memory for the table just now")
        return real_solve(layout, **options)

    monkeypatch.setattr(tables, "solve", fails_once)
    page = set_dice(start(page, "catalan", ["Ann"]), [5, 5, 5, 2, 1], roll=3)
    assert not problems(page)
    for _ in range(20):
        if [m for m in page.markdown if "⭐" in m.value]:
            break
        page = page.run()
    assert not problems(page)
    assert calls == ["catalan", "catalan"]
    assert [m for m in page.markdown if "⭐" in m.value], "the second solve gave advice"
