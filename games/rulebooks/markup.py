"""Rulebook Markdown: cutting a page into sections, rendering it to safe HTML, folding text.

A page is ``# Title``, an introduction, then sections that each start with
``## Heading {#anchor}``. Anchors are lower-case words joined by hyphens and are the same in
every language. In the HTML every id carries ``DOM_PREFIX`` (``rule-``) and in-page links are
rewritten to match, so ``[the two-card rule](#two-card-rule)`` keeps working and no rulebook
text can take over an id of the site's own page.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import nh3
from django.utils.translation import gettext as _
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import OptionsDict
from mdit_py_plugins.anchors import anchors_plugin

from games.rulebooks.models import DOM_PREFIX

ANCHOR = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
ANCHOR_MAX_LENGTH = 60
TITLE_MAX_LENGTH = 200

_PAGE_TITLE = re.compile(r" {0,3}#[ \t]+(?P<title>\S.*?)[ \t]*\Z")
_SECTION_HEADING = re.compile(
    r" {0,3}##[ \t]+(?P<title>\S.*?)[ \t]+\{#(?P<anchor>[^{}]*)\}[ \t]*\Z"
)
_ANY_H2 = re.compile(r" {0,3}##(?:[ \t]|\Z)")
_FENCE = re.compile(r" {0,3}(?P<fence>`{3,}|~{3,})")
_EXPLICIT_ID = re.compile(r"[ \t]*\{#(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)\}[ \t]*\Z")


class PageFormatError(ValueError):
    """The Markdown cannot be cut into a title and sections; the message says where and why."""


@dataclass(frozen=True)
class ParsedSection:
    anchor: str
    title: str
    markdown: str


@dataclass(frozen=True)
class ParsedPage:
    title: str
    intro: str
    sections: tuple[ParsedSection, ...]

    def section(self, anchor: str) -> ParsedSection | None:
        return next((s for s in self.sections if s.anchor == anchor), None)


def normalise(markdown: str) -> str:
    """Unix line ends (browsers send CRLF), no blank lines around, one final newline."""
    return markdown.replace("\r\n", "\n").replace("\r", "\n").strip("\n").rstrip() + "\n"


def parse_page(markdown: str) -> ParsedPage:
    """Cut ``markdown`` into its title, introduction and sections; ``PageFormatError`` if bad."""
    lines = normalise(markdown).split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    title_match = _PAGE_TITLE.match(lines[first]) if first is not None else None
    if first is None or title_match is None:
        raise PageFormatError(_("The first line must be the page title, like “# Richelieu”."))
    if len(title_match["title"]) > TITLE_MAX_LENGTH:
        raise PageFormatError(
            _("The page title may have at most %(max)d characters.") % {"max": TITLE_MAX_LENGTH}
        )
    starts = _section_starts(lines)
    if not starts:
        raise PageFormatError(_("The page needs at least one section, like “## Setup {#setup}”."))
    sections = []
    seen: set[str] = set()
    for index, (line_number, anchor, title) in enumerate(starts):
        if anchor in seen:
            raise PageFormatError(
                _("Line %(line)d: the anchor “%(anchor)s” is used twice.")
                % {"line": line_number + 1, "anchor": anchor}
            )
        seen.add(anchor)
        end = starts[index + 1][0] if index + 1 < len(starts) else len(lines)
        body = "\n".join(lines[line_number:end]).rstrip()
        sections.append(ParsedSection(anchor=anchor, title=title, markdown=body))
    intro = "\n".join(lines[first + 1 : starts[0][0]]).strip("\n").rstrip()
    return ParsedPage(title=title_match["title"], intro=intro, sections=tuple(sections))


def _section_starts(lines: Sequence[str]) -> list[tuple[int, str, str]]:
    """(line index, anchor, title) of every section heading outside fenced code."""
    starts = []
    fence = ""
    for number, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence:
            if opening and opening["fence"][0] == fence[0] and len(opening["fence"]) >= len(fence):
                fence = ""
            continue
        if opening:
            fence = opening["fence"]
            continue
        if not _ANY_H2.match(line):
            continue
        heading = _SECTION_HEADING.match(line)
        if heading is None:
            raise PageFormatError(
                _("Line %(line)d: a section heading needs an anchor, like “## Setup {#setup}”.")
                % {"line": number + 1}
            )
        anchor, title = heading["anchor"], heading["title"]
        if not ANCHOR.match(anchor) or len(anchor) > ANCHOR_MAX_LENGTH:
            raise PageFormatError(
                _(
                    "Line %(line)d: an anchor is made of lower-case letters, digits and "
                    "hyphens (at most %(max)d), like “two-card-rule”."
                )
                % {"line": number + 1, "max": ANCHOR_MAX_LENGTH}
            )
        if len(title) > TITLE_MAX_LENGTH:
            raise PageFormatError(
                _("Line %(line)d: a section title may have at most %(max)d characters.")
                % {"line": number + 1, "max": TITLE_MAX_LENGTH}
            )
        starts.append((number, anchor, title))
    return starts


def join_page(title: str, intro: str, sections: Sequence[str]) -> str:
    """The page's Markdown from its parts (the inverse of ``parse_page``)."""
    parts = [f"# {title}", intro, *sections]
    return normalise("\n\n".join(part for part in parts if part))


# Rendering ---------------------------------------------------------------------------------


def _explicit_heading_ids(state: StateCore) -> None:
    """``## Title {#anchor}`` becomes ``<h2 id="rule-anchor">Title</h2>``."""
    for index, token in enumerate(state.tokens):
        if token.type != "heading_open":
            continue
        inline = state.tokens[index + 1]
        children = inline.children or []
        last = children[-1] if children else None
        match = _EXPLICIT_ID.search(last.content) if last and last.type == "text" else None
        if last is None or match is None:
            continue
        last.content = last.content[: match.start()]
        inline.content = _EXPLICIT_ID.sub("", inline.content)
        token.attrSet("id", DOM_PREFIX + match["anchor"])
        token.meta["explicit_id"] = True


def _prefix_generated_ids(state: StateCore) -> None:
    """Ids the anchors plugin made up for other headings get the prefix and the section."""
    scope = state.env.get("section") or "intro"
    for token in state.tokens:
        if token.type == "heading_open" and not token.meta.get("explicit_id"):
            slug = str(token.attrGet("id") or "")
            if slug:
                token.attrSet("id", f"{DOM_PREFIX}{scope}-{slug}")


# A table too wide for a phone (this many columns, or three with a long cell) would scroll
# sideways there: each of its rows is shown as a card instead, each cell under its column's name
# (rulebooks.css).
STACKED_COLUMNS = 4
LONG_CELL = 40


def _inline_text(token: Token) -> str:
    return "".join(child.content for child in token.children or () if child.content)


def _label_wide_tables(state: StateCore) -> None:
    """Each cell of a wide table is labelled with its column's heading, for the phone's cards."""
    tokens = state.tokens
    for start, table in enumerate(tokens):
        if table.type != "table_open":
            continue
        end = next(i for i in range(start, len(tokens)) if tokens[i].type == "table_close")
        cells = range(start, end)
        headings = [_inline_text(tokens[i + 1]) for i in cells if tokens[i].type == "th_open"]
        longest = max(len(_inline_text(tokens[i])) for i in cells if tokens[i].type == "inline")
        if len(headings) < STACKED_COLUMNS and (len(headings) < 3 or longest <= LONG_CELL):
            continue
        table.attrSet("class", "stacked")
        column = 0
        for token in tokens[start:end]:
            if token.type == "tr_open":
                column = 0
            elif token.type == "td_open":
                if column < len(headings):
                    token.attrSet("data-label", headings[column])
                column += 1


def _rewrite_links_and_alignment(state: StateCore) -> None:
    """In-page links follow the prefixed ids; table alignment becomes a class (no inline CSS);
    a table may scroll sideways on a phone, so it takes the keyboard focus to be scrolled."""
    for token in state.tokens:
        if token.type == "table_open":
            token.attrSet("tabindex", "0")
        if token.type in ("th_open", "td_open"):
            style = str(token.attrGet("style") or "")
            if style.startswith("text-align:"):
                token.attrs.pop("style", None)
                token.attrSet("class", "align-" + style.removeprefix("text-align:"))
        for child in token.children or ():
            href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
            if href.startswith("#") and not href.startswith("#" + DOM_PREFIX) and len(href) > 1:
                child.attrSet("href", "#" + DOM_PREFIX + href[1:])


def _image_as_text(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    """Images are not shown (the content security policy blocks other sites anyway): alt text."""
    alt = self.renderInlineAsText(tokens[idx].children or [], options, env)
    return html.escape(alt)


@cache
def _markdown() -> MarkdownIt:
    # "js-default": raw HTML off, tables and strikethrough on, unsafe link schemes refused.
    md = MarkdownIt("js-default", {"html": False})
    md.core.ruler.after("inline", "rule_explicit_ids", _explicit_heading_ids)
    anchors_plugin(md, min_level=2, max_level=6)
    md.core.ruler.push("rule_prefix_ids", _prefix_generated_ids)
    md.core.ruler.push("rule_links", _rewrite_links_and_alignment)
    md.core.ruler.push("rule_table_labels", _label_wide_tables)
    md.add_render_rule("image", _image_as_text)
    return md


ALLOWED_TAGS = {
    "p", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "s", "code", "pre",
    "blockquote", "hr", "br", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "ol": {"start"},
    "table": {"tabindex", "class"},
    "th": {"class"},
    "td": {"class", "data-label"},
    **{f"h{level}": {"id"} for level in range(2, 7)},
}
ALIGNMENT_CLASSES = {"align-left", "align-center", "align-right"}
LINK_PREFIXES = ("#", "http://", "https://", "mailto:")


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    if attribute == "id":
        return value if value.startswith(DOM_PREFIX) else None
    if attribute == "href":
        return value if value.lower().startswith(LINK_PREFIXES) else None
    if attribute == "class":
        return value if value in (ALIGNMENT_CLASSES if tag != "table" else {"stacked"}) else None
    if attribute == "tabindex":
        return value if value == "0" else None
    if attribute == "start":
        return value if value.isdigit() and len(value) < 7 else None
    return value


def sanitise(fragment: str) -> str:
    """Only the tags and attributes the renderer makes; links to http(s), mailto or ``#``."""
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        attribute_filter=_keep_attribute,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def render(markdown: str, section: str = "") -> str:
    """Safe HTML for ``markdown``; ``section`` scopes the ids made up for unanchored headings."""
    return sanitise(_markdown().render(markdown, {"section": section}))


def plain_text(fragment: str) -> str:
    """The text of an HTML fragment, for search and snippets."""
    text = html.unescape(nh3.clean(fragment, tags=set()))
    return re.sub(r"[ \t]*\n\s*", "\n", text).strip()


# Folding for accent-insensitive comparison -----------------------------------------------------


# The Unicode blocks of combining marks (accents and the like), once letters are decomposed.
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Lower case without accents: "Preparación" → "preparacion"."""
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text)).casefold()


def fold_with_positions(text: str) -> tuple[str, list[int]]:
    """``fold(text)`` and, for each of its characters, the index of the original character."""
    folded: list[str] = []
    positions: list[int] = []
    for index, character in enumerate(text):
        piece = fold(character)
        folded.append(piece)
        positions.extend([index] * len(piece))
    return "".join(folded), positions
