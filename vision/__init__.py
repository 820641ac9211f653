"""Read six-sided pip dice from camera frames and photos with OpenCV.

`read_dice(image)` returns a `Reading` whose `dice` are `Die(value, box, confidence)`
in reading order; `annotate(image, reading)` draws it.
"""

from vision.annotate import annotate
from vision.reader import read_dice
from vision.reading import Die, InvalidImageError, Reading

__all__ = ["Die", "InvalidImageError", "Reading", "annotate", "read_dice"]
