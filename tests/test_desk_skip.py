"""When the judge's desk browser tests (tests/test_desk_e2e.py) run, skip or fail: chromium missing
skips them with the reason and the fix, unless they are required (CI, MTGJUDGE_REQUIRE_BROWSER=1)."""

from __future__ import annotations

from desk_browser import browser_missing


def test_no_chromium_skips_with_the_reason(tmp_path):
    nowhere = str(tmp_path / "chromium")
    assert browser_missing({}, nowhere) == (
        "skip", f"no chromium at {nowhere}: apt-get install chromium, see docs/desk.md")
    assert browser_missing({"MTGJUDGE_CHROMIUM": nowhere})[0] == "skip"


def test_no_chromium_fails_where_the_browser_tests_are_required(tmp_path):
    nowhere = str(tmp_path / "chromium")
    for env in ({"CI": "true"}, {"MTGJUDGE_REQUIRE_BROWSER": "1"}):
        verdict, reason = browser_missing(env, nowhere)
        assert verdict == "fail" and reason.startswith(f"no chromium at {nowhere}: apt-get install chromium"), env


def test_no_browser_on_purpose_and_chromium_present(tmp_path):
    assert browser_missing({"MTGJUDGE_NO_BROWSER": "1", "CI": "true"}, str(tmp_path / "chromium"))[0] == "skip"
    present = tmp_path / "chromium"
    present.write_text("")
    assert browser_missing({"CI": "true"}, str(present)) is None
