#!/usr/bin/env python3
"""The pages of code a run executed, from its callgrind output: a figure
that does not move from run to run (bench/sgfc.sh prints it beside the
resident peak, which does: the kernel maps file pages around each fault,
in folios whose size varies).

Usage: code-pages.py CALLGRIND_OUT [PROGRAM]

Prints the KB of the 4 KB pages that hold the functions callgrind saw run,
by object, and their total on the last line ("total KB"). A function is
found by name in the object's symbol table (nm, else nm -D) and counted
with its size; one callgrind names by its address (0x...) or that the
table lacks counts one page. Callgrind names the object of jgflint's
functions placed by build-aux/hot-text.ld `???`: they are PROGRAM's.
The program's own objects come first."""
import re
import subprocess
import sys


def symbols(path):
    """name -> [(address, size)] of path's functions."""
    table = {}
    for flags in (["-S", "--defined-only"], ["-D", "-S", "--defined-only"]):
        try:
            out = subprocess.run(["nm"] + flags + [path], capture_output=True, text=True).stdout
        except OSError:
            return table
        for line in out.splitlines():
            p = line.split()
            if len(p) == 4 and p[2] in "tTwWiI":
                table.setdefault(p[3].split("@")[0], []).append((int(p[0], 16), int(p[1], 16)))
        if table:
            break
    return table


def main():
    objects, names, run = {}, {}, {}   # object -> set of function names
    current = None
    define = re.compile(r"^(c?ob|c?fn|cfi|cfl|fl|fi|fe)=\((\d+)\)(?: (.*))?$")
    for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
        m = define.match(line.rstrip("\n"))
        if not m:
            continue
        kind, ident, name = m.groups()
        if kind in ("ob", "cob"):
            if name is not None:
                objects[ident] = name
            if kind == "ob":
                current = objects.get(ident, "???")
        elif kind in ("fn", "cfn"):
            if name is not None:
                names[ident] = name
            if kind == "fn":
                run.setdefault(current, set()).add(names[ident].split("'")[0])
    program = sys.argv[2] if len(sys.argv) > 2 else None
    if program and "???" in run:
        run.setdefault(program, set()).update(run.pop("???"))
    total = 0
    for obj in sorted(run, key=lambda o: (o.startswith("/usr") or o.startswith("/lib"), o)):
        table = symbols(obj) if obj.startswith("/") else {}
        pages = set()
        for fn in run[obj]:
            if fn.startswith("0x"):
                pages.add(("a", int(fn, 16) // 4096))
                continue
            spans = table.get(fn.split(":")[-1])
            if not spans:
                pages.add(("n", fn))   # a page of its own: not found
                continue
            for addr, size in spans:
                for page in range(addr // 4096, (addr + max(size, 1) - 1) // 4096 + 1):
                    pages.add(("a", page))
        kb = 4 * len(pages)
        total += kb
        print("%8d KB  %s" % (kb, obj))
    print("%8d KB  total" % total)


if __name__ == "__main__":
    main()
