#!/usr/bin/env python3
"""SGFC's numbered messages (docs/sgfc.md), each held to what jgflint does.

Every row of the table gives SGFC's code, what it reports, its example
input, the findings jgflint gives for it (the rule ids of `--convert` and of
a check of the record it writes), the exit status of `--convert` and how
jgflint reads the input. This reads the table, runs each
example and compares the set of ids and the status: a row that names an id
jgflint no longer gives, or leaves out one it gives, fails. TAP output.

In an example `\\0` and `\\xHH` stand for a byte (SGFC's examples have no
backslash of their own).
Usage: sgfc_table.py JGFLINT TABLE.md
"""
import os
import re
import subprocess
import sys
import tempfile

ID = re.compile(r" \[([a-z0-9-]+)\]$", re.M)


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
    src = os.path.join(work, "example.sgf")
    out = os.path.join(work, "records")
    with open(src, "wb") as f:
        f.write(data)
    conv = subprocess.run([jgflint, "--convert", "--output", out, src],
                          capture_output=True, text=True, errors="replace")
    ids = set(ID.findall(conv.stdout + conv.stderr))
    records = sorted(os.path.join(out, n) for n in os.listdir(out)) if os.path.isdir(out) else []
    if records:
        check = subprocess.run([jgflint, "--no-config", "--format", "concise"] + records,
                               capture_output=True, text=True, errors="replace")
        ids |= set(ID.findall(check.stdout))
    subprocess.run(["rm", "-rf", out])
    return ids, conv.returncode, conv.stdout + conv.stderr


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
            want = set(re.findall(r"`([a-z0-9-]+)`", expect))
            got, rc, text = findings(jgflint, data, work)
            n += 1
            name = f"SGFC {code}: {example}"
            if got == want and str(rc) == status:
                print(f"ok {n} - {name}: {', '.join(sorted(got)) or 'no finding'}, exit {rc}")
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
