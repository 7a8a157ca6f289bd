"""`make run`'s setup part (migrate + demo data) can run again and again."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def setup_site(var_dir):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SECURE_SSL_REDIRECT"}}
    env.update({"DEBUG": "1", "VAR_DIR": str(var_dir)})
    return subprocess.run(
        [sys.executable, "manage.py", "setup_site"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout


def test_running_the_setup_twice_changes_nothing_the_second_time(tmp_path):
    first = setup_site(tmp_path)
    assert first.count("created)") == 3
    assert "House players (bots): bot-collar-1, bot-collar-2, bot-collar-3, " in first
    database = tmp_path / "partida.sqlite3"
    with sqlite3.connect(database) as db:
        users = db.execute("SELECT username, password FROM accounts_user ORDER BY id").fetchall()
    second = setup_site(tmp_path)
    assert second.count("already there") == 3
    with sqlite3.connect(database) as db:
        assert (
            db.execute("SELECT username, password FROM accounts_user ORDER BY id").fetchall()
            == users
        )
    for name in ("ana", "bruno", "claire"):
        assert f"Demo user {name}" in second
    with sqlite3.connect(database) as db:
        verified = db.execute(
            "SELECT u.username, e.email FROM account_emailaddress e JOIN accounts_user u "
            'ON u.id = e.user_id WHERE e.verified AND e."primary" ORDER BY u.username'
        ).fetchall()
    assert verified == [(n, f"{n}@example.com") for n in ("ana", "bruno", "claire")]
