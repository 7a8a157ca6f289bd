"""The house players: one account per game and level (1-3), so that every site (and every test
database) has them from its first migration. They have no usable password and an address on
the reserved ``.invalid`` domain that is never verified, so no one logs in as them and no
email is sent to them. A game added later gets its own in a migration of its own."""

from django.contrib.auth.hashers import make_password
from django.db import migrations

#: (game slug, the name players see before the level).
GAMES = (("richelieu", "Richelieu"), ("risk", "Risk"), ("collar", "Collar"))
LEVELS = (1, 2, 3)


def create_house_players(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for slug, name in GAMES:
        for level in LEVELS:
            username = f"bot-{slug}-{level}"
            if User.objects.filter(username=username).exists():
                continue
            User.objects.create(
                username=username,
                email=f"{username}@house.invalid",
                display_name=f"{name} Bot {level}",
                password=make_password(None),
                is_bot=True,
                bot_game=slug,
                bot_level=level,
            )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_house_players")]

    operations = [migrations.RunPython(create_house_players, migrations.RunPython.noop)]
