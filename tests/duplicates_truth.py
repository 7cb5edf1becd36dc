#!/usr/bin/env python3
"""A collection of games and their copies whose truth is known, and the
score of `jgflint duplicates --format json` against it.

Usage: tests/duplicates_truth.py gen [--games N] [--seed S] [--aside] [--wide] DIR
       tests/duplicates_truth.py score DIR REPORT.json [--quiet] [--classes] [--missed]

gen writes DIR/NNNN-KIND.EXT, one game a file, in SGF, JGF, GIB and NGF,
and DIR/truth.json: each file's game (the distinct game it is a record of)
and whether it is a cut copy. The distinct games look like real ones where
duplicates finders go wrong: games sharing a fuseki (the first 10 to 30
moves of a few openings), games of 20 to 49 moves with the very moves of
another game of other players and date (a famous opening followed to a
resignation), a short game that is the beginning of a long one, games that
part after 30 moves, a game of the same moves but one at the end, the same
moves under other handicap stones, on 13x13 and 19x19, and with the
colours swapped; with --aside, games one step aside from those: a game
that follows another's first 50 to 60 moves and ends a move or two after
they part, two games of 50 to 120 moves whose last moves differ, games
without moves from other events. Their copies are re-encoded to another format, turned,
given the players' names in another script or spelling ("Lee Sedol",
"이세돌", "Yi Se-tol"), the date in another form (2016-03-09, 2016.3.9,
2016-03-09,10), comments stripped or added, a variation added, cut short,
cut to its middle (its first 10 and last 20 moves cut: the first 10 set up
as the position they make, middle-setup, or left out, middle-moves),
a move changed, a black move inserted first or the second move deleted
(two black moves in a row, which jgflint reads as a handicap's stones),
the handicap played as moves or its stones (and HA) dropped, another komi, their facts
stripped; with --aside also their players exchanged, a pass or two added
after the last move, the event written otherwise. --wide adds what real
collections hold beside (another draw of the seed's games): two games of
the same two players on one day, the second with the colours exchanged
(a tournament's two games of a pair), sharing an opening; 9x9 and 13x13
games sharing short openings, their copies turned; originals ended by a
pass or two that their GIB and NGF copies do not write; comments on
several nodes; dates written 1996-10-1,2 or 1996年10月.

score reads the report and prints: the pairs of files grouped (each group
and its members) against the truth's pairs (precision, recall), the groups
holding two distinct games and the files a keeper following them would
delete that are another game, the groups whose kept copy is a cut one when
a whole copy is in the group, and the copies of one game not grouped though
one writes the other's players exchanged, on the same day, in 20 moves or
more (certainly one game; but for a fragment's, which its moves cannot tell). Exit 1 when a group holds two games, keeps a cut
copy, or such copies are not grouped. --classes adds a line a class of
copy: how many are found. A copy is found when grouped with a copy of its
game, but for two kinds no finder can place, which truth.json marks:
"undecidable" (no facts and moves that begin another game as well, or no
facts and no moves, ...: found when the report says what can be said, a
fragment naming its game, or no group) and "ambiguous" (its facts given,
but its moves the whole or the beginning of two games or more whose facts
it cannot tell apart by construction: a pair's two games of one day, the
same two players in either colour, sharing the copy's moves; the list of
those games): an ambiguous copy is found only when in no group and in a
fragment naming every one of those games, not fewer. The ambiguous copies
are counted apart (how many, how many found), so that the measure stays
visible; --missed lists each copy not found. Standard library only; the
output depends on --seed only.
"""

import argparse
import json
import os
import random
import sys

# A name and its other spellings, as copies from other sources write them.
NAMES = [
    ["Lee Sedol", "이세돌", "Yi Se-tol", "LEE Sedol", "Lee, Sedol"],
    ["Cho Chikun", "조치훈", "趙治勲", "Cho Chi-hun"],
    ["Iyama Yuta", "井山裕太", "Yuta Iyama"],
    ["Ke Jie", "柯洁", "KE Jie", "柯潔"],
    ["Shin Jinseo", "신진서", "Shin Jin-seo"],
    ["Park Junghwan", "박정환", "Pak Jeong-hwan"],
    ["Go Seigen", "呉清源", "Wu Qingyuan"],
    ["Takemiya Masaki", "武宮正樹", "Masaki Takemiya"],
    ["Mi Yuting", "芈昱廷"],
    ["Choi Jeong", "최정", "Choi Jung"],
    ["Alice Martin"], ["Bob Jansen"], ["Chloé Dubois"], ["Jürgen Weiß"],
    ["Øystein Berg"], ["Zoë O'Brien"], ["Łukasz Nowak"], ["Ann Smith"],
]
COMMENTS = ["Good move.", "A joseki.", "Slack.", "好手", "悪手", "Ko threat?"]


class Game:
    """A record: board size, setup stones, moves and facts."""

    def __init__(self, size=19):
        self.size = size
        self.setup = []          # (color, x, y)
        self.moves = []          # (color, x, y)
        self.black = self.white = self.date = self.result = None
        self.komi = 6.5
        self.handicap = 0
        self.comments = {}       # move index -> text
        self.variation = None    # (move index, [moves])
        self.handicap_as_moves = False
        self.stones_dropped = False   # the handicap's stones and HA not written
        self.event = None
        self.passes = 0          # passes after the last move
        self.middle = False      # a middle excerpt: its first and last moves cut

    def copy(self):
        g = Game(self.size)
        g.__dict__.update({k: (list(v) if isinstance(v, list) else
                               dict(v) if isinstance(v, dict) else v)
                           for k, v in self.__dict__.items()})
        return g


def random_moves(rng, size, n, start=None, occupied=None, first="B"):
    moves = list(start or [])
    taken = set(occupied or ()) | {(x, y) for _, x, y in moves}
    color = first if not moves else ("W" if moves[-1][0] == "B" else "B")
    while len(moves) < n:
        x, y = rng.randrange(size), rng.randrange(size)
        if (x, y) in taken:
            continue
        taken.add((x, y))
        moves.append((color, x, y))
        color = "W" if color == "B" else "B"
    return moves


def date(rng):
    return (rng.randint(1950, 2024), rng.randint(1, 12), rng.randint(1, 28))


def facts(rng, g):
    b, w = rng.sample(range(len(NAMES)), 2)
    g.black, g.white = NAMES[b][0], NAMES[w][0]
    g.date = date(rng)
    g.result = rng.choice(["B+R", "W+R", "B+3.5", "W+0.5", "B+T"])


def originals(rng, count, aside=False, wide=False):
    """Distinct games (a list of (kind, Game)), each its own game."""
    openings = [random_moves(rng, 19, 30) for _ in range(4)]
    games = []

    def new(kind, moves, size=19):
        g = Game(size)
        g.moves = moves
        facts(rng, g)
        games.append((kind, g))
        return g

    while len(games) < count:
        kind = rng.choice(["long", "long", "short", "twin", "beginning", "parted",
                           "near-end", "handicap", "size", "swapped"]
                          + (["parted-end", "parted-last", "empty"] if aside else [])
                          + (["same-day", "small"] if wide else []))
        opening = rng.choice(openings)[:rng.randint(10, 30)] if rng.random() < 0.6 else []
        if kind == "long":
            new(kind, random_moves(rng, 19, rng.randint(50, 250), opening))
        elif kind == "short":
            new(kind, random_moves(rng, 19, rng.randint(20, 49), opening))
        elif kind == "twin":   # the same 20 to 49 moves, two games
            m = random_moves(rng, 19, rng.randint(20, 49), opening)
            new(kind, m)
            new(kind, list(m))
        elif kind == "beginning":   # a short game, the beginning of a long one
            m = random_moves(rng, 19, rng.randint(60, 250), opening)
            new(kind, m)
            new(kind, m[:rng.randint(20, 49)])
        elif kind == "parted":   # 30 moves alike, then two games
            m = random_moves(rng, 19, 30, opening)
            new(kind, random_moves(rng, 19, rng.randint(50, 250), m))
            new(kind, random_moves(rng, 19, rng.randint(50, 250), m))
        elif kind == "near-end":   # one move apart at the end
            m = random_moves(rng, 19, rng.randint(20, 49), opening)
            new(kind, m)
            other = list(m)
            c, x, y = other[-1]
            other[-1] = (c, (x + 1) % 19 if (((x + 1) % 19, y) not in
                                              {(a, b) for _, a, b in m}) else (x + 2) % 19, y)
            new(kind, other)
        elif kind == "handicap":   # the same moves, 2 stones and 3
            stones = [(3, 15), (15, 3), (15, 15)]
            m = random_moves(rng, 19, rng.randint(50, 200), occupied=stones, first="W")
            for n in (2, 3):
                g = new(kind, list(m))
                g.setup = [("B", x, y) for x, y in stones[:n]]
                g.handicap, g.komi = n, 0.5
        elif kind == "size":   # the same moves on 13x13 and 19x19
            m = random_moves(rng, 13, rng.randint(50, 120))
            new(kind, m, 13)
            new(kind, list(m), 19)
        elif kind == "swapped":   # the same points, the colours swapped
            m = random_moves(rng, 19, rng.randint(50, 200))
            new(kind, m)
            new(kind, [("W" if c == "B" else "B", x, y) for c, x, y in m], 19)
        elif kind == "parted-end":   # 50-60 moves alike, one ends a move or two after
            m = random_moves(rng, 19, rng.randint(50, 60), opening)
            long = new(kind, random_moves(rng, 19, rng.randint(len(m) + 30, 250), m)).moves
            new(kind, random_moves(rng, 19, len(m) + rng.randint(1, 2), m,
                                   occupied=[(x, y) for _, x, y in long[len(m):len(m) + 2]]))
        elif kind == "parted-last":   # the same but the last move or two
            m = random_moves(rng, 19, rng.randint(50, 120), opening)
            cut = len(m) - rng.randint(1, 2)
            new(kind, m)
            other = random_moves(rng, 19, len(m), m[:cut], occupied=[(x, y) for _, x, y in m])
            new(kind, other)
        elif kind == "same-day":   # a pair's two games of a day, colours exchanged
            m = random_moves(rng, 19, rng.randint(len(opening) + 20, 200), opening)
            first = new(kind, m)
            # parting after the opening: a game no longer than the opening,
            # its beginning, would be the colours-exchanged copy of it
            # that two games of a day cannot be (dup_facts_say)
            second = new(kind, random_moves(rng, 19, rng.randint(len(opening) + 20, 200),
                                            m[:len(opening)]))
            second.black, second.white, second.date = first.white, first.black, first.date
        elif kind == "small":   # 9x9 or 13x13 games sharing an opening
            size = rng.choice([9, 13])
            start = random_moves(rng, size, rng.randint(4, 10))
            for _ in range(rng.randint(2, 3)):
                new(kind, random_moves(rng, size, rng.randint(20, size * size // 2), start), size)
        elif kind == "empty":   # no moves, two events
            for _ in range(2):
                new(kind, []).event = rng.choice(["Ing Cup", "Meijin", "Kisei", "Honinbo"]) + \
                    " %d" % rng.randint(1, 60)
    if wide:   # ended by passes, as some servers write the end of a game
        for _, g in games:
            if g.moves and rng.random() < 0.2:
                g.passes = rng.randint(1, 2)
    return games


def turn(g, s):
    """g under symmetry s of the square board."""
    n = g.size - 1

    def t(x, y):
        if s & 1:
            x = n - x
        if s & 2:
            y = n - y
        return (y, x) if s & 4 else (x, y)
    g.moves = [(c,) + t(x, y) for c, x, y in g.moves]
    g.setup = [(c,) + t(x, y) for c, x, y in g.setup]


def other_name(rng, name):
    for spellings in NAMES:
        if name in spellings and len(spellings) > 1:
            return rng.choice([s for s in spellings if s != name])
    return name


def copies(rng, g, aside=False, wide=False):
    """Copies of g: (what was done, Game, cut)."""
    out = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        c, did, cut = g.copy(), [], False
        turn(c, rng.randrange(8) if c.size == 19 or (wide and not c.setup) else 0)
        r = rng.random()
        if r < 0.25:
            c.black, c.white = other_name(rng, c.black), other_name(rng, c.white)
            did.append("renamed")
        if rng.random() < 0.3:
            did.append("date-form")
            c.date = c.date + ("form", rng.randrange(6 if wide else 4))
        if rng.random() < 0.2 and c.moves:
            c.comments = {rng.randrange(len(c.moves)): rng.choice(COMMENTS)
                          for _ in range(rng.randint(1, 6) if wide else 1)}
            did.append("comments")
        if rng.random() < 0.15 and len(c.moves) > 10:
            at = rng.randrange(5, len(c.moves) - 2)
            c.variation = (at, random_moves(rng, c.size, 5, occupied=[(x, y) for _, x, y in c.moves]))
            did.append("variation")
        r = rng.random()
        if r < 0.2 and len(c.moves) > 25:
            end = rng.randint(20, len(c.moves) - 1)
            if r >= 0.185 and len(c.moves) >= MIDDLE_MIN + 30 and not c.setup:
                # A draw of cut's (the same draws: the other copies as
                # before): the middle of the game, its first 10 and last
                # 20 moves cut, the first 10 as the position they make
                # (setup, both colours) or left out (the moves alone)
                middle(c, r < 0.1925)
                did.append("middle-setup" if c.setup else "middle-moves")
            else:
                c.moves = c.moves[:end]
                did.append("cut")
            c.result = None
            c.passes = 0
            cut = True
        elif r < 0.3 and len(c.moves) >= 50:
            i = rng.randrange(10, len(c.moves))
            col, x, y = c.moves[i]
            taken = {(a, b) for _, a, b in c.moves}
            if r >= 0.285 and not c.setup and [m[0] for m in c.moves[:2]] == ["B", "W"]:
                # The opening edited (a draw of move-changed's: the other
                # copies as before): a black move inserted first, or the
                # second deleted: two black moves in a row, which jgflint
                # reads as a handicap's stones.
                if i % 2:
                    for dx in range(1, 19):
                        if ((x + dx) % c.size, y) not in taken:
                            c.moves.insert(0, ("B", (x + dx) % c.size, y))
                            break
                    shift, did_what = 1, "first-inserted"
                else:
                    del c.moves[1]
                    c.comments.pop(1, None)
                    shift, did_what = -1, "second-deleted"
                c.comments = {k + shift if k >= 1 or shift > 0 else k: t
                              for k, t in c.comments.items()}
                if c.variation:
                    c.variation = (c.variation[0] + shift, c.variation[1])
                did.append(did_what)
            else:
                for dx in range(1, 19):
                    if ((x + dx) % c.size, y) not in taken:
                        c.moves[i] = (col, (x + dx) % c.size, y)
                        break
                did.append("move-changed")
        if c.setup and c.handicap:   # (a middle excerpt's setup is no handicap)
            h = rng.random()
            if h < 0.5:
                c.handicap_as_moves = True
                did.append("handicap-as-moves")
            elif h >= 0.75:   # as collections copy handicap games (Kombilo finds them)
                c.stones_dropped = True
                did.append("stones-dropped")
        if rng.random() < 0.08:
            c.komi = 7.5 if c.komi != 7.5 else 6.5
            did.append("komi")
        if rng.random() < 0.1:
            c.black = c.white = c.date = c.result = None
            did.append("stripped")
        if aside and rng.random() < 0.1:
            c.black, c.white = c.white, c.black
            did.append("players-exchanged")
        if aside and rng.random() < 0.1 and c.moves and not cut:
            c.passes = rng.randint(1, 2)
            did.append("passes")
        if aside and c.event and rng.random() < 0.3:
            c.event = c.event.upper()
            did.append("event-form")
        out.append(("+".join(did) or "copy", c, cut))
    return out


# A middle excerpt's fewest moves: long enough to be one game's alone
MIDDLE_MIN = 50


def middle(c, as_setup):
    """c without its first 10 and last 20 moves, the first 10 set up (as the
    position they make: the generator's moves capture nothing) or dropped;
    its comments and variation moved with its moves, or dropped with them."""
    first, last = 10, len(c.moves) - 20
    c.middle = True
    c.setup = [m for m in c.moves[:first]] if as_setup else []
    c.moves = c.moves[first:last]
    c.comments = {k - first: t for k, t in c.comments.items() if first <= k < last}
    if c.variation:
        at = c.variation[0] - first
        c.variation = (at, c.variation[1]) if 0 <= at < len(c.moves) - 1 else None


def date_text(d, fmt):
    """A date as SGF's DT would be written by one source or another."""
    if d is None:
        return None
    y, m, day = d[:3]
    form = d[4] if len(d) > 3 else -1
    return ["%04d.%d.%d" % (y, m, day), "%04d-%02d-%02d,%02d" % (y, m, day, min(day + 1, 28)),
            "%04d/%02d/%02d" % (y, m, day), "%04d年%d月%d日" % (y, m, day),
            "%04d-%02d-%d,%d" % (y, m, day, min(day + 1, 28)), "%04d年%d月" % (y, m)][form] \
        if form >= 0 else "%04d-%02d-%02d" % (y, m, day)


def esc(s):
    return s.replace("\\", "\\\\").replace("]", "\\]")


def pass_moves(g):
    last = g.moves[-1][0] if g.moves else "W"
    return [("W" if (last == "B") == (i % 2 == 0) else "B", None, None) for i in range(g.passes)]


def sgf(g):
    letters = "abcdefghijklmnopqrstuvwxyz"

    def p(x, y):
        return letters[x] + letters[y]
    root = "(;GM[1]FF[4]CA[UTF-8]SZ[%d]" % g.size
    for key, v in (("PB", g.black), ("PW", g.white), ("DT", date_text(g.date, "sgf")),
                   ("RE", g.result)):
        if v:
            root += "%s[%s]" % (key, esc(v))
    root += "KM[%g]" % g.komi
    if g.event:
        root += "EV[%s]" % esc(g.event)
    moves = list(g.moves) + pass_moves(g)
    if g.stones_dropped:
        pass
    elif g.setup and not g.handicap:   # a middle excerpt's position
        for col in "BW":
            stones = "".join("[%s]" % p(x, y) for c, x, y in g.setup if c == col)
            root += "A%s%s" % (col, stones) if stones else ""
    elif g.handicap and not g.handicap_as_moves:
        root += "HA[%d]AB" % g.handicap + "".join("[%s]" % p(x, y) for _, x, y in g.setup)
    elif g.handicap:
        root += "HA[%d]" % g.handicap
        pre = []
        for _, x, y in g.setup:
            pre += [("B", x, y), ("W", None, None)]
        moves = pre[:-1] + moves
    out = [root]
    for i, (c, x, y) in enumerate(moves):
        node = ";%s[%s]" % (c, "" if x is None else p(x, y))
        k = i - (len(moves) - len(g.moves) - g.passes)
        if k in g.comments:
            node += "C[%s]" % esc(g.comments[k])
        if g.variation and k == g.variation[0]:
            var = "".join(";%s[%s]" % (vc, p(vx, vy)) for vc, vx, vy in g.variation[1])
            rest = "".join(";%s[%s]" % (mc, "" if mx is None else p(mx, my))
                           for mc, mx, my in moves[i:])
            out.append("(" + rest + ")(" + var + ")")
            break
        out.append(node)
    return "".join(out) + ")\n"


def jgf(g):
    def node(c, x, y):
        if x is None:
            return {"move": {"color": "black" if c == "B" else "white", "pass": True}}
        return {"move": {"color": "black" if c == "B" else "white", "x": x, "y": y}}
    moves = list(g.moves) + pass_moves(g)
    root = {}
    if g.stones_dropped:
        pass
    elif g.setup and not g.handicap_as_moves:   # a handicap's stones, or a position
        root["setup"] = [{"type": t, "coords": [{"x": x, "y": y} for c, x, y in g.setup
                                                if c == col]}
                         for col, t in (("B", "black"), ("W", "white"))
                         if any(c == col for c, _, _ in g.setup)]
    elif g.setup:
        pre = []
        for _, x, y in g.setup:
            pre += [("B", x, y), ("W", None, None)]
        moves = pre[:-1] + moves
    tree = [root]
    off = len(moves) - len(g.moves) - g.passes
    for i, m in enumerate(moves):
        n = node(*m)
        if i - off in g.comments:
            n["comments"] = [g.comments[i - off]]
        if g.variation and i - off == g.variation[0]:
            tree.append({"variations": [[node(*mm) for mm in moves[i:]],
                                        [node(*mm) for mm in g.variation[1]]]})
            break
        tree.append(n)
    doc = {"record": {"format": "JGF", "version": 2, "charset": "UTF-8"},
           "game": {"type": "go"}, "board": {"size": g.size},
           "rules": {"komi": g.komi, "handicap": 0 if g.stones_dropped else g.handicap},
           "tree": tree}
    if g.result:
        doc["game"]["result"] = g.result
    if g.date:
        doc["game"]["date"] = "%04d-%02d-%02d" % g.date[:3]
    if g.event:   # JGF's event is an object (game.event is none of JGF's)
        doc["event"] = {"name": g.event}
    players = [{"color": c, "name": n} for c, n in (("black", g.black), ("white", g.white)) if n]
    if players:
        doc["players"] = players
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def gib(g):
    y, m, d = g.date[:3] if g.date else (2000, 1, 1)
    head = ["\\HS", "\\[GIBOKIND=Global\\]", "\\[GAMEDUM=%d\\]" % int(g.komi),
            # the reader takes the date from GAMEINFOSUB's GDATE
            "\\[GAMEINFOSUB=GNAMEF:0,GPLCF:0,GNAME:Free,GDATE:%4d-%2d-%2d-17-29-25,GPLC:,GCMT:\\]"
            % (y, m, d) if g.date else "\\[GAMEINFOSUB=GNAME:Free\\]",
            "\\[GAMEWHITENAME=%s\\]" % (g.white or ""), "\\[GAMEBLACKNAME=%s\\]" % (g.black or ""),
            "\\[GAMERESULT=\\]", "\\HE", "\\GS", "2 1 0", "119 0 &4",
            "INI 0 1 %d &4 " % (len(g.setup) if g.setup else 0)]
    for i, (c, x, yy) in enumerate(g.moves):
        head.append("STO 0 %d %d %d %d " % (i + 2, 1 if c == "B" else 2, x, yy))
    head.append("\\GE")
    return "\r\n".join(head) + "\r\n"


def ngf(g):
    y, m, d = g.date[:3] if g.date else (2000, 1, 1)
    lines = ["Rated game", str(g.size), "%s 9DP" % (g.white or "white"),
             "%s 9DP" % (g.black or "black"), "www.cyberoro.com", "0", "0", "%d" % int(g.komi),
             "%04d%02d%02d [09:37]" % (y, m, d), "5",
             {"B+R": "Black wins by resign!", "W+R": "White wins by resign!"}.get(g.result or "",
                                                                               "Unknown"),
             str(len(g.moves))]
    for i, (c, x, yy) in enumerate(g.moves):
        n = i + 1
        a, b = chr(65 + n // 26), chr(65 + n % 26)
        lines.append("PM%s%s%s%s%s%s%s" % (a, b, c, chr(66 + x), chr(66 + yy), chr(66 + yy),
                                           chr(66 + x)))
    return "\r\n".join(lines) + "\r\n"


def write(path, g, fmt):
    text = {"sgf": sgf, "jgf": jgf, "gib": gib, "ngf": ngf}[fmt](g)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def turned(moves, size, s):
    """(color, x, y) moves under symmetry s of a square board (turn's)."""
    g = Game(size)
    g.moves = list(moves)
    turn(g, s)
    return g.moves


def undecidable(c, g, games, fmt):
    """Why no finder can tell which game copy c (of game g) is, or None.
    A record without moves has nothing but its facts: "month" when its date
    gives the month and not the day (SGF's 1996年10月): a match's next game
    of the same players and event, in that month, its colours as written
    or exchanged, gives the same facts. Else only a copy that gives none of
    the facts (no players, no date: its facts stripped) can be undecidable:
    "nothing" when it has no moves
    either (a game without moves told by its facts alone); "prefix" when
    its moves (and setup; any, where its handicap's stones are dropped)
    are the whole or the beginning of another game's as well, under a
    symmetry (a twin's, a short game that begins a long one, a cut copy of
    games that part later, the moves under 2 stones and 3 without them,
    whatever the copy's edits, but where the passes after its last move,
    as written, are its game's and not the other's): a report can only say it
    begins them, a fragment naming its game; "end" when its moves differ
    from its game's only in the last two (a move changed there), as the
    generator's parted-last and near-end games differ from each other."""
    if not c.moves and not c.setup and fmt == "sgf" and c.date and len(c.date) > 3 \
            and c.date[4] == 5:
        return "month"
    if c.black or c.white or c.date:
        return None
    if not c.moves:
        return "nothing"
    n = len(c.moves)
    if c.middle:   # the middle of another game's moves as well, its setup aside
        for h in games:
            if h is not g and h.size == c.size and any(
                    turned(h.moves[i:i + n], h.size, s) == c.moves
                    for s in range(8) for i in range(1, len(h.moves) - n + 1)):
                return "prefix"
        return None
    if c.stones_dropped:   # the same moves under other stones: as near one as the other
        # (the passes as written: GIB and NGF write none; passes added to
        # the copy are neither game's)
        passes = c.passes if fmt in ("sgf", "jgf") else 0
        for h in games:
            if h is not g and h.size == g.size and h.setup and \
                    (n < len(g.moves) or passes == h.passes or passes != g.passes) and \
                    any(turned(h.moves, h.size, s) == g.moves for s in range(8)):
                return "prefix"
    for h in games:
        if h is g or h.size != c.size or len(h.moves) < n:
            continue
        for s in range(8):
            if turned(h.moves[:n], h.size, s) == c.moves and \
                    (c.stones_dropped or sorted(turned(h.setup, h.size, s)) == sorted(c.setup)):
                return "prefix"
    if len(g.moves) == n:
        for s in range(8):
            diff = [i for i, (a, b) in enumerate(zip(turned(g.moves, g.size, s), c.moves)) if a != b]
            if diff and diff[0] >= n - 2:
                return "end"
    return None


def ambiguous(c, g, games):
    """The games (indices into games) copy c of game g can be a copy of by
    construction, where they are two or more, else None: a copy with facts
    (a copy without them is undecidable's) whose moves and setup are the
    whole or the beginning of another game's as well as its own, under a
    symmetry, that game's facts not to be told from g's: the same day and
    the same two players, in either colour (a pair's two games of a day,
    --wide's same-day, their colours exchanged, as a copy may write them).
    Such a copy is found only as a fragment naming every one of those
    games: not in a group, which would hold one of them (score)."""
    if not c.moves or not (c.black or c.white or c.date):
        return None
    n, same = len(c.moves), []
    for i, h in enumerate(games):
        if h is not g and (h.size != c.size or len(h.moves) < n or not h.date or not g.date
                           or h.date[:3] != g.date[:3] or {h.black, h.white} != {g.black, g.white}
                           or not any(turned(h.moves[:n], h.size, s) == c.moves and
                                      sorted(turned(h.setup, h.size, s)) == sorted(c.setup)
                                      for s in range(8))):
            continue
        same.append(i)
    return same if len(same) > 1 else None


def gen(args):
    rng = random.Random("dup-truth:%d" % args.seed)
    os.makedirs(args.dir, exist_ok=True)
    truth = {}
    n = 0
    made = originals(rng, args.games, args.aside, args.wide)
    games = [g for _, g in made]
    for gid, (kind, g) in enumerate(made):
        for what, c, cut in [("original", g, False)] + copies(rng, g, args.aside, args.wide):
            fmt = "sgf"
            # GIB and NGF give no setup and no comments: only plain copies
            # (and no passes: --wide's originals' copies end without them);
            # a middle excerpt's setup is drawn as if absent (the seed's
            # draws as before it) and written in SGF or JGF
            middle_setup = "middle-setup" in what.split("+")
            if what != "original" and (not c.setup or middle_setup) and not c.comments \
                    and not c.variation and c.size == 19 and (not c.passes or args.wide) \
                    and not c.event:
                fmt = rng.choice(["sgf", "jgf", "gib", "ngf"])
                if middle_setup:
                    fmt = {"gib": "sgf", "ngf": "jgf"}.get(fmt, fmt)
            elif what != "original":
                fmt = rng.choice(["sgf", "jgf"])
            n += 1
            name = "%04d-%s-%s.%s" % (n, kind, what, fmt)
            write(os.path.join(args.dir, name), c, fmt)
            why = undecidable(c, g, games, fmt)
            truth[name] = {"game": gid, "kind": kind, "copy": what, "cut": cut,
                           "moves": len(c.moves), "facts": bool(c.black or c.date),
                           "undecidable": why,
                           "ambiguous": None if why else ambiguous(c, g, games),
                           "black": c.black, "white": c.white,
                           # the date as written: the day not given (1996年10月)
                           # (SGF's DT only: JGF, GIB and NGF write the whole date)
                           "date": (list(c.date[:2]) + [None] if fmt == "sgf" and len(c.date) > 3
                                    and c.date[4] == 5 else list(c.date[:3])) if c.date else None}
    with open(os.path.join(args.dir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, sort_keys=True)
    print("%d files, %d games" % (n, len({t["game"] for t in truth.values()})))


def exchanged_pair(a, b):
    """Whether files a and b (truth entries) give the same two players, one
    of them exchanged, the same day (its day written), and at least
    DUP_MIN_MOVES moves each."""
    return a.get("date") and a["date"][2] and a["date"] == b.get("date") and a["black"] \
        and a["white"] \
        and a["black"] != a["white"] and (a["black"], a["white"]) == (b["white"], b["black"]) \
        and min(a["moves"], b["moves"]) >= 20


def score(args):
    with open(os.path.join(args.dir, "truth.json")) as f:
        truth = json.load(f)
    with open(args.report) as f:
        report = json.load(f)

    def name(m):
        return os.path.basename(m["path"])
    truth_pairs = set()
    by_game = {}
    for f, t in truth.items():
        by_game.setdefault(t["game"], []).append(f)
    for files in by_game.values():
        files.sort()
        truth_pairs |= {(a, b) for i, a in enumerate(files) for b in files[i + 1:]}
    found, mixed, wrong_delete, cut_kept = set(), [], [], []
    for g in report["groups"]:
        files = sorted(name(m) for m in g["games"])
        found |= {(a, b) for i, a in enumerate(files) for b in files[i + 1:]}
        keep = name([m for m in g["games"] if m["relation"] == "kept"][0])
        games = {truth[f]["game"] for f in files}
        if len(games) > 1:
            mixed.append((g["class"], files))
            wrong_delete += [f for f in files if truth[f]["game"] != truth[keep]["game"]]
        whole = [f for f in files if truth[f]["game"] == truth[keep]["game"] and not truth[f]["cut"]]
        if truth[keep]["cut"] and whole:
            cut_kept.append((keep, whole))
    right = found & truth_pairs
    # Copies of one game whose players one of them writes exchanged (as some
    # sites write PB and PW), the same names and the same day, and moves
    # enough (DUP_MIN_MOVES) that two games of that day cannot share them:
    # certainly one game, to be grouped (unless one is said to be a fragment,
    # the beginning of two games: which it copies its moves cannot tell).
    fragments = {name(m) for f in report["fragments"] for m in f["games"]}
    exchanged = [(a, b) for a, b in sorted(truth_pairs - found)
                 if exchanged_pair(truth[a], truth[b]) and not {a, b} & fragments]
    precision = len(right) / len(found) if found else 1.0
    recall = len(right) / len(truth_pairs) if truth_pairs else 1.0
    print("pairs grouped %d, of them right %d, truth %d: precision %.4f, recall %.4f"
          % (len(found), len(right), len(truth_pairs), precision, recall))
    print("groups %d, holding two games or more %d, files of another game to delete %d, "
          "cut copies kept %d, players exchanged missed %d"
          % (len(report["groups"]), len(mixed), len(wrong_delete), len(cut_kept), len(exchanged)))
    if not args.quiet:
        for cls, files in mixed:
            print("  mixed (%s): %s" % (cls, " ".join(files)))
        for keep, whole in cut_kept:
            print("  cut copy kept: %s (whole: %s)" % (keep, " ".join(whole)))
        for a, b in exchanged:
            print("  players exchanged, not grouped: %s %s" % (a, b))
        missed = {}
        for a, b in sorted(truth_pairs - found):
            missed.setdefault(truth[a]["copy"] + " / " + truth[b]["copy"], []).append((a, b))
        for k, v in sorted(missed.items(), key=lambda kv: -len(kv[1])):
            print("  missed %d: %s, e.g. %s %s" % (len(v), k, v[0][0], v[0][1]))
    if args.classes or args.missed:
        by_class(truth, report, name, args.missed)
    return 1 if mixed or cut_kept or exchanged else 0


def by_class(truth, report, name, show_missed=False):
    """A line a class of copy (each thing done to a copy, and each kind of
    game copied): its copies, how many are grouped with a copy of their
    game (recall), in a fragment naming their game among the games they
    may begin, or in neither (missed); and of the groups holding such a
    copy, those holding its game only (precision). Then the ambiguous
    copies (gen's ambiguous) apart: how many, how many found. With
    show_missed, a line for each copy not found."""
    group_of, fragment_of = {}, {}
    for i, g in enumerate(report["groups"]):
        for m in g["games"]:
            group_of[name(m)] = i
    fragment_files = {}
    for i, f in enumerate(report["fragments"]):
        for m in f["games"]:
            fragment_of.setdefault(name(m), set()).add(i)
        fragment_files[i] = [name(m) for m in f["games"] + f.get("prefixOf", [])]
    members = {}
    for f in group_of:
        members.setdefault(group_of[f], []).append(f)
    copies = {}
    for f, t in truth.items():
        copies.setdefault(t["game"], []).append(f)
    rows, missed, amb = {}, [], [0, 0]
    for f, t in sorted(truth.items()):
        if len(copies[t["game"]]) < 2:
            continue   # a game of one record: nothing to find
        g = group_of.get(f)
        grouped = g is not None and any(truth[o]["game"] == t["game"] for o in members[g] if o != f)
        pure = g is None or all(truth[o]["game"] == t["game"] for o in members[g])
        frag = any(truth[o]["game"] == t["game"] for i in fragment_of.get(f, ())
                   for o in fragment_files[i] if o != f)
        # An undecidable copy (gen's undecidable) is found when the report
        # says what can be said: the beginning of games, its own among them
        # (a fragment naming it), or, with nothing to tell it by, no group
        # (and a record whose every other copy is undecidable or ambiguous
        # has none a finder can place with it: found when in no group of
        # another game). An ambiguous copy (gen's ambiguous) is found only
        # in no group and in a fragment naming every game it can be.
        lone = all(truth[o].get("undecidable") or truth[o].get("ambiguous")
                   for o in copies[t["game"]] if o != f)
        if t.get("ambiguous"):
            found = g is None and any(
                set(t["ambiguous"]) <= {truth[o]["game"] for o in fragment_files[i] if o != f}
                for i in fragment_of.get(f, ()))
            amb[0] += 1
            amb[1] += found
        else:
            found = grouped or (t.get("undecidable") == "prefix" and frag) or \
                ((t.get("undecidable") in ("nothing", "end", "month") or lone) and pure)
        if not found:
            missed.append((f, t))
        for c in ["kind:" + t["kind"]] + ["copy:" + w for w in t["copy"].split("+")]:
            r = rows.setdefault(c, [0, 0, 0, 0, 0, 0])
            r[0] += 1
            r[1] += grouped
            r[2] += frag and not grouped
            r[3] += g is not None
            r[4] += g is not None and pure
            r[5] += found
    print("by class: copies, grouped with their game (recall), in a fragment naming it, "
          "missed; found (grouped, or undecidable and said so); groups of its game only "
          "(precision)")
    for c, (n, grouped, frag, ing, pure, found) in sorted(rows.items()):
        print("  %-26s %4d  grouped %4d (%.4f)  fragment %3d  missed %3d  found %4d (%.4f)"
              "  precision %.4f" % (c, n, grouped, grouped / n, frag, n - grouped - frag, found,
                                    found / n, pure / ing if ing else 1.0))
    print("ambiguous copies %d, found %d (in no group, a fragment naming every game each can be); "
          "copies not found %d" % (amb[0], amb[1], len(missed)))
    if show_missed:
        for f, t in missed:
            print("  not found: %s (%s%s)" % (f, t["copy"], ", ambiguous among games %s"
                                              % t["ambiguous"] if t.get("ambiguous") else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("dir")
    g.add_argument("--games", type=int, default=300)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--aside", action="store_true")
    g.add_argument("--wide", action="store_true")
    s = sub.add_parser("score")
    s.add_argument("dir")
    s.add_argument("report")
    s.add_argument("--quiet", action="store_true")
    s.add_argument("--classes", action="store_true",
                   help="a line a class of copy: recall, fragments, missed, precision")
    s.add_argument("--missed", action="store_true",
                   help="--classes, and a line for each copy not found")
    args = ap.parse_args()
    return gen(args) if args.cmd == "gen" else score(args)


if __name__ == "__main__":
    sys.exit(main())
