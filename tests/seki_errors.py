#!/usr/bin/env python3
"""Inserts into a copy of a clean JGF v2 record the errors Seki 4.3 writes
into about 4% of the records it exports, for tests/fixes.sh: --fix
--unsafe-fixes must bring back the same game.

Usage: seki_errors.py KIND IN OUT, where KIND is a comma-separated list of
  root        the first move inside the root node
  setup-move  the root's setup in the node of the first move
  pass        a last move at the point just past the board (Seki's pass)
  result=R    game.result R (JIGO, VOID, W+ILLEGAL, WHITE RS.)
  shape       Seki's record shape: version "2.0.0", players keyed by colour"""
import json
import sys


def corrupt(doc, kinds):
    tree = doc["tree"]
    for kind in kinds:
        if kind == "root" and len(tree) > 1 and "move" in tree[1] and len(tree[1]) == 1:
            tree[0]["move"] = tree.pop(1)["move"]
        elif kind == "setup-move" and "setup" in tree[0] and len(tree) > 1 and "move" in tree[1]:
            tree[1] = dict(setup=tree[0].pop("setup"), **tree[1])
        elif kind == "pass":
            board = doc.get("board", {})
            size = board.get("size", 19)
            last = next((n["move"]["color"] for n in reversed(tree) if "move" in n), "white")
            other = "white" if last == "black" else "black"
            tree.append({"move": {"color": other, "x": board.get("width", size),
                                  "y": board.get("height", size), "timeLeft": 12.5}})
        elif kind.startswith("result="):
            doc.setdefault("game", {})["result"] = kind[len("result="):]
        elif kind == "shape":
            doc["record"]["version"] = "2.0.0"
            doc["players"] = {p["color"]: {k: v for k, v in p.items() if k != "color"}
                              for p in doc.get("players", [])}
    return doc


def main():
    kinds, src, out = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
    with open(src, encoding="utf-8") as f:
        doc = json.load(f)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(corrupt(doc, kinds), f, indent=2, ensure_ascii=False)
        f.write("\n")


main()
