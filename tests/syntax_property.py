#!/usr/bin/env python3
"""One defect, one finding, as a property (issue 36).

From every record given (testdata/'s fixtures and the shared samples)
that is strict JSON, records are made with one defect each: one `"`, `,`,
`:`, `{`, `}`, `[` or `]` removed, or one added, at deterministic places
(spread over the record: at most --per places of each kind a record).
jgflint lints them all in one run (--format json). Each must give:
  - exactly one json-syntax finding (no cascade after the defect);
  - for a removal, a finding whose message names what is missing (the
    character itself, `"` as quotes, `,` as a comma), never before the
    defect's line; for a removed `"`, `,` or `:` on the defect's line or
    the next one's (a string's end is pointed at the end of its line).
  - for a removed `"` that closed a value whose line ends the string
    with certainty, the rest is still checked: the record's other
    findings (any rule outside json-*) are all still reported, and an
    off-board move planted after the defect (a move's x made 99) is
    reported; where the finding says the rest was not checked, nothing
    else is.
Prints TAP and the counts measured; exit 1 when a property fails.

Usage: syntax_property.py JGFLINT WORKDIR [--per N] RECORD|DIR..."""
import collections
import json
import os
import re
import subprocess
import sys

CHARS = '",:{}[]'
# What does not hold yet: (kind, character, check).
TODO = set()
NAMES = {'"': ('`"`', 'quote'), ',': ('`,`', 'comma'), ':': ('`:`',), '{': ('`{`',),
         '}': ('`}`',), '[': ('`[`',), ']': ('`]`',)}


def records(paths):
    for p in paths:
        if os.path.isdir(p):
            for d, _, files in sorted(os.walk(p)):
                for f in sorted(files):
                    if f.endswith('.jgf'):
                        yield os.path.join(d, f)
        elif os.path.exists(p):   # the shared samples are not beside every tree
            yield p


def structure(b):
    """Offsets of each character of CHARS in b that is JSON structure
    (quotes that open or close a string; the rest outside strings)."""
    out = collections.defaultdict(list)
    i, n = 0, len(b)
    while i < n:
        c = chr(b[i])
        if c == '"':
            out['"'].append(i)
            out['outside'].append(i)
            i += 1
            while i < n and b[i] != 0x22:
                i += 2 if b[i] == 0x5C else 1
            if i < n:
                out['"'].append(i)
        elif c in CHARS:
            out[c].append(i)
            out['outside'].append(i)
        i += 1
    return out


def spread(offsets, k):
    """k offsets spread evenly over the list, always the same."""
    if len(offsets) <= k:
        return list(offsets)
    return [offsets[(2 * j + 1) * len(offsets) // (2 * k)] for j in range(k)]


def line_of(b, at):
    """As jgflint counts lines: CR LF, LF and a lone CR each end one."""
    return len(re.findall(rb'\r\n|\r|\n', b[:at])) + 1


def main():
    args = sys.argv[1:]
    jgflint, work = args[0], args[1]
    per = 3
    rest = args[2:]
    if rest[:1] == ['--per']:
        per, rest = int(rest[1]), rest[2:]
    cases = []   # (file, source, kind, char, offset, line)
    sources = 0
    originals = {}
    for src in records(rest):
        with open(src, 'rb') as f:
            b = f.read()
        try:
            json.loads(b.decode('utf-8'))
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if b.startswith(b'\xef\xbb\xbf'):
            continue
        sources += 1
        orig = os.path.join(work, 'o%d.jgf' % sources)
        with open(orig, 'wb') as f:
            f.write(b)
        originals[orig] = src
        where = structure(b)
        for c in CHARS:
            for at in spread(where.get(c, []), per):
                name = os.path.join(work, 'r%d-%d.jgf' % (sources, len(cases)))
                with open(name, 'wb') as f:
                    f.write(b[:at] + b[at + 1:])
                cases.append((name, orig, 'remove', c, at, line_of(b, at)))
                if c != '"':
                    continue
                # The same, with an off-board move planted after it.
                eol = b.find(b'\n', at)
                moves = list(re.finditer(rb'"move": \{ *"color": "(?:black|white)", "x": (\d+)',
                                         b[eol:])) if eol >= 0 else []
                if moves:
                    m = moves[-1]
                    x0, x1 = eol + m.start(1), eol + m.end(1)
                    name = os.path.join(work, 'p%d-%d.jgf' % (sources, len(cases)))
                    with open(name, 'wb') as f:
                        f.write(b[:at] + b[at + 1:x0] + b'99' + b[x1:])
                    cases.append((name, orig, 'planted', c, at, line_of(b, at)))
            # Added outside strings, before a structural character of
            # another kind.
            others = [o for o in where['outside'] if chr(b[o]) != c]
            for at in spread(others, max(1, per // 2)):
                name = os.path.join(work, 'a%d-%d.jgf' % (sources, len(cases)))
                with open(name, 'wb') as f:
                    f.write(b[:at] + c.encode() + b[at:])
                cases.append((name, orig, 'add', c, at, line_of(b, at)))
    files = list(originals) + [c[0] for c in cases]
    found = collections.defaultdict(list)
    for i in range(0, len(files), 2000):
        r = subprocess.run([jgflint, '--no-config', '--format', 'json', '--max-findings', '0']
                           + files[i:i + 2000], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode not in (0, 1):
            print('not ok 1 - jgflint exited %d: %s' % (r.returncode, r.stderr[:500]))
            print('1..1')
            return 1
        for d in json.loads(r.stdout)['diagnostics']:
            found[d['path']].append(d)

    def others(path):
        # (rule, line): a message may quote the string ended at its line's
        # end, which keeps no blanks at its end.
        return sorted((d['rule'], d['line']) for d in found[path]
                      if not d['rule'].startswith('json-'))

    n = failed = 0
    counts = collections.Counter()
    bad = collections.defaultdict(list)
    for name, orig, kind, c, at, line in cases:
        if any(d['rule'] == 'json-syntax' for d in found[orig]):
            continue
        syntax = [d for d in found[name] if d['rule'] == 'json-syntax']
        if kind == 'planted':
            if not any('line break inside the string' in d['message'] for d in syntax):
                continue   # no string ended at its line's end
            counts['planted'] += 1
            unchecked = any('not checked' in d['message'] or
                            'nothing else in the record was checked' in d['message']
                            for d in syntax)
            board = any(d['rule'] == 'off-board' for d in found[name])
            if len(syntax) == 1 and board != unchecked:
                counts['good planted'] += 1
            else:
                bad[kind, c, 'planted'].append('%s at %d (line %d) in %s: %s; %s' % (
                    c, at, line, originals[orig], '; '.join(d['message'][:100] for d in syntax),
                    'off-board reported' if board else 'no off-board finding'))
            continue
        counts['mutations'] += 1
        counts[kind] += 1
        why = None
        if len(syntax) != 1:
            why = 'one', '%d json-syntax findings' % len(syntax)
        elif kind == 'remove':
            d = syntax[0]
            if not any(w in d['message'] for w in NAMES[c]):
                why = 'hint', 'the hint does not name %s' % c
            elif d['line'] < line or (c in '",:' and d['line'] > line + 1):
                why = 'hint', 'at line %d, the defect at line %d' % (d['line'], line)
            elif (c == '"' and 'line break inside the string' in d['message'] and
                  'not checked' not in d['message'] and
                  'nothing else in the record was checked' not in d['message'] and
                  others(name) != others(orig)):
                why = 'rest', 'the rest was not checked as without the defect'
        if why:
            bad[kind, c, why[0]].append('%s %s at %d (line %d) in %s: %s: %s' % (
                kind, c, at, line, originals[orig], why[1],
                '; '.join('%d:%d %s' % (d['line'], d['column'], d['message'][:120])
                          for d in syntax)))
        else:
            counts['good ' + kind] += 1
    checks = [(kind, c, what) for kind in ('remove', 'add') for c in CHARS
              for what in (('one', 'hint') if kind == 'remove' else ('one',))]
    checks.append(('remove', '"', 'rest'))
    checks.append(('planted', '"', 'planted'))
    for kind, c, what in checks:
        n += 1
        b = bad[kind, c, what]
        title = {'one': 'exactly one json-syntax finding',
                 'hint': 'a hint that names it, at the defect or the end of its line',
                 'rest': 'the rest checked as without the defect, or said not to be',
                 'planted': 'an off-board move after it reported, unless the rest is said '
                            'not to be checked'}[what]
        todo = ' # TODO issue 36: not done yet' if (kind, c, what) in TODO else ''
        if b:
            failed += not todo
            print('not ok %d - %s one `%s`: %s: %d records%s' % (n, kind, c, title, len(b), todo))
            for line in b[:5]:
                print('# ' + line)
        else:
            print('ok %d - %s one `%s`: %s%s' % (n, kind, c, title, todo))
    print('# %d records, %d mutations (%d removals, %d additions); exactly one finding, with the '
          'hint and place: %d of %d removals; exactly one finding: %d of %d additions' % (
              sources, counts['mutations'], counts['remove'], counts['add'],
              counts['good remove'], counts['remove'], counts['good add'], counts['add']))
    print('# a removed `"` with an off-board move planted after it: %d of %d as said' % (
        counts['good planted'], counts['planted']))
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
