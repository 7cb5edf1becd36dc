#!/usr/bin/env python3
"""Writes the JGF v2 records given as arguments as one SGF collection on
standard output (moves, setup, comments, names, markup, labels and
variations), for bench/convert.sh: an SGF collection with the same games as
the linter's benchmark records."""
import json
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MARKS = {"circle": "CR", "triangle": "TR", "square": "SQ", "mark": "MA", "selected": "SL"}


def pt(c):
    return LETTERS[c["x"]] + LETTERS[c["y"]]


def text(s):
    return s.replace("\\", "\\\\").replace("]", "\\]")


def node(n, out):
    out.append(";")
    for e in n.get("setup", []):
        out.append({"black": "AB", "white": "AW"}.get(e["type"], "AE"))
        out.extend("[%s]" % pt(c) for c in e["coords"])
    m = n.get("move")
    if m:
        out.append("%s[%s]" % ("B" if m["color"] == "black" else "W", "" if m.get("pass") else pt(m)))
    if "name" in n:
        out.append("N[%s]" % text(n["name"]))
    for c in n.get("comments", []):
        out.append("C[%s]" % text(c))
    for e in n.get("markup", []):
        if e["type"] == "label":
            out.append("LB" + "".join("[%s:%s]" % (pt(c), text(c["text"]).replace(":", "\\:")) for c in e["coords"]))
        elif e["type"] in MARKS:
            out.append(MARKS[e["type"]] + "".join("[%s]" % pt(c) for c in e["coords"]))


def seq(nodes, out):
    for n in nodes:
        if "variations" in n:
            for v in n["variations"]:
                out.append("(")
                seq(v, out)
                out.append(")")
        else:
            node(n, out)


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
        size = d.get("board", {}).get("size", 19)
        out = ["(;GM[1]FF[4]CA[UTF-8]SZ[%d]" % size]
        for colour, p, r in (("black", "PB", "BR"), ("white", "PW", "WR")):
            for pl in d.get("players", []):
                if pl.get("color") == colour:
                    out.append("%s[%s]" % (p, text(pl.get("name", ""))))
        tree = d["tree"]
        root, rest = tree[0], tree[1:]
        for e in root.get("setup", []):
            out.append({"black": "AB", "white": "AW"}.get(e["type"], "AE"))
            out.extend("[%s]" % pt(c) for c in e["coords"])
        seq(rest, out)
        out.append(")\n")
        sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
