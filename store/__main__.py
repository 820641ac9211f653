"""`python -m store tables [--db ADDRESS]`: every table with games and its link, for the
server's owner (games saved before there were tables are all at one of them)."""

import argparse
import sys

from store.errors import StoreError
from store.opening import open_store


def main(argv: list[str] | None = None) -> int:
    """List the tables of the store at `--db` (default: $DICE_TABLE_DB); 1 on failure."""
    parser = argparse.ArgumentParser(prog="python -m store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    tables = commands.add_parser("tables", help="list every table with games, and its link")
    tables.add_argument(
        "--db", help="an SQLite file or postgresql:// URL (default: $DICE_TABLE_DB)"
    )
    args = parser.parse_args(argv)
    store = open_store(args.db)
    try:
        listed = store.tables()
    except StoreError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()
    for table, count in listed:
        games = "1 game" if count == 1 else f"{count} games"
        print(f"{games:>12}  ?table={table}")
    if not listed:
        print("no games saved yet")
    return 0


if __name__ == "__main__":
    sys.exit(main())
