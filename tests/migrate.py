#!/usr/bin/env python3
"""Makes a JGF v1 copy and a copy in Seki 4.3's shape of a JGF v2 record,
for tests/migrate.sh: --fix must bring both back to the original.

Usage: migrate.py v1|seki IN OUT"""
import json
import sys


def to_v1(doc):
    record = doc.setdefault("record", {})
    record.pop("format", None)
    record["version"] = 1
    rules = doc.get("rules", {})
    for new, old in (("ruleset", "ruleSet"), ("time", "mainTime"), ("overtime", "overTime")):
        if new in rules:
            rules[old] = rules.pop(new)
    return doc


def to_seki(doc):
    doc.setdefault("record", {})["version"] = "2.0.0"
    players = doc.get("players")
    if isinstance(players, list):
        doc["players"] = {p["color"]: {k: v for k, v in p.items() if k != "color"}
                          for p in players}
    game = doc.get("game", {})
    if game.get("result") == "0":
        game["result"] = "D"
    return doc


def main():
    kind, src, out = sys.argv[1:4]
    with open(src, encoding="utf-8") as f:
        doc = json.load(f)
    doc = to_v1(doc) if kind == "v1" else to_seki(doc)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")


main()
