#!/usr/bin/env python3
"""Every finding on an SGF file checked in place lies in the file and
points at what it names (issue 50): over each SGF file given, the library's
findings (tests/unit/api_tool spans) are checked against the text they are
offsets of, which has the file's lines as editors count them (LF, CR LF or
a lone CR): the line and column lie in the text; the byte offsets are those
of the line and column; the span, when there is one, is a property (its
identifier and values) or a value; a finding of the record the game reads
as (a go rule's, or one about the game) is at the property it names; no
message names the record's JSON pointers or fields. TAP output.
Usage: sgf_places.py API_TOOL FILE..."""
import os
import re
import subprocess
import sys
import tempfile

LINE_BREAK = re.compile(rb"\r\n|\r|\n")
# (A value whose `]` was lost ends where it was lost: its span has none.)
PROPERTY = re.compile(r"[A-Za-z]+(\s*\[(\\.|[^\]\\])*\])*(\s*\[(\\.|[^\]\\])*)?", re.S)
VALUE = re.compile(r"\[(\\.|[^\]\\])*\]?", re.S)
# The record's rules, by the property each finding is at.
MOVE, SETUP = ["B", "W"], ["AB", "AW", "AE"]
AT = {"result-komi": ["RE"], "resigner-played-last": ["RE"], "handicap-mismatch": ["HA"],
      "occupied-point": MOVE, "suicide": MOVE, "ko-retake": MOVE, "superko": MOVE,
      "same-color-twice": MOVE, "turn-mismatch": MOVE, "setup-no-effect": SETUP,
      "setup-no-liberties": SETUP, "date-conflict": ["DT"]}
JGF_WORDS = re.compile(r"/tree/|rules\.komi|rules\.handicap|`result`|`turn`|\"pass\": true")


def lines_of(data):
    """The lines of data as editors count them, each without its break."""
    return LINE_BREAK.split(data)


def problems(tool, path):
    raw = open(path, "rb").read()
    with tempfile.NamedTemporaryFile() as t:
        out = subprocess.run([tool, "spans", os.path.basename(path), t.name], stdin=open(path, "rb"),
                             capture_output=True, check=False)
        if out.returncode != 0:
            return ["api_tool exited %d" % out.returncode], 0
        text = open(t.name, "rb").read()
    bad = []
    lines = lines_of(text)
    # The decoded text has the file's lines (UTF-16 has its own breaks).
    if not raw.startswith((b"\xff\xfe", b"\xfe\xff")) and len(lines_of(raw)) != len(lines):
        bad.append("%d lines in the file, %d in the text read" % (len(lines_of(raw)), len(lines)))
    starts = [0]
    for m in LINE_BREAK.finditer(text):
        starts.append(m.end())
    n = 0
    for row in out.stdout.decode("utf-8", "replace").splitlines():
        rule, line, col, eline, ecol, off, eoff, message = row.split("\t", 7)
        line, col, eline, ecol, off, eoff = map(int, (line, col, eline, ecol, off, eoff))
        if not line:
            continue
        n += 1
        where = "%s:%d:%d %s" % (os.path.basename(path), line, col, rule)
        if not 1 <= line <= len(lines):
            bad.append("%s: line %d of %d" % (where, line, len(lines)))
            continue
        chars = lines[line - 1].decode("utf-8", "replace")
        if not 1 <= col <= len(chars) + 1:
            bad.append("%s: column %d of a line of %d characters" % (where, col, len(chars)))
            continue
        at = starts[line - 1] + len(chars[:col - 1].encode("utf-8"))
        if at != off:
            bad.append("%s: offset %d, but %d:%d is byte %d" % (where, off, line, col, at))
            continue
        if JGF_WORDS.search(message):
            bad.append("%s: the record's words in %r" % (where, message))
        if eoff < off or eoff > len(text):
            bad.append("%s: end %d outside %d..%d" % (where, eoff, off, len(text)))
            continue
        span = text[off:eoff].decode("utf-8", "replace")
        if eoff > off:
            eline_at = text.count(b"\n", 0, eoff) + len(re.findall(rb"\r(?!\n)", text[:eoff])) + 1
            ecol_at = len(text[starts[eline_at - 1]:eoff].decode("utf-8", "replace")) + 1
            if (eline, ecol) != (eline_at, ecol_at) and (eline, ecol) != (0, 0):
                bad.append("%s: ends at %d:%d, byte %d is %d:%d" % (where, eline, ecol, eoff,
                                                                 eline_at, ecol_at))
        unclosed = rule == "sgf-unclosed-value"
        if span[:1].isalpha() and not unclosed and not PROPERTY.fullmatch(span):
            bad.append("%s: spans %r, not a property" % (where, span))
        if span[:1] == "[" and not unclosed and not VALUE.fullmatch(span):
            bad.append("%s: spans %r, not a value" % (where, span))
        if rule in AT:
            ident = re.match(r"[A-Z]*", span).group(0)
            if ident not in AT[rule] or not PROPERTY.fullmatch(span):
                bad.append("%s: at %r, not %s" % (where, span, " or ".join(AT[rule])))
    return bad, n


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    print("1..%d" % len(files))
    total = 0
    for i, path in enumerate(files, 1):
        bad, n = problems(tool, path)
        total += n
        if bad:
            print("not ok %d - %s: %d findings" % (i, path, n))
            for b in bad[:10]:
                print("# " + b)
        else:
            print("ok %d - %s: %d findings, each in the file, at what it names" % (i, path, n))
    sys.stderr.write("%d findings checked\n" % total)


main()
