from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from games.accounts.demo import ensure_demo_users
from games.house.accounts import ensure_house_players, house_players


class Command(BaseCommand):
    help = "Migrate, load the rulebooks and the demo data. Safe to run again and again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-demo", action="store_true", help="Skip the demo users.")
        parser.add_argument(
            "--no-logins",
            action="store_true",
            help="Make the demo users but leave their passwords to `rundev`, which prints "
            "them once the site is running.",
        )

    def handle(self, *args: object, **options: object) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        call_command("load_rulebooks", stdout=self.stdout)
        ensure_house_players()
        names = ", ".join(bot.username for bot in house_players())
        self.stdout.write(f"House players (bots): {names or 'none'}.")
        if options["no_demo"]:
            return
        outcome = ensure_demo_users()
        if options["no_logins"]:
            names = ", ".join(demo.username for demo, _created in outcome)
            self.stdout.write(f"Demo users ready: {names}.")
            return
        for demo, created in outcome:
            state = "created" if created else "already there"
            self.stdout.write(
                f"Demo user {demo.username:<7} password {demo.password:<20} "
                f"({demo.language}{', staff' if demo.staff else ''}; {state})"
            )
