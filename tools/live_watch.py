"""Watching a live turn from inside the page: when each scene came to rest, when its dice
showed and when the roll number moved on, and how many clicks the player made.

`WATCH` is a script for `page.add_init_script`; `timings(page)` reads what it noted.
"""

from dataclasses import dataclass
from itertools import pairwise

from playwright.sync_api import Page

# Notes the page's trusted clicks, and when the dice, the roll number and the camera's
# last sent scene change (the camera's root lives in its component's shadow root).
WATCH = """
window.clicks = 0;
window.seen = { sent: [], dice: [], roll: [] };
document.addEventListener("click", (event) => { if (event.isTrusted) window.clicks += 1; }, true);
const noteChange = (list, value) => {
  if (value && (list.length === 0 || list[list.length - 1][0] !== value)) {
    list.push([value, performance.now()]);
  }
};
const watch = () => {
  const dice = [0, 1, 2, 3, 4].map((i) => {
    const face = document.querySelector(
      `.st-key-die_${i}:not([data-stale=true]) [role=radio][aria-checked=true]`
    );
    return face ? face.innerText.trim() : "";
  });
  if (!dice.includes("")) noteChange(window.seen.dice, dice.join(" "));
  const roll = document.querySelector(
    ".st-key-roll:not([data-stale=true]) [role=radio][aria-checked=true]"
  );
  noteChange(window.seen.roll, roll && roll.innerText.trim());
  if (!window.cameraWatched) {
    const host = [...document.querySelectorAll("*")].find(
      (e) => e.shadowRoot && e.shadowRoot.querySelector(".live-camera")
    );
    const camera = host && host.shadowRoot.querySelector(".live-camera");
    if (camera) {
      window.cameraWatched = true;
      new MutationObserver(() => noteChange(window.seen.sent, camera.dataset.sent))
        .observe(camera, { attributes: true });
    }
  }
};
new MutationObserver(watch)
  .observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
"""


@dataclass(frozen=True)
class Timings:
    """Milliseconds from the scene at rest to its dice on the page (each time all five
    changed), and to the roll number moving on (1 to 2, 2 to 3); the player's clicks."""

    to_dice: list[float]
    to_roll: list[float]
    clicks: int


def _since_rest(rests: list[float], at: float) -> float | None:
    """Milliseconds from the last rest before `at` to `at`."""
    before = [rest for rest in rests if rest < at]
    return at - max(before) if before else None


def timings(page: Page) -> Timings:
    """What `WATCH` noted so far."""
    seen = page.evaluate("window.seen")
    rests = [float(value) for value, _ in seen["sent"]]
    dice = [_since_rest(rests, at) for _, at in seen["dice"]]
    rolls = seen["roll"]
    advanced = [
        _since_rest(rests, at)
        for (before, _), (roll, at) in pairwise(rolls)
        if int(roll) == int(before) + 1
    ]
    return Timings(
        [ms for ms in dice if ms is not None],
        [ms for ms in advanced if ms is not None],
        page.evaluate("window.clicks"),
    )
