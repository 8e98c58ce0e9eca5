"""Screenshots of the judge's desk for docs/desk.md, on a phone-sized screen:

    python tests/desk_screenshots.py        # writes docs/img/desk-*.png

The same flows as the browser tests (tests/test_desk_e2e.py): the layers of Humility and
Opalescence built by clicking, an illegal block with its violation and the legal declaration, the
outcomes of a replacement, and the dependency graph of a loop (Life and Limb, Prismatic Omen)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from desk_browser import ROOT, build_humility_opalescence, chromium, desk_server, open_desk, tab, upload  # noqa: E402

OUT = ROOT / "docs" / "img"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with desk_server() as url, chromium() as browser:
        page = open_desk(browser, url)
        build_humility_opalescence(page)
        tab(page, "layers")
        page.wait_for_selector("#characteristics tr[data-id='grizzly_bears']")
        page.screenshot(path=OUT / "desk-layers.png", full_page=True)

        page = open_desk(browser, url)
        upload(page, ROOT / "examples" / "c6-life-and-limb-prismatic-omen-omen-older.yaml")
        tab(page, "layers")
        page.wait_for_selector("svg.graph")
        page.locator("#graph").scroll_into_view_if_needed()
        page.locator("#graph").locator("xpath=..").screenshot(path=OUT / "desk-graph.png")

        page = open_desk(browser, url)
        upload(page, ROOT / "examples" / "combat" / "e6-menace-and-blocks-if-able.yaml")
        tab(page, "combat")
        page.click("[data-side=block]")
        page.click(".tile[data-id=bears]")
        page.click(".tile[data-id=brute]")
        page.click("#check")
        page.wait_for_selector("#better .better-text")
        page.screenshot(path=OUT / "desk-block.png", full_page=True)

        page = open_desk(browser, url)
        upload(page, ROOT / "examples" / "replace" / "c9-doubling-season-hardened-scales.yaml")
        tab(page, "replace")
        page.select_option("#event-type", "counters")
        page.click("#add-event")
        event = page.locator(".event").first
        for name, value in (("object", "grizzly_bears"), ("kind", "+1/+1"), ("amount", "1")):
            event.locator("label", has_text=name).first.locator("input").fill(value)
            event.locator("label", has_text=name).first.locator("input").press("Tab")
        page.click("#replace-go")
        page.wait_for_selector(".outcome")
        page.screenshot(path=OUT / "desk-replace.png", full_page=True)
    for name in sorted(OUT.glob("desk-*.png")):
        print(name.relative_to(ROOT))


if __name__ == "__main__":
    main()
