#!/usr/bin/env python3
"""Every decoded value is valid UTF-8 (issue 71), as a property: records
of every reader (SGF, GIB, NGF, UGF) whose names and values hold bytes
0x80-0xFF (with NUL runs, stray brackets, an SGF fragment, escape bytes and
lone CRs among them, as the convert fuzzer's GIB header had), read under
each set the detector guesses (--encoding), and as detected (SGF with and
without CA). One --convert run a set over all the cases: every record it
writes is UTF-8 that parses as JSON, each of its strings (keys too) valid
UTF-8 with no lone surrogate; its --to sgf is UTF-8 too; a check's json
report is UTF-8; nothing is a converter bug; and most records are written
(so that the property is asked of something).

Usage: charsets_utf8.py JGFLINT WORKDIR [--seed N] [--cases N]
Prints TAP (no plan; TAP_START: the number of the first check - 1)."""
import json
import os
import random
import shutil
import subprocess
import sys

# The sets detect.c guesses among (and CP1252, which ISO-8859-1 reads as),
# UTF-8, and none (detected).
SETS = ["ISO-8859-1", "CP1252", "CP1251", "KOI8-R", "GB18030", "CP949", "CP932",
        "BIG5-HKSCS", "EUC-JP", "KOI8-U", "CP866", "ISO-8859-5", "CP1250", "ISO-8859-2",
        "CP1254", "ISO-8859-9", "CP1257", "CP1253", "ISO-8859-7", "CP1255", "CP1256",
        "CP874", "UTF-8", None]


def payload(rnd):
    """A name or value: high bytes, with now and then what broke readers."""
    out = bytearray()
    for _ in range(rnd.randint(1, 12)):
        k = rnd.random()
        if k < 0.6:
            out += bytes(rnd.randint(0x80, 0xFF) for _ in range(rnd.randint(1, 6)))
        elif k < 0.75:
            out += bytes(rnd.choice(b"abcXYZ 019-") for _ in range(rnd.randint(1, 4)))
        elif k < 0.8:
            out += b"\0" * rnd.randint(1, 40)
        elif k < 0.85:
            out += b"(;B[aa]"
        elif k < 0.9:
            out += rnd.choice([b"\x1b$B", b"\x1b(B", b"\r", b"\\"])
        else:
            out += "李昌鎬 Иванов".encode("utf-8")[rnd.randint(0, 5):]
    return bytes(out)


def sgf(rnd, ca):
    p = [payload(rnd).replace(b"]", b"\\]") for _ in range(4)]
    head = b"(;GM[1]FF[4]" + (b"CA[" + ca.encode() + b"]" if ca else b"") + b"SZ[19]"
    return (head + b"PB[" + p[0] + b"]PW[" + p[1] + b"]EV[" + p[2] + b"]\n;B[pd]C[" +
            p[3] + b"];W[dd])\n")


def gib(rnd):
    p = [payload(rnd).replace(b"\\]", b"") for _ in range(3)]
    return (b"\\HS\r\n\\[GIBOKIND=Korea\\]\r\n\\[GAMEWHITENAME=" + p[0] +
            b"\\]\r\n\\[GAMEBLACKNAME=" + p[1] + b"\\]\r\n\\[GAMEPLACE=" + p[2] +
            b"\\]\r\n\\[GAMEGONGJE=65\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n"
            b"127 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 3\r\nSTO 0 3 2 3 3\r\n\\GE\r\n")


def ngf(rnd):
    p = [payload(rnd).replace(b"\n", b" ") for _ in range(3)]
    return (p[2] + b"\n19\n" + p[0] + b"         9DP\n" + p[1] + b"         9DP\n"
            b"www.cyberoro.com\n0\n0\n7\n20170316 [09:37]\n5\nBlack wins by 0.5!\n2\n"
            b"PMABBREER\nPMACWEEEE\n")


def ugf(rnd):
    p = [payload(rnd).replace(b"\n", b" ").replace(b",", b" ") for _ in range(3)]
    return (b"[Header]\r\nVer=UGF3,200\r\nSize=19\r\nCoordinateType=IGS\r\nPlayerB=" +
            p[0] + b",3d,,\r\nPlayerW=" + p[1] + b",2d,,\r\nPlace=" + p[2] +
            b"\r\n[Data]\r\nQD,B1,1,0\r\nDD,W1,2,0\r\n[Figure]\r\n.Text,1\r\n" +
            payload(rnd).replace(b"\n", b" ") + b"\r\n.EndText\r\n")


def valid_strings(v):
    """Whether every string of JSON value v (keys too) is valid UTF-8."""
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return True


def main():
    jgflint, work = sys.argv[1], sys.argv[2]
    seed, cases = 71, 12
    args = sys.argv[3:]
    while args:
        if args[0] == "--seed":
            seed = int(args[1])
        elif args[0] == "--cases":
            cases = int(args[1])
        args = args[2:]
    n = int(os.environ.get("TAP_START", "0"))
    rnd = random.Random(seed)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "out"))
    inputs = []   # (path, CA given)
    for i in range(cases):
        for kind, make in (("gib", gib), ("ngf", ngf), ("ugf", ugf)):
            path = os.path.join(work, "in", "%s%02d.%s" % (kind, i, kind))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "wb").write(make(rnd))
            inputs.append(path)
        for ca in ([None] + [s for s in SETS if s])[i % 6::6]:
            path = os.path.join(work, "in", "sgf%02d-%s.sgf" % (i, ca or "none"))
            open(path, "wb").write(sgf(rnd, ca))
            inputs.append(path)
    bad = {"bug": [], "jgf": [], "sgf": [], "report": []}
    written = expected = 0
    for s in SETS:
        enc = ["--encoding", s] if s else []
        name = s or "detected"
        out = os.path.join(work, "out", name)
        r = subprocess.run([jgflint, "--no-config", "--convert", "--output", out] + enc + inputs,
                           capture_output=True)
        r2 = subprocess.run([jgflint, "--no-config", "--convert", "--to", "sgf", "--output",
                             os.path.join(out, "sgf")] + enc + inputs, capture_output=True)
        r3 = subprocess.run([jgflint, "--no-config", "--format", "json"] + enc + inputs,
                            capture_output=True)
        for run in (r, r2, r3):
            if b"converter bug" in run.stdout + run.stderr or run.returncode > 2:
                bad["bug"].append(name)
        try:
            json.loads(r3.stdout.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            bad["report"].append(name)
        expected += len(inputs)
        for root, _, files in os.walk(out):
            for f in files:
                data = open(os.path.join(root, f), "rb").read()
                if f.endswith(".jgf"):
                    written += 1
                    try:
                        ok = valid_strings(json.loads(data.decode("utf-8")))
                    except (UnicodeDecodeError, ValueError):
                        ok = False
                    if not ok:
                        bad["jgf"].append("%s/%s" % (name, f))
                elif f.endswith(".sgf"):
                    try:
                        data.decode("utf-8")
                    except UnicodeDecodeError:
                        bad["sgf"].append("%s/%s" % (name, f))

    def check(ok, what, detail):
        nonlocal n
        n += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
        if not ok:
            print("# " + " ".join(detail[:12]))

    check(not bad["bug"], "no converter bug under any set (%d sets, %d inputs each)" %
          (len(SETS), len(inputs)), bad["bug"])
    check(not bad["jgf"] and written >= expected * 3 // 4,
          "every record written is UTF-8 JSON, each string valid UTF-8 (%d of %d written)" %
          (written, expected), bad["jgf"] or ["too few written"])
    check(not bad["sgf"], "every --to sgf record is UTF-8", bad["sgf"])
    check(not bad["report"], "every check's json report is UTF-8 JSON", bad["report"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
