"""The Streamlit page: joins `vision`, `scoring` and `store`; holds no rules of its own."""
