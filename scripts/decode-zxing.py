#!/usr/bin/env python3
"""Prints every QR code ZXing (zxing-cpp, PyPI `zxing-cpp`) decodes in each image.

    python3 scripts/decode-zxing.py page-1.png page-2.png
    page-1.png<TAB>https://openlist.example.com/shared-checklists/3f2504e0-…

One line per decoded code: the image's path, a tab, the text (which must not hold a line
break: links). Images are read with Pillow (PyPI `pillow`) and decoded as grayscale with
zxing-cpp's defaults (local-average binarizer, rotations and downscaling tried). Exit status:
0 whatever was found, 2 when zxing-cpp or Pillow is missing (the tests skip then), 1 for an
image that cannot be read.
"""
import sys

try:
    import zxingcpp
    from PIL import Image
except ImportError as error:
    print(f"decode-zxing: {error.name} is not installed (pip install zxing-cpp pillow)", file=sys.stderr)
    sys.exit(2)


def texts(path):
    """The texts of the QR codes in the image at `path`."""
    with Image.open(path) as image:
        gray = image.convert("L")
    results = zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode)
    return [result.text for result in results if result.valid]


def main(paths):
    status = 0
    for path in paths:
        try:
            for text in texts(path):
                print(f"{path}\t{text}")
        except OSError as error:
            print(f"decode-zxing: cannot read {path}: {error}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: decode-zxing.py IMAGE...", file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1:]))
