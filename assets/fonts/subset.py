#!/usr/bin/env python3
"""Makes NotoSansCJKjp-Regular-subset.otf, the Japanese fallback font Gunbai ships.

The glyphs kept: every character of JIS X 0208 (kana, the 6,355 kanji of levels 1 and 2,
punctuation, full-width forms), the CJK symbol, kana and half-width blocks, and every
character above U+2000 written anywhere in the repository (rosters, reference tables,
source), so a name in a shipped roster can never fall outside the subset.

Needs fontTools (`pip install fonttools`) and Noto Sans CJK (Debian: `apt-get install
fonts-noto-cjk`). Run from the repository root:

    python3 assets/fonts/subset.py [/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc]
"""

import os
import subprocess
import sys
import tempfile

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
OUT = "assets/fonts/NotoSansCJKjp-Regular-subset.otf"
BLOCKS = [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]
SCANNED = ["src", "reference", "rosters", "tests", "README.md"]


def jis_x_0208():
    """Every character of JIS X 0208, read through EUC-JP's two-byte codes."""
    chars = set()
    for first in range(0xA1, 0xFF):
        for second in range(0xA1, 0xFF):
            try:
                chars.update(bytes([first, second]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


def repository():
    """Every character above U+2000 in the repository's text files."""
    chars = set()
    for root in SCANNED:
        paths = [root] if os.path.isfile(root) else [
            os.path.join(d, f) for d, _, files in os.walk(root) for f in files
        ]
        for path in paths:
            try:
                with open(path, encoding="utf-8") as f:
                    chars.update(c for c in f.read() if ord(c) > 0x2000)
            except (UnicodeDecodeError, OSError):
                pass
    return chars


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    chars = jis_x_0208() | repository()
    for first, last in BLOCKS:
        chars.update(chr(c) for c in range(first, last + 1))
    chars = sorted(c for c in chars if ord(c) > 0x7F)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("".join(chars))
        text_file = f.name
    try:
        subprocess.run(
            [
                "pyftsubset", source, "--font-number=0", f"--text-file={text_file}",
                f"--output-file={OUT}", "--layout-features=", "--no-hinting",
                "--name-IDs=*", "--name-languages=*", "--notdef-outline",
            ],
            check=True,
        )
    finally:
        os.unlink(text_file)
    print(f"{OUT}: {len(chars)} characters asked for, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
