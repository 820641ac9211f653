"""The page as a Streamlit script for `python -m webapp` (a checkout runs app.py, the same)."""

from webapp import run

run()
