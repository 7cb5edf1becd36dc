#!/usr/bin/env python3
"""The layers of src/ (CONTRIBUTING.md): each folder includes only the
folders below it, every include of the project's own headers names its
folder, and no chain of includes comes back to where it started. Prints TAP.

Usage: layers.py SRCDIR       checks SRCDIR/src, SRCDIR/rules and SRCDIR/web
       layers.py --self-test  checks that a tree with an upward include, a
                              bare include and a cycle is refused"""
import os
import re
import sys
import tempfile

# Each layer and the layers it may include (besides itself). rules/ plug into
# the engine: they see what a check sees, never lint or anything above it.
BELOW = {
    "base": set(),
    "core": {"base"},
    "read": {"base", "core"},
    "engine": {"base", "core", "read"},
    "rules": {"base", "core", "read", "engine"},
    "lint": {"base", "core", "read", "engine"},
    "output": {"base", "core", "read", "engine", "lint"},
    "convert": {"base", "core", "read", "engine", "lint"},
    "config": {"base", "core", "read", "engine", "lint"},
    "lib": {"base", "core", "read", "engine", "lint", "output", "convert", "config"},
    # Front ends on the library: the editor server and the page use only
    # the public API (and the base layer's buffers and strings).
    "server": {"base", "lib"},
    "web": {"lib"},
    "cli": {"base", "core", "read", "engine", "lint", "output", "convert", "config", "lib",
            "server"},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# json-c's constructors and adders return NULL or -1 when memory runs out
# (and its adders assert on a NULL container): only base/dom.c calls them,
# for everyone else's checked dom_* (base/dom.h).
RAW_JSON = re.compile(r'\bjson_object_(new_\w+|object_add(_ex)?|array_add|array_put_idx|'
                      r'array_insert_idx|to_json_string\w*)\s*\(')


def sources(top):
    """(layer, path relative to top) of every C file of the project."""
    for layer in sorted(BELOW):
        for parent in ("src", ""):
            d = os.path.join(top, parent, layer)
            if layer in ("rules", "web") and parent == "src":
                continue
            if layer not in ("rules", "web") and parent == "":
                continue
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                if name.endswith((".c", ".h")):
                    yield layer, os.path.relpath(os.path.join(d, name), top)


def check(top):
    """Returns a list of (ok, description) results."""
    results = []
    files = list(sources(top))
    graph = {}
    layer_of = {}
    for layer, rel in files:
        layer_of[rel] = layer
    for layer, rel in files:
        text = open(os.path.join(top, rel), encoding="utf-8", errors="replace").read()
        deps = graph.setdefault(rel, set())
        if rel != os.path.join("src", "base", "dom.c"):
            for m in RAW_JSON.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                results.append((False, "%s:%d calls json_%s unchecked: use base/dom.h's "
                                "dom_* (out of memory fails cleanly there)" %
                                (rel, line, m.group(0)[5:].rstrip("( "))))
        for inc in INCLUDE.findall(text):
            if layer in ("rules", "web") and "/" not in inc:
                target = os.path.join(os.path.dirname(rel), inc)   # a header beside it
                if os.path.exists(os.path.join(top, target)):
                    deps.add(target)
                    continue
            if "/" not in inc:
                results.append((False, "%s includes \"%s\": name the header's folder "
                                "(\"core/diag.h\")" % (rel, inc)))
                continue
            folder = inc.split("/")[0]
            target = os.path.join("src", inc)
            if folder not in BELOW or not os.path.exists(os.path.join(top, target)):
                results.append((False, "%s includes \"%s\", which is not a header of "
                                "src/" % (rel, inc)))
                continue
            if folder != layer and folder not in BELOW[layer]:
                results.append((False, "%s includes \"%s\": %s/ may not include %s/ (it "
                                "may include %s)" % (rel, inc, layer, folder,
                                                     ", ".join(sorted(BELOW[layer])) or
                                                     "nothing of the project")))
                continue
            deps.add(target)
    # Modules (a .c with its .h) must not reach themselves.
    def module(path):
        return os.path.splitext(path)[0]
    mgraph = {}
    for f, deps in graph.items():
        mgraph.setdefault(module(f), set()).update(module(d) for d in deps if module(d) != module(f))
    cycles = find_cycles(mgraph)
    for cycle in cycles:
        results.append((False, "an include cycle: %s" % " -> ".join(cycle + [cycle[0]])))
    nincludes = sum(len(d) for d in graph.values())
    if all(ok for ok, _ in results):
        results.append((True, "%d files, %d includes: each names its folder and points "
                        "down a layer" % (len(files), nincludes)))
        results.append((True, "no include cycle among %d modules" % len(mgraph)))
        results.append((True, "json-c's constructors only in src/base/dom.c"))
    return results


def find_cycles(graph):
    """One cycle (a list of nodes) per strongly connected component of more
    than one node, found without recursion."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def self_test():
    """A tree with one of each fault must give one failure each."""
    with tempfile.TemporaryDirectory() as top:
        def write(path, text):
            os.makedirs(os.path.dirname(os.path.join(top, path)), exist_ok=True)
            with open(os.path.join(top, path), "w") as f:
                f.write(text)
        write("src/base/a.h", '#include "core/b.h"\n')          # up a layer
        write("src/core/b.h", '#include "base/c.h"\n')
        write("src/base/c.h", '#include "d.h"\n')               # bare
        write("src/base/d.h", '#include "base/e.h"\n')
        write("src/base/e.h", '#include "base/d.h"\n')          # cycle d <-> e
        write("src/lint/f.c", '#include "cli/g.h"\n')           # lint may not see the CLI
        write("src/cli/g.h", "\n")
        write("src/output/h.c", "json_object *o = json_object_new_object();\n")  # unchecked
        got = [desc for ok, desc in check(top) if not ok]
    want = ["base/ may not include core/", "name the header's folder",
            "an include cycle: src/base/d -> src/base/e", "lint/ may not include cli/",
            "src/output/h.c:1 calls json_object_new_object unchecked"]
    results = []
    for w in want:
        results.append((any(w in g for g in got), "the check refuses: %s" % w))
    results.append((len(got) == len(want), "the check finds exactly the %d faults planted "
                    "(found %d)" % (len(want), len(got))))
    return results


def main():
    if sys.argv[1:] == ["--self-test"]:
        results = self_test()
    else:
        results = check(sys.argv[1])
    for i, (ok, desc) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, desc))
    print("1..%d" % len(results))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
