"""Real photos of dice to try the reader and the page without a camera (see README.md).

They ship with the package, so a plain install finds them too.
"""

from pathlib import Path

from vision import PHOTO_SUFFIXES

FOLDER = Path(__file__).resolve().parent


def photos() -> list[Path]:
    """The sample photos, by name."""
    return sorted(p for p in FOLDER.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
