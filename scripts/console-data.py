#!/usr/bin/env python3
"""Fills a linkgen database with 100,000 short links and a year of click counters, for the
console's scale benchmark (scripts/console-bench.sh).

    python3 scripts/console-data.py sqlite:/tmp/console.sqlite
    python3 scripts/console-data.py postgres://user:pass@127.0.0.1:5432/db [--links N] [--days N]

The database must exist and be migrated (open it once: `linkgen stats --database URL`); rows
are added beside what is there. The links belong to the openlist example's routes, made over
the last --days days (about as many each day); each gets people's clicks on a few days from
its creation (fewer each day after), from three platforms, a dozen referrer hosts and a few
in-app browsers, some store taps, scans and bots. The counters go through the schema's
roll-up triggers as the server's would. Then visitor estimates per link, route and site and
day (about four fifths of the day's people's page clicks; their HyperLogLog registers are left
empty, so a later flush's merge recounts only what it adds). Deterministic (--seed).
"""
import argparse
import io
import json
import random
import sqlite3
import subprocess
import sys
import time
import uuid

ROUTES = ["shared-checklist", "checklist-item", "checklist", "invite"]
REFERRERS = ["", "", "", "news.example.com", "t.co", "l.instagram.com", "m.facebook.com",
             "www.google.com", "kakaotalk.com", "mail.example.org", "blog.example.net",
             "www.reddit.com", "lnkd.in", "slack.com"]
BROWSERS = ["", "", "", "", "instagram", "facebook", "kakaotalk", "line"]
PLATFORMS = ["ios", "android", "desktop"]
BOTS = ["crawler:facebookexternalhit", "crawler:slackbot", "method:head", "automation:curl/",
        "prefetch"]
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def values(route, rng):
    u = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    if route == "shared-checklist":
        return {"id": u}
    if route == "checklist-item":
        return {"item": str(rng.randint(1, 10000)), "list": u}
    if route == "checklist":
        return {"layout": rng.choice(["list", "board"]), "list": u}
    code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
    return {"code": code, "role": rng.choice(["viewer", "editor"])}


def generate(args):
    rng = random.Random(args.seed)
    today = int(time.time() // 86400)
    first = today - args.days + 1
    links, counts = [], {}

    def add(key, n):
        counts[key] = counts.get(key, 0) + n

    for index in range(args.links):
        code = "".join(rng.choice(ALPHABET) for _ in range(12))
        route = rng.choice(ROUTES)
        day = first + index * args.days // args.links
        created = min(day * 86400 + rng.randint(0, 86399), int(time.time()) - 60)  # not ahead
        params = json.dumps(values(route, rng), separators=(",", ":"), sort_keys=True)
        visits = 0
        active, d = max(1, int(rng.expovariate(1 / 4))), day
        for offset in range(active):
            d = day + offset
            if d > today:
                break
            people = max(1, int(rng.expovariate(1 / (12 / (offset + 1)))))
            visits += people
            for _ in range(min(people, 3)):
                key = (d, route, code, "page", rng.choice(PLATFORMS), rng.choice(BROWSERS),
                       rng.choice(REFERRERS), "")
                add(key, max(1, people // 3))
            if rng.random() < 0.3:
                add((d, route, code, "scan", rng.choice(PLATFORMS), "", "", ""), 1)
            if rng.random() < 0.2:
                add((d, route, code, "store", rng.choice(PLATFORMS[:2]), "", "", ""), 1)
            if rng.random() < 0.5:
                add((d, route, code, "page", "other", "", rng.choice(REFERRERS),
                     rng.choice(BOTS)), rng.randint(1, 4))
        links.append((code, route, params, created, visits))
    return links, counts


def visitors_sql(registers):
    """Statements adding the visitor estimates from the people's page counters."""
    estimate = "MAX(1, CAST(SUM(count) * 4 / 5 AS INTEGER))"
    if not registers.startswith("zeroblob"):
        estimate = "GREATEST(1, SUM(count) * 4 / 5)"
    levels = [("route", "code"), ("route", "'*'"), ("'*'", "'*'")]
    return [
        f"INSERT INTO linkgen_visitors (day, route, code, registers, estimate) "
        f"SELECT day, {route}, {code}, {registers}, {estimate} FROM linkgen_counts "
        f"WHERE event = 'page' AND bot = '' AND code <> '' "
        f"GROUP BY {', '.join(c for c in ['day', route, code] if c != chr(39) + '*' + chr(39))} "
        f"ON CONFLICT DO NOTHING"
        for route, code in levels
    ]


def fill_sqlite(path, links, counts):
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    with db:
        db.executemany(
            "INSERT INTO linkgen_links (code, route, params, created_at, visits, custom) "
            "VALUES (?, ?, ?, ?, ?, 0)", links)
        db.executemany(
            "INSERT INTO linkgen_counts (day, route, code, event, platform, browser, referrer, "
            "bot, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT DO UPDATE SET count = count + excluded.count",
            [key + (n,) for key, n in counts.items()])
        for statement in visitors_sql("zeroblob(1024)"):
            db.execute(statement)
    db.execute("ANALYZE")
    db.close()


def fill_postgres(url, links, counts):
    def copy(table, columns, rows):
        data = io.StringIO()
        for row in rows:
            data.write("\t".join(str(v) for v in row) + "\n")
        subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c",
                        f"\\copy {table} ({columns}) FROM STDIN"],
                       input=data.getvalue().encode(), check=True)
    copy("linkgen_links", "code, route, params, created_at, visits, custom",
         [row + ("false",) for row in links])
    copy("linkgen_counts", "day, route, code, event, platform, browser, referrer, bot, count",
         [key + (n,) for key, n in counts.items()])
    for statement in visitors_sql("array_fill(0::smallint, ARRAY[1024])"):
        subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement], check=True)
    subprocess.run(["psql", url, "-q", "-c", "ANALYZE linkgen_links, linkgen_counts, "
                    "linkgen_counts_site, linkgen_link_days, linkgen_visitors"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database", help="sqlite:PATH or postgres://…")
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    started = time.time()
    links, counts = generate(args)
    print(f"console-data: {len(links)} links, {len(counts)} counters "
          f"({sum(counts.values())} hits) generated", file=sys.stderr)
    if args.database.startswith("sqlite:"):
        fill_sqlite(args.database[len("sqlite:"):], links, counts)
    elif args.database.startswith(("postgres://", "postgresql://")):
        fill_postgres(args.database, links, counts)
    else:
        sys.exit("console-data: the database must be sqlite:PATH or postgres://…")
    print(f"console-data: written in {time.time() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
