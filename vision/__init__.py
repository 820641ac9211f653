"""Read six-sided pip dice from camera frames and photos with OpenCV.

`read_dice(image)` returns a `Reading` whose `dice` are `Die(value, box, confidence)`
in image pixels, in reading order (rows top to bottom, left to right within a row; see
`vision.reading.reading_order`); `annotate(image, reading)` draws it.

How it reads, at working scales chosen from the content (vision.reader):
pip candidates are found as round marks that contrast with a plain ring of face
(vision.pips), grouped into faces by size, face colour and seams (vision.grouping),
and each group, or each die-like patch unlike the table (vision.regions), seeds a
two-colour segmentation of one face (vision.facemask). The face's own pips are matched
to the six 3x3 layouts, rotated with the face (vision.layout), which gives the value;
confidence comes from the layout fit, pip sizes and spacing, and the face outline
(vision.faces).

Command lines: `python -m vision IMAGE... [--json]`, `python -m vision.evaluate DIR`,
`python -m vision.benchmark`.
"""

from vision.annotate import annotate
from vision.reader import read_dice
from vision.reading import Die, InvalidImageError, Reading

__all__ = ["Die", "InvalidImageError", "Reading", "annotate", "read_dice"]
