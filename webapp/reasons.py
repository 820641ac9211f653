"""The words the page gives for each reason behind a suggestion's points."""

from scoring.suggestions import Reason, Why


def describe(reason: Reason) -> str:
    """One reason as the page says it."""
    match reason.why:
        case Why.EXTRA_FIVE:
            return f"+{reason.amount} bonus for an extra five of a kind"
        case Why.FACE_BOX_FIRST:
            return "forced: an extra five of a kind goes to its face box first"
        case Why.JOKER:
            return "joker: its face box is full, so it counts as any pattern here"
        case Why.JOKER_UPPER_ZERO:
            return "forced: its face box and the lower boxes are full, so it takes 0 here"
        case Why.DOUBLED:
            return "doubled on the first roll"
        case Why.MADE_BONUS:
            return f"includes the +{reason.amount} bonus"
        case Why.EARNS_UPPER_BONUS:
            return f"earns the +{reason.amount} upper bonus"
        case Why.PAR:
            progress = f"{reason.needed} to go" if reason.needed else "on course"
            return f"{reason.amount:+d} against par for the bonus, {progress}"
        case Why.SCRATCH:
            return "scratch: no such pattern"
