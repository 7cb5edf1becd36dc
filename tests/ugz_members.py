#!/usr/bin/python3
"""An LHA archive of many UGF records (issue 71: a run over an archive is
bound by its record, not by the archive), UGZ's two bytes before it: first
a record of FIRST moves, then MEMBERS - 1 more of mixed sizes (30, 300 and
3,000 moves in turn), each compressed with -lh5- by lha_lh5.py (a text
given again is compressed once), one level 1 header a file, as lha_lh5.py
writes an archive of one. Prints the largest member's size and the
archive's, in bytes.

Usage: ugz_members.py [--members N] [--first MOVES] OUT
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lha_lh5  # noqa: E402

COLS = "ABCDEFGHIJKLMNOPQRS"
MIXED = (30, 300, 3000)


def ugf(moves):
    out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
    out += ["%s%s,%s1,%d,0" % (COLS[i % 19], COLS[i // 19 % 19], "BW"[i % 2], i + 1)
            for i in range(moves)]
    return ("\r\n".join(out) + "\r\n").encode()


def main(argv):
    members, first, args = 1000, 30000, []
    i = 0
    while i < len(argv):
        if argv[i] in ("--members", "--first") and i + 1 < len(argv):
            v = int(argv[i + 1])
            members, first = (v, first) if argv[i] == "--members" else (members, v)
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 1 or members < 1:
        sys.exit(__doc__)
    packed = {}
    out, largest = [b"PP"], 0
    for k in range(members):
        moves = first if k == 0 else MIXED[(k - 1) % len(MIXED)]
        if moves not in packed:
            data = ugf(moves)
            packed[moves] = (lha_lh5.compress(data), len(data), lha_lh5.crc16(data))
        p, length, crc = packed[moves]
        largest = max(largest, length)
        # archive_of ends each with the archive's end (a zero byte): the
        # last one's alone is kept
        out.append(lha_lh5.archive_of("g%04d.ugf" % (k + 1), p, length, crc)[:-1])
    out.append(b"\x00")
    data = b"".join(out)
    with open(args[0], "wb") as f:
        f.write(data)
    print(largest, len(data))


if __name__ == "__main__":
    main(sys.argv[1:])
