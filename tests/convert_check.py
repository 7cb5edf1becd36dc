#!/usr/bin/env python3
"""Acceptance checks of `jgflint --convert`, independent of its C code: a
small SGF reader and a small UGF reader of its own, the board of goboard.py,
and field-by-field comparisons.

convert_check.py [--codec=CODEC] SOURCE RECORD...   (RECORD per game, in order)
convert_check.py --batch DIR < LIST   (each line those arguments, tab-separated)

CODEC: the Python codec a source without CA is in (what the converter must
detect), such as cp932.

For each game: the boards after every setup and move, main line first and
every variation from its branch point, replayed from the source by this
reader and from the record by goboard.positions(), are the same; and the
names, ranks, result, komi, handicap, dates, comments, node names, markup and
labels of the source are in the record. Prints one line per check:
"PASS what" or "FAIL what" followed by "# detail" lines."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import goboard  # noqa: E402

# ---------------------------------------------------------------- SGF text

CODECS = {"SHIFT_JIS": "cp932", "SJIS": "cp932", "MS_KANJI": "cp932", "GB2312": "gb18030",
          "GBK": "gb18030", "EUC-KR": "cp949", "BIG5": "big5hkscs", "UTF16LE": "utf-16-le",
          "UTF16BE": "utf-16-be", "LATIN1": "latin-1"}


def decode_game(data, hint=None):
    """One game's bytes as its CA says (U+FFFD for broken bytes, as a
    reader shows them), else as hint (the set the test says a file without
    CA, or with a CA[ISO-8859-1] over another set's letters, is in), else
    UTF-8 if valid, else ISO-8859-1."""
    at = data.find(b"CA[")
    while at > 0 and 65 <= data[at - 1] <= 90:
        at = data.find(b"CA[", at + 1)
    if at >= 0:
        name = data[at + 3:data.index(b"]", at)].decode("ascii").strip().upper()
        if name in ("ISO-8859-1", "LATIN1", "WINDOWS-1252", "CP1252") and max(data) >= 0x80:
            try:  # UTF-8 labelled ISO-8859-1: the bytes decide
                return data.decode("utf-8")
            except UnicodeDecodeError:
                pass
            if hint:  # another set's letters labelled ISO-8859-1, as the test says
                return data.decode(hint)
            if any(0x80 <= b <= 0x9F for b in data):
                try:  # Windows-1252's punctuation where ISO-8859-1 has controls
                    return data.decode("cp1252")
                except UnicodeDecodeError:
                    pass
        try:
            return data.decode(CODECS.get(name, name.lower()))
        except UnicodeDecodeError:
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return data.decode(CODECS.get(name, name.lower()), errors="replace")
        except LookupError:
            pass
    if hint:
        return data.decode(hint, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def decode_sgf(data, hint=None):
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    if len(data) >= 2 and (data[0] == 0) != (data[1] == 0):  # UTF-16 without a mark
        return data.decode("utf-16-le" if data[1] == 0 else "utf-16-be")
    if data[:3] == b"\xef\xbb\xbf":
        return data[3:].decode("utf-8", errors="replace")
    # Each game in its own set: the test files start each at a line's "(;".
    chunks = re.split(rb"(?=\n\(;)", data)
    return "".join(decode_game(c, hint) for c in chunks)


class Node:
    def __init__(self):
        self.props = {}   # id -> [raw values]
        self.kids = []


# Values that are points, numbers or single words (a line break, `[`, `;`,
# `(` or `)` in one means its `]` was lost).
SHORT = set("B W AB AW AE CR TR SQ MA SL TB TW DD VW SZ KM HA PL FF GM ST BL WL OB OW MN".split())


def parse_sgf(text):
    """Games as root Nodes. Lenient where the test files are: properties
    before the first `;`, lower-case letters in identifiers, a missing `]`
    at the end of a line, missing `)` at the end."""
    games, stack, cur, i, n = [], [], None, 0, len(text)
    while i < n:
        c = text[i]
        if c == "(" and not stack and not re.match(r"\s*(;|[A-Za-z]+\s*\[)", text[i + 1:i + 200]):
            i += 1  # a `(` in text outside any game tree
        elif c == "(":
            stack.append(cur)
            i += 1
        elif c == ")":
            cur = stack.pop() if stack else None
            i += 1
        elif c == ";" or (c.isalpha() and cur is None and stack):
            node = Node()
            if cur is None:
                games.append(node)
            else:
                cur.kids.append(node)
            cur = node
            if c == ";":
                i += 1
        elif c.isalpha() and cur is not None:
            j = i
            while j < n and text[j].isalpha():
                j += 1
            name = text[i:j]
            ident = "".join(ch for ch in name if ch.isupper()) or name.upper()
            i = j
            while i < n and text[i].isspace():
                i += 1
            values = cur.props.setdefault(ident, [])
            while i < n and text[i] == "[":
                j, raw = i + 1, []
                while j < n and text[j] != "]":
                    if text[j] == "\\" and j + 1 < n:
                        raw.append(text[j])
                        j += 1
                    raw.append(text[j])
                    j += 1
                if j >= n:  # unclosed: up to the end of its line
                    k = text.find("\n", i + 1)
                    k = n if k < 0 else k
                    values.append(text[i + 1:k].rstrip("\r"))
                    i = k + 1
                    break
                value = "".join(raw)
                lost = [k for k, ch in enumerate(value) if ch in "\r\n[;()"]
                if ident in SHORT and lost:  # its `]` was lost: it ends there
                    values.append(value[:lost[0]].rstrip(" \t"))
                    i = i + 1 + lost[0]
                    break
                values.append(value)
                i = j + 1
                while i < n and text[i].isspace():
                    i += 1
            if not values:
                del cur.props[ident]
        else:
            i += 1
    return games


def sgf_text(raw, simple=False):
    out, i = [], 0
    raw = raw.replace("\r\n", "\n").replace("\n\r", "\n").replace("\r", "\n")
    while i < len(raw):
        c = raw[i]
        if c == "\\" and i + 1 < len(raw):
            i += 1
            if raw[i] == "\n":
                i += 1
                continue
            c = raw[i]
        if c == "\n" and simple:
            c = " "
        elif c != "\n" and c.isspace():
            c = " "
        out.append(c)
        i += 1
    s = "".join(out)
    return s.strip(" ") if simple else s


def split_compose(raw):
    i = 0
    while i < len(raw):
        if raw[i] == "\\":
            i += 2
            continue
        if raw[i] == ":":
            return raw[:i], raw[i + 1:]
        i += 1
    return raw, None


def coord(ch):
    return ord(ch) - 97 if "a" <= ch <= "z" else ord(ch) - 65 + 26


def points(values, w, h):
    out = []
    for v in values:
        a, b = split_compose(v)
        if b is None:
            if len(a) == 2:
                out.append((coord(a[0]), coord(a[1])))
            continue
        x1, y1, x2, y2 = coord(a[0]), coord(a[1]), coord(b[0]), coord(b[1])
        for x in range(min(x1, x2), max(x1, x2) + 1):
            for y in range(min(y1, y2), max(y1, y2) + 1):
                out.append((x, y))
    return [p for p in dict.fromkeys(out) if p[0] < w and p[1] < h]


def sgf_size(root):
    sz = root.props.get("SZ", ["19"])[0].strip()
    w, _, h = sz.partition(":")
    return int(w), int(h or w)


def replay(root, apply):
    """apply(node, board, seq) for every node, depth first: the main line,
    then each variation from its branch point on a copy of the board."""
    seq, todo = [], [(root, {})]
    while todo:
        node, board = todo.pop()
        while True:
            apply(node, board, seq)
            if len(node.kids) == 1:
                node = node.kids[0]
                continue
            for kid in reversed(node.kids):
                todo.append((kid, dict(board)))
            break
    return seq


def sgf_lines(root, w, h):
    """Boards after every node with setup (a setup node before the move when
    a node has both, as JGF needs) and after every move, depth first."""
    def apply(node, board, seq):
        p = node.props
        if any(k in p for k in ("AB", "AW", "AE")):
            for k, colour in (("AB", "black"), ("AW", "white"), ("AE", None)):
                for x, y in points(p.get(k, []), w, h):
                    if colour:
                        board[(x, y)] = colour
                    else:
                        board.pop((x, y), None)
            seq.append(dict(board))
        for k, colour in (("B", "black"), ("W", "white")):
            if k in p:
                v = p[k][0].strip()
                if v and not (v == "tt" and w <= 19 and h <= 19):
                    goboard.play(board, colour, coord(v[0]), coord(v[1]), w, h)
                seq.append(dict(board))
    return replay(root, apply)


# ---------------------------------------------------------------- UGF

def parse_ugf(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp932")
    sections, cur = {}, None
    for line in text.splitlines():
        if line.startswith("[") and line.endswith("]"):
            cur = sections.setdefault(line[1:-1], [])
        elif cur is not None:
            cur.append(line)
    header = dict(l.split("=", 1) for l in sections.get("Header", []) if "=" in l)
    return header, sections


def ugf_lines(data):
    header, sections = parse_ugf(data)
    size = int(header.get("Size", "19"))
    jpn = header.get("CoordinateType") == "JPN"

    def xy(col, row):
        if not (1 <= col <= size and 1 <= row <= size):
            return None
        return col - 1, (row - 1 if jpn else size - row)

    root = Node()
    if "ReviewNode" in sections:
        cur = {0: root}
        branch = False
        for line in sections["ReviewNode"]:
            ind = len(line) - len(line.lstrip(" "))
            level = (ind + 2) // 4
            body = line.strip()
            if body.startswith("VARIATION,"):
                cur[level] = cur[level - 1]
                branch = True
            elif body.startswith("NODE,"):
                f = body.split(",")
                if f[2] == "0":
                    continue
                node = Node()
                node.props["B" if f[2] == "1" else "W"] = [xy(int(f[3]), int(f[4]))]
                parent = cur[level]
                if branch or not parent.kids:
                    parent.kids.append(node)
                else:
                    parent.kids.insert(0, node)
                cur[level] = node
                branch = False
    else:
        node = root
        for line in sections.get("Data", []):
            f = line.split(",")
            if len(f) < 2 or len(f[0]) != 2:
                continue
            if len(f) > 2 and f[2] == "0" and node is root:  # a handicap stone
                p = xy(ord(f[0][0].upper()) - 64, ord(f[0][1].upper()) - 64)
                if p:
                    root.props.setdefault("A" + f[1][0], []).append(p)
                continue
            kid = Node()
            kid.props[f[1][0]] = [xy(ord(f[0][0].upper()) - 64, ord(f[0][1].upper()) - 64)]
            node.kids.append(kid)
            node = kid
    def apply(node, board, seq):
        if "AB" in node.props or "AW" in node.props:
            for k, colour in (("AB", "black"), ("AW", "white")):
                for p in node.props.get(k, []):
                    board[p] = colour
            seq.append(dict(board))
        for k, colour in (("B", "black"), ("W", "white")):
            if k in node.props:
                p = node.props[k][0]
                if p:
                    goboard.play(board, colour, p[0], p[1], size, size)
                seq.append(dict(board))
    seq = replay(root, apply)
    return header, seq


# ---------------------------------------------------------------- GIB, NGF

def tygem_handicap(size, count):
    """Handicap stones as Tygem and WBaduk place them (Sabaki's order)."""
    near = 3 if size >= 13 else 2
    far, mid = size - near - 1, (size - 1) // 2
    pts = [(near, far), (far, near), (near, near), (far, far)]
    if size % 2 and size != 7:
        if count == 5:
            pts.append((mid, mid))
        pts += [(near, mid), (far, mid)]
        if count == 7:
            pts.append((mid, mid))
        pts += [(mid, near), (mid, far), (mid, mid)]
    return pts[:count] if 2 <= count <= 9 else []


def sgf_point(x, y):
    return chr(97 + x) + chr(97 + y)


def name_rank(s):
    s = s.strip()
    if s.endswith(")") and s.count("(") == 1:
        name, rank = s[:-1].split("(")
        return name.strip(), rank
    return s, None


def parse_gib(text):
    root, node = Node(), None
    node = root
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r"\\\[(GAMEBLACKNAME|GAMEWHITENAME)=(.*)\\\]$", line)
        if m:
            name, rank = name_rank(m.group(2))
            root.props["P" + m.group(1)[4]] = [name]
        # Tygem's current layout: BUSERINFO=BID:name,BLV:17,... (W too)
        m = re.match(r"\\\[([BW])USERINFO=(.*)\\\]$", line)
        if m and "P" + m.group(1) not in root.props:
            fields = dict(f.split(":", 1) for f in m.group(2).split(",") if ":" in f)
            if fields.get(m.group(1) + "ID"):
                root.props["P" + m.group(1)] = [fields[m.group(1) + "ID"]]
        f = line.split()
        if f[:1] == ["INI"] and len(f) >= 4 and f[3].isdigit() and tygem_handicap(19, int(f[3])):
            root.props["AB"] = [sgf_point(x, y) for x, y in tygem_handicap(19, int(f[3]))]
        if f[:1] == ["STO"] and len(f) >= 6:
            kid = Node()
            kid.props["B" if f[3] == "1" else "W"] = [sgf_point(int(f[4]), int(f[5]))]
            node.kids.append(kid)
            node = kid
        # SKI 0 N: a pass, the turn's (Lizzie's reader passes for the side to move)
        if f[:1] == ["SKI"] and len(f) == 3:
            last = "B" if "B" in node.props else "W" if "W" in node.props else None
            turn = {"B": "W", "W": "B"}.get(last, "W" if "AB" in root.props else "B")
            kid = Node()
            kid.props[turn] = [""]
            node.kids.append(kid)
            node = kid
    return root


def parse_ngf(text):
    lines = text.splitlines()
    gi = lines[0].startswith("GI")
    head = [l[2:] if gi else l for l in lines]
    root = Node()
    size, hcap = 19, int(head[7 if gi else 5].strip() or 0)
    for idx, colour in ((1, "W"), (2, "B")) if gi else ((2, "W"), (3, "B")):
        words = head[idx].split()
        root.props["P" + colour] = [" ".join(words[:-1]) if len(words) > 1 else head[idx].strip()]
    if hcap >= 2:
        root.props["AB"] = [sgf_point(x, y) for x, y in tygem_handicap(size, hcap)]
    node = root
    for l in lines:
        if l.startswith("PM") and len(l.strip()) >= 7 and l[4] in "BW":
            kid = Node()
            kid.props[l[4]] = [sgf_point(ord(l[5]) - 66, ord(l[6]) - 66)]
            node.kids.append(kid)
            node = kid
    return root


def parse_ogs(doc):
    """OGS's game JSON (its gamedata, or the API's object around it) as a
    root Node, as goban's engine reads it: colours alternating from
    initial_player, black's free handicap stones first, -1, -1 a pass."""
    g = doc.get("gamedata") if isinstance(doc.get("gamedata"), dict) else doc
    w, h = g.get("width", 19), g.get("height", 19)
    root = Node()
    root.props["SZ"] = [str(w) if w == h else "%d:%d" % (w, h)]
    for colour, ident in (("black", "AB"), ("white", "AW")):
        s = (g.get("initial_state") or {}).get(colour) or ""
        if len(s) >= 2:
            root.props[ident] = [s[i:i + 2].lower() for i in range(0, len(s) - 1, 2)]
    for colour, ident in (("black", "PB"), ("white", "PW")):
        pl = (g.get("players") or {}).get(colour) or (doc.get("players") or {}).get(colour) or {}
        root.props[ident] = [pl.get("username", pl.get("name"))]
    node, colour, played = root, "W" if g.get("initial_player") == "white" else "B", 0
    free = g.get("free_handicap_placement")
    if not isinstance(free, bool):   # goban's default for the rules
        rules = str(g.get("rules") or "chinese").lower()
        free = rules not in ("japanese", "korean") and not (
            rules == "chinese" and "ogs_import" in g)
    hcap = g.get("handicap", 0) if free else 0
    for mv in g.get("moves", []):
        x, y = mv[0], mv[1]
        left = max(0, hcap - played)
        if x == -1 and y == -1 and left:
            continue
        kid = Node()
        kid.props[colour] = [sgf_point(x, y) if x >= 0 else ""]
        node.kids.append(kid)
        node, played = kid, played + 1
        if left < 2:
            colour = "W" if colour == "B" else "B"
    return root, w, h, g


# ---------------------------------------------------------------- checks

failures = 0


def check(ok, what, detail=""):
    global failures
    print(("PASS " if ok else "FAIL ") + what)
    if not ok:
        failures += 1
        for line in str(detail).splitlines()[:20]:
            print("# " + line)


def jgf_lines(doc):
    return [board for _, board in goboard.positions(doc)]


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "position %d differs" % i
    return "%d positions against %d" % (len(a), len(b))


def walk(seq):
    for node in seq:
        if isinstance(node, dict):
            yield node
            for var in node.get("variations") or []:
                yield from walk(var)


def sgf_nodes(root):
    todo = [root]
    while todo:
        n = todo.pop()
        yield n
        todo.extend(reversed(n.kids))


def fields(name, root, doc):
    """The source's meaning, field by field, in the record."""
    p = {k: v[0] for k, v in root.props.items() if v}
    game = doc.get("game", {})
    players = {pl["color"]: pl for pl in doc.get("players", [])}
    rules = doc.get("rules", {})
    meta = doc.get("meta", {}).get("sgf", {})
    def kept(ident):
        """The value as written is kept under meta (a reading of it may
        stand in the field: values.c's, checked by convert.sh)."""
        return meta.get(ident) == sgf_text(p[ident], True)
    for ident, colour, key in (("PB", "black", "name"), ("PW", "white", "name"),
                               ("BR", "black", "rank"), ("WR", "white", "rank"),
                               ("BT", "black", "team"), ("WT", "white", "team")):
        if ident in p:
            want = sgf_text(p[ident], True)
            got = players.get(colour, {}).get(key)
            check(got == want or (ident in meta and (got is None or (key == "rank" and kept(ident)))),
                  "%s: %s is %s's %s (or kept under meta)" % (name, ident, colour, key),
                  "want %r, got %r" % (want, got))
    if "KM" in p:
        check(abs(rules.get("komi", 1e9) - float(p["KM"])) < 1e-9 or
              ("komi" not in rules and kept("KM")), "%s: KM is komi (or kept under meta)" % name,
              rules.get("komi"))
    if "HA" in p:
        check(rules.get("handicap") == int(p["HA"]), "%s: HA is handicap" % name)
    if "RE" in p:
        spelled = {"B+RESIGN": "B+R", "W+RESIGN": "W+R", "B+TIME": "B+T", "W+TIME": "W+T",
                   "B+FORFEIT": "B+F", "W+FORFEIT": "W+F", "DRAW": "0", "JIGO": "0", "VOID": ""}
        re_ = sgf_text(p["RE"], True)
        want = spelled.get(re_.upper(), re_)
        got = game.get("result")
        check(got == want or (got is None and "RE" in meta) or kept("RE"),
              "%s: RE is the result" % name, "want %r, got %r" % (want, got))
    if "DT" in p:
        got = game.get("dates") or ([game["date"]] if "date" in game else None)
        check(got is not None or "DT" in meta, "%s: DT is the date(s)" % name)
        if got:
            first = sgf_text(p["DT"], True).split(",")[0].strip()
            # 2018.04.27 10:00 and 2001/10/10 are kept, and read as 2018-04-27
            check(got[0] == first or (kept("DT") and re.sub(r"[./]", "-", first).startswith(got[0])),
                  "%s: the first date is DT's" % name, got)
    for ident, section, key in (("GN", "game", "name"), ("EV", "event", "name"),
                                ("PC", "event", "location"), ("RO", "event", "round"),
                                ("SO", "source", "name"), ("CP", "source", "copyright"),
                                ("RU", "rules", "ruleset"), ("AN", "game", "annotator"),
                                ("ON", "game", "opening")):
        if ident in p:
            check(doc.get(section, {}).get(key) == sgf_text(p[ident], True),
                  "%s: %s is %s.%s" % (name, ident, section, key))
    if "GC" in p:
        check(game.get("description") == sgf_text(p["GC"]), "%s: GC is game.description" % name)
    # Annotations, as multisets over the whole game.
    w, h = sgf_size(root)
    comments, names, labels, marks = [], [], [], []
    for n in sgf_nodes(root):
        comments += [sgf_text(v) for v in n.props.get("C", [])]
        names += [sgf_text(v, True) for v in n.props.get("N", [])[:1]]
        for v in n.props.get("LB", []):
            a, b = split_compose(v)
            if b is not None and len(a) == 2 and coord(a[0]) < w and coord(a[1]) < h:
                labels.append((coord(a[0]), coord(a[1]), sgf_text(b, True) or " "))
        for i, pt in enumerate(points(n.props.get("L", []), w, h)):  # FF[1-3] labels
            labels.append(pt + (chr(97 + i),))
        for ident, kind in (("CR", "circle"), ("TR", "triangle"), ("SQ", "square"),
                            ("MA", "mark"), ("SL", "selected")):
            marks += [(kind,) + pt for pt in points(n.props.get(ident, []), w, h)]
    got_c, got_n, got_l, got_m = [], [], [], []
    for node in walk(doc.get("tree", [])):
        got_c += node.get("comments", [])
        if "name" in node:
            got_n.append(node["name"])
        for entry in node.get("markup", []):
            for c in entry["coords"]:
                if entry["type"] == "label":
                    got_l.append((c["x"], c["y"], c["text"]))
                else:
                    got_m.append((entry["type"], c["x"], c["y"]))
    check(sorted(comments) == sorted(got_c), "%s: every comment, text exact" % name,
          "source %r\nrecord %r" % (sorted(comments)[:3], sorted(got_c)[:3]))
    check(sorted(names) == sorted(got_n), "%s: every node name" % name, (names, got_n))
    check(sorted(labels) == sorted(got_l), "%s: every label" % name, (labels, got_l))
    check(sorted(marks) == sorted(got_m), "%s: every markup point" % name, (marks, got_m))


def main(args):
    hint = None
    if args and args[0].startswith("--codec="):
        hint = args.pop(0)[len("--codec="):]
    source, records = args[0], args[1:]
    name = os.path.basename(source)
    with open(source, "rb") as f:
        data = f.read()
    docs = []
    for r in records:
        with open(r, encoding="utf-8") as f:
            docs.append(json.load(f))
    if data.lstrip().startswith(b"[Header]") or source.endswith((".ugf", ".ugi")):
        header, want = ugf_lines(data)
        got = jgf_lines(docs[0])
        check(want == got, "%s: the boards after every move and at every branch agree "
              "(%d positions)" % (name, len(want)), first_difference(want, got))
        players = {pl["color"]: pl for pl in docs[0].get("players", [])}
        for key, colour in (("PlayerB", "black"), ("PlayerW", "white")):
            if key in header:
                nm, rank = (header[key].split(",") + ["", ""])[:2]
                check(players.get(colour, {}).get("name") == nm and
                      players.get(colour, {}).get("rank") == rank,
                      "%s: %s name and rank" % (name, key), players.get(colour))
        if "Hdcp" in header:
            h, k = header["Hdcp"].split(",")[:2]
            check(docs[0]["rules"].get("komi") == float(k) and
                  docs[0]["rules"].get("handicap") == int(h), "%s: Hdcp is handicap and komi" % name)
        return
    if source.endswith((".gib", ".ngf")):
        text = decode_game(data, hint)
        root = (parse_gib if source.endswith(".gib") else parse_ngf)(text)
        want, got = sgf_lines(root, 19, 19), jgf_lines(docs[0])
        check(want == got, "%s: the boards after the handicap and every move agree (%d positions)"
              % (name, len(want)), first_difference(want, got))
        players = {pl["color"]: pl for pl in docs[0].get("players", [])}
        for ident, colour in (("PB", "black"), ("PW", "white")):
            check(players.get(colour, {}).get("name") == root.props[ident][0],
                  "%s: %s, decoded, is %s's name" % (name, ident, colour),
                  "want %r, got %r" % (root.props[ident][0], players.get(colour)))
        return
    if source.endswith(".json") and isinstance(json.loads(data.decode("utf-8")), dict):
        root, w, h, g = parse_ogs(json.loads(data.decode("utf-8")))
        want, got = sgf_lines(root, w, h), jgf_lines(docs[0])
        check(want == got, "%s: the boards after the setup and every move agree (%d positions)"
              % (name, len(want)), first_difference(want, got))
        players = {pl["color"]: pl for pl in docs[0].get("players", [])}
        for ident, colour in (("PB", "black"), ("PW", "white")):
            check(players.get(colour, {}).get("name") == root.props[ident][0],
                  "%s: %s's name" % (name, colour), players.get(colour))
        rules = docs[0].get("rules", {})
        check(rules.get("komi") == g.get("komi") and rules.get("handicap", 0) == g.get("handicap", 0),
              "%s: komi and handicap" % name, rules)
        return
    if source.endswith(".json"):
        text = json.loads(data.decode("utf-8"))
        if grove_tree(text[0]) or grove_tree(text):  # sgfgrove: [sequence, children]
            roots = [from_grove(g) for g in ([text] if grove_tree(text) and not grove_tree(text[0]) else text)]
        else:
            games = [text] if text and isinstance(text[0], dict) else text
            roots = [from_json(g) for g in games]
    else:
        roots = parse_sgf(decode_sgf(data, hint))
        # A game that is not Go (GM other than 1) is not converted.
        roots = [r for r in roots if r.props.get("GM", ["1"])[0].strip() in ("1", "")]
    check(len(roots) == len(docs), "%s: one record per game (%d)" % (name, len(roots)))
    for i, (root, doc) in enumerate(zip(roots, docs)):
        label = "%s game %d" % (name, i + 1)
        w, h = sgf_size(root)
        want, got = sgf_lines(root, w, h), jgf_lines(doc)
        check(want == got, "%s: the boards after every setup and move, main line and every "
              "variation from its branch point, agree (%d positions)" % (label, len(want)),
              first_difference(want, got))
        fields(label, root, doc)


def escape(s, compose=False):
    s = s.replace("\\", "\\\\").replace("]", "\\]")
    return s.replace(":", "\\:") if compose else s


def grove_tree(t):
    """[sequence, children], each child one too: seed 002's collection of
    two game trees (lists of nodes) has the same outer shape."""
    return (isinstance(t, list) and len(t) == 2 and isinstance(t[0], list) and bool(t[0]) and
            all(isinstance(n, dict) for n in t[0]) and isinstance(t[1], list) and
            all(grove_tree(k) for k in t[1]))


def from_grove(tree, parent=None):
    """sgfgrove's SGF-in-JSON: a game tree is [sequence, children]; null is
    an empty value (a pass)."""
    seq, kids = tree
    root = None
    for obj in seq:
        obj = {k: ("" if v is None else v) for k, v in obj.items()}
        node = from_json([obj], parent)
        root = root or node
        parent = parent.kids[-1] if parent is not None else node
    for kid in kids:
        from_grove(kid, parent)
    return root


def from_json(seq, parent=None):
    """SGF-in-JSON (seed 002) to Nodes; values escaped as SGF text."""
    root = None
    for obj in seq:
        node = Node()
        for k, v in obj.items():
            if k == "variations":
                continue
            if k in ("LB", "AR", "LN", "AP") and isinstance(v, list) and v and isinstance(v[0], str) and len(v) == 2:
                v = [v]
            vals = v if isinstance(v, list) else [v]
            node.props[k] = [escape(x[0], True) + ":" + escape(x[1], True) if isinstance(x, list)
                             else escape(str(x)) for x in vals]
        if parent is None:
            root = node
        else:
            parent.kids.append(node)
        parent = node
        for var in obj.get("variations", []):
            from_json(var, node)
    return root


def batch(out):
    """--batch DIR: each line of standard input one run's arguments,
    tab-separated; what it prints in DIR/NAME.check, its traceback (a check
    that stopped) in DIR/NAME.err and its status in DIR/NAME.status, NAME
    the source's file name: one process for a test's sources, not one each
    (Python's start-up each)."""
    global failures
    import contextlib
    import io
    import traceback
    for line in sys.stdin:
        args = [a for a in line.rstrip("\n").split("\t") if a]
        name = os.path.join(out, os.path.basename([a for a in args if not a.startswith("--codec=")][0]))
        failures, printed, err = 0, io.StringIO(), ""
        with contextlib.redirect_stdout(printed):
            try:
                main(args)
                status = 1 if failures else 0
            except Exception:
                err, status = traceback.format_exc(), 1
        for ext, text in ((".check", printed.getvalue()), (".err", err), (".status", "%d\n" % status)):
            with open(name + ext, "w", encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--batch"]:
        batch(sys.argv[2])
        sys.exit(0)
    main(sys.argv[1:])
    sys.exit(1 if failures else 0)
