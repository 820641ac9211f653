"""Training of the dice reader's two networks (needs PyTorch: `pip install -e '.[train]'`).

    python -m training finder --data ../shared/datasets
    python -m training reader --data ../shared/datasets
    python -m training.calibrate --data ../shared/datasets

Each command writes into vision/models: the finder or reader network as ONNX, or the
confidence calibration fitted with the networks in place (run it after either). Only
the tune split of each data set is used (vision.photo_paths); the held-out
photos stay unseen for the figures in the README.
"""
