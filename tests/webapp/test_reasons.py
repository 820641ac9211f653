"""Every reason the engine gives has words on the page, with its numbers."""

import pytest

from scoring import Reason, Why
from webapp.wording import describe


@pytest.mark.parametrize("why", list(Why))
def test_every_reason_is_described_with_its_numbers(why):
    text = describe(Reason(why, 37, 11))
    assert text
    if why in (Why.EXTRA_FIVE, Why.MADE_BONUS, Why.EARNS_UPPER_BONUS, Why.PAR):
        assert "37" in text
    if why is Why.PAR:
        assert "11 to go" in text
        assert "on course" in describe(Reason(why, 2, 0))
