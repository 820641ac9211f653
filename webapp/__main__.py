"""`python -m webapp`: start the page with Streamlit, from a checkout or a plain install.

As the server starts, it settles the memory allocator (`webapp.server.memory`), imports
what the pages need and starts solving the advisor's tables in the background
(`webapp.server.warming`), so its first visitors wait for neither.
"""

import sys
from pathlib import Path

from streamlit.web import cli

from vision import LARGEST_FILE
from webapp.server import settle_allocator, warm_up

PAGE = Path(__file__).resolve().parent / "page.py"
# The server's options, as in the checkout's .streamlit/config.toml (which an install does
# not carry): uploads no larger than a photo the reader takes, websocket messages bounded
# well below Streamlit's 200 MB (a browser's to 2 MB: a live frame is under 1 MB), a page
# that tells no outside host of its visits, the viewer's toolbar, no exception details
# shown to visitors (the server's paths are in a traceback), no CSV export from
# Streamlit's own tables (a player named "=1+1" becomes a spreadsheet formula there), no
# full garbage collection after every script run (80 ms a run here), and a browser's rerun
# requests merged into its running script run rather than each starting a run of its own
# (`webapp.server.pacing`).
SERVER_OPTIONS = {
    "server.maxUploadSize": LARGEST_FILE // 2**20,
    "server.maxMessageSize": 8,
    "server.maxWidgetStateSize": 2,
    "browser.gatherUsageStats": False,
    "client.toolbarMode": "viewer",
    "client.showErrorDetails": "none",
    "client.disableDataExport": True,
    "runner.postScriptGC": False,
    "runner.fastReruns": False,
}


def main() -> None:
    """Run `streamlit run` on the page, passing on any further Streamlit options."""
    settle_allocator()
    warm_up()
    options = [f"--{name}={str(value).lower()}" for name, value in SERVER_OPTIONS.items()]
    sys.argv = ["streamlit", "run", str(PAGE), *options, *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
