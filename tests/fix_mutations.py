#!/usr/bin/env python3
"""A safe fix never changes the game (issue 70), as a test.

Records of testdata/ (UTF-8 SGF) suffer seeded damage: sgf_mutations.py's
(a bracket, `;` or parenthesis lost or doubled, a cut, a letter, two
properties swapped, an escape lost, line breaks) and this test's own
(values without a property after a `;`, a `;` inside a node, a property
given twice, an id in lower case). Every case is fixed twice, by --fix
and by --fix --unsafe-fixes (one run of jgflint over all of them each,
so that thousands of cases take seconds), and each fixed record is
compared with the damaged one by two readings:
  - the test's own reader (an SGF reader of its own, below: no repair but
    a value without a property dropped and a value cut at the end);
  - jgflint's reading, its --convert --to sgf of both, read by the same
    reader;
node by node (a node's properties sorted by id, each with its values;
empty nodes none), but for the properties the fixes of the check name
(the property an edit begins in, and those that begin inside it). A safe
fix changes nothing else; an unsafe one may add, but every value of the
damaged record is in the fixed one, in its game's root if it was in one,
or written as a later round's fix writes it (later_found): it may
normalise, never lose or move.

JGF records of testdata/ too (--jgf-cases, half as many as SGF's by
default), damaged (jgf_damage) and fixed both ways, read by Python's JSON
(jgf_read): a fix changes only the members and nodes its edits lie in
(jgf_changed).

Usage: fix_mutations.py JGFLINT TOP_SRCDIR WORKDIR [--seed N] [--cases N]
         [--jgf-cases N] [--shared DIR] [--keep]
Prints TAP; exit 1 when a case changed its game, or --fix crashed or
fixed too few to say anything. The first 15 cases of
each kind (SHOW=N: N) are listed with the damage that made them."""
import difflib
import json
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgf_mutations import damaged, mutate, usage  # noqa: E402  (one set of mutations)

ID = re.compile(rb"[A-Za-z]+")
# The property a finding's message names: "KM[6,5] read as", "the value of
# PB", "property `C`".
SAID = re.compile(r"^([A-Z]{1,2})\[|value of ([A-Z]{1,2})\b|`([A-Z]{1,2})`")
# A `(` whose node has GM or FF starts the next game, its trees closed
# (its `;` lost or not: sgfahead.c's sgf_opens_game), where the trees open
# before it are not closed by `)` before the text's end (trees_close). An
# id is its capitals (FF[3]'s GaMe is GM, a lower-case gm no GM: seed 699
# c01133, REVIEW.md R178).
NEW_GAME = re.compile(rb"\(\s*;?\s*(?:[A-Za-z]+\s*(?:\[(?:[^\]\\]|\\.)*\]\s*)+)*?"
                      rb"[a-z]*(?:G[a-z]*M|F[a-z]*F)[a-z]*\s*\[", re.S)


def trees_close(data, i, depth):
    """Whether the depth trees open before byte i of data are closed by `)`
    before its end (values passed over), as sgfahead.c's sgf_trees_close
    asks: a balanced file's `(;FF[4]` inside a tree is a variation, not a
    game (REVIEW.md R85, seed 175 c00883: the test read two games where
    jgflint and SGFC read one)."""
    n, level = len(data), 0
    while i < n:
        c = data[i]
        if c == 0x5B:
            i += 1
            while i < n and data[i] != 0x5D:
                i += 2 if data[i] == 0x5C else 1
        elif c == 0x28:
            level += 1
        elif c == 0x29:
            level -= 1
            if level <= -depth:
                return True
        i += 1
    return False


def read_sgf(data):
    """The games of data as (nodes, marks): a list of items in the order
    of the text, each a node (a list of (id, [values], start, end) with
    start, end its bytes) or "(" / ")" around a variation of several, and
    "game" before each game. Values keep their escapes. A `(` right after
    a `(`, before any node, is ignored, as jgflint and SGFC ignore it: the
    `)` of `(;GM[1]((;C[a]))` ends the game (seed 699, REVIEW.md R178)."""
    items, stack, node, i, n = [], [], None, 0, len(data)
    fresh = False   # a `(` read and no node since
    while i < n:
        c = data[i]
        if c == 0x28:  # (
            if stack and NEW_GAME.match(data, i) and not trees_close(data, i, len(stack)):
                items += [")"] * (len(stack) - 1)
                stack = []
            elif fresh:
                i += 1
                continue
            fresh = True
            stack.append(0)
            items.append("game" if len(stack) == 1 else "(")
            node = None
            i += 1
        elif c == 0x29:  # )
            fresh = False
            if stack:
                stack.pop()
                if stack:
                    items.append(")")
            node = None
            i += 1
        elif c == 0x3B and stack:  # ;
            fresh = False
            node = []
            items.append(node)
            i += 1
        elif (65 <= c <= 90 or 97 <= c <= 122) and stack:
            fresh = False
            if node is None:  # properties before a node's `;`: its own
                node = []
                items.append(node)
            m = ID.match(data, i)
            word = m.group(0)
            pid = bytes(ch for ch in word if 65 <= ch <= 90) or word.upper()
            j = m.end()
            values, start = [], i
            while True:
                k = j
                while k < n and data[k] in b" \t\r\n":
                    k += 1
                if k >= n or data[k] != 0x5B:
                    break
                k += 1
                v = k
                while k < n and data[k] != 0x5D:
                    k += 2 if data[k] == 0x5C else 1
                values.append(data[v:min(k, n)])
                j = min(k + 1, n)
            if values:
                node.append((pid, values, start, j))
                i = j
            else:
                i = m.end()
        elif c == 0x5B:  # a value without a property: dropped
            k = i + 1
            while k < n and data[k] != 0x5D:
                k += 2 if data[k] == 0x5C else 1
            i = k + 1
        else:
            i += 1
    items += [")"] * max(len(stack) - 1, 0)   # a cut tree: its variations end
    return items


def node_ordinals(items):
    """Each node of a reading (a list item) with its ordinal among the
    nodes that hold a property: an empty node has none (it is no node of
    the game), so that a node emptied or an empty one gone counts alike."""
    out, k = [], 0
    for it in items:
        if isinstance(it, list):
            out.append((k if it else None, it))
            k += bool(it)
    return out


def game_nodes(items):
    """The ordinals (node_ordinals') of each game's nodes in a reading, a
    set a game, in the order of the text."""
    out, nodes = [], iter(node_ordinals(items))
    for it in items:
        if it == "game":
            out.append(set())
        elif isinstance(it, list):
            k, _ = next(nodes)
            if out and k is not None:
                out[-1].add(k)
    return out


def game_props(items):
    """The values of each id each game of a reading holds, a dict a game."""
    out = []
    for it in items:
        if it == "game":
            out.append({})
        elif isinstance(it, list) and out:
            for pid, vals, _, _ in it:
                out[-1].setdefault(pid, []).extend(vals)
    return out


def named(items, edits, said=(), data=b""):
    """What the edits (byte offset, length) of one finding name in a
    reading, as (node, id) pairs (REVIEW.md R11: a property of one node,
    not of every node): the property an edit begins in and those that
    begin inside it, each in its node; and the ids its message says
    (`said`: "read as `B`") in the nodes its edits lie in. An edit in an
    id alone (of data, the bytes read: `w` made `W`) names nothing: a
    spelling fixed changes no value (REVIEW.md R41)."""
    out = set()
    nodes = node_ordinals(items)
    for at, length in edits:
        last, home = None, None
        in_id = False
        for k, it in nodes:
            for pid, _, start, end in it:
                if start <= at < max(end, start + 1) or (at == end and length == 0):
                    last = (k, pid)
                    in_id = length > 0 and start == at and at + length <= ID.match(data, start).end()
                if at < start < at + length:
                    out.add((k, pid))
                if start <= at:
                    home = k
        if in_id:
            continue
        if last:
            out.add(last)
        out.update((home, pid) for pid in said)
    return out


def digest(items, ids):
    """The reading as a list: each node's properties (but those ids names
    in that node) sorted with their values merged (a property given twice
    is one), empty nodes none."""
    out = []
    nodes = iter(node_ordinals(items))
    for it in items:
        if not isinstance(it, list):
            out.append(it)
            continue
        k, _ = next(nodes)
        props = {}
        for pid, values, _, _ in it:
            if (k, pid) not in ids and (None, pid) not in ids:   # None: in every node
                props.setdefault(pid, []).extend(values)
        if props:
            out.append(sorted((key, tuple(v)) for key, v in props.items()))
    return out


def values(d):
    """Every value of a digest with its id, as a sorted list; a point
    list's as its points (points)."""
    return sorted((pid, v) for node in d if isinstance(node, list) for pid, vs in node
                  for v in points(pid, vs))


# The game's information and the root's own properties (sgfprops.c's
# root and game-info kinds): what a game's first node holds for the game.
GAME_INFO = {b"GM", b"FF", b"SZ", b"CA", b"AP", b"ST", b"AN", b"BR", b"BT", b"CP", b"DT", b"EV",
             b"GN", b"GC", b"ON", b"OT", b"PB", b"PC", b"PW", b"RE", b"RO", b"RU", b"SO", b"TM",
             b"US", b"WR", b"WT", b"HA", b"KM"}


def roots(items, ids):
    """Every value of game information (GAME_INFO) in the first node of
    each game of a reading, but those ids name, with its id, as a sorted
    list (a move there may be a variation's first node the reading took
    for a game: `)(;W[dd])` after a game's `(` was lost, written back).
    The first node is the reading's, not a digest's, whose first node
    is the second where ids name all of the first's (seed 126 c01258:
    `(;gM[1]M[1]` LF `;FF[4]...CA[UTF-8]`, M named)."""
    out, first = [], False
    nodes = iter(node_ordinals(items))
    for it in items:
        if it == "game":
            first = True
        elif isinstance(it, list):
            k, _ = next(nodes)
            if first and k is not None:
                out += [(pid, v) for pid, vs, _, _ in it for v in vs if pid in GAME_INFO and
                        (k, pid) not in ids and (None, pid) not in ids]
                first = False
    return sorted(out)


def moves(items, ids):
    """The moves of a reading in the order of the text, but those ids name
    (as digest leaves them out): not of a digest, whose node's properties
    are sorted, so that two moves in one node read B first (seed 462
    c00821, REVIEW.md R143: `;W[gg]HO[1` LF `;DD[]B[ff]`, HO's `]` written
    back before the node of B[ff], W then B where the model read B then
    W)."""
    return [(pid, v) for k, node in node_ordinals(items) for pid, vs, _, _ in node
            if pid in (b"B", b"W") and (k, pid) not in ids and (None, pid) not in ids
            for v in vs]


def changed(before, after, ids, unsafe, later=frozenset()):
    """Why after's reading is not before's (ids may change), or None. An
    unsafe fix's: every value of before but those ids name is after's,
    among all of after's (ids name nodes by their place in before, which
    an unsafe fix that restores a game's nodes moves: seed 4), or is
    written as a later round's fix writes it (later: the values, with their
    ids, of the record with those fixes made, that it did not hold: seed 17
    c01145, a game's `(` written back, then its RE[B+6,5] read and written
    RE[B+6.5]), never lost nor moved."""
    a, b = digest(read_sgf(before), ids), digest(read_sgf(after), ids)
    if a == b:
        return None
    if unsafe:
        b = digest(read_sgf(after), set())
        rest = values(b)
        for pv in values(a):
            if not kept(pv, rest, later) and not says_nothing(pv):
                return f"lost {pv[0].decode()}[{pv[1][:20].decode(errors='replace')}]"
        # the moves keep their order (an unsafe fix may add, not reorder)
        order = iter(moves(read_sgf(after), set()))
        if not all(m in order for m in moves(read_sgf(before), ids)):
            return "the moves are in another order"
        # and a game's root values stay in a root, where they are the
        # game's information (REVIEW.md R66: an unsafe round moved PB and
        # KM into a move's node; found among all of after's values, it
        # passed): a value may come into a root, not leave one
        in_roots = roots(read_sgf(after), set())
        for pv in roots(read_sgf(before), ids):
            if not kept(pv, in_roots, later, tail=False) and not says_nothing(pv):
                return f"{pv[0].decode()}[{pv[1][:20].decode(errors='replace')}] left its game's root"
        return None
    k = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"item {k} of {len(a)}: {str(a[k:k + 1])[:80]} became {str(b[k:k + 1])[:80]}"


# SGF's properties, the ids of sgfprops.c's table (read from the source,
# not copied: what jgflint knows).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "convert",
                       "sgfprops.c"), "rb") as _table:
    PROPERTY_IDS = set(re.findall(rb'^\s*\{ "([A-Z]{1,2})", SGF_T_', _table.read(), re.M))
WORD_ID_MAX = 24   # sgfproperty.c's SGF_WORD_ID


def id_before(v, k):
    """The length of the id before the `[` at v[k] as sgfproperty.c's
    id_before takes it (0: none): the last two capitals, or the last one,
    that are a property of SGF's, after anything (`PB[LeeBR[9d]`,
    `PB[LEEBR[9d]`: REVIEW.md R183); or a word of FF[1-3]'s, a capital,
    letters, two capitals in all, those a property (PlayerWhite)."""
    for n in (2, 1):
        if k >= n and re.fullmatch(rb"[A-Z]+", v[k - n:k]) and v[k - n:k] in PROPERTY_IDS:
            return n
    w, caps = k, b""
    while w and v[w - 1:w].isalpha() and v[w - 1] < 0x80:
        if v[w - 1:w].isupper():
            if len(caps) == 2:
                return 0
            caps = v[w - 1:w] + caps
        w -= 1
    return k - w if (len(caps) == 2 and 2 < k - w <= WORD_ID_MAX and v[w:w + 1].isupper() and
                     caps in PROPERTY_IDS) else 0


def swallowed(v):
    """Where the property that value v swallowed begins (`PB[ ;B[pd]`:
    jgflint's sgf-swallowed-property), the blanks and a `;` before its id
    with it (sgfproperty.c's swallowed_property writes the `]` before
    them): at the first `[` with an id before it (id_before; REVIEW.md
    R182's seed 714 c00783, `JW[qdC[`); None: none."""
    k = v.find(b"[")
    while k >= 0:
        n = id_before(v, k)
        if n:
            j = k - n
            while j and v[j - 1] in b" \t\r\n":
                j -= 1
            if j and v[j - 1] == 0x3B and (j < 2 or v[j - 2] != 0x5C):
                j -= 1
            return j
        k = v.find(b"[", k + 1)
    return None


def says_nothing(pv):
    """Whether value pv (id, value) is a text or game information's that
    is empty or blank: it says nothing, and an unsafe fix that leaves it
    out loses nothing (REVIEW.md R105, seed 291 c01253: EV[]EV[] written
    as GC's paragraph, no EV). Not a move's (B[] is a pass), nor one of a
    property whose empty value means something (KO[], VW[])."""
    return (pv[0] in GAME_INFO or pv[0] in (b"C", b"N")) and pv[0] not in (b"GM", b"FF", b"SZ") \
        and not pv[1].strip()


# A point list's value: a point, or a rectangle by two corners.
BOX = re.compile(rb"([a-zA-Z])([a-zA-Z])(?::([a-zA-Z])([a-zA-Z]))?")
POINT_LISTS = {b"AB", b"AW", b"AE", b"CR", b"DD", b"MA", b"SL", b"SQ", b"TB", b"TR", b"TW", b"VW"}


def points(pid, vs):
    """The values vs of property pid; of a point list whose every value is
    a point or a rectangle, the points they cover, each once (a set: SGF's
    point lists; `dd:dd` is `dd`, REVIEW.md R114's seed 325 c00864, a
    game's `(` written back and its VW[dd:dd] written VW[dd]; seed 435
    c00874, `AB[Ba:za][Aa]` on a 30x20 board written `AB[za][Aa][Ba]`, Aa
    set up once). A point lost is lost (VW[dd:ee] written VW[dd])."""
    boxes = [BOX.fullmatch(v) for v in vs] if pid in POINT_LISTS else [None]
    if not vs or not all(boxes):
        return vs
    at = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = set()
    for m in boxes:
        a, b, c, d = (at.index(x if x is not None else y)
                      for x, y in zip(m.groups(), m.groups()[:2] * 2))
        out |= {at[x:x + 1] + at[y:y + 1] for x in range(min(a, c), max(a, c) + 1)
                for y in range(min(b, d), max(b, d) + 1)}
    return sorted(out)


def text(raw):
    """A value's text: its escapes read, a soft line break (`\\` and a line
    break) taken out."""
    return re.sub(rb"\\(\r\n|\n\r|[\r\n])|\\(.)", lambda m: m.group(2) or b"", raw, flags=re.S)


def paragraphs(gc):
    """The paragraphs of GC's value gc that are a property's, `ID[` and
    each value `][`, `]`: (id, texts) each."""
    return tuple((p[:p.index(b"[")], tuple(p[p.index(b"[") + 1:-1].split(b"][")))
                 for p in re.split(rb"(?:\r\n|\n|\r){2}", text(gc))
                 if re.fullmatch(rb"[A-Z]{1,2}\[.*\]", p, re.S))


def in_paragraph(pv, rest, later):
    """Whether a GC value of rest that a later round writes (later) holds
    pv as a paragraph of its own (paragraphs; REVIEW.md R114, seed 338
    c01083: a game's `(` written back, then its KM[1000目] read and moved
    into GC, `GC[KM[1000目\\]]`), or any GC value of rest does where a
    GC value a later round writes holds it so (R149, seed 555 c01355: the
    later round's GC held `RE[B+6,5\\]` beside KM's paragraph, --fix's
    `RE[B+6.5\\]`, RE normalised by a safe round before): that value of
    the paragraph taken out (rest keeps the paragraphs left as (b"GC", a
    tuple of (id, texts))), so that two values need two."""
    want = text(pv[1])
    said = any(pid == pv[0] and want in texts for w in later if w[0] == b"GC"
               for pid, texts in paragraphs(w[1]))
    for i, w in enumerate(rest):
        if w[0] != b"GC" or not (isinstance(w[1], tuple) or w in later or said):
            continue
        paras = w[1] if isinstance(w[1], tuple) else paragraphs(w[1])
        for k, (pid, texts) in enumerate(paras):
            if pid == pv[0] and want in texts:
                left = list(texts)
                left.remove(want)
                rest[i] = (b"GC", paras[:k] + ((pid, tuple(left)),) + paras[k + 1:])
                return True
    return False


# SGF's Text properties (sgfprops.c's SGF_T_TEXT), which a node that gives
# one twice holds as one value, their texts a blank line apart
# (sgfmerge.c's sgf_merge_kind, as SGFC merges them).
MERGED_TEXT = {b"C", b"GC"}
BLANK_LINE = re.compile(rb"(?:\r\n|\n|\r){2}")


def in_merged(pv, rest):
    """Whether a Text value of rest of pv's id (MERGED_TEXT) holds pv's
    text as paragraphs of its own, in a row: that value given twice in a
    node and merged with another (REVIEW.md R182, seed 714 c00783:
    `JW[qdC[the cut]W[qdC[the cut]`, JW's `]` written back before C, the
    C it freed merged with the C after W's unclosed value, `C[the cut` LF LF
    `the cut]`); those paragraphs taken out of it, so that two values
    need two."""
    if pv[0] not in MERGED_TEXT:
        return False
    want = BLANK_LINE.split(pv[1])
    for i, w in enumerate(rest):
        if w[0] != pv[0]:
            continue
        paras = BLANK_LINE.split(w[1])
        for k in range(len(paras) - len(want) + 1):
            if paras[k:k + len(want)] == want and len(paras) > len(want):
                rest[i] = (w[0], b"\n\n".join(paras[:k] + paras[k + len(want):]))
                return True
    return False


def text_end(raw):
    """raw without the blanks after its text, where a swallowed property's
    fix writes the `]` (sgfproperty.c's swallowed_property: before the
    blanks and `;` before the id), a soft line break (a `\\` no `\\`
    escapes, then a line break) kept as the text's own. Seed 448 c00573
    (REVIEW.md R140): `PW[\\` LF `P` LF `;B[pd]` written `PW[\\` LF `P]` LF
    `;B[pd]`, its text "P" where the model wanted "P "."""
    end = len(raw)
    while end and raw[end - 1] in b" \t\r\n":
        if raw[end - 1] in b"\r\n":
            start = end - 2 if raw[end - 2:end] == b"\r\n" else end - 1
            if (len(raw[:start]) - len(raw[:start].rstrip(b"\\"))) % 2:
                break
        end -= 1
    return raw[:end]


class Later(frozenset):
    """What a later round writes (later_found's): the values, with their
    ids, and renamed: for a value a later round's fix takes out, those the
    same fix writes in its place (a rename: FF[3]'s KO[黒6目半] read as
    komi, KM[6.5])."""

    def __new__(cls, values=(), renamed=None):
        made = super().__new__(cls, values)
        made.renamed = renamed or {}
        return made


def kept(pv, rest, later, tail=True):
    """Whether value pv (id, value) is among rest (a point list's point:
    values), or a value of its id that a later round's fix writes (later)
    is, or one that a later round's fix writes in its place (later's
    renamed: REVIEW.md R147, seed 545 c00259, the nodes after a game's `)`
    written back into it, then their FF[3] KO[黒6目半] renamed KM[6.5]),
    or a paragraph of a GC value a later round writes (in_paragraph), or
    paragraphs of a Text value merged with another (in_merged): that one
    taken out of rest. Or
    pv swallowed a property (swallowed) whose lost `]` an unsafe fix wrote
    back before it (REVIEW.md R102, seed 256 c00741: `PB[ ;B[pd]` written
    `PB[ ];B[pd]`, PB's blank then taken out): its text before the `]` is
    kept as pv's id's (or was blank: it said nothing), and with tail every
    value of the text after it, read as SGF, is among rest."""
    if pv in rest:
        rest.remove(pv)
        return True
    written = next((w for w in rest if (w[0] == pv[0] and w in later) or
                    w in getattr(later, "renamed", {}).get(pv, ())), None)
    if written:
        rest.remove(written)
        return True
    if in_paragraph(pv, rest, later) or in_merged(pv, rest):
        return True
    at = swallowed(pv[1])
    if at is None:
        return False
    head, part = pv[1][:at], pv[1][at:] + b"]"
    head = text_end(head)
    if head.strip() and not kept((pv[0], head), rest, later):
        return False
    part = values(digest(read_sgf(b"(" + (b"" if part[:1] in b";(" else b";") + part + b")"), set()))
    return not tail or all(kept(v, rest, later) for v in part)


def own_damage(data, rng):
    """This test's damage: (its name, the bytes), or None."""
    kind = rng.choice(["stray", "semicolon", "twice", "case"])
    semis = [m.start() for m in re.finditer(rb";", data)]
    props = [(m.start(), m.end()) for m in re.finditer(rb"[A-Z]{1,2}(?:\[(?:[^\]\\]|\\.)*\])+", data, re.S)]
    if kind == "stray" and semis:
        i = rng.choice(semis) + 1
        return f"stray@{i}", data[:i] + rng.choice([b"[aa]", b"[aa][bb];", b"[x]"]) + data[i:]
    if kind == "semicolon" and props:
        a, b = rng.choice(props)
        i = rng.choice([a, b, b])
        return f"semicolon@{i}", data[:i] + b";" + data[i:]
    if kind == "twice" and props:
        a, b = rng.choice(props)
        return f"twice@{a}", data[:b] + data[a:b] + data[b:]
    if kind == "case" and props:
        a, b = rng.choice(props)
        data = data[:a] + data[a:a + 1].lower() + data[a + 1:]
        if SIDE.random() < 0.5:
            return f"case@{a}", data
        # and an empty node with values without a property after it, in
        # one round with the lower case's fix (REVIEW.md R41: w[dd];[cc]
        # gave W[dd][cc]); drawn aside, so that a seed's other cases and
        # its JGF cases are as they were
        stray = SIDE.choice([b";[aa]", b";[aa][bb]", b"\n;[x]"])
        return f"case+stray@{a}", data[:b] + stray + data[b:]
    return None


# The draws of a damage's variants, apart from the seed's own sequence
# (seeded in main).
SIDE = random.Random(0)


def damage(data, rng):
    for _ in range(20):
        m = own_damage(data, rng) if rng.random() < 0.5 else mutate(data, rng)
        if m and not m[0].startswith("charset"):
            return m
    return None


def sources(top, shared):
    out = []
    for root, _, files in (x for d in [os.path.join(top, "testdata")] + ([shared] if shared else [])
                           for x in os.walk(d)):
        for f in files:
            p = os.path.join(root, f)
            if not f.endswith(".sgf") or not 8 <= os.path.getsize(p) <= 20000:
                continue
            data = open(p, "rb").read()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if not data.startswith(b"\xef\xbb\xbf") and b"(" in data:
                out.append(p)
    return sorted(out)


def jgflint(exe, *args, cwd):
    return subprocess.run([exe, "--no-config", *args], cwd=cwd, capture_output=True)


def offers(exe, folder, cwd, *args):
    """The findings of a check of folder, by file: the file's bytes and its
    findings, each (rule, message, whether its fix is offered safe, its
    place as a byte offset or None, its edits as (offset, length, content);
    none where an edit's content is null: words --fix copies as the file's
    bytes, which no text says, REVIEW.md R173, as later_found leaves them)."""
    out = {}
    report = jgflint(exe, "-f", "json", "--max-findings", "0", *args, folder, cwd=cwd).stdout
    for d in json.loads(report)["diagnostics"]:
        name = os.path.basename(d["path"])
        if name not in out:
            out[name] = (open(os.path.join(cwd, folder, name), "rb").read(), [])
        data, found = out[name]
        edits = d.get("edits") or []
        said = all(e["content"] is not None for e in edits)
        found.append((d["rule"], d["message"], d.get("fix") == "safe",
                      at_offset(data, d.get("line"), d.get("column")),
                      [(e["byteOffset"], e["byteLength"], e["content"].encode())
                       for e in edits if said]))
    return out


def at_offset(data, line, column):
    """The byte offset of a finding's line and column (characters, from 1)
    in data, or None for a finding of the whole file."""
    if not line or not column:
        return None
    at = 0
    for _ in range(line - 1):
        at = data.find(b"\n", at) + 1
        if at == 0:
            return len(data)
    text = data[at:].decode("utf-8", errors="replace")
    return at + len(text[:column - 1].encode("utf-8", errors="replace"))


def apply_edits(data, edits):
    """data with the edits (offset, length, content) that overlap none
    before them applied, in order, and those applied as (offset, length,
    length written) for back()."""
    out, at, kept = b"", 0, []
    for start, length, content in sorted(edits):
        if start >= at:
            out, at = out + data[at:start] + content, start + length
            kept.append((start, length, len(content)))
    return out + data[at:], kept


def back(kept, x):
    """An offset x of a text apply_edits made, in the text it was made of
    (x in what an edit wrote: where that edit begins)."""
    delta = 0
    for start, length, written in kept:
        if x < start + delta:
            break
        if x < start + delta + written:
            return start
        delta += written - length
    return x - delta


def places_back(before, after, edits):
    """A function that gives an offset of after (before fixed) in before:
    through the edits offered where they make after (each edit is where it
    was offered: REVIEW.md R80, `;;[aa]C[]` whose first `;` went is not
    `;` `;[aa]` whose second went), else through the bytes alike (difflib's)
    in after and the text they make, then back through them, where that
    text is nearer after than before is (fewer bytes apart: the edits
    offered were made, and a later round changed more; REVIEW.md R126, seed
    378 c00911: `;B[pd];;[aa]` whose first `;` was offered and taken out, a
    later round taking out a `;` further on, and difflib over before took
    the second `;` of `;;` as the one gone), else in after and before."""
    made, kept = apply_edits(before, edits)
    if made == after:
        return lambda x: None if x is None else back(kept, x)

    def apart(ops):
        return sum(i2 - i1 + j2 - j1 for tag, i1, i2, j1, j2 in ops if tag != "equal")
    ops = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    base = before
    if kept:
        ops2 = difflib.SequenceMatcher(None, made, after, autojunk=False).get_opcodes()
        if apart(ops2) < apart(ops):
            ops, base = ops2, made

    def through(x):
        if x is None:
            return None
        at = len(base)
        for tag, i1, _, j1, j2 in ops:
            if j1 <= x < j2:
                at = i1 + (x - j1) if tag == "equal" else i1
                break
        return back(kept, at) if base is made else at
    return through


def offer_kept(cases, before, after, changed):
    """A check offers a safe fix only where --fix writes it (REVIEW.md R26):
    each finding offered is gone after --fix (no more findings alike at its
    place than those not offered there: REVIEW.md R80, a finding alike
    elsewhere is another's, made or uncovered by a fix: `;B[];[x]C[];`'s
    empty C taken out empties `;[x]`), --fix leaves no fix to offer, and
    --fix changes a file only where a fix was offered. The places of the
    file fixed are placed in the file checked by places_back. The cases
    that do not, each said."""
    fails = []
    for name in sorted(cases):
        data, was = before.get(name, (b"", []))
        fixed, now = after.get(name, (b"", []))
        offered = {(r, m, at) for r, m, safe, at, _ in was if safe}
        placed = places_back(data, fixed, [e for _, _, safe, _, edits in was if safe for e in edits]) \
            if offered else None
        now_at = [(r, m, placed(at)) for r, m, _, at, _ in now] if offered else []
        left = [f"{r} {m!r}" for r, m, at in sorted(offered, key=str)
                if now_at.count((r, m, at)) >
                sum((r, m, at) == (r2, m2, at2) and not s for r2, m2, s, at2, _ in was)]
        if left:
            fails.append(f"{cases[name][0]}: offered, left by --fix: {'; '.join(left)}")
        elif any(safe for _, _, safe, _, _ in now):
            fails.append(f"{cases[name][0]}: after --fix, a fix is offered: " +
                         "; ".join(f"{r} {m!r}" for r, m, safe, _, _ in now if safe))
        elif name in changed and not offered:
            fails.append(f"{cases[name][0]}: --fix changed it, no fix was offered")
    return fails


# JGF records (issue 70: JGF fixes held to the same invariant), read by
# the test's own reading: Python's JSON (a trailing comma forgiven, as the
# repair forgives it), the record's members but its tree each a value, its
# tree's nodes in order (a node then its variations' sequences), each but
# its variations a value. A fix may change only what its finding's pointer
# names: a member (a key's case its own: a fix of "Game" names "game"), a
# node (not its variations' nodes), what holds them; nodes may be added
# only beside a named one.

MIGRATIONS = {"v1-record", "nggo-dialect"}


def jgf_damage(data, rng):
    """One damage of a JGF text: (its name, the bytes), or None."""
    kind = rng.choice(["cut", "bracket", "stray", "case", "twice", "v1", "comma"])
    spots = {"cut": [len(data) // 2 + rng.randrange(max(len(data) // 2, 1))],
             "bracket": [m.start() for m in re.finditer(rb"[\]}]", data)],
             "stray": [m.end() for m in re.finditer(rb"[\[{]", data)],
             "case": [m.start() + 1 for m in re.finditer(rb'"[a-z][A-Za-z]*"\s*:', data)],
             "twice": [(m.start(), m.end()) for m in
                       re.finditer(rb'"[A-Za-z]+"\s*:\s*(?:-?[0-9.]+|"[^"\\]*"|true|false|null)\s*,', data)],
             "v1": [m.start() for m in re.finditer(rb'"version"\s*:\s*2', data)],
             "comma": [m.start() for m in re.finditer(rb"[^\s\[{,]\s*[\]}]", data)]}[kind]
    if not spots:
        return None
    at = rng.choice(spots)
    if kind == "cut":
        return f"cut@{at}", data[:at]
    if kind == "bracket":
        return f"bracket@{at}", data[:at] + data[at + 1:]
    if kind == "stray":
        value = rng.choice([b'"x": 1, ', b'1, ', b'"comments": ["x"], ', b'{}, '])
        return f"stray@{at}", data[:at] + value + data[at:]
    if kind == "case":
        return f"case@{at}", data[:at] + data[at:at + 1].upper() + data[at + 1:]
    if kind == "twice":
        a, b = at
        return f"twice@{a}", data[:b] + data[a:b] + data[b:]
    if kind == "v1":
        return f"v1@{at}", re.sub(rb'("version"\s*:\s*)2', rb"\g<1>1", data, count=1)
    return f"comma@{at}", data[:at + 1] + b"," + data[at + 1:]


def no_trailing_comma(data):
    """data without a comma before a `]` or `}` (outside strings)."""
    return re.sub(rb'("(?:[^"\\]|\\.)*")|,(\s*[\]}])', lambda m: m.group(1) or m.group(2), data)


def jgf_read(data):
    """The record data holds, or None when it is no JSON."""
    for text in (data, no_trailing_comma(data)):
        try:
            return json.loads(text)
        except ValueError:
            pass
    return None


def jgf_digest(record):
    """(members, items): the record's members but tree, {pointer: value};
    its tree's nodes and the marks of its sequences, [(pointer, value)]."""
    canon = lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False)  # noqa: E731
    if not isinstance(record, dict):
        return {"": canon(record)}, []
    token = lambda k: k.replace("~", "~0").replace("/", "~1")  # noqa: E731
    members = {"/" + token(k): canon(v) for k, v in record.items() if k != "tree"}
    items = []

    def walk(seq, ptr):
        items.append((None, "<"))
        for i, node in enumerate(seq):
            p = f"{ptr}/{i}"
            items.append((p, canon({k: v for k, v in node.items() if k != "variations"})
                          if isinstance(node, dict) else canon(node)))
            vs = node.get("variations") if isinstance(node, dict) else None
            if isinstance(vs, list):
                for j, v in enumerate(vs):
                    if isinstance(v, list):
                        walk(v, f"{p}/variations/{j}")
        items.append((None, ">"))

    if isinstance(record.get("tree"), list):
        walk(record["tree"], "/tree")
    return members, items



def json_spans(data):
    """Every value of a JSON text (and member, from its key) as (start,
    end, pointer), its bytes; [] when it is no JSON."""
    spans, at = [], [3 if data.startswith(b"\xef\xbb\xbf") else 0]
    string = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
    scalar = re.compile(rb"-?[0-9][0-9.eE+-]*|true|false|null")
    blank = re.compile(rb"\s*")

    def skip():
        at[0] = blank.match(data, at[0]).end()

    def value(ptr):
        skip()
        start, c = at[0], data[at[0]:at[0] + 1]
        if c in (b"{", b"["):
            at[0] += 1
            k = 0
            while True:
                skip()
                if data[at[0]:at[0] + 1] in (b"}", b"]"):
                    at[0] += 1
                    break
                if c == b"{":
                    m = string.match(data, at[0])
                    key = json.loads(m.group(0))
                    at[0] = m.end()
                    skip()
                    at[0] += 1   # :
                    sub = ptr + "/" + key.replace("~", "~0").replace("/", "~1")
                    value(sub)
                    spans.append((m.start(), at[0], sub))
                else:
                    value(f"{ptr}/{k}")
                k += 1
                skip()
                if data[at[0]:at[0] + 1] == b",":
                    at[0] += 1
        else:
            m = (string if c == b'"' else scalar).match(data, at[0])
            at[0] = m.end()
        spans.append((start, at[0], ptr))

    try:
        value("")
    except (AttributeError, ValueError, IndexError):
        return []
    return spans


def edit_pointers(spans, edits):
    """The pointers the edits (byte offset, length) name: the value or
    member each begins in (the innermost), and those that begin inside it."""
    out = set()
    for at, length in edits:
        inner = [(e - s, p) for s, e, p in spans if s <= at < e or (s == at == e)]
        out.add(min(inner)[1] if inner else "")
        out.update(p for s, _, p in spans if at < s < at + length)
    return out

def jgf_named(key, pointers):
    """Whether a finding's pointer names key (a member's or a node's)."""
    def within(a, b):
        return b == a or (b.startswith(a + "/") and not b[len(a) + 1:].startswith("variations/"))
    for p in pointers:
        if p == "" or within(key, p) or within(p, key):
            return True
        # a key's case fixed names the key it becomes
        head = lambda x: x.split("/")[1] if x.count("/") else ""  # noqa: E731
        if p.count("/") and key.count("/") and head(p) != head(key) and \
                head(p).lower() == head(key).lower():
            return True
    return False


def jgf_changed(before, after, pointers):
    """Why after's game is not before's but for what pointers name, or None."""
    a, b = jgf_read(before), jgf_read(after)
    if a is None:
        return None if before == after else "a text that is no JSON was rewritten"
    if b is None:
        return "the fixed text is no JSON"
    (am, ai), (bm, bi) = jgf_digest(a), jgf_digest(b)
    for key in sorted(set(am) | set(bm)):
        if am.get(key) != bm.get(key) and not jgf_named(key, pointers):
            return f"member {key}: {str(am.get(key))[:60]} became {str(bm.get(key))[:60]}"
    if ai != bi and any(p.lower() in ("", "/tree") for p in pointers):
        return None   # the tree is named: all of it may change
    # the nodes aligned (difflib's longest matching runs): each one replaced
    # or gone named, nodes added only beside a named one or named
    ops = difflib.SequenceMatcher(None, [t for _, t in ai], [t for _, t in bi],
                                  autojunk=False).get_opcodes()
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        gone = [k for k, _ in ai[i1:i2] if k is not None]
        for k in gone:
            if not jgf_named(k, pointers):
                text = next(t for x, t in ai[i1:i2] if x == k)
                return f"node {k}: {text[:60]} changed"
        before = next((k for k, _ in reversed(ai[:i1]) if k is not None), None)
        after = next((k for k, _ in ai[i2:] if k is not None), None)
        near = [k for k in [before, after] + [k for k, _ in bi[j1:j2]] if k is not None]
        if not gone and not any(jgf_named(k, pointers) for k in near):
            return f"nodes added or variations marked at item {i1} where no finding is"
    return None


def jgf_sources(top):
    out = []
    for root, _, files in os.walk(os.path.join(top, "testdata")):
        for f in files:
            p = os.path.join(root, f)
            if f.endswith(".jgf") and 8 <= os.path.getsize(p) <= 20000 and \
                    isinstance(jgf_read(open(p, "rb").read()), dict):
                out.append(p)
    return sorted(out)


def jgf_names(diags, folder, pointers):
    """The pointers the findings (of the texts in folder) with edits name,
    added to pointers (by file)."""
    for diag in diags:
        name = os.path.basename(diag["path"])
        if not diag.get("edits"):
            continue
        if diag["rule"] in MIGRATIONS:   # a migration names the whole record
            pointers.setdefault(name, set()).add("")
            continue
        spans = json_spans(open(os.path.join(folder, name), "rb").read())
        pointers.setdefault(name, set()).update(edit_pointers(
            spans, [(e["byteOffset"], e["byteLength"]) for e in diag["edits"]]))


def damaged_cases(files, top, rng, damage, count, pattern):
    """count records of files, each damaged by damage: {name: (what, bytes)},
    named by pattern and the case's number, what naming the source and the
    damages."""
    cases = {}
    for k in range(count):
        src = rng.choice(files)
        data = open(src, "rb").read()
        names, data = damaged(data, rng, damage)
        name = pattern.format(k)
        cases[name] = (f"{name}: {os.path.relpath(src, top)}: {', '.join(names)}", data)
    return cases


def jgf_cases(exe, top, work, rng, count):
    """count damaged JGF records fixed both ways: (fails of --fix, fails of
    --fix --unsafe-fixes, how many --fix changed, the runs' exit codes)."""
    files = jgf_sources(top)
    dirs = {k: os.path.join(work, "jgf-" + k) for k in ("in", "safe", "unsafe", "named")}
    for d in dirs.values():
        os.makedirs(d)
    cases = damaged_cases(files, top, rng, jgf_damage, count, "j{:05d}.jgf")
    for name, (_, data) in cases.items():
        for d in dirs.values():
            with open(os.path.join(d, name), "wb") as f:
                # what names a fix: the findings of the text as the repair
                # of a trailing comma leaves it, which the fixes are made on
                f.write(no_trailing_comma(data) if d.endswith("named") else data)
    report = jgflint(exe, "-f", "json", "--max-findings", "0", "jgf-named", cwd=work).stdout
    runs = [jgflint(exe, "-q", "--fix", "jgf-safe", cwd=work),
            jgflint(exe, "-q", "--fix", "--unsafe-fixes", "jgf-unsafe", cwd=work)]
    pointers = {}
    diags = json.loads(report)["diagnostics"]
    jgf_names(diags, dirs["named"], pointers)
    # an unsafe fix makes findings of its own (a key's case fixed, its
    # members are read): the findings of the text with the unsafe fixes
    # applied (by the test, where they overlap none) name too
    os.makedirs(os.path.join(work, "jgf-named2"))
    for name in cases:
        data = open(os.path.join(dirs["named"], name), "rb").read()
        made, _ = apply_edits(data, [(e["byteOffset"], e["byteLength"], e["content"].encode())
                                     for d in diags if os.path.basename(d["path"]) == name and
                                     d.get("fix") == "unsafe" for e in d.get("edits") or []])
        with open(os.path.join(work, "jgf-named2", name), "wb") as f:
            f.write(made)
    report2 = jgflint(exe, "-f", "json", "--max-findings", "0", "jgf-named2", cwd=work).stdout
    jgf_names(json.loads(report2)["diagnostics"], os.path.join(work, "jgf-named2"), pointers)
    fails = {"safe": [], "unsafe": []}
    fixed, changed_by = 0, set()
    for name, (what, data) in sorted(cases.items()):
        for how in ("safe", "unsafe"):
            after = open(os.path.join(dirs[how], name), "rb").read()
            if after == data:
                continue
            fixed += how == "safe"
            if how == "safe":
                changed_by.add(name)
            why = jgf_changed(data, after, pointers.get(name, []))
            if why:
                fails[how].append(f"{what}: {why}")
    return fails["safe"], fails["unsafe"], fixed, [r.returncode for r in runs], cases, changed_by

def later_found(exe, work, cases, diags, rounds=4):
    """What later rounds of --fix write: each record with the fixes the
    check offers applied by the test (where they overlap none) checked
    again, and the fixes that check offers made, round after round while
    any is offered (up to rounds): {name: Later}, the values, with their
    ids, of the record so fixed that the record did not hold, and what
    each rename wrote in place of what it took out. An unsafe fix restores
    what a reading lost (a game's `(`, a swallowed `]`), and a later round
    fixes what is then read, as a second --fix would (seed 17 c01145: a
    game's `(` written back, its RE[B+6,5] read, then written RE[B+6.5]):
    no finding of the first check names it, and the value it normalises
    may be written so, never lost; where two such fixes overlap, --fix
    makes the second in a round after (REVIEW.md R147, seed 545 c00259:
    KO[黒6目半] renamed KM[6.5], then TE[title] moved into GC)."""
    folder = os.path.join(work, "in-later")
    os.makedirs(folder)
    for name, (_, data) in cases.items():
        edits = [(e["byteOffset"], e["byteLength"], e["content"].encode())
                 for d in diags if os.path.basename(d["path"]) == name and d.get("fix")
                 for e in d.get("edits") or [] if e["content"] is not None]
        with open(os.path.join(folder, name), "wb") as f:
            f.write(apply_edits(data, edits)[0])
    renamed, fixed = {}, set()
    for _ in range(rounds):
        report = jgflint(exe, "-f", "json", "--max-findings", "0", "--extensions", ".sgf", folder,
                         cwd=work).stdout
        edits, edit_diags = {}, {}
        for diag in json.loads(report)["diagnostics"]:
            name = os.path.basename(diag["path"])
            if diag.get("edits") and name in cases:
                made = [(e["byteOffset"], e["byteLength"], e["content"].encode())
                        for e in diag["edits"]
                        if e["content"] is not None]   # (no text: the file's bytes, R131)
                edits.setdefault(name, []).extend(made)
                edit_diags.setdefault(name, []).append(made)
        changed_any = False
        for name, made in edits.items():
            path = os.path.join(folder, name)
            data = open(path, "rb").read()
            fixed.add(name)
            # each fix's own: what it takes out of the record it fixes, and
            # what it writes in place of those (a rename's values; not those
            # it moves into a GC paragraph it writes, nor that GC), a value
            # an earlier rename wrote renamed again standing for its own
            mine = renamed.setdefault(name, {})
            now = set(values(digest(read_sgf(data), set())))
            for diag in edit_diags[name]:
                one = set(values(digest(read_sgf(apply_edits(data, diag)[0]), set())))
                moved = {(pid, t) for w in one - now if w[0] == b"GC"
                         for pid, texts in paragraphs(w[1]) for t in texts}
                new = {w for w in one - now if w[0] != b"GC"}
                for pv in now - one:
                    if (pv[0], text(pv[1])) not in moved:
                        for ws in mine.values():
                            if pv in ws:
                                ws |= new
                        mine.setdefault(pv, set()).update(new)
            after = apply_edits(data, made)[0]
            if after != data:
                changed_any = True
                with open(path, "wb") as f:
                    f.write(after)
        if not changed_any:
            break
    written = {}
    for name in fixed:
        was = values(digest(read_sgf(cases[name][1]), set()))
        data = open(os.path.join(folder, name), "rb").read()
        written[name] = Later(set(values(digest(read_sgf(data), set()))) - set(was),
                              renamed.get(name))
    return written


# FF[3]'s komi, KO[黒6目半], and a later round's rename of it (R147).
KO_VALUE = "黒6目半".encode()
KO_KM = (b"(;FF[3]GM[1]KO[" + KO_VALUE + b"];B[aa])",
         Later({(b"KM", b"6.5")}, {(b"KO", KO_VALUE): {(b"KM", b"6.5")}}))
# KM's and RE's values kept in GC's paragraphs (R149).
KM_RE = b"KM[6.50\\][7\\]\n\nRE[B+6.5\\][x\\]"


# The model's own cases (REVIEW.md R114, seed 325): before, after, what a
# later round writes (later_found's), and whether after loses a value of
# before under --fix --unsafe-fixes. What the model takes as kept is kept
# only so: a real loss beside each stays lost.
MODEL_CASES = [
    (b"(;GM[1]KM[1000\xe7\x9b\xae];B[pd])", b"(;GM[1]GC[KM[1000\xe7\x9b\xae\\]];B[pd])",
     {(b"GC", b"KM[1000\xe7\x9b\xae\\]")}, False),
    (b"(;GM[1]KM[1000];B[pd])", b"(;GM[1];B[pd])", set(), True),
    (b"(;GM[1]KM[1000];B[pd])", b"(;GM[1]GC[KM[999\\]];B[pd])", {(b"GC", b"KM[999\\]")}, True),
    (b"(;GM[1]KM[1000];B[pd])", b"(;GM[1]GC[KM[1000\\]];B[pd])", set(), True),   # not a later round's
    (b"(;GM[1]KM[x])(;GM[1]KM[x])", b"(;GM[1]GC[KM[x\\]])(;GM[1])", {(b"GC", b"KM[x\\]")}, True),
    (b"(;GM[1]KM[x])(;GM[1]KM[x])", b"(;GM[1]GC[KM[x\\]])(;GM[1]GC[KM[x\\]])",
     {(b"GC", b"KM[x\\]")}, False),
    (b"(;GM[1]PB[a][b])", b"(;GM[1]GC[PB[a\\][b\\]])", {(b"GC", b"PB[a\\][b\\]")}, False),
    (b"(;GM[1]PB[a][b])", b"(;GM[1]GC[PB[a\\]])", {(b"GC", b"PB[a\\]")}, True),
    (b"(;GM[1]PB[a][b])", b"(;GM[1]GC[PW[a\\][b\\]])", {(b"GC", b"PW[a\\][b\\]")}, True),
    (b"(;GM[1]KM[a\\]b])", b"(;GM[1]GC[KM[a\\]b\\]])", {(b"GC", b"KM[a\\]b\\]")}, False),
    (b"(;GM[1]VW[dd:dd])", b"(;GM[1]VW[dd])", set(), False),
    (b"(;GM[1]VW[ii:aa])", b"(;GM[1]VW[aa:ii])", set(), False),
    (b"(;GM[1]VW[dd:ee])", b"(;GM[1]VW[dd])", set(), True),
    (b"(;GM[1]VW[dd:dd]VW[dd])", b"(;GM[1]VW[dd])", set(), False),   # dd once: a set
    (b"(;GM[1]VW[dd];VW[dd])", b"(;GM[1]VW[dd])", set(), True),   # each node's own
    (b"(;GM[1]SZ[30:20];AB[Ba:za][Aa])", b"(;GM[1]SZ[30:20];AB[za][Aa][Ba])", set(), False),
    (b"(;GM[1]SZ[30:20];AB[Ba:za][Aa])", b"(;GM[1]SZ[30:20];AB[za][Ba])", set(), True),
    (b"(;GM[1]SZ[30:20];AB[Ba:za])", b"(;GM[1]SZ[30:20];AB[za:Aa])", set(), True),
    (b"(;GM[1]AB[dd:dd];B[dd:dd])", b"(;GM[1]AB[dd];B[dd])", set(), True),   # a move is no list
    # a swallowed property's `]` written before the blanks (R140), not
    # before a soft line break, nor before the text
    (b"(;GM[1]PW[P ;B[pd])", b"(;GM[1]PW[P] ;B[pd])", set(), False),
    (b"(;GM[1]PW[P\\\n;B[pd])", b"(;GM[1]PW[P\\\n];B[pd])", set(), False),
    (b"(;GM[1]PW[P\\\n;B[pd])", b"(;GM[1]PW[P]\n;B[pd])", set(), True),
    (b"(;GM[1]PW[Pa ;B[pd])", b"(;GM[1]PW[P] ;B[pd])", set(), True),
    # two moves of one node in the order of the text (R143)
    (b"(;GM[1];W[gg]B[ff])", b"(;GM[1];W[gg];B[ff])", set(), False),
    (b"(;GM[1];W[gg]B[ff])", b"(;GM[1];B[ff];W[gg])", set(), True),
    # a later round's rename writes a value in place of another (R147):
    # that one, not another, nor none
    (KO_KM[0], b"(;FF[3]GM[1]KM[6.5];B[aa])", KO_KM[1], False),
    (KO_KM[0], b"(;FF[3]GM[1]KM[7];B[aa])", KO_KM[1], True),
    (KO_KM[0], b"(;FF[3]GM[1];B[aa])", KO_KM[1], True),
    (KO_KM[0], b"(;FF[3]GM[1]KM[6.5];B[aa])", Later({(b"KM", b"6.5")}), True),
    # a GC paragraph a later round writes, the others in GC normalised by
    # an earlier round (R149): KM's values each found, or lost
    (b"(;GM[1]KM[6.50][7]RE[B+6.5][x])", b"(;GM[1]KM[6.50]RE[B+6.5]GC[" + KM_RE + b"])",
     {(b"GC", KM_RE.replace(b"6.5\\]", b"6,5\\]"))}, False),
    (b"(;GM[1]KM[6.50][7]RE[B+6.5][x])",
     b"(;GM[1]KM[6.50]RE[B+6.5]GC[" + KM_RE.replace(b"\\][7", b"") + b"])",
     {(b"GC", KM_RE.replace(b"6.5\\]", b"6,5\\]"))}, True),
    (b"(;GM[1]KM[6.50][7]RE[B+6.5][x])", b"(;GM[1]KM[6.50]RE[B+6.5]GC[" + KM_RE + b"])",
     {(b"GC", b"RE[B+6,5\\][x\\]")}, True),
    # a Text given twice in a node is one value, its texts a blank line
    # apart, as jgflint reads it (sgfmerge.c, SGFC's merge; REVIEW.md R182,
    # seed 714 c00783: JW's swallowed C[the cut] freed beside a C[the cut]
    # of the same node): each value one part of it, two values two parts;
    # not a point's nor a name's
    (b"(;GM[1]JW[qdC[the cut]C[the cut])", b"(;GM[1]JW[qd]C[the cut\n\nthe cut])", set(), False),
    (b"(;GM[1]C[a]C[b\n\nc])", b"(;GM[1]C[b\n\nc\n\na])", set(), False),
    (b"(;GM[1]C[a]C[a])", b"(;GM[1]C[a])", set(), True),
    (b"(;GM[1]C[a]C[b])", b"(;GM[1]C[a\n\na])", set(), True),
    (b"(;GM[1]C[a]C[b])", b"(;GM[1]C[ab])", set(), True),
    (b"(;GM[1]C[a]C[b\n\nc])", b"(;GM[1]C[a\n\nb])", set(), True),
    (b"(;GM[1]PB[a]PB[b])", b"(;GM[1]PB[a\n\nb])", set(), True),
    # a property swallowed after a letter (R182: `JW[qdC[`), as jgflint
    # finds it (sgfproperty.c's swallowed_property: PB[LeeBR[9d])
    (b"(;GM[1]PB[LeeBR[9d];B[pd])", b"(;GM[1]PB[Lee]BR[9d];B[pd])", set(), False),
    (b"(;GM[1]PB[LeeBR[9d];B[pd])", b"(;GM[1]PB[Lee];B[pd])", set(), True),
    (b"(;GM[1]PB[LeeBR[9d];B[pd])", b"(;GM[1]BR[9d];B[pd])", set(), True),
    # after a capital too, where its capitals are a property's (R183: a
    # name in capitals, PB[LEEBR[9d]); not where they are none (XY)
    (b"(;GM[1]PB[LEEBR[9d];B[pd])", b"(;GM[1]PB[LEE]BR[9d];B[pd])", set(), False),
    (b"(;GM[1]PB[LEEBR[9d];B[pd])", b"(;GM[1]PB[LEE];B[pd])", set(), True),
    (b"(;GM[1]PB[LeeXY[9d];B[pd])", b"(;GM[1]PB[Lee]XY[9d];B[pd])", set(), True),
]


# And places_back's (REVIEW.md R126): before, the edits offered, after, a
# place of after and where it was in before. `;;` whose first `;` was
# offered: taken out, a later round taking out the `;` of `;)` too, the
# `;` left is before's second; left (the later round's alone), it is
# before's first, the one offered.
PLACES_CASES = [
    (b"(;B[pd];;[aa];\n;)", [(7, 1, b""), (13, 1, b"")], b"(;B[pd];[aa]\n)", 7, 8),
    (b"(;B[pd];;[aa];\n;)", [(7, 1, b""), (13, 1, b"")], b"(;B[pd];;[aa]\n)", 7, 7),
    (b"(;B[pd];;[aa];\n;)", [(7, 1, b""), (13, 1, b"")], b"(;B[pd];[aa]\n;)", 7, 8),
]


# The reader's games as jgflint reads them (REVIEW.md R178), judged as
# --fix is: before, after, and whether after changed a game. Seed 699
# c01133: `((` ignored, so `))` ends the first game, a lower-case `gm` no
# GM; FF[3]'s GaMe is GM. A node or a game's move taken out beside them
# stays a change.
DOUBLE_PAREN = b"(;GM[1]FF[4]SZ[19]((;C[a];C[b]))(;%s[1];[aa]FF[4]SZ[19];B[bb])"
READER_CASES = [
    (DOUBLE_PAREN % b"gm", DOUBLE_PAREN % b"GM", False),
    (DOUBLE_PAREN % b"gm", (DOUBLE_PAREN % b"GM").replace(b";C[b]", b""), True),
    (DOUBLE_PAREN % b"gm", (DOUBLE_PAREN % b"GM").replace(b";B[bb]", b""), True),
    (b"(;GM[1];B[aa](;GaMe[1];B[bb])", b"(;GM[1];B[aa])(;GaMe[1];B[bb])", False),
    (b"(;GM[1];B[aa](;gm[1];B[bb])", b"(;GM[1];B[aa])(;gm[1];B[bb])", True),
]


def model_fails():
    """The MODEL_CASES changed() judges otherwise than they say (the
    READER_CASES too, as --fix's), and the PLACES_CASES places_back
    places otherwise."""
    return [f"{before!r} -> {after!r}: {got or 'kept'}" for before, after, later, lost in MODEL_CASES
            for got in [changed(before, after, set(), True, later)] if (got is not None) != lost] + \
        [f"{before!r} -> {after!r} (--fix): {got or 'kept'}" for before, after, lost in READER_CASES
         for got in [changed(before, after, set(), False)] if (got is not None) != lost] + \
        [f"{after!r} at {x} placed {got} in {before!r}, not {want}"
         for before, edits, after, x, want in PLACES_CASES
         for got in [places_back(before, after, edits)(x)] if got != want]


# The properties that name a record's origin (sgfprops.c's ORIGIN), and HA:
# what makes a dan a professional's or an amateur's in jgflint's reading.
ORIGIN = (b"GN", b"EV", b"PC", b"AN", b"SO", b"CP", b"US", b"TE", b"HA")


def main(argv):
    code = usage(argv, __doc__)
    if code is not None:
        return code
    exe, top, work = (os.path.abspath(a) for a in argv[1:4])
    rest = [a for a in argv[4:] if a != "--keep"]
    opts = dict(zip(rest[::2], rest[1::2]))
    seed, count = int(opts.get("--seed", "1")), int(opts.get("--cases", "1000"))
    rng = random.Random(seed)
    SIDE.seed(seed)
    files = sources(top, opts.get("--shared"))
    shutil.rmtree(work, ignore_errors=True)
    dirs = {k: os.path.join(work, k) for k in ("in", "safe", "unsafe", "w-in", "w-safe", "w-unsafe")}
    for d in dirs.values():
        os.makedirs(d)
    cases = damaged_cases(files, top, rng, damage, count, "c{:05d}.sgf")
    for name, (_, data) in cases.items():
        for d in ("in", "safe", "unsafe"):
            with open(os.path.join(dirs[d], name), "wb") as f:
                f.write(data)
    report = jgflint(exe, "-f", "json", "--max-findings", "0", "--extensions", ".sgf", "in", cwd=work).stdout
    runs = [jgflint(exe, "-q", "--fix", "--extensions", ".sgf", "safe", cwd=work),
            jgflint(exe, "-q", "--fix", "--unsafe-fixes", "--extensions", ".sgf", "unsafe", cwd=work)]
    for d in ("in", "safe", "unsafe"):
        jgflint(exe, "-q", "--convert", "--to", "sgf", "--sgf-collection", "--output", "w-" + d, d,
                cwd=work)
    found = {}
    diags = json.loads(report)["diagnostics"]
    for diag in diags:
        if diag.get("edits"):   # what a fix's finding says it reads (jgflint's words)
            found.setdefault(os.path.basename(diag["path"]), []).append(
                ([(e["byteOffset"], e["byteLength"]) for e in diag["edits"]],
                 {"".join(m).encode() for m in SAID.findall(diag["message"])}))
    written = later_found(exe, work, cases, diags)
    fails = {"safe": [], "unsafe": []}
    fixed, changed_by = 0, set()
    for name, (what, data) in sorted(cases.items()):
        items = read_sgf(data)
        ids = set().union(*(named(items, e, said, data) for e, said in found.get(name, [])))
        for how in ("safe", "unsafe"):
            after = open(os.path.join(dirs[how], name), "rb").read()
            if after == data:
                continue
            fixed += how == "safe"
            if how == "safe":
                changed_by.add(name)
            why = changed(data, after, ids, how == "unsafe", written.get(name, set()))
            w_in, w_fixed = (os.path.join(dirs[d], name) for d in ("w-in", "w-" + how))
            if not why and os.path.exists(w_in) and os.path.exists(w_fixed):
                # what the conversion cannot read it keeps as GC's text; its
                # nodes are not the file's (each id named in every node)
                wide = {(None, pid) for _, pid in ids}
                # a dan is read by what the record says of its origin
                # (rootprops.c's names_pro_body: PC[한국기원] makes WR[3단]
                # 3p): a fix of one reads the ranks otherwise (seed 25
                # c01383: GN's `]` written back before PC, WR 3d became 3p,
                # the file's WR[3단] the same)
                if wide & {(None, pid) for pid in ORIGIN}:
                    wide |= {(None, b"BR"), (None, b"WR")}
                # and a time's words in parentheses as its overtime
                # (TM[5:00:00(5x1:00)] is TM[18000]OT[5x1:00]; seed 59
                # c00811: TM's `]` lost before KO, OT held KO's text)
                if (None, b"TM") in wide:
                    wide.add((None, b"OT"))
                # a size no node of a game holds is the conversion's
                # default (SZ[19]), not a value of the game (seed 28 c00699:
                # `LB[ee:ASZ[9]` cut, SZ inside LB's value; its `]` written
                # back, SZ[9] is read), whether a finding names a property
                # or not (REVIEW.md R63: seed 63 c00865, `(;[aaSZ[9]`, a
                # finding whose words name none); asked of each game, not
                # of the file (seed 85 c00216: FF[4DCA[UTF-8SZ[9] in the
                # first game, SZ[19] in the second), its nodes in both
                # conversions' readings where they hold as many games as
                # the file holds games of Go (GM[1] or none; the others are
                # not converted), else in every node where no game holds one
                w_before, w_after = open(w_in, "rb").read(), open(w_fixed, "rb").read()
                games = [ids for ids in game_props(items)
                         if all(v.strip() == b"1" for v in ids.get(b"GM", []))]
                sizeless = [g for g, ids in enumerate(games) if b"SZ" not in ids]
                size = set()
                for w in (w_before, w_after):
                    nodes = game_nodes(read_sgf(w))
                    if len(nodes) == len(games):
                        size |= {(k, b"SZ") for g in sizeless for k in nodes[g]}
                    elif len(sizeless) == len(games):
                        size.add((None, b"SZ"))
                why = changed(w_before, w_after,
                              wide | {(None, b"GC")} | size if ids else size, how == "unsafe",
                              written.get(name, set()))
                why = why and "jgflint's reading: " + why
            if why:
                fails[how].append(f"{what}: {why}")
    print(f"# seed {seed}: {count} cases of {len(files)} files, {fixed} changed by --fix")
    show = int(os.environ.get("SHOW", "15"))
    for n, how in enumerate(("safe", "unsafe"), 1):
        title = f"--fix{' --unsafe-fixes' if how == 'unsafe' else ''} keeps every game of {count} damaged records"
        if fails[how]:
            print(f"not ok {n} - {title}: {len(fails[how])} changed")
            for f in fails[how][:show]:
                print("# " + f.replace("\n", " "))
        else:
            print(f"ok {n} - {title}")
    # A --fix that crashed, or fixed nothing, would keep every game too:
    # both runs end as a check does (0 or 1), and fix a fifth of the cases
    # at least (a third on seeds 1 and 2)
    codes = [r.returncode for r in runs]
    ran = all(c in (0, 1) for c in codes) and fixed * 5 >= count
    title = "--fix and --fix --unsafe-fixes ran, and fixed a fifth of the records at least"
    print(f"{'ok' if ran else 'not ok'} 3 - {title}" +
          ("" if ran else f": exit {codes}, {fixed} of {count} fixed"))
    offer_fails = offer_kept(cases, offers(exe, "in", work, "--extensions", ".sgf"),
                             offers(exe, "safe", work, "--extensions", ".sgf"), changed_by)
    jcount = int(opts.get("--jgf-cases", str(count // 2)))
    jsafe, junsafe, jfixed, jcodes, jcases, jchanged = jgf_cases(exe, top, work, rng, jcount)
    print(f"# seed {seed}: {jcount} JGF cases, {jfixed} changed by --fix")
    for n, (how, fails_of) in enumerate((("", jsafe), (" --unsafe-fixes", junsafe)), 4):
        title = f"--fix{how} keeps every game of {jcount} damaged JGF records"
        print(f"{'not ok' if fails_of else 'ok'} {n} - {title}" +
              (f": {len(fails_of)} changed" if fails_of else ""))
        for f in fails_of[:show]:
            print("# " + f.replace("\n", " ").encode("utf-8", "replace").decode())
    jran = all(c in (0, 1) for c in jcodes) and jfixed * 5 >= jcount
    print(f"{'ok' if jran else 'not ok'} 6 - JGF: {title.split(' keeps')[0]} ran, and fixed a fifth "
          "of the records at least" + ("" if jran else f": exit {jcodes}, {jfixed} of {jcount} fixed"))
    joffer_fails = offer_kept(jcases, offers(exe, "jgf-in", work), offers(exe, "jgf-safe", work),
                              jchanged)
    for n, (kind, what, fails_of) in enumerate((("SGF", count, offer_fails),
                                                ("JGF", jcount, joffer_fails)), 7):
        title = f"{kind}: of {what} damaged records, a check offers a safe fix only where --fix writes it"
        print(f"{'not ok' if fails_of else 'ok'} {n} - {title}" +
              (f": {len(fails_of)} not" if fails_of else ""))
        for f in fails_of[:show]:
            print("# " + f.replace("\n", " ").encode("utf-8", "replace").decode())
    model = model_fails()
    crafted = len(MODEL_CASES) + len(READER_CASES) + len(PLACES_CASES)
    print(f"{'not ok' if model else 'ok'} 9 - the model calls {crafted} "
          "crafted records as they are" +
          (f": {len(model)} not" if model else ""))
    for f in model[:show]:
        print("# " + f)
    print("1..9")
    if "--keep" not in argv:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if (fails["safe"] or fails["unsafe"] or not ran or jsafe or junsafe or not jran or
                 offer_fails or joffer_fails or model) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
