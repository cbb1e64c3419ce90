#!/usr/bin/env python3
"""Measures how well QR codes with a logo decode, per logo share, after the damage a printed
or photographed code suffers, with two independent decoders (zbar and ZXing); prints the table
in docs/print.md ("How large a logo") from which linkgen's default logo share is chosen.

    python3 scripts/logo-share.py                       # the table in docs/print.md
    LINKGEN=.build/release/linkgen python3 scripts/logo-share.py --links 6

For each of --links invite links of two lengths (44 bytes, version 5 at level H, and 83 bytes,
version 14), for each logo share (0 = no logo, then 10 % to 34 % of the code's side), the
code is made by `linkgen qr --logo Tests/Fixtures/logo.svg --logo-size S --scale 8`, then
degraded, and decoded by `zbarimg` (zbar-tools) and zxing-cpp (PyPI `zxing-cpp`): a read
counts when the text is exactly the link. The degradations (Pillow, PyPI `pillow`; numpy):

  downscale 1.75 / 1.5  resized (box filter) to 1.75 or 1.5 pixels per module
  blur 0.5              Gaussian blur, sigma 0.5 module
  rotate 20 @ 1.75      rotated 20 degrees (bicubic), then 1.75 pixels per module
  jpeg 8 @ 1.75         JPEG at quality 8, at 1.75 pixels per module
  noise 60 @ 2.5        Gaussian noise of sigma 60 (of 255) per pixel, at 2.5 pixels per module

A share the code's error correction cannot take (docs/print.md, the rule) is refused by
linkgen and shown as "-". Deterministic (fixed seeds); about a minute on one core.
"""
import argparse
import io
import os
import random
import subprocess
import sys
import tempfile

try:
    import numpy
    import zxingcpp
    from PIL import Image, ImageFilter
except ImportError as error:
    print(f"logo-share: {error.name} is not installed (pip install pillow numpy zxing-cpp)", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINKGEN = os.environ.get("LINKGEN", os.path.join(ROOT, ".build/debug/linkgen"))
LOGO = os.path.join(ROOT, "Tests/Fixtures/logo.svg")
SCALE = 8
SHARES = [0, 10, 15, 20, 25, 30, 34]


def degradations():
    """(name, function of a grayscale image at SCALE px/module) for each column."""

    def resized(image, per_module):
        side = max(1, round(image.width * per_module / SCALE))
        return image.resize((side, side), Image.Resampling.BOX)

    def rotated(image, degrees, per_module):
        turned = image.rotate(degrees, Image.Resampling.BICUBIC, expand=True, fillcolor=255)
        return resized(turned, per_module)

    def jpeg(image, quality, per_module):
        buffer = io.BytesIO()
        resized(image, per_module).save(buffer, "JPEG", quality=quality)
        return Image.open(io.BytesIO(buffer.getvalue())).convert("L")

    def noisy(image, sigma, per_module, seed):
        small = numpy.asarray(resized(image, per_module), dtype=numpy.float32)
        noise = numpy.random.default_rng(seed).normal(0, sigma, small.shape)
        return Image.fromarray(numpy.clip(small + noise, 0, 255).astype(numpy.uint8))

    return [
        ("plain", lambda image, seed: image),
        ("downscale 1.75", lambda image, seed: resized(image, 1.75)),
        ("downscale 1.5", lambda image, seed: resized(image, 1.5)),
        ("blur 0.5", lambda image, seed: image.filter(ImageFilter.GaussianBlur(0.5 * SCALE))),
        ("rotate 20 @ 1.75", lambda image, seed: rotated(image, 20, 1.75)),
        ("jpeg 8 @ 1.75", lambda image, seed: jpeg(image, 8, 1.75)),
        ("noise 60 @ 2.5", lambda image, seed: noisy(image, 60, 2.5, seed)),
    ]


def links(count):
    """`count` links of 44 bytes and `count` of 83 bytes, from a fixed seed."""
    rng = random.Random(21)
    short = [f"https://openlist.example.com/invite/{rng.getrandbits(32):08X}" for _ in range(count)]
    long = [
        "https://openlist.example.com/shared-checklists/"
        + "-".join(f"{rng.getrandbits(4 * n):0{n}x}" for n in (8, 4, 4, 4, 12))
        for _ in range(count)
    ]
    return short + long


def make_code(link, share, version, path):
    """Writes the code's PNG (without a logo: the same version, at level H); False when
    linkgen refuses the share."""
    arguments = [LINKGEN, "qr", link, "--out", path, "--scale", str(SCALE)]
    if share:
        arguments += ["--logo", LOGO, "--logo-size", str(share)]
    else:
        arguments += ["--ecc", "H", "--min-version", str(version)]
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode == 64 and "logo" in result.stderr:
        return False
    if result.returncode != 0:
        sys.exit(f"logo-share: linkgen failed: {result.stderr.strip()}")
    return True


def zbar(paths):
    """The text zbarimg reads in each file (one zbarimg run for all of them)."""
    result = subprocess.run(["zbarimg", "--xml", "-q", *paths], capture_output=True, text=True)
    found = {}
    for source in result.stdout.split("<source href='")[1:]:
        path = source[: source.index("'")]
        start = source.find("<![CDATA[")
        if start >= 0:
            found[path] = source[start + 9 : source.index("]]>", start)]
    return found


def zxing(path):
    results = zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode)
    return [result.text for result in results if result.valid]


def measure(texts, version, work):
    """Per share: the reads per column, [zbar, ZXing], or None when linkgen refuses it."""
    columns = degradations()
    table = {}
    for share in SHARES:
        files = []  # (column, link, path)
        refused = False
        for index, link in enumerate(texts):
            code = os.path.join(work, f"code-{share}-{index}.png")
            if not make_code(link, share, version, code):
                refused = True
                break
            image = Image.open(code).convert("L")
            for column, (name, degrade) in enumerate(columns):
                path = os.path.join(work, f"d-{share}-{index}-{column}.png")
                degrade(image, index * 100 + column).save(path)
                files.append((column, link, path))
        if refused:
            table[share] = None
            continue
        by_zbar = zbar([path for _, _, path in files])
        counts = [[0, 0] for _ in columns]
        for column, link, path in files:
            counts[column][0] += by_zbar.get(path) == link
            counts[column][1] += link in zxing(path)
        table[share] = counts
        print(f"logo-share: {len(texts[0])} bytes, {share}% measured", file=sys.stderr)
    return [name for name, _ in columns], table


def print_table(title, names, table, total):
    print(f"{title}: reads out of {total} codes, zbar / ZXing\n")
    print("| logo share | " + " | ".join(names) + " |")
    print("| ---: | " + " | ".join("---:" for _ in names) + " |")
    for share in SHARES:
        label = "no logo" if share == 0 else f"{share}%"
        counts = table[share]
        cells = ["-" for _ in names] if counts is None else [f"{z} / {x}" for z, x in counts]
        print(f"| {label} | " + " | ".join(cells) + " |")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=12, help="links of each length (default 12)")
    arguments = parser.parse_args()
    texts = links(arguments.links)
    groups = [
        ("44-byte links (version 5 at H)", 5, texts[: arguments.links]),
        ("83-byte links (version 14 at H)", 14, texts[arguments.links :]),
    ]
    with tempfile.TemporaryDirectory() as work:
        for title, version, group in groups:
            names, table = measure(group, version, work)
            print_table(title, names, table, len(group))


if __name__ == "__main__":
    main()
