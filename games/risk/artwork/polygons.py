"""The hand-authored inputs of the map: land masses, territory seeds, short names, colours.

Coordinates are in the view box (``VIEW_WIDTH`` x ``VIEW_HEIGHT``, y grows downwards); 1000
units wide so that a 390 px phone shows 0.39 px per unit. Each land mass is a coarse
outline of a real coast; the territories on it share it out as power cells around their
seeds (see ``geometry.power_cell``), so moving a seed or changing its weight moves the
borders. The seeds were placed by hand, then nudged (a few units, weights in steps of 50)
by a throwaway local search until every check of ``make_map`` passed with the largest
smallest label circle. After any change run
``python -m games.risk.artwork.make_map --draft --preview out.svg``: it lists what is
wrong (a missing border, a misleading one, a cramped label) and draws the map anyway.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.risk.artwork.geometry import Point

VIEW_WIDTH = 1000
VIEW_HEIGHT = 720


@dataclass(frozen=True)
class LandMass:
    """One piece of land: its outline (clockwise on screen) and the territories it holds."""

    continent: str
    outline: tuple[Point, ...]
    territories: tuple[str, ...]


def points(text: str) -> tuple[Point, ...]:
    """An outline written as in an SVG ``points`` attribute: "x,y x,y ...", clockwise."""
    pairs = (pair.split(",") for pair in text.split())
    return tuple((float(x), float(y)) for x, y in pairs)


@dataclass(frozen=True)
class Seed:
    """Where a territory's cell grows from; a positive weight pushes its borders outwards."""

    x: float
    y: float
    weight: float = 0.0


LAND: tuple[LandMass, ...] = (
    LandMass(
        "north_america",
        points(
            "12,105 35,68 80,52 125,58 170,45 220,48 248,58 240,90 248,128 270,142 295,135 "
            "306,112 302,88 322,72 352,104 370,145 352,182 322,205 305,238 298,270 310,310 "
            "294,315 280,295 250,300 222,310 216,340 238,360 258,382 285,410 273,418 242,400 "
            "198,385 155,355 122,318 92,268 82,212 72,172 47,158 17,170 27,138"
        ),
        (
            "alaska",
            "northwest_territory",
            "alberta",
            "ontario",
            "quebec",
            "western_united_states",
            "eastern_united_states",
            "central_america",
        ),
    ),
    LandMass(
        "north_america",
        points("345,32 395,15 455,20 452,55 420,90 392,118 370,105 355,70"),
        ("greenland",),
    ),
    LandMass(
        "south_america",
        points(
            "262,430 303,420 338,432 366,452 403,478 400,515 382,560 358,590 323,615 306,645 "
            "296,680 276,695 266,665 256,615 244,555 228,505 238,468 253,445"
        ),
        ("venezuela", "peru", "brazil", "argentina"),
    ),
    LandMass(
        "europe",
        points("428,122 458,90 505,88 524,116 508,154 460,162 430,148"),
        ("iceland",),
    ),
    LandMass(
        "europe",
        points("456,178 488,168 506,196 520,236 514,272 478,284 444,272 446,238 434,204"),
        ("great_britain",),
    ),
    LandMass(
        "europe",
        points(
            "532,195 528,150 545,105 572,65 610,38 645,30 675,40 700,52 704,68 698,100 704,140 "
            "698,185 706,225 700,262 706,290 690,284 668,292 650,280 632,292 628,320 630,345 "
            "625,362 620,392 602,405 588,392 578,380 570,395 560,408 545,385 540,360 530,350 "
            "524,362 518,392 500,412 476,414 452,404 444,372 450,340 482,336 492,322 482,300 "
            "508,292 530,275 538,252 545,222 560,245 590,248 618,238 622,212 640,206 624,196 "
            "622,130 614,108 606,128 600,185 584,210 560,206 545,202"
        ),
        ("scandinavia", "northern_europe", "western_europe", "southern_europe", "ukraine"),
    ),
    LandMass(
        "africa",
        points(
            "466,430 500,422 535,422 548,434 580,428 612,422 640,425 646,452 668,492 690,508 "
            "722,505 708,545 692,580 675,615 655,650 630,680 600,692 580,665 566,615 545,565 "
            "540,535 515,526 480,515 452,500 436,470 446,442"
        ),
        ("north_africa", "egypt", "east_africa", "congo", "south_africa"),
    ),
    LandMass(
        "africa",
        points("704,588 752,566 776,612 762,668 720,682 698,634"),
        ("madagascar",),
    ),
    LandMass(
        "asia",
        points(
            "712,50 730,36 752,46 778,30 805,28 830,12 858,24 895,20 935,30 970,32 994,52 990,90 "
            "978,110 988,140 972,184 950,170 930,190 934,212 916,236 912,262 900,288 892,300 "
            "898,325 900,345 885,378 902,400 896,435 878,455 870,478 855,440 840,420 825,425 "
            "805,440 782,482 762,440 748,408 728,405 720,425 705,455 680,462 662,448 652,420 "
            "650,385 636,362 640,340 662,335 695,338 712,318 718,290 712,262 718,225 710,185 "
            "716,140 710,100 716,68"
        ),
        (
            "ural",
            "siberia",
            "yakutsk",
            "kamchatka",
            "irkutsk",
            "mongolia",
            "afghanistan",
            "china",
            "middle_east",
            "india",
            "siam",
        ),
    ),
    LandMass(
        "asia",
        points("930,236 960,214 988,224 998,262 988,302 960,328 928,320 922,280"),
        ("japan",),
    ),
    LandMass(
        "australia",
        points("808,512 836,494 866,490 893,503 896,535 878,562 846,566 816,550"),
        ("indonesia",),
    ),
    LandMass(
        "australia",
        points("912,498 940,482 975,488 998,510 997,552 965,562 932,550 908,530"),
        ("new_guinea",),
    ),
    LandMass(
        "australia",
        points(
            "835,625 860,602 895,596 925,604 940,600 948,572 960,580 968,612 990,640 994,672 "
            "972,695 940,690 915,680 880,676 848,690 830,660"
        ),
        ("western_australia", "eastern_australia"),
    ),
)

SEEDS: dict[str, Seed] = {
    "alaska": Seed(62, 118),
    "northwest_territory": Seed(179, 89),
    "greenland": Seed(400, 55),
    "alberta": Seed(112, 167, 400),
    "ontario": Seed(240, 165),
    "quebec": Seed(325, 179),
    "western_united_states": Seed(128, 240),
    "eastern_united_states": Seed(258, 266, 500),
    "central_america": Seed(184, 336, 1300),
    "venezuela": Seed(308, 447, 100),
    "peru": Seed(258, 535, 400),
    "brazil": Seed(373, 513, 400),
    "argentina": Seed(274, 592),
    "iceland": Seed(487, 135),
    "scandinavia": Seed(571, 141),
    "great_britain": Seed(480, 228),
    "northern_europe": Seed(570, 280),
    "western_europe": Seed(479, 361, 450),
    "southern_europe": Seed(595, 346),
    "ukraine": Seed(665, 130),
    "north_africa": Seed(512, 506, 1800),
    "egypt": Seed(649, 459, 1600),
    "east_africa": Seed(667, 524, 2700),
    "congo": Seed(608, 584),
    "south_africa": Seed(625, 633, 100),
    "madagascar": Seed(725, 620),
    "ural": Seed(737, 170, 700),
    "siberia": Seed(803, 143),
    "yakutsk": Seed(896, 59),
    "kamchatka": Seed(946, 123, 100),
    "irkutsk": Seed(868, 132, 200),
    "mongolia": Seed(881, 216, 400),
    "japan": Seed(962, 265),
    "afghanistan": Seed(756, 284),
    "china": Seed(827, 264, 300),
    "middle_east": Seed(692, 362, 1300),
    "india": Seed(765, 383, 800),
    "siam": Seed(843, 407, 500),
    "indonesia": Seed(855, 528),
    "new_guinea": Seed(955, 518),
    "western_australia": Seed(878, 619, 400),
    "eastern_australia": Seed(956, 640),
}

# Territories too long for one round cell grow from more seeds (their cells are merged).
EXTRA_SEEDS: dict[str, tuple[Seed, ...]] = {
    # Ukraine runs from the Arctic Ocean to the Black Sea.
    "ukraine": (Seed(645, 275),),
}

# Where each continent's name and bonus go (in the sea beside it), and the text anchor.
CONTINENT_LABELS: dict[str, tuple[Point, str]] = {
    "north_america": ((130, 32), "middle"),
    "south_america": ((160, 655), "middle"),
    "europe": ((385, 255), "middle"),
    "africa": ((470, 610), "middle"),
    "asia": ((760, 520), "middle"),
    "australia": ((912, 713), "middle"),
}

# Where each continent's name goes on a phone held upright, whose map is turned a quarter
# clockwise: the name, turned back to read level, is centred on this point; it runs along the
# map's north-south axis, so it needs sea above and below the point rather than beside it.
CONTINENT_LABELS_TURNED: dict[str, Point] = {
    "north_america": (30, 323),
    "south_america": (196, 558),
    "europe": (385, 255),
    "africa": (470, 610),
    "asia": (760, 520),
    "australia": (806, 638),
}

# Short names for phones (at most five letters), en / es / it.
SHORT_NAMES: dict[str, tuple[str, str, str]] = {
    "alaska": ("Alas", "Alas", "Alas"),
    "northwest_territory": ("NWT", "TNO", "TNO"),
    "greenland": ("Grnl", "Groe", "Groe"),
    "alberta": ("Alb", "Alb", "Alb"),
    "ontario": ("Ont", "Ont", "Ont"),
    "quebec": ("Que", "Que", "Qué"),
    "western_united_states": ("WUS", "EUOc", "SUOc"),
    "eastern_united_states": ("EUS", "EUOr", "SUOr"),
    "central_america": ("CAm", "AmC", "AmC"),
    "venezuela": ("Ven", "Ven", "Ven"),
    "peru": ("Peru", "Perú", "Perù"),
    "brazil": ("Braz", "Bras", "Bras"),
    "argentina": ("Arg", "Arg", "Arg"),
    "iceland": ("Ice", "Isl", "Isl"),
    "scandinavia": ("Scan", "Esc", "Scan"),
    "great_britain": ("GB", "GB", "GB"),
    "northern_europe": ("NEur", "EurN", "EuSet"),
    "western_europe": ("WEur", "EurOc", "EuOcc"),
    "southern_europe": ("SEur", "EurS", "EuMer"),
    "ukraine": ("Ukr", "Rus", "Ucr"),
    "north_africa": ("NAfr", "ÁfrN", "AfrN"),
    "egypt": ("Egy", "Egi", "Egi"),
    "east_africa": ("EAfr", "ÁfrOr", "AfrOr"),
    "congo": ("Congo", "Congo", "Congo"),
    "south_africa": ("SAfr", "Sudáf", "Sudaf"),
    "madagascar": ("Mad", "Mad", "Mad"),
    "ural": ("Ural", "Ural", "Ural"),
    "siberia": ("Sib", "Sib", "Sib"),
    "yakutsk": ("Yak", "Yak", "Jak"),
    "kamchatka": ("Kam", "Kam", "Kam"),
    "irkutsk": ("Irk", "Irk", "Irk"),
    "mongolia": ("Mong", "Mong", "Mong"),
    "japan": ("Jap", "Jap", "Giap"),
    "afghanistan": ("Afg", "Afg", "Afg"),
    "china": ("China", "China", "Cina"),
    "middle_east": ("MEast", "OrMed", "MedOr"),
    "india": ("India", "India", "India"),
    "siam": ("Siam", "Siam", "Siam"),
    "indonesia": ("Indo", "Indo", "Indo"),
    "new_guinea": ("NGui", "NGui", "NGui"),
    "western_australia": ("WAus", "AusOc", "AusOc"),
    "eastern_australia": ("EAus", "AusOr", "AusOr"),
}

# Continent fills: Paul Tol's "light" qualitative scheme (made for areas under black text),
# assigned so that continents facing each other across a strait stay apart for the common
# colour-vision deficiencies; make_map derives a darker shade of each for dark mode.
CONTINENT_FILLS: dict[str, str] = {
    "north_america": "#EE8866",  # orange
    "south_america": "#99DDFF",  # light cyan
    "europe": "#77AADD",  # light blue
    "africa": "#BBCC33",  # pear
    "asia": "#44BB99",  # mint
    "australia": "#EEDD88",  # light yellow
}

# Links drawn along hand-chosen points instead of straight across the middle of the strait;
# each runs from the first territory of the engine's connection to the second.
LINK_ROUTES: dict[tuple[str, str], tuple[Point, ...]] = {
    # Out of Hudson Bay and across Hudson Strait, between the Northwest Territory and Quebec.
    ("ontario", "greenland"): ((280, 146), (276, 66), (358, 58)),
    # From Italy's toe to Tunisia, clear of Egypt.
    ("southern_europe", "north_africa"): ((563, 401), (545, 436)),
    # Across the Caucasus, clear of Afghanistan.
    ("ukraine", "middle_east"): ((699, 287), (706, 327)),
    # Across the Gulf of Aden, clear of Egypt.
    ("east_africa", "middle_east"): ((700, 512), (695, 452)),
    # West of Cape York, which belongs to Eastern Australia.
    ("new_guinea", "western_australia"): ((922, 538), (912, 608)),
}
