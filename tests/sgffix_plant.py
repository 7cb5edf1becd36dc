#!/usr/bin/env python3
"""Plants the defects --fix repairs on SGF in a record (issue 50).

Usage: sgffix_plant.py IN WANT PLANTED

WANT gets the record with game information jgflint's fixes write (KM, TM,
DT, RE inserted in the root where it has none) and the last `)` at the
very end; PLANTED the same with each planted defect: those values in
words, every fifth move's B or W spelled Black or White (in FF[4]), the
`;` of every variation after the first left out, and the last `)` left
out. --fix of PLANTED must give WANT, byte for byte. Exits 3 when the
record has no place to plant in (no FF[4] root)."""
import re
import sys

src = open(sys.argv[1], 'rb').read().rstrip()
if not src.endswith(b')') or b'FF[4]' not in src[:400]:
    sys.exit(3)
root = src.index(b'(;') + 2
want, planted = src[:root], src[:root]
info = [(b'KM', b'6.5', b'six and a half'), (b'TM', b'3600', b'1 hour'),
        (b'DT', b'2024-03-01', b'1 Mar 2024'), (b'RE', b'W+3.5', b'White wins by 3.5 points')]
head = src[root:root + 2000]
first_node_end = re.search(rb';|\(', head)
scope = head[:first_node_end.start()] if first_node_end else head
for pid, value, words in info:
    if not re.search(rb'(?<![A-Za-z])' + pid + rb'\[', scope):
        want += pid + b'[' + value + b']'
        planted += pid + b'[' + words + b']'
rest = src[root:]
out_w, out_p = [], []
moves = 0
variations = 0
i = 0
# Walk the rest outside values: plant in ids and in variation starts only.
while i < len(rest):
    c = rest[i:i + 1]
    if c == b'[':
        j = i + 1
        while j < len(rest) and rest[j:j + 1] != b']':
            j += 2 if rest[j:j + 1] == b'\\' else 1
        out_w.append(rest[i:j + 1]); out_p.append(rest[i:j + 1])
        i = j + 1
        continue
    if c == b'(' and rest[i + 1:i + 2] == b';':
        variations += 1
        out_w.append(b'(;')
        # the second variation of a node on: its `;` left out
        out_p.append(b'(' if variations % 2 == 0 and rest[i + 2:i + 3].isalpha() else b'(;')
        i += 2
        continue
    m = re.match(rb';([BW])\[', rest[i:i + 3])
    if m:
        moves += 1
        word = b'Black' if m.group(1) == b'B' else b'White'
        out_w.append(b';' + m.group(1)); out_p.append(b';' + (word if moves % 5 == 0 else m.group(1)))
        i += 2
        continue
    out_w.append(c); out_p.append(c)
    i += 1
want += b''.join(out_w)
planted += b''.join(out_p)
open(sys.argv[2], 'wb').write(want)
open(sys.argv[3], 'wb').write(planted[:-1])
