#!/usr/bin/env python3
"""One count of lines and columns (issue 74): every position jgflint gives,
a finding's and a fix's, in SGF and in JGF, counts as base/locate.h says:
a line ends at LF, CR LF or a lone CR; a column is a code point (a tab is
one), and the CR of a CR LF takes none.

Two properties, over every SGF and JGF file of testdata/ (and the shared
samples' SGF when --shared names them) that has LF line ends only:
- the same file with CR LF and with lone CR line ends gets its findings and
  fixes at the same lines and columns (the readers' counts, the places of
  fixes in the bytes, the locator's: any of them counting a CR, or a CR LF
  as two lines, moves them);
- each fix's edit (--format json's byteOffset, byteLength) is at the line
  and column this test counts itself from those bytes, in each of the
  three (a count that disagrees with the bytes the edit writes).
TAP on stdout; exit 1 when a check fails.

Usage: linecol.py JGFLINT TOP_SRCDIR SCRATCH [--shared DIR]
"""
import json
import os
import subprocess
import sys

EOLS = {'lf': b'\n', 'crlf': b'\r\n', 'cr': b'\r'}


def count(data, offset):
    """The line and column of byte offset of data, counted here."""
    line, col, i = 1, 1, 0
    if data.startswith(b'\xef\xbb\xbf'):
        i = 3   # a byte order mark takes no column
    while i < offset:
        c = data[i]
        if c == 0x0A or (c == 0x0D and (i + 1 >= len(data) or data[i + 1] != 0x0A)):
            line, col = line + 1, 1
        elif c != 0x0D and (c & 0xC0) != 0x80:
            col += 1
        i += 1
    return line, col


def utf8(data):
    try:
        data.decode('utf-8')
        return True
    except UnicodeDecodeError:
        return False


def places(binary, paths):
    """Per path, its findings' places and their edits', from one run."""
    out = {p: [] for p in paths}
    run = subprocess.run([binary, '--no-config', '--jobs', '1', '--format', 'json'] + paths,
                         capture_output=True, check=False)
    try:
        found = json.loads(run.stdout)['diagnostics']
    except ValueError:
        print('not ok 1 - jgflint --format json gave no report (exit %d): %s'
              % (run.returncode, run.stderr.decode('utf-8', 'replace')[:500]))
        print('1..1')
        sys.exit(1)
    for d in found:
        edits = tuple((e['line'], e['column'], e['endLine'], e['endColumn'],
                       e.get('byteOffset'), e.get('byteLength'))
                      for e in d.get('edits') or [])
        out[d['path']].append((d['rule'], d.get('line'), d.get('column'), d.get('endLine'),
                               d.get('endColumn'), edits))
    return out


def sources(top, shared):
    found = []
    roots = [os.path.join(top, 'testdata')] + ([shared] if shared else [])
    for root in roots:
        for d, _, fs in os.walk(root):
            for f in fs:
                if f.endswith(('.sgf', '.jgf')):
                    found.append(os.path.join(d, f))
    keep = []
    for p in sorted(found):
        data = open(p, 'rb').read()
        body = data[3:] if data.startswith(b'\xef\xbb\xbf') else data
        # LF line ends only; SGF or JSON text (not UTF-16, not another
        # format named .jgf, whose sniffing reads line ends)
        if b'\n' in data and b'\r' not in data and b'\0' not in data and \
                body.lstrip()[:1] in (b'(', b'{'):
            keep.append((p, data))
    return keep


def main():
    binary, top, scratch = sys.argv[1:4]
    shared = sys.argv[sys.argv.index('--shared') + 1] if '--shared' in sys.argv else None
    files = sources(top, shared)
    got, texts = {}, {}
    for eol, brk in EOLS.items():
        paths = []
        for k, (_, data) in enumerate(files):
            path = os.path.join(scratch, '%s-%d%s' % (eol, k, files[k][0][-4:]))
            with open(path, 'wb') as f:
                f.write(data.replace(b'\n', brk))
            texts[path] = data.replace(b'\n', brk)
            paths.append(path)
        for k in range(0, len(paths), 200):
            got.update(places(binary, paths[k:k + 200]))
    n = failed = 0
    moved, astray, edits = [], [], 0
    for k, (name, _) in enumerate(files):
        rel = os.path.relpath(name, top)
        base = None
        for eol in EOLS:
            path = os.path.join(scratch, '%s-%d%s' % (eol, k, name[-4:]))
            found = sorted(got[path], key=str)
            for f in found:
                for e in f[5]:
                    if e[4] is None or not utf8(texts[path]):
                        continue   # (columns of another set count its characters)
                    edits += 1
                    text = texts[path]
                    want = count(text, e[4]) + count(text, e[4] + e[5])
                    if want != e[:4]:
                        astray.append('%s (%s): %s edit at %d:%d-%d:%d, its bytes at %d:%d-%d:%d'
                                      % (rel, eol, f[0], *e[:4], *want))
            mine = [f[:5] + (tuple(e[:4] for e in f[5]),) for f in found]
            if base is None:
                base = mine
            elif mine != base:
                only = [f for f in mine if f not in base][:2]
                moved.append('%s: with %s line ends %s, with LF %s'
                             % (rel, eol.upper(), only, [f for f in base if f not in mine][:2]))
    for what, bad in (('%d files: the same places with LF, CR LF and lone CR line ends'
                       % len(files), moved),
                      ('%d edits: each at the line and column of its bytes' % edits, astray)):
        n += 1
        if bad or not files or (what.endswith('bytes') and not edits):
            failed += 1
            print('not ok %d - %s' % (n, what))
            for b in bad[:10]:
                print('# ' + b)
        else:
            print('ok %d - %s' % (n, what))
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
