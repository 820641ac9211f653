"""Who is who across a table's games: names matched as the page shows them (the name
check's `name_key`), and the names a table has renamed or merged into another."""

from collections.abc import Mapping

from scoring import name_key


class Names:
    """A table's names counted as others: each name key, and the name it counts as. A name
    counted as a name that is itself counted as another follows on to that one."""

    def __init__(self, counted_as: Mapping[str, str]) -> None:
        self._as = dict(counted_as)

    def shown(self, name: str) -> str:
        """The name the statistics show for a player named `name` in a game record."""
        seen: set[str] = set()
        while (key := name_key(name)) in self._as and key not in seen:
            seen.add(key)
            name = self._as[key]
        return name

    def identity(self, name: str) -> str:
        """What tells the player named `name` apart from the table's other players."""
        return name_key(self.shown(name))


def renaming(names: Names, old: str, new: str) -> list[tuple[str, str | None]]:
    """The changes (name key, name it counts as, or None for itself again) that make the
    player shown as `old` count as `new`: a new name renames them, a name another player
    goes by merges them into that player. Naming a player back to a name that counts as
    them turns the two round, so that no chain of names runs in a loop."""
    target = names.shown(new)
    if name_key(target) == name_key(old) and name_key(new) != name_key(old):
        return [(name_key(new), None), (name_key(old), new)]
    return [(name_key(old), target)]
