"""`python -m webapp`: start the page with Streamlit, from a checkout or a plain install."""

import sys
from pathlib import Path

from streamlit.web import cli

PAGE = Path(__file__).resolve().parent / "page.py"


def main() -> None:
    """Run `streamlit run` on the page, passing on any further Streamlit options."""
    sys.argv = ["streamlit", "run", str(PAGE), *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
