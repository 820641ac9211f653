"""The advisor and the variants: the games it solves, and a word on those it does not."""

import pytest

from advisor import NoAdviceError, TableCache, advise_box, advised_games, unsolvable
from scoring import GAMES


def test_variant_maxi_gets_no_advice_and_says_why(tmp_path):
    refusal = unsolvable(GAMES["maxi"])
    assert isinstance(refusal, NoAdviceError)
    assert "6 dice" in str(refusal)
    with pytest.raises(NoAdviceError, match="6 dice"):
        advise_box("maxi", [6] * 6, 3, cache=TableCache(tmp_path))
    assert list(tmp_path.iterdir()) == [], "nothing is stored for it"


def test_variant_every_five_dice_preset_is_solved():
    assert advised_games() == [game for game, rules in GAMES.items() if rules.dice == 5]
    assert "yacht" in advised_games()
