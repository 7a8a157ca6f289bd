"""A reader in Chromium: the Italian rules, the contents, a section link, search, a phone."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.rulebooks.models import Rulebook
from games.rulebooks.services import SaveRequest, save_page
from tests.browser.test_risk_touch import tap_territory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_reader_follows_the_italian_rules_from_contents_section_links_and_search(
    live_server, browser, artifacts
):
    call_command("load_rulebooks", stdout=io.StringIO())
    english = Rulebook.objects.get(game="richelieu", language="en").revisions.get().markdown
    changed = english.replace(
        "## Property markers {#markers}\n", "## Property markers {#markers}\n\nNew.\n"
    )
    save_page("richelieu", "en", 1, SaveRequest(changed, summary="A new sentence"))
    page = browser.new_page()

    page.goto(f"{live_server.url}/it/")
    page.locator('#games a[href="/it/rules/richelieu/"]').click()
    page.wait_for_url(f"{live_server.url}/it/rules/richelieu/")
    expect(page.locator("h1")).to_have_text("Richelieu: regolamento")
    page.screenshot(path=artifacts / "richelieu-it.png")

    page.locator(".toc").get_by_role("link", name="La regola delle due carte").click()
    page.wait_for_url(f"{live_server.url}/it/rules/richelieu/#rule-two-card-rule")
    heading = page.locator("#rule-two-card-rule")
    expect(heading).to_have_text("La regola delle due carte")
    expect(heading).to_be_in_viewport()
    page.screenshot(path=artifacts / "toc-two-card-rule.png")

    # A link that other pages (a game, an error message) use: it lands on the heading.
    page.goto(f"{live_server.url}/it/rules/richelieu/section/markers/")
    page.wait_for_url(f"{live_server.url}/it/rules/richelieu/#rule-markers")
    expect(page.locator("#rule-markers")).to_be_in_viewport()
    # The English section changed since the translation: the notice is right under the heading.
    expect(page.locator("section:has(#rule-markers) .outdated-notice")).to_be_in_viewport()
    page.screenshot(path=artifacts / "section-link-markers.png")

    # An in-text link inside the rules follows the prefixed anchor too.
    page.goto(f"{live_server.url}/it/rules/collar/")
    page.locator('section:has(#rule-components) a[href="#rule-rainbow"]').first.click()
    expect(page.locator("#rule-rainbow")).to_be_in_viewport()

    page.goto(f"{live_server.url}/it/rules/richelieu/")
    page.fill("#rule-search-q", "estremita")
    page.locator(".rule-search button").click()
    page.wait_for_url("**/it/rules/search/**")
    expect(page.locator(".search-results mark").first).to_be_visible()
    page.screenshot(path=artifacts / "search-estremita.png", full_page=True)
    page.locator(".search-results h2 a").first.click()
    page.wait_for_url("**/it/rules/**#rule-*")
    page.screenshot(path=artifacts / "search-result-followed.png")

    phone = browser.new_page()
    phone.set_viewport_size({"width": 360, "height": 740})
    for url in ("/it/rules/collar/", "/it/rules/status/", "/it/rules/richelieu/history/"):
        phone.goto(f"{live_server.url}{url}")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{url} scrolls sideways on a 360 px phone"
        phone.screenshot(path=artifacts / f"phone{url.replace('/', '-').rstrip('-')}.png")
    phone.goto(f"{live_server.url}/it/rules/collar/section/examples/")
    expect(phone.locator("#rule-examples")).to_be_in_viewport()
    phone.screenshot(path=artifacts / "phone-collar-examples.png")


@pytest.mark.parametrize(("game", "language"), [("risk", "en"), ("richelieu", "it")])
def test_the_quick_reference_is_the_first_section_a_reader_sees(
    live_server, browser, artifacts, game, language
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, size in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = browser.new_page()
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{live_server.url}/{language}/rules/{game}/")
        first = page.locator("section h2").first
        assert first.get_attribute("id") == "rule-quick-reference"
        page.goto(f"{live_server.url}/{language}/rules/{game}/section/quick-reference/")
        expect(page.locator("#rule-quick-reference")).to_be_in_viewport()
        page.screenshot(path=artifacts / f"{game}-{language}-quick-reference-{name}.png")
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_player_searching_their_own_word_lands_on_the_section(
    live_server, open_page, artifacts, scheme
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/es/rules/risk/")
        page.fill("#rule-search-q", "fortificar")
        page.locator(".rule-search button").click()
        page.wait_for_url("**/es/rules/search/**")
        first = page.locator(".search-results h2 a").first
        expect(first).to_have_text("Maniobra")
        expect(page.locator(".search-results mark").first).to_have_text("maniobra")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"search-fortificar-{name}-{scheme}.png")
        first.click()
        page.wait_for_url("**/es/rules/risk/#rule-maneuver")
        expect(page.locator("#rule-maneuver")).to_be_in_viewport()
        page.screenshot(path=artifacts / f"maneuver-{name}-{scheme}.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_opens_a_question_of_the_rules_lawyers_section(
    live_server, open_page, artifacts, scheme
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/es/rules/richelieu/")
        page.locator(".toc").get_by_role("link", name="Preguntas de los más puntillosos").click()
        page.wait_for_url("**/es/rules/richelieu/#rule-faq")
        question = page.locator("#rule-faq-four-player-trap")
        expect(question).to_contain_text("¿por qué ya no puedo mover un marcador")
        question.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"richelieu-es-faq-{name}-{scheme}.png")
        page.locator('section:has(#rule-faq) a[href="#rule-four-players"]').click()
        expect(page.locator("#rule-four-players")).to_be_in_viewport()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_opens_who_sees_what_and_the_glossary_on_a_phone_and_a_desktop(
    live_server, open_page, artifacts, scheme
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/it/rules/richelieu/")
        page.locator(".toc").get_by_role("link", name="Chi vede che cosa").click()
        page.wait_for_url("**/it/rules/richelieu/#rule-who-sees-what")
        table = page.locator("section:has(#rule-who-sees-what) table")
        expect(table).to_contain_text("Che cos'è un gettone coperto sul tavolo")
        table.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"richelieu-it-who-sees-what-{name}-{scheme}.png")
        page.locator(".toc").get_by_role("link", name="Glossario").click()
        glossary = page.locator("section:has(#rule-glossary) table")
        expect(glossary).to_contain_text("riprendi il segnaposto")
        glossary.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Four columns: on the phone each row is a card, so nothing hides past the right edge.
        assert glossary.evaluate("table => table.scrollWidth <= table.clientWidth")
        page.screenshot(path=artifacts / f"richelieu-it-glossary-{name}-{scheme}.png")
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_opens_where_a_rule_comes_from(live_server, open_page, artifacts, scheme):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/it/rules/richelieu/#rule-short-variant")
        source = page.locator("section:has(#rule-short-variant) .rule-source")
        expect(source.locator("summary")).to_have_text(
            "Fonte: regole stampate · una decisione · una regola del sito"
        )
        expect(source.locator("li").first).not_to_be_visible()
        source.locator("summary").click()
        # Each printed edition's section, by its printed name, in the edition's language.
        expect(source.locator('q[lang="es"]')).to_have_text("Variante para 2 jugadores")
        expect(source.locator("li")).to_have_count(5)
        source.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"richelieu-it-source-{name}-{scheme}.png")
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_sees_worked_examples_drawn_beside_the_text(
    live_server, open_page, artifacts, scheme
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        for language, game, anchor in (
            ("es", "risk", "blitz"),
            ("it", "richelieu", "scoring-fun-for-2"),
            ("en", "collar", "example-one-rainbow"),
            ("it", "richelieu", "example-four-player-cap"),
            ("es", "risk", "maneuver"),
            ("en", "risk", "conquest"),
            ("es", "risk", "dice"),
            ("it", "risk", "winning"),
        ):
            page.goto(f"{live_server.url}/{language}/rules/{game}/#rule-{anchor}")
            example = page.locator(f"#rule-{anchor} + .rule-example")
            if not anchor.startswith("example-"):  # a section's own example ends the section
                example = page.locator(f"section:has(#rule-{anchor}) .rule-example")
            expect(example).to_have_count(1)
            example.scroll_into_view_if_needed()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            shot = f"{game}-{language}-{anchor}-{name}-{scheme}.png"
            page.screenshot(path=artifacts / shot)
            link = example.locator("figcaption a")
            if link.count():  # open it in its calculator, or play on from its table
                opens = (
                    "#result-heading"
                    if "/calculators/" in link.get_attribute("href")
                    else ".try-moves"
                )
                link.click()
                expect(page.locator(opens)).to_be_visible()
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_tries_an_example_and_plays_on_from_its_table(
    live_server, open_page, artifacts, scheme
):
    call_command("load_rulebooks", stdout=io.StringIO())
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/es/rules/richelieu/#rule-example-marker-back-then-pay")
        page.locator("#rule-example-marker-back-then-pay + .rule-example figcaption a").click()
        expect(page.locator("h1")).to_have_text("Prueba el ejemplo")
        moves = page.locator(".try-move-list a")
        expect(moves).to_have_count(1)  # no pass while a card can be taken: spend the disc
        moves.first.click()
        expect(page.locator(".rich-seat").first).to_contain_text("1 marcador en reserva")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"try-marker-back-{name}-{scheme}.png", full_page=True)
        page.get_by_role("link", name="Deshacer la última jugada").click()
        expect(page.locator(".rich-seat").first).to_contain_text("3 en la caja")
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_reader_taps_a_placement_with_its_troops_in_the_risk_sandbox(
    live_server, open_page, artifacts, scheme
):
    for name, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
        page = open_page(width, height, color_scheme=scheme)
        page.goto(f"{live_server.url}/en/rules/risk/try/reinforcements/")
        expect(page.locator(".try-turn")).to_contain_text("To move: You")
        peru = page.locator("#t-peru td").last
        before = int(peru.text_content())
        tap_territory(page, "t:peru", touch=False)
        troops = page.locator("[data-params] input[name=troops]")
        expect(troops).to_be_visible()
        troops.fill("4")
        expect(page.locator("[data-summary]")).to_contain_text("Troops: 4")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"try-risk-chosen-{name}-{scheme}.png")
        with page.expect_navigation():
            page.locator("[data-confirm]").click()
        expect(peru).to_have_text(str(before + 4))
        expect(page.locator(".board")).to_contain_text("6 troops to place")
        assert "moves=" in page.url and "rng" not in page.url
        page.screenshot(path=artifacts / f"try-risk-played-{name}-{scheme}.png")
        page.screenshot(
            path=artifacts / f"try-risk-played-{name}-{scheme}-page.png", full_page=True
        )
        page.close()
