"""Errors whose message a page can show in its visitors' language.

The rules engine and the photo reader explain a refusal in English, as their command
lines print it. They raise it from a message template and the values that fill it, and
keep both, so a page can look the template up in its own catalogue and fill it in.
"""

__all__ = ["TranslatableError"]


class TranslatableError(ValueError):
    """A refusal whose message is `template` with `values` filled in (str.format)."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(self.filled(template))

    def filled(self, template: str) -> str:
        """`template`, this error's own or a translation of it, filled with its values
        (a template without values is shown as it is, braces and all)."""
        return template.format(**self.values) if self.values else template
