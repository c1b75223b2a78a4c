"""QR codes of the table links: SVG for pages, text for the terminal (segno)."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import segno


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    """An inline SVG of ``url``'s QR code (a link in the code, nothing else), drawn at its own
    size unless a stylesheet sizes it: its viewBox scales the code to fill whatever box CSS
    gives it (without one the code stays 3 cm in the corner of a poster-sized box).

    Kept for the process's last 512 links: the director's page and the table cards draw
    every table's code on each load (~15 ms of CPU a code, segno is pure Python), and a
    round's links do not change while it is played."""
    svg = str(segno.make(url, error="m").svg_inline(scale=4, border=2, title=url))
    found = re.match(r'<svg width="(\d+)" height="(\d+)"', svg)
    if found is None:  # segno drew it otherwise: leave it as it is
        return svg
    width, height = found.groups()
    return svg.replace("<svg ", f'<svg viewBox="0 0 {width} {height}" ', 1)


def qr_text(url: str) -> str:
    """``url``'s QR code drawn with block characters, for `tourney serve`'s terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
