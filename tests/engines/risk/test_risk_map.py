"""The board: 42 territories, 6 continents, 83 connections, names, stars and a drawable layout."""

from __future__ import annotations

import json

from games.risk.engine import ENGINE
from games.risk.engine.data import DATA_FILE, board


def test_the_map_has_42_territories_in_6_continents_with_the_published_bonuses() -> None:
    b = board()
    assert len(b.ids) == 42
    sizes = {
        cid: len(members) for cid, members in zip(b.continent_ids, b.continent_members, strict=True)
    }
    assert sizes == {
        "north_america": 9,
        "south_america": 4,
        "europe": 7,
        "africa": 6,
        "asia": 12,
        "australia": 4,
    }
    bonus = dict(zip(b.continent_ids, b.continent_bonus, strict=True))
    assert bonus == {
        "asia": 7,
        "north_america": 5,
        "europe": 5,
        "africa": 3,
        "south_america": 2,
        "australia": 2,
    }


def test_the_83_connections_are_symmetric_and_settle_the_disputed_edges() -> None:
    b = board()
    assert sum(len(n) for n in b.neighbours) == 2 * 83
    for t, neighbours in enumerate(b.neighbours):
        assert all(t in b.neighbours[n] for n in neighbours)

    def linked(a: str, c: str) -> bool:
        return b.index[c] in b.neighbours[b.index[a]]

    # The edges on which public implementations disagree (research notes, section 2.3).
    assert linked("east_africa", "middle_east")
    assert linked("new_guinea", "western_australia")
    assert not linked("egypt", "congo")
    assert not linked("eastern_united_states", "alberta")
    assert {b.ids[n] for n in b.neighbours[b.index["ukraine"]]} == {
        "scandinavia",
        "northern_europe",
        "southern_europe",
        "ural",
        "afghanistan",
        "middle_east",
    }


def test_sea_lines_are_flagged_like_alaska_to_kamchatka() -> None:
    data = ENGINE.static_board()
    links = {frozenset((c["a"], c["b"])): c for c in data["connections"]}
    assert links[frozenset(("alaska", "kamchatka"))]["sea"] is True
    assert links[frozenset(("alaska", "kamchatka"))]["wraps"] is True
    assert links[frozenset(("alaska", "alberta"))]["sea"] is False
    assert links[frozenset(("brazil", "north_africa"))]["sea"] is True
    assert sum(1 for c in data["connections"] if c["sea"]) == 24


def test_every_territory_and_continent_is_named_in_english_spanish_and_italian() -> None:
    data = ENGINE.static_board()
    for item in data["territories"] + data["continents"]:
        assert set(item["names"]) == {"en", "es", "it"}
        assert all(name.strip() for name in item["names"].values())
    spanish = {t["id"]: t["names"]["es"] for t in data["territories"]}
    assert spanish["scandinavia"] == "Escandinavia"
    assert spanish["ukraine"] == "Rusia"  # the 2010 Spanish board's name, as in its examples


def test_the_layout_fits_a_1000_by_600_box_with_no_two_circles_on_top_of_each_other() -> None:
    data = ENGINE.static_board()
    points = [(t["x"], t["y"]) for t in data["territories"]]
    assert all(0 < x < 1000 and 0 < y < 600 for x, y in points)
    for i, (x1, y1) in enumerate(points):
        for x2, y2 in points[i + 1 :]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= 40**2


def test_the_layout_reads_like_a_world_map() -> None:
    spots = {t["id"]: (t["x"], t["y"]) for t in ENGINE.static_board()["territories"]}
    assert spots["alaska"][0] < spots["greenland"][0] < spots["iceland"][0] < spots["ural"][0]
    assert spots["kamchatka"][0] > spots["siberia"][0]
    assert spots["argentina"][1] > spots["venezuela"][1] > spots["eastern_united_states"][1]
    assert spots["south_africa"][1] > spots["north_africa"][1] > spots["southern_europe"][1]
    assert spots["eastern_australia"][1] > spots["siam"][1]


def test_the_reconstructed_two_star_cards_are_the_18_territories_bordering_another_continent() -> (
    None
):
    b = board()
    two = {b.ids[t] for t, stars in enumerate(b.stars) if stars == 2}
    bordering = {
        b.ids[t]
        for t in range(42)
        if any(b.continent_of[n] != b.continent_of[t] for n in b.neighbours[t])
    }
    assert two == bordering
    assert len(two) == 18
    assert sum(b.stars) == 60


def test_the_data_file_says_which_parts_are_a_reconstruction() -> None:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    assert "RECONSTRUCTION" in raw["note"].upper()
    assert "stars" in raw["reconstruction"]


def test_the_territory_chart_is_a_table_from_the_rulebook() -> None:
    b = board()
    assert [b.reinforcements_for(n) for n in (1, 11, 12, 14, 15, 17, 18)] == [3, 3, 4, 4, 5, 5, 6]
    assert b.reinforcements_for(36) == 12
    assert b.reinforcements_for(39) == 12
    assert b.reinforcements_for(40) == 13
    assert b.reinforcements_for(42) == 13


def test_the_trade_chart_gives_troops_by_the_total_stars() -> None:
    assert board().trade_troops == {
        1: 1,
        2: 2,
        3: 4,
        4: 7,
        5: 10,
        6: 13,
        7: 17,
        8: 21,
        9: 25,
        10: 30,
    }
