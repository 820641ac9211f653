"""Steps a player takes on the page in Chromium, each waiting for the state it needs.

While Streamlit redraws the page it may show a widget's old copy (marked
`data-stale="true"`) beside its new one; only the current one is looked at or clicked.
"""

import re
from urllib.parse import urlencode

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

CLICK_TRIES = 5
HAND_TRIES = 3


def address(url: str, table: str, game_id: str | None = None) -> str:
    """The page's address at `table`'s start page, or at its game `game_id`."""
    query = {"table": table} if game_id is None else {"table": table, "game": game_id}
    return f"{url}/?{urlencode(query)}"


def die_face(page: Page, position: int, value: int) -> Locator:
    """Die `position`'s (from 0) face `value` on its current row."""
    return page.locator(f".st-key-die_{position}:not([data-stale='true'])").get_by_role(
        "radio", name=str(value), exact=True
    )


def choose(page: Page, position: int, value: int) -> None:
    """Click a die's value until the page shows it chosen (see `turn_on`)."""
    turn_on(page, die_face(page, position, value))


def turn_on(page: Page, option: Locator, target: Locator | None = None) -> None:
    """Click `target` (`option` itself when None) until the page shows `option` checked: a
    click that lands while the page redraws itself (as the sync check makes it do) can be
    lost, and a player would simply click again; but only once the page has finished the
    run the click may still be in, since a second click takes the choice back."""
    for _ in range(CLICK_TRIES):
        try:
            if option.is_checked(timeout=10_000):
                return
            (target or option).click(timeout=10_000)
            expect(option).to_be_checked(timeout=5_000)
            return
        except (AssertionError, PlaywrightError):
            expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=60_000)
    expect(option).to_be_checked()


def record_hand(page: Page, hand: list[int], box: str) -> None:
    """Set the dice and click Record beside `box`. A die's click that lands while the page
    redraws for another device's change (or settles on a new replica) can be lost, as the
    page then shows; the dice are then set again, as a player would."""
    button = page.locator(f".st-key-record_{box.lower()} button:visible")
    for _ in range(HAND_TRIES):
        for position, value in enumerate(hand):
            choose(page, position, value)
        try:
            expect(button).to_have_count(1, timeout=10_000)
            break
        except AssertionError:
            continue
    expect(button).to_have_count(1)
    button.click()


def dice_shown(page: Page, count: int = 5) -> list[int]:
    """The values of the game's `count` dice the page shows (0 for a die without one)."""
    values = []
    for position in range(count):
        row = page.locator(f".st-key-die_{position}:not([data-stale='true'])")
        checked = row.get_by_role("radio", checked=True)
        values.append(int(checked.inner_text()) if checked.count() else 0)
    return values


def record_button(page: Page, box: str | None = None) -> Locator:
    """The Record button of `box`, or the first box offered."""
    if box is None:
        return page.locator("[class*='st-key-record_'] button:visible").first
    return page.locator(f".st-key-record_{box} button:visible")


def sheet_cell(page: Page, box: str, column: int = 0) -> Locator:
    """The sheet's cell for `box` (as the sheet names it) in the `column`th player's column."""
    row = page.locator("table tr").filter(has=page.locator("th", has_text=re.compile(f"^{box}$")))
    return row.locator("td").nth(column)


def expect_dice(page: Page, hand: list[int], timeout: float = 30_000) -> None:
    """Wait until the page's five dice show `hand`, in its rows' order."""
    for position, value in enumerate(hand):
        expect(die_face(page, position, value)).to_be_checked(timeout=timeout)
