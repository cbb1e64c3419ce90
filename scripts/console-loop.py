#!/usr/bin/env python3
"""One signed-in client loading console pages in a loop, as a person browsing it would, only
without pauses: the overview (30 days), the links list, a search and a link's page, in turn,
one request at a time. scripts/load.sh starts it beside wrk with CONSOLE_LOOP=1, to check that
browsing the console does not slow the link domain.

usage: scripts/console-loop.py BASE-URL CONSOLE-KEY [SERVER-PID]

Runs until SERVER-PID exits (or SIGTERM / SIGINT), then prints to standard error how many pages
it loaded, their p50 / p95 time, and any answer that was not 200.
"""
import http.client, os, re, signal, sys, time, urllib.parse

BASE, KEY = sys.argv[1], sys.argv[2]
SERVER = int(sys.argv[3]) if len(sys.argv) > 3 else None
stop = False


def halt(*_):
    global stop
    stop = True


def alive():
    if SERVER is None:
        return True
    try:
        os.kill(SERVER, 0)
        return True
    except OSError:
        return False


def main():
    signal.signal(signal.SIGTERM, halt)
    signal.signal(signal.SIGINT, halt)
    address = urllib.parse.urlsplit(BASE)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    connection.request("POST", "/console/sign-in", urllib.parse.urlencode({"key": KEY}),
                       {"Content-Type": "application/x-www-form-urlencoded"})
    answer = connection.getresponse()
    answer.read()
    cookie = (answer.getheader("Set-Cookie") or "").split(";")[0]
    if answer.status != 303 or not cookie:
        print(f"console loop: sign-in answered {answer.status}", file=sys.stderr)
        return 1
    pages = ["/console?range=30", "/console/links", "/console/links?q=shared"]
    times, failures = [], {}
    while not stop and alive():
        for path in pages:
            began = time.perf_counter()
            try:
                connection.request("GET", path, headers={"Cookie": cookie})
                answer = connection.getresponse()
                text = answer.read().decode()
            except ConnectionRefusedError:
                halt()  # the server is gone (stopped before this process saw it exit)
                break
            except (OSError, http.client.HTTPException) as error:
                failures[type(error).__name__] = failures.get(type(error).__name__, 0) + 1
                connection.close()
                if not alive() or stop:
                    break
                continue
            times.append((time.perf_counter() - began) * 1000)
            if answer.status != 200:
                failures[answer.status] = failures.get(answer.status, 0) + 1
            found = re.search(r'href="(/console/links/[^"/?]+)"', text.replace('/console/links/new"', ""))
            if path == "/console/links" and found and len(pages) == 3:
                pages.append(found.group(1))
    times.sort()
    if times:
        p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
        print(f"console loop: {len(times)} pages ({', '.join(pages)}), p50 {p50:.1f} ms, "
              f"p95 {p95:.1f} ms; not 200: {failures or 'none'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
