#!/usr/bin/env python3
"""Rebuilds the postcode data the server ships (server/data/): the postcode districts of Great
Britain with their centroids, and the post towns placed at the centre of their districts.

    scripts/postcode-data.py --postcodes P2LL/postcodes --districts-table WIKI/postcodes/raw-html-table.ts

Sources (this machine reaches public source repositories, not the ONS site, so both are read
from checkouts of public repositories that republish them):

- Centroids: odileeds/Postcodes2LatLon, `postcodes/<AREA>.csv` (`Postcode,lat,long`, one row per
  postcode), derived from the ONS National Statistics Postcode Lookup, 2021 Census (May 2025),
  under the Open Government Licence v3.0. A district's centroid is the mean of its postcodes'
  coordinates (those without any are skipped).
- Post towns: the table of Wikipedia's "List of postcode districts in the United Kingdom" (CC BY-SA
  4.0), as NPrada/dealsrc-rightmove-scraper keeps it in `postcodes/raw-html-table.ts`. It also
  says which districts exist: an outward code in the ONS data but not in the list is a retired
  one (W1, SO1, ...) whose old postcodes remain in the lookup, and is left out.

Northern Ireland (BT: its postcode data needs a separate licence for commercial use), the Channel
Islands (GY, JE) and the Isle of Man (IM, neither in the ONS coordinates) are left out.

A post town is placed at the mean of its districts' centroids; where a name is used by towns far
apart (Newport in Gwent, on the Isle of Wight and in Shropshire), at the largest group of them.
"""
import argparse
import csv
import datetime
import html
import math
import re
import sys
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

LEFT_OUT_AREAS = {"BT", "GY", "JE", "IM"}
DISTRICT = re.compile(r"^[A-Z]{1,2}[0-9][0-9A-Z]?$")
# The districts of one post town lie within this of the group's first (in km); farther ones
# are another town of the same name.
TOWN_SPREAD_KM = 30.0
# Great Britain's bounds, to catch a misplaced row.
LATITUDES = (49.8, 60.9)
LONGITUDES = (-8.7, 1.8)

SOURCES = """# Postcode data: sources

Built by `scripts/postcode-data.py` on {built}. Do not edit by hand: run the script again.

- `postcode-districts.csv` ({districts} rows): the postcode districts of Great Britain (outward
  codes) and their centroids, the mean of their postcodes' coordinates. From the ONS National
  Statistics Postcode Lookup, 2021 Census (May 2025), as republished per postcode area by
  [odileeds/Postcodes2LatLon](https://github.com/odileeds/Postcodes2LatLon) (commit
  9322263c2470e322840428bd8c19aad26b9a2c55, 1 July 2025).
  Source: Office for National Statistics licensed under the Open Government Licence v.3.0.
  Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal
  Mail copyright and database right 2025.
- `post-towns.csv` ({towns} rows): each post town at the mean of the centroids of the districts
  whose post town it is (the largest group, where a name is used by towns far apart). Which
  districts exist and their post towns: Wikipedia, "List of postcode districts in the United
  Kingdom" (CC BY-SA 4.0), the table as kept by
  [NPrada/dealsrc-rightmove-scraper](https://github.com/NPrada/dealsrc-rightmove-scraper)
  (`postcodes/raw-html-table.ts`, commit 104e089edcbb0e8c1d1f0d9edd94d8868d407423, February 2024).
  `post-towns.csv` is shared under the same licence.
- `localities.csv` (kept by hand; this script leaves it alone): places that are no post town,
  such as Keynsham (served by Bristol's), with the districts that serve them; the server places
  each at their centre.

Left out: Northern Ireland (BT), whose postcode data needs a separate licence for commercial
use; Guernsey, Jersey and the Isle of Man (GY, JE, IM), which have no coordinates in the
lookup; outward codes no longer in use.
"""


def area_of(district: str) -> str:
    return re.match(r"[A-Z]+", district).group(0)


def order(district: str):
    match = re.match(r"([A-Z]+)([0-9]+)([A-Z]?)", district)
    return (match.group(1), int(match.group(2)), match.group(3))


def centroids(folder: Path) -> dict:
    """Outward code -> (latitude, longitude), the mean of its postcodes with coordinates."""
    sums = defaultdict(lambda: [0.0, 0.0, 0])
    files = sorted(folder.glob("*.csv"))
    if not files:
        sys.exit(f"no postcode area files (*.csv) in {folder}")
    for path in files:
        with path.open(newline="", encoding="utf-8") as file:
            rows = csv.reader(file)
            next(rows)
            for row in rows:
                if len(row) < 3 or not row[1].strip() or not row[2].strip():
                    continue
                outward = row[0].replace(" ", "").upper()[:-3]
                # Not a district: GIR 0AA, or a pre-1990s code filed under an area it is not in.
                if not DISTRICT.match(outward) or area_of(outward) in LEFT_OUT_AREAS:
                    continue
                latitude, longitude = float(row[1]), float(row[2])
                if not (LATITUDES[0] < latitude < LATITUDES[1] and LONGITUDES[0] < longitude < LONGITUDES[1]):
                    continue
                total = sums[outward]
                total[0] += latitude
                total[1] += longitude
                total[2] += 1
    return {district: (lat / count, lon / count) for district, (lat, lon, count) in sums.items()}


class TableCells(HTMLParser):
    """The table's rows as lists of cells; a cell is its texts, with a footnote as {"note": text}."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows, self.row, self.cell, self.note = [], None, None, None
        self.hidden = []

    def handle_starttag(self, tag, attrs):
        style = (dict(attrs).get("style") or "").replace(" ", "")
        if tag == "tr":
            self.row = []
        elif tag == "td" and self.row is not None:
            self.cell = []
        elif self.cell is not None:
            if tag == "span":
                self.hidden.append("display:none" in style)
            elif tag == "sup":
                self.note = []
            elif tag == "br":
                self.cell.append(" ")

    def handle_endtag(self, tag):
        if tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None
        elif tag == "td" and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif self.cell is not None:
            if tag == "span" and self.hidden:
                self.hidden.pop()
            elif tag == "sup" and self.note is not None:
                self.cell.append({"note": "".join(self.note).strip()})
                self.note = None

    def handle_data(self, data):
        if self.cell is None or any(self.hidden):
            return
        (self.note if self.note is not None else self.cell).append(data)


SMALL_WORDS = {"upon", "on", "in", "the", "by", "le", "under", "super", "de", "of", "and", "sub"}


def town_name(text: str) -> str:
    """`MALTON` and `Whitby` alike as `Malton`, `Whitby`; citation marks dropped."""
    name = re.sub(r"\[\d+\]", "", html.unescape(text)).strip()
    if not name.isupper():
        return name
    words = re.split(r"(\s+|-)", name.lower())
    return "".join(word if index and word in SMALL_WORDS else word[:1].upper() + word[1:] for index, word in enumerate(words))


def post_towns(table: Path) -> dict:
    """District -> its post towns (those of its geographic postcodes, if it has any)."""
    cells = TableCells()
    cells.feed(table.read_text(encoding="utf-8"))
    towns = defaultdict(dict)  # district -> town -> only its non-geographic postcodes
    for row in cells.rows:
        if len(row) < 3:
            continue
        town = town_name(re.sub(r"\s+", " ", "".join(part for part in row[2] if isinstance(part, str))))
        if not town:
            continue
        last = None
        for part in row[1]:
            if isinstance(part, dict):
                if part["note"].lower().startswith("non-geo") and last is not None:
                    towns[last][town] = True
                continue
            for token in re.split(r"[,\s]+", part):
                token = token.strip().upper()
                if DISTRICT.match(token) and area_of(token) not in LEFT_OUT_AREAS:
                    last = token
                    towns[token].setdefault(town, False)
    # A town named only for a district's non-geographic postcodes (WV1's Willenhall) is not where it is.
    return {
        district: sorted(town for town, non_geographic in named.items() if not non_geographic or all(named.values()))
        for district, named in towns.items()
    }


def km_between(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def place_town(points: list) -> tuple:
    """The mean of the largest group of `points` lying within TOWN_SPREAD_KM of one of them."""
    best = max(points, key=lambda seed: sum(km_between(seed, other) <= TOWN_SPREAD_KM for other in points))
    group = [point for point in points if km_between(best, point) <= TOWN_SPREAD_KM]
    return (sum(p[0] for p in group) / len(group), sum(p[1] for p in group) / len(group), len(group))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postcodes", type=Path, required=True, help="the postcodes/ folder of odileeds/Postcodes2LatLon")
    parser.add_argument("--districts-table", type=Path, required=True, help="postcodes/raw-html-table.ts of NPrada/dealsrc-rightmove-scraper")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "server" / "data")
    args = parser.parse_args()

    located = centroids(args.postcodes)
    towns_of = post_towns(args.districts_table)
    districts = sorted((district for district in located if district in towns_of), key=order)

    points_of_town = defaultdict(list)
    for district in districts:
        for town in towns_of[district]:
            points_of_town[town].append(located[district])
    towns = sorted((town, *place_town(points)) for town, points in points_of_town.items())

    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "postcode-districts.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(["district", "latitude", "longitude"])
        writer.writerows([district, f"{located[district][0]:.5f}", f"{located[district][1]:.5f}"] for district in districts)
    with (args.out / "post-towns.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(["town", "latitude", "longitude", "districts"])
        writer.writerows([town, f"{lat:.5f}", f"{lon:.5f}", count] for town, lat, lon, count in towns)
    built = datetime.date.today().isoformat()
    (args.out / "SOURCES.md").write_text(SOURCES.format(built=built, districts=len(districts), towns=len(towns)), encoding="utf-8")
    print(f"{len(districts)} districts, {len(towns)} post towns written to {args.out}")
    unplaced = sorted(set(towns_of) - set(located), key=order)
    print(f"in the list without coordinates (left out): {' '.join(unplaced) or 'none'}")


if __name__ == "__main__":
    main()
