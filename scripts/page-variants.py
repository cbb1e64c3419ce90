#!/usr/bin/env python3
"""Writes every landing-page variant linkgen makes, as HTML files, for the page gate.

    scripts/page-variants.py LINKGEN OUT_DIR

LINKGEN is the linkgen executable. Starts `linkgen serve` for the OpenList example on a free
loopback port and fetches, in English and Korean (Accept-Language), the page each client gets:
desktop, iPhone, iPad, Android (Chrome, Firefox), every in-app browser of the server's table
(Sources/LinkServer/Package/ClientTables.swift) on iOS and Android, a link-preview crawler,
the home route, an invite, the 404 page. Adds `linkgen page` output (the page for any device)
for the OpenList table as it is and without its pages section (the default colours and
templates), and for the photos example (the opaque scheme form, `intent:` without `//`). One file per variant, <source>-<locale>-<client>-<route>.html.
"""

import json
import re
import subprocess
import tempfile
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENLIST = ROOT / "Examples/openlist/linkgen.json"
ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

IOS = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
       "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
IPAD = ("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
           "(KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36")
ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0"
DESKTOP = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0.0.0 Safari/537.36")
CRAWLER = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"

ROUTES = {"checklist": f"/shared-checklists/{ID}", "home": "/", "invite": "/invite/ABC123?role=editor"}


def in_app_agents():
    """(id, iOS user agent, Android user agent) for each row of the server's in-app table."""
    source = (ROOT / "Sources/LinkServer/Package/ClientTables.swift").read_text(encoding="utf-8")
    rows = re.findall(r'InAppBrowser\(\s*id: "([^"]+)",\s*name: "[^"]+",\s*tokens: \["([^"]+)"', source)
    if len(rows) < 8:
        sys.exit(f"page-variants: found {len(rows)} in-app browsers in ClientTables.swift; the pattern is stale")
    return [(row_id, f"{IOS} {token.strip()} 1.0", f"{ANDROID} {token.strip()} 1.0") for row_id, token in rows]


def clients():
    """(name, user agent, routes) for each page the server tells apart."""
    result = [("desktop", DESKTOP, list(ROUTES)), ("iphone", IOS, list(ROUTES)),
              ("ipad", IPAD, ["checklist"]), ("android", ANDROID, list(ROUTES)),
              ("android-firefox", ANDROID_FIREFOX, ["checklist"]), ("crawler", CRAWLER, ["checklist"])]
    for row_id, ios, android in in_app_agents():
        result += [(f"{row_id}-ios", ios, ["checklist"]), (f"{row_id}-android", android, ["checklist"])]
    return result


def start_server(linkgen):
    process = subprocess.Popen(
        [linkgen, "serve", "--port", "0", "--no-database", "--config", str(OPENLIST)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line or "")
        if found:
            return process, int(found.group(1))
        if not line and process.poll() is not None:
            break
    process.kill()
    sys.exit("page-variants: linkgen serve did not start")


def fetch(port, path, agent, language):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     headers={"User-Agent": agent, "Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return error.read()
        raise


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    linkgen, out = str(Path(sys.argv[1]).resolve()), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    process, port = start_server(linkgen)
    try:
        for locale in ("en", "ko"):
            for client, agent, routes in clients():
                for route in routes:
                    body = fetch(port, ROUTES[route], agent, locale)
                    (out / f"serve-{locale}-{client}-{route}.html").write_bytes(body)
                    count += 1
            (out / f"serve-{locale}-any-404.html").write_bytes(fetch(port, "/no/such/link", IOS, locale))
            count += 1
    finally:
        process.terminate()
        process.wait(timeout=30)
    with tempfile.TemporaryDirectory() as scratch:
        plain = Path(scratch) / "linkgen.json"
        table = json.loads(OPENLIST.read_text(encoding="utf-8"))
        del table["pages"]
        plain.write_text(json.dumps(table), encoding="utf-8")
        for locale in ("en", "ko"):
            for name, config in (("openlist", OPENLIST), ("default", plain)):
                file = out / f"page-{locale}-{name}.html"
                subprocess.run([linkgen, "page", "shared-checklist", "--id", ID, "--field", "inviter=Ada",
                                "--field", "title=Groceries", "--locale", locale, "--config", str(config),
                                "--out", str(file)], cwd=ROOT, check=True)
                count += 1
            # The photos example: a table in the opaque scheme form (`myphotoapp:{albumname}`).
            file = out / f"page-{locale}-photos.html"
            subprocess.run([linkgen, "page", "album-photo", "--albumname", "summer", "--index", "1",
                            "--locale", locale, "--config", str(ROOT / "Examples/photos/linkgen.json"),
                            "--out", str(file)], cwd=ROOT, check=True)
            count += 1
    print(f"page-variants: {count} pages in {out}")


if __name__ == "__main__":
    main()
