#!/usr/bin/env python3
"""Soak test of `linkgen serve` with a database: mixed traffic for a fixed time on 127.0.0.1.

    python3 scripts/soak.py --seconds 300                      # SQLite in a temporary folder
    python3 scripts/soak.py --seconds 300 --database postgres://linkgen:linkgen@127.0.0.1/linkgen_test?schema=soak1
    SOAK=300 scripts/load.sh                                    # the same, through load.sh

Workers on keep-alive connections send short-link pages (people and link previews), resolve
calls, link creations and stats reads. Every response is checked (status and, for pages, the
body); the script then stops the server with SIGTERM (which writes the last click counts), reads
`linkgen stats`, and compares: the recorded clicks of people and bots must equal what was sent,
with zero errors, and the server's resident memory must stay flat (sampled every 5 s). Exits 1
when any of that fails. Needs a release build (.build/release/linkgen).
"""
import argparse, http.client, json, os, random, re, signal, subprocess, sys, tempfile, threading, time

LINKGEN = ".build/release/linkgen"
ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
PEOPLE = [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
]
PREVIEW = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--config", default="Examples/openlist/linkgen.json")
    parser.add_argument("--database", default="")
    parser.add_argument("--linkgen", default=LINKGEN)
    options = parser.parse_args()
    linkgen = options.linkgen
    work = tempfile.mkdtemp(prefix="linkgen-soak-")
    database = options.database or f"sqlite:{work}/soak.sqlite"
    out = open(f"{work}/out", "w+")
    err = open(f"{work}/err", "w+")
    server = subprocess.Popen(
        [linkgen, "serve", "--config", options.config, "--port", "0", "--log-level", "notice",
         "--database", database, "--rate-limit", "0", "--key-rate-limit", "0", "--flush-interval", "2"],
        stdout=out, stderr=err)
    port = None
    for _ in range(600):
        out.seek(0)
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", out.read())
        if found:
            port = int(found.group(1))
            break
        time.sleep(0.1)
    if port is None:
        err.seek(0)
        sys.exit("soak: the server did not start: " + err.read())
    key = subprocess.run([linkgen, "keys", "create", "--scope", "links:create,stats:read",
                          "--database", database], capture_output=True, text=True, check=True).stdout.strip()

    lock = threading.Lock()
    codes = []
    people = {}   # code -> person page views answered 200
    bots = {}     # code -> preview views answered 200
    counts = {"page": 0, "preview": 0, "resolve": 0, "create": 0, "stats": 0}
    errors = []
    deadline = time.time() + options.seconds

    def request(connection, method, path, headers, body=None):
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def create(connection):
        body = json.dumps({"route": "shared-checklist", "params": {"id": ID}})
        status, data = request(connection, "POST", "/api/v1/links",
                               {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}, body)
        if status != 201:
            raise RuntimeError(f"create: {status} {data[:200]!r}")
        code = json.loads(data)["code"]
        with lock:
            codes.append(code)
            people.setdefault(code, 0)
            bots.setdefault(code, 0)
        return code

    first = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(20):
        create(first)

    def worker(seed):
        rng = random.Random(seed)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.time() < deadline:
            roll = rng.random()
            with lock:
                code = rng.choice(codes)
            try:
                if roll < 0.75:
                    status, data = request(connection, "GET", f"/s/{code}", {"User-Agent": rng.choice(PEOPLE)})
                    if status != 200 or b"<html" not in data:
                        raise RuntimeError(f"page: {status}")
                    with lock:
                        people[code] += 1
                        counts["page"] += 1
                elif roll < 0.85:
                    status, _ = request(connection, "GET", f"/s/{code}", {"User-Agent": PREVIEW})
                    if status != 200:
                        raise RuntimeError(f"preview: {status}")
                    with lock:
                        bots[code] += 1
                        counts["preview"] += 1
                elif roll < 0.95:
                    status, data = request(connection, "GET", f"/api/v1/links/{code}", {})
                    if status != 200 or json.loads(data)["route"] != "shared-checklist":
                        raise RuntimeError(f"resolve: {status}")
                    with lock:
                        counts["resolve"] += 1
                elif roll < 0.98:
                    create(connection)
                    with lock:
                        counts["create"] += 1
                else:
                    status, data = request(connection, "GET", "/api/v1/stats?groupBy=route",
                                           {"Authorization": f"Bearer {key}"})
                    if status != 200 or "rows" not in json.loads(data):
                        raise RuntimeError(f"stats: {status}")
                    with lock:
                        counts["stats"] += 1
            except Exception as error:  # noqa: BLE001 — every failure is an error of the soak
                with lock:
                    errors.append(str(error))
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(options.workers)]
    start = time.time()
    for thread in threads:
        thread.start()
    samples = []
    while any(thread.is_alive() for thread in threads):
        samples.append((round(time.time() - start), rss_mb(server.pid)))
        time.sleep(5)
    for thread in threads:
        thread.join()
    elapsed = time.time() - start
    server.send_signal(signal.SIGTERM)
    status = server.wait(timeout=60)
    stats = json.loads(subprocess.run(
        [linkgen, "stats", "--database", database, "--by", "link", "--days", "2", "--format", "json"],
        capture_output=True, text=True, check=True).stdout)
    recorded = {row["link"]: (row["clicks"], row["bots"]) for row in stats["rows"] if row["link"]}
    sent_people = sum(people.values())
    sent_bots = sum(bots.values())
    got_people = sum(recorded.get(code, (0, 0))[0] for code in codes)
    got_bots = sum(recorded.get(code, (0, 0))[1] for code in codes)
    mismatched = [code for code in codes if recorded.get(code, (0, 0)) != (people[code], bots[code])]
    total = sum(counts.values())
    warm = [mb for t, mb in samples if t >= 30] or [mb for _, mb in samples]
    flat = warm[-1] <= warm[0] * 1.2 + 5 if warm else True
    print(f"soak: {elapsed:.0f} s, {options.workers} workers, {total} requests ({total / elapsed:.0f}/s): {counts}")
    print(f"soak: errors {len(errors)}{' ' + errors[0] if errors else ''}")
    print(f"soak: person clicks sent {sent_people}, recorded {got_people}; previews sent {sent_bots}, recorded as bots {got_bots}; "
          f"short links {len(codes)}, mismatched {len(mismatched)}")
    print("soak: resident memory MB (s, MB): " + ", ".join(f"{t}:{mb:.0f}" for t, mb in samples[::max(1, len(samples) // 12)])
          + f"; from {warm[0]:.0f} to {warm[-1]:.0f} after warm-up: {'flat' if flat else 'GROWING'}")
    print(f"soak: server exit status {status}")
    ok = not errors and sent_people == got_people and sent_bots == got_bots and not mismatched and flat and status == 0
    print("soak: " + ("met" if ok else "MISSED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
