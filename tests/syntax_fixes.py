#!/usr/bin/env python3
"""What a check says of JSON syntax --fix would repair is what --fix does
(R148, issue 70): a clean record with seeded JavaScript-style problems
(trailing commas, unquoted keys, single quotes, comments) and sometimes a
problem the repair cannot get past (a leading zero, a missing comma). For
each case: every problem is a json-syntax finding; when the repair makes
the text JSON, each is marked and counted fixable (text's [*] and count,
json's `fixable`/`unsafeFixable` and edits, --statistics' [*] and
`fixable`), safe unless a comment is among them, and --fix writes
exactly the edits of the findings applied together, counting as many,
the record's value unchanged; otherwise none is, and --fix leaves the
file alone.

usage: syntax_fixes.py JGFLINT RECORD DIR CASES SEED; prints one line per
case that breaks a property and exits 1 then."""
import json
import random
import re
import shutil
import subprocess
import sys

TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null|[{}\[\]:,]|\s+')
IDENT = re.compile(r'"[A-Za-z_$][A-Za-z0-9_$]*"')


def tokens(text):
    out, i = [], 0
    while i < len(text):
        m = TOKEN.match(text, i)
        out.append(m.group(0))
        i = m.end()
    return out


def mutate(toks, rnd):
    """The text with problems seeded; (text, repairable problems, whether a
    comment is among them, whether a blocker is)."""
    code = [k for k, t in enumerate(toks) if not t.isspace()]
    nxt = {a: b for a, b in zip(code, code[1:])}
    out, problems, comment = [], 0, False
    blocker = rnd.random() < 0.25
    comments = rnd.random() < 0.5   # else every repair is safe
    dense = rnd.choice([0.003, 0.03, 1])   # from one problem or two to hundreds
    block_at = rnd.choice(code) if blocker else -1
    for k, t in enumerate(toks):
        after = toks[nxt[k]] if k in nxt else ''
        if k == block_at and t not in '{}[]:':
            # a problem the repair does not repair: a leading zero, a
            # missing comma
            out.append('01' if t.startswith('"') or t[0].isdigit() else t + ' 01' if t == ',' else t)
            if out[-1] == t:
                blocker = False
            continue
        if t.startswith('"') and after == ':' and IDENT.fullmatch(t) and rnd.random() < 0.15 * dense:
            out.append(t[1:-1])
            problems += 1
        elif t.startswith('"') and '\\' not in t and "'" not in t and rnd.random() < 0.1 * dense:
            out.append("'" + t[1:-1] + "'")
            problems += 1
        else:
            out.append(t)
        if t not in '{[,:' and after in ('}', ']') and rnd.random() < 0.3 * dense:
            out.append(rnd.choice([',', ' ,', ',\n']))
            problems += 1
        if comments and (t.isspace() or t in ',:{[') and rnd.random() < 0.02 * dense:
            out.append(rnd.choice(['// a note\n', ' /* a note */ ', '\n/* two\nlines */\n']))
            problems += 1
            comment = True
    return ''.join(out), problems, comment, blocker


def run(jgflint, *args):
    p = subprocess.run([jgflint, *args], capture_output=True, text=True)
    return p.stdout + p.stderr


def run_json(jgflint, *args):
    return json.loads(subprocess.run([jgflint, '--format', 'json', *args],
                                     capture_output=True, text=True).stdout)


def check(jgflint, base_value, path, problems, comment, blocker):
    """The properties that fail on path: a list of words."""
    bad = []
    text = open(path, 'rb').read()
    report = run_json(jgflint, path)
    syntax = [d for d in report['diagnostics'] if d['rule'] == 'json-syntax']
    fixable = [d for d in syntax if d['fix']]
    summary = report['summary']
    n = len(fixable)
    if summary['fixable'] + summary['unsafeFixable'] != n:
        bad.append('summary %d+%d, findings with a fix %d' %
                   (summary['fixable'], summary['unsafeFixable'], n))
    if not blocker and (len(syntax) != problems or n != problems):
        bad.append('%d problems seeded, %d found, %d fixable' % (problems, len(syntax), n))
    if n and n != len(syntax):
        bad.append('%d of %d fixable: the repair makes JSON or not' % (n, len(syntax)))
    safety = {d['fix'] for d in fixable}
    if n and safety != {'unsafe' if comment else 'safe'}:
        bad.append('safety %s, comment %s' % (sorted(safety), comment))
    # text: the marks and the count
    out = run(jgflint, path)
    marks = len(re.findall(r': error: \[\*\] .*\[json-syntax\]$', out, re.M))
    counted = re.search(r'^(?:\[\*\] )?(\d+) fixable with', out, re.M)
    if (int(counted.group(1)) if counted else 0) != n or marks != (0 if comment else n):
        bad.append('text: %d marked, counted %s, %d fixable' %
                   (marks, counted.group(1) if counted else 0, n))
    # --statistics
    out = run(jgflint, '--statistics', path)
    line = re.search(r'^ *\d+ +json-syntax +error +(\[.\])? ', out, re.M)
    want = '[*]' if n and not comment else None
    if not line or line.group(1) != want:
        bad.append('--statistics marks json-syntax %s' % (line and line.group(1)))
    stats = run_json(jgflint, '--statistics', path)
    got = [s['fixable'] for s in stats['statistics'] if s['rule'] == 'json-syntax']
    if got != [0 if comment else n]:
        bad.append('--statistics json: fixable %s' % got)
    # --fix: the edits applied together, as many fixed
    edits = sorted((e['byteOffset'], e['byteLength'], e['content'].encode())
                   for d in fixable for e in d['edits'])
    applied, at = b'', 0
    for start, length, content in edits:
        if start < at:
            bad.append('edits overlap')
            break
        applied += text[at:start] + content
        at = start + length
    applied += text[at:]
    for unsafe in (False, True):
        copy = path + '.fixed'
        shutil.copyfile(path, copy)
        out = run(jgflint, '--fix', *(['--unsafe-fixes'] if unsafe else []), copy)
        fixed = re.search(r'fixed (\d+) problems?', out)
        fixed = int(fixed.group(1)) if fixed else 0
        written = open(copy, 'rb').read()
        applies = n and (unsafe or not comment)
        if written != (applied if applies else text) or fixed != (n if applies else 0):
            bad.append('--fix%s: fixed %d, %s' % (' --unsafe-fixes' if unsafe else '', fixed,
                       'the edits applied' if written == applied else 'other bytes'))
        elif applies and json.loads(written) != base_value:
            bad.append('the repaired record has another value')
    return bad


def main():
    jgflint, record, workdir, cases, seed = sys.argv[1:6]
    base = open(record).read()
    base_value = json.loads(base)
    toks = tokens(base)
    assert ''.join(toks) == base
    rnd = random.Random(int(seed))
    failed = repaired = 0
    for case in range(int(cases)):
        text, problems, comment, blocker = mutate(toks, rnd)
        if not problems:
            continue
        path = '%s/case%d.jgf' % (workdir, case)
        with open(path, 'w') as f:
            f.write(text)
        bad = check(jgflint, base_value, path, problems, comment, blocker)
        repaired += not blocker
        if bad:
            failed += 1
            print('case %d (seed %s): %s' % (case, seed, '; '.join(bad)))
    print('%d cases, %d the repair makes JSON, %d wrong' % (int(cases), repaired, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
