"""A markup-free view of a text with an offset map back into the original.

Abstracts carry Markdown and LaTeX emphasis (``**RO**bust``, ``$\\textit{TEDUO}$``). Extractors
match on the clean view and report offsets into the original through :meth:`View.span`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# LaTeX text-style commands whose argument is kept (one list for the whole project).
LATEX_TEXT_COMMANDS = ("textit", "textbf", "emph", "mathrm", "mathbf", "mathcal", "texttt", "text",
                       "textsc", "underline", "mathsf", "mathtt", "mathit", "textrm", "textsf",
                       "boldsymbol", "bm", "mbox", "operatorname", "textsl", "textup",
                       "textnormal")
LATEX_COMMAND = r"\\(?:" + "|".join(LATEX_TEXT_COMMANDS) + r")"

_MARKUP = re.compile(
    LATEX_COMMAND + r"\s*\{"
    r"|\\(?=[%_$&#])|\*\*?|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|[$`{}]"
)
MARKUP_CHARS = frozenset("*_$`{}\\")


@dataclass(frozen=True)
class View:
    """A markup-free copy of a text and, per character, its offset in the original."""

    text: str
    offsets: tuple[int, ...] | None  # None: identical to the original

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Offsets in the original text of the clean span ``[start, end)``."""
        if self.offsets is None:
            return start, end
        return self.offsets[start], self.offsets[end - 1] + 1


def clean_view(text: str) -> View:
    """Strip Markdown/LaTeX emphasis from ``text``, keeping a map back to its offsets."""
    if not any(c in text for c in MARKUP_CHARS):  # a substring search per character: fast
        return View(text, None)
    parts: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _MARKUP.finditer(text):
        if m.start() > pos:
            parts.append(text[pos : m.start()])
            offsets.extend(range(pos, m.start()))
        pos = m.end()
    parts.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    return View("".join(parts), tuple(offsets))


