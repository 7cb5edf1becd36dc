#!/usr/bin/env python3
"""SGFC's numbered messages (docs/sgfc.md), each held to what jgflint does.

Every row of the table gives SGFC's code, what it reports, its example
input, the findings of `jgflint example.sgf` (line:col and rule id), the
exit status of that check, and how jgflint reads the input. This reads the
table, runs each example and compares the findings and the status: a row
that names a finding jgflint no longer gives, or leaves out one it gives,
fails. TAP output.

In an example `\\0` and `\\xHH` stand for a byte (SGFC's examples have no
backslash of their own).
Usage: sgfc_table.py JGFLINT TABLE.md
"""
import os
import re
import subprocess
import sys
import tempfile

FINDING = re.compile(r"^.*?example\.sgf:(?:(\d+:\d+):)? \w+: .* \[([a-z0-9-]+)\]$", re.M)
EXPECTED = re.compile(r"(\d+:\d+|file) `([a-z0-9-]+)`")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def example_bytes(cell):
    m = re.fullmatch(r"`(.*)`", cell)
    if not m:
        return None
    text = m.group(1)
    out = bytearray()
    i = 0
    while i < len(text):
        if text.startswith("\\0", i):
            out.append(0)
            i += 2
        elif re.match(r"\\x[0-9a-fA-F]{2}", text[i:]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += text[i].encode()
            i += 1
    return bytes(out) + b"\n"


def findings(jgflint, data, work):
    """The (line:col, rule id) of each finding of a check of the example."""
    src = os.path.join(work, "example.sgf")
    with open(src, "wb") as f:
        f.write(data)
    run = subprocess.run([jgflint, "--no-config", "--format", "concise", src],
                         capture_output=True, text=True, errors="replace")
    found = set()
    for m in FINDING.finditer(run.stdout):
        found.add((m.group(1) or "file", m.group(2)))
    return found, run.returncode, run.stdout + run.stderr


def main():
    jgflint, table = sys.argv[1], sys.argv[2]
    rows = []
    with open(table, encoding="utf-8") as f:
        for line in f:
            c = cells(line) if line.startswith("| ") else []
            if len(c) == 6 and c[0].isdigit():
                rows.append(c)
    n = 0
    failed = False
    with tempfile.TemporaryDirectory() as work:
        for code, _msg, example, expect, status, _reading in rows:
            data = example_bytes(example)
            if data is None:
                continue   # a message no input brings (options, files)
            want = set(EXPECTED.findall(expect))
            got, rc, text = findings(jgflint, data, work)
            n += 1
            name = f"SGFC {code}: {example}"
            if got == want and str(rc) == status:
                said = ", ".join(f"{p} {i}" for p, i in sorted(got)) or "no finding"
                print(f"ok {n} - {name}: {said}, exit {rc}")
            else:
                failed = True
                print(f"not ok {n} - {name}")
                print(f"# table: {sorted(want)} exit {status}; jgflint: {sorted(got)} exit {rc}")
                for l in text.splitlines():
                    print(f"#   {l}")
    if n < 60:
        n += 1
        failed = True
        print(f"not ok {n} - only {n - 1} examples read from {table}")
    print(f"1..{n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
