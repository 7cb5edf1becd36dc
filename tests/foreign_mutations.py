#!/usr/bin/env python3
"""Properties of jgflint on damaged GIB, NGF and UGF records, as a test.

Records of testdata/ (and with --shared DIR its gib/, ngf/ and ugf/
samples) suffer the damage real files suffer: a cut at a byte or at a line
break, a line lost or doubled, two lines swapped, line breaks changed
(LF, CR LF, CR), a header field emptied, the text in another character
set, one or two each. For every case, --convert --to sgf:
  (a) neither crashes nor hangs: exit 0, 1 or 2, no sanitizer report,
      within a timeout;
  (b) says what it lost: where the moves it reads (each game's main line)
      are not the undamaged record's, or it reads fewer games, it gives a
      warning or an error; a silent difference is a defect;
  (c) writes what it read: its SGF, converted again, has the same games
      and moves (and so does its JGF, converted to SGF);
  (d) exits 1 exactly when it reports an error.
These formats have no --fix (a check of one says foreign-format).
Deterministic: a seed, the sorted files, a number of cases; --budget
seconds ends the run early (a prefix of the same cases), saying so.

Usage: foreign_mutations.py JGFLINT TOP_SRCDIR WORKDIR [--seed N]
         [--cases N] [--budget S] [--shared DIR] [--keep]
Prints TAP; exit 1 when a property fails."""
import os
import random
import re
import shutil
import subprocess
import sys
import time

TIMEOUT = 20
SANITIZER = re.compile(r"Sanitizer|runtime error:|Assertion .* failed|Segmentation fault|core dumped")
FINDING = re.compile(r": (warning|error): ")
EXTS = (".gib", ".ngf", ".ugf", ".ugi")


def moves_of(sgf):
    """Each game's main line: a plain walk of jgflint's own SGF, where a
    game is `(`, nodes, then its variations, the first the main line."""
    out = []
    i, n = 0, len(sgf)
    stack = []   # per open tree: (is on the main line, has a kid tree been seen)
    while i < n:
        c = sgf[i]
        if c == "(":
            if not stack:
                out.append([])
                stack.append([True, False])
            else:
                parent = stack[-1]
                main = parent[0] and not parent[1]
                parent[1] = True
                stack.append([main, False])
            i += 1
        elif c == ")":
            stack.pop()
            i += 1
        elif c.isalpha() and c.isupper():
            j = i
            while j < n and sgf[j].isalpha():
                j += 1
            pid = sgf[i:j]
            i = j
            while i < n and sgf[i] == "[":
                k = i + 1
                while k < n and sgf[k] != "]":
                    k += 2 if sgf[k] == "\\" else 1
                if pid in ("B", "W", "SZ") and stack and stack[-1][0]:
                    out[-1].append(pid + sgf[i + 1:k])
                i = k + 1
                while i < n and sgf[i] in " \r\n\t":
                    i += 1
        else:
            i += 1
    return out


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")


def convert(jgflint, path, outdir, to="sgf"):
    """(exit, output, [moves of each game]) of --convert --to sgf."""
    if os.path.isdir(outdir):
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    collection = ["--sgf-collection"] if to == "sgf" else []
    rc, text = run([jgflint, "--convert", "--to", to] + collection +
                   ["--force", "--format", "concise", "--output", outdir, path])
    games = []
    for name in sorted(os.listdir(outdir)):
        with open(os.path.join(outdir, name), encoding="utf-8", errors="replace") as f:
            body = f.read()
        games.extend(moves_of(body) if to == "sgf" else [name])
    return rc, text, games


def lines_of(data):
    return data.splitlines(keepends=True)


# Damage: each a function of (rng, bytes) -> (bytes, description).
def cut_byte(rng, d):
    k = rng.randrange(1, max(2, len(d)))
    return d[:k], "cut at byte %d of %d" % (k, len(d))


def cut_line(rng, d):
    ls = lines_of(d)
    k = rng.randrange(1, max(2, len(ls)))
    return b"".join(ls[:k]), "cut after line %d of %d" % (k, len(ls))


def drop_line(rng, d):
    ls = lines_of(d)
    k = rng.randrange(len(ls))
    return b"".join(ls[:k] + ls[k + 1:]), "line %d dropped: %r" % (k + 1, ls[k][:40])


def double_line(rng, d):
    ls = lines_of(d)
    k = rng.randrange(len(ls))
    return b"".join(ls[:k + 1] + ls[k:]), "line %d doubled: %r" % (k + 1, ls[k][:40])


def swap_lines(rng, d):
    ls = lines_of(d)
    if len(ls) < 2:
        return d, "no swap"
    k = rng.randrange(len(ls) - 1)
    ls[k], ls[k + 1] = ls[k + 1], ls[k]
    return b"".join(ls), "lines %d and %d swapped" % (k + 1, k + 2)


def line_breaks(rng, d):
    to = rng.choice([b"\n", b"\r\n", b"\r"])
    plain = d.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return plain.replace(b"\n", to), "line breaks made %r" % to


def empty_field(rng, d):
    ls = lines_of(d)
    fields = [i for i, l in enumerate(ls) if re.match(rb"^(\\\[\w+=|\w+=|[A-Z]{2,}\s)", l)]
    if not fields:
        return d, "no field"
    k = rng.choice(fields)
    l = ls[k]
    m = re.match(rb"^(\\\[\w+=)(.*?)(\\\]\s*)$", l, re.S) or re.match(rb"^(\w+=)(.*?)(\s*)$", l, re.S)
    if not m:
        return d, "no field"
    ls[k] = m.group(1) + m.group(3)
    return b"".join(ls), "line %d's value emptied: %r" % (k + 1, l[:40])


def recode(rng, d):
    for src in ("utf-8", "cp932", "euc_kr", "gb2312"):
        try:
            text = d.decode(src)
            break
        except UnicodeDecodeError:
            continue
    else:
        return d, "no recode"
    to = rng.choice(["utf-8", "cp932", "euc_kr", "gb18030", "utf-8-sig"])
    try:
        return text.encode(to), "recoded %s -> %s" % (src, to)
    except UnicodeEncodeError:
        return d, "no recode"


DAMAGE = [cut_byte, cut_line, drop_line, drop_line, double_line, double_line, swap_lines,
          line_breaks, empty_field, recode]
# what may change the moves read, and must then be said: all but these
KEEPS_MOVES = {line_breaks, recode}


def set_aside(ext, kinds, what, data, orig, games):
    """Why a silent difference is not a defect to fail on (each the reader's
    limit, said so in the report of the hunt), or None."""
    text = " ".join(what)
    if len(orig) == len(games) and any(a[:1] != b[:1] for a, b in zip(orig, games)):
        return "the board size read differs: a header line naming it lost or moved"
    if ext in (".ugf", ".ugi"):
        prefix = len(orig) == len(games) and all(b == a[:len(b)] for a, b in zip(orig, games))
        if kinds & {cut_byte, cut_line} or (drop_line in kinds and prefix):
            # (its last move line lost is the same as a cut)
            return "a UGF file cut: no count or end mark tells (Moves= is 0)"
        if re.search(r"value emptied: b'CoordinateType", text):
            return "UGF's CoordinateType emptied: an empty one is read as IGS's, as written"
    if ext == ".ngf" and kinds & {cut_byte, cut_line} and re.search(r"dropped: b'(?!PM)", text):
        return "an NGF header line lost: the count of moves is not on its line (not said)"
    count = re.search(rb"^(?:GI)?(\d+)\r?\n(?=PM)", data, re.M)
    if ext == ".ngf" and count and orig and int(count.group(1)) < sum(
            m[:1] in "BW" for m in orig[0]):
        return "an NGF record with more moves than its count: a cut down to it is not seen"
    if ext == ".gib" and not re.search(rb"^[ \t]*\\HS", data, re.M):
        return "a GIB game's \\HS lost: what follows is read as no game's"
    if ext == ".gib" and drop_line in kinds and b"\\GE" in data and \
            not re.search(rb"^[ \t]*\d+ 0 &4", data, re.M) and \
            not re.search(rb"TCNT:[1-9]", data):
        return "a GIB game closed by \\GE that lost its count line (and no TCNT): nothing tells"
    return None


def inputs(top, shared):
    files = []
    for root, _, names in os.walk(os.path.join(top, "testdata")):
        files += [os.path.join(root, n) for n in names if n.lower().endswith(EXTS)]
    if shared:
        for sub in ("gib", "ngf", "ugf"):
            d = os.path.join(shared, sub)
            if os.path.isdir(d):
                files += [os.path.join(d, n) for n in os.listdir(d) if n.lower().endswith(EXTS)]
    return sorted(files)


def main(argv):
    jgflint, top, work = argv[1:4]
    opts = {"--seed": "1", "--cases": "300", "--budget": "20", "--shared": ""}
    keep = "--keep" in argv
    rest = [a for a in argv[4:] if a != "--keep"]
    for k, v in zip(rest[::2], rest[1::2]):
        opts[k] = v
    rng = random.Random(int(opts["--seed"]))
    files = inputs(top, opts["--shared"])
    os.makedirs(work, exist_ok=True)
    base = {}
    for f in files:
        rc, text, games = convert(jgflint, f, os.path.join(work, "base"))
        base[f] = (rc, games)
    # records jgflint reads as no game at all are not the readers' to judge here
    files = [f for f in files if base[f][1] and not open(f, "rb").read().lstrip().startswith(b"(")]
    fails = {"a": [], "b": [], "c": [], "d": []}
    start, done = time.time(), 0
    for case in range(int(opts["--cases"])):
        if time.time() - start > float(opts["--budget"]):
            break
        f = rng.choice(files)
        with open(f, "rb") as h:
            data = h.read()
        what = []
        kinds = set()
        for _ in range(rng.choice([1, 1, 2])):
            dmg = rng.choice(DAMAGE)
            data, desc = dmg(rng, data)
            what.append(desc)
            kinds.add(dmg)
        name = os.path.join(work, "case%d%s" % (case, os.path.splitext(f)[1]))
        with open(name, "wb") as h:
            h.write(data)
        label = "%s: %s" % (os.path.relpath(f, top) if f.startswith(top) else f, "; ".join(what))
        rc, text, games = convert(jgflint, name, os.path.join(work, "out%d" % case))
        done += 1
        if rc not in (0, 1, 2) or SANITIZER.search(text):
            fails["a"].append("%s: exit %s %s" % (label, rc, text[-200:]))
            continue
        said = FINDING.search(text) is not None
        errors = re.search(r": error: ", text) is not None
        if rc in (0, 1) and errors != (rc == 1):
            fails["d"].append("%s: exit %d, errors %s" % (label, rc, errors))
        orig = base[f][1]
        # a record read with an error already is damaged: a mutation may repair it
        if games != orig and not said and not kinds <= KEEPS_MOVES and base[f][0] != 1 and \
                not set_aside(os.path.splitext(f)[1].lower(), kinds, what, data, orig, games):
            diff = "games %d -> %d" % (len(orig), len(games))
            for g, (a, b) in enumerate(zip(orig, games)):
                if a != b:
                    k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                    diff = "game %d: %d moves -> %d, first difference at move %d" % (
                        g + 1, len(a), len(b), k + 1)
                    break
            fails["b"].append("%s: silent, %s" % (label, diff))
        if games and rc in (0, 1):
            outdir = os.path.join(work, "out%d" % case)
            written = os.path.join(work, "w%d.sgf" % case)
            for n in os.listdir(outdir):
                shutil.move(os.path.join(outdir, n), written)
                break
            rc2, text2, again = convert(jgflint, written, os.path.join(work, "again%d" % case))
            if again != games:
                fails["c"].append("%s: its SGF read again differs (%d games -> %d)" % (
                    label, len(games), len(again)))
            rc3, _, jgfs = convert(jgflint, name, os.path.join(work, "jgf%d" % case), to="jgf")
            viajgf = []
            for j in jgfs:
                _, _, g = convert(jgflint, os.path.join(work, "jgf%d" % case, j),
                                  os.path.join(work, "viajgf%d" % case))
                viajgf += g
            if viajgf != games:
                fails["c"].append("%s: its JGF converted to SGF differs" % label)
        if not keep:
            for p in ("out%d", "again%d", "jgf%d", "viajgf%d"):
                shutil.rmtree(os.path.join(work, p % case), ignore_errors=True)
            for p in ("case%d" + os.path.splitext(f)[1], "w%d.sgf"):
                if os.path.exists(os.path.join(work, p % case)):
                    os.remove(os.path.join(work, p % case))
    show = int(os.environ.get("SHOW", "15"))
    names = {"a": "no crash, hang or sanitizer report",
             "b": "moves or games lost or changed are said",
             "c": "the SGF and JGF written read again the same",
             "d": "exit 1 exactly when an error is reported"}
    print("1..4")
    status = 0
    for n, key in enumerate("abcd", 1):
        if fails[key]:
            status = 1
            print("not ok %d - %s (seed %s, %d cases)" % (n, names[key], opts["--seed"], done))
            for line in fails[key][:show]:
                print("# " + line)
            if len(fails[key]) > show:
                print("# ... %d more" % (len(fails[key]) - show))
        else:
            print("ok %d - %s (seed %s, %d cases)" % (n, names[key], opts["--seed"], done))
    if done < int(opts["--cases"]):
        print("# budget of %s s reached after %d cases" % (opts["--budget"], done))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
