#!/usr/bin/env python3
"""The baseline of scripts/bench-sheet.sh: the same invite cards as `linkgen sheet`, made the way
people do it without linkgen, with segno (QR codes) and reportlab (PDF).

Reads a CSV with `id` and `name` columns and writes an A4 PDF of 3 x 4 cards inside 10 mm
margins, like `linkgen sheet ROUTE --grid 3x4`: each card has the row's QR code (the universal
link, level M, vector rectangles), the name, a title line and the short link, in Noto Sans
(embedded by reportlab). reportlab embeds only TrueType fonts, so the CJK fonts (CFF-based
OpenType) are out of its reach: the benchmark's names are Latin.

    reference-sheet.py rows.csv out.pdf https://openlist.example.com/shared-checklists/{id}
"""
import csv
import sys

import segno
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT_DIR = "/usr/share/fonts/truetype/noto/"
COLUMNS, ROWS, MARGIN = 3, 4, 10 * mm


def main(rows_path, out_path, template):
    pdfmetrics.registerFont(TTFont("NotoSans", FONT_DIR + "NotoSans-Regular.ttf"))
    pdfmetrics.registerFont(TTFont("NotoSans-Bold", FONT_DIR + "NotoSans-Bold.ttf"))
    page_width, page_height = A4
    card_width = (page_width - 2 * MARGIN) / COLUMNS
    card_height = (page_height - 2 * MARGIN) / ROWS
    pdf = canvas.Canvas(out_path, pagesize=A4)
    slot = 0
    with open(rows_path, newline="", encoding="utf-8") as rows:
        for row in csv.DictReader(rows):
            link = template.replace("{id}", row["id"].lower())
            if slot == COLUMNS * ROWS:
                pdf.showPage()
                slot = 0
            x = MARGIN + (slot % COLUMNS) * card_width
            top = page_height - MARGIN - (slot // COLUMNS) * card_height
            draw_card(pdf, x, top, card_width, card_height, link, row["name"])
            slot += 1
    pdf.save()


def draw_card(pdf, x, top, width, height, link, name):
    code = segno.make_qr(link, error="m", boost_error=False)
    matrix = code.matrix
    modules = len(matrix) + 8
    side = min(width - 3 * mm, 0.62 * (height - 12 * mm))
    module = side / modules
    left = x + (width - side) / 2 + 4 * module
    upper = top - 1.5 * mm - 4 * module
    path = pdf.beginPath()
    for row_index, row in enumerate(matrix):
        start = None
        for column, dark in enumerate(list(row) + [0]):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                path.rect(
                    left + start * module,
                    upper - (row_index + 1) * module,
                    (column - start) * module,
                    module,
                )
                start = None
    pdf.drawPath(path, stroke=0, fill=1)
    centre = x + width / 2
    text_top = top - 1.5 * mm - side
    pdf.setFont("NotoSans-Bold", 13)
    pdf.drawCentredString(centre, text_top - 14, name)
    pdf.setFont("NotoSans", 8.5)
    pdf.drawCentredString(centre, text_top - 26, "A shared checklist")
    pdf.setFont("NotoSans", 5)
    short = link.split("://", 1)[-1]
    pdf.drawCentredString(centre, top - height + 4 * mm, short)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: reference-sheet.py ROWS.csv OUT.pdf LINK-TEMPLATE-WITH-{id}")
    main(*sys.argv[1:])
