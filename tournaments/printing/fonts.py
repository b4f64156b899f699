"""The fonts of every PDF, registered once per process.

DejaVu Sans has every letter a German or English name needs (umlauts, ß,
accents, dashes). Where it is missing, reportlab's bundled Bitstream Vera
(the same design, a smaller character set) stands in, and Courier for the
table code, so printing never fails for want of a font file.
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
VERA = Path(reportlab.__file__).parent / "fonts"

# The family names the documents use, each with its font files in order of preference
# and the built-in Type 1 font that needs no file at all.
CANDIDATES: dict[str, tuple[tuple[Path, ...], str]] = {
    "Meld": ((DEJAVU / "DejaVuSans.ttf", VERA / "Vera.ttf"), "Helvetica"),
    "Meld-Bold": ((DEJAVU / "DejaVuSans-Bold.ttf", VERA / "VeraBd.ttf"), "Helvetica-Bold"),
    "Meld-Mono": ((DEJAVU / "DejaVuSansMono-Bold.ttf",), "Courier-Bold"),
}


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    mono: str


def register(name: str, files: tuple[Path, ...], builtin: str) -> str:
    """Register the first readable file under ``name``; the font name to draw with."""
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    for path in files:
        if path.is_file():
            try:
                pdfmetrics.registerFont(TTFont(name, str(path)))
            except (TTFError, OSError):
                continue
            return name
    return builtin


@cache
def fonts() -> Fonts:
    regular, bold, mono = (
        register(name, *CANDIDATES[name]) for name in ("Meld", "Meld-Bold", "Meld-Mono")
    )
    return Fonts(regular=regular, bold=bold, mono=mono)
