#!/usr/bin/python3
"""A UGZ bomb (issue 47): an LHA -lh5- archive, UGZ's two bytes before it,
of a UGF record whose moves repeat one 16-byte line to SIZE bytes (default
1,000,000,000), made in seconds where lha_lh5.py would take hours: the
header and the first lines compressed as lha_lh5.py compresses them, then
blocks of 65,535 matches of 256 bytes at distance 16 (5 bits each), the
bits of one such block made once and repeated; the CRC-16 of the whole
from the CRC's map over one line raised to their number by squaring.
About 400 times smaller than what it inflates to (1 GB: 2.4 MB), an
archive liblhasa inflates whole, CRC included.

Usage: ugz_bomb.py [--size BYTES] OUT
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lha_lh5  # noqa: E402

LINE = b"AA,B1,123456,0\r\n"   # one move line of 16 bytes: matches at distance 16
HEAD = b"[Header]\r\nVer=UGF3,200\r\nSize=19\r\nHdcp=0,6.50\r\n[Data]\r\n" + LINE * 4
MATCH = (256, len(LINE) - 1)   # (length, distance - 1)


def bitstring(bits):
    return "".join(format(b, "08b") for b in bits.out) + (format(bits.acc, "0%db" % bits.n)
                                                           if bits.n else "")


def block_bits(block):
    bits = lha_lh5.Bits()
    lha_lh5.write_block(bits, block)
    return bitstring(bits)


def crc_table():
    table = []
    for b in range(256):
        c = b
        for _ in range(8):
            c = (c >> 1) ^ 0xA001 if c & 1 else c >> 1
        table.append(c)
    return table


def crc_after_lines(crc, count):
    """The CRC-16 after count more LINEs: the map of one over every state,
    composed with itself by squaring."""
    table = crc_table()
    line = list(range(65536))
    for b in LINE:
        line = [(s >> 8) ^ table[(s ^ b) & 0xFF] for s in line]
    result = list(range(65536))
    while count:
        if count & 1:
            result = [line[s] for s in result]
        line = [line[s] for s in line]
        count >>= 1
    return result[crc]


def main(argv):
    size, args = 1000000000, []
    i = 0
    while i < len(argv):
        if argv[i] == "--size":
            size = int(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 1:
        sys.exit(__doc__)
    matches = max(size - len(HEAD), 0) // MATCH[0]
    full, rest = divmod(matches, 65535)
    text = [block_bits(lha_lh5.tokens(HEAD))]
    if full:
        text.append(block_bits([MATCH] * 65535) * full)
    if rest:
        text.append(block_bits([MATCH] * rest))
    text = "".join(text)
    text += "0" * (-len(text) % 8)
    packed = int(text, 2).to_bytes(len(text) // 8, "big")
    length = len(HEAD) + matches * MATCH[0]
    crc = crc_after_lines(lha_lh5.crc16(HEAD), matches * MATCH[0] // len(LINE))
    with open(args[0], "wb") as f:
        f.write(b"PP" + lha_lh5.archive_of("bomb.ugf", packed, length, crc))


if __name__ == "__main__":
    main(sys.argv[1:])
