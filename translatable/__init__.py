"""Errors whose message a page can show in its visitors' language.

The rules engine and the photo reader explain a refusal in English, as their command
lines print it. They raise it from a message template and the values that fill it, and
keep both, so a page can look the template up in its own catalogue and fill it in.
"""

__all__ = ["TranslatableError"]


class TranslatableError(ValueError):
    """A refusal whose message is `template` with `values` filled in (str.format)."""

    def __init__(self, template: str, **values: object) -> None:
        super().__init__(template.format(**values) if values else template)
        self.template = template
        self.values = values
