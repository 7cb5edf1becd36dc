#!/usr/bin/env python3
"""Checks that a fixed record means what the original meant, except for the
intended changes: applies an independent model of every --fix migration to
the original's JSON value and compares the result with the fixed file's.

Usage: fix_semantics.py IN OUT [--unsafe]; exit 0 when they agree."""
import json
import re
import sys


def load(path):
    with open(path, encoding="utf-8-sig") as f:  # a BOM is removed by --fix
        return json.load(f)


def major(version):
    if isinstance(version, str):
        m = re.fullmatch(r"([0-9]{1,9})(?:\.[0-9]+){0,2}", version)
        return int(m.group(1)) if m and int(m.group(1)) in (1, 2) else version
    return version


def walk_nodes(tree):
    stack = [tree] if isinstance(tree, list) else []
    while stack:
        for node in stack.pop():
            if isinstance(node, dict):
                yield node
                for var in node.get("variations", []) if isinstance(node.get("variations"), list) else []:
                    if isinstance(var, list):
                        stack.append(var)


def split_nodes(seq, root, unsafe):
    """The structural fixes on one sequence (and, recursively, its variations):
    the root's move and variations follow it in nodes of their own; setup
    with a move gets a node of its own before the move; variations beside
    anything else go to a last node of their own. Unsafe: nodes after a
    variations node continue its first variation."""
    out = []
    for i, node in enumerate(seq):
        if not isinstance(node, dict):
            out.append(node)
            continue
        if root and i == 0:
            rest = {k: v for k, v in node.items() if k not in ("move", "variations")}
            out.append(rest)
            out.extend({k: node[k]} for k in ("move", "variations") if k in node)
            continue
        if "setup" in node and "move" in node:
            out.append({"setup": node["setup"]})
            node = {k: v for k, v in node.items() if k != "setup"}
        if "variations" in node and len(node) > 1:
            out.append({k: v for k, v in node.items() if k != "variations"})
            node = {"variations": node["variations"]}
        out.append(node)
    if unsafe:
        for i, node in enumerate(out):
            if isinstance(node, dict) and isinstance(node.get("variations"), list):
                first = node["variations"][0] if node["variations"] else None
                if isinstance(first, list) and i + 1 < len(out):
                    first.extend(out[i + 1:])
                    del out[i + 1:]
                break
    for node in out:
        if isinstance(node, dict) and isinstance(node.get("variations"), list):
            node["variations"] = [split_nodes(v, False, unsafe) if isinstance(v, list) else v
                                  for v in node["variations"]]
    return out


def migrate(doc, unsafe):
    record = doc.get("record")
    if isinstance(record, dict):
        if "version" in record:
            record["version"] = major(record["version"])
        fmt = record.get("format")
        if isinstance(fmt, str) and fmt.upper() == "JGF":
            record["format"] = "JGF"
        v1 = record.get("version") == 1
        if "format" not in record and record.get("version") != 1:
            record["format"] = "JGF"
        if v1:
            if "format" not in record:
                record["format"] = "JGF"
            record["version"] = 2
    game = doc.get("game")
    if isinstance(game, dict) and game.get("result") == "D":
        game["result"] = "0"
    rules = doc.get("rules")
    if isinstance(rules, dict):
        for old, new in (("ruleSet", "ruleset"), ("mainTime", "time"), ("overTime", "overtime")):
            if old in rules and new not in rules:
                rules[new] = rules.pop(old)
    players = doc.get("players")
    if isinstance(players, dict) and all(isinstance(p, dict) for p in players.values()):
        order = [c for c in ("black", "white") if c in players] + \
                [c for c in players if c not in ("black", "white")]
        doc["players"] = players = [dict(color=c, **{k: v for k, v in players[c].items()})
                                    for c in order]
    if isinstance(doc.get("tree"), list):
        doc["tree"] = split_nodes(doc["tree"], True, unsafe)
    if not unsafe:
        return doc
    if isinstance(players, list) and isinstance(doc.get("meta", {}), dict):
        for i, p in enumerate(players):
            for key in ("pro", "ai"):
                if isinstance(p, dict) and key in p:
                    doc.setdefault("meta", {})["/players/%d/%s" % (i, key)] = p.pop(key)
    for node in walk_nodes(doc.get("tree")):
        comments = node.get("comments")
        if not isinstance(comments, list):
            continue
        for i, c in enumerate(comments):
            if isinstance(c, dict) and all(isinstance(v, str) for v in c.values()):
                head = " ".join(filter(None, [c.get("name"),
                                              "(%s)" % c["timestamp"] if "timestamp" in c else None]))
                comments[i] = (head + ": " if head else "") + c.get("comment", "")
    return doc


def same(a, b):
    """Equal as JSON values, ignoring key order."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def main():
    src, out = sys.argv[1], sys.argv[2]
    unsafe = "--unsafe" in sys.argv[3:]
    want = migrate(load(src), unsafe)
    got = load(out)
    if same(want, got):
        return 0
    print("# the fixed value differs from the model of the intended changes")
    print("# want: " + json.dumps(want, sort_keys=True, ensure_ascii=False)[:600])
    print("# got:  " + json.dumps(got, sort_keys=True, ensure_ascii=False)[:600])
    return 1


sys.exit(main())
