#!/usr/bin/env python3
"""The keys of `jgflint duplicates --keys`, computed here from their
published definitions for tests/duplicates.sh. Usage:
duplicates_keys.py REPORT.json RECORD.jgf...: for each JGF record (a tree
without variations), its Dyer signature as libkombilo's Algo_signature
makes it and its canonical MD5 as `sgfinfo -can` (sgfutils) makes it,
compared with the report's; prints what differs, exits 1 then."""
import hashlib
import json
import sys

report = json.load(open(sys.argv[1], encoding="utf-8"))
keys = {k["path"]: k for k in report["keys"]}
N = 19


def images(x, y):
    """The 8 images of (x, y), as sgfinfo's transform0 lists them."""
    s = N - 1
    return [(x, y), (x, s - y), (y, s - x), (y, x), (s - x, s - y), (s - x, y), (s - y, x),
            (s - y, s - x)]


def letters(p):
    return "tt" if p is None else chr(97 + p[0]) + chr(97 + p[1])


bad = 0
for path in sys.argv[2:]:
    rec = json.load(open(path, encoding="utf-8"))
    setup, moves = [], []
    for node in rec["tree"]:
        for s in node.get("setup", []):
            if not moves and s["type"] in ("black", "white"):
                setup += [(s["type"], c["x"], c["y"]) for c in s["coords"]]
        m = node.get("move")
        if m:
            moves.append(None if m.get("pass") or m.get("x", 19) >= N else (m["x"], m["y"]))
    # Kombilo: moves 20, 40, 60, 31, 51, 71; "??" missing, "tt" a pass; the
    # least of the 8 flips, a pass and "??" never flipped.
    sigs = []
    for t in range(8):
        sig = ""
        for n in (20, 40, 60, 31, 51, 71):
            p = moves[n - 1] if n <= len(moves) else "?"
            sig += "??" if p == "?" else "tt" if p is None else letters(images(*p)[t])
        sigs.append(sig)
    dyer = min(sigs)
    # sgfinfo: setup sorted by (colour, x letter, y letter) as found, then
    # the moves; two letters each, a newline; the least of 8 digests.
    order = sorted(setup, key=lambda s: (s[0] != "black", s[1], s[2]))
    digests = []
    for t in range(8):
        text = "".join(letters(images(x, y)[t]) for _, x, y in order)
        text += "".join("tt" if p is None else letters(images(*p)[t]) for p in moves)
        digests.append(hashlib.md5((text + "\n").encode()).digest())
    can = min(digests).hex()
    got = [k for p, k in keys.items() if p.endswith(path.split("/")[-1])]
    if not got or got[0].get("dyer") != dyer or got[0].get("sgfinfo") != can:
        bad += 1
        print(f"{path}: want dyer {dyer} sgfinfo {can}, got {got[0] if got else 'nothing'}")
sys.exit(1 if bad else 0)
