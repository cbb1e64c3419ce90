#!/usr/bin/env python3
"""Screenshots of the console's pages for docs/console.md: desktop (1280 px) light and phone
(390 px) dark, written to docs/images/console-<page>-<desktop|phone>.png.

usage: scripts/console-screenshots.py [path/to/linkgen]
"""
import importlib.util, os, sys, tempfile, time, urllib.request

spec = importlib.util.spec_from_file_location("cb", os.path.join(os.path.dirname(__file__), "console-browser.py"))
cb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cb)
from selenium.webdriver.common.by import By


def main():
    with tempfile.TemporaryDirectory() as tmp:
        server, base, key, api = cb.start(tmp)
        try:
            code = cb.hostile_data(base, api)
            for agent in ["iPhone; CPU iPhone OS 18_6 like Mac OS X", "Linux; Android 14; Pixel 8"] * 5:
                request = urllib.request.Request(base + "/s/" + code, headers={
                    "User-Agent": f"Mozilla/5.0 ({agent})", "Referer": "https://news.example/"})
                urllib.request.urlopen(request).read()
            time.sleep(1.5)
            driver = cb.browser("en")
            driver.get(base + "/console/sign-in")
            shots = [("sign-in", "/console/sign-in")]
            driver.find_element(By.NAME, "key").send_keys(key)
            driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
            shots += [("overview", "/console?range=7"), ("links", "/console/links"),
                      ("link", "/console/links/" + code), ("new", "/console/links/new?route=invite")]
            for dark, width, name in [(False, 1280, "desktop"), (True, 390, "phone")]:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                    {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
                for page, path in shots:
                    if page == "sign-in":
                        continue
                    driver.get(base + path)
                    out = f"docs/images/console-{page}-{name}.png"
                    driver.save_screenshot(out)
                    print(out, os.path.getsize(out))
            driver.quit()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
