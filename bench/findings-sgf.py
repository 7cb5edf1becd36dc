#!/usr/bin/env python3
"""An SGF collection with findings (issue 53's shape, bench/web.sh's and
bench/memory.sh's): one game as --convert --to sgf writes it, with spellings
that are findings (a rank in kanji, a result and a date in words: two of them
have a safe fix), again and again up to each size asked.

Usage: findings-sgf.py GAME.sgf OUT:BYTES [OUT:BYTES ...]"""
import sys

g = open(sys.argv[1], encoding="utf-8").read()
for prop, value in (("BR", "3\u6bb5"), ("RE", "\u767d\u4e2d\u62bc\u3057\u52dd\u3061"),
                    ("DT", "25 November 2000")):
    at = g.index(prop + "[")
    g = g[:at] + prop + "[" + value + g[g.index("]", at):]
for arg in sys.argv[2:]:
    name, size = arg.rsplit(":", 1)
    open(name, "w", encoding="utf-8").write(g * -(-int(size) // len(g.encode())))
