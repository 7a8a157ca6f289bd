"""The Spanish and Italian catalogues are complete, compiled, and cover every marked string."""

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("es", "it")


def catalogue(language, kind="po"):
    path = ROOT / "locale" / language / "LC_MESSAGES" / f"django.{kind}"
    return polib.pofile(str(path)) if kind == "po" else polib.mofile(str(path))


def entries(book):
    return {
        (e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in book
        if not e.obsolete and e.msgid
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated_and_none_is_fuzzy(language):
    po = catalogue(language)
    assert po.untranslated_entries() == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    assert len(po) > 50


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_matches_its_po_file(language):
    assert entries(catalogue(language, "mo")) == entries(catalogue(language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    import re

    pattern = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
    for entry in catalogue(language):
        if entry.msgstr:
            assert sorted(pattern.findall(entry.msgid)) == sorted(pattern.findall(entry.msgstr)), (
                entry.msgid
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_checks_the_catalogue_without_a_warning(language, require):
    """``msgfmt -c``: formats, plural forms against the header's ``nplurals``, the header."""
    require("gettext")
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    checked = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True, timeout=60
    )
    assert (checked.returncode, checked.stderr) == (0, "")


def test_the_catalogues_hold_every_string_marked_in_the_code(tmp_path, require):
    require("gettext")
    work = tmp_path / "project"
    shutil.copytree(
        ROOT,
        work,
        ignore=shutil.ignore_patterns(
            ".venv", "var", ".git", "test-results", "__pycache__", "*.mo", ".hypothesis"
        ),
    )
    env_python = sys.executable
    subprocess.run(
        [
            env_python,
            "manage.py",
            "makemessages",
            "-l",
            "es",
            "--no-obsolete",
            "--no-location",
            "-i",
            "tests/*",
            "-i",
            "bench/*",
            "-i",
            "examples/*",
        ],
        cwd=work,
        check=True,
        capture_output=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "DEBUG": "1", "VAR_DIR": str(tmp_path / "var")},
    )
    fresh = {
        e.msgid for e in polib.pofile(str(work / "locale/es/LC_MESSAGES/django.po")) if e.msgid
    }
    committed = {e.msgid for e in catalogue("es") if e.msgid}
    assert sorted(fresh - committed) == [], "run `make messages` and translate the new strings"
