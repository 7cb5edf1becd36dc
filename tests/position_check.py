#!/usr/bin/env python3
"""The position at every node of JGF records, by a replay of its own, to
check the library's (jgf_position_*: src/engine/replay.c) against: it
shares no code with it. tests/position.sh runs it.

    position_check.py [--min N] [--jgflint JGFLINT] API_TOOL FILE...

For each record it lists every node of the tree (the main line, every
variation, the nodes after a line stops) and a few pointers inside nodes or
outside the tree, asks `API_TOOL position` for the position at each, and
compares: the stones with the move and node that placed each, whose turn,
the ko point, the last move, the moves played, the captures, where the line
stopped and why. With --jgflint, also the points of each finding about a
position in `jgflint --format json` (its node, the move, the stone in the
way, the stones captured or without liberties, the setup point, the move
before) against that replay's position at its node. TAP output, a test per
file; records the library does not read as JGF (not JSON, another format)
are counted, not compared.

The rules, as the JGF specification and the go rules' documentation say:
a move on a stone, suicide (unless rules.allowSuicide), retaking a ko at
once, and with rules.disallowRepeats any whole-board position of the line
again, stop the line; so does a value the replay cannot read (a node that
is no object, a setup entry of another type or with a point off the board
or not {x, y} integers, a move of another colour, a pass with a point on
the board, a point off the board that is not the pass point x = width,
y = height, or 19, 19 on boards up to 19×19). A node that stops its line
changes nothing: its position, and that of every node after it on the
line (variations below it included), is the one before it."""
import copy
import json
import os
import subprocess
import sys
import tempfile

from goboard import chain, neighbours

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
GO_RULES = {"occupied-point", "suicide", "ko-retake", "superko"}


def integer(v):
    """v as JSON.parse would hold an integer (3 and 3.0), else None."""
    if type(v) is int:
        return v
    if type(v) is float and v == v and v not in (float("inf"), float("-inf")) and v.is_integer():
        return int(v)
    return None


def name(x, y, w, h):
    if w > 25 or x is None or not (0 <= x < w and 0 <= y < h):
        return None
    return "%s%d" % (LETTERS[x], h - y)


def edges(w, h):
    """The board's edge names as players read them: letters without I and
    rows counted from the bottom; x and y from 0 on a board wider than 25."""
    if w > 25:
        return [str(x) for x in range(w)], [str(y) for y in range(h)]
    return [LETTERS[x] for x in range(w)], [str(h - y) for y in range(h)]


def dimension(board, key, fallback):
    v = integer(board.get(key)) if isinstance(board, dict) else None
    return v if v is not None and 0 <= v <= 2**31 - 1 else fallback


def facts(doc):
    """(why not, width, height, cut-offs) as a reader of the record sees them."""
    board = doc.get("board")
    board = board if isinstance(board, dict) else {}
    size = dimension(board, "size", 19)
    w = dimension(board, "width", 0) if board.get("width") is not None else size
    h = dimension(board, "height", 0) if board.get("height") is not None else size
    if board.get("size") is not None and integer(board.get("size")) is None:
        w = h = 0
    conflict = False
    n = integer(board.get("size"))
    if n is not None and n > 0:
        for key in ("width", "height"):
            d = dimension(board, key, 0) if board.get(key) is not None else 0
            conflict |= d > 0 and d != n
    cuts = [dimension(board, k, 0) for k in ("cutOffTop", "cutOffBottom", "cutOffLeft", "cutOffRight")]
    if cuts[0] + cuts[1] >= h:
        cuts[0] = cuts[1] = 0
    if cuts[2] + cuts[3] >= w:
        cuts[2] = cuts[3] = 0
    game = doc.get("game")
    kind = game.get("type") if isinstance(game, dict) else None
    players = doc.get("players")
    if isinstance(players, list):
        colors = [p.get("color") for p in players if isinstance(p, dict) and isinstance(p.get("color"), str)]
    elif isinstance(players, dict):
        colors = list(players)
    else:
        colors = []
    why = None
    if kind is not None and kind != "go":
        why = "not go"
    elif conflict or not (1 <= w <= 52 and 1 <= h <= 52):
        why = "board"
    elif any(c not in ("black", "white") for c in colors[:16]):
        why = "colours"
    elif not isinstance(doc.get("tree"), list):
        why = "tree"
    return why, w, h, cuts


class Line:
    """The state of one line of play."""

    def __init__(self):
        self.board = {}          # (x, y) -> colour
        self.placed = {}         # (x, y) -> (move number or None, node pointer)
        self.history = [frozenset()]
        self.moves = 0
        self.last = None         # (number, colour, (x, y) or None, node)
        self.turn = None         # a node's turn, until the next move
        self.ko = None           # (colour that may not retake, board before the capture, point)
        self.captures = {"black": 0, "white": 0}
        self.black_only = True   # black made every move so far
        self.free = 0            # black's first moves that place handicap stones
        self.stopped = None      # (node, rule)

    def copy(self):
        """A line to play on apart: its dicts and list copied, their items
        (tuples, frozensets, strings) immutable and shared. copy.deepcopy
        copied every past position: 97% of the test's time."""
        other = copy.copy(self)
        other.board, other.placed, other.captures = dict(self.board), dict(self.placed), dict(self.captures)
        other.history = list(self.history)
        return other


class Record:
    def __init__(self, doc):
        self.why, self.w, self.h, self.cuts = facts(doc)
        rules = doc.get("rules") if isinstance(doc.get("rules"), dict) else {}
        self.suicide = rules.get("allowSuicide") is True
        self.repeats = rules.get("disallowRepeats") is True
        self.handicap = integer(rules.get("handicap")) or 0

    def point(self, p):
        """(x, y) on the board, "off" for integers outside it, None for no point."""
        if not isinstance(p, dict):
            return None
        x, y = integer(p.get("x")), integer(p.get("y"))
        if x is None or y is None:
            return None
        return (x, y) if 0 <= x < self.w and 0 <= y < self.h else "off"

    def capture_around(self, board, at, colour):
        """Removes the chains of colour next to at that have no liberty; their stones."""
        gone = set()
        for n in neighbours(at[0], at[1], self.w, self.h):
            if board.get(n) == colour and n not in gone:
                stones, free = chain(board, n[0], n[1], self.w, self.h)
                if not free:
                    gone |= stones
        for s in gone:
            del board[s]
        return gone

    def setup(self, line, node, ptr):
        entries = node["setup"]
        if not isinstance(entries, list):
            return False
        todo = []
        for e in entries:
            kind = e.get("type") if isinstance(e, dict) else None
            coords = e.get("coords") if isinstance(e, dict) else None
            if kind not in ("black", "white", "clear") or not isinstance(coords, list):
                return False
            for c in coords:
                p = self.point(c)
                if p is None or p == "off":
                    return False
                todo.append((kind, p))
        for kind, p in todo:
            if kind == "clear":
                line.board.pop(p, None)
                line.placed.pop(p, None)
            elif line.board.get(p) != kind:   # a stone already there stays its placer's
                line.board[p] = kind
                line.placed[p] = (None, ptr)
        line.history.append(frozenset(line.board.items()))
        line.ko = None
        return True

    def move(self, line, m, ptr):
        """False and the rule when the move stops the line."""
        if not isinstance(m, dict):
            return False, None
        colour = m.get("color")
        if colour not in ("black", "white"):
            return False, None
        passes = m.get("pass") is True
        p = self.point(m)
        if passes and p not in (None, "off"):
            return False, None
        if not passes and p is None:
            return False, None
        if not passes and p == "off":
            x, y = integer(m.get("x")), integer(m.get("y"))
            if not ((x, y) == (self.w, self.h) or ((x, y) == (19, 19) and self.w <= 19 and self.h <= 19)):
                return False, None
            passes = True
        if line.moves == 0 and self.handicap >= 2:
            black = sum(1 for c in line.board.values() if c == "black")
            if black < self.handicap and "white" not in line.board.values():
                line.free = self.handicap - black
        line.moves += 1
        n = line.moves
        line.turn = None
        line.black_only = line.black_only and colour == "black"
        line.last = (n, colour, None if passes else p, ptr)
        if passes:
            line.ko = None
            return True, None
        if p in line.board:
            return False, "occupied-point"
        other = "white" if colour == "black" else "black"
        before = frozenset(line.board.items())
        board = dict(line.board)
        board[p] = colour
        taken = self.capture_around(board, p, other)
        stones, free = chain(board, p[0], p[1], self.w, self.h)
        lost = 0
        if not free:
            if not self.suicide:
                return False, "suicide"
            for s in stones:
                del board[s]
            lost = len(stones)
        after = frozenset(board.items())
        if taken and line.ko and line.ko[0] == colour and after == line.ko[1]:
            return False, "ko-retake"
        if self.repeats and after in line.history:
            return False, "superko"
        line.board = board
        for s in taken:
            line.placed.pop(s, None)
        for s in stones if lost else ():
            line.placed.pop(s, None)
        if not lost:
            line.placed[p] = (n, ptr)
        line.captures[colour] += len(taken)
        line.captures[other] += lost
        line.history.append(after)
        line.ko = (other, before, next(iter(taken))) if len(taken) == 1 else None
        return True, None

    def play(self, line, node, ptr):
        """Plays node on line; False and the rule when it stops the line."""
        if not isinstance(node, dict):
            return False, None
        if node.get("setup") is not None and not self.setup(line, node, ptr):
            return False, None
        if node.get("move") is not None:
            ok, rule = self.move(line, node["move"], ptr)
            if not ok:
                return False, rule
        if node.get("turn") in ("black", "white"):
            line.turn = node["turn"]
        return True, None

    def ko_point(self, line):
        """The point whose retake a ko forbids: the one stone the last move
        took, if taking back there restores the board before that move."""
        if not line.ko:
            return None
        colour, before, q = line.ko
        if q in line.board:
            return None
        board = dict(line.board)
        board[q] = colour
        taken = self.capture_around(board, q, "white" if colour == "black" else "black")
        return q if taken and frozenset(board.items()) == before else None

    def turn(self, line):
        if line.turn:
            return line.turn, True
        if line.last:
            colour = line.last[1]
            if colour == "black" and line.black_only and line.moves < line.free:
                return "black", False
            return ("white" if colour == "black" else "black"), False
        colours = set(line.board.values())
        if self.handicap >= 2 and colours == {"black"}:
            return "white", False
        return "black", False

    def position(self, line, ptr):
        stones = []
        for (x, y), c in sorted(line.board.items(), key=lambda i: (i[0][1], i[0][0])):
            move, node = line.placed[(x, y)]
            stones.append({"x": x, "y": y, "point": name(x, y, self.w, self.h), "color": c,
                           "move": move, "node": node})
        ko = self.ko_point(line)
        turn, given = self.turn(line)
        last = None
        if line.last:
            n, c, p, node = line.last
            last = {"number": n, "color": c, "x": p and p[0], "y": p and p[1],
                    "point": p and name(p[0], p[1], self.w, self.h), "pass": p is None, "node": node}
        return {"node": ptr, "width": self.w, "height": self.h,
                "cutOffTop": self.cuts[0], "cutOffBottom": self.cuts[1],
                "cutOffLeft": self.cuts[2], "cutOffRight": self.cuts[3],
                "columns": edges(self.w, self.h)[0], "rows": edges(self.w, self.h)[1],
                "stones": stones, "turn": turn, "turnGiven": given,
                "ko": ko and {"x": ko[0], "y": ko[1], "point": name(ko[0], ko[1], self.w, self.h)},
                "lastMove": last, "moves": line.moves, "captures": dict(line.captures),
                "stopped": line.stopped and {"node": line.stopped[0], "rule": line.stopped[1]}}

    def walk(self, tree):
        """(pointer, expected position) for every node, recursively."""
        out = []

        def sequence(nodes, prefix, line):
            for i, node in enumerate(nodes):
                ptr = "%s/%d" % (prefix, i)
                if not line.stopped:
                    trial = line.copy()
                    ok, rule = self.play(trial, node, ptr)
                    if ok:
                        line = trial
                    else:
                        line.stopped = (ptr, rule)
                out.append((ptr, self.position(line, ptr)))
                variations = node.get("variations") if isinstance(node, dict) else None
                if isinstance(variations, list):
                    for v, var in enumerate(variations):
                        if isinstance(var, list):
                            sequence(var, "%s/variations/%d" % (ptr, v), line.copy())

        sequence(tree, "/tree", Line())
        return out


def node_pointers(tree):
    """Every node's pointer, whatever the record."""
    out = []

    def sequence(nodes, prefix):
        for i, node in enumerate(nodes):
            ptr = "%s/%d" % (prefix, i)
            out.append(ptr)
            variations = node.get("variations") if isinstance(node, dict) else None
            for v, var in enumerate(variations if isinstance(variations, list) else []):
                if isinstance(var, list):
                    sequence(var, "%s/variations/%d" % (ptr, v))

    sequence(tree, "/tree")
    return out


NOT_REPLAYED = {
    "not go": "the record is not a game of Go (game.type)",
    "board": ("board.size disagrees with board.width or board.height",
              "the board is not one the replay plays: from 1×1 to 52×52"),
    "colours": "the players are not black and white",
}


def check_points(finding, positions, doc):
    """What is wrong with the points of a finding about a position, given
    the expected positions by node; [] when nothing."""
    node = finding["node"]
    want = positions.get(node)
    if want is None:
        return ["its node %s is no node" % node]
    # handicap-mismatch is at rules.handicap, its board the position where
    # the handicap is judged.
    if not finding["pointer"].startswith(node + "/") and not (
            finding["rule"] == "handicap-mismatch" and finding["pointer"] == "/rules/handicap"):
        return ["its pointer %s is not inside its node %s" % (finding["pointer"], node)]
    stones = {(st["x"], st["y"]): st for st in want["stones"]}
    bad = []
    for pt in finding["points"]:
        role, at = pt["role"], (pt["x"], pt["y"])
        if pt["point"] != name(pt["x"], pt["y"], want["width"], want["height"]):
            bad.append("%s at %s is named %s" % (role, at, pt["point"]))
        if role == "move":
            last = want["lastMove"]
            if want["stopped"] and want["stopped"]["node"] == node:
                ptr = node.split("/")[1:]
                m = doc
                for k in ptr:
                    m = m[int(k)] if isinstance(m, list) else m[k]
                m = m["move"]
                ok = (integer(m.get("x")), integer(m.get("y")), m.get("color")) == (at[0], at[1], pt["color"]) \
                    and pt["move"] == want["moves"] + 1
            else:
                ok = last and (last["x"], last["y"], last["color"], last["number"]) == (at[0], at[1], pt["color"], pt["move"])
            if not ok or pt["node"] != node or pt["pointer"] != node + "/move":
                bad.append("the move %s is not the node's move" % json.dumps(pt))
        elif role == "setup":
            # setup-no-effect names every point of its node's setup that
            # changes nothing, the first where the finding is.
            if pt["node"] != node or not pt["pointer"].startswith(node + "/setup/"):
                bad.append("the setup point %s is not of the finding's node" % json.dumps(pt))
        elif role in ("stone", "capture", "chain", "previous"):
            st = stones.get(at)
            if role == "previous" and st is None:
                continue   # taken by the move after it
            if not st or (st["color"], st["move"], st["node"]) != (pt["color"], pt["move"], pt["node"]):
                bad.append("the %s %s is not the stone there, %s" % (role, json.dumps(pt), json.dumps(st)))
            elif pt["pointer"] != pt["node"] + "/move" if pt["move"] else not pt["pointer"].startswith(pt["node"] + "/setup/"):
                bad.append("the %s %s names another value" % (role, json.dumps(pt)))
        else:
            bad.append("an unknown role %s" % role)
        if not pt["line"] or not pt["column"]:
            bad.append("the %s %s is not located" % (role, json.dumps(pt)))
    setups = [pt["pointer"] for pt in finding["points"] if pt["role"] == "setup"]
    if setups and setups[0] != finding["pointer"]:
        bad.append("its first setup point %s is not where it is, %s" % (setups[0], finding["pointer"]))
    return bad


def main():
    args = sys.argv[1:]
    least = 1000   # positions compared, at the least
    jgflint = None
    while args[0] in ("--min", "--jgflint"):
        if args[0] == "--min":
            least = int(args[1])
        else:
            jgflint = args[1]
        args = args[2:]
    about = 0      # findings about a position checked
    tool, files = args[0], args[1:]
    n = failed = nodes = skipped = 0
    for path in files:
        try:
            with open(path, encoding="utf-8-sig") as f:
                doc = json.load(f)
        except (ValueError, UnicodeDecodeError):
            doc = None
        if not isinstance(doc, dict) or not isinstance(doc.get("tree"), list):
            skipped += 1
            continue
        record = Record(doc)
        expected = record.walk(doc["tree"]) if not record.why else [(p, None) for p in node_pointers(doc["tree"])]
        if len(expected) > 400:   # quadratic in the tool: a sample of the nodes
            expected = expected[::len(expected) // 400 + 1]
        asks = [(p, e) for p, e in expected]
        # Pointers inside nodes name the node; others name none.
        for p, e in expected[:5]:
            asks.append((p + "/move/x", e))
            asks.append((p + "/variations/0", e))
        asks.append(("/tree/%d" % len(doc["tree"]), None))
        asks.append(("/tree", None))
        asks.append(("", None))
        asks.append(("/game", None))
        with tempfile.NamedTemporaryFile("w", delete=False) as lst:
            lst.write("".join(p + "\n" for p, _ in asks))
        with open(path, "rb") as f:
            got = subprocess.run([tool, "position", path, lst.name], stdin=f, capture_output=True)
        os.unlink(lst.name)
        lines = got.stdout.decode().splitlines()
        n += 1
        if got.returncode != 0 or len(lines) != len(asks):
            failed += 1
            print("not ok %d - %s: the tool failed (%d lines for %d pointers)" % (n, path, len(lines), len(asks)))
            continue
        answers = [json.loads(x) for x in lines]
        unread = ("the document is not a JGF record", "the text is not valid JSON")
        if record.why or answers[0].get("error") in unread:
            # Not replayed: every answer says why (each node's, the reason), none gives a position.
            why = answers[0].get("error") if answers[0].get("error") in unread else NOT_REPLAYED[record.why]
            ok = all("error" in a for a in answers) and all(
                a["error"] in why for (p, e), a in zip(asks, answers) if p in dict(expected))
            if not ok:
                failed += 1
            skipped += 1
            print(("ok" if ok else "not ok") + " %d - %s: no position (%s; %s)" %
                  (n, path, record.why or "not read as JGF", answers[0].get("error")))
            continue
        bad = []
        for (ptr, want), got in zip(asks, answers):
            if want is None:
                if "error" not in got:
                    bad.append((ptr, "a position where none was expected"))
                continue
            stopped = got.get("stopped")
            if stopped:
                if not stopped.get("message"):
                    bad.append((ptr, "a stop without a message"))
                stopped = dict(stopped)
                del stopped["message"]
                got = dict(got, stopped=stopped)
            if got != want:
                keys = [k for k in want if want.get(k) != got.get(k)]
                bad.append((ptr, "differs in %s: expected %s, got %s" %
                            (", ".join(keys), json.dumps({k: want.get(k) for k in keys})[:600],
                             json.dumps({k: got.get(k) for k in keys})[:600])))
        nodes += len(expected)
        if jgflint:
            report = subprocess.run([jgflint, "--no-config", "--format", "json", path], capture_output=True)
            positions = dict(expected)
            for f in json.loads(report.stdout)["diagnostics"]:
                if f.get("node") is None:
                    if f["rule"] in GO_RULES | {"setup-no-effect", "setup-no-liberties", "same-color-twice"}:
                        bad.append((f["pointer"], "a %s finding without a node" % f["rule"]))
                    continue
                about += 1
                for why in check_points(f, positions, doc):
                    bad.append((f["pointer"], "%s: %s" % (f["rule"], why)))
        if bad:
            failed += 1
            print("not ok %d - %s: %d of %d positions differ" % (n, path, len(bad), len(asks)))
            for ptr, why in bad[:3]:
                print("# %s %s" % (ptr, why))
        else:
            print("ok %d - %s (%d nodes)" % (n, path, len(expected)))
    print("# %d positions compared, %d files not read as JGF records, the points of %d findings"
          % (nodes, skipped, about))
    n += 1
    if nodes >= least:
        print("ok %d - at least %d positions compared (%d)" % (n, least, nodes))
    else:
        failed += 1
        print("not ok %d - only %d positions compared" % (n, nodes))
    if jgflint:
        n += 1
        # One finding per 60 positions asked: setup-no-effect is one finding
        # a node (55 with the shared samples, 48 without them).
        if about >= least // 60:
            print("ok %d - the points of at least %d findings about positions checked (%d)" % (n, least // 60, about))
        else:
            failed += 1
            print("not ok %d - the points of only %d findings about positions checked" % (n, about))
    print("1..%d" % n)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
