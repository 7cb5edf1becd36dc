#!/usr/bin/env python3
"""The property of jgflint duplicates that issue 49 asks, over generated
collections whose truth is known (tests/duplicates_groups.sh runs it):

  duplicates_property.py make DIR SEED   writes a collection into DIR and
      its truth into DIR/truth.json
  duplicates_property.py drift DIR SEED   writes a collection of copies
      that drift (a copy of a copy, each a few moves further from the
      original), whose copies are left out of the original's group
  duplicates_property.py check DIR REPORT [K]   checks a --format json
      report of DIR (exit 1, saying why, when a claim is false)

A collection: games that share long openings (40, 80 or 100 moves with
another), copies of each (turned or mirrored; truncated; with moves
changed, inserted or deleted; several copies of the original, so that the
original's moves are what most copies agree on), and fragments: the moves
two games share, which begin both. What must hold:
  - no group holds games of two different games (a fragment of several
    belongs to none of them: it is only grouped with copies of itself);
  - the copy kept is the original (or a copy with its very moves);
  - every relation claimed is true: identical, the same moves under a
    symmetry; prefix, the kept copy's beginning; near, within K edits of
    it, and as many differences listed as there are;
  - a fragment reported is the beginning of each game it names, and those
    are different games.
A drifting collection: each game's original (three times), and chains of copies
each within 2 moves of the one before and 4 or more from the original:
linked to it only through the copies between, they are left out of its
group. Then, besides the claims above:
  - a group that keeps a copy other than the original's moves does not
    hold the original (the copies left out of its group, regrouped);
  - no game is listed twice, and a group's "why" counts the games it lists;
  - copies with the same moves (twins) are in one group: none is lost
    because the copy that linked it to a group went to another."""
import json
import os
import random
import re
import sys

from duplicates_gen import sym as point_sym   # the symmetries, as the generator turns a game

N = 19
L = "abcdefghijklmnopqrs"


def sym(s, p):
    if len(p) == 3:   # a move: its colour, then its point
        return (p[0],) + point_sym(s, p[1:])
    return point_sym(s, p)


def sgf(moves, name):
    return "(;GM[1]FF[4]SZ[19]PB[%s]PW[White]RE[B+R]" % name + "".join(
        ";%s[%s%s]" % (c, L[x], L[y]) for c, x, y in moves) + ")\n"


def make(d, seed):
    rnd = random.Random(seed)
    pts = [(x, y) for x in range(N) for y in range(N)]
    os.makedirs(d, exist_ok=True)
    truth = {}
    games = []
    for g in range(8):
        p = pts[:]
        random.Random(seed * 100 + g).shuffle(p)
        length = rnd.choice([100, 120, 150])
        moves = p[:length]
        if g % 2 and games:   # shares an opening with the game before
            share = min(rnd.choice([40, 80, 100]), len(games[-1]) - 20)
            length = max(length, share + 30)
            base = [q[1:] for q in games[-1][:share]]
            rest = [q for q in p if q not in base]
            moves = base + rest[:length - share]
        games.append([("BW"[i % 2],) + tuple(q) for i, q in enumerate(moves)])

    def put(name, moves, label, s=0):
        with open(os.path.join(d, name), "w") as f:
            f.write(sgf([sym(s, q) for q in moves], name))
        truth[name] = label

    for g, moves in enumerate(games):
        put("g%d-original.sgf" % g, moves, g)
        for c in range(2):
            put("g%d-copy%d.sgf" % (g, c), moves, g, rnd.randrange(8))
        cut = rnd.randrange(max(30, len(moves) // 2), len(moves))
        other = games[g - 1] if g % 2 else games[g + 1] if g + 1 < len(games) else []
        shared = 0
        while shared < min(len(moves), len(other)) and moves[shared] == other[shared]:
            shared += 1
        if cut > shared:   # a truncation that only this game begins with
            put("g%d-cut.sgf" % g, moves[:cut], g, rnd.randrange(8))
        spare = [q for q in pts if q not in [m[1:] for m in moves]]
        edited = moves[:]
        at = rnd.randrange(max(shared, 25), len(moves))
        kind = rnd.choice(["change", "insert", "delete"])
        if kind == "change":   # another point, the same colour
            edited[at] = (moves[at][0],) + spare[0]
        elif kind == "insert":   # the moves after it keep their colours
            edited.insert(at, ("BW"[at % 2],) + spare[0])
        else:
            del edited[at]
        put("g%d-%s.sgf" % (g, kind), edited, g, rnd.randrange(8))
        if g % 2 and shared >= 30:   # the moves both games share begin both
            put("g%d-fragment.sgf" % g, moves[:rnd.randrange(25, shared + 1)], "frag%d" % g,
                rnd.randrange(8))
    truth["_games"] = {str(g): [list(q) for q in m] for g, m in enumerate(games)}
    with open(os.path.join(d, "truth.json"), "w") as f:
        json.dump(truth, f)


def drift(d, seed):
    """Chains of drifting copies (drift's collection), each game's own."""
    rnd = random.Random(seed)
    pts = [(x, y) for x in range(N) for y in range(N)]
    os.makedirs(d, exist_ok=True)
    truth, games = {}, {}

    def put(name, moves, label, s=0, result=True):
        text = sgf([sym(s, q) for q in moves], name)
        with open(os.path.join(d, name), "w") as f:
            f.write(text if result else text.replace("RE[B+R]", ""))
        truth[name] = label

    for g in range(4):
        p = pts[:]
        random.Random(seed * 100 + g).shuffle(p)
        moves = [("BW"[i % 2],) + tuple(q) for i, q in enumerate(p[:120])]
        games[str(g)] = [list(q) for q in moves]
        spare = p[120:]
        put("g%d-original.sgf" % g, moves, g)
        for c in (2, 3):   # the moves most copies agree on
            put("g%d-original%d.sgf" % (g, c), moves, g, rnd.randrange(8))
        for c in range(rnd.choice([1, 2])):   # chains from the original
            cur, at = moves, 20
            for step in range(rnd.choice([2, 3, 4])):
                cur = cur[:]
                for e in range(2):   # 2 moves changed, further on each step
                    at += rnd.randrange(3, 9)
                    cur[at] = (cur[at][0],) + spare.pop()
                name = "g%d-chain%d-%d" % (g, c, step)
                put(name + ".sgf", cur, g, rnd.randrange(8), rnd.random() < 0.5)
                if rnd.random() < 0.5:   # a twin: the same moves, turned
                    put(name + "-twin.sgf", cur, g, rnd.randrange(8), rnd.random() < 0.5)
    truth["_games"] = games
    with open(os.path.join(d, "truth.json"), "w") as f:
        json.dump(truth, f)


def read_moves(path):
    text = open(path).read()
    out = []
    for part in text.split(";")[2:]:
        v = part[2:4]
        out.append((part[0], L.index(v[0]), L.index(v[1])))
    return out


def images(moves):
    return [[sym(s, q) for q in moves] for s in range(8)]


def edit_distance(a, b, k):
    """The least edits (b against a, a's moves after b's last free) or k + 1."""
    inf = k + 1
    prev = list(range(len(b) + 1))
    best = prev[len(b)] if len(b) <= k else inf
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j - 1] + (a[i - 1] != b[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        best = min(best, cur[len(b)])
        prev = cur
    return min(best, inf)


def check(d, report_path, k=2):
    truth = json.load(open(os.path.join(d, "truth.json")))
    r = json.load(open(report_path))
    bad = []
    listed = set()

    def label(m):
        return truth.get(os.path.basename(m["path"]))

    def moves(m):   # paths as the report gives them: the run's directory is this one
        return read_moves(m["path"])

    for g in r["groups"]:
        labels = {label(m) for m in g["games"]}
        if len(labels) > 1:
            bad.append("a group of %d different games: %s" % (len(labels), sorted(
                os.path.basename(m["path"]) for m in g["games"])))
            continue
        lab = labels.pop()
        kept = g["games"][0]
        kmoves = moves(kept)
        names = [os.path.basename(m["path"]) for m in g["games"]]
        counted = re.search(r"\((\d+) of (\d+) games\)", g["why"])
        if counted and int(counted.group(2)) != len(names):
            bad.append("a group of %d games says %s" % (len(names), counted.group(0)))
        for n in names:
            if n in listed:
                bad.append("%s is listed twice" % n)
            listed.add(n)
        if isinstance(lab, int) and "g%d-original.sgf" % lab in names:
            original = [tuple(q) for q in truth["_games"][str(lab)]]
            if not any(img == original for img in images(kmoves)):
                bad.append("group of game %d keeps %s, not the original's moves (why: %s)" % (
                    lab, os.path.basename(kept["path"]), g["why"]))
        for m in g["games"][1:]:
            mm = moves(m)
            rel = m["relation"]
            name = os.path.basename(m["path"])
            if rel == "identical":
                ok = any(img == kmoves for img in images(mm))
            elif rel == "prefix":
                ok = len(mm) < len(kmoves) and any(img == kmoves[:len(mm)] for img in images(mm))
            else:
                dist = min(edit_distance(kmoves, img, k) for img in images(mm))
                ok = dist <= k and len(m.get("differences", [])) <= k and dist >= 1
            if not ok:
                bad.append("%s: %s of %s is false" % (name, rel, os.path.basename(kept["path"])))
    for f in r.get("fragments", []):
        of = f["prefixOf"]
        if len({label(m) for m in of}) < 2:
            bad.append("a fragment of one game only: %s" % [m["path"] for m in of])
        for m in f["games"]:
            mm = moves(m)
            for o in of:
                om = moves(o)
                if not any(img == om[:len(mm)] for img in images(mm)):
                    bad.append("%s is not the beginning of %s" % (m["path"], o["path"]))
    # Every original whose copies are there is found with them.
    for g in range(len(truth["_games"])):
        name = "g%d-original.sgf" % g
        if not any(os.path.basename(m["path"]) == name for grp in r["groups"] for m in grp["games"]):
            bad.append("%s is in no group" % name)
    # Twins (a copy and another with its moves) are in one group.
    where = {os.path.basename(m["path"]): i for i, grp in enumerate(r["groups"])
             for m in grp["games"]}
    for name in truth:
        twin = name.replace(".sgf", "-twin.sgf")
        if twin in truth and where.get(name) != where.get(twin):
            bad.append("%s and %s, the same moves, not in one group" % (name, twin))
    for b in bad:
        print(b)
    return not bad


if __name__ == "__main__":
    if sys.argv[1] in ("make", "drift"):
        (make if sys.argv[1] == "make" else drift)(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(0 if check(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 2)
                 else 1)
