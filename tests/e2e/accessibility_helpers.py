"""The accessibility checks that browser tests share: running axe-core on a page, reporting its
findings readably, finding unlabelled inputs, and tabbing through a page to look at every focus
ring, so any page's test can hold it to the same bar as the tour."""

from __future__ import annotations

import re
from typing import Any

from .helpers import Phone

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary,
                              html: n.html.slice(0, 160)})),
  }));
}"""

UNLABELLED = """() => Array.from(document.querySelectorAll("input, select, textarea"))
  .filter(e => e.type !== "hidden")
  .filter(e => {
    const labels = Array.from(e.labels || []).map(l => l.textContent.trim()).filter(Boolean);
    const aria = (e.getAttribute("aria-label") || "").trim();
    const by = (e.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean)
      .map(id => document.getElementById(id)).filter(l => l && l.textContent.trim());
    return !labels.length && !aria && !by.length;
  })
  .map(e => e.outerHTML.slice(0, 160))"""

# The focused element's outline: drawn, at least 2 px, and 3:1 against what it is drawn on (the
# page just outside the element, where an offset outline sits).
FOCUS_RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => {
    const [r, g, b] = rgb(c).slice(0, 3).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const opaque = node => {
    for (; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor, alpha = rgb(bg)[3];
      if (bg !== "transparent" && (alpha === undefined || alpha > 0.9)) return bg;
    }
    return "rgb(255, 255, 255)";
  };
  const box = el.getBoundingClientRect();
  const gap = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) / 2;
  const midX = box.left + box.width / 2, midY = box.top + box.height / 2;
  const points = [[box.left - gap, midY], [box.right + gap, midY],
                  [midX, box.top - gap], [midX, box.bottom + gap]]
    .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
  let background = null;
  for (const [x, y] of points) {
    const under = document.elementsFromPoint(x, y).find(n => n !== el && !el.contains(n));
    if (under) { background = opaque(under); break; }
  }
  background = background || opaque(el.parentElement);
  const [l1, l2] = [lum(style.outlineColor), lum(background)].sort((x, y) => y - x);
  return {
    element: el.outerHTML.slice(0, 120),
    topBar: !!el.closest(".top, .skip"),
    outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    shadow: style.boxShadow !== "none",
    contrast: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100,
    ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} on ${background}`,
  };
}"""


def readable(violations: list[dict[str, Any]]) -> str:
    """axe's findings, one rule per paragraph, each node with axe's own summary."""
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['url']})")
        for node in v["nodes"]:
            summary = re.sub(r"\s+", " ", node["summary"] or "")
            lines.append(f"    {node['target']}: {node['html']}\n      {summary}")
    return "\n".join(lines)


def run_axe(phone: Phone, source: str) -> list[dict[str, Any]]:
    """Inject axe-core (evaluate, not a script tag: the CSP refuses inline scripts) and run it."""
    if not phone.page.evaluate("typeof window.axe === 'object'"):
        assert phone.page.evaluate(source + "\n;typeof window.axe") == "object"
    result: list[dict[str, Any]] = phone.page.evaluate(RUN_AXE)
    return result


def focus_rings(phone: Phone, limit: int = 80) -> list[dict[str, Any]]:
    """Tab through the page from the top; the outline of every element that takes the focus."""
    page = phone.page
    page.evaluate("document.activeElement && document.activeElement.blur(); scrollTo(0, 0)")
    rings: list[dict[str, Any]] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        ring = page.evaluate(FOCUS_RING)
        if ring is None or (rings and ring["element"] == rings[0]["element"]):
            break
        rings.append(ring)
    assert rings, "Tab reached nothing on the page"
    return rings


def bad_ring(ring: dict[str, Any]) -> bool:
    """No outline (nor shadow), or an outline under 3:1 against what surrounds it."""
    return not (ring["outline"] or ring["shadow"]) or (ring["outline"] and ring["contrast"] < 3)


def describe(ring: dict[str, Any]) -> str:
    return f"{ring['element']}\n      ring: {ring['ring']}, contrast {ring['contrast']}"
