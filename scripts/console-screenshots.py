#!/usr/bin/env python3
"""Screenshots of the console's pages for docs/console.md, with realistic data: every page
(sign-in, overview, links, a link with its QR code, a new link with a field's error) in light
and dark, at desktop (1280 px) and phone (390 px) width, plus the overview and sign-in in
Korean, written to docs/images/console-<page>-<light|dark>-<desktop|phone>.png and
docs/images/console-<page>-ko.png.

The database: scripts/console-data.py's links and counters (a small set: 400 links over 90
days), one link made through the API, and a few clicks on it through the public endpoint.

usage: scripts/console-screenshots.py [path/to/linkgen]
"""
import importlib.util, json, os, subprocess, sys, tempfile, time, urllib.request

spec = importlib.util.spec_from_file_location("cb", os.path.join(os.path.dirname(__file__), "console-browser.py"))
cb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cb)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

LIST = "6f1c2a9e-3b7d-4c55-9a0e-2d8f1b4c7e31"
AGENTS = ["iPhone; CPU iPhone OS 18_6 like Mac OS X", "Linux; Android 14; Pixel 8",
          "Macintosh; Intel Mac OS X 10_15_7"]
REFERRERS = ["https://news.example.com/spring", "https://t.co/x", "https://l.instagram.com/"]


def fill(tmp):
    """The database cb.start opens, with console-data.py's small set in it."""
    database = "sqlite:" + os.path.join(tmp, "db.sqlite")
    cb.run("stats", "--database", database)
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "console-data.py"),
                    database, "--links", "400", "--days", "90"], check=True, capture_output=True)


def sample_link(base, api):
    body = json.dumps({"route": "shared-checklist", "params": {"id": LIST}}).encode()
    request = urllib.request.Request(base + "/api/v1/links", body, method="POST", headers={
        "Authorization": "Bearer " + api, "Content-Type": "application/json"})
    code = json.load(urllib.request.urlopen(request))["code"]
    for index in range(24):
        request = urllib.request.Request(base + "/s/" + code, headers={
            "User-Agent": f"Mozilla/5.0 ({AGENTS[index % 3]}) AppleWebKit/605.1.15",
            "Referer": REFERRERS[index % 3], "X-Forwarded-For": f"198.51.100.{index}"})
        urllib.request.urlopen(request).read()
    return code


# How much of each page a screenshot shows (desktop, phone): enough for a link's charts.
HEIGHTS = {"link": (1500, 2300), "overview": (1000, 1500)}


def emulate(driver, dark, width, page=""):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    desktop, phone = HEIGHTS.get(page, (1000, 1100))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": desktop if width > 600 else phone, "deviceScaleFactor": 1,
        "mobile": width < 600})


def shoot(driver, name):
    out = f"docs/images/console-{name}.png"
    driver.save_screenshot(out)
    print(out, os.path.getsize(out))


def field_error(driver, base, words):
    driver.get(base + "/console/links/new?route=invite")
    driver.find_element(By.NAME, "p.code").send_keys("bad!")
    driver.find_element(By.XPATH, f"//button[text()='{words}']").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.error"))


def pages(driver, base, key, code, suffix, words, dark, width, only=None):
    """Signs in (shooting the form first), then shoots each page; signs out at the end."""
    driver.delete_all_cookies()
    driver.get(base + "/console/sign-in")
    if only is None or "sign-in" in only:
        shoot(driver, "sign-in-" + suffix)
    driver.find_element(By.NAME, "key").send_keys(key)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(driver, 30).until(lambda d: not d.current_url.endswith("/sign-in"))
    for page, path in [("overview", "/console?range=30"), ("links", "/console/links"),
                       ("link", "/console/links/" + code)]:
        if only is None or page in only:
            emulate(driver, dark, width, page)
            driver.get(base + path)
            shoot(driver, f"{page}-{suffix}")
    emulate(driver, dark, width)
    if only is None:
        field_error(driver, base, words)
        shoot(driver, "new-" + suffix)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        fill(tmp)
        server, base, key, api = cb.start(tmp)
        try:
            code = sample_link(base, api)
            time.sleep(1.5)  # the counts' flush interval
            driver = cb.browser("en")
            for dark in [False, True]:
                for width, size in [(1280, "desktop"), (390, "phone")]:
                    emulate(driver, dark, width)
                    pages(driver, base, key, code, f"{'dark' if dark else 'light'}-{size}", "Create",
                          dark, width)
            driver.quit()
            driver = cb.browser("ko")
            emulate(driver, False, 1280)
            pages(driver, base, key, code, "ko", "만들기", False, 1280, only={"sign-in", "overview"})
            driver.quit()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
