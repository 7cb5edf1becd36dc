#!/usr/bin/env python3
"""Properties of jgflint on damaged SGF, as a test (the mutation hunts kept).

Records of testdata/ (and with --shared DIR, a longer mode, its SGF too)
suffer the damage real files suffer: a `]`, `[`, `;`, `(` or `)` lost or
doubled, a cut at a byte, a byte turned into a letter, two properties of a
node swapped, an escaped bracket unescaped, line breaks changed, a text
value written in another character set. For every case:
  (a) jgflint neither crashes nor hangs: exit 0, 1 or 2, no sanitizer
      report, within a timeout (check, --convert --to sgf, --fix);
  (b) what it reads it writes: its --to sgf, read by @sabaki/sgf, holds the
      games @sabaki/sgf reads in the input (tests/roundtrip_same.cjs's
      comparison) - or, where the two readers differ, jgflint says so (a
      finding at warning or error); a silent difference is a defect;
  (c) --fix keeps the games and every move (the input read before and
      after, through --to sgf), a second --fix changes nothing, and a check
      of the fixed record finds nothing --fix would fix;
  (d) the exit status of a check is 1 exactly when it finds an error.
Deterministic: a seed, the sorted files, a number of cases; --budget
seconds ends the run early (a prefix of the same cases), saying so.

Usage: sgf_mutations.py JGFLINT TOP_SRCDIR WORKDIR [--seed N] [--cases N]
         [--budget S] [--step K] [--shared DIR] [--keep] [--sabaki DIR]
Prints TAP; exit 1 when a property fails. Failing cases (the first 15 of
each property, SHOW=N in the environment: N) are listed with the
mutation that made them, and kept in WORKDIR with --keep."""
import json
import os
import random
import re
import subprocess
import sys
import time

TIMEOUT = 20
SANITIZER = re.compile(r"Sanitizer|runtime error:|Assertion .* failed|Segmentation fault|core dumped")
PROP_ID = re.compile(rb"[A-Za-z]{1,8}")


def properties(data):
    """(start, end, id, [(value_start, value_end)]) of each property, in
    order, as a plain scan reads them (escapes skipped; no repairs)."""
    out = []
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        if 65 <= c <= 90 or 97 <= c <= 122:
            m = PROP_ID.match(data, i)
            j = m.end()
            while j < n and data[j] in b" \t\r\n":
                j += 1
            values = []
            while j < n and data[j] == 0x5B:
                k = j + 1
                while k < n and data[k] != 0x5D:
                    k += 2 if data[k] == 0x5C else 1
                values.append((j + 1, min(k, n)))
                j = k + 1
                e = j
                while j < n and data[j] in b" \t\r\n":
                    j += 1
                j = e if j >= n or data[j] != 0x5B else j
            if values:
                out.append((i, values[-1][1] + 1, m.group(0), values))
                i = values[-1][1] + 1
            else:
                i = m.end()
        else:
            i += 1
    return out


# Text in another character set: (text, codec, the CA it may carry).
FOREIGN = [
    ("Müller Zoë", "latin-1", "ISO-8859-1"), ("Erdős Pál", "cp1250", "windows-1250"),
    ("Иванов Сергей", "koi8_r", "KOI8-R"), ("Иванов Сергей", "cp1251", "windows-1251"),
    ("李昌镐", "gb2312", "GB2312"), ("이세돌", "euc_kr", "EUC-KR"),
    ("本因坊秀策", "shift_jis", "Shift_JIS"), ("Ayşe Uğur", "cp1254", "windows-1254"),
    ("本因坊秀策", "utf-8", "UTF-8"), ("Dovilė Šimkutė", "cp1257", "windows-1257"),
]
TEXT_IDS = {b"C", b"PB", b"PW", b"GN", b"EV", b"N", b"GC", b"PC", b"WT", b"BT"}


def damaged(data, rng, damage):
    """data after one or two of damage's changes (a third of the records two):
    the names of those made, and the bytes. One loop for every mutation test
    (sgf_mutations.py, fix_mutations.py's SGF and JGF cases)."""
    names = []
    for _ in range(rng.choice([1, 1, 2])):
        m = damage(data, rng)
        if m:
            names.append(m[0])
            data = m[1]
    return names, data


def mutate(data, rng):
    """One piece of damage: (its name, the damaged bytes), or None."""
    kind = rng.choice(["drop", "double", "drop", "double", "cut", "letter", "swap", "unescape",
                       "eol", "charset"])
    n = len(data)
    if kind in ("drop", "double"):
        ch = rng.choice(b"][;()")
        at = [i for i, c in enumerate(data) if c == ch]
        if not at:
            return None
        i = rng.choice(at)
        if kind == "drop":
            return f"drop {chr(ch)}@{i}", data[:i] + data[i + 1:]
        return f"double {chr(ch)}@{i}", data[:i] + bytes([ch]) + data[i:]
    if kind == "cut":
        if n < 2:
            return None
        i = rng.randrange(1, n)
        return f"cut@{i}", data[:i]
    if kind == "letter":
        i = rng.randrange(n)
        c = rng.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return f"letter {chr(c)}@{i}", data[:i] + bytes([c]) + data[i + 1:]
    props = properties(data)
    if kind == "swap":
        # two properties next to each other in a node (blanks between)
        pairs = [(a, b) for a, b in zip(props, props[1:]) if not data[a[1]:b[0]].strip()]
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        return (f"swap {a[2].decode()} {b[2].decode()}@{a[0]}",
                data[:a[0]] + data[b[0]:b[1]] + data[a[1]:b[0]] + data[a[0]:a[1]] + data[b[1]:])
    if kind == "unescape":
        at = [m.start() for m in re.finditer(rb"\\[\]\[]", data)]
        if not at:
            return None
        i = rng.choice(at)
        return f"unescape@{i}", data[:i] + data[i + 1:]
    if kind == "eol":
        how = rng.choice(["crlf", "cr", "lf", "join", "break"])
        if how == "crlf":
            return how, re.sub(rb"\r?\n", b"\r\n", data)
        if how == "cr":
            return how, data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
        if how == "lf":
            return how, data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        at = [i for i, c in enumerate(data) if c == 0x0A]
        if how == "join" and at:
            i = rng.choice(at)
            return f"join@{i}", data[:i] + data[i + 1:]
        i = rng.randrange(n)
        return f"break@{i}", data[:i] + rng.choice([b"\n", b"\r\n", b"\r"]) + data[i:]
    # charset: a text value in another character set, with or without a CA
    # saying which
    text, codec, ca = rng.choice(FOREIGN)
    raw = text.encode(codec)
    texts = [p for p in props if p[2] in TEXT_IDS]
    if texts:
        p = rng.choice(texts)
        vs, ve = p[3][0]
        out = data[:vs] + raw + data[ve:]
    else:
        i = data.find(b";")
        if i < 0:
            return None
        out = data[:i + 1] + b"PB[" + raw + b"]" + data[i + 1:]
    if rng.random() < 0.3:
        i = out.find(b";")
        if i >= 0:
            out = out[:i + 1] + b"CA[" + ca.encode() + b"]" + out[i + 1:]
            return f"charset {codec} with CA", out
    return f"charset {codec}", out


def run(cmd, cwd, stdin=None):
    """(status, stdout, stderr); status None on a timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timeout"


def usage(argv, doc):
    """The usage, not a traceback (REVIEW.md R99): 0 on -h/--help (the usage
    printed), 2 with fewer than the three arguments (on stderr), None to go
    on. fix_mutations.py asks it too."""
    positional, i = 0, 1
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(doc)
            return 0
        positional += not a.startswith("--")
        i += 2 if a.startswith("--") and a != "--keep" else 1   # (an option's value)
    if positional < 3:
        print(doc, file=sys.stderr)
        return 2
    return None


def main(argv):
    code = usage(argv, __doc__)
    if code is not None:
        return code
    opts = {"--seed": "1", "--cases": "300", "--budget": "0", "--step": "1", "--shared": None,
            "--sabaki": None}
    args, keep = [], False
    it = iter(argv[1:])
    for a in it:
        if a in opts:
            opts[a] = next(it)
        elif a == "--keep":
            keep = True
        else:
            args.append(a)
    jgflint, top, work = os.path.abspath(args[0]), os.path.abspath(args[1]), os.path.abspath(args[2])
    seed, count, budget = int(opts["--seed"]), int(opts["--cases"]), float(opts["--budget"])
    step = int(opts["--step"])
    dirs = [os.path.join(top, "testdata")] + ([opts["--shared"]] if opts["--shared"] else [])
    sources = []
    for d in dirs:
        for root, _, files in os.walk(d):
            sources += [os.path.join(root, f) for f in files if f.endswith(".sgf")]
    sources = sorted(s for s in sources if 8 <= os.path.getsize(s) <= 20000)
    rng = random.Random(seed)
    os.makedirs(work, exist_ok=True)

    failures = {"a": [], "b": [], "c": [], "d": []}
    jobs, cases = [], {}
    start = time.monotonic()
    done = 0
    k = 0
    while done < count:
        k += 1
        src = rng.choice(sources)
        data = open(src, "rb").read()
        names, data = damaged(data, rng, mutate)
        if not names or (k - 1) % step:
            continue
        if budget and time.monotonic() - start > budget:
            break
        done += 1
        name = f"c{k:05d}.sgf"
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        what = f"{name}: {os.path.relpath(src, top)}: {', '.join(names)}"
        cases[name] = what

        def crashed(prop, label, status, err):
            if status not in (0, 1, 2) or SANITIZER.search(err):
                failures[prop].append(f"{what}: {label}: exit {status}: {err.strip()[-300:]}")
                return True
            return False

        def write_sgf(record, label, out):
            """--to sgf of record into out; None when it crashed."""
            st, written, err = run([jgflint, "--no-config", "-q", "--convert", "--to", "sgf",
                                    "--sgf-collection", "--stdin-filename", name, "-"], work, record)
            if crashed("a", label, st, err):
                return None
            with open(out, "wb") as f:
                f.write(written)
            return out

        # (a), (d): a check
        st, out, err = run([jgflint, "--no-config", "-f", "json", "--max-findings", "0", name], work)
        if crashed("a", "check", st, err):
            continue
        try:
            diags = json.loads(out)["diagnostics"]
        except ValueError:
            failures["a"].append(f"{what}: check: no JSON report")
            continue
        errors = [d for d in diags if d["severity"] == "error"]
        said = [d for d in diags if d["severity"] in ("error", "warning")]
        if (st == 1) != bool(errors) or st == 2:
            failures["d"].append(f"{what}: exit {st} with {len(errors)} errors: "
                                 + "; ".join(f"{d['rule']}" for d in errors[:3]))
        # (b): what is read is written
        wpath = write_sgf(data, "--convert --to sgf", path + ".written")
        if not wpath:
            continue
        # (c): --fix
        st, fixed, err = run([jgflint, "--no-config", "-q", "--fix", "--stdin-filename", name, "-"], work, data)
        if crashed("a", "--fix", st, err):
            continue
        st2, again, err = run([jgflint, "--no-config", "-q", "--fix", "--stdin-filename", name, "-"], work, fixed)
        if crashed("a", "a second --fix", st2, err):
            continue
        if again != fixed:
            failures["c"].append(f"{what}: a second --fix changes the record")
        fpath = path[:-4] + "-fixed.sgf"
        with open(fpath, "wb") as f:
            f.write(fixed)
        st, out, err = run([jgflint, "--no-config", "-f", "json", "--max-findings", "0", os.path.basename(fpath)],
                           work)
        if not crashed("a", "a check of the fixed record", st, err):
            try:
                left = [d for d in json.loads(out)["diagnostics"] if d["fix"] == "safe"]
            except ValueError:
                left = []
            if left:
                failures["c"].append(f"{what}: fixable after --fix: "
                                     + "; ".join(f"{d['line']}:{d['column']} {d['rule']}" for d in left[:3]))
        fwpath = write_sgf(fixed, "--convert --to sgf of the fixed record", path + ".fixed-written")
        if not fwpath:
            continue
        # Text outside a game tree that is a header or a note (B[aa] before
        # the game, a lone `;`: 7c13582) is sgf-text-outside's info, by
        # design, where @sabaki/sgf reads it as nodes; text outside with a
        # `)` is the nodes of a game whose `(` was lost, and needs a word.
        first = data.find(b"(")
        outside = any(d["rule"] == "sgf-text-outside" for d in diags) and first > 0 and b")" not in data[:first]
        # Games of one file read in sets of their own by detection (a
        # charset-guessed note "game N: ..."): @sabaki/sgf reads a file in
        # one set, the first CA's, so it is no model of them (a CP1251 game
        # before a CA[Shift_JIS] one runs on past its `]` there);
        # tests/charsets.sh judges these choices.
        outside = outside or any(d["rule"] == "charset-guessed" and d["message"].startswith("game ")
                                 for d in diags)
        jobs.append({"id": name, "input": path, "written": wpath, "fixed": fwpath, "outside": outside,
                     "said": [f"{d['line']}:{d['column']} {d['rule']}" for d in said]})

    elapsed = time.monotonic() - start
    sabaki = opts["--sabaki"]
    trees_checked = 0
    if sabaki and jobs:
        # The model reads sgfprops.c's table as the program was built with
        # it (tests/unit/sgf_table, a check program), not a copy of it.
        build = os.environ.get("TOP_BUILDDIR") or os.path.dirname(os.path.abspath(jgflint))
        table = os.path.join(work, "sgf_table.json")
        try:
            with open(table, "wb") as f:
                f.write(subprocess.run([os.path.join(build, "tests", "unit", "sgf_table")],
                                       capture_output=True, check=True).stdout)
            p = subprocess.run(["node", os.path.join(top, "tests", "sgf_mutations_trees.cjs"), sabaki,
                                table], input="".join(json.dumps(j) + "\n" for j in jobs).encode(),
                               capture_output=True, cwd=work)
        except (OSError, subprocess.CalledProcessError) as e:
            p = subprocess.CompletedProcess([], 1, b"", f"tests/unit/sgf_table of {build} (make check "
                                            f"builds it; TOP_BUILDDIR names the build): {e}".encode())
        if p.returncode != 0:
            failures["b"].append("sgf_mutations_trees.cjs failed: " + p.stderr.decode(errors="replace")[-500:])
        said = {j["id"]: j["said"] or j["outside"] for j in jobs}
        # One JSON line a tree: split at "\n" only (str.splitlines also splits
        # at U+0085, U+2028 and \x1c-\x1e, which JSON.stringify leaves bare in
        # a name read as C1 controls)
        for line in filter(None, p.stdout.decode().split("\n")):
            r = json.loads(line)
            what = cases[r["id"]]
            trees_checked += 1
            if r["readable"] and r["differences"] and not said[r["id"]]:
                failures["b"].append(f"{what}: read otherwise, silently: " + "; ".join(r["differences"][:3]))
            if r["games"][0] != r["games"][1]:
                failures["c"].append(f"{what}: --fix makes {r['games'][0]} games {r['games'][1]}")
            if r["lost"]:
                failures["c"].append(f"{what}: --fix loses moves: " + "; ".join(r["lost"][:3]))

    print(f"# seed {seed}: {done} cases of {len(sources)} files in {elapsed:.1f} s"
          + (f" (the budget of {budget:.0f} s ended the run)" if done < count else ""))
    titles = {
        "a": "(a) no crash, hang or abort (exit 0, 1 or 2, no sanitizer report)",
        "b": "(b) --to sgf writes every game @sabaki/sgf reads, or jgflint says where they differ",
        "c": "(c) --fix keeps games and moves, is idempotent and leaves nothing fixable",
        "d": "(d) a check exits 1 exactly when it finds an error",
    }
    n = 0
    for key, title in titles.items():
        n += 1
        if key == "b" and not sabaki:
            print(f"ok {n} # SKIP {title}: no @sabaki/sgf")
            continue
        if key == "b":
            title += f" ({trees_checked} cases)"
        if failures[key]:
            print(f"not ok {n} - {title}: {len(failures[key])} cases")
            for f in failures[key][:int(os.environ.get("SHOW", "15"))]:
                print("# " + f.replace("\n", " "))
        else:
            print(f"ok {n} - {title}")
    print(f"1..{n}")
    if not keep:
        for name in cases:
            for ext in ("", ".written", "-fixed.sgf", ".fixed-written"):
                try:
                    os.remove(os.path.join(work, (name[:-4] if ext == "-fixed.sgf" else name) + ext))
                except OSError:
                    pass
    return 1 if any(failures.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
