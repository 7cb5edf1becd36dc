#!/usr/bin/env python3
"""Generated games of Go as SGF, for tests/duplicates.sh and
tests/duplicates_index.sh: random games (a move on a point not played
before, colours taking turns; no capture is needed to tell games apart),
and copies of them turned, mirrored, truncated or with a move changed
(bench/gen-games.c makes legal games, and many, for bench/duplicates.sh).

  duplicates_gen.py game SEED [--moves N] [--sym S] [--change MOVE]
                    [--insert MOVE] [--delete MOVE] [--truncate N]
                    [--black NAME] [--root PROPS] [--ngf 1]
      one game on standard output: game SEED (N moves, default 120),
      under symmetry S (0-7: bit 0 mirrors x, bit 1 y, bit 2 exchanges
      them), its move MOVE moved to another point, a move on another
      point inserted as move MOVE (black on an odd number, white on an
      even one; the moves after it keep their colours), its move MOVE
      deleted (the same), cut to N moves. The edits apply in that order,
      each numbered as the game is after the ones before. PROPS (SGF
      text, KM[6.5]RU[Japanese]) is added to its root. --ngf 1: as
      WBaduk's NGF instead, with the header a writer gives a game without
      players or date (tests/duplicates_truth.py's): white 9DP, black 9DP,
      20000101 [09:37].

  duplicates_gen.py collection DIR FIRST N PERFILE
      N games of 120 moves (seeds FIRST to FIRST + N - 1), PERFILE to an
      SGF collection file in DIR (made if absent), as game SEED makes them
      but for the date and result.

  duplicates_gen.py dense DIR N DISTINCT PERFILE
      a dense collection (issue 49's, as bench/gen-games.c makes one with
      DISTINCT): N games, PERFILE to a file, each a copy of one of
      DISTINCT games of 120 to 280 moves under one of the 8 symmetries,
      one time in two with a move changed, inserted or deleted, or cut
      short by 10 to 59 moves. The same arguments make the same files.

  import duplicates_gen; duplicates_gen.pairs(PATH, CASES[, SEED])
      (tests/duplicates_scale.sh) an SGF file of pairs, one for each case
      (EDITS, CUT) of CASES: game I (I from 1) of 150 moves on points
      random.Random(SEED(I)) samples (SEED: I itself), then its copy with
      EDITS, each (MOVE, HOW) in their order (MOVE from 0; HOW 0: its move
      changed to a point the same generator chooses, 1: a move inserted
      there, 2: it deleted), cut to CUT moves (None: not cut)."""
import os
import random
import sys

N = 19
LETTERS = "abcdefghijklmnopqrs"


def moves_of(seed, count):
    rnd = random.Random(seed)
    points = [(x, y) for x in range(N) for y in range(N)]
    rnd.shuffle(points)
    return points[:count]


def sym(s, p):
    x, y = p
    if s & 1:
        x = N - 1 - x
    if s & 2:
        y = N - 1 - y
    if s & 4:
        x, y = y, x
    return x, y


def sgf(moves, black="Black", white="White", date="2020-01-01", result="B+R", colors=None,
        root=""):
    out = ["(;GM[1]FF[4]SZ[19]PB[%s]PW[%s]DT[%s]RE[%s]%s" % (black, white, date, result, root)]
    for i, (x, y) in enumerate(moves):
        out.append(";%s[%s%s]" % (colors[i] if colors else "BW"[i % 2], LETTERS[x], LETTERS[y]))
        if i % 12 == 11:
            out.append("\n")
    out.append(")\n")
    return "".join(out)


def ngf(moves, colors):
    """The game as NGF whose header names no player nor date: the colour
    words, a rank, and 2000-01-01 (as tests/duplicates_truth.py writes a
    copy without them)."""
    lines = ["Rated game", "19", "white 9DP", "black 9DP", "www.cyberoro.com", "0", "0", "6",
             "20000101 [09:37]", "5", "Unknown", str(len(moves))]
    for i, (x, y) in enumerate(moves):
        n = i + 1
        lines.append("PM%s%s%s%s%s%s%s" % (chr(65 + n // 26), chr(65 + n % 26), colors[i],
                                           chr(66 + x), chr(66 + y), chr(66 + y), chr(66 + x)))
    return "\r\n".join(lines) + "\r\n"


def game(argv):
    seed = int(argv[0])
    opts = dict(zip(argv[1::2], argv[2::2]))
    count = int(opts.get("--moves", 120))
    moves = moves_of(seed, count + 3)
    spares = moves[count:]
    moves = moves[:count]
    colors = ["BW"[i % 2] for i in range(count)]
    change = int(opts.get("--change", 0))
    if change:
        moves[change - 1] = spares[0]
    insert = int(opts.get("--insert", 0))
    if insert:
        moves.insert(insert - 1, spares[1])
        colors.insert(insert - 1, "BW"[(insert - 1) % 2])
    delete = int(opts.get("--delete", 0))
    if delete:
        del moves[delete - 1]
        del colors[delete - 1]
    cut = int(opts.get("--truncate", len(moves)))
    moves, colors = moves[:cut], colors[:cut]
    s = int(opts.get("--sym", 0))
    moves = [sym(s, p) for p in moves]
    if opts.get("--ngf"):
        sys.stdout.buffer.write(ngf(moves, colors).encode())
        return
    sys.stdout.write(sgf(moves, black=opts.get("--black", "Black %d" % seed),
                         white="White %d" % seed, colors=colors, root=opts.get("--root", "")))


def collection(argv):
    d, first, n, per = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    os.makedirs(d, exist_ok=True)
    for f in range(0, n, per):
        with open(os.path.join(d, "g%06d.sgf" % (first + f)), "w") as out:
            for seed in range(first + f, first + min(n, f + per)):
                out.write(sgf(moves_of(seed, 120), black="Black %d" % seed,
                              white="White %d" % seed))


def dense(argv):
    d, n, distinct, per = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    os.makedirs(d, exist_ok=True)
    rnd = random.Random(49)
    lengths = [rnd.randrange(120, 281) for _ in range(distinct)]
    originals = [moves_of(1000 + g, lengths[g] + 1) for g in range(distinct)]
    for f in range(0, n, per):
        with open(os.path.join(d, "g%06d.sgf" % f), "w") as out:
            for i in range(f, min(n, f + per)):
                g = rnd.randrange(distinct)
                moves, spare = originals[g][:-1], originals[g][-1]
                colors = ["BW"[k % 2] for k in range(len(moves))]
                edit, at = rnd.randrange(8), rnd.randrange(20, len(moves))
                if edit == 0:
                    moves[at] = spare
                elif edit == 1:
                    moves.insert(at, spare)
                    colors.insert(at, colors[at])
                elif edit == 2:
                    del moves[at]
                    del colors[at]
                elif edit == 3:
                    cut = len(moves) - rnd.randrange(10, 60)
                    moves, colors = moves[:cut], colors[:cut]
                s = rnd.randrange(8)
                out.write(sgf([sym(s, p) for p in moves], black="Black %d" % i,
                              white="White %d" % i, colors=colors))


def pairs(path, cases, seed=lambda i: i):
    pts = [x + y for x in LETTERS for y in LETTERS]

    def game(i, mv):
        return "(;GM[1]FF[4]SZ[19]PB[Black %d]PW[White %d]DT[2000-01-01]%s)\n" % (i, i,
            "".join(";%s[%s]" % (c, p) for c, p in mv))

    def edit(mv, at, how, rnd):
        fresh = (mv[at][0] if at < len(mv) else "B", rnd.choice(pts))
        if how == 0:
            return mv[:at] + [fresh] + mv[at + 1:]
        if how == 1:
            return mv[:at] + [fresh] + mv[at:]
        return mv[:at] + mv[at + 1:]

    with open(path, "w") as f:
        for i, (edits, cut) in enumerate(cases, 1):
            rnd = random.Random(seed(i))
            mv = [("BW"[j % 2], p) for j, p in enumerate(rnd.sample(pts, 150))]
            cp = mv
            for at, how in edits:
                cp = edit(cp, at, how, rnd)
            f.write(game(i, mv) + game(i, cp[:cut] if cut else cp))


if __name__ == "__main__":
    {"game": game, "collection": collection, "dense": dense}[sys.argv[1]](sys.argv[2:])
