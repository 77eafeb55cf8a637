"""What the browser tests of looking after a group share: the group page's address, the checks
that a page fits the phone and has no new axe-core finding, and the taps to the group page and
in its manage panel."""

from __future__ import annotations

import re

from .accessibility_helpers import readable, run_axe
from .helpers import AXE, Phone

GROUP_PAGE = re.compile(r"/g/\d+(\?[^#]*)?(#.*)?$")


def fits(phone: Phone) -> None:
    """The page does not scroll sideways on the phone."""
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{phone.name} at {phone.page.url} scrolls sideways ({width}px)"


# axe findings already reported as bugs: (page path ending, rule). Strict: an entry whose bug is
# fixed fails the test, so the list is kept honest. templates/manage/import.html and delete.html
# show only the fragment's <h2>, no <h1>.
KNOWN_AXE: set[tuple[str, str]] = set()


def accessible(phone: Phone) -> None:
    """axe-core finds nothing new on the page (when it is installed: make setup)."""
    if not AXE.exists():
        return
    path = phone.page.url.split("?")[0]
    known = {rule for end, rule in KNOWN_AXE if path.endswith(end)}
    violations = run_axe(phone, AXE.read_text())
    fresh = [v for v in violations if v["id"] not in known]
    assert not fresh, f"{phone.name} at {phone.page.url}:\n{readable(fresh)}"
    fixed = known - {v["id"] for v in violations}
    assert not fixed, f"fixed at {path}: remove {sorted(fixed)} from KNOWN_AXE"


def to_group_page(phone: Phone) -> None:
    """From a sheet, tap the group's name in its heading."""
    phone.page.locator(".sheet-head a").first.tap()
    phone.page.wait_for_url(GROUP_PAGE)
    phone.check()


def pick(phone: Phone, label: str, option: str) -> None:
    """Choose ``option`` in the select labelled ``label`` of the manage panel."""
    phone.page.locator("#manage").get_by_label(label, exact=True).select_option(label=option)
