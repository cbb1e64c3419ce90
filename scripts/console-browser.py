#!/usr/bin/env python3
"""The console in Debian's Chromium through selenium + chromium-driver (docs/console.md).

Starts `linkgen serve` (SQLite in a temporary directory, --insecure-console-cookies), sends
hostile data through the public endpoints (links with hostile values, clicks with hostile
Referer headers), then in English and in Korean: signs in, makes a link through the form (a
bad value first, and sees its error), finds it in the list, opens its page, downloads its QR
code and decodes it with zbarimg, exports CSV, loads every console page checking that no
injected script ran and no CSP violation was reported, signs out and sees /console refuse.

usage: scripts/console-browser.py [path/to/linkgen]   (exit 0 when everything held)
"""
import json, os, re, subprocess, sys, tempfile, time, urllib.request, urllib.parse

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

LINKGEN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/linkgen"
TABLE = "Examples/openlist/linkgen.json"
HOSTILE = "\"'><script>window.__pwned=1</script><img src=x onerror=window.__pwned=2>"


def run(*args):
    return subprocess.run([LINKGEN, *args], check=True, capture_output=True, text=True).stdout


def start(tmp):
    db = "sqlite:" + os.path.join(tmp, "db.sqlite")
    console = json.loads(run("keys", "create", "--scope", "console", "--format", "json", "--database", db))["key"]
    api = json.loads(run("keys", "create", "--scope", "links:create", "--format", "json", "--database", db))["key"]
    out = open(os.path.join(tmp, "out"), "w+")
    server = subprocess.Popen([LINKGEN, "serve", "--port", "0", "--config", TABLE, "--database", db,
                               "--insecure-console-cookies", "--flush-interval", "1"],
                              stdout=out, stderr=subprocess.DEVNULL)
    for _ in range(600):
        out.seek(0)
        found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", out.read())
        if found:
            return server, found.group(1), console, api
        time.sleep(0.05)
    raise SystemExit("linkgen serve did not start")


def hostile_data(base, api):
    body = json.dumps({"route": "search", "params": {"query": HOSTILE, "from": HOSTILE[:40]}}).encode()
    request = urllib.request.Request(base + "/api/v1/links", body, method="POST", headers={
        "Authorization": "Bearer " + api, "Content-Type": "application/json"})
    code = json.load(urllib.request.urlopen(request))["code"]
    for referer in ["https://evil.example/" + HOSTILE, "https://x\"><script>window.__pwned=3</script>/",
                    "https://<img src=x onerror=window.__pwned=4>.example/", "javascript:alert(1)"]:
        request = urllib.request.Request(base + "/s/" + code, headers={
            "Referer": urllib.parse.quote(referer, safe=":/<>\"'=; "),
            "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X)"})
        try:
            urllib.request.urlopen(request).read()
        except Exception:
            pass
    return code


def browser(language):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--lang=" + language]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language,
                                              "download.default_directory": tempfile.gettempdir()})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def check_clean(driver, page):
    pwned = driver.execute_script("return window.__pwned === undefined ? null : window.__pwned")
    assert pwned is None, f"{page}: injected script ran ({pwned})"
    problems = [entry["message"] for entry in driver.get_log("browser")
                if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
    assert not problems, f"{page}: CSP violations: {problems}"


def fetch(driver, base, path):
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    request = urllib.request.Request(base + path, headers={"Cookie": cookie})
    return urllib.request.urlopen(request).read()


def session(base, key, hostile_code, language, tmp):
    driver = browser(language)
    words = {"en": ("Create", "Sign out"), "ko": ("만들기", "로그아웃")}[language]
    try:
        driver.get(base + "/console")
        assert driver.current_url.endswith("/console/sign-in"), driver.current_url
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        driver.find_element(By.NAME, "key").send_keys(key)
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        WebDriverWait(driver, 30).until(lambda d: not d.current_url.endswith("/sign-in"))
        assert driver.current_url.rstrip("/").endswith("/console"), driver.current_url
        check_clean(driver, "overview")
        driver.get(base + "/console/links/new?route=invite")
        driver.find_element(By.NAME, "p.code").send_keys("bad!")
        driver.find_element(By.XPATH, f"//button[text()='{words[0]}']").click()
        # A click does not wait for the form's answer: wait for the page it brings.
        error = WebDriverWait(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "p.error"))[0].text
        assert error, "no error next to the field"
        field = driver.find_element(By.NAME, "p.code")
        assert field.get_attribute("value") == "bad!", "the value was not kept"
        field.clear()
        field.send_keys("ABC123")
        driver.find_element(By.XPATH, f"//button[text()='{words[0]}']").click()
        WebDriverWait(driver, 30).until(lambda d: not d.current_url.split("?")[0].endswith("/new"))
        code = driver.current_url.rsplit("/", 1)[1]
        assert re.fullmatch(r"[a-z0-9-]+", code), driver.current_url
        check_clean(driver, "link page")
        driver.get(base + "/console/links?q=ABC123")
        assert driver.find_elements(By.LINK_TEXT, code), "the new link is not in the list"
        for page in ["/console", "/console/links", "/console/links/" + hostile_code,
                     "/console/links/new?route=search", "/console/links/" + code]:
            driver.get(base + page)
            check_clean(driver, page)
        png = os.path.join(tmp, f"{language}.png")
        open(png, "wb").write(fetch(driver, base, f"/console/links/{code}/qr.png?scans=1&download=1"))
        decoded = subprocess.run(["zbarimg", "--raw", "-q", png], capture_output=True, text=True).stdout.strip()
        assert decoded.endswith(f"/s/{code}?src=qr"), decoded
        csv = fetch(driver, base, "/console/links.csv?q=ABC123").decode()
        assert csv.startswith("code,route,") and code in csv, csv[:200]
        assert fetch(driver, base, "/console/overview.csv").decode().startswith("day,clicks")
        driver.get(base + "/console")
        driver.find_element(By.XPATH, f"//button[text()='{words[1]}']").click()
        WebDriverWait(driver, 30).until(lambda d: d.current_url.endswith("/sign-in"))
        driver.get(base + "/console/links")
        assert driver.current_url.endswith("/console/sign-in"), "signed out, /console still answers"
        print(f"{language}: signed in, made {code}, listed, QR decoded, CSV, clean pages, signed out")
    finally:
        driver.quit()


def main():
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        server, base, key, api = start(tmp)
        try:
            hostile = hostile_data(base, api)
            time.sleep(1.5)  # the click counts' flush interval, so the referrers show
            for language in ["en", "ko"]:
                session(base, key, hostile, language, tmp)
        finally:
            server.terminate()
            server.wait()
    print(f"console-browser: ok in {time.time() - started:.1f} s")


if __name__ == "__main__":
    main()
