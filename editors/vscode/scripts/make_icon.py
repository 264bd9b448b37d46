"""Draw the extension's icon (images/icon.png, 128x128) with the standard library only.

A teal tile (Business Central's colour family) with three lines of a dataset and a check
mark. Run it after changing the drawing: ``python scripts/make_icon.py``; the PNG is
committed, so packaging needs no Python.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

SIZE = 128
SAMPLES = 4  # per axis, for anti-aliased edges
OUT = Path(__file__).resolve().parent.parent / "images" / "icon.png"

Colour = tuple[int, int, int]
TILE: Colour = (0, 122, 128)
INK: Colour = (255, 255, 255)
MARK: Colour = (255, 196, 0)


def _in_rounded_square(x: float, y: float) -> bool:
    margin, radius = 4.0, 22.0
    lo, hi = margin + radius, SIZE - margin - radius
    cx, cy = min(max(x, lo), hi), min(max(y, lo), hi)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def _in_bar(x: float, y: float) -> bool:
    # Three "lines of YAML": a key, then two indented values.
    bars = ((22, 30, 78), (34, 50, 90), (34, 70, 66))
    return any(left <= x <= right and top <= y <= top + 9 for left, top, right in bars)


def _near_segment(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> bool:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx, ay + t * dy
    return (x - px) ** 2 + (y - py) ** 2 <= 6.5**2


def _in_check(x: float, y: float) -> bool:
    corner = (80.0, 104.0)
    return _near_segment(x, y, (62.0, 86.0), corner) or _near_segment(x, y, corner, (108.0, 66.0))


LAYERS: tuple[tuple[Callable[[float, float], bool], Colour], ...] = (
    (_in_check, MARK),
    (_in_bar, INK),
    (_in_rounded_square, TILE),
)


def pixel(px: int, py: int) -> tuple[int, int, int, int]:
    """One RGBA pixel: the average of SAMPLES x SAMPLES points inside it."""
    r = g = b = a = 0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            x, y = px + (i + 0.5) / SAMPLES, py + (j + 0.5) / SAMPLES
            for inside, colour in LAYERS:
                if inside(x, y):
                    r, g, b, a = r + colour[0], g + colour[1], b + colour[2], a + 255
                    break
    n = SAMPLES * SAMPLES
    covered = a // 255
    if covered == 0:
        return (0, 0, 0, 0)
    return (r // covered, g // covered, b // covered, a // n)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    rows = [bytes(v for x in range(SIZE) for v in pixel(x, y)) for y in range(SIZE)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(png(SIZE, SIZE, rows))
    print(OUT)


if __name__ == "__main__":
    main()
