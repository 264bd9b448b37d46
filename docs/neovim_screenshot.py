"""Render a tmux pane (``tmux capture-pane -e -p``) as an SVG, for the README's screenshot.

    tmux capture-pane -e -p -t SESSION > pane.txt
    python docs/neovim_screenshot.py pane.txt docs/neovim-screenshot.svg
    rsvg-convert docs/neovim-screenshot.svg -o docs/neovim-screenshot.png  # librsvg2-bin

Understands the SGR colours a terminal editor uses (16 colours, 256 colours, true colour,
bold); everything else is dropped.
"""

from __future__ import annotations

import re
import sys
from html import escape

_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_OTHER = re.compile(r"\x1b\[[0-9;?]*[A-Za-ln-z]")
_BASE = [
    "#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
    "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
]  # fmt: skip
FG, BG = "#d4d4d4", "#1e1e1e"
CELL_W, CELL_H = 8.4, 17


def _color256(n: int) -> str:
    if n < 16:
        return _BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return f"#{steps[n // 36]:02x}{steps[n // 6 % 6]:02x}{steps[n % 6]:02x}"
    level = 8 + (n - 232) * 10
    return f"#{level:02x}{level:02x}{level:02x}"


def _apply(codes: list[int], state: dict[str, object]) -> None:
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.update(fg=FG, bg=None, bold=False)
        elif c == 1:
            state["bold"] = True
        elif c == 22:
            state["bold"] = False
        elif 30 <= c <= 37 or 90 <= c <= 97:
            state["fg"] = _BASE[c - 30 if c < 90 else c - 82]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            state["bg"] = _BASE[c - 40 if c < 100 else c - 92]
        elif c == 39:
            state["fg"] = FG
        elif c == 49:
            state["bg"] = None
        elif c in (38, 48) and i + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = _color256(codes[i + 2])
                i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                r, g, b = codes[i + 2 : i + 5]
                state[key] = f"#{r:02x}{g:02x}{b:02x}"
                i += 4
        i += 1


def render(pane: str) -> str:
    lines = pane.rstrip("\n").split("\n")
    width = max(len(_OTHER.sub("", _SGR.sub("", line))) for line in lines)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CELL_W + 16:.0f}" '
        f'height="{len(lines) * CELL_H + 16}" font-family="DejaVu Sans Mono, monospace" '
        f'font-size="14">',
        f'<rect width="100%" height="100%" fill="{BG}"/>',
    ]
    state: dict[str, object] = {"fg": FG, "bg": None, "bold": False}
    for row, line in enumerate(lines):
        col = 0
        y = 8 + row * CELL_H
        for part in re.split(r"(\x1b\[[0-9;]*m)", _OTHER.sub("", line)):
            found = _SGR.fullmatch(part)
            if found:
                _apply([int(c) for c in found.group(1).split(";") if c] or [0], state)
                continue
            if not part:
                continue
            x = 8 + col * CELL_W
            if state["bg"]:
                out.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{len(part) * CELL_W:.1f}" '
                    f'height="{CELL_H}" fill="{state["bg"]}"/>'
                )
            weight = ' font-weight="bold"' if state["bold"] else ""
            out.append(
                f'<text x="{x:.1f}" y="{y + 13}" fill="{state["fg"]}"{weight} '
                f'textLength="{len(part) * CELL_W:.1f}" lengthAdjust="spacingAndGlyphs" '
                f'xml:space="preserve">{escape(part)}</text>'
            )
            col += len(part)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as fh:
        svg = render(fh.read())
    with open(sys.argv[2], "w", encoding="utf-8") as fh:
        fh.write(svg)


if __name__ == "__main__":
    main()
