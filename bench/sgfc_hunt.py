#!/usr/bin/env python3
"""A differential hunt of jgflint against SGFC on mutated SGF records.

Each seed record (an SGF file SGFC finds no error in) suffers small
mutations a real file suffers (truncation, a bracket or parenthesis lost or
doubled, lower-case identifiers, odd game-information values, NUL bytes, CR
LF...); both checkers read each, and the disagreements are counted:

  silent-error   SGFC gives an Error, jgflint no finding at all
  silent-warning SGFC gives a Warning only, jgflint no finding at all
  unmatched      an SGFC message with no jgflint finding on its line
  false-alarm    SGFC says nothing, jgflint gives an error

Deterministic (a fixed seed and a sorted list of seed files).

  bench/sgfc_hunt.py JGFLINT SGFC-EACH SEED-DIR... [--per N] [--show CLASS]
"""
import os
import random
import re
import subprocess
import sys
import tempfile

SGFC_MSG = re.compile(rb"^(?:Line:(\d+) Col:(\d+) - )?(?:Fatal )?(Error|Warning|error) (\d+)")
SGFC_FILE = re.compile(rb"^(\S+\.sgf): ")
JG_LINE = re.compile(r"^(.*?\.sgf):(?:(\d+):(\d+):)? (error|warning|info): (.*) \[([\w-]+)\]$")

PROP = re.compile(rb"([A-Z]{1,2})\[")


def value_spans(data):
    """(id_start, id, value_start, value_end) of each property value."""
    out = []
    i, n = 0, len(data)
    while i < n:
        m = PROP.search(data, i)
        if not m:
            break
        j = m.end()
        k = j
        while k < n and data[k] != 0x5D:
            k += 2 if data[k] == 0x5C else 1
        out.append((m.start(), m.group(1), j, k))
        i = k + 1
    return out


ODD = {
    b"KM": [b"6,5", b" 6.5", b"6.5 ", b"+6.5", b"6.50", b"", b"abc", b"1e1", b".5", b"5.", b"-0", b"6 1/2", b"7.5pts", b"0.5.5"],
    b"HA": [b"1", b"0", b"-1", b"2.0", b" 2", b"x", b"", b"10", b"361"],
    b"DT": [b"2024-13-01", b"2024-02-30", b"2024-1-5", b"24-01-05", b"2024/01/05", b"2024-01-05,06",
            b"2024-01-05,2024-01-07", b"2024-01,02", b"", b"2024", b"2024-01-05 ", b"05.01.2024", b"1997-04-14,15,05-01"],
    b"RE": [b"B+", b"W+R", b"B+Resign", b"0", b"Draw", b"Void", b"?", b"B+3.5.", b"b+r", b"B+T", b"B+F",
            b"W+ 0.5", b"Jigo", b"", b"B+12 points", b"W+0", b"B+-3", b"B+1e2"],
    b"TM": [b"1h", b"60.5", b"-1", b" 600", b"600s", b"", b"0", b"1:00:00"],
    b"SZ": [b"19:13", b"13:19", b"0", b"1", b"52", b"53", b"9", b"19:19", b"", b"x"],
    b"PL": [b"b", b"X", b"1", b"2", b"", b"White"],
    b"MN": [b"0", b"-1", b"x", b"1.5", b""],
    b"CA": [b"UTF-8", b"foo", b"ISO-8859-1", b"Shift_JIS", b""],
    b"FF": [b"1", b"3", b"5", b"0", b"", b"4 "],
    b"GM": [b"2", b"0", b"", b"1 "],
    b"B": [b"tt", b"zz", b"A", b"aaa", b"a", b"", b"ss", b"Aa"],
    b"W": [b"tt", b"zz", b"A", b"aaa", b"a", b"", b"ss"],
}


def mutations(data, rng):
    """(name, mutated bytes) pairs for one record."""
    out = []
    n = len(data)
    spans = value_spans(data)

    def at(ch):
        return [i for i, c in enumerate(data) if c == ch]

    for ch, label in ((0x5D, "]"), (0x3B, ";"), (0x28, "("), (0x29, ")"), (0x5B, "[")):
        pos = at(ch)
        if pos:
            i = rng.choice(pos)
            out.append((f"drop{label}@{i}", data[:i] + data[i + 1:]))
            i = rng.choice(pos)
            out.append((f"double{label}@{i}", data[:i] + bytes([ch]) + data[i:]))
            i = rng.choice(pos)
            out.append((f"trunc-after{label}@{i}", data[:i + 1]))
    for _ in range(2):
        i = rng.randrange(1, n)
        out.append((f"trunc@{i}", data[:i]))
    rb = at(0x5D)
    if rb:
        i = rng.choice(rb)
        out.append((f"backslash]@{i}", data[:i] + b"\\" + data[i:]))
    if spans:
        s = rng.choice(spans)
        ident = s[1]
        low = bytes(ident).lower()
        out.append((f"lower-id {ident.decode()}", data[:s[0]] + low + data[s[0] + len(ident):]))
        mixed = ident + b"x"
        out.append((f"mixed-id {ident.decode()}", data[:s[0]] + mixed + data[s[0] + len(ident):]))
        out.append((f"nonascii-id {ident.decode()}", data[:s[0]] + ident + b"\xc3\xa9" + data[s[0] + len(ident):]))
        s = rng.choice(spans)
        out.append((f"nul-in-value {s[1].decode()}", data[:s[2]] + b"\0" + data[s[2]:]))
        s = rng.choice(spans)
        # the property repeated in its node
        prop = data[s[0]:s[3] + 1]
        out.append((f"repeat {s[1].decode()}", data[:s[3] + 1] + prop + data[s[3] + 1:]))
        s = rng.choice(spans)
        out.append((f"empty-value {s[1].decode()}", data[:s[2]] + data[s[3]:]))
    semis = at(0x3B)
    if len(semis) > 2:
        i = rng.choice(semis[1:])
        for extra in (b"SZ[13]", b"GM[1]", b"KM[6.5]", b"FF[4]", b"AE[cc]", b"AB[cc]", b"PL[W]", b"MN[5]"):
            out.append((f"insert {extra.decode()} in node@{i}", data[:i + 1] + extra + data[i + 1:]))
        out.append((f"empty-node@{i}", data[:i] + b";" + data[i:]))
    # odd game information values, and board/move values
    for ident, values in ODD.items():
        hits = [s for s in spans if s[1] == ident]
        if hits:
            s = rng.choice(hits)
            v = rng.choice(values)
            out.append((f"{ident.decode()}[{v.decode(errors='replace')}]", data[:s[2]] + v + data[s[3]:]))
        elif ident in (b"KM", b"HA", b"DT", b"RE", b"TM", b"PL", b"CA", b"FF") and semis:
            v = rng.choice(values)
            i = semis[0] + 1
            out.append((f"add {ident.decode()}[{v.decode(errors='replace')}]", data[:i] + ident + b"[" + v + b"]" + data[i:]))
    if b"\r\n" not in data:
        out.append(("crlf", data.replace(b"\n", b"\r\n")))
        out.append(("cr", data.replace(b"\n", b"\r")))
    if semis:
        i = rng.choice(semis)
        out.append((f"nul-between@{i}", data[:i] + b"\0" + data[i:]))
    return out


def run_sgfc(sgfc_each, paths):
    """SGFC's messages for each file: one run each, as a fatal error ends a
    file's output with no line naming it."""
    res = {}
    for p in paths:
        out = subprocess.run([sgfc_each, p], capture_output=True).stdout
        res[p] = []
        for line in out.splitlines():
            m = SGFC_MSG.match(line)
            if m:
                kind = "Error" if m.group(3) == b"error" else m.group(3).decode()
                res[p].append((int(m.group(1) or 0), int(m.group(2) or 0), kind, int(m.group(4)),
                               line.decode(errors="replace")))
    return res


def run_jgflint(jgflint, paths, work):
    res = {p: [] for p in paths}
    out = subprocess.run([jgflint, "--color", "never", "-f", "concise", "--no-config"] + paths if False else
                         [jgflint, "-f", "concise"] + paths, capture_output=True, cwd=work).stdout.decode(errors="replace")
    for line in out.splitlines():
        m = JG_LINE.match(line)
        if m and m.group(1) in res:
            res[m.group(1)].append((int(m.group(2) or 0), int(m.group(3) or 0), m.group(4), m.group(6), line))
    return res


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    per = 0
    show = None
    for i, a in enumerate(argv):
        if a == "--per":
            per = int(argv[i + 1])
        if a == "--show":
            show = argv[i + 1]
    args = [a for a in args if not a.isdigit() and a != show]
    jgflint, sgfc_each, dirs = os.path.abspath(args[0]), args[1], args[2:]
    seeds = []
    for d in dirs:
        for root, _, files in os.walk(d):
            seeds += [os.path.join(root, f) for f in files if f.endswith(".sgf")]
    seeds.sort()
    rng = random.Random(20261127)
    with tempfile.TemporaryDirectory() as work:
        base = run_sgfc(sgfc_each, seeds)
        good = [s for s in seeds if not any(m[2] == "Error" for m in base.get(s, []))]
        cases = []
        for s in good:
            data = open(s, "rb").read()
            if len(data) > 20000 or len(data) < 8:
                continue
            muts = mutations(data, rng)
            if per:
                muts = muts[:per] if len(muts) <= per else rng.sample(muts, per)
            for name, m in muts:
                p = f"c{len(cases):05d}.sgf"
                with open(os.path.join(work, p), "wb") as f:
                    f.write(m)
                cases.append((p, s, name))
        paths = [c[0] for c in cases]
        cwd = os.getcwd()
        os.chdir(work)
        sg, jg = {}, {}
        for k in range(0, len(paths), 200):
            sg.update(run_sgfc(sgfc_each, paths[k:k + 200]))
            jg.update(run_jgflint(jgflint, paths[k:k + 200], work))
        os.chdir(cwd)
        counts = {"silent-error": 0, "silent-warning": 0, "false-alarm": 0, "unmatched": 0,
                  "sgfc-error-jg-no-error": 0}
        by_code = {}
        for p, seed, name in cases:
            s, j = sg[p], jg[p]
            s_err = any(m[2] == "Error" for m in s)
            j_err = any(f[2] == "error" for f in j)
            cls = []
            if s and not j:
                cls.append("silent-error" if s_err else "silent-warning")
            if not s and j_err:
                cls.append("false-alarm")
            if s_err and not j_err:
                cls.append("sgfc-error-jg-no-error")
            lines = {f[0] for f in j}
            for m in s:
                if m[0] and m[0] not in lines and j is not None:
                    key = f"{m[2]} {m[3]}"
                    by_code.setdefault(key, []).append((p, seed, name, m[4]))
                    cls.append("unmatched")
            for c in set(cls):
                counts[c] += 1
            if show and show in cls:
                print(f"== {p} {seed} {name}")
                seen = {}
                for m in s:
                    seen[m[3]] = seen.get(m[3], 0) + 1
                    if seen[m[3]] <= 2:
                        print("  sgfc:", m[4])
                for f in j:
                    print("  jg:  ", f[4].split(":", 1)[1][:200])
                if show:
                    with open(os.path.join(work, p), "rb") as f:
                        d = f.read()
                    print("  data:", d[:300])
        print(f"seeds {len(good)} of {len(seeds)}, cases {len(cases)}")
        for k, v in counts.items():
            print(f"{k}: {v}")
        for k, v in sorted(by_code.items(), key=lambda kv: -len(kv[1])):
            print(f"unmatched {k}: {len(v)}  e.g. {v[0][2]} on {os.path.basename(v[0][1])}: {v[0][3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
