"""Applies the fixes that jgflint's json and SARIF reports carry to each
file, as a consumer would, and compares the result with what `jgflint --fix`
writes. SARIF replacements are read as SARIF 2.1.0 defines them: a text
region by line and column (columns in the run's columnKind, lines ended by
its newlineSequences, neither counting a byte order mark) or by charOffset
and charLength, a binary region by byteOffset and byteLength with binary
(base64) inserted content. The report's json edits are byte offsets. The
rdjson report's suggestions are ranges of lines and columns in UTF-8 bytes
(reviewdog's Position), the edits of one fix applied together; its
positions are checked against the json report's, converted to bytes.
Also validates the SARIF against the schema when one is given.
Usage: output_fixes.py JGFLINT SCHEMA|- FILE... (TAP lines, no plan)."""
import base64, json, os, shutil, subprocess, sys, tempfile

jgflint, schema_path, files = sys.argv[1], sys.argv[2], sys.argv[3:]
n = int(os.environ.get("TAP_START", "0"))
failed = 0


def check(ok, name, detail=""):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print(("ok %d - %s" if ok else "not ok %d - %s") % (n, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:8]:
            print("# " + line)


def run(args, cwd):
    return subprocess.run([jgflint, "--no-config"] + args, cwd=cwd, capture_output=True)


class Text:
    """The artifact's text as SARIF addresses it."""

    def __init__(self, data, column_kind, newlines):
        self.data = data
        self.body = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        chars = data[self.body:].decode("utf-8", "surrogateescape")
        # Byte offset of each character (and of the end).
        self.offsets, at = [], self.body
        for ch in chars:
            self.offsets.append(at)
            at += len(ch.encode("utf-8", "surrogateescape"))
        self.offsets.append(at)
        # Units of a character: UTF-16 code units or code points.
        wide = column_kind == "utf16CodeUnits"
        self.units = [2 if wide and ord(ch) > 0xFFFF else 1 for ch in chars]
        # Line starts, as character indexes, greedy over newlines in order.
        self.lines, i = [0], 0
        while i < len(chars):
            for nl in newlines:
                if chars.startswith(nl, i):
                    i += len(nl)
                    self.lines.append(i)
                    break
            else:
                i += 1
        self.chars = chars

    def line_col(self, line, col):
        i, c = self.lines[line - 1], 1
        while c < col:
            c += self.units[i]
            i += 1
        assert c == col, "a column inside a character"
        return self.offsets[i]

    def char_offset(self, offset):
        i, c = 0, 0
        while c < offset:
            c += self.units[i]
            i += 1
        return self.offsets[i]

    def region(self, reg):
        if "startLine" in reg:
            start = self.line_col(reg["startLine"], reg.get("startColumn", 1))
            end_line = reg.get("endLine", reg["startLine"])
            if "endColumn" in reg:
                end = self.line_col(end_line, reg["endColumn"])
            else:
                nxt = self.lines[end_line] if end_line < len(self.lines) else len(self.chars)
                end = self.offsets[nxt]   # (newlines are not part of it: unused here)
            return start, end, True
        if reg.get("charOffset", -1) >= 0:
            start = self.char_offset(reg["charOffset"])
            return start, self.char_offset(reg["charOffset"] + reg.get("charLength", 0)), True
        return reg["byteOffset"], reg["byteOffset"] + reg.get("byteLength", 0), False


def byte_lines(data):
    """The byte offset where each line starts (lines end with LF, CR LF or
    a lone CR, as jgflint counts lines; a byte order mark is part of the
    first, in bytes)."""
    starts = [0]
    for i, b in enumerate(data):
        if b == 0x0A or (b == 0x0D and data[i + 1:i + 2] != b"\n"):
            starts.append(i + 1)
    return starts


def rd_offset(starts, pos):
    return starts[pos["line"] - 1] + pos.get("column", 1) - 1


def apply(data, reps):
    reps = sorted(reps, key=lambda r: (r[0], r[1]))
    for (a, b, _), (c, d, _) in zip(reps, reps[1:]):
        if c < b:
            return None
    out = bytearray(data)
    for a, b, t in reversed(reps):
        out[a:b] = t
    return bytes(out)


validator = None
if schema_path != "-":
    import jsonschema
    validator = jsonschema.Draft7Validator(json.load(open(schema_path)))

for path in files:
    name = os.path.basename(path)
    tmp = tempfile.mkdtemp()
    try:
        f = os.path.join(tmp, "x.jgf")
        shutil.copyfile(path, f)
        orig = open(f, "rb").read()
        sarif = json.loads(run(["--format", "sarif", "x.jgf"], tmp).stdout)
        js = json.loads(run(["--format", "json", "x.jgf"], tmp).stdout)
        rd = json.loads(run(["--format", "rdjson", "x.jgf"], tmp).stdout)
        starts = byte_lines(orig)
        rdiags = rd["diagnostics"]
        if len(rdiags) != len(js["diagnostics"]):
            check(False, "%s: rdjson and json report the same findings" % name)
            continue
        wrong = []
        for r, d in zip(rdiags, js["diagnostics"]):
            if d["line"] is None:
                if "range" in r["location"]:
                    wrong.append("%s: a range for a finding without one" % d["rule"])
                continue
            start = r["location"]["range"]["start"]
            line = orig[starts[d["line"] - 1]:].split(b"\n")[0].split(b"\r")[0]
            bom = 3 if d["line"] == 1 and line.startswith(b"\xef\xbb\xbf") else 0
            chars = line[bom:].decode("utf-8", "surrogateescape")
            want = bom + len(chars[:d["column"] - 1].encode("utf-8", "surrogateescape")) + 1
            if d["rule"] == "json-bom":
                want = 1   # the mark itself
            if (start["line"], start["column"]) != (d["line"], want) or r["code"]["value"] != d["rule"]:
                wrong.append("%s at %d:%d: rdjson says %r, want column %d in bytes" %
                             (d["rule"], d["line"], d["column"], start, want))
        check(not wrong, "%s: rdjson positions are the json report's, in bytes" % name, "\n".join(wrong))
        if validator:
            errors = sorted(validator.iter_errors(sarif), key=str)
            check(not errors, "%s: the SARIF validates against the schema" % name,
                  "\n".join(e.message[:200] for e in errors[:3]))
        therun = sarif["runs"][0]
        text = Text(orig, therun.get("columnKind", "utf16CodeUnits"),
                    therun.get("newlineSequences", ["\r\n", "\n"]))
        results, diags = therun["results"], js["diagnostics"]
        if len(results) != len(diags):
            check(False, "%s: SARIF and json report the same findings" % name)
            continue
        for unsafe in (False, True):
            take = [d["fix"] == "safe" or (unsafe and d["fix"] == "unsafe") for d in diags]
            if not any(take):
                continue
            sreps, jreps, rreps, problems = [], [], [], []
            # rdjson suggests the safe fixes only: a reviewer accepts each.
            for r, t in zip(rdiags if not unsafe else [], take):
                if t and not r.get("suggestions"):
                    problems.append("%s has no rdjson suggestion" % r["code"]["value"])
                elif not t and r.get("suggestions"):
                    problems.append("%s has an rdjson suggestion --fix would not apply" % r["code"]["value"])
                for sg in r.get("suggestions", []) if t else []:
                    rreps.append((rd_offset(starts, sg["range"]["start"]),
                                  rd_offset(starts, sg["range"].get("end", sg["range"]["start"])),
                                  sg["text"].encode("utf-8")))
            for res, d, t in zip(results, diags, take):
                if not t:
                    continue
                if not res.get("fixes"):
                    problems.append("%s has no SARIF fix" % d["rule"])
                    continue
                for change in res["fixes"][0]["artifactChanges"]:
                    for rep in change["replacements"]:
                        a, b, is_text = text.region(rep["deletedRegion"])
                        ins = rep.get("insertedContent", {})
                        if is_text:
                            if "binary" in ins:
                                problems.append("binary content in a text region")
                            new = ins.get("text", "").encode("utf-8")
                        else:
                            if "text" in ins:
                                problems.append("%s: text content in a binary region "
                                                "(SARIF 2.1.0 3.57.2: SHALL be binary)" % d["rule"])
                            new = base64.b64decode(ins.get("binary", "")) if "binary" in ins \
                                else ins.get("text", "").encode("utf-8")
                        sreps.append((a, b, new))
                for e in d["edits"] or []:
                    jreps.append((e["byteOffset"], e["byteOffset"] + e["byteLength"],
                                  e["content"].encode("utf-8")))
            g = os.path.join(tmp, "g.jgf")
            shutil.copyfile(path, g)
            run(["--fix"] + (["--unsafe-fixes"] if unsafe else []) + ["g.jgf"], tmp)
            fixed = open(g, "rb").read()
            what = "%s%s" % (name, " (with --unsafe-fixes)" if unsafe else "")
            check(not problems, "%s: SARIF fixes are well formed" % what, "\n".join(problems))
            for kind, reps in (("SARIF", sreps), ("json", jreps)) + ((("rdjson", rreps),) if not unsafe else ()):
                got = apply(orig, reps)
                if got is None:
                    continue   # overlapping fixes: --fix takes them over several rounds
                if got != fixed:
                    # --fix goes on for more rounds: the fixes applied must
                    # be where it starts from.
                    open(g, "wb").write(got)
                    run(["--fix"] + (["--unsafe-fixes"] if unsafe else []) + ["g.jgf"], tmp)
                    again = open(g, "rb").read()
                else:
                    again = got
                check(again == fixed, "%s: the %s fixes applied give what --fix writes" % (what, kind),
                      "applied: %r\n--fix:   %r" % (got[:300], fixed[:300]))
    finally:
        shutil.rmtree(tmp)
print("# failed %d" % failed)
