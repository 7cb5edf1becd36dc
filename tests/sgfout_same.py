"""Whether two JGF records hold the same game: the sections SGF carries and
the tree (a node's comments joined as SGF's one C holds them)."""
import json
import re
import sys


def by_type(entries):
    """A node's markup or setup entries, those of one type as one: the board
    is the same (an FF[3] L beside an LB is read as two label entries, and
    written as one LB, which reads back as one)."""
    out = {}
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("coords"), list):
            return entries
        key = json.dumps({k: x for k, x in e.items() if k != "coords"}, sort_keys=True)
        out.setdefault(key, dict(e, coords=[]))["coords"] += e["coords"]
    return list(out.values())


def joined(v):
    if isinstance(v, dict):
        return {k: ("\n\n".join(x) if k == "comments" and isinstance(x, list) else
                    joined(by_type(x)) if k in ("markup", "setup") and isinstance(x, list) else joined(x))
                for k, x in v.items()}
    if isinstance(v, list):
        return [joined(x) for x in v]
    return v


def days(game):
    return list(game.get("dates") or ([game["date"]] if "date" in game else []))


a = json.load(open(sys.argv[1], encoding="utf-8"))
b = json.load(open(sys.argv[2], encoding="utf-8"))
# The days of a range the reader sets aside (DT[1940.10.30-31] read as
# 1940-10-30, the original kept under meta.sgf.DT) are written into SGF's DT
# (issue 47): read back, the dates hold them, the first days the same.
ga, gb = a.get("game") or {}, b.get("game") or {}
da, db = days(ga), days(gb)
if ((a.get("meta") or {}).get("sgf") or {}).get("DT") and da and set(da) < set(db):
    a["game"] = {k: v for k, v in ga.items() if k not in ("date", "dates")}
    b["game"] = {k: v for k, v in gb.items() if k not in ("date", "dates")}
# FF[3]'s root values FF[4] rejects (kept under meta.sgf) are written so
# that an FF[4] reader keeps them (issue 47): a clock as TM in seconds and
# OT, others (TE[title]) as ID[value] paragraphs of GC.
ka = (a.get("meta") or {}).get("sgf") or {}
gb = b.get("game") or {}
if "description" in gb and "description" not in (a.get("game") or {}):
    paras = gb["description"].split("\n\n")
    if all(p.split("[", 1)[0] in ka for p in paras):
        del gb["description"]
# Game information FF[4] cannot hold (kept under meta.sgf, no datum read
# from it) is written in GC too, and what FF[4] holds of it (issue 71): a
# result as RE[?], a date's year, its one number of four digits, as DT
# (DT[1940] of 1940年(...)).
ga = a.get("game") or {}
if "RE" in ka and "result" not in ga and gb.get("result") == "?":
    del gb["result"]
years = re.findall(r"(?<![0-9])[0-9]{4}(?![0-9])", str(ka.get("DT", "")))
if "DT" in ka and not days(ga) and len(years) == 1 and days(gb) == years:
    gb.pop("date", None)
rb = b.get("rules") or {}
if "TM" in ka and "time" not in (a.get("rules") or {}):
    for k in ("time", "overtime"):
        if k not in (a.get("rules") or {}):
            rb.pop(k, None)
    if not rb and "rules" not in a:
        b.pop("rules", None)
for key in ("tree", "players", "game", "rules", "board", "event", "source"):
    if joined(a.get(key)) != joined(b.get(key)):
        print(sys.argv[1], "differs in", key)
        print(" ", json.dumps(a.get(key))[:400])
        print(" ", json.dumps(b.get(key))[:400])
        sys.exit(1)
