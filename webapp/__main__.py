"""`python -m webapp`: start the page with Streamlit, from a checkout or a plain install.

Before the server listens, it imports what a game's page needs and starts solving the
advisor's tables in the background, so its first visitors wait for neither.
"""

import sys
from pathlib import Path

from streamlit.web import cli

# Imported now rather than on the first visit to a game.
from webapp import ahead, game_page  # noqa: F401

PAGE = Path(__file__).resolve().parent / "page.py"


def main() -> None:
    """Run `streamlit run` on the page, passing on any further Streamlit options."""
    ahead.start()
    # As in the checkout's .streamlit/config.toml, which an install does not carry.
    sys.argv = ["streamlit", "run", str(PAGE), "--runner.postScriptGC", "false", *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
