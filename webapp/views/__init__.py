"""The parts of the page, one module each; a view draws its part and never imports another."""
