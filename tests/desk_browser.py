"""Helpers of the judge's desk browser tests (tests/test_desk_e2e.py) and screenshots
(tests/desk_screenshots.py): the server started as `mtgjudge serve` on a free loopback port, and
Debian's chromium driven by Playwright (never `playwright install`: the browser is the system's)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHROMIUM = "/usr/bin/chromium"  # Debian's; MTGJUDGE_CHROMIUM names another
CHROMIUM = os.environ.get("MTGJUDGE_CHROMIUM", DEFAULT_CHROMIUM)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 412, "height": 915}  # a phone-sized screen, CSS pixels


def browser_missing(env=os.environ, path: str | None = None) -> tuple[str, str] | None:
    """Why the browser tests can't run here, and what to do about it: ("skip", reason) or
    ("fail", reason); None when chromium is there. MTGJUDGE_NO_BROWSER=1 skips them on purpose; a
    missing chromium skips them, except where they must run: with CI or MTGJUDGE_REQUIRE_BROWSER=1
    set, it fails (.ci/run installs chromium)."""
    if env.get("MTGJUDGE_NO_BROWSER") == "1":
        return "skip", "MTGJUDGE_NO_BROWSER=1: no browser tests on this machine"
    path = path or env.get("MTGJUDGE_CHROMIUM", DEFAULT_CHROMIUM)
    if Path(path).exists():
        return None
    reason = f"no chromium at {path}: apt-get install chromium, see docs/desk.md"
    if env.get("CI") or env.get("MTGJUDGE_REQUIRE_BROWSER") == "1":
        return "fail", reason + " (the browser tests are required: CI or MTGJUDGE_REQUIRE_BROWSER=1 is set)"
    return "skip", reason


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def desk_server(*extra: str):
    """`mtgjudge serve` in a child process, from this source tree; yields its base URL."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", "from engine.app.cli import entry; entry()", "serve", "--port", str(port),
                             *extra], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError("mtgjudge serve stopped: " + proc.stdout.read().decode(errors="replace"))
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("mtgjudge serve did not answer within 60 s") from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def chromium():
    """A headless Debian chromium under Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_desk(browser, url: str, viewport=PHONE):
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    return page


def add_card(page, typed: str, name: str, controller: str | None = None) -> None:
    """Type a few letters in the card search, click the suggestion; wait until the server has
    checked the board and given the new permanent its id."""
    count = page.locator("#permanents > li").count()
    if controller is not None:
        page.select_option("#add-controller", controller)
    page.fill("#card-search", typed)
    page.locator("#suggestions button.suggestion", has_text=name).first.click()
    page.wait_for_function(
        "n => document.querySelectorAll('#permanents > li').length === n && "
        "[...document.querySelectorAll('#permanents > li')].every(li => li.dataset.id)", arg=count + 1)


def upload(page, path: Path) -> None:
    page.set_input_files("#upload", str(path))
    page.wait_for_function("() => document.querySelectorAll('#permanents > li[data-id]').length > 0")


def build_humility_opalescence(page) -> None:
    page.click("#clear")
    add_card(page, "Humil", "Humility")
    add_card(page, "opales", "Opalescence")
    add_card(page, "Grizzly", "Grizzly Bears", controller="bob")


def pt(page, oid: str) -> str:
    return page.locator(f"#characteristics tr[data-id='{oid}'] .pt").inner_text()


def pt_once_shown(page, oid: str, expected: str) -> str:
    """The power/toughness the layers view shows for ``oid`` once the answer to the board's last change has
    come back: waits (up to 30 s) for ``expected``, then reads what is shown, which the test asserts."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("([oid, want]) => { const c = document.querySelector(`#characteristics tr[data-id='${oid}'] .pt`);"
                               " return c !== null && c.innerText === want; }", arg=[oid, expected], timeout=30000)
    except PlaywrightTimeout:
        pass
    return pt(page, oid)


def tab(page, view: str) -> None:
    page.click(f"#tabs button[data-view='{view}']")


def fits_the_screen(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
