"""The stored HTML of every page is rendered again from its Markdown: wide tables now carry the
column names that a phone shows on each row's card. Nothing a reader wrote changes."""

from typing import Any

from django.db import migrations


def render_again(apps: Any, schema_editor: Any) -> None:
    from games.rulebooks.markup import render

    Rulebook = apps.get_model("rulebooks", "Rulebook")
    Section = apps.get_model("rulebooks", "Section")
    for section in Section.objects.all():
        section.html = render(section.markdown, section=section.anchor)
        section.save(update_fields=["html"])
    for book in Rulebook.objects.all():
        book.intro_html = render(book.intro_markdown)
        book.save(update_fields=["intro_html"])


class Migration(migrations.Migration):
    dependencies = [("rulebooks", "0002_search_configurations")]

    operations = [migrations.RunPython(render_again, migrations.RunPython.noop)]
