"""Streamlit entry point: ``streamlit run app.py``."""

from webapp import run

run()
