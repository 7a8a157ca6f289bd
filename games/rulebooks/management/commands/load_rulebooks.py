from django.core.management.base import BaseCommand, CommandError

from games.rulebooks.loader import load_rulebooks
from games.rulebooks.markup import PageFormatError


class Command(BaseCommand):
    help = "Load the rulebook files as the first revision of each page; pages with revisions stay."

    def handle(self, *args: object, **options: object) -> None:
        try:
            report = load_rulebooks()
        except PageFormatError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Rulebooks: {len(report.loaded)} pages loaded, "
            f"{len(report.kept)} kept as their editors left them."
        )
