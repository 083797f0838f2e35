#!/usr/bin/env python3
"""Draws the app icon: the Chinese Checkers star with its 121 holes, the six camps filled with
pegs of the six colours the app uses (PegStyle), on a deep blue ground.

Writes ios/ChineseCheckers/Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png, a
1024 x 1024 RGB PNG: the single universal iOS icon Xcode 14+ takes, with no alpha channel (the
App Store refuses icons with one) and square corners (iOS rounds them itself).

    pip install pillow && python3 ios/scripts/make-app-icon.py

The PNG is committed; run this again only to change the drawing. tests/swift/check_ios_project.py
checks its size and that it has no alpha.
"""
import math
import pathlib

from PIL import Image, ImageDraw

SIZE = 1024
# Drawn four times larger, then scaled down: smooth edges without an alpha channel.
SCALE = 4
OUT = (
    pathlib.Path(__file__).resolve().parent.parent
    / "ChineseCheckers/Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png"
)

BACKGROUND = (22, 46, 92)
BOARD = (236, 214, 170)
HOLE = (120, 92, 60)
# The camps' colours in the order of the app's PegStyle (S, SW, NW, N, NE, SE).
CAMPS = [
    (214, 48, 49),  # red
    (240, 140, 30),  # orange
    (246, 205, 40),  # yellow
    (40, 170, 80),  # green
    (40, 110, 220),  # blue
    (140, 70, 190),  # purple
]


def holes():
    """The star's holes in cube coordinates (x + y + z == 0): the union of the two triangles
    x, y, z <= 4 and x, y, z >= -4 (91 holes each, 61 shared: 121)."""
    for x in range(-8, 9):
        for z in range(-8, 9):
            y = -x - z
            if max(x, y, z) <= 4 or min(x, y, z) >= -4:
                yield x, y, z


def camp(x, y, z):
    """Which of the six camps a hole is in (None: the centre hexagon)."""
    for index, (value, sign) in enumerate(
        [(z, 1), (x, -1), (y, 1), (z, -1), (x, 1), (y, -1)]
    ):
        if value * sign > 4:
            return index
    return None


def main():
    size = SIZE * SCALE
    image = Image.new("RGB", (size, size), BACKGROUND)
    draw = ImageDraw.Draw(image)
    centre = size / 2
    step = size / 18.5  # distance between neighbouring holes

    def point(x, z):
        return centre + step * (x + z / 2), centre + step * (z * math.sqrt(3) / 2)

    # The board: the two big triangles. Their corner holes lie 8 * sqrt(3) / 2 steps from the
    # centre; the tips reach 1.2 steps further (a margin of 0.6 step along the edges).
    reach = 8 * math.sqrt(3) / 2 + 1.2
    tips = []
    for angle in range(6):
        theta = math.radians(90 + 60 * angle)
        tips.append((centre + step * reach * math.cos(theta), centre + step * reach * math.sin(theta)))
    draw.polygon([tips[0], tips[2], tips[4]], fill=BOARD)
    draw.polygon([tips[1], tips[3], tips[5]], fill=BOARD)

    hole_radius = step * 0.30
    peg_radius = step * 0.40
    for x, y, z in holes():
        px, py = point(x, z)
        index = camp(x, y, z)
        if index is None:
            r = hole_radius
            draw.ellipse([px - r, py - r, px + r, py + r], fill=HOLE)
        else:
            r = peg_radius
            draw.ellipse([px - r, py - r, px + r, py + r], fill=CAMPS[index])
            # A light spot: pegs read as round.
            s = r * 0.35
            sx, sy = px - r * 0.3, py - r * 0.3
            draw.ellipse([sx - s, sy - s, sx + s, sy + s], fill=(255, 255, 255))

    icon = image.resize((SIZE, SIZE), Image.LANCZOS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    icon.save(OUT, "PNG", optimize=True)
    print(f"wrote {OUT} ({icon.size[0]}x{icon.size[1]}, {icon.mode})")


if __name__ == "__main__":
    main()
