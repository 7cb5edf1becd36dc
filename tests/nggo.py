#!/usr/bin/env python3
"""Writes a JGF v2 record in ngGo's own "JGF version 1" dialect (the shape
described in the spec digest), for tests/fixes.sh: --fix must migrate it
back to a record equal in value to the original.

ngGo's shape: record.application (for generator) and version 1;
game.players, game.komi, game.handicap and game.rules (the rule set); moves
{"B": [x, y]} or {"W": "pass"}; setup keyed B/W/E, score keyed B/W and
markup keyed by type, with points as [x, y] (labels [x, y, text]); turn as
a letter; root: true on the root node; a variations node as an array of
its lines among the nodes ([{node}, ..., [[line 1], [line 2]]]).

Usage: nggo.py IN OUT"""
import json
import sys

LETTER = {"black": "B", "white": "W", "clear": "E"}


def pts(coords):
    return [[c["x"], c["y"]] + ([c["text"]] if "text" in c else []) for c in coords]


def keyed(entries, field, letters):
    out = {}
    for e in entries:
        key = LETTER[e[field]] if letters else e[field]
        if key in out:
            raise SystemExit("two entries of %s in one node: no ngGo shape for it" % key)
        out[key] = pts(e["coords"])
    return out


def node(n, root):
    n = dict(n)
    if root:
        n = dict(root=True, **n)
    move = n.get("move")
    if isinstance(move, dict):
        m = {LETTER[move["color"]]: "pass" if move.get("pass") else [move["x"], move["y"]]}
        m.update({k: v for k, v in move.items() if k not in ("color", "x", "y", "pass")})
        n["move"] = m
    if "setup" in n:
        n["setup"] = keyed(n["setup"], "type", True)
    if "score" in n:
        n["score"] = keyed(n["score"], "color", True)
    if "markup" in n:
        n["markup"] = keyed(n["markup"], "type", False)
    if "turn" in n:
        n["turn"] = LETTER[n["turn"]]
    if "variations" in n:
        n["variations"] = [sequence(line) for line in n["variations"]]
        if len(n) == 1:   # a variations node alone: ngGo's array among the nodes
            return n["variations"]
    return n


def sequence(nodes, root=False):
    return [node(n, root and i == 0) for i, n in enumerate(nodes)]


def to_nggo(doc):
    record = doc["record"]
    record.pop("format", None)
    record["version"] = 1
    if "generator" in record:
        record["application"] = record.pop("generator")
    game = doc.get("game", {})
    if "players" in doc:
        game["players"] = doc.pop("players")
    rules = doc.get("rules", {})
    for old, new in (("komi", "komi"), ("handicap", "handicap"), ("ruleset", "rules")):
        if old in rules:
            game[new] = rules.pop(old)
    if "rules" in doc and not rules:
        del doc["rules"]
    if game or "game" in doc:
        doc["game"] = game
    doc["tree"] = sequence(doc["tree"], True)
    return doc


def main():
    src, out = sys.argv[1:3]
    with open(src, encoding="utf-8") as f:
        doc = json.load(f)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(to_nggo(doc), f, indent=2, ensure_ascii=False)
        f.write("\n")


main()
