#!/usr/bin/env python3
"""A fix never makes a record worse, as a property (issue 27).

Around every fixable finding of the records given (testdata/'s fixtures,
the shared samples), records are generated with the keys beside it (in
its object and the one above), the keys its fix writes, and the elements
beside it in an array on its way (a player, a node), present in other
types: a string, an array, an object, null. For each record and each of --fix and --fix --unsafe-fixes,
the fixed record must have:
  - no more errors of any rule outside the go category than before (the
    contract --fix states: a repaired line lets the replay see further);
  - no more duplicate keys than before (counted by the JSON reader here,
    not by jgflint);
  - every value it had, except those a fix targets: each scalar (string,
    number, boolean) outside the bytes the fixes of its findings edit,
    counted with its repeats, is still somewhere in the fixed record.
jgflint runs a handful of times over all records at once (lint, each fix,
lint again). Variants beyond --max are sampled deterministically (by a
hash of what they are); a sanitizer build checks every --step-th.

Usage: fix_property.py JGFLINT WORKDIR [--max N] [--step K] RECORD|DIR...
Prints TAP; exit 1 when a property fails."""
import collections
import hashlib
import json
import os
import subprocess
import sys

OTHER_TYPES = [("string", "x"), ("array", [1]), ("object", {"k": 1}), ("null", None)]


def load_pairs(text):
    """The JSON value of text, and the number of duplicate keys in it;
    None when it is not JSON as Python reads it."""
    dups = [0]

    def pairs(items):
        seen = set()
        for k, _ in items:
            if k in seen:
                dups[0] += 1
            seen.add(k)
        return dict(items)
    try:
        return json.loads(text, object_pairs_hook=pairs), dups[0]
    except (ValueError, RecursionError):
        return None


def spans_of(text):
    """Byte spans of each scalar value in text (a JSON document), in
    document order: [(start, end, value)], with duplicate keys kept."""
    b = text.encode("utf-8") if isinstance(text, str) else text
    dec = json.JSONDecoder()
    out = []
    s = b.decode("utf-8")
    # Byte offsets: map character index to byte offset once.
    offs = [0] * (len(s) + 1)
    acc = 0
    for i, ch in enumerate(s):
        offs[i] = acc
        acc += len(ch.encode("utf-8"))
    offs[len(s)] = acc

    def ws(i):
        while i < len(s) and s[i] in " \t\r\n":
            i += 1
        return i

    def value(i, depth):
        i = ws(i)
        if depth > 200:
            raise ValueError("deep")
        c = s[i]
        if c == "{":
            i = ws(i + 1)
            if s[i] == "}":
                return i + 1
            while True:
                _, i = dec.raw_decode(s, ws(i))
                i = ws(i)
                assert s[i] == ":"
                i = value(i + 1, depth + 1)
                i = ws(i)
                if s[i] == "}":
                    return i + 1
                i += 1
        if c == "[":
            i = ws(i + 1)
            if s[i] == "]":
                return i + 1
            while True:
                i = value(i, depth + 1)
                i = ws(i)
                if s[i] == "]":
                    return i + 1
                i += 1
        v, j = dec.raw_decode(s, i)
        if v is not None:
            out.append((offs[i], offs[j], v))
        return j
    value(0 if not s.startswith("\ufeff") else 1, 0)
    return out


def key_of(v):
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, (int, float)):
        return ("number", v)
    return (type(v).__name__, v)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def lint_json(jgflint, files, cwd):
    """Findings of each file (by its name), from one run over all."""
    out = collections.defaultdict(list)
    for i in range(0, len(files), 2000):
        r = run([jgflint, "--no-config", "--format", "json", "--max-findings", "0"] +
                files[i:i + 2000], cwd=cwd)
        if r.returncode not in (0, 1):
            raise SystemExit("jgflint exited %d: %s" % (r.returncode, r.stderr[:500]))
        for d in json.loads(r.stdout)["diagnostics"]:
            out[d["path"]].append(d)
    return out


def fix_all(jgflint, files, cwd, unsafe):
    for i in range(0, len(files), 2000):
        r = run([jgflint, "--no-config", "--fix", "-q"] + (["--unsafe-fixes"] if unsafe else []) +
                files[i:i + 2000], cwd=cwd)
        if r.returncode not in (0, 1):
            raise SystemExit("jgflint --fix exited %d: %s" % (r.returncode, r.stderr[:500]))


def pointer_parts(p):
    return [t.replace("~1", "/").replace("~0", "~") for t in p.split("/")[1:]] if p else []


def get(doc, parts):
    for t in parts:
        if isinstance(doc, dict) and t in doc:
            doc = doc[t]
        elif isinstance(doc, list) and t.isdigit() and int(t) < len(doc):
            doc = doc[int(t)]
        else:
            return None
    return doc


def added_keys(before, after, path, out):
    """(object path, key) of keys after has and before lacks, through
    objects present in both at the same path."""
    if isinstance(before, dict) and isinstance(after, dict):
        for k, v in after.items():
            if k not in before:
                out.add((tuple(path), k))
            else:
                added_keys(before[k], v, path + [k], out)
    elif isinstance(before, list) and isinstance(after, list):
        for i, (b, a) in enumerate(zip(before, after)):
            added_keys(b, a, path + [str(i)], out)
    return out


def variants(name, doc, fixed_docs, findings):
    """Records around each fixable finding of doc: (label, value)."""
    places = set()
    for d in findings:
        if not d.get("fix"):
            continue
        parts = pointer_parts(d.get("pointer", ""))
        # the objects on the finding's way, from its parent up to the root
        for depth in range(len(parts) - 1, -1, -1):
            parent = get(doc, parts[:depth])
            if isinstance(parent, dict):
                for k in parent:
                    if k != (parts[depth] if depth < len(parts) else None):
                        places.add((tuple(parts[:depth]), k))
                if depth < len(parts) - 2:
                    break   # the parent and the grandparent
    # the elements beside it in an array on its way (a player, a node)
    beside = set()
    for d in findings:
        parts = pointer_parts(d.get("pointer", "")) if d.get("fix") else []
        for depth in range(len(parts)):
            parent = get(doc, parts[:depth])
            if isinstance(parent, list) and parts[depth].isdigit():
                i = int(parts[depth])
                beside |= {(tuple(parts[:depth]), j) for j in (i - 1, i + 1) if 0 <= j < len(parent)}
    for fixed in fixed_docs:
        if fixed is not None:
            places |= added_keys(doc, fixed, [], set())
    out = []
    for path, j in sorted(beside):
        for tname, v in OTHER_TYPES:
            new = json.loads(json.dumps(doc))
            get(new, list(path))[j] = v
            out.append(("%s: /%s %s" % (name, "/".join(path + (str(j),)), tname), new))
    for path, key in sorted(places):
        parent = get(doc, list(path))
        if not isinstance(parent, dict):
            continue
        for tname, v in OTHER_TYPES:
            if key in parent and type(parent[key]) is type(v):
                continue
            new = json.loads(json.dumps(doc))
            get(new, list(path))[key] = v
            out.append(("%s: /%s %s" % (name, "/".join(path + (key,)), tname), new))
    return out


def main():
    args = sys.argv[1:]
    jgflint, work = args[0], args[1]
    args = args[2:]
    limit, step = 6000, 1
    while args and args[0].startswith("--"):
        if args[0] == "--max":
            limit = int(args[1])
        elif args[0] == "--step":
            step = int(args[1])
        args = args[2:]
    records = []
    for a in args:
        if os.path.isdir(a):
            for root, _, fs in os.walk(a):
                records += [os.path.join(root, f) for f in fs if f.endswith(".jgf")]
        elif os.path.exists(a):
            records.append(a)
    records.sort()
    cats = {r["id"]: r["category"] for r in json.loads(
        run([jgflint, "--list-rules", "--format", "json"]).stdout)}

    # 1. The records as they are, fixed both ways: where fixes write.
    os.makedirs(os.path.join(work, "orig"), exist_ok=True)
    base = []
    for i, rec in enumerate(records):
        data = open(rec, "rb").read()
        f = "orig/%d.jgf" % i
        open(os.path.join(work, f), "wb").write(data)
        base.append((rec, f, data))
    names = [f for _, f, _ in base]
    found = lint_json(jgflint, names, work)
    fixed = {}
    for unsafe in (False, True):
        d = os.path.join(work, "orig-fix%d" % unsafe)
        os.makedirs(d, exist_ok=True)
        copies = []
        for _, f, data in base:
            c = "orig-fix%d/%s" % (unsafe, os.path.basename(f))
            open(os.path.join(work, c), "wb").write(data)
            copies.append(c)
        fix_all(jgflint, copies, work, unsafe)
        for (_, f, _), c in zip(base, copies):
            got = load_pairs(open(os.path.join(work, c), "rb").read().decode("utf-8", "replace"))
            fixed.setdefault(f, []).append(got[0] if got else None)

    # 2. The cases: each record as it is, and its variants.
    cases = [(rec, data) for rec, _, data in base]
    generated = []
    for rec, f, data in base:
        if not any(d.get("fix") for d in found.get(f, [])):
            continue
        got = load_pairs(data.decode("utf-8", "replace"))
        if not got or not isinstance(got[0], dict):
            continue
        for label, v in variants(os.path.relpath(rec), got[0], fixed[f], found[f]):
            generated.append((label, json.dumps(v, indent=1).encode("utf-8")))
    total = len(generated)
    if len(generated) > limit:
        generated.sort(key=lambda c: hashlib.sha1(c[0].encode()).hexdigest())
        generated = generated[:limit]
    generated = generated[::step]
    cases += generated
    print("# %d records, %d variants generated, %d checked" % (len(base), total, len(generated)))

    os.makedirs(os.path.join(work, "case"), exist_ok=True)
    files = []
    for i, (_, data) in enumerate(cases):
        f = "case/%d.jgf" % i
        open(os.path.join(work, f), "wb").write(data)
        files.append(f)
    before = lint_json(jgflint, files, work)

    n = failed = 0
    for unsafe in (False, True):
        d = "fix%d" % unsafe
        os.makedirs(os.path.join(work, d), exist_ok=True)
        copies = ["%s/%d.jgf" % (d, i) for i in range(len(cases))]
        for (_, data), c in zip(cases, copies):
            open(os.path.join(work, c), "wb").write(data)
        fix_all(jgflint, copies, work, unsafe)
        after = lint_json(jgflint, copies, work)
        flag = "--fix --unsafe-fixes" if unsafe else "--fix"
        problems = []
        for (label, data), f, c in zip(cases, files, copies):
            new = open(os.path.join(work, c), "rb").read()
            why = check(data, new, before[f], after[c], cats, unsafe)
            if why:
                problems.append("%s: %s" % (label, why))
        n += 1
        if problems:
            failed += 1
            print("not ok %d - %s never adds an error, a duplicate key or loses a value "
                  "(%d of %d records)" % (n, flag, len(problems), len(cases)))
            for p in problems[:40]:
                print("# " + p)
        else:
            print("ok %d - %s never adds an error, a duplicate key or loses a value "
                  "(%d records)" % (n, flag, len(cases)))
    print("1..%d" % n)
    return 1 if failed else 0


def check(old, new, found_before, found_after, cats, unsafe):
    def errors(ds):
        return collections.Counter(d["rule"] for d in ds
                                   if d["severity"] == "error" and cats.get(d["rule"]) != "go")
    eb, ea = errors(found_before), errors(found_after)
    worse = sorted(r for r in ea if ea[r] > eb[r])
    if worse:
        return "adds %s errors" % ", ".join("%s (%d -> %d)" % (r, eb[r], ea[r]) for r in worse)
    if new == old:
        return None
    a = load_pairs(old.decode("utf-8", "replace"))
    b = load_pairs(new.decode("utf-8", "replace"))
    if b is None:
        return "the fixed record is not JSON" if a is not None else None
    if a is None:
        return None
    if b[1] > a[1]:
        return "duplicate keys %d -> %d" % (a[1], b[1])
    # values: those outside the bytes the fixes applied edit
    edits = []
    for d in found_before:
        if d.get("fix") == "safe" or (unsafe and d.get("fix")):
            for e in d.get("edits", []):
                edits.append((e["byteOffset"], e["byteOffset"] + e["byteLength"]))
    try:
        kept = collections.Counter(key_of(v) for s, e, v in spans_of(old)
                                   if not any(s < ee and e > es or s == es == e for es, ee in edits))
    except (ValueError, AssertionError, IndexError):
        return None
    have = collections.Counter(key_of(v) for _, _, v in spans_of(new))
    # A value written into a longer string (a v1 comment object becomes
    # "name (timestamp): comment") is kept too.
    texts = [k[1] for k in have if k[0] == "str"]

    def inside(k):
        word = k[1] if k[0] == "str" else json.dumps(k[1])
        return any(word in t for t in texts)
    lost = [k for k in kept if have[k] < kept[k] and not inside(k)]
    if lost:
        return "loses %s" % ", ".join("%r" % (k[1],) for k in lost[:5])
    return None


if __name__ == "__main__":
    sys.exit(main())
