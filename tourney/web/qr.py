"""QR codes of the table links: SVG for pages, text for the terminal (segno)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> str:
    """An inline SVG of ``url``'s QR code (a link in the code, nothing else)."""
    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, title=url))


def qr_text(url: str) -> str:
    """``url``'s QR code drawn with block characters, for `tourney serve`'s terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
