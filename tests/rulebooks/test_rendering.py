"""Rendering: prefixed anchors, working in-page links, tables, and content that cannot attack."""

import re
from html.parser import HTMLParser

import pytest
from django.utils.html import escape

from games.rulebooks.markup import parse_page, render
from games.rulebooks.models import Rulebook, Section

# What rulebook HTML may contain, written out here on purpose (not imported from the code).
SAFE_TAGS = {
    "p", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "s", "code", "pre",
    "blockquote", "hr", "br", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
SAFE_LINK = re.compile(r"(#|https?://|mailto:)", re.IGNORECASE)

XSS_CORPUS = [
    "<script>alert('x1')</script>",
    "<img src=x onerror=alert('x2')>",
    "<svg onload=alert('x3')><script>alert('x3')</script></svg>",
    "<svg><a xlink:href=\"javascript:alert('x4')\"><text>x</text></a></svg>",
    '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    "[click](javascript:alert('x5'))",
    "[click](JaVaScRiPt:alert('x6'))",
    "[click](&#106;avascript:alert('x7'))",
    "[click](javascript&colon;alert('x8'))",
    "[click](vbscript:msgbox(1))",
    "[click](file:///etc/passwd)",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![image](javascript:alert('x9'))",
    "![image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "![image](https://evil.example/track.png)",
    "[ref]: javascript:alert('x10')\n\n[ref]",
    '<a href="javascript:alert(1)">raw link</a>',
    '<div onclick="alert(1)">\n\nraw HTML block\n\n</div>',
    '<iframe src="https://evil.example/"></iframe>',
    "<style>body { display: none }</style>",
    "<details open ontoggle=alert(1)>",
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<object data="javascript:alert(1)"></object>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    "<!-- --><script>alert(1)</script>",
    '<https://example.com" onmouseover="alert(1)>',
    '[x](https://example.com "t" onmouseover=alert(1))',
    '[x](#" onclick="alert(1))',
    "`<script>alert(1)</script>`",
    "```\n<script>alert(1)</script>\n```",
    '### Sub {#x" onclick="alert(1)}',
    "<<script>script>alert(1)<</script>/script>",
]


class Inspector(HTMLParser):
    """Collects every tag and attribute of an HTML fragment."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []

    def handle_starttag(self, tag, attrs):
        if tag not in SAFE_TAGS:
            self.problems.append(f"tag <{tag}>")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") or name in {"style", "src", "srcdoc", "action", "formaction"}:
                self.problems.append(f"attribute {name}")
            if name == "href" and not SAFE_LINK.match(value):
                self.problems.append(f"link {value!r}")
            if name == "id" and not value.startswith("rule-"):
                self.problems.append(f"id {value!r}")


def problems_in(fragment):
    inspector = Inspector()
    inspector.feed(fragment)
    inspector.close()
    return inspector.problems


class ActiveContent(HTMLParser):
    """Counts what could run or load something in a whole page: tags, handlers, URLs."""

    RISKY_TAGS = {"script", "svg", "math", "img", "iframe", "object", "embed", "style", "base",
                  "meta", "form", "details", "animate"}  # fmt: skip

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag in self.RISKY_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in {"style", "srcdoc", "formaction"}:
                self.found.append(f"{tag}[{name}]")
            if re.match(r"\s*(javascript|data|vbscript|file):", value or "", re.IGNORECASE):
                self.found.append(f"{tag}[{name}={value}]")


def active_content(page):
    parser = ActiveContent()
    parser.feed(page)
    parser.close()
    return sorted(parser.found)


@pytest.mark.parametrize("payload", XSS_CORPUS)
def test_each_payload_renders_inert(payload):
    assert problems_in(render(f"## Title {{#overview}}\n\n{payload}\n", "overview")) == []


@pytest.mark.django_db
def test_the_xss_corpus_saved_as_page_content_is_inert_when_stored_and_served(
    client, editor, rulebooks, current_text, edit_post
):
    client.force_login(editor)
    plain_page = client.get("/en/rules/richelieu/").content.decode()
    corpus = "\n\n".join(XSS_CORPUS)
    text = current_text("richelieu", "en")
    text = text.replace("# Richelieu: the rules", "# <script>alert('title')</script>", 1)
    heading = "## <img src=x onerror=alert(1)> {#overview}"
    text = text.replace("## Overview {#overview}", f"{heading}\n\n{corpus}", 1)
    text = text.replace("\n## Components", f"\n{corpus}\n\n## Components", 1)
    assert edit_post("richelieu", "en", text).status_code == 302

    book = Rulebook.objects.get(game="richelieu", language="en")
    overview = Section.objects.get(rulebook=book, anchor="overview")
    assert "alert('x1')" in overview.plain_text, "the payloads are kept as text"
    for fragment in (book.intro_html, *book.sections.values_list("html", flat=True)):
        assert problems_in(fragment) == []

    served = client.get("/en/rules/richelieu/").content.decode()
    assert overview.heading_html in served and overview.body_html in served
    assert active_content(served) == active_content(plain_page)
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in served


def test_section_headings_get_prefixed_ids_and_in_page_links_follow_them():
    page = parse_page(
        "# T\n\nSee [setup](#setup).\n\n## Setup {#setup}\n\n### Deal the cards\n\n"
        "Go to [the end](#end) or [elsewhere](https://example.com/#x).\n\n## End {#end}\n\nDone.\n"
    )
    setup = render(page.sections[0].markdown, "setup")
    assert '<h2 id="rule-setup">Setup</h2>' in setup
    assert '<h3 id="rule-setup-deal-the-cards">Deal the cards</h3>' in setup
    assert 'href="#rule-end"' in setup
    assert 'href="https://example.com/#x"' in setup
    assert 'href="#rule-setup"' in render(page.intro)


def test_tables_render_with_alignment_as_a_class_not_inline_css():
    html = render("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n")
    # A table may scroll sideways on a phone: the keyboard can focus it to scroll it.
    assert '<table tabindex="0">' in html and "<th" in html
    assert 'class="align-center"' in html and 'class="align-right"' in html
    assert "style=" not in html


def test_a_wide_table_labels_each_cell_with_its_column_for_the_phone_cards():
    wide = render(
        "| Card | Top `x` | Wish | Florins |\n|--|--|--|--|\n| Blue 3 | ruby | *none* | 4 |\n"
        "| Red 1 | | pearl |\n"
    )
    assert '<table tabindex="0" class="stacked">' in wide
    assert '<td data-label="Card">Blue 3</td>' in wide
    assert '<td data-label="Top x">ruby</td>' in wide
    assert '<td data-label="Wish"><em>none</em></td>' in wide
    assert '<td data-label="Florins">4</td>' in wide
    assert '<td data-label="Wish">pearl</td>' in wide, "labels count columns row by row"
    narrow = render("| a | b | c |\n|--|--|--|\n| 1 | 2 | 3 |\n")
    assert "stacked" not in narrow and "data-label" not in narrow
    prose = "Alaska, Alberta, Ontario, Quebec, Greenland and the Northwest Territory"
    three = render(f"| Continent | Bonus | Territories |\n|--|--|--|\n| America | 5 | {prose} |\n")
    assert '<table tabindex="0" class="stacked">' in three, "three columns with a long cell"
    two = render(f"| What | Who sees it |\n|--|--|\n| {prose} | {prose} |\n")
    assert "stacked" not in two


def test_a_column_heading_cannot_smuggle_markup_into_its_cells_labels():
    heading = 'x" onmouseover="alert(1) <b>&amp;'
    html = render(f"| a | b | c | {heading} |\n|--|--|--|--|\n| 1 | 2 | 3 | 4 |\n")
    assert problems_in(html) == []
    cells = re.findall(r"<td ([^>]*)>", html)
    assert cells[3] == 'data-label="x&quot; onmouseover=&quot;alert(1) &lt;b&gt;&amp;"', cells


@pytest.mark.django_db
def test_the_page_shows_a_table_of_contents_linking_to_every_section(client, rulebooks):
    body = client.get("/it/rules/risk/").content.decode()
    for anchor, title in Section.objects.filter(
        rulebook__game="risk", rulebook__language="it"
    ).values_list("anchor", "title"):
        assert f'<a href="#rule-{anchor}">{escape(title)}</a>' in body
        assert f'id="rule-{anchor}"' in body


@pytest.mark.django_db
def test_the_migration_renders_pages_stored_before_the_phone_cards_again(rulebooks):
    from importlib import import_module

    from django.apps import apps

    migration = import_module("games.rulebooks.migrations.0003_render_wide_tables_again")
    glossary = Section.objects.get(
        rulebook__game="risk", rulebook__language="es", anchor="glossary"
    )
    fresh = glossary.html
    Section.objects.filter(pk=glossary.pk).update(html=fresh.replace(' class="stacked"', ""))
    migration.render_again(apps, None)
    glossary.refresh_from_db()
    assert glossary.html == fresh and 'class="stacked"' in fresh
