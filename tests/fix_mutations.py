#!/usr/bin/env python3
"""A safe fix never changes the game (issue 70), as a test.

Records of testdata/ (UTF-8 SGF) suffer seeded damage: sgf_mutations.py's
(a bracket, `;` or parenthesis lost or doubled, a cut, a letter, two
properties swapped, an escape lost, line breaks) and this test's own
(values without a property after a `;`, a `;` inside a node, a property
given twice, an id in lower case). Every case is fixed twice, by --fix
and by --fix --unsafe-fixes (one run of jgflint over all of them each,
so that thousands of cases take seconds), and each fixed record is
compared with the damaged one by two readings:
  - the test's own reader (an SGF reader of its own, below: no repair but
    a value without a property dropped and a value cut at the end);
  - jgflint's reading, its --convert --to sgf of both, read by the same
    reader;
node by node (a node's properties sorted by id, each with its values;
empty nodes none), but for the properties the fixes of the check name
(the property an edit begins in, and those that begin inside it). A safe
fix changes nothing else; an unsafe one may add and move, but every value
of the damaged record is in the fixed one (it may normalise, never lose).

Usage: fix_mutations.py JGFLINT TOP_SRCDIR WORKDIR [--seed N] [--cases N]
         [--shared DIR] [--keep]
Prints TAP; exit 1 when a case changed its game, or --fix crashed or
fixed too few to say anything. The first 15 cases of
each kind (SHOW=N: N) are listed with the damage that made them."""
import json
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgf_mutations import mutate  # noqa: E402  (one set of mutations)

ID = re.compile(rb"[A-Za-z]+")
# The property a finding's message names: "KM[6,5] read as", "the value of
# PB", "property `C`".
SAID = re.compile(r"^([A-Z]{1,2})\[|value of ([A-Z]{1,2})\b|`([A-Z]{1,2})`")
# A `(` whose node has GM or FF starts the next game, its trees closed.
NEW_GAME = re.compile(rb"\(\s*;\s*(?:[A-Za-z]+\s*(?:\[(?:[^\]\\]|\\.)*\]\s*)+)*?(?:GM|FF)\s*\[", re.S)


def read_sgf(data):
    """The games of data as (nodes, marks): a list of items in the order
    of the text, each a node (a list of (id, [values], start, end) with
    start, end its bytes) or "(" / ")" around a variation of several, and
    "game" before each game. Values keep their escapes."""
    items, stack, node, i, n = [], [], None, 0, len(data)
    while i < n:
        c = data[i]
        if c == 0x28:  # (
            if stack and NEW_GAME.match(data, i):   # jgflint's and SGFC's reading
                items += [")"] * (len(stack) - 1)
                stack = []
            stack.append(0)
            items.append("game" if len(stack) == 1 else "(")
            node = None
            i += 1
        elif c == 0x29:  # )
            if stack:
                stack.pop()
                if stack:
                    items.append(")")
            node = None
            i += 1
        elif c == 0x3B and stack:  # ;
            node = []
            items.append(node)
            i += 1
        elif (65 <= c <= 90 or 97 <= c <= 122) and stack:
            if node is None:  # properties before a node's `;`: its own
                node = []
                items.append(node)
            m = ID.match(data, i)
            word = m.group(0)
            pid = bytes(ch for ch in word if 65 <= ch <= 90) or word.upper()
            j = m.end()
            values, start = [], i
            while True:
                k = j
                while k < n and data[k] in b" \t\r\n":
                    k += 1
                if k >= n or data[k] != 0x5B:
                    break
                k += 1
                v = k
                while k < n and data[k] != 0x5D:
                    k += 2 if data[k] == 0x5C else 1
                values.append(data[v:min(k, n)])
                j = min(k + 1, n)
            if values:
                node.append((pid, values, start, j))
                i = j
            else:
                i = m.end()
        elif c == 0x5B:  # a value without a property: dropped
            k = i + 1
            while k < n and data[k] != 0x5D:
                k += 2 if data[k] == 0x5C else 1
            i = k + 1
        else:
            i += 1
    items += [")"] * max(len(stack) - 1, 0)   # a cut tree: its variations end
    return items


def named(items, edits):
    """The ids the edits (byte offset, length) name in a reading."""
    ids = set()
    for at, length in edits:
        last = None
        for it in items:
            if not isinstance(it, list):
                continue
            for pid, _, start, end in it:
                if start <= at < max(end, start + 1) or (at == end and length == 0):
                    last = pid
                if at < start < at + length:
                    ids.add(pid)
        if last:
            ids.add(last)
    return ids


def digest(items, ids):
    """The reading as a list: each node's properties (but ids) sorted with
    their values merged (a property given twice is one), empty nodes none."""
    out = []
    for it in items:
        if not isinstance(it, list):
            out.append(it)
            continue
        props = {}
        for pid, values, _, _ in it:
            if pid not in ids:
                props.setdefault(pid, []).extend(values)
        if props:
            out.append(sorted((k, tuple(v)) for k, v in props.items()))
    return out


def values(d):
    """Every value of a digest with its id, as a sorted list."""
    return sorted((pid, v) for node in d if isinstance(node, list) for pid, vs in node for v in vs)


def changed(before, after, ids, unsafe):
    """Why after's reading is not before's (ids may change), or None."""
    a, b = digest(read_sgf(before), ids), digest(read_sgf(after), ids)
    if a == b:
        return None
    if unsafe:
        rest = values(b)
        for pv in values(a):
            if pv in rest:
                rest.remove(pv)
            else:
                return f"lost {pv[0].decode()}[{pv[1][:20].decode(errors='replace')}]"
        return None
    k = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"item {k} of {len(a)}: {str(a[k:k + 1])[:80]} became {str(b[k:k + 1])[:80]}"


def own_damage(data, rng):
    """This test's damage: (its name, the bytes), or None."""
    kind = rng.choice(["stray", "semicolon", "twice", "case"])
    semis = [m.start() for m in re.finditer(rb";", data)]
    props = [(m.start(), m.end()) for m in re.finditer(rb"[A-Z]{1,2}(?:\[(?:[^\]\\]|\\.)*\])+", data, re.S)]
    if kind == "stray" and semis:
        i = rng.choice(semis) + 1
        return f"stray@{i}", data[:i] + rng.choice([b"[aa]", b"[aa][bb];", b"[x]"]) + data[i:]
    if kind == "semicolon" and props:
        a, b = rng.choice(props)
        i = rng.choice([a, b, b])
        return f"semicolon@{i}", data[:i] + b";" + data[i:]
    if kind == "twice" and props:
        a, b = rng.choice(props)
        return f"twice@{a}", data[:b] + data[a:b] + data[b:]
    if kind == "case" and props:
        a, _ = rng.choice(props)
        return f"case@{a}", data[:a] + data[a:a + 1].lower() + data[a + 1:]
    return None


def damage(data, rng):
    for _ in range(20):
        m = own_damage(data, rng) if rng.random() < 0.5 else mutate(data, rng)
        if m and not m[0].startswith("charset"):
            return m
    return None


def sources(top, shared):
    out = []
    for root, _, files in (x for d in [os.path.join(top, "testdata")] + ([shared] if shared else [])
                           for x in os.walk(d)):
        for f in files:
            p = os.path.join(root, f)
            if not f.endswith(".sgf") or not 8 <= os.path.getsize(p) <= 20000:
                continue
            data = open(p, "rb").read()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if not data.startswith(b"\xef\xbb\xbf") and b"(" in data:
                out.append(p)
    return sorted(out)


def jgflint(exe, *args, cwd):
    return subprocess.run([exe, "--no-config", *args], cwd=cwd, capture_output=True)


def main(argv):
    exe, top, work = (os.path.abspath(a) for a in argv[1:4])
    rest = [a for a in argv[4:] if a != "--keep"]
    opts = dict(zip(rest[::2], rest[1::2]))
    seed, count = int(opts.get("--seed", "1")), int(opts.get("--cases", "1000"))
    rng = random.Random(seed)
    files = sources(top, opts.get("--shared"))
    shutil.rmtree(work, ignore_errors=True)
    dirs = {k: os.path.join(work, k) for k in ("in", "safe", "unsafe", "w-in", "w-safe", "w-unsafe")}
    for d in dirs.values():
        os.makedirs(d)
    cases = {}
    for k in range(count):
        src = rng.choice(files)
        data = open(src, "rb").read()
        names = []
        for _ in range(rng.choice([1, 1, 2])):
            m = damage(data, rng)
            if m:
                names.append(m[0])
                data = m[1]
        name = f"c{k:05d}.sgf"
        cases[name] = (f"{name}: {os.path.relpath(src, top)}: {', '.join(names)}", data)
        for d in ("in", "safe", "unsafe"):
            with open(os.path.join(dirs[d], name), "wb") as f:
                f.write(data)
    report = jgflint(exe, "-f", "json", "--max-findings", "0", "--extensions", ".sgf", "in", cwd=work).stdout
    runs = [jgflint(exe, "-q", "--fix", "--extensions", ".sgf", "safe", cwd=work),
            jgflint(exe, "-q", "--fix", "--unsafe-fixes", "--extensions", ".sgf", "unsafe", cwd=work)]
    for d in ("in", "safe", "unsafe"):
        jgflint(exe, "-q", "--convert", "--to", "sgf", "--sgf-collection", "--output", "w-" + d, d,
                cwd=work)
    edits, said = {}, {}
    for diag in json.loads(report)["diagnostics"]:
        name = os.path.basename(diag["path"])
        for e in diag.get("edits") or []:
            edits.setdefault(name, []).append((e["byteOffset"], e["byteLength"]))
        if diag.get("edits"):   # the property a fix's finding names, as jgflint reads it
            said.setdefault(name, set()).update(
                "".join(m).encode() for m in SAID.findall(diag["message"]))
    fails = {"safe": [], "unsafe": []}
    fixed = 0
    for name, (what, data) in sorted(cases.items()):
        ids = named(read_sgf(data), edits.get(name, [])) | said.get(name, set())
        for how in ("safe", "unsafe"):
            after = open(os.path.join(dirs[how], name), "rb").read()
            if after == data:
                continue
            fixed += how == "safe"
            why = changed(data, after, ids, how == "unsafe")
            w_in, w_fixed = (os.path.join(dirs[d], name) for d in ("w-in", "w-" + how))
            if not why and os.path.exists(w_in) and os.path.exists(w_fixed):
                # what the conversion cannot read it keeps as GC's text
                why = changed(open(w_in, "rb").read(), open(w_fixed, "rb").read(),
                              ids | {b"GC"} if ids else ids, how == "unsafe")
                why = why and "jgflint's reading: " + why
            if why:
                fails[how].append(f"{what}: {why}")
    print(f"# seed {seed}: {count} cases of {len(files)} files, {fixed} changed by --fix")
    show = int(os.environ.get("SHOW", "15"))
    for n, how in enumerate(("safe", "unsafe"), 1):
        title = f"--fix{' --unsafe-fixes' if how == 'unsafe' else ''} keeps every game of {count} damaged records"
        if fails[how]:
            print(f"not ok {n} - {title}: {len(fails[how])} changed")
            for f in fails[how][:show]:
                print("# " + f.replace("\n", " "))
        else:
            print(f"ok {n} - {title}")
    # A --fix that crashed, or fixed nothing, would keep every game too:
    # both runs end as a check does (0 or 1), and fix a fifth of the cases
    # at least (a third on seeds 1 and 2)
    codes = [r.returncode for r in runs]
    ran = all(c in (0, 1) for c in codes) and fixed * 5 >= count
    title = "--fix and --fix --unsafe-fixes ran, and fixed a fifth of the records at least"
    print(f"{'ok' if ran else 'not ok'} 3 - {title}" +
          ("" if ran else f": exit {codes}, {fixed} of {count} fixed"))
    print("1..3")
    if "--keep" not in argv:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if fails["safe"] or fails["unsafe"] or not ran else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
