"""A player is the same person across a table's games: names matched as the page shows
them, renamed and merged for the statistics by the changes `renaming` gives."""

from player_stats import Names, renaming


def _after(counted: dict[str, str], old: str, new: str) -> Names:
    names = Names(counted)
    for key, shown in renaming(names, old, new):
        if shown is None:
            counted.pop(key, None)
        else:
            counted[key] = shown
    return Names(counted)


def test_statistics_names_that_look_alike_are_one_player() -> None:
    names = Names({})
    assert names.identity("Ann Lee") == names.identity("ann  lee") == names.identity("\uff21nn LEE")
    assert names.identity("Ann") != names.identity("Anna")


def test_statistics_a_rename_carries_the_names_merged_into_the_player() -> None:
    counted: dict[str, str] = {}
    names = _after(counted, "Annie", "Ann")
    assert names.shown("annie") == "Ann"
    names = _after(counted, "Ann", "Anna")
    assert names.shown("Annie") == names.shown("ann") == "Anna"
    assert names.identity("Annie") == names.identity("Anna")


def test_statistics_naming_a_player_back_turns_the_names_round() -> None:
    counted: dict[str, str] = {}
    _after(counted, "Ann", "Anna")
    names = _after(counted, "Anna", "Ann")
    assert names.shown("Anna") == names.shown("Ann") == "Ann"


def test_statistics_merging_into_a_merged_name_goes_to_where_it_counts() -> None:
    counted: dict[str, str] = {}
    _after(counted, "Bob", "Robert")
    names = _after(counted, "Bobby", "Bob")
    assert names.shown("Bobby") == "Robert"
    assert Names({"a": "b", "b": "a"}).shown("a") in ("a", "b"), "a loop still ends"
