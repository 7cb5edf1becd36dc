#!/usr/bin/python3
"""An LHA archive of one file, compressed with -lh5-, as UGZ files are (seed
004: a UGF record in an LHA archive, two bytes before it). Debian has no LHA
compressor outside Java (lhasa, which jgflint reads UGZ with, only
extracts), so the tests make their UGZ files with this one: LZ77 with an
8 KiB window (greedy, hash chains), one block of static Huffman codes
(canonical, at most 16 bits), as LHA's huf.c writes them; a level 1 header,
as the UGZ files of the seed ("PP%D-lh5-"), or of level 0, 2 or 3; CRC-16
(ARC) of the file.

Usage: lha_lh5.py [--prefix BYTES] [--name NAME] [--level 0|1|2|3] IN OUT
  --prefix: bytes written before the archive (UGZ's two: --prefix PP)
  IN, OUT: files ("-": standard input, standard output)
"""
import heapq
import sys

WINDOW = 8192        # -lh5-: offsets below 2^13
MIN_MATCH = 3        # LHA's threshold
MAX_MATCH = 256      # codes 256..509
NC, NT, NP = 510, 19, 14


def crc16(data):
    crc = 0
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


class Bits:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, nbits, value):
        for i in range(nbits - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                self.acc = self.n = 0

    def done(self):
        if self.n:
            self.out.append(self.acc << (8 - self.n))
            self.acc = self.n = 0
        return bytes(self.out)


def lengths(freq, limit=16):
    """Huffman code lengths of freq (at least two symbols get one), none
    over limit: the frequencies are halved until none is."""
    freq = list(freq)
    used = [i for i, f in enumerate(freq) if f]
    while len(used) < 2:   # a code of one symbol is a special case: avoid it
        extra = next(i for i in range(len(freq)) if not freq[i])
        freq[extra] = 1
        used.append(extra)
    while True:
        heap = [(freq[i], i, (i,)) for i in used]
        heapq.heapify(heap)
        depth = [0] * len(freq)
        tie = len(freq)
        while len(heap) > 1:
            fa, _, a = heapq.heappop(heap)
            fb, _, b = heapq.heappop(heap)
            for s in a + b:
                depth[s] += 1
            heapq.heappush(heap, (fa + fb, tie, a + b))
            tie += 1
        if max(depth) <= limit:
            return depth
        freq = [(f + 1) // 2 if f else 0 for f in freq]


def codes(lens):
    """Canonical codes, as LHA's make_code and lhasa's tree give them."""
    count = [0] * 18
    for n in lens:
        count[n] += 1
    count[0] = 0
    start = [0] * 18
    for i in range(1, 17):
        start[i + 1] = (start[i] + count[i]) << 1
    out = [0] * len(lens)
    for s, n in enumerate(lens):
        if n:
            out[s] = start[n]
            start[n] += 1
    return out


def tokens(data):
    """Literals (int) and matches (length, distance - 1), greedy."""
    out, heads, i, n = [], {}, 0, len(data)
    chain = [-1] * n
    while i < n:
        best_len, best_off = 0, 0
        if i + MIN_MATCH <= n:
            key = data[i:i + MIN_MATCH]
            j = heads.get(key, -1)
            tries = 0
            while j >= 0 and i - j <= WINDOW - 1 and tries < 64:
                k = 0
                while k < MAX_MATCH and i + k < n and data[j + k] == data[i + k]:
                    k += 1
                if k > best_len:
                    best_len, best_off = k, i - j - 1
                j = chain[j]
                tries += 1
        step = best_len if best_len >= MIN_MATCH else 1
        if step == 1:
            out.append(data[i])
        else:
            out.append((best_len, best_off))
        for p in range(i, i + step):
            if p + MIN_MATCH <= n:
                key = data[p:p + MIN_MATCH]
                chain[p] = heads.get(key, -1)
                heads[key] = p
        i += step
    return out


def pos_symbol(off):
    return off.bit_length()


def write_pt_len(bits, lens, n, nbit, special):
    while n > 0 and lens[n - 1] == 0:
        n -= 1
    bits.put(nbit, n)
    i = 0
    while i < n:
        k = lens[i]
        i += 1
        if k <= 6:
            bits.put(3, k)
        else:
            bits.put(k - 3, ((1 << (k - 3)) - 1) << 1 & ((1 << (k - 3)) - 1))
        if i == special:
            while i < 6 and lens[i] == 0:
                i += 1
            bits.put(2, i - 3)


def c_len_runs(c_len):
    """The c table's lengths as the temp table's symbols (with their extra bits)."""
    n = NC
    while n > 0 and c_len[n - 1] == 0:
        n -= 1
    out, i = [], 0
    while i < n:
        k = c_len[i]
        i += 1
        if k == 0:
            count = 1
            while i < n and c_len[i] == 0:
                i += 1
                count += 1
            if count <= 2:
                out += [(0, None)] * count
            elif count <= 18:
                out.append((1, (4, count - 3)))
            elif count == 19:
                out += [(0, None), (1, (4, 15))]
            else:
                out.append((2, (9, count - 20)))
        else:
            out.append((k + 2, None))
    return n, out


def write_block(bits, block):
    """One block of at most 65535 codes (literals and matches), its
    Huffman tables first."""
    cf, pf = [0] * NC, [0] * NP
    for t in block:
        if isinstance(t, int):
            cf[t] += 1
        else:
            cf[256 + t[0] - MIN_MATCH] += 1
            pf[pos_symbol(t[1])] += 1
    c_len = lengths(cf)
    c_code = codes(c_len)
    p_len = lengths(pf)
    p_code = codes(p_len)
    n, runs = c_len_runs(c_len)
    tf = [0] * NT
    for s, _ in runs:
        tf[s] += 1
    t_len = lengths(tf)
    t_code = codes(t_len)
    bits.put(16, len(block))
    write_pt_len(bits, t_len, NT, 5, 3)
    bits.put(9, n)
    for s, extra in runs:
        bits.put(t_len[s], t_code[s])
        if extra:
            bits.put(*extra)
    write_pt_len(bits, p_len, NP, 4, -1)
    for t in block:
        if isinstance(t, int):
            bits.put(c_len[t], c_code[t])
        else:
            c = 256 + t[0] - MIN_MATCH
            bits.put(c_len[c], c_code[c])
            p = pos_symbol(t[1])
            bits.put(p_len[p], p_code[p])
            if p > 1:
                bits.put(p - 1, t[1] & ((1 << (p - 1)) - 1))


def compress(data):
    toks = tokens(data)
    bits = Bits()
    # Blocks of at most 65535 codes.
    for at in range(0, max(len(toks), 1), 65535):
        write_block(bits, toks[at:at + 65535])
    return bits.done()


def archive_of(name, packed, length, crc, level=1, os9=False, commons=1, method=b"-lh5-"):
    """The archive of one file of length bytes (CRC-16 crc) packed so; of
    level 2, os9: as LHA for OS-9/68k writes it; of level 2 or 3, commons:
    how many common headers (each after the name, the CRC in the last);
    method: the header's (another's than -lh5- only for a file whose data
    is never read)."""
    name = name.encode()
    time = (0x5A21 << 16) | 0x6000   # 2025-01-01 12:00, MS-DOS
    le = lambda v, n: v.to_bytes(n, "little")
    if level == 0:
        body = (method + le(len(packed), 4) + le(length, 4) + le(time, 4) + b"\x20\x00" +
                bytes([len(name)]) + name + le(crc, 2))
    elif level == 1:
        # OS 'U', no extended header (its size 0, counted in the packed size)
        body = (method + le(len(packed) + 0, 4) + le(length, 4) + le(time, 4) +
                b"\x20\x01" + bytes([len(name)]) + name + le(crc, 2) + b"U" + le(0, 2))
    else:
        # level 2, as LHa for UNIX writes it: its whole size in two bytes
        # (OS-9's: the size less two), a Unix time, the OS ('U'; OS-9's
        # 'K'), then extended headers (each its size first): the common
        # one (type 0, the CRC-16 of the header's bytes, with its own read
        # as 0), the file's name (1), a size 0 the last. Level 3: the word
        # size (4) in two bytes first, as level 2 to the OS, then the
        # header's whole size in four bytes and the extended headers each
        # with four bytes of size.
        w = 2 if level == 2 else 4
        ext = lambda kind, body: le(w + 1 + len(body), w) + bytes([kind]) + body
        exts = ext(0, b"\0\0") + ext(1, name) + ext(0, b"\0\0") * (commons - 1)
        size = (24 if level == 2 else 28) + len(exts) + w
        head = bytearray((le(size - 2 if os9 else size, 2) if level == 2 else le(4, 2)) +
                         method + le(len(packed), 4) + le(length, 4) + le(1735732800, 4) +
                         b"\x20" + bytes([level]) + le(crc, 2) + (b"K" if os9 else b"U") +
                         (b"" if level == 2 else le(size, 4)) + exts + le(0, w))
        at = size - w - (w + 3 if commons > 1 else len(exts)) + w + 1
        head[at:at + 2] = le(crc16(head), 2)
        return bytes(head) + packed + b"\x00"
    head = bytes([len(body), sum(body) & 0xFF]) + body
    return head + packed + b"\x00"


def archive(name, data, level=1, os9=False, commons=1):
    return archive_of(name, compress(data), len(data), crc16(data), level, os9, commons)


def main(argv):
    prefix, name, level, args = b"", None, 1, []
    i = 0
    while i < len(argv):
        if argv[i] == "--prefix":
            prefix = argv[i + 1].encode("latin-1")
            i += 2
        elif argv[i] == "--name":
            name = argv[i + 1]
            i += 2
        elif argv[i] == "--level":
            level = int(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 2:
        sys.exit(__doc__)
    src, dst = args
    data = sys.stdin.buffer.read() if src == "-" else open(src, "rb").read()
    if name is None:
        name = "stdin.ugf" if src == "-" else src.rsplit("/", 1)[-1]
    out = prefix + archive(name, data, level)
    if dst == "-":
        sys.stdout.buffer.write(out)
    else:
        with open(dst, "wb") as f:
            f.write(out)


if __name__ == "__main__":
    main(sys.argv[1:])
