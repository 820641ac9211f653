"""The two small networks of the dice reader, defined in PyTorch for training only.

`FaceFinder` maps an image to a heat map of top-face centres and their log sizes at a
quarter of the input resolution; `FaceReader` maps a 32x32 crop around one face to the
six values and a seventh class, "no die face here". Both are exported to ONNX and run
with OpenCV's dnn module (vision.networks).
"""

from __future__ import annotations

from pathlib import Path

import onnx
import torch
from onnx import numpy_helper
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


# torch is an optional extra: absent when type-checking, nn.Module is Any (hence the ignore);
# installed, the ignore is unused, which is allowed.
class FaceFinder(nn.Module):  # type: ignore[misc,unused-ignore]
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


# torch is an optional extra: absent when type-checking, nn.Module is Any (hence the ignore);
# installed, the ignore is unused, which is allowed.
class FaceReader(nn.Module):  # type: ignore[misc,unused-ignore]
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


def load_onnx_weights(model: nn.Module, path: Path, sample: torch.Tensor) -> nn.Module:
    """Start `model` from a network it exported to ONNX (vision/models), which holds each
    convolution with its batch normalisation folded in.

    The folded weights go into the convolutions; each batch normalisation is then set
    from the statistics of `sample` so that in evaluation the model computes what the
    ONNX network computes, and in training it starts close to that.
    """
    graph = onnx.load(str(path)).graph
    arrays = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    folded = [
        [torch.from_numpy(arrays[name].copy()) for name in node.input[1:]]
        for node in graph.node
        if node.op_type in ("Conv", "Gemm")
    ]
    modules = list(model.modules())
    following = [*modules[1:], None]
    layers = [
        (m, after if isinstance(after, nn.BatchNorm2d) else None)
        for m, after in zip(modules, following, strict=True)
        if isinstance(m, nn.Conv2d | nn.Linear)
    ]
    if len(layers) != len(folded):
        raise ValueError(f"{path} has {len(folded)} layers, the model {len(layers)}")
    biases: dict[nn.Module, torch.Tensor] = {}
    with torch.no_grad():
        for (layer, norm), (weight, *bias) in zip(layers, folded, strict=True):
            layer.weight.copy_(weight)
            if norm is None:
                layer.bias.copy_(bias[0])
                continue
            biases[norm] = bias[0]
            norm.weight.fill_(1.0)
            norm.bias.copy_(bias[0])
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
    seen: dict[nn.Module, tuple[torch.Tensor, torch.Tensor]] = {}

    def record(norm: nn.Module, inputs: tuple[torch.Tensor], _output: torch.Tensor) -> None:
        seen[norm] = (inputs[0].mean((0, 2, 3)), inputs[0].var((0, 2, 3), unbiased=False))

    hooks = [norm.register_forward_hook(record) for norm in biases]
    model.eval()
    with torch.no_grad():
        model(sample)
        for hook in hooks:
            hook.remove()
        for norm, bias in biases.items():
            mean, var = seen[norm]
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(var)
            norm.weight.copy_(torch.sqrt(var + norm.eps))
            norm.bias.copy_(mean + bias)
    return model
