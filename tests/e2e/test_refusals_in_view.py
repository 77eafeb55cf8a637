"""A refusal is said where the person is looking: an answer that puts its reason above the
screen (a rename refused low on the history page) brings the reason into view."""

from __future__ import annotations

from collections.abc import Callable

from .helpers import Phone, claim, enter_round, expect, start_match
from .manage_helpers import pick, to_group_page


def test_a_rename_to_a_name_already_taken_is_refused_in_view(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A", viewport={"width": 360, "height": 740})
    start_match(a, ["Ann", "Bob", "Cy"], rounds=1)
    claim(a, "Ann")
    enter_round(a, [2, 1, 0])
    to_group_page(a)
    pick(a, "Player", "Cy")
    a.page.locator("#manage").get_by_label("New name", exact=True).fill("Bob")
    a.page.get_by_role("button", name="Rename the player").click()
    refusal = a.page.locator("#manage .field-error")
    expect(refusal).to_contain_text("Bob")
    expect(refusal).to_be_in_viewport(ratio=1)  # it was 260 px above the screen
    a.check()
