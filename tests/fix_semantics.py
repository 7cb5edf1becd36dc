#!/usr/bin/env python3
"""Checks that a fixed record means what the original meant, except for the
intended changes: applies an independent model of every --fix migration to
the original's JSON value and compares the result with the fixed file's.

Usage: fix_semantics.py IN OUT [--unsafe]; exit 0 when they agree."""
import copy
import datetime
import json
import re
import sys


TOKEN = re.compile(r"""(?P<dq>"(?:[^"\\]|\\.)*")|(?P<sq>'(?:[^'\\\n]|\\.)*')|(?P<line>//[^\r\n]*)"""
                   r"""|(?P<block>/\*.*?\*/)|(?P<num>-?[0-9][0-9.eE+-]*)|(?P<word>[A-Za-z_$][A-Za-z0-9_$]*)|(?P<other>.)""", re.S)


def js_to_json(text):
    """The value JavaScript reads from the specifications' style: comments,
    trailing commas, unquoted keys, single-quoted strings."""
    tokens = []
    for m in TOKEN.finditer(text):
        kind, tok = m.lastgroup, m.group()
        if kind in ("line", "block"):
            continue
        if kind == "sq":
            tok = '"' + tok[1:-1].replace("\\'", "'").replace('"', '\\"') + '"'
        if kind == "other" and tok.isspace():
            continue
        tokens.append((kind, tok))
    out = []
    for i, (kind, tok) in enumerate(tokens):
        nxt = tokens[i + 1][1] if i + 1 < len(tokens) else ""
        if tok == "," and nxt in ("}", "]"):
            continue
        if kind == "word" and nxt == ":":
            tok = '"%s"' % tok
        out.append(tok)
    return json.loads(" ".join(out))


def load(path):
    with open(path, encoding="utf-8-sig") as f:  # a BOM is removed by --fix
        text = f.read()
    try:
        return json.loads(text)
    except ValueError:
        return js_to_json(text)


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


def seki_pre4(seq):
    """Unsafe: variations of bare nodes, as Seki before 4.0 wrote them (the
    nodes of all the fork's lines one after the other), become one array
    per line: a line ends after a fork, where its colour would repeat, or
    where a move takes the point of the move before it."""
    def bare(v):
        return isinstance(v, list) and v and all(isinstance(n, dict) for n in v)

    def colour(n):
        c = n.get("move", {}).get("color") if isinstance(n.get("move"), dict) else None
        return c if isinstance(c, str) else None

    def fork(n):
        return len(n) == 1 and bare(n.get("variations"))

    def point(n):
        m = n.get("move")
        if not isinstance(m, dict) or not all(type(m.get(k)) is int for k in "xy"):
            return None
        return (m["x"], m["y"])

    for node in seq if isinstance(seq, list) else []:
        if not isinstance(node, dict):
            continue
        if bare(node.get("variations")):
            lines, line, last, prev = [], None, None, None
            for n in node["variations"]:
                if line is not None and ((colour(n) and colour(n) == last) or
                                         (point(n) and point(n) == prev)):
                    line = None
                prev = point(n)
                if line is None:
                    line, last = [], None
                    lines.append(line)
                line.append(n)
                last = colour(n) or last
                if fork(n):
                    seki_pre4([n])
                    line = None
            node["variations"] = lines
        for var in node.get("variations", []) if isinstance(node.get("variations"), list) else []:
            seki_pre4(var)


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
            out.append({k: node[k] for k in ("setup", "turn") if k in node})
            node = {k: v for k, v in node.items() if k not in ("setup", "turn")}
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


RESULTS = [  # (pattern on the value upper-cased without spaces, BLACK/WHITE as B/W; result; safe)
    (r"([BW])\+(R|RES|RESIGN|RESIGNS|RESIGNED|RESIGNATION)", r"\1+R", True),
    (r"([BW])\+(T|TIME|TIMEOUT|TIMEUP|ONTIME)", r"\1+T", True),
    (r"([BW])\+(F|FORFEIT|FORFEITED)", r"\1+F", True),
    (r"([BW])\+([0-9]+)(?:[.,]([0-9]+))?(?:PTS?|POINTS?)?", None, True),
    (r"DRAW|DRAWN|JIGO|TIE|=|0(?:[.,]0+)?", "0", True),
    (r"VOID|NORESULT|NR|NONE|N/A|-", "", True),
    (r"UNKNOWN|\?+", "?", True),
    (r"([BW])\+(ILLEGAL|ILLEGALMOVE)", r"\1+F", False),
    (r"([BW])\+?(TOUT|TO|T/O)\.?", r"\1+T", False),
    (r"([BW])\+?(RS|RES)\.?", r"\1+R", False),
]
GRAMMAR = r"[BW]\+(?:[0-9]+(?:\.[0-9]+)?|[RTF])|0|\?|"
SETUP_TYPES = {"b": "black", "ab": "black", "w": "white", "aw": "white", "e": "clear",
               "ae": "clear", "empty": "clear", "black": "black", "white": "white", "clear": "clear"}
MARKUP_SAFE = {"select": "selected"}
MARKUP_UNSAFE = {"cross": "mark", "x": "mark", "tri": "triangle", "sq": "square"}
NUMBERS = {"rules": ("komi", "handicap", "time", "numberOfPeriods"),
           "board": ("size", "width", "height")}


# Results in words as --convert reads them (docs/convert.md), fixed safely:
# English sentences and SGF's spelled-out causes, Japanese, Korean and
# Chinese (colour, how, won or lost; points, half a point, stones worth 2).
WORDS_DRAW = ("DRAW", "JIGO", "持碁", "ジゴ", "和棋", "和局", "무승부")
WORDS_NONE = ("VOID", "無勝負", "无胜负", "打ち掛け", "打掛")
CJK_HOW = {"R": "中押し|中押|中盘|中盤|불계", "T": "時間切れ|時間|时间|超时|超時|시간", "F": "反則|犯规|반칙|不戦"}
CJK_WIN, CJK_LOSE = "勝ち|勝利|勝|胜|승", "負け|負|负|패"


def other(colour):
    return "W" if colour == "B" else "B"


def margin(points):
    return ("%.1f" % points).rstrip("0").rstrip(".")


def result_words(r):
    n = re.sub(r"[\s\u3000]", "", r).upper().rstrip(".!。")
    n = re.sub(r"^(?:总|總|共)?[0-9]+手(?:完|まで|迄|にて|で)?[,、，]?(?=.)", "", n)
    if n in WORDS_DRAW:
        return "0"
    if n in WORDS_NONE:
        return ""
    m = re.fullmatch(r"([BW])\+(TIMEOVER|DEFAULT)", n)
    if m:
        return m.group(1) + ("+T" if m.group(2) == "TIMEOVER" else "+F")
    m = re.fullmatch(r"(BLACK|WHITE|B|W)(RESIGNS|RESIGNED|(?:LOSES|LOST)(?:ON)?TIME)", n)
    if m:
        return other(m.group(1)[0]) + ("+T" if "TIME" in m.group(2) else "+R")
    m = re.fullmatch(r"(BLACK|WHITE|B|W)(?:WINS|WON)(?:BY|ON)?(RESIGN|RESIGNATION|TIME|([0-9.]+)(?:POINTS?)?)", n)
    if m:
        how = m.group(2)
        return m.group(1)[0] + ("+" + m.group(3) if m.group(3) else "+T" if how == "TIME" else "+R")
    m = re.fullmatch(r"(黒|黑|白|흑|백)(?:の|的)?(%s|%s)?(.+?)(%s|%s)?" % (CJK_WIN, CJK_LOSE, CJK_WIN, CJK_LOSE), n)
    if not m or (m.group(2) is None) == (m.group(4) is None):
        return None
    colour = "B" if m.group(1) in "黒黑흑" else "W"
    winner = colour if re.fullmatch(CJK_WIN, m.group(2) or m.group(4)) else other(colour)
    for how, words in CJK_HOW.items():
        if re.fullmatch(words, m.group(3)):
            return winner + "+" + how
    kanji = "一二三四五六七八九"
    def num(t):
        if t.isdigit():
            return int(t)
        return kanji_number(t) if all(c in kanji + "十" for c in t) else 0
    p = re.fullmatch(r"([0-9]+|[一二三四五六七八九十]+)(目|집|点|點)(半|반)?|(半目|반집)", m.group(3))
    if p:
        points = 0.5 if p.group(4) else num(p.group(1)) + (0.5 if p.group(3) else 0)
    else:
        p = re.fullmatch(r"(?:([0-9]+)又)?(?:([0-9]+)/([0-9]+)|([0-9]+))子", m.group(3))
        if not p:
            return None
        stones = int(p.group(1) or 0) + (int(p.group(2)) / int(p.group(3)) if p.group(2) else int(p.group(4)))
        points = 2 * stones
    return winner + "+" + margin(points) if points > 0 else None


def fix_result(r, unsafe):
    if not isinstance(r, str) or re.fullmatch(GRAMMAR, r) or r == "D":
        return r
    words = result_words(r)
    if words is not None:
        return words
    n = re.sub(r"\s", "", r).upper()
    n = re.sub(r"^(BLACK|WHITE)", lambda m: m.group(1)[0], n)
    for pattern, out, safe in RESULTS:
        m = re.fullmatch(pattern, n)
        if m and (safe or unsafe):
            if out is None:
                return "%s+%s%s" % (m.group(1), m.group(2), "." + m.group(3) if m.group(3) else "")
            return m.expand(out)
    return r


# Full-width forms (U+FF01 to U+FF5E) and the ideographic space, as ASCII.
NARROW = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
NARROW[0x3000] = 0x20


def real_date(d):
    m = re.fullmatch(r"([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?", d)
    try:
        return bool(m) and datetime.date(int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)) is not None
    except ValueError:
        return False


def fix_date(d, unsafe):
    if not isinstance(d, str):
        return d
    narrow = d.translate(NARROW)
    if narrow != d:   # a date in full-width digits: the same in ASCII
        fixed = fix_date(narrow.strip(), unsafe)
        return fixed if real_date(fixed) else d
    m = re.fullmatch(r"([0-9]{4})[/.]([0-9]{1,2})[/.]([0-9]{1,2})", d) or \
        re.fullmatch(r"([0-9]{4})([0-9]{2})([0-9]{2})", d)
    if m:
        return "%s-%02d-%02d" % (m.group(1), int(m.group(2)), int(m.group(3)))
    m = re.fullmatch(r"([0-9]{4}-[0-9]{2}-[0-9]{2})T.*", d)
    return m.group(1) if m and unsafe else d


KANJI = "一二三四五六七八九"


def kanji_number(s):
    if s in ("初", "초"):
        return 1
    if s.isdigit():
        return int(s)
    tens, _, units = s.rpartition("十")
    if "十" not in s:
        return KANJI.index(s) + 1 if len(s) == 1 and s in KANJI else 0
    return (KANJI.index(tens) + 1 if tens else 1) * 10 + (KANJI.index(units) + 1 if units else 0)


# Words that name a professional body or player, in the fields --convert
# looks at (EV, PC, SO, CP, GN, AN, US): a dan there is a professional's.
PRO_WORDS = ("棋院", "기원", "KIIN", "KI-IN", "GOASSOCIATION", "WEIQIASSOCIATION",
             "BADUKASSOCIATION", "围棋协会", "圍棋協會", "棋士", "プロ", "职业", "職業", "프로")
PRO_FIELDS = (("event", "name"), ("event", "location"), ("source", "name"), ("source", "copyright"),
              ("game", "name"), ("game", "annotator"), ("record", "transcriber"))


def pro_source(doc):
    for section, key in PRO_FIELDS:
        v = doc.get(section, {}).get(key) if isinstance(doc.get(section), dict) else None
        if isinstance(v, str) and any(w in re.sub(r"\s", "", v).upper() for w in PRO_WORDS):
            return True
    return False


def fix_rank(r, unsafe=False, pro=False):
    """Ranks the fixes rewrite, CJK ones included. A dan no word decides is
    read as --convert reads it, a professional's, only with --unsafe-fixes:
    in kanji numerals, or in a record that names a professional body (pro);
    else a dan in digits is an amateur's."""
    if not isinstance(r, str):
        return r
    m = re.fullmatch(r"(プロ|职业|職業|프로|P|アマ|业余|아마)? ?([0-9]{1,2}|[一二三四五六七八九十]{1,3}|初|초) ?"
                     r"(段|級|级|단|급)([?*]?)", r)
    m = m or re.fullmatch(r"()([0-9]{1,2}) ?(dan|kyu)()", r)
    if m:
        n, dan, word, mark = kanji_number(m.group(2)), m.group(3) in ("段", "단", "dan"), m.group(1), m.group(4)
        top = 9 if dan else 30
        if not 1 <= n <= top or word and not dan:
            return r
        if not dan:
            return "%dk%s" % (n, mark)
        if word:
            return "%d%s%s" % (n, "d" if word in ("アマ", "业余", "아마") else "p", mark)
        if m.group(2).isdigit() and not pro:
            return "%dd%s" % (n, mark)
        return "%dp%s" % (n, mark) if unsafe else r
    if r.lower() in ("nr", "?", "-", "unknown", "none"):
        return ""
    m = re.fullmatch(r"([1-9])([DK])", r)   # JGF's letters in upper case
    if m:
        return m.group(1) + m.group(2).lower()
    m = re.fullmatch(r"([1-9]) ?(dan ?pro|dp)([?*]?)", r, re.I)
    return "%sp%s" % (m.group(1), m.group(3)) if m else r


# Misspelt colour names the unsafe fix replaces with the name they suggest.
COLOR_TYPOS = {"balck": "black", "blakc": "black", "whtie": "white", "wihte": "white"}


def fix_color(c, unsafe=False):
    if unsafe and c in COLOR_TYPOS:
        return COLOR_TYPOS[c]
    if c in ("B", "b"):
        return "black"
    if c in ("W", "w"):
        return "white"
    return c.strip().lower() if isinstance(c, str) and c.strip().lower() in ("black", "white") else c


def number(v):
    if isinstance(v, str) and re.fullmatch(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?", v):
        return json.loads(v)
    return v


TYPOS = {"coments": "comments", "mvoe": "move", "markp": "markup"}


def fix_moves(doc, unsafe):
    """off-board passes and the shape of moves."""
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    width = board.get("width", board.get("size", 19))
    height = board.get("height", board.get("size", 19))
    for node in walk_nodes(doc.get("tree")):
        move = node.get("move")
        if unsafe:
            for typo, key in TYPOS.items():
                # a rename that would make a wrong type is left out
                if typo in node and key not in node and isinstance(node[typo], (list, dict)):
                    node[key] = node.pop(typo)
        if not isinstance(move, dict):
            continue
        if move.get("pass") is False and "x" in move and "y" in move:
            del move["pass"]
        if not unsafe:
            continue
        if move.get("pass") is True:
            move.pop("x", None)
            move.pop("y", None)
        elif "pass" not in move and ((move.get("x"), move.get("y")) == (width, height) or
                                     (move.get("x"), move.get("y")) == (19, 19) and width <= 19 and height <= 19):
            del move["x"], move["y"]
            move["pass"] = True


def fix_values(doc, unsafe):
    game = doc.get("game")
    if isinstance(game, dict):
        if "result" in game:
            game["result"] = fix_result(game["result"], unsafe)
        if "date" in game:
            game["date"] = fix_date(game["date"], unsafe)
        if isinstance(game.get("dates"), list):
            game["dates"] = [fix_date(d, unsafe) for d in game["dates"]]
    for section, keys in NUMBERS.items():
        for key in keys:
            if isinstance(doc.get(section), dict) and key in doc[section]:
                doc[section][key] = number(doc[section][key])
    players = doc.get("players")
    if isinstance(players, list):
        for p in players:
            if isinstance(p, dict):
                if "color" in p:
                    p["color"] = fix_color(p["color"], unsafe)
                if "rank" in p:
                    p["rank"] = fix_rank(p["rank"], unsafe, pro_source(doc))
    used = []
    for node in walk_nodes(doc.get("tree")):
        move = node.get("move")
        if isinstance(move, dict) and "color" in move:
            move["color"] = fix_color(move["color"], unsafe)
            if move["color"] in ("black", "white") and move["color"] not in used:
                used.append(move["color"])
        if "turn" in node:
            node["turn"] = fix_color(node["turn"], unsafe)
        for entry in node.get("setup", []) if isinstance(node.get("setup"), list) else []:
            if isinstance(entry.get("type"), str):
                entry["type"] = SETUP_TYPES.get(entry["type"].lower(), entry["type"])
        for entry in node.get("markup", []) if isinstance(node.get("markup"), list) else []:
            t = entry.get("type")
            if isinstance(t, str):
                t2 = t.strip().lower()
                if t2 in ("circle", "triangle", "square", "mark", "label", "selected"):
                    entry["type"] = t2
                elif t2 in MARKUP_SAFE:
                    entry["type"] = MARKUP_SAFE[t2]
                elif unsafe and t2 in MARKUP_UNSAFE:
                    entry["type"] = MARKUP_UNSAFE[t2]
        for key in ("setup", "markup"):
            for entry in node.get(key, []) if isinstance(node.get(key), list) else []:
                if isinstance(entry.get("coords"), list):
                    kept = []
                    for c in entry["coords"]:
                        if c not in kept:
                            kept.append(c)
                    entry["coords"] = kept
    if isinstance(players, list):
        declared = [p.get("color") for p in players if isinstance(p, dict)]
        for c in used:
            if c not in declared:
                players.append({"color": c})


COLOR = {"B": "black", "W": "white", "E": "clear"}


def is_nggo(doc):
    record, game = doc.get("record") or {}, doc.get("game") or {}
    tree = doc.get("tree") if isinstance(doc.get("tree"), list) else []
    moves = [n["move"] for n in tree if isinstance(n, dict) and isinstance(n.get("move"), dict)]
    # moves all ngGo's {"B": [x, y]}, two or more (REVIEW.md R36)
    nggo_moves = len(moves) >= 2 and all("B" in m or "W" in m for m in moves)
    return ("application" in record or any(k in game for k in ("players", "komi", "rules"))
            or nggo_moves)


def from_nggo(doc, unsafe):
    """ngGo's dialect as JGF v2 (independently of rules/nggo_dialect.c);
    None when only an unsafe fix could do it and unsafe is not given."""
    record, game, board = doc.setdefault("record", {}), doc.get("game", {}), doc.get("board", {})
    meta = {}
    if "application" in record and "generator" in record:
        meta["/record/application"] = record.pop("application")
    if "cutoff" in board:
        meta["/board/cutoff"] = board.pop("cutoff")
    if "players" in game and "players" in doc:
        meta["/game/players"] = game.pop("players")
    if "players" in game:
        doc["players"] = game.pop("players")
    rules = doc.get("rules")
    moved = {}
    for old, new in (("komi", "komi"), ("handicap", "handicap"), ("rules", "ruleset")):
        if old in game:
            v = game.pop(old)
            # the rule set when a string, each where rules has none yet
            if (old != "rules" or isinstance(v, str)) and not (isinstance(rules, dict) and new in rules):
                moved[new] = v
            else:
                meta["/game/" + old] = v
    if moved and "rules" in doc and not isinstance(rules, dict):
        # a rules that is no object: under meta, the moved values in its place
        meta["/rules"] = doc.pop("rules")
    if meta and not unsafe:
        return None
    record.setdefault("format", "JGF")
    record["version"] = 2
    if "application" in record:
        record["generator"] = record.pop("application")
    if moved:
        doc.setdefault("rules", {}).update(moved)
    if meta:
        if isinstance(doc.get("meta"), dict):
            doc["meta"]["nggo"] = meta
        elif "meta" in doc:
            doc["meta"] = {"/meta": doc["meta"], **meta}
        else:
            doc["meta"] = meta

    def point(p):
        return dict(x=p[0], y=p[1], **({"text": p[2]} if len(p) > 2 else {}))

    def nodes(seq):
        """A sequence of nodes, ngGo's variations arrays among them as v2's
        variations nodes."""
        for i, n in enumerate(seq):
            if isinstance(n, list):
                seq[i] = {"variations": n}
                for line in n:
                    nodes(line)
            elif isinstance(n, dict):
                node(n)

    def node(n):
        n.pop("root", None)
        if isinstance(n.get("move"), dict) and "color" not in n["move"]:
            old = n["move"]
            letter = next(k for k in old if k in ("B", "W"))
            move = {"color": COLOR[letter]}
            move.update({"pass": True} if old[letter] == "pass" else {"x": old[letter][0], "y": old[letter][1]})
            move.update({k: v for k, v in old.items() if k not in ("B", "W")})
            n["move"] = move
        for key, field, letters in (("setup", "type", True), ("score", "color", True), ("markup", "type", False)):
            if isinstance(n.get(key), dict):
                n[key] = [{field: COLOR[k] if letters else k, "coords": [point(p) for p in v]}
                          for k, v in n[key].items()]
        if n.get("turn") in COLOR:
            n["turn"] = COLOR[n["turn"]]
        for line in n.get("variations", []):
            nodes(line)
    nodes(doc.get("tree", []))
    return doc


def migrate(doc, unsafe):
    if is_nggo(doc):
        return from_nggo(copy.deepcopy(doc), unsafe) or doc
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
        if unsafe:
            seki_pre4(doc["tree"])
        doc["tree"] = split_nodes(doc["tree"], True, unsafe)
    fix_misplaced(doc)
    fix_points(doc)
    fix_values(doc, unsafe)
    fix_moves(doc, unsafe)
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


SECTIONS = {
    "record": ["format", "version", "charset", "generator", "transcriber"],
    "source": ["name", "url", "copyright"],
    "game": ["type", "name", "result", "date", "dates", "opening", "annotator", "description"],
    "event": ["name", "location", "round"],
    "rules": ["ruleset", "allowSuicide", "disallowRepeats", "komi", "handicap", "time", "overtime",
              "numberOfPeriods", "timePerPeriod"],
    "board": ["size", "width", "height", "cutOffTop", "cutOffBottom", "cutOffLeft", "cutOffRight"],
}
ROOT = ["record", "source", "game", "players", "event", "rules", "board", "settings", "meta", "tree"]
MOVE = ["color", "x", "y", "pass", "timeLeft", "periodsLeft"]
NODE = ["move", "setup", "turn", "score", "markup", "comments", "name", "solution", "variations"]


def move_key(src, dst, key):
    if isinstance(dst, dict) and key not in dst:
        dst[key] = src.pop(key)


def fix_misplaced(doc):
    """A key valid one level off (or in a sibling section) moves where the
    schema has it, when that object exists and has no such key."""
    def section_of(key, self=None):
        found = [s for s, keys in SECTIONS.items() if s != self and key in keys]
        return found[0] if len(found) == 1 else None
    for key in [k for k in doc if k not in ROOT and section_of(k)]:
        move_key(doc, doc.get(section_of(key)), key)
    for name in SECTIONS:
        section = doc.get(name)
        if not isinstance(section, dict):
            continue
        for key in [k for k in section if k not in SECTIONS[name]]:
            if key in ROOT:
                move_key(section, doc, key)
            elif section_of(key, name):
                move_key(section, doc.get(section_of(key, name)), key)
    for node in walk_nodes(doc.get("tree")):
        move = node.get("move")
        if not isinstance(move, dict):
            continue
        for key in [k for k in node if k not in NODE and k in MOVE]:
            move_key(node, move, key)
        for key in [k for k in move if k not in MOVE and k in NODE]:
            move_key(move, node, key)


def fix_points(doc):
    """A point written as an array of two integers in coords becomes {x, y}."""
    for node in walk_nodes(doc.get("tree")):
        for key in ("setup", "score", "markup"):
            for entry in node.get(key, []) if isinstance(node.get(key), list) else []:
                coords = entry.get("coords") if isinstance(entry, dict) else None
                for i, p in enumerate(coords if isinstance(coords, list) else []):
                    if isinstance(p, list) and len(p) == 2 and all(type(v) is int for v in p):
                        coords[i] = {"x": p[0], "y": p[1]}


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
