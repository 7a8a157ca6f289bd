"""`make run`: the demo logins come last, under the banners of the web server, the worker and
beat; the links in emails follow its PORT."""

import io
import threading

import pytest
from django.core.management import call_command

from games.accounts.demo import ensure_demo_users
from games.core.management.commands import rundev
from tests.core.test_settings import run_django

BANNERS = {
    "web": [
        "Starting development server at http://127.0.0.1:8123/",
        "Quit the server with CONTROL-C.",
        "",
        "WARNING: This is a development server. Do not use it in a production setting.",
        "For more information on production servers see: https://docs.djangoproject.com/",
    ],
    "worker": [
        " -------------- celery@host v5.7.0",
        "[tasks]",
        "[INFO/MainProcess] celery@host ready.",
    ],
    "beat": [
        "celery beat v5.7.0 is starting.",
        "[2026-11-24 16:16:00,101: INFO/MainProcess] beat: Starting...",
        "[2026-11-24 16:16:00,102: INFO/MainProcess] Scheduler: Sending due task sweep-clocks "
        "(games.play.tasks.sweep_clocks)",
    ],
}


class FakeProcess:
    """A child that prints its banner after the others have started, then runs until stopped
    (the web server stops by itself once the command has printed everything)."""

    def __init__(self, name, command, env, started):
        self.name, self.command, self.env = name, command, env
        self.returncode = None
        self.stopped = threading.Event()
        self.started = started
        self.stdout = self._lines()

    def _lines(self):
        self.started.wait(5)
        yield from (line + "\n" for line in BANNERS[self.name])
        self.stopped.wait(10)

    def poll(self):
        return self.returncode

    def terminate(self):
        self.returncode = -15
        self.stopped.set()

    def wait(self, timeout=None):
        return self.returncode

    kill = terminate


@pytest.fixture
def fake_children(monkeypatch):
    started = threading.Event()
    children = {}

    def spawn(command, **kwargs):
        name = "web" if "runserver" in command else "beat" if "beat" in command else "worker"
        children[name] = FakeProcess(name, command, kwargs["env"], started)
        if len(children) == 3:
            started.set()
        return children[name]

    monkeypatch.setattr(rundev.Command, "spawn", staticmethod(spawn))
    return children


def run(children, **options):
    out = io.StringIO()
    command = rundev.Command(stdout=out)

    # The web server exits once the welcome is printed, which ends the command as Ctrl-C would.
    welcome = command._welcome

    def then_stop(stack, url):
        welcome(stack, url)
        children["web"].terminate()
        children["web"].returncode = 0

    command._welcome = then_stop
    call_command(command, **options)
    return out.getvalue()


def test_the_demo_logins_come_after_every_banner(db, fake_children):
    ensure_demo_users()
    output = run(fake_children, port="8123")
    logins = output.index("Log in as one of the demo users:")
    for lines in BANNERS.values():
        for line in lines:
            if "Sending due task" not in line:
                assert output.index(line) < logins
    assert output.index("Partida is running at http://127.0.0.1:8123/") < logins
    for password in ("demo-ana-partida", "demo-bruno-partida", "demo-claire-partida"):
        assert logins < output.index(password)
    assert "Sending due task" not in output, "the minutely sweeps would push the logins away"
    assert output.rstrip().endswith("Stopped the web server, the worker and beat.")


def test_the_children_get_the_port_for_the_links_in_emails(db, fake_children):
    run(fake_children, port="8123")
    assert {child.env["PORT"] for child in fake_children.values()} == {"8123"}
    assert fake_children["web"].command[-1] == "127.0.0.1:8123"


def test_a_child_that_dies_while_starting_ends_the_command_without_the_logins(
    db, fake_children, monkeypatch
):
    ensure_demo_users()
    monkeypatch.setitem(BANNERS, "web", ["Error: That port is already in use."])
    original = FakeProcess._lines

    def web_dies(self):
        if self.name == "web":
            self.returncode = 1
        yield from original(self)

    monkeypatch.setattr(FakeProcess, "_lines", web_dies)
    out = io.StringIO()
    call_command(rundev.Command(stdout=out), port="8123")
    output = out.getvalue()
    assert "That port is already in use." in output
    assert "web exited with code 1." in output
    assert "demo-ana-partida" not in output and "Partida is running" not in output


def test_without_demo_users_there_is_no_login_list(db, fake_children):
    output = run(fake_children, port="8123")
    assert "Partida is running" in output and "demo users" not in output


def test_setup_can_leave_the_passwords_to_the_running_site(db):
    out = io.StringIO()
    call_command("setup_site", "--no-logins", stdout=out)
    assert "Demo users ready: ana, bruno, claire." in out.getvalue()
    assert "demo-ana-partida" not in out.getvalue()


@pytest.mark.parametrize(
    ("env", "site_url"),
    [
        ({"PORT": "8123"}, "http://127.0.0.1:8123"),
        ({}, "http://127.0.0.1:8000"),
        (
            {"PORT": "8123", "SITE_URL": "https://partida.example.org/"},
            "https://partida.example.org",
        ),
    ],
)
def test_links_in_emails_follow_the_port_unless_site_url_is_set(tmp_path, env, site_url):
    code = (
        "from django.conf import settings; print(settings.SITE_URL, settings.CSRF_TRUSTED_ORIGINS)"
    )
    unset = {"PORT": "", "SITE_URL": ""}  # an empty variable counts as not set
    result = run_django(tmp_path, {"DEBUG": "1", **unset, **env}, "shell", "-v", "0", "-c", code)
    assert result.stdout.split() == [site_url, f"['{site_url}']"], result.stderr


def test_the_worker_takes_the_house_players_queue_as_well_as_the_default_one():
    worker = rundev.Command().commands("127.0.0.1", "8000")["worker"]
    assert "--queues=celery,bots" in worker


def test_the_address_make_run_prints_is_the_address_in_emails(db, fake_children, tmp_path):
    """localhost and 127.0.0.1 keep two cookie jars: a player logged in at the printed address
    would be logged out at the emailed one."""
    printed = run(fake_children, port="8123").split("Partida is running at ")[1].split()[0]
    code = "from django.conf import settings; print(settings.SITE_URL)"
    env = {"DEBUG": "1", "PORT": "8123", "SITE_URL": ""}
    result = run_django(tmp_path, env, "shell", "-v", "0", "-c", code)
    assert printed == result.stdout.strip() + "/", result.stderr
    assert fake_children["web"].command[-1] == printed.removeprefix("http://").rstrip("/")
