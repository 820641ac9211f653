"""`python -m webapp`: start the page with Streamlit, from a checkout or a plain install.

As the server starts, it imports what the pages need and starts solving the advisor's
tables in the background (`webapp.warm_up`), so its first visitors wait for neither.
"""

import sys
from pathlib import Path

from streamlit.web import cli

from webapp.warm_up import warm_up

PAGE = Path(__file__).resolve().parent / "page.py"


def main() -> None:
    """Run `streamlit run` on the page, passing on any further Streamlit options."""
    warm_up()
    # As in the checkout's .streamlit/config.toml, which an install does not carry.
    sys.argv = ["streamlit", "run", str(PAGE), "--runner.postScriptGC", "false", *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
