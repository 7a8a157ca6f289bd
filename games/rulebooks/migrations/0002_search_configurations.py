"""Accent-insensitive full-text search configurations, on PostgreSQL only.

``partida_spanish``, ``partida_italian`` and ``partida_english`` are copies of the stock
configurations with the ``unaccent`` dictionary in front of the stemmer, so both the text and
the query lose their accents ("preparación" and "preparacion" meet). ``unaccent`` is a trusted
extension since PostgreSQL 13: a database owner may create it without being a superuser.
On SQLite this migration does nothing (the search folds accents in Python there).
"""

from django.contrib.postgres.operations import UnaccentExtension
from django.db import migrations

CONFIGURATIONS = {
    "partida_spanish": ("spanish", "spanish_stem"),
    "partida_italian": ("italian", "italian_stem"),
    "partida_english": ("english", "english_stem"),
}


def create_configurations(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, (stock, stemmer) in CONFIGURATIONS.items():
        schema_editor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}")
        schema_editor.execute(
            f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.{stock})"
        )
        schema_editor.execute(
            f"ALTER TEXT SEARCH CONFIGURATION {name} "
            f"ALTER MAPPING FOR hword, hword_part, word WITH unaccent, {stemmer}"
        )


def drop_configurations(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in CONFIGURATIONS:
        schema_editor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("rulebooks", "0001_initial"),
    ]

    operations = [
        UnaccentExtension(),
        migrations.RunPython(create_configurations, drop_configurations),
    ]
