"""The exact advisor: the play that maximises a player's expected final score (solitaire).

Tables are solved once per rule set by backward induction and cached on disk; build
them ahead with ``python -m advisor build``.
"""

from advisor.queries import (
    BoxChoice,
    KeepChoice,
    advise_box,
    advise_keep,
    expected_score,
)

__all__ = ["BoxChoice", "KeepChoice", "advise_box", "advise_keep", "expected_score"]
