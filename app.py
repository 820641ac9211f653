"""Streamlit entry point: ``streamlit run app.py``."""

from webapp.main import run

run()
