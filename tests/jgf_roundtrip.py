"""JGF -> SGF -> JGF: whether record B (A written as SGF by --convert --to sgf,
read back by --convert) is record A (--fix's normal form) but for the
documented differences (man/jgflint.1, SGF OUTPUT), and whether every datum
of A that B lacks is one the writer named in a 'not in SGF' note.

Usage: jgf_roundtrip.py A.jgf B.jgf NOTES [A.jgf B.jgf NOTES ...] (NOTES:
the writer's standard error; many comparisons in one run, a process each
cost most of tests/roundtrip.sh's time). Prints each undocumented
difference after its A; exits 1 when there is one.

The documented differences, each a function below:
- the SGF header: record.generator names jgflint (AP), record.charset is
  UTF-8, meta.sgf gains FF, GM, CA, AP; game.type "go" is written;
- the board: width and height equal to size are size; cut-offs of 0 are
  none; no board is 19x19; a cut-off that would hide stones comes back as
  meta.sgf.VW (the reader keeps the view), not as cut-offs;
- players: in colour order, by colour or as a list; an empty value, or a
  player with a colour only, is none;
- a node's comments are SGF's one C: joined by a blank line; a v1 comment
  object is "name (timestamp): comment", as --fix --unsafe-fixes writes it;
- SimpleText: a line break in a name, a rank ... is a space;
- a rank in SGF's form (3k, 4d, 9p) where A's reads as one;
- markup, setup and score: order within a node aside;
- a node that holds nothing but variations.
"""
import json
import re
import sys


def v1_comment(o):
    """A v1 comment object's text, as the migration writes it (of three
    string members at most; else its comment alone)."""
    if len(o) > 3 or not all(isinstance(v, str) for v in o.values()):
        return o.get("comment")
    name, when = o.get("name"), o.get("timestamp")
    head = (name or "") + ((" " if name is not None else "") + "(%s)" % when
                           if when is not None else "")
    return head + (": " if name is not None or when is not None else "") + o.get("comment", "")


# One comparison's records, the writer's notes and the differences found
# (module state the functions below read: check() sets it).
a, b, noted, problems = None, None, [], []


def is_noted(ptr):
    return any(ptr == p or ptr.startswith(p + "/") for p in noted)


def simple(s):
    """SimpleText as SGF keeps it: line breaks are spaces."""
    return re.sub(r"\r\n|\n\r|\r|\n", " ", s) if isinstance(s, str) else s


def board_of(r):
    bd = r.get("board") if isinstance(r.get("board"), dict) else {}
    size = bd.get("size", 19)
    out = {"width": bd.get("width", size), "height": bd.get("height", size)}
    for k in ("cutOffLeft", "cutOffTop", "cutOffRight", "cutOffBottom"):
        out[k] = bd.get(k, 0)
    return out


def players_of(r):
    ps = r.get("players")
    if isinstance(ps, dict):   # Seki's players by colour
        ps = [dict(v, color=k) for k, v in ps.items() if isinstance(v, dict)]
    out = {}
    for i, p in enumerate(ps if isinstance(ps, list) else []):
        if not isinstance(p, dict):
            continue
        q = {k: simple(v) for k, v in p.items() if v != "" and k != "color"}
        if q:
            out[p.get("color")] = (q, "/players/%d" % i)
    return out


def esc(k):
    return k.replace("~", "~0").replace("/", "~1")


def compare(x, y, ptr):
    """x from A, y from B at ptr: a loss of x must be noted."""
    if x == y:
        return
    if isinstance(x, dict) and isinstance(y, dict):
        for k in x:
            compare(x[k], y.get(k, Missing), ptr + "/" + esc(k))
        for k in y:
            if k not in x:
                problems.append("%s/%s: added %s" % (ptr, esc(k), json.dumps(y[k])[:80]))
        return
    if x == "" and y is Missing:
        return   # SGF has no empty value: none
    if y is Missing and isinstance(x, dict) and not is_noted(ptr):
        for k in x:   # an empty object is none
            compare(x[k], Missing, ptr + "/" + esc(k))
        return
    if y is Missing:
        if not is_noted(ptr):
            problems.append("%s: lost without a note: %s" % (ptr, json.dumps(x)[:80]))
        return
    if isinstance(x, list) and isinstance(y, list):
        x = [e for i, e in enumerate(x) if not is_noted("%s/%d" % (ptr, i))]
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (u, v) in enumerate(zip(x, y)):
            compare(u, v, "%s/%d" % (ptr, i))
        return
    if not is_noted(ptr):
        problems.append("%s: %s became %s" % (ptr, json.dumps(x)[:80], json.dumps(y)[:80]))


class Missing:
    pass


RANK = re.compile(r"^[1-9][0-9]?[kdp]$")


def written_as_kept():
    """A's data the writer writes as ST, TC, TT: B keeps those under meta.sgf."""
    kept = b.get("meta", {}).get("sgf", {}) if isinstance(b.get("meta"), dict) else {}
    st = a.get("settings")
    if "ST" in kept and isinstance(st, dict):
        want = (0 if st.get("showVariations") else 2) + (1 if st.get("showSiblingVariations") else 0)
        if kept["ST"] == str(want):
            st = {k: v for k, v in st.items() if k not in ("showVariations", "showSiblingVariations")}
            if st:
                a["settings"] = st
            else:
                del a["settings"]
    rules = a.get("rules")
    for id, key in (("TC", "numberOfPeriods"), ("TT", "timePerPeriod")):
        if id in kept and isinstance(rules, dict) and key in rules and \
                float(kept[id]) == float(rules[key]):
            del rules[key]


def sections():
    # The header.
    ra, rb = dict(a.get("record", {})), dict(b.get("record", {}))
    for k in ("generator", "charset", "version", "format"):
        ra.pop(k, None), rb.pop(k, None)
    compare({k: simple(v) for k, v in ra.items()}, rb, "/record")
    # The board.
    ba, bb = board_of(a), board_of(b)
    vw = b.get("meta", {}).get("sgf", {}).get("VW")
    if vw and ba != bb:   # the reader kept the view: the cut-offs are in it
        ba = {k: v for k, v in ba.items() if not k.startswith("cutOff")}
        bb = {k: v for k, v in bb.items() if not k.startswith("cutOff")}
    compare(ba, bb, "/board")
    # Players.
    pa, pb = players_of(a), players_of(b)
    for color, (p, ptr) in pa.items():
        q = pb.get(color, ({}, ""))[0]
        if "rank" in p and "rank" in q and p["rank"] != q["rank"] and RANK.match(q["rank"]):
            q = dict(q, rank=p["rank"])   # written in SGF's form
        compare(p, q, ptr)
    for color in pb:
        if color not in pa:
            problems.append("/players: added %s" % color)
    # The other sections, the tree aside.
    for key in sorted(set(a) | set(b)):
        if key in ("record", "board", "players", "tree"):
            continue
        x, y = a.get(key, Missing), b.get(key, Missing)
        if key == "meta":
            x = dict(x) if isinstance(x, dict) else x
            y = dict(y) if isinstance(y, dict) else y
            sx = dict(x.get("sgf", {})) if isinstance(x, dict) else {}
            sy = dict(y.get("sgf", {})) if isinstance(y, dict) else {}
            for k in ("FF", "GM", "CA", "AP"):
                sy.pop(k, None)
                if k in sx and k not in ("FF", "GM"):
                    sx.pop(k, None)   # the writer writes its own
            sx.pop("FF", None), sx.pop("GM", None)
            if vw:
                sy.pop("VW", None)
            # What the writer writes as properties the reader keeps: ST, Seki's
            # TC, TT and cut-offs XL, XT, XR, XB.
            for k in ("ST", "TC", "TT", "XL", "XT", "XR", "XB"):
                if k not in sx:
                    sy.pop(k, None)
            # solution: true is written as TE[1], which the reader keeps.
            nodes = dict(sy.get("nodes", {}))
            for p in noted:
                if p.endswith("/solution") and nodes.get(p[:-9], {}).get("TE") == "1":
                    nodes[p[:-9]] = {k: v for k, v in nodes[p[:-9]].items() if k != "TE"}
                    if not nodes[p[:-9]]:
                        del nodes[p[:-9]]
            if "nodes" in sy:
                sy["nodes"] = nodes
                if not nodes:
                    del sy["nodes"]
            if isinstance(x, dict):
                x.pop("sgf", None)
            if isinstance(y, dict):
                y.pop("sgf", None)
            if sx or sy:
                compare(sx, sy, "/meta/sgf")
            if y == {} and x is Missing:
                continue
        if key == "game" and isinstance(y, dict) and isinstance(x, dict):
            y = dict(y)
            if "type" not in x and y.get("type") == "go":
                y.pop("type")
        if key == "game" and x is Missing and y == {"type": "go"}:
            continue
        if key in ("game", "event", "source", "rules") and isinstance(x, dict):
            x = {k: (text(v) if k == "description" else simple(v)) for k, v in x.items()}
        if key == "game" and isinstance(x, dict) and isinstance(y, dict) and "description" in y:
            # A kept value FF[4] cannot hold, noted as written in GC
            # (RE[共55手 黑不战胜]'s words, DT[1940年(...)]), comes back as a
            # paragraph of the description: ID[value].
            parts = text(y["description"]).split("\n\n")
            rest = [t for t in parts if not (re.match(r"^[A-Z]{1,2}\[", t) and t.endswith("]") and
                                             is_noted("/meta/sgf/" + t.split("[")[0]))]
            if len(rest) < len(parts):
                y = dict(y)
                if rest:
                    y["description"] = "\n\n".join(rest)
                else:
                    del y["description"]
        if key == "game" and isinstance(x, dict) and isinstance(y, dict):
            # One date comes back as date; date beside dates that hold it, as dates.
            d = x.get("dates")
            if d == []:   # no date: nothing for DT
                x = dict(x)
                del x["dates"]
            # A date beside dates that lack it is noted as lost (DT is
            # written from dates): what comes back is the dates alone.
            if (isinstance(d, list) and len(d) == 1 and "date" in x and x["date"] not in d
                    and is_noted("/game/date") and y.get("date") == d[0]):
                x = dict(x, date=d[0])
                del x["dates"]
            if isinstance(d, list) and len(d) == 1 and "date" not in x and y.get("date") == d[0]:
                x = dict(x, date=d[0])
                del x["dates"]
            if isinstance(d, list) and x.get("date") in d and "date" not in y:
                x = dict(x)
                del x["date"]
        compare(x, y, "/" + key)


def text(s):
    """Text as SGF's reader gives it: its line breaks are \\n."""
    return re.sub(r"\r\n|\n\r|\r", "\n", s)


def unnoted_text(c, ptr):
    """A point without its text when the text is noted as lost (custom
    markup's, which XM[point:type] has no room for)."""
    if isinstance(c, dict) and "text" in c and is_noted(ptr + "/text"):
        return {k: v for k, v in c.items() if k != "text"}
    return c


def node_norm(n, here, of_a=True):
    if not isinstance(n, dict):
        return n
    n = dict(n)
    for key in ("markup", "setup", "score") if of_a else ():   # the entries noted as lost
        if isinstance(n.get(key), list):
            n[key] = [dict(e, coords=[unnoted_text(c, "%s/%s/%d/coords/%d" % (here, key, i, j))
                                      for j, c in enumerate(e["coords"]) if not is_noted(
                          "%s/%s/%d/coords/%d" % (here, key, i, j))])
                      if isinstance(e, dict) and isinstance(e.get("coords"), list) else e
                      for i, e in enumerate(n[key])
                      if not is_noted("%s/%s/%d" % (here, key, i))]
            n[key] = [e for e in n[key] if not (isinstance(e, dict) and e.get("coords") == [])]
            if not n[key]:
                del n[key]
    c = n.get("comments")
    if isinstance(c, list):
        c = [v1_comment(t) if isinstance(t, dict) else t for t in c]
        c = [text(t) for t in c if isinstance(t, str)]
        n["comments"] = c
    if isinstance(c, list) and all(isinstance(s, str) for s in c):
        n["comments"] = ["\n\n".join(c)] if c else c
    elif isinstance(c, str):
        n["comments"] = [c]
    if isinstance(n.get("name"), str):
        n["name"] = simple(n["name"])
    # One property a kind, each point once: entries of a kind merged.
    for key, tk in (("markup", "type"), ("setup", "type"), ("score", "color")):
        if isinstance(n.get(key), list):
            kinds = {}
            for e in n[key]:
                if isinstance(e, dict) and isinstance(e.get("coords"), list):
                    cs = kinds.setdefault(e.get(tk), [])
                    for c in e["coords"]:
                        if c not in cs:
                            cs.append(c)
                else:
                    kinds.setdefault(json.dumps(e), [])
            n[key] = {str(k): sorted(v, key=lambda c: json.dumps(c, sort_keys=True))
                      for k, v in kinds.items()}
    return n


def tree(x, y, ptr):
    """Sequences x (A) and y (B): node by node."""
    if not isinstance(x, list) or not isinstance(y, list):
        compare(x, y, ptr)
        return
    # One variation is the line itself (SGF has no variation alone).
    while x and isinstance(x[-1], dict) and set(x[-1]) == {"variations"} and \
            isinstance(x[-1]["variations"], list) and len(x[-1]["variations"]) == 1 and \
            isinstance(x[-1]["variations"][0], list):
        x = x[:-1] + x[-1]["variations"][0]
    i = j = 0
    while i < len(x) or j < len(y):
        u = x[i] if i < len(x) else Missing
        v = y[j] if j < len(y) else Missing
        here = "%s/%d" % (ptr, i)
        # A node whose content SGF cannot hold (noted) is an empty SGF node,
        # which a reader drops.
        if isinstance(u, dict) and i > 0 and not any(
                not is_noted(here + "/" + k) for k in node_norm(u, here)):
            i += 1
            continue
        if u is Missing:
            problems.append("%s: added node %s" % (here, json.dumps(v)[:80]))
            j += 1
            continue
        if v is Missing:
            compare(u, v, here)
            i += 1
            continue
        # A turn beside a move (whose turn it is after it) comes back as a
        # node of its own after the move: SGF keeps PL out of a move's node.
        if isinstance(u, dict) and isinstance(v, dict) and "move" in u and "turn" in u and \
                "turn" not in v and j + 1 < len(y) and y[j + 1] == {"turn": u["turn"]}:
            y = y[:j + 1] + y[j + 2:]
            v = dict(v, turn=u["turn"])
        # A node of variations only comes back as the variations.
        if isinstance(u, dict) and set(u) == {"variations"} and isinstance(v, dict) and \
                "variations" not in v and i + 1 == len(x):
            compare(u, v, here)
            i += 1
            continue
        u, v = node_norm(u, here), node_norm(v, here, False)
        for k in set(u) | set(v) if isinstance(u, dict) and isinstance(v, dict) else ():
            if k == "variations":
                vu, vv = u.get(k, []), v.get(k, [])
                if isinstance(vu, list) and isinstance(vv, list) and len(vu) == len(vv):
                    for t, (s1, s2) in enumerate(zip(vu, vv)):
                        tree(s1, s2, "%s/variations/%d" % (here, t))
                    continue
            compare(u.get(k, Missing), v.get(k, Missing), here + "/" + k) if k in u else \
                problems.append("%s/%s: added %s" % (here, k, json.dumps(v[k])[:80]))
        if not (isinstance(u, dict) and isinstance(v, dict)):
            compare(u, v, here)
        i += 1
        j += 1


def check(a_path, b_path, notes_path):
    """The undocumented differences of record B from record A."""
    global a, b, noted, problems
    problems = []
    try:
        a = json.load(open(a_path, encoding="utf-8"))
        b = json.load(open(b_path, encoding="utf-8"))
        with open(notes_path, encoding="utf-8", errors="replace") as notes:
            noted = [m.group(1) for m in (re.search(r"note: not in SGF: (/[^:]*):", line)
                                          for line in notes) if m]
    except (OSError, ValueError) as e:
        return ["not read: %s" % e]
    try:
        written_as_kept()
        sections()
        tree(a.get("tree", Missing), b.get("tree", Missing), "/tree")
    except Exception as e:  # a record this comparison cannot walk: said as its difference
        problems.append("not compared: %r" % e)
    return problems


if __name__ == "__main__":
    if len(sys.argv) < 4 or (len(sys.argv) - 1) % 3:
        sys.exit(__doc__)
    found = False
    for i in range(1, len(sys.argv), 3):
        for p in check(*sys.argv[i:i + 3]):
            print(sys.argv[i] + ": " + p)
            found = True
    sys.exit(1 if found else 0)
