"""Developers' commands: benchmarks, measurements and the message catalogue, not installed
with the product."""
