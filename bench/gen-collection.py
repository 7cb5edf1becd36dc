#!/usr/bin/env python3
"""Generate a deterministic collection of realistic JGF v2 game records.

Usage: bench/gen-collection.py [--count N] [--seed S] [--jobs J] DIR

Writes DIR/game-00001.jgf ... game-NNNNN.jgf: valid JGF v2 documents shaped
and pretty-printed like the spec-exact samples (json indent=2, UTF-8, final
newline), about 300 moves each with comments, markup and 1-3 variations
nodes, roughly 25-35 KB per file.  The games are legal Go: captures are
applied, and no move is a suicide or retakes a ko, so jgflint finds nothing
and the benchmark measures a clean collection.

Each file is generated from its own RNG seeded with (seed, index), so the
output depends only on --seed and the index, not on --jobs.
Standard library only.
"""

import argparse
import json
import os
import random
import signal
import sys
from multiprocessing import Pool

SIZE = 19
NAMES = [
    "Lee Sedol", "Cho Chikun", "Takemiya Masaki", "Go Seigen", "Shin Jinseo",
    "Ke Jie", "Iyama Yuta", "Park Junghwan", "Mi Yuting", "Fujisawa Rina",
    "Alice Martin", "Bob Jansen", "Chloé Dubois", "Jürgen Weiß", "Øystein Berg",
    "井山裕太", "李世乭", "柯洁", "申真谞", "Łukasz Nowak", "Zoë O'Brien",
]
RANKS = ["15k", "10k", "5k", "3k", "1k", "1d", "2d", "3d", "4d", "5d", "6d",
         "7d", "1p", "5p", "9p"]
RULESETS = [("Japanese", 6.5), ("Chinese", 7.5), ("AGA", 7.5),
            ("Korean", 6.5), ("New Zealand", 7)]
COMMENTS = [
    "Good move.", "This is a common joseki.", "Slack; tenuki was better.",
    "Black should have played at the 3-3 point here.",
    "A severe attack — White's group has no eyes yet.",
    "好手", "悪手。ここは手抜きが正解。", "Ko threat?",
    "The game turns here: White resigns the corner for thickness.",
    "Interesting shape, but overconcentrated.",
]
MARKUP_TYPES = ["circle", "triangle", "square", "mark", "label", "selected"]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def other(color):
    return "white" if color == "black" else "black"


def neighbours(p):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < SIZE and 0 <= q[1] < SIZE:
            yield q


def chain(board, p):
    """The stones connected to p, and whether they have a liberty."""
    color, stones, todo, free = board[p], {p}, [p], False
    while todo:
        for q in neighbours(todo.pop()):
            if q not in board:
                free = True
            elif board[q] == color and q not in stones:
                stones.add(q)
                todo.append(q)
    return stones, free


def play(board, p, color):
    """Plays a legal move in place: captures are removed. Returns False, with
    the board unchanged, for an occupied point, a suicide, or a capture of
    one stone by one stone (a ko shape: avoided rather than tracked)."""
    if p in board:
        return False
    board[p] = color
    captured = set()
    for q in neighbours(p):
        if board.get(q) == other(color) and q not in captured:
            stones, free = chain(board, q)
            if not free:
                captured |= stones
    stones, free = chain(board, p)
    if (not captured and not free) or (len(captured) == 1 and len(stones) == 1):
        del board[p]
        return False
    for q in captured:
        del board[q]
    return True


class Game:
    """Generates the move nodes of a legal game (captures applied)."""

    def __init__(self, rng):
        self.rng = rng

    def legal_point(self, board, color):
        for _ in range(50):
            p = (self.rng.randrange(SIZE), self.rng.randrange(SIZE))
            if play(board, p, color):
                return p
        return None   # a crowded board: pass

    def move_node(self, color, board):
        rng = self.rng
        p = None if rng.random() < 0.005 else self.legal_point(board, color)
        if p is None:
            node = {"move": {"color": color, "pass": True}}
        else:
            node = {"move": {"color": color, "x": p[0], "y": p[1]}}
        if rng.random() < 0.05:
            node["comments"] = [rng.choice(COMMENTS)]
        if rng.random() < 0.02:
            node["markup"] = self.markup()
        return node

    def markup(self):
        rng = self.rng
        kind = rng.choice(MARKUP_TYPES)
        coords = []
        # Distinct points, so the files stay free of anything a linter
        # could reasonably question.
        for i, p in enumerate(rng.sample(range(SIZE * SIZE), rng.randint(1, 4))):
            c = {"x": p % SIZE, "y": p // SIZE}
            if kind == "label":
                c["text"] = LETTERS[i]
            coords.append(c)
        return [{"type": kind, "coords": coords}]

    def sequence(self, color, board, nmoves, nvar):
        """A node sequence of nmoves moves starting with color, holding nvar
        variations nodes in all.  A variations node ends its sequence: its
        first variation continues this line, the others are 5-20 move
        alternatives played from the same position.  Further variations
        nodes go into either the continuation or an alternative."""
        nodes = []
        # Branch late: every level of nesting indents the rest of the line by
        # 6 more spaces per line, and early branching on the main line would
        # push files well past 35 KB.
        split = int(nmoves * self.rng.uniform(0.7, 0.95)) if nvar else nmoves
        for _ in range(split):
            nodes.append(self.move_node(color, board))
            color = other(color)
        if nvar:
            lines = [[dict(board), nmoves - split, 0]]  # the continuation
            for _ in range(self.rng.randint(1, 2)):
                lines.append([dict(board), self.rng.randint(5, 20), 0])
            for _ in range(nvar - 1):
                self.rng.choice(lines)[2] += 1
            nodes.append({"variations": [self.sequence(color, *line)
                                         for line in lines]})
        return nodes


def record(rng):
    ruleset, komi = rng.choice(RULESETS)
    winner = rng.choice("BW")
    r = rng.random()
    if r < 0.45:
        result = winner + "+R"
    elif r < 0.5:
        result = winner + "+T"
    else:
        points = rng.randint(0, 40) + (0.5 if komi % 1 else 1)
        result = "%s+%g" % (winner, points)
    black, white = rng.sample(NAMES, 2)
    game = Game(rng)
    root = {} if rng.random() < 0.5 else {"comments": [rng.choice(COMMENTS)]}
    tree = [root] + game.sequence("black", {}, rng.randint(200, 260),
                                  rng.randint(1, 3))
    return {
        "record": {
            "format": "JGF",
            "version": 2,
            "charset": "UTF-8",
            "generator": "jgflint bench/gen-collection.py 1.0",
        },
        "game": {
            "type": "go",
            "result": result,
            "date": "%04d-%02d-%02d" % (rng.randint(1990, 2024),
                                        rng.randint(1, 12), rng.randint(1, 28)),
        },
        "players": [
            {"color": "black", "name": black, "rank": rng.choice(RANKS)},
            {"color": "white", "name": white, "rank": rng.choice(RANKS)},
        ],
        "rules": {"ruleset": ruleset, "komi": komi, "handicap": 0},
        "board": {"size": SIZE},
        "tree": tree,
    }


def write_one(job):
    directory, seed, i = job
    rng = random.Random("%d:%d" % (seed, i))  # str seeds are stable across runs
    path = os.path.join(directory, "game-%05d.jgf" % i)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(record(rng), f, indent=2, ensure_ascii=False)
        f.write("\n")
    return os.path.getsize(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", help="output directory (created if missing)")
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="worker processes (output does not depend on it)")
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    jobs = [(args.dir, args.seed, i) for i in range(1, args.count + 1)]
    try:
        if args.jobs > 1:
            # Workers ignore ^C; the parent's exit from `with` kills them.
            with Pool(args.jobs, signal.signal, (signal.SIGINT,
                                                 signal.SIG_IGN)) as pool:
                total = sum(pool.imap_unordered(write_one, jobs, chunksize=64))
        else:
            total = sum(map(write_one, jobs))
    except KeyboardInterrupt:
        return 130
    print("%d files, %d bytes in %s" % (args.count, total, args.dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
