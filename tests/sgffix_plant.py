#!/usr/bin/env python3
"""Plants the defects --fix repairs on SGF in a record (issue 50).

Usage: sgffix_plant.py IN WANT PLANTED

WANT gets the record with game information jgflint's fixes write (KM, TM,
DT, RE inserted in the root where it has none) and the last `)` at the
very end; PLANTED the same with each planted defect: those values in
words, every fifth move's B or W spelled Black or White (in FF[4]), the
`;` of every variation after the first left out, properties given twice
in a node of a move (every seventh: TR[aa]CR[cc]TR[bb], which merges to
TR[aa][bb]CR[cc]; every eleventh: C[one]C[two], which merges to one
comment, a blank line between, in the file's line breaks) and the last
`)` left out. --fix of PLANTED must give WANT, byte for byte. Exits 3 when the
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
nl = re.search(rb'\r\n|\r|\n', src)
blank = (nl.group(0) if nl else b'\n') * 2


def node_has(at, ids):
    """Whether the node from rest[at] on (values skipped) has one of ids."""
    k = at
    while k < len(rest) and rest[k:k + 1] not in (b';', b'(', b')'):
        if rest[k:k + 1] == b'[':
            k += 1
            while k < len(rest) and rest[k:k + 1] != b']':
                k += 2 if rest[k:k + 1] == b'\\' else 1
            k += 1
            continue
        m = re.match(rb'[A-Za-z]+', rest[k:])
        if m:
            if m.group(0).upper() in ids:
                return True
            k += len(m.group(0))
            continue
        k += 1
    return False


pending = None
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
        if pending == 'list' and not node_has(i, (b'TR', b'CR')):
            out_w.append(b'TR[aa][bb]CR[cc]'); out_p.append(b'TR[aa]CR[cc]TR[bb]')
        elif pending == 'text' and not node_has(i, (b'C',)):
            out_w.append(b'C[one' + blank + b'two]'); out_p.append(b'C[one]C[two]')
        pending = None
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
        pending = 'list' if moves % 7 == 0 else 'text' if moves % 11 == 0 else None
        i += 2
        continue
    out_w.append(c); out_p.append(c)
    i += 1
want += b''.join(out_w)
planted += b''.join(out_p)
open(sys.argv[2], 'wb').write(want)
open(sys.argv[3], 'wb').write(planted[:-1])
