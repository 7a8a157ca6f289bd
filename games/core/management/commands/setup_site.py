from django.core.management import call_command
from django.core.management.base import BaseCommand

from games.accounts.demo import ensure_demo_users


class Command(BaseCommand):
    help = "Migrate, load the rulebooks and the demo data. Safe to run again and again."

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("--no-demo", action="store_true", help="Skip the demo users.")

    def handle(self, *args: object, **options: object) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        call_command("load_rulebooks", stdout=self.stdout)
        if options["no_demo"]:
            return
        for demo, created in ensure_demo_users():
            state = "created" if created else "already there"
            self.stdout.write(
                f"Demo user {demo.username:<7} password {demo.password:<20} "
                f"({demo.language}{', staff' if demo.staff else ''}; {state})"
            )
