#!/usr/bin/env python3
"""Plants duplicates for tests/duplicates.sh: variants of JGF records made
by --convert (each of the board's 8 symmetries, colours swapped,
truncations, one and two moves changed, handicap as setup stones or as
black moves with white passes, other metadata) and games that are not the
same (a shared long opening, a short line of a joseki dictionary).
Usage: duplicates.py BASE.jgf HANDICAP.jgf OUTDIR"""
import copy
import json
import sys

base_path, hcp_path, out = sys.argv[1:4]
base = json.load(open(base_path, encoding="utf-8"))
hcp = json.load(open(hcp_path, encoding="utf-8"))
N = 19


def sym(s, x, y):
    if s & 1:
        x = N - 1 - x
    if s & 2:
        y = N - 1 - y
    if s & 4:
        x, y = y, x
    return x, y


def each_point(rec, f):
    for node in rec["tree"]:
        m = node.get("move")
        if m and "x" in m:
            m["x"], m["y"] = f(m["x"], m["y"])
        for s in node.get("setup", []):
            s["coords"] = [dict(zip(("x", "y"), f(c["x"], c["y"]))) for c in s["coords"]]


def save(name, rec):
    with open(f"{out}/{name}.jgf", "w", encoding="utf-8") as f:
        json.dump(rec, f, ensure_ascii=False, indent=1)


def moves(rec):
    return [n for n in rec["tree"] if "move" in n]


for s in range(1, 8):
    r = copy.deepcopy(base)
    each_point(r, lambda x, y, s=s: sym(s, x, y))
    save(f"sym{s}", r)

r = copy.deepcopy(base)   # colours swapped, and turned
each_point(r, lambda x, y: sym(5, x, y))
for n in r["tree"]:
    if "move" in n:
        n["move"]["color"] = "white" if n["move"]["color"] == "black" else "black"
for p in r["players"]:
    p["color"] = "white" if p["color"] == "black" else "black"
save("swapped", r)

r = copy.deepcopy(base)   # the first 150 moves, other metadata
r["tree"] = r["tree"][:151]
r["players"][0]["name"] = "someone else"
r["game"].pop("result", None)
save("prefix150", r)

r = copy.deepcopy(base)   # the first 15 moves: too short to be matched
r["tree"] = r["tree"][:16]
r.pop("players")
save("short15", r)

played = {(m["move"].get("x"), m["move"].get("y")) for m in moves(base)}
free = [(x, y) for x in range(N) for y in range(N) if (x, y) not in played]
for k, at, to in (("near1", (100,), (0,)), ("near2", (120, 180), (1, 2))):
    r = copy.deepcopy(base)
    ms = moves(r)
    for a, f in zip(at, to):
        ms[a - 1]["move"]["x"], ms[a - 1]["move"]["y"] = free[f]
    save(k, r)

r = copy.deepcopy(base)   # 60 moves shared, then another game
ms = moves(r)
for m in ms[60:]:
    if "x" in m["move"]:
        m["move"]["x"], m["move"]["y"] = sym(3, m["move"]["x"], m["move"]["y"])
save("other-after60", r)

# Handicap as setup stones (as converted) and as black moves with white passes.
r = copy.deepcopy(hcp)
stones = []
tree = []
for n in r["tree"]:
    for s in n.pop("setup", []):
        stones += [c for c in s["coords"]] if s["type"] == "black" else []
    tree.append(n)
played = []
for i, c in enumerate(stones):
    if i:
        played.append({"move": {"color": "white", "pass": True}})
    played.append({"move": {"color": "black", "x": c["x"], "y": c["y"]}})
r["tree"] = [tree[0]] + played + [n for n in tree[1:] if n]
r["rules"].pop("handicap", None)
save("handicap-as-moves", r)
