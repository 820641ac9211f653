"""Saved times as the page shows them: in the time zone the browser says it is in (its
zone's name, else its offset from UTC), and in UTC, said so, when it has said neither."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import streamlit as st

# The widest offset from UTC a zone can have, in minutes (a browser may send anything).
WIDEST_OFFSET = 24 * 60 - 1


def browser_zone() -> tzinfo | None:
    """The browser's time zone, or None when it has not said one this server knows."""
    name = st.context.timezone
    if name:
        try:
            return ZoneInfo(name)
        except (ValueError, KeyError, OSError):
            pass
    offset = st.context.timezone_offset
    if offset is not None and abs(offset) <= WIDEST_OFFSET:
        # The browser's offset is minutes behind UTC (JavaScript's getTimezoneOffset).
        return timezone(-timedelta(minutes=offset))
    return None


def moment_text(moment: datetime) -> str:
    """A saved time to the minute, in the browser's zone (or in UTC, said so)."""
    zone = browser_zone()
    if zone is None:
        return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
    return f"{moment.astimezone(zone):%Y-%m-%d %H:%M}"


def day_text(moment: datetime) -> str:
    """The day of a saved time, in the browser's zone (or in UTC)."""
    return f"{moment.astimezone(browser_zone() or UTC):%Y-%m-%d}"
