#!/usr/bin/env python3
"""Taps a button of a page in headless Chromium, as a person would, and reports what followed.

Drives Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no
websocket library, only the standard library). Used by the deferred-link browser tests:

    tap.py --chromium PATH --url URL --button ID [--user-agent UA] [--accept-language LANG]
           [--intercept PREFIX ...] [--no-script] [--inject]

1. Grants the page's origin clipboard read and write (what a person's browser allows a page
   after a tap), loads the page, and records every Content-Security-Policy violation.
2. With --inject: tries to run inline script the page did not ship (a <script> element, an
   exact copy of each of the page's own scripts, an inline event handler) and reports which ran.
3. Clicks the button with a real (trusted) mouse event at its centre.
4. Pauses the first request that starts with an --intercept prefix (the store navigation),
   records its URL and answers it itself (nothing leaves the machine); collects the pings the
   browser sent; then reads the clipboard from a second page of the same origin.

Prints one JSON object: navigated (the paused request's URL), clipboard, pings
([{url, method, body, headers}]), violations (the page's securitypolicyviolation events before
the tap), log (the page's console log), injected ({name: 1 if it ran, else 0}), text (the button's text), and
the button's data-copy, href and ping attributes.
"""
import argparse
import fcntl
import json
import os
import select
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, chromium, extra):
        self.profile = tempfile.TemporaryDirectory()
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        # Chromium reads commands from fd 3 and writes to fd 4. Moved out of the way first, so
        # that neither end is already 3 or 4 (dup2 onto itself would keep close-on-exec).
        high_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD_CLOEXEC, 10)
        high_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD_CLOEXEC, 10)

        def child():
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--remote-debugging-pipe", "--enable-logging=stderr",
             "--v=0", "--user-data-dir=" + self.profile.name] + extra + ["about:blank"],
            # fds 3 and 4 are made in the child; close_fds would close them again.
            preexec_fn=child, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in [to_chrome_r, from_chrome_w, high_r, high_w]:
            os.close(fd)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.inp], [], [], left)[0]:
                raise TimeoutError("no message from Chromium in time")
            chunk = self.inp.read(65536)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=30):
        if os.environ.get("TAP_DEBUG"):
            print("->", method, file=sys.stderr)
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.out.write(json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, predicate, timeout):
        deadline = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if predicate(event):
                    return self.events.pop(index)
            try:
                self.events.append(self.read_message(deadline))
            except TimeoutError:
                return None

    def pump(self, seconds):
        deadline = time.time() + seconds
        try:
            while True:
                self.events.append(self.read_message(deadline))
        except TimeoutError:
            pass

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.profile.cleanup()


# Records the policy's reports before any of the page's own code runs.
WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.effectiveDirective + ' ' + (e.blockedURI || ''));
});
"""

INJECT = """
(function () {
  var results = {};
  var mark = function (name) { return 'window.__ran = window.__ran || {}; window.__ran["' + name + '"] = true;'; };
  var own = Array.prototype.filter.call(document.scripts, function (e) { return !e.type; });
  var s = document.createElement('script');
  s.textContent = mark('foreign-script');
  document.body.appendChild(s);
  own.forEach(function (e, i) {
    var copy = document.createElement('script');
    copy.textContent = e.textContent;
    document.body.appendChild(copy);
    var changed = document.createElement('script');
    changed.textContent = e.textContent + mark('changed-copy-' + i);
    document.body.appendChild(changed);
  });
  var b = document.createElement('button');
  b.setAttribute('onclick', mark('inline-handler'));
  document.body.appendChild(b);
  b.click();
  b.remove();
  var ran = window.__ran || {};
  results['foreign-script'] = ran['foreign-script'] ? 1 : 0;
  results['inline-handler'] = ran['inline-handler'] ? 1 : 0;
  own.forEach(function (e, i) { results['changed-copy-' + i] = ran['changed-copy-' + i] ? 1 : 0; });
  results['own-scripts'] = own.length;
  return JSON.stringify(results);
})()
"""


def evaluate(browser, session, expression, await_promise=False):
    result = browser.send("Runtime.evaluate", {
        "expression": expression, "awaitPromise": await_promise, "returnByValue": True,
        "userGesture": False}, session)
    if "exceptionDetails" in result:
        return {"error": result["exceptionDetails"].get("exception", {}).get("description", "exception")}
    return result.get("result", {}).get("value")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--button", required=True)
    parser.add_argument("--user-agent")
    parser.add_argument("--accept-language", default="en")
    parser.add_argument("--intercept", action="append", default=[])
    parser.add_argument("--no-script", action="store_true")
    parser.add_argument("--inject", action="store_true")
    args = parser.parse_args()

    origin = "/".join(args.url.split("/")[:3])
    browser = Browser(args.chromium, [])
    report = {"navigated": None, "clipboard": None, "pings": [], "violations": [], "injected": None}
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.send("Browser.grantPermissions", {
            "origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        for method in ["Page.enable", "Network.enable", "Runtime.enable", "DOM.enable", "Log.enable"]:
            browser.send(method, {}, session)
        browser.send("Emulation.setFocusEmulationEnabled", {"enabled": True}, session)
        override = {"userAgent": args.user_agent or "Mozilla/5.0", "acceptLanguage": args.accept_language}
        browser.send("Network.setUserAgentOverride", override, session)
        if args.no_script:
            browser.send("Emulation.setScriptExecutionDisabled", {"value": True}, session)
        else:
            browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH}, session)
        patterns = [{"urlPattern": prefix + "*", "requestStage": "Request"} for prefix in args.intercept]
        if patterns:
            browser.send("Fetch.enable", {"patterns": patterns}, session)
        browser.send("Page.navigate", {"url": args.url}, session)
        if not browser.wait_event(lambda e: e.get("method") == "Page.loadEventFired", 30):
            raise TimeoutError("the page did not load")

        document = browser.send("DOM.getDocument", {}, session)["root"]["nodeId"]
        node = browser.send("DOM.querySelector", {"nodeId": document, "selector": "#" + args.button}, session)["nodeId"]
        if not node:
            raise RuntimeError("no element #" + args.button)
        attributes = browser.send("DOM.getAttributes", {"nodeId": node}, session)["attributes"]
        attributes = dict(zip(attributes[0::2], attributes[1::2]))
        report["copy"] = attributes.get("data-copy")
        report["href"] = attributes.get("href")
        report["ping"] = attributes.get("ping")
        outer = browser.send("DOM.getOuterHTML", {"nodeId": node}, session)["outerHTML"]
        report["text"] = outer.split(">", 1)[1].rsplit("<", 1)[0]
        browser.send("DOM.scrollIntoViewIfNeeded", {"nodeId": node}, session)
        quad = browser.send("DOM.getBoxModel", {"nodeId": node}, session)["model"]["content"]
        x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4
        y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4

        if args.inject and not args.no_script:
            report["injected"] = json.loads(evaluate(browser, session, INJECT))
        if not args.no_script:
            report["violations"] = evaluate(browser, session, "window.__violations")

        for kind in ["mouseMoved", "mousePressed", "mouseReleased"]:
            event = {"type": kind, "x": x, "y": y}
            if kind != "mouseMoved":
                event.update({"button": "left", "clickCount": 1})
            browser.send("Input.dispatchMouseEvent", event, session)

        if patterns:
            paused = browser.wait_event(lambda e: e.get("method") == "Fetch.requestPaused", 15)
            if paused:
                report["navigated"] = paused["params"]["request"]["url"]
                browser.send("Fetch.fulfillRequest", {
                    "requestId": paused["params"]["requestId"], "responseCode": 200,
                    "responseHeaders": [{"name": "Content-Type", "value": "text/html"}],
                    "body": "PGh0bWw+c3RvcmU8L2h0bWw+"}, session)
        browser.pump(1.5)
        # The clipboard, read by another page of the same origin (a page whose navigation is
        # pending cannot read it in headless Chromium).
        reader = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        second = browser.send("Target.attachToTarget", {"targetId": reader, "flatten": True})["sessionId"]
        browser.send("Page.enable", {}, second)
        browser.send("Emulation.setFocusEmulationEnabled", {"enabled": True}, second)
        browser.send("Page.navigate", {"url": origin + "/"}, second)
        browser.wait_event(lambda e: e.get("method") == "Page.loadEventFired" and e.get("sessionId") == second, 30)
        report["clipboard"] = evaluate(
            browser, second, "navigator.clipboard.readText().then(function (t) { return t; }, String)", True)
        report["log"] = [
            event["params"]["entry"]["text"] for event in browser.events
            if event.get("method") == "Log.entryAdded" and event.get("sessionId") == session]
        for event in browser.events:
            if event.get("method") == "Network.requestWillBeSent" and event["params"].get("type") == "Ping":
                request = event["params"]["request"]
                report["pings"].append({
                    "url": request["url"], "method": request["method"],
                    "body": request.get("postData"), "headers": request.get("headers", {})})
    finally:
        browser.close()
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
