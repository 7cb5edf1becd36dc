"""The fixable marks agree with what --fix does, file by file: the [*] of
the concise format, the json report's "fix" and SARIF's "fixes" mark the
same findings; the summary line counts them; after --fix (and --fix
--unsafe-fixes) no finding of a rule with a marked finding remains beyond
the unmarked ones, and a file with no marked finding is left as it was.
Usage: output_marks.py JGFLINT FILE... (TAP lines, no plan; TAP_START)."""
import collections, json, os, re, shutil, subprocess, sys, tempfile

jgflint, files = sys.argv[1], sys.argv[2:]
n = int(os.environ.get("TAP_START", "0"))


def check(ok, name, detail=""):
    global n
    n += 1
    print(("ok %d - %s" if ok else "not ok %d - %s") % (n, name))
    if not ok and detail:
        print("# " + str(detail)[:400])


def run(args, cwd=None):
    return subprocess.run([jgflint, "--no-config"] + args, capture_output=True, cwd=cwd)


summary = re.compile(r"^(\[\*\] )?\d+ (more )?fixable with")
for path in files:
    name = os.path.basename(path)
    js = json.loads(run(["--format", "json", path]).stdout)
    diags = js["diagnostics"]
    concise = [l for l in run(["--format", "concise", path]).stdout.decode("utf-8", "replace").splitlines()
               if not summary.match(l)]
    sarif = json.loads(run(["--format", "sarif", path]).stdout)["runs"][0]["results"]
    marks = [bool(re.match(r"^.*?: (error|warning|info): \[\*\] ", l)) for l in concise]
    safe = [d["fix"] == "safe" for d in diags]
    anyfix = [d["fix"] is not None for d in diags]
    agree = marks == safe and [bool(r.get("fixes")) for r in sarif] == anyfix
    check(agree, "%s: concise, json and SARIF mark the same findings" % name,
          "concise %s json %s" % (marks, [d["fix"] for d in diags]))
    s = js["summary"]
    check((s["fixable"], s["unsafeFixable"]) == (sum(safe), sum(anyfix) - sum(safe)),
          "%s: the summary counts them" % name, s)
    for unsafe in (False, True):
        take = [d["fix"] == "safe" or (unsafe and d["fix"] == "unsafe") for d in diags]
        tmp = tempfile.mkdtemp()
        try:
            f = os.path.join(tmp, "x.jgf")
            shutil.copyfile(path, f)
            before = open(f, "rb").read()
            r = run(["--fix", "--format", "json"] + (["--unsafe-fixes"] if unsafe else []) + ["x.jgf"], tmp)
            after = collections.Counter(d["rule"] for d in json.loads(r.stdout)["diagnostics"])
            what = "%s%s" % (name, " (with --unsafe-fixes)" if unsafe else "")
            if not any(take):
                check(open(f, "rb").read() == before, "%s: nothing marked, nothing changed" % what)
                continue
            marked = {d["rule"] for d, t in zip(diags, take) if t}
            unmarked = collections.Counter(d["rule"] for d, t in zip(diags, take) if not t)
            left = {rule: after[rule] for rule in marked if after[rule] > unmarked[rule]}
            check(not left, "%s: the marked findings are gone after --fix" % what, left)
        finally:
            shutil.rmtree(tmp)
