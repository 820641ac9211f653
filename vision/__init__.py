"""Read six-sided pip dice from camera frames and photos with OpenCV.

`read_dice(image)` returns a `Reading` whose `dice` are `Die(value, box, confidence)`
in image pixels, in reading order (rows top to bottom, left to right within a row; see
`vision.reading.reading_order`); `annotate(image, reading)` draws it.

How it reads (vision.reader): a small fully convolutional network (vision.finder) marks
the centre and size of every top face on a working image of 640 pixels and on one 2.5
times coarser (for very large dice), and looks again at a better scale when the dice are
very small or large for it. A second network (vision.values) reads each face from a
32-pixel crop of the full-resolution image, again mirrored when it is unsure, as one
of the six pip layouts or "no die face". A die's confidence is a logistic
calibration of the two networks' beliefs fitted on the tune photos (vision.confidence).
Both networks are trained by `python -m training` from the tune split of the shared
photos, stored as ONNX in vision/models and run with OpenCV's dnn module
(vision.networks).

`decode_image(data)` turns the bytes of a JPEG, PNG or WebP file into pixels, checking
the size its header claims before decoding (vision.decode).

Command lines: `python -m vision IMAGE... [--json]`, `python -m vision.evaluate DIR`,
`python -m vision.benchmark`.
"""

from vision.annotate import annotate
from vision.decode import decode_image
from vision.reader import read_dice
from vision.reading import Die, InvalidImageError, Reading

__all__ = ["Die", "InvalidImageError", "Reading", "annotate", "decode_image", "read_dice"]
