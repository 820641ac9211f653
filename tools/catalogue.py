"""The message catalogue: every text the page shows, gathered from the code and from the
games' data, and each language's translations kept in step with it.

    python -m tools.catalogue

writes the template (`webapp/locales/messages.pot`) and merges it into every language's
`.po` file: new messages arrive untranslated, changed ones are marked fuzzy for the
translator, and the counts still to do are printed.

The page's own messages are found with Babel, by the gettext functions that mark them.
The refusals it shows are found by class: every call, in any of the packages the project
installs, of `TranslatableError` or a class derived from it, its name followed through
the modules' imports. A refusal whose message is not a plain string (an f-string) cannot
be translated; the command names each one it meets.
"""

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

from scoring import ENGLISH, GAMES
from webapp import (
    BOX_CONTEXT,
    GAME_CONTEXT,
    LANGUAGES,
    LOCALES,
    ROW_CONTEXT,
    SOURCE,
    catalogue_path,
    read_catalogue,
)

ROOT = Path(__file__).parent.parent
# The page's own code, whose messages are marked with the gettext functions.
PAGE = "webapp"
# The class every refusal a page can translate derives from.
REFUSAL = "translatable.TranslatableError"
TEMPLATE = LOCALES / "messages.pot"
BRACES = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Module:
    """One source file of the product: its dotted name, its path from the root, its code."""

    name: str
    path: str
    tree: ast.Module


@dataclass(frozen=True)
class Refusal:
    """Where a refusal is raised, and its message template (None where it is built at run
    time, so that no catalogue can hold it)."""

    path: str
    line: int
    template: str | None


def product_packages() -> list[str]:
    """The top-level packages the project installs (pyproject's setuptools `include`)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        include = tomllib.load(file)["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted(
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if any(fnmatch(path.parent.name, pattern) for pattern in include)
    )


def _modules(packages: list[str]) -> dict[str, Module]:
    """Every module of `packages`, parsed, by dotted name."""
    modules = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            tree = ast.parse(path.read_bytes(), filename=str(path))
            modules[name] = Module(name, path.relative_to(ROOT).as_posix(), tree)
    return modules


def _bindings(module: Module) -> dict[str, str]:
    """The dotted name that each name an import or a class statement binds in `module`
    stands for."""
    is_package = module.path.endswith("__init__.py")
    package = module.name if is_package else module.name.rpartition(".")[0]
    bound = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    bound[top] = top
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.rsplit(".", node.level - 1)[0]
                source = f"{base}.{source}" if source else base
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.ClassDef):
            bound[node.name] = f"{module.name}.{node.name}"
    return bound


def _dotted(node: ast.expr) -> str | None:
    """`a.b.c` for a name or a chain of attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


class Names:
    """The product's names, each followed through imports and re-exports to the module
    that defines it."""

    def __init__(self, modules: dict[str, Module]) -> None:
        self.bindings = {name: _bindings(module) for name, module in modules.items()}

    def defined(self, dotted: str) -> str:
        """Where `dotted` (a name as `module.name.attribute`) is defined: imports followed
        until the name is bound to itself (a class statement) or not bound at all."""
        seen = set()
        while dotted not in seen:
            seen.add(dotted)
            followed = self._followed(dotted)
            if followed is None:
                return dotted
            dotted = followed
        return dotted

    def _followed(self, dotted: str) -> str | None:
        """`dotted` one import further: the name after the longest product module it
        begins with, as that module binds it, and the rest; None where it is not bound."""
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            bound = self.bindings.get(".".join(parts[:cut]))
            if bound is not None:
                target = bound.get(parts[cut])
                return None if target is None else ".".join([target, *parts[cut + 1 :]])
        return None

    def in_module(self, module: Module, node: ast.expr) -> str | None:
        """Where the name or attribute chain `node`, used in `module`, is defined."""
        dotted = _dotted(node)
        return None if dotted is None else self.defined(f"{module.name}.{dotted}")


def refusal_classes(modules: dict[str, Module], names: Names) -> set[str]:
    """The dotted names of `TranslatableError` and of every class derived from it."""
    bases = {
        f"{module.name}.{node.name}": {names.in_module(module, base) for base in node.bases}
        for module in modules.values()
        for node in ast.walk(module.tree)
        if isinstance(node, ast.ClassDef)
    }
    found = {REFUSAL}
    while more := {name for name, of in bases.items() if of & found} - found:
        found |= more
    return found


def _template(call: ast.Call) -> str | None:
    """The template a refusal is built from, where it is a plain string."""
    given = [*call.args[:1], *(k.value for k in call.keywords if k.arg == "template")]
    first = given[0] if given else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def refusals() -> list[Refusal]:
    """Every construction of a refusal in the product's packages, with its template, in
    the order of their files and lines."""
    modules = _modules(product_packages())
    names = Names(modules)
    classes = refusal_classes(modules, names)
    found = (
        Refusal(module.path, node.lineno, _template(node))
        for module in modules.values()
        for node in ast.walk(module.tree)
        if isinstance(node, ast.Call) and names.in_module(module, node.func) in classes
    )
    return sorted(found, key=lambda refusal: (refusal.path, refusal.line))


def _from_data() -> Iterator[tuple[str, str | None]]:
    """(message, context) of the games' names and summaries, which are data, not code."""
    for rules in GAMES.values():
        yield rules.title[ENGLISH], GAME_CONTEXT
        yield rules.summary, None
        for box in rules.boxes:
            yield box.name(ENGLISH), BOX_CONTEXT
        for row in rules.labels:
            yield rules.label(row, ENGLISH), ROW_CONTEXT


def template() -> Catalog:
    """Every message of the page, with where it is used."""
    catalog = Catalog(project="dice-table", locale=None, fuzzy=False)
    for filename, line, message, _comments, context in extract_from_dir(
        ROOT / PAGE, keywords=DEFAULT_KEYWORDS
    ):
        catalog.add(message, locations=[(f"{PAGE}/{filename}", line)], context=context)
    for refusal in refusals():
        if refusal.template is not None:
            catalog.add(refusal.template, locations=[(refusal.path, refusal.line)])
    for message, context in _from_data():
        catalog.add(message, auto_comments=["from the games' data"], context=context)
    for entry in catalog:
        # The page fills its messages with str.format; a "%" is a percent sign.
        entry.flags.discard("python-format")
        if entry.id and BRACES.search(str(entry.id)):
            entry.flags.add("python-brace-format")
    return catalog


def update() -> dict[str, int]:
    """Write the template and merge it into every language; messages left to translate."""
    source = template()
    with TEMPLATE.open("wb") as out:
        write_po(out, source, width=100)
    left = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = catalogue_path(code)
        if path.exists():
            catalog = read_catalogue(code)
            catalog.update(source, update_header_comment=False)
            for entry in catalog:
                kept = source.get(entry.id, entry.context)
                if entry.id and kept is not None:
                    entry.flags = set(kept.flags) | (entry.flags & {"fuzzy"})
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(project="dice-table", locale=code)
            catalog.update(source)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, ignore_obsolete=True)
        left[code] = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
    return left


if __name__ == "__main__":
    for refusal in refusals():
        if refusal.template is None:
            print(
                f"{refusal.path}:{refusal.line}: a refusal built at run time, not from a "
                "template: it is shown untranslated",
                file=sys.stderr,
            )
    for language, count in update().items():
        print(f"{language}: {count} messages to translate")
