"""Whether two JGF records hold the same game: the sections SGF carries and
the tree (a node's comments joined as SGF's one C holds them).

tests/sgfout.sh's round trips, from the "wrote" lines of one jgflint run
of each step over many inputs (RT/NAME.map, "INPUT OUTPUT"):
  sgfout_same.py through RT INPUTS   X -> JGF (a) against X -> SGF (s) -> JGF
                                     (b), and s -> SGF (s2) the identity
  sgfout_same.py sgfjson RT INPUTS   X -> SGF (s) -> JGF (bs) against
                                     X -> SGF-in-JSON (j) -> JGF (bj)"""
import json
import os
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


def differs(a_path, b_path):
    """Why the records at a_path and b_path do not hold the same game (a
    list of lines), or [] when they do."""
    try:
        a = json.load(open(a_path, encoding="utf-8"))
        b = json.load(open(b_path, encoding="utf-8"))
    except (OSError, ValueError) as e:
        return ["%s: %s" % (a_path, e)]
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
            return ["%s differs in %s" % (a_path, key), "  " + json.dumps(a.get(key))[:400],
                    "  " + json.dumps(b.get(key))[:400]]
    return []


def wrote(path):
    """A map file's "INPUT OUTPUT" lines (the "wrote" lines of one run of
    jgflint --convert): each input's outputs, in order."""
    out = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                src, _, dst = line.rstrip("\n").partition(" ")
                out.setdefault(os.path.normpath(src), []).append(os.path.normpath(dst))
    except OSError:
        pass
    return out


def same_bytes(a, b):
    try:
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False


def through(rt, inputs):
    """Each input: the records of X -> JGF (a) against X -> SGF -> JGF (b),
    and --to sgf of X's SGF (s -> s2) the identity. TAP verdicts for
    tests/sgfout.sh, "ok<TAB>WHAT" or "not ok<TAB>WHAT" with "# " lines."""
    a, s, s2 = (wrote(os.path.join(rt, m + ".map")) for m in ("a", "s", "s2"))
    for f in inputs:
        why = []
        for rec in a.get(os.path.normpath(f), []):
            why += differs(rec, os.path.join(rt, "b", os.path.basename(rec)))
        print("%s\t%s: the same game through SGF" % ("not ok" if why else "ok", f))
        for line in why:
            print("# " + line)
        why = []
        sgfs = s.get(os.path.normpath(f), [])
        if not sgfs:
            why.append("no SGF written")
        for sgf in sgfs:
            again = s2.get(sgf, [])
            if again != [os.path.join(rt, "s2", os.path.basename(sgf))]:
                why.append("%s: --to sgf of it wrote %s" % (os.path.basename(sgf), " ".join(again) or "nothing"))
            elif not same_bytes(sgf, again[0]):
                why.append("%s: --to sgf of it differs (%s)" % (os.path.basename(sgf), again[0]))
        print("%s\t%s: --to sgf of its own output is the identity" % ("not ok" if why else "ok", f))
        for line in why[:10]:
            print("# " + line)


def sgfjson(rt, inputs):
    """Each input's --to sgf (s) and --to sgfjson (j), each read back (bs,
    bj): the records, byte for byte. Prints "rt N" (the records compared)
    and "bad INPUT" for each input whose records differ."""
    s, j, bs, bj = (wrote(os.path.join(rt, m + ".map")) for m in ("s", "j", "bs", "bj"))
    compared = 0
    for f in inputs:
        recs = [r for sgf in s.get(os.path.normpath(f), []) for r in bs.get(sgf, [])]
        other = [r for js in j.get(os.path.normpath(f), []) for r in bj.get(js, [])]
        if not recs and other:
            # Neither is written for what --to sgf cannot read (JavaScript-style JGF).
            print("bad %s(only sgfjson)" % f)
        bad = False
        for rec in recs:
            compared += 1
            bad |= not same_bytes(rec, os.path.join(rt, "bj", os.path.basename(rec)))
        if bad:
            print("bad " + f)
    print("rt %d" % compared)


if __name__ == "__main__":
    with open(sys.argv[3], encoding="utf-8") as listed:
        names = [line.rstrip("\n") for line in listed if line.strip()]
    {"through": through, "sgfjson": sgfjson}[sys.argv[1]](sys.argv[2], names)
