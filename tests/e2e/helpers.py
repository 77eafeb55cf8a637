"""Phones in a real browser: Playwright contexts that record console errors and CSP violations,
number their screenshots, and know the few taps of a 6 nimmt! evening."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .answered import answered

try:
    from playwright.sync_api import Browser, BrowserContext, Page, expect
except ImportError:  # the conftest skips (or, under E2E_REQUIRED=1, fails) every browser test
    Browser = BrowserContext = Page = Any  # type: ignore[assignment,misc]
    expect = None  # type: ignore[assignment]

# Debian's Chromium (never a downloaded browser); E2E_CHROMIUM points elsewhere if need be.
CHROMIUM = Path(os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
HERE = Path(__file__).resolve().parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
OUTPUT = HERE.parents[1] / "test-output" / "e2e"
WAIT = 20_000
"""ms: how long a test waits for a state (a text, a class, a version) before failing. Another
phone shows a change through the doorbell or the next poll; while the doorbell beats there is
no timed poll, and on a busy two-core CI machine a fetch and swap can take seconds more, so one
interval is never assumed. A passing test waits only as long as the state takes."""
SETTLED_POLLER = """() => {
  const el = document.querySelector("[data-poll]");
  return !!el && !el.matches(".htmx-added, .htmx-settling");
}"""
"""The scoreboard is on the page and htmx has set it up (until it settles, it ignores events)."""
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "en-US",
}
# Runs before any page script: every CSP violation is kept on window and reported on the console.
CSP_RECORDER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  var text = e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
    " at " + e.sourceFile + ":" + e.lineNumber;
  window.__csp.push(text);
  console.error("CSP violation: " + text);
});
"""


if expect is not None:
    expect.set_options(timeout=WAIT)  # every expect() waits for its state this long (not 5 s)


def e2e_required() -> bool:
    """Whether a missing browser or tool must fail the run instead of skipping it."""
    return os.environ.get("E2E_REQUIRED") == "1"


def unavailable(message: str) -> None:
    """Skip with ``message``, or fail with it when E2E_REQUIRED=1."""
    if e2e_required():
        pytest.fail(f"{message} (E2E_REQUIRED=1)", pytrace=False)
    pytest.skip(message)


class Phone:
    """One phone at the table: a browser context with its own cookies, and its page."""

    def __init__(self, browser: Browser, url: str, name: str, **options: Any) -> None:
        options = {**PHONE, "base_url": url, **options}
        self.name = name
        self.base_url = str(options["base_url"])
        self.problems: list[str] = []
        self.requests: list[str] = []  # "GET /m/1/live?v=3", in order
        self.allowed: list[re.Pattern[str]] = []
        self.context: BrowserContext = browser.new_context(**options)
        self.context.set_default_timeout(WAIT)
        self.context.add_init_script(CSP_RECORDER)
        self.page: Page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("response", self._response)
        self.page.on("request", lambda r: self.requests.append(f"{r.method} {r.url}"))

    def _console(self, message: Any) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            text = f"console {message.type}: {message.text} ({message.location.get('url')})"
            if not any(pattern.search(text) for pattern in self.allowed):
                self.problems.append(text)

    def _response(self, response: Any) -> None:
        if response.status >= 500:
            self.problems.append(
                f"HTTP {response.status} for {response.request.method} {response.url}"
            )

    def allow(self, pattern: str) -> None:
        """Accept console errors matching ``pattern`` (e.g. the 404 of an error page)."""
        self.allowed.append(re.compile(pattern))

    def goto(self, url: str) -> Page:
        """Open ``url`` and check the load was clean."""
        self.page.goto(url)
        self.check()
        return self.page

    def reload(self) -> None:
        """Reload the page and check the load was clean."""
        self.page.reload()
        self.check()

    def check(self) -> None:
        """No console error, no CSP violation, no 5xx so far (on this page or any earlier)."""
        self.page.wait_for_load_state("load")
        recorded = self.page.evaluate("window.__csp || []")
        problems = self.problems + [
            f"CSP violation: {v}"
            for v in recorded
            if f"CSP violation: {v}" not in " ".join(self.problems)
        ]
        assert not problems, f"{self.name} at {self.page.url}:\n  " + "\n  ".join(problems)

    def close(self) -> None:
        """Close the context after a last check."""
        try:
            if not self.page.is_closed():
                self.check()
        finally:
            self.context.close()

    def poll_now(self) -> None:
        """Have the scoreboard ask for news now, as a ring makes it, and wait for the answer.

        A page that hears its doorbell makes no timed poll, so a test cannot wait for the next
        one; this refresh is a barrier instead: whatever an earlier answer set off (a fresh
        entry panel, say) has been asked for before this answer arrives."""
        self.page.wait_for_function(SETTLED_POLLER, timeout=WAIT)
        with self.page.expect_response(lambda r: "/live?" in r.url, timeout=WAIT):
            self.page.evaluate("htmx.trigger(document.querySelector('[data-poll]'), 'refresh')")

    def mark(self) -> None:
        """Put a marker on window: it survives htmx swaps but not a reload."""
        self.page.evaluate("window.__notReloaded = true")

    def assert_not_reloaded(self) -> None:
        """The page this phone shows is the one marked earlier (it was never reloaded)."""
        assert self.page.evaluate("window.__notReloaded === true"), f"{self.name} reloaded"


@dataclass
class Shots:
    """Numbered screenshots of one test: test-output/e2e/<test>/NN-<phone>-<step>.png."""

    folder: Path
    taken: list[Path] = field(default_factory=list)

    def __call__(self, phone: Phone, step: str, full_page: bool = True) -> Path:
        path = self.next(phone, step)
        # caret="initial": Playwright would otherwise leave style="" on every input it hid the
        # caret of, and htmx's settle would then copy those attributes into a CSP violation.
        phone.page.screenshot(path=str(path), full_page=full_page, caret="initial")
        return path

    def next(self, phone: Phone, step: str) -> Path:
        """The numbered path of the next screenshot (for element shots taken elsewhere)."""
        path = self.folder / f"{len(self.taken) + 1:02d}-{phone.name}-{step}.png"
        self.taken.append(path)
        return path


def decode_qr(phone: Phone, path: Path) -> str:
    """Screenshot the QR code of the invite card and decode the image."""
    import zxingcpp
    from PIL import Image

    qr = phone.page.locator("#invite svg.qr")
    expect(qr).to_be_visible()
    qr.screenshot(path=str(path), caret="initial")
    with Image.open(path) as image:
        found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, f"expected one QR code in {path}, found {len(found)}"
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


def start_match(
    phone: Phone, names: list[str], rounds: int | None = None, shots: Shots | None = None
) -> int:
    """From the home page: New game, 6 nimmt!, the players, the end; returns the match id."""
    page = phone.goto("/")
    page.get_by_role("link", name="New game").tap()
    page.wait_for_url("**/new")
    phone.check()
    page.get_by_role("link", name="6 nimmt!").tap()
    page.wait_for_url("**/new/sixnimmt")
    phone.check()
    fill_new_match(phone, names, rounds)
    if shots:
        shots(phone, "new-match-form")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    phone.check()
    return match_id(phone)


def fill_new_match(phone: Phone, names: list[str], rounds: int | None = None) -> None:
    """Type the player names (by the boxes' labels) and pick the end."""
    page = phone.page
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    if rounds is not None:
        page.get_by_role("radio", name="After a number of rounds").check()
        page.get_by_label("Number of rounds", exact=True).fill(str(rounds))


def match_id(phone: Phone) -> int:
    """The id of the match this phone shows."""
    found = re.search(r"/m/(\d+)", phone.page.url)
    assert found, phone.page.url
    return int(found.group(1))


def claim(phone: Phone, name: str) -> None:
    """Tap "I am <name>" and wait for the sheet to show this phone in that seat (the phone that
    started the match sits where its new-match form said: nothing to tap then)."""
    page = phone.page
    seated = (mine(phone).all_text_contents() or [""])[0]
    if name in seated:
        return
    page.locator("#seats").get_by_role("button", name=f"I am {name}").tap()
    if seated.strip():  # seated elsewhere: the phone is asked before it moves
        page.locator("#seats").get_by_role("button", name=f"Yes, this phone is {name}").tap()
    expect(mine(phone)).to_contain_text(name)
    phone.check()


def mine(phone: Phone) -> Any:
    """This phone's seat button ("you")."""
    return phone.page.locator("#seats button.seat.mine")


def rows(phone: Phone) -> Any:
    """The round rows of the scoreboard."""
    return phone.page.locator("#scoreboard table.score tbody tr:has(th[scope=row])")


def heads_box(phone: Phone, seat: int) -> Any:
    """The heads input of one seat in the entry form."""
    return phone.page.locator(f"#entry input[name='heads-seat{seat}']")


def enter_round(phone: Phone, heads: list[int]) -> None:
    """Type each player's bull heads, save the round (an htmx post, no reload), and return once
    its answer is on the page (the board moving on may be another phone's change)."""
    for seat, value in enumerate(heads):
        heads_box(phone, seat).fill(str(value))
    answered(phone, phone.page.locator("#entry button[type=submit]").click)
    phone.check()


def open_all_details(phone: Phone) -> None:
    """Open every <details> (host controls, invite, the more-players box)."""
    phone.page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")


def join_with_code(phone: Phone, host: Phone) -> None:
    """``phone`` types the code shown on the host's sheet on /j and lands on the same sheet."""
    code = (host.page.locator("#invite [data-code]").text_content() or "").strip()
    phone.goto("/j")
    phone.page.get_by_label("Code").fill(code)
    phone.page.locator("#join button[type=submit]").click()
    phone.page.wait_for_url(f"**/m/{match_id(host)}")
    phone.check()


def start_nuota(phone: Phone, names: list[str]) -> Any:
    """A Nuota match of ``names`` from its new-match form, this phone in the first seat."""
    page = phone.goto("/new/nuota")
    fill_new_match(phone, names)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(phone, names[0])
    return page
