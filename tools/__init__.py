"""Developers' commands: benchmarks and measurements, not installed with the product."""
