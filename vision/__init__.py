"""Read six-sided pip dice from camera frames and photos with OpenCV.

`read_dice(image)` returns a `Reading` whose `dice` are `Die(value, box, confidence)`
in image pixels, in reading order (rows top to bottom, left to right within a row; see
`vision.reading.reading_order`); `annotate(image, reading)` draws it.

How it reads (vision.reader): a small fully convolutional network (vision.finder) marks
the centre and size of every top face on a working image of 512 pixels and on one 2.5
times coarser (for very large dice), and looks again at a better scale when the dice are
very small or large for it. A second network (vision.values) reads each face from a
32-pixel crop of the full-resolution image, again mirrored when it is unsure, as one
of the six pip layouts or "no die face". A die's confidence is a logistic
calibration of the two networks' beliefs fitted on the tune photos (vision.confidence),
moved by the rest of the photo: the sure dice's size at the face's height, and no die
inside another (vision.scene).
Both networks are trained by `python -m training` from the tune split of the shared
photos, stored as ONNX in vision/models and run with OpenCV's dnn module
(vision.networks).

`decode_image(data)` turns the bytes of a JPEG, PNG or WebP file into pixels, checking
the size its header claims before decoding (vision.decode).

Command line: `python -m vision IMAGE... [--json]`. The accuracy and speed tables come from
the developers' `python -m tools.vision_evaluate DIR` and `python -m tools.vision_benchmark`.

Below the reader's own names, the face also gives what the training (`training/`) and
the developers' tools build on: the photo sets' labels and split, the networks' files and
inputs, the finder's and the reader's steps, the calibration and the scoring of a reading
against its labels.
"""

from vision.confidence import CALIBRATION_FILE, Calibration, SceneCalibration, log_odds
from vision.decode import LARGEST_FILE, PHOTO_SUFFIXES, decode_image
from vision.drawing import annotate
from vision.drawn import draw_die
from vision.finder import Spot, find_faces
from vision.labels import SPLITS, Label, load_labels, photo_paths, read_photo
from vision.metrics import PhotoScore, match_dice, score_photo, summarise
from vision.moves import unmoved
from vision.networks import FINDER_FILE, FINDER_STRIDE, MODEL_DIR, READER_FILE
from vision.reader import MAX_READ, box_of, candidates, read_dice
from vision.reading import Die, InvalidImageError, Reading
from vision.scene import SURE_DIE, Candidate, size_gaps
from vision.values import READER_INPUT, face_crop

__all__ = [
    "CALIBRATION_FILE",
    "FINDER_FILE",
    "FINDER_STRIDE",
    "LARGEST_FILE",
    "MAX_READ",
    "MODEL_DIR",
    "PHOTO_SUFFIXES",
    "READER_FILE",
    "READER_INPUT",
    "SPLITS",
    "SURE_DIE",
    "Calibration",
    "Candidate",
    "Die",
    "InvalidImageError",
    "Label",
    "PhotoScore",
    "Reading",
    "SceneCalibration",
    "Spot",
    "annotate",
    "box_of",
    "candidates",
    "decode_image",
    "draw_die",
    "face_crop",
    "find_faces",
    "load_labels",
    "log_odds",
    "match_dice",
    "photo_paths",
    "read_dice",
    "read_photo",
    "score_photo",
    "size_gaps",
    "summarise",
    "unmoved",
]
