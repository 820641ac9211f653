"""The two small networks of the dice reader, defined in PyTorch for training only.

`FaceFinder` maps an image to a heat map of top-face centres and their log sizes at a
quarter of the input resolution; `FaceReader` maps a 32x32 crop around one face to the
six values and a seventh class, "no die face here". Both are exported to ONNX and run
with OpenCV's dnn module (vision.networks).
"""

from __future__ import annotations

import torch
from torch import nn

READER_CLASSES = 7


def conv_bn(
    cin: int, cout: int, kernel: int = 3, stride: int = 1, groups: int = 1
) -> nn.Sequential:
    """Convolution, batch normalisation and ReLU."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel, stride, kernel // 2, groups=groups, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


def separable(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    """Depthwise 3x3 then pointwise 1x1: most of the receptive field for little work."""
    return nn.Sequential(conv_bn(cin, cin, 3, stride, groups=cin), conv_bn(cin, cout, 1))


class FaceFinder(nn.Module):
    """Encoder to 1/16 resolution, decoder back to 1/4 with skips; two output maps."""

    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), separable(16, 32, 2), separable(32, 32))
        self.down8 = nn.Sequential(separable(32, 64, 2), separable(64, 64))
        self.down16 = nn.Sequential(separable(64, 128, 2), separable(128, 128), separable(128, 128))
        self.lift16 = conv_bn(128, 64, 1)
        self.mix8 = separable(64, 64)
        self.lift8 = conv_bn(64, 32, 1)
        self.mix4 = separable(32, 32)
        self.head = nn.Sequential(separable(32, 32), nn.Conv2d(32, 2, 1))
        # Start from "few dice, about 30 pixels across" rather than from noise.
        self.head[1].bias.data[:] = torch.tensor([-2.2, 3.4])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x4 = self.stem(x)
        x8 = self.down8(x4)
        x16 = self.down16(x8)
        up8 = nn.functional.interpolate(self.lift16(x16), scale_factor=2.0, mode="nearest")
        y8 = self.mix8(x8 + up8)
        up4 = nn.functional.interpolate(self.lift8(y8), scale_factor=2.0, mode="nearest")
        y4 = self.mix4(x4 + up4)
        return self.head(y4)


class FaceReader(nn.Module):
    """A small classifier of one face crop into the values 1..6 (outputs 0..5) or no face (6)."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 24),
            conv_bn(24, 24),
            nn.MaxPool2d(2),
            conv_bn(24, 48),
            conv_bn(48, 48),
            nn.MaxPool2d(2),
            conv_bn(48, 64),
            conv_bn(64, 64),
            nn.MaxPool2d(2),
            conv_bn(64, 96),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classify = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(96, READER_CLASSES))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classify(self.features(x))
