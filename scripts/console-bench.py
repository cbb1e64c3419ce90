#!/usr/bin/env python3
"""The console's pages at scale, through HTTP: p50 and p95 of each page as a signed-in browser
loads it from a real `linkgen serve`, on a database scripts/console-data.py filled (100,000
links, a year of counters). A benchmark, not a test. scripts/console-bench.sh runs it.

usage: scripts/console-bench.py DATABASE-URL [path/to/linkgen] [runs]

Makes a console key in the database, starts `linkgen serve` on a free loopback port (schema
migrations run first: the first start after an upgrade takes longer), signs in, walks the
links list 200 pages deep to find a deep cursor, then loads each page once to warm up and
`runs` times (20) more, one request at a time over one connection, and prints a Markdown
table of the server's answer times as the client sees them (request sent to body read).
"""
import http.client, json, os, re, subprocess, sys, tempfile, time, urllib.parse

URL = sys.argv[1]
LINKGEN = sys.argv[2] if len(sys.argv) > 2 else ".build/release/linkgen"
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 20
TABLE = "Examples/openlist/linkgen.json"


def start(tmp):
    made = subprocess.run([LINKGEN, "keys", "create", "--scope", "console", "--format", "json",
                           "--name", "console-bench", "--database", URL],
                          check=True, capture_output=True, text=True)
    key = json.loads(made.stdout)["key"]
    out = open(os.path.join(tmp, "out"), "w+")
    server = subprocess.Popen([LINKGEN, "serve", "--port", "0", "--config", TABLE, "--database", URL,
                               "--insecure-console-cookies"], stdout=out, stderr=subprocess.STDOUT)
    for _ in range(6000):
        out.seek(0)
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", out.read())
        if found:
            return server, int(found.group(1)), key
        if server.poll() is not None:
            break
        time.sleep(0.05)
    out.seek(0)
    raise SystemExit("linkgen serve did not start:\n" + out.read())


class Client:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port)
        self.cookie = ""

    def request(self, method, path, body=None):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body, headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        return response, text

    def sign_in(self, key):
        response, _ = self.request("POST", "/console/sign-in", urllib.parse.urlencode({"key": key}))
        cookie = response.getheader("Set-Cookie") or ""
        if response.status != 303 or not cookie:
            raise SystemExit(f"sign-in answered {response.status}")
        self.cookie = cookie.split(";")[0]

    def get(self, path):
        response, text = self.request("GET", path)
        if response.status != 200:
            raise SystemExit(f"GET {path} answered {response.status}")
        return text


def deep_cursor(client, pages):
    """The `after` cursor of page `pages + 1` of the links list, by following "next"."""
    text = client.get("/console/links")
    after = None
    for _ in range(pages):
        found = re.search(r'href="/console/links\?[^"]*after=([^"&]+)', text)
        if not found:
            break
        after = urllib.parse.unquote(found.group(1))
        text = client.get("/console/links?" + urllib.parse.urlencode({"after": after}))
    return after


def time_page(client, path):
    client.get(path)
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        client.get(path)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        server, port, key = start(tmp)
        try:
            client = Client(port)
            client.sign_in(key)
            first = client.get("/console/links")
            code = re.search(r'href="/console/links/([^"/?]+)"', first.replace('href="/console/links/new"', "")).group(1)
            after = deep_cursor(client, 200)
            pages = [
                ("overview, 7 days", "/console?range=7"),
                ("overview, 30 days", "/console?range=30"),
                ("overview, 90 days", "/console?range=90"),
                ("links, first page (50)", "/console/links"),
                ("links, page 201 (10,000 deep)", "/console/links?" + urllib.parse.urlencode({"after": after})),
                ("links of one route", "/console/links?route=invite"),
                ("search by value (`editor`)", "/console/links?q=editor"),
                ("search, no match", "/console/links?q=zzzz-no-such"),
                ("a link's page (30 days)", "/console/links/" + code),
            ]
            print("| page | p50 (ms) | p95 (ms) |")
            print("| --- | --- | --- |")
            for name, path in pages:
                p50, p95 = time_page(client, path)
                print(f"| {name} | {p50:.1f} | {p95:.1f} |", flush=True)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
