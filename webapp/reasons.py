"""The words the page gives for each reason behind a suggestion's points."""

from scoring import Reason, Why
from webapp.language import _, ngettext


def describe(reason: Reason) -> str:
    """One reason as the page says it."""
    match reason.why:
        case Why.EXTRA_FIVE:
            return _("+{points} bonus for an extra five of a kind").format(points=reason.amount)
        case Why.FACE_BOX_FIRST:
            return _("forced: an extra five of a kind goes to its face box first")
        case Why.JOKER:
            return _("joker: its face box is full, so it counts as any pattern here")
        case Why.JOKER_UPPER_ZERO:
            return _("forced: its face box and the lower boxes are full, so it takes 0 here")
        case Why.DOUBLED:
            return _("doubled on the first roll")
        case Why.MADE_BONUS:
            return _("includes the +{points} bonus").format(points=reason.amount)
        case Why.EARNS_UPPER_BONUS:
            return _("earns the +{points} upper bonus").format(points=reason.amount)
        case Why.PAR:
            if reason.needed:
                progress = ngettext("{count} to go", "{count} to go", reason.needed).format(
                    count=reason.needed
                )
            else:
                progress = _("on course")
            return _("{points:+d} against par for the bonus, {progress}").format(
                points=reason.amount, progress=progress
            )
        case Why.SCRATCH:
            return _("scratch: no such pattern")
