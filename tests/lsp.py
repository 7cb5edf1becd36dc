#!/usr/bin/env python3
"""The protocol harness of `jgflint server` (issue 21): drives the server over
pipes as an LSP client would, checks every capability and every bad input,
and prints TAP. Standard library only.

Environment: JGFLINT (the binary; `$JGFLINT server` is the server and
`$JGFLINT --fix -` the reference for fix-all), TOP_SRCDIR (the source tree;
the shared samples are in TOP_SRCDIR/../shared/samples when present).

Documents are sent as the bytes of their files: bytes that are not UTF-8
travel raw inside the JSON string (as a client reading a file as bytes would
send them), and the server's answers are read back with surrogateescape, so
that every comparison is byte for byte.
"""

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

JGFLINT = os.environ["JGFLINT"]
TOP = os.environ["TOP_SRCDIR"]
SHARED = os.path.normpath(os.path.join(TOP, "../shared/samples"))

n = 0
failed = 0


def sanitizer():
    """The sanitizer the binary was built with (configure --enable-sanitizers),
    or None: memory is not measured under one, and large records are smaller
    (ThreadSanitizer runs the lint some ten times slower)."""
    with open(JGFLINT, "rb") as f:
        data = f.read()
    for name in (b"tsan", b"asan"):
        if b"__" + name + b"_init" in data:
            return name.decode()
    return None


SANITIZER = sanitizer()


def ok(cond, name, detail=None):
    global n, failed
    n += 1
    if cond:
        print("ok %d - %s" % (n, name))
    else:
        failed += 1
        print("not ok %d - %s" % (n, name))
        if detail is not None:
            for line in str(detail)[:3000].splitlines():
                print("# " + line)
    sys.stdout.flush()
    return cond


def skip(name, why):
    global n
    n += 1
    print("ok %d # SKIP %s: %s" % (n, name, why))


# ---- bytes <-> JSON that keeps bytes that are not UTF-8 ----

def text_of(data):
    """bytes -> str that json.dumps(ensure_ascii=False) writes back raw."""
    return data.decode("utf-8", "surrogateescape")


def bytes_of(text):
    return text.encode("utf-8", "surrogateescape")


def encode(obj):
    return bytes_of(json.dumps(obj, ensure_ascii=False))


# ---- positions, computed here independently of the server ----

LINE_BREAK = re.compile(rb"\r\n|\r|\n")


def line_starts(data):
    starts = [0]
    for m in LINE_BREAK.finditer(data):
        starts.append(m.end())
    return starts


def units(chunk, enc):
    if enc == "utf-8":
        return len(chunk)
    s = chunk.decode("utf-8", "replace")
    if enc == "utf-32":
        return len(s)
    return sum(2 if ord(c) > 0xFFFF else 1 for c in s)


def position(data, offset, enc):
    starts = line_starts(data)
    line = max(i for i, s in enumerate(starts) if s <= offset)
    return {"line": line, "character": units(data[starts[line]:offset], enc)}


def offset_of(data, pos, enc):
    """An LSP position -> byte offset (positions inside characters are not
    asked)."""
    starts = line_starts(data)
    if pos["line"] >= len(starts):
        return len(data)
    start = starts[pos["line"]]
    end = starts[pos["line"] + 1] if pos["line"] + 1 < len(starts) else len(data)
    line = data[start:end].rstrip(b"\r\n")
    for i in range(len(line) + 1):
        if units(line[:i], enc) >= pos["character"]:
            return start + i
    return start + len(line)


def cli_offset(data, line, col):
    """The CLI's 1-based line and column (code points, not counting a byte
    order mark) -> byte offset."""
    starts = line_starts(data)
    start = starts[line - 1]
    if line == 1 and data.startswith(b"\xef\xbb\xbf"):
        start = 3
    i = start
    c = 1
    while c < col and i < len(data):
        i += 1
        while i < len(data) and (data[i] & 0xC0) == 0x80:
            i += 1
        c += 1
    return i


def apply_edits(data, edits, enc):
    """TextEdits (non-overlapping) applied to bytes, as a client does."""
    spans = []
    for e in edits:
        a = offset_of(data, e["range"]["start"], enc)
        b = offset_of(data, e["range"]["end"], enc)
        spans.append((a, b, bytes_of(e["newText"])))
    for a, b, t in sorted(spans, reverse=True):
        data = data[:a] + t + data[b:]
    return data


def edits_of(workspace_edit, uri):
    if "documentChanges" in workspace_edit:
        out = []
        for dc in workspace_edit["documentChanges"]:
            if "textDocument" in dc and dc["textDocument"]["uri"] == uri:
                out += dc["edits"]
        return out
    return workspace_edit.get("changes", {}).get(uri, [])


# ---- the client ----

class Server:
    def __init__(self, capabilities=None, init_options=None, initialize=True, cwd=None,
                 args=("server",), preexec=None, wrapper=()):
        self.stderr = tempfile.TemporaryFile()
        self.p = subprocess.Popen(list(wrapper) + [JGFLINT] + list(args), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=self.stderr, cwd=cwd,
                                  preexec_fn=preexec)
        self.q = queue.Queue()
        self.garbage = []      # what on stdout is not a framed JSON message
        self.messages = []     # every message, in order
        self.bodies = []       # and each one's bytes
        self.taken = set()     # ids of the messages a wait returned
        self.next_id = 1
        self.ended = False     # the server's output ended: waits return at once
        self.lock = threading.Lock()
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()
        self.capabilities = capabilities if capabilities is not None else {}
        self.init_result = None
        if initialize:
            params = {"processId": os.getpid(), "rootUri": None,
                      "capabilities": self.capabilities}
            if init_options is not None:
                params["initializationOptions"] = init_options
            self.init_result = self.request("initialize", params)
            self.notify("initialized", {})

    def _read(self):
        f = self.p.stdout
        while True:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                c = f.read(1)
                if not c:
                    if head:
                        self.garbage.append(head)
                    self.q.put(None)
                    return
                head += c
                if len(head) > 1000:
                    self.garbage.append(head)
                    self.q.put(None)
                    return
            m = re.fullmatch(rb"Content-Length: (\d+)\r\n\r\n", head)
            if not m:
                self.garbage.append(head)
                self.q.put(None)
                return
            body = f.read(int(m.group(1)))
            try:
                body.decode("utf-8")
            except UnicodeDecodeError:
                self.garbage.append(b"not UTF-8: " + body)
            try:
                msg = json.loads(body.decode("utf-8", "surrogateescape"))
            except ValueError:
                self.garbage.append(body)
                continue
            self.bodies.append(body)
            if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0":
                self.garbage.append(body)
            self.messages.append(msg)
            # The client's side of the server's requests.
            if "method" in msg and "id" in msg:
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            self.q.put(msg)

    def send_raw(self, data):
        with self.lock:
            try:
                self.p.stdin.write(data)
                self.p.stdin.flush()
            except (BrokenPipeError, OSError):
                pass

    def send(self, obj):
        body = encode(obj)
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)

    def start(self, method, params=None):
        i = self.next_id
        self.next_id += 1
        m = {"jsonrpc": "2.0", "id": i, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return i

    def wait(self, pred, timeout=20):
        """The first message (not yet taken) that pred accepts."""
        deadline = time.time() + timeout
        while True:
            for m in list(self.pending()):
                if pred(m):
                    self.taken.add(id(m))
                    return m
            if self.ended:
                return None
            left = deadline - time.time()
            if left <= 0:
                return None
            try:
                m = self.q.get(timeout=left)
            except queue.Empty:
                return None
            if m is None:
                # The output ended: anything left is all there is, now and
                # for every later wait (a server that died fails the rest
                # of its test at once instead of timing out each request).
                self.ended = True
                for m in list(self.pending()):
                    if pred(m):
                        self.taken.add(id(m))
                        return m
                return None

    def pending(self):
        return [m for m in self.messages if id(m) not in self.taken]

    def response(self, i, timeout=30):
        return self.wait(lambda m: m.get("id") == i and "method" not in m, timeout)

    def request(self, method, params=None, timeout=30):
        r = self.response(self.start(method, params), timeout)
        return r

    def diagnostics(self, uri, version=None, timeout=30):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                         m["params"]["uri"] == uri and
                         (version is None or m["params"].get("version") == version), timeout)

    def open(self, uri, data, version=1, lang="json"):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": lang, "version": version, "text": text_of(data)}})

    def close(self):
        r = self.request("shutdown")
        self.notify("exit")
        try:
            code = self.p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            code = None
        return r, code

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()

    def err(self):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")


def uri_of(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def cli_json(path, data=None, cwd=None):
    """What `jgflint --format json` says about path (or data named path)."""
    if data is None:
        out = subprocess.run([JGFLINT, "--format", "json", path], capture_output=True, cwd=cwd)
    else:
        out = subprocess.run([JGFLINT, "--format", "json", "--stdin-filename", path, "-"],
                             input=data, capture_output=True, cwd=cwd)
    return json.loads(out.stdout)["diagnostics"]


def cli_fix(data, cwd):
    """What `jgflint --fix -` writes for data: its standard output, or data
    itself when it writes nothing (a syntax error no repair removes: a file
    would be left alone)."""
    out = subprocess.run([JGFLINT, "--fix", "-"], input=data, capture_output=True,
                         cwd=cwd).stdout
    return out if out or not data else data


def cli_fix_file(data, cwd):
    """What `jgflint --fix FILE` leaves in a file that held data."""
    d = tempfile.mkdtemp(dir=cwd)
    path = os.path.join(d, "record")
    write(path, data)
    subprocess.run([JGFLINT, "--fix", path], capture_output=True, cwd=cwd)
    out = read(path)
    shutil.rmtree(d)
    return out


def expected_ranges(data, cli, enc):
    out = []
    for d in cli:
        if not d.get("line"):
            out.append((d["rule"], {"line": 0, "character": 0}, {"line": 0, "character": 0}))
            continue
        a = cli_offset(data, d["line"], d["column"])
        b = cli_offset(data, d["endLine"], d["endColumn"]) if d.get("endLine") else a
        if d["rule"] == "json-bom":   # the mark's 3 bytes (the CLI gives it no column)
            a, b = 0, 3
        out.append((d["rule"], position(data, a, enc), position(data, b, enc)))
    return out


def got_ranges(diags):
    return [(d["code"], d["range"]["start"], d["range"]["end"]) for d in diags]


def no_garbage(s, name):
    ok(not s.garbage, name + ": nothing but framed JSON-RPC messages on standard output",
       s.garbage[:3])


WORK = tempfile.mkdtemp(prefix="jgflint-lsp-")
CAPS_FULL = {
    "general": {"positionEncodings": ["utf-16"]},
    "workspace": {"workspaceEdit": {"documentChanges": True,
                                    "resourceOperations": ["create", "rename", "delete"]},
                  "didChangeWatchedFiles": {"dynamicRegistration": True}},
    "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]},
                     "codeAction": {"disabledSupport": True, "codeActionLiteralSupport": {
                         "codeActionKind": {"valueSet": ["quickfix", "source"]}}},
                     "publishDiagnostics": {"versionSupport": True}},
}


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


FINDINGS = read(os.path.join(TOP, "testdata", "examples", "findings.jgf"))

# A record with astral characters before findings on their lines, CRLF and
# lone CR line breaks, and a byte order mark.
ASTRAL = ("\ufeff{\r\n  \"record\": {\"format\": \"JGF\", \"version\": \"2.0.0\"},\r"
          "  \"game\": {\"name\": \"\U0001F600\U0001F600 \u00e9t\u00e9\", \"result\": \"B+Resign\"},\n"
          "  \"players\": [{\"color\": \"black\", \"name\": \"\U0001D11E\U00020000\", \"rank\": \"3 kyu\"}],\r\n"
          "  \"tree\": [{\"comments\": [\"\U0001F3B2\"], \"move\": {\"color\": \"black\", \"x\": 3, \"y\": 3}, \"coments\": 1}]\r"
          "}\n").encode("utf-8")


def test_lifecycle():
    # Requests before initialize, then initialize twice.
    s = Server(initialize=False)
    r = s.request("textDocument/hover", {"textDocument": {"uri": "file:///x.jgf"},
                                         "position": {"line": 0, "character": 0}})
    ok(r and r.get("error", {}).get("code") == -32002,
       "a request before initialize: ServerNotInitialized (-32002)", r)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///x.jgf", "languageId": "json",
                                                       "version": 1, "text": "{"}})
    r = s.request("initialize", {"capabilities": "no"})
    ok(r and r.get("error", {}).get("code") == -32602,
       "initialize whose capabilities are not an object: InvalidParams", r)
    r = s.request("initialize", {"processId": None, "capabilities": {}})
    caps = (r or {}).get("result", {}).get("capabilities", {})
    ok(caps.get("positionEncoding") == "utf-16" and caps.get("hoverProvider") is True and
       caps.get("textDocumentSync", {}).get("change") == 2 and
       "source.fixAll.jgflint" in caps.get("codeActionProvider", {}).get("codeActionKinds", []) and
       r["result"].get("serverInfo", {}).get("name") == "jgflint",
       "initialize: UTF-16 by default, incremental sync, hover, quick fixes and fix-all", r)
    ok(not any(m.get("method") == "textDocument/publishDiagnostics" for m in s.messages),
       "a notification before initialize is dropped (no diagnostics for it)")
    r = s.request("initialize", {"processId": None, "capabilities": {}})
    ok(r and r.get("error", {}).get("code") == -32600, "a second initialize: InvalidRequest", r)
    s.notify("initialized", {})
    r, code = s.close()
    ok(r and "result" in r and r["result"] is None, "shutdown answers null", r)
    ok(code == 0, "exit after shutdown: exit status 0 (%s)" % code)
    no_garbage(s, "lifecycle")

    # After shutdown: requests are InvalidRequest, then exit.
    s = Server()
    s.request("shutdown")
    r = s.request("textDocument/hover", {"textDocument": {"uri": "file:///x.jgf"},
                                         "position": {"line": 0, "character": 0}})
    ok(r and r.get("error", {}).get("code") == -32600, "a request after shutdown: InvalidRequest", r)
    r = s.request("shutdown")
    ok(r and r.get("error", {}).get("code") == -32600, "shutdown twice: InvalidRequest", r)
    s.notify("exit")
    ok(s.p.wait(timeout=20) == 0, "exit after shutdown and further requests: status 0")

    s = Server()
    s.notify("exit")
    ok(s.p.wait(timeout=20) == 1, "exit without shutdown: exit status 1")
    s = Server()
    s.p.stdin.close()
    ok(s.p.wait(timeout=20) == 1, "the input ends without exit: exit status 1")
    s = Server()
    s.request("shutdown")
    s.p.stdin.close()
    ok(s.p.wait(timeout=20) == 0, "the input ends after shutdown: exit status 0")


def test_encodings():
    for offered, want in ((["utf-8", "utf-16"], "utf-8"), (["utf-32", "utf-16"], "utf-32"),
                          (["utf-16"], "utf-16"), (None, "utf-16")):
        caps = {} if offered is None else {"general": {"positionEncodings": offered}}
        s = Server(capabilities=caps)
        got = s.init_result["result"]["capabilities"]["positionEncoding"]
        ok(got == want, "client offers %s: the server picks %s" % (offered, want), got)
        path = os.path.join(WORK, "enc", "astral.jgf")
        write(path, ASTRAL)
        uri = uri_of(path)
        s.open(uri, ASTRAL)
        m = s.diagnostics(uri)
        cli = cli_json(path)
        exp = expected_ranges(ASTRAL, cli, want)
        got = got_ranges(m["params"]["diagnostics"]) if m else None
        ok(got == exp, "%s: astral characters, CRLF, lone CR and a BOM: every range exact" % want,
           "got %s\nwant %s" % (got, exp))
        # Hover on the rank finding, asked at its position in this encoding.
        rank = [e for e in exp if e[0] == "rank-format"][0]
        r = s.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": rank[1]})
        ok(r and r.get("result") and "rank-format" in r["result"]["contents"]["value"] and
           r["result"]["range"] == {"start": rank[1], "end": rank[2]},
           "%s: hover at a finding's start after astral characters" % want, r)
        # An incremental change after astral characters on a CRLF line.
        name_end = ASTRAL.index("\U0001D11E\U00020000".encode()) + 8
        a = position(ASTRAL, name_end, want)
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"range": {"start": a, "end": a},
                                                                "text": "\u00df"}]})
        new = ASTRAL[:name_end] + "\u00df".encode() + ASTRAL[name_end:]
        m = s.diagnostics(uri, version=2)
        exp = expected_ranges(new, cli_json(path, new), want)
        got = got_ranges(m["params"]["diagnostics"]) if m else None
        ok(got == exp, "%s: an incremental insert after astral characters lands where asked" % want,
           "got %s\nwant %s" % (got, exp))
        s.close()
        no_garbage(s, "encodings " + want)


def test_invalid_utf8():
    # Bytes that are not UTF-8 in a record: json-encoding at the first one;
    # positions after them count each maximal ill-formed subpart as one
    # U+FFFD, as the client's decoder does (an edit there lands right).
    data = (b'{"record": {"format": "JGF", "version": 2},\n'
            b' "game": {"name": "a\xe2\x82b\xff\xf0\x9f\x98\xed\xa0\x80z", "result": "B+Resign"},\n'
            b' "tree": [{}]}\n')
    path = os.path.join(WORK, "bad-utf8", "bad.jgf")
    write(path, data)
    uri = uri_of(path)
    for enc in ("utf-16", "utf-8", "utf-32"):
        s = Server(capabilities={"general": {"positionEncodings": [enc]}})
        s.open(uri, data)
        m = s.diagnostics(uri)
        diags = m["params"]["diagnostics"] if m else []
        bad = data.index(b"\xe2")
        ok([d["code"] for d in diags] == ["json-encoding"] and
           diags[0]["range"]["start"] == position(data, bad, enc),
           "%s: a document that is not UTF-8: json-encoding at the first bad byte" % enc, diags)
        a, b = bad, data.index(b"z")
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"range": {
                                                "start": position(data, a, enc),
                                                "end": position(data, b, enc)}, "text": "ok"}]})
        new = data[:a] + b"ok" + data[b:]
        m = s.diagnostics(uri, version=2)
        got = got_ranges(m["params"]["diagnostics"]) if m else None
        exp = expected_ranges(new, cli_json(path, new), enc)
        ok(got == exp and [g[0] for g in got] == ["result-format"],
           "%s: an edit whose range ends after ill-formed bytes replaces exactly them" % enc,
           (got, exp))
        s.close()
        no_garbage(s, "invalid UTF-8 " + enc)


def fixes_only(acts):
    """The code actions but the "ignore this rule" ones (test_ignore_rule's)."""
    return [a for a in acts if not a["title"].startswith("jgflint: ignore ")]


def test_diagnostics_and_actions():
    s = Server(capabilities=CAPS_FULL)
    path = os.path.join(WORK, "diag", "findings.jgf")
    write(path, FINDINGS)
    uri = uri_of(path)
    s.open(uri, FINDINGS, version=7)
    m = s.diagnostics(uri)
    ok(m is not None and m["params"].get("version") == 7,
       "didOpen: diagnostics pushed with the document's version", m)
    diags = m["params"]["diagnostics"] if m else []
    cli = cli_json(path)
    ok([d["code"] for d in diags] == [d["rule"] for d in cli],
       "the diagnostics are the CLI's findings, in order",
       ([d["code"] for d in diags], [d["rule"] for d in cli]))
    ok(got_ranges(diags) == expected_ranges(FINDINGS, cli, "utf-16"),
       "each range runs from the start to the end of the value, as the CLI's line:col..endLine:endColumn")
    sev = {"error": 1, "warning": 2, "info": 3}
    ok(all(d["severity"] == sev[c["severity"]] and d["message"] == c["message"] and
           d["source"] == "jgflint" and d["codeDescription"]["href"].endswith("/%s.html" % d["code"]) and
           d["data"]["pointer"] == c.get("pointer") and
           (d["data"]["fix"] or {}).get("safety") == (c.get("fix") if c.get("fix") else None)
           for d, c in zip(diags, cli)),
       "severity, message, source, code, codeDescription.href, data.pointer and data.fix as the CLI")
    ok(all(not d["data"]["fix"] or apply_edits(FINDINGS, d["data"]["fix"]["edits"], "utf-16") ==
           apply_edits(FINDINGS, [{"range": {"start": position(FINDINGS, e["byteOffset"], "utf-16"),
                                             "end": position(FINDINGS, e["byteOffset"] + e["byteLength"], "utf-16")},
                                   "newText": e["content"]} for e in c["edits"]], "utf-16")
           for d, c in zip(diags, cli)),
       "data.fix.edits are the CLI's json edits")
    ok(all(bool((d["data"]["fix"] or {}).get("description")) == bool(d["data"]["fix"]) for d in diags),
       "data.fix.description says what each fix does",
       [(d["data"]["fix"] or {}).get("description") for d in diags])
    dup = [d for d in diags if d["code"] == "json-duplicate-key"]
    if dup:
        a = offset_of(FINDINGS, dup[0]["range"]["start"], "utf-16")
        b = offset_of(FINDINGS, dup[0]["range"]["end"], "utf-16")
        ok(FINDINGS[a:b] == b'"komi"', "a scanner's finding spans its bytes: the duplicate key %r"
           % FINDINGS[a:b])

    # Hover.
    rank = [d for d in diags if d["code"] == "rank-format"][0]
    mid = dict(rank["range"]["start"])
    mid["character"] += 2
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": mid})
    v = (r or {}).get("result") or {}
    ok(v.get("contents", {}).get("kind") == "markdown" and "`rank-format`" in v["contents"]["value"]
       and "#### What it checks" in v["contents"]["value"] and "```" in v["contents"]["value"]
       and v.get("range") == rank["range"],
       "hover inside a finding: the rule's summary and explanation as Markdown, the finding's range", r)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    ok(r and "result" in r and r["result"] is None, "hover away from any finding: null", r)

    # Quick fixes: each applies to its finding only.
    r = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": rank["range"],
        "context": {"diagnostics": [rank], "only": ["quickfix"]}})
    acts = fixes_only((r or {}).get("result") or [])
    ok(len(acts) == 1 and acts[0]["kind"] == "quickfix" and acts[0]["isPreferred"] is True and
       acts[0]["title"] == 'jgflint (rank-format): replace "3 kyu" with "3k"' and
       acts[0]["diagnostics"][0]["code"] == "rank-format",
       "a quick fix for the fixable finding in range, preferred (safe), titled with what it does",
       acts)
    if acts:
        ed = acts[0]["edit"]["documentChanges"][0]
        ok(ed["textDocument"] == {"uri": uri, "version": 7},
           "the edit names the document's version (documentChanges)", ed)
        fixed = apply_edits(FINDINGS, ed["edits"], "utf-16")
        after = cli_json(path, fixed)
        ok(not any(d["rule"] == "rank-format" for d in after) and len(after) == len(cli) - 1,
           "applied, that finding and only it is gone")
    full = {"start": {"line": 0, "character": 0}, "end": {"line": 999, "character": 0}}
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": full,
                                              "context": {"diagnostics": []}})
    acts = (r or {}).get("result") or []
    quick = fixes_only([a for a in acts if a["kind"] == "quickfix"])
    fixable = [c for c in cli if c.get("fix")]
    ok(len(quick) == len(fixable), "one quick fix per fixable finding (%d)" % len(fixable),
       [a["title"] for a in acts])
    unsafe = [a for a in quick if "unsafe" in a["title"]]
    ok(len(unsafe) == len([c for c in cli if c.get("fix") == "unsafe"]) and
       all(a["isPreferred"] is False for a in unsafe) and
       all(a["isPreferred"] is True for a in quick if a not in unsafe),
       "unsafe fixes say so in their title and are not preferred", [a["title"] for a in unsafe])
    fa = [a for a in acts if a["kind"] == "source.fixAll.jgflint"]
    ok(len(fa) == 1 and len(edits_of(fa[0]["edit"], uri)) == 1,
       "without `only`: fix-all offered, as one edit", [a["title"] for a in acts])
    if fa:
        ok(apply_edits(FINDINGS, edits_of(fa[0]["edit"], uri), "utf-16") ==
           cli_fix(FINDINGS, os.path.dirname(path)),
           "fix-all gives byte for byte what jgflint --fix writes")
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": full,
                                              "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    acts = (r or {}).get("result") or []
    ok([a["kind"] for a in acts] == ["source.fixAll.jgflint"],
       "only source.fixAll: just the fix-all action", acts)
    # Full sync: the whole text replaced.
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 8},
                                        "contentChanges": [{"text": '{"tree": [{}], "x": 1}'}]})
    m = s.diagnostics(uri, version=8)
    ok(m and [d["code"] for d in m["params"]["diagnostics"]] ==
       [d["rule"] for d in cli_json(path, b'{"tree": [{}], "x": 1}')],
       "a full-text change: the new text's findings", m)
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    m = s.diagnostics(uri)
    ok(m and m["params"]["diagnostics"] == [], "didClose clears the document's diagnostics", m)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    ok(r and r.get("error", {}).get("code") == -32602, "a request for a closed document: an error", r)
    s.close()
    no_garbage(s, "diagnostics")

    # Without documentChanges: `changes`; plain-text hover.
    s = Server(capabilities={})
    s.open(uri, FINDINGS)
    s.diagnostics(uri)
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rank["range"],
                                              "context": {"diagnostics": [], "only": ["quickfix"]}})
    acts = (r or {}).get("result") or []
    ok(acts and "changes" in acts[0]["edit"] and uri in acts[0]["edit"]["changes"],
       "a client without documentChanges gets `changes`", acts)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": rank["range"]["start"]})
    value = r["result"]["contents"]["value"] if r and r.get("result") else ""
    ok(r and r["result"]["contents"]["kind"] == "plaintext",
       "a client without Markdown gets plain text", r)
    ok(value.startswith("jgflint rank-format (") and "rule page: " in value and
       not re.search(r"\*\*|^#+ |^```|\]\(|^\*", value, re.M),
       "… which reads as text, not Markdown syntax (issue 29)", value)
    s.close()


def fix_corpus():
    files = []
    d = os.path.join(TOP, "testdata", "fix")
    files += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".in.jgf"))
    if os.path.isdir(SHARED):
        for root, dirs, names in os.walk(SHARED):
            dirs.sort()
            files += sorted(os.path.join(root, f) for f in names if not f.endswith(".md"))
    return files


def test_fix_all_corpus():
    files = fix_corpus()
    if not os.path.isdir(SHARED):
        skip("fix-all on the shared samples", "no %s" % SHARED)
    s = Server(capabilities=CAPS_FULL)
    scratch = os.path.join(WORK, "corpus")
    os.makedirs(scratch)
    bad = []
    repaired = others = 0
    for i, f in enumerate(files):
        data = read(f)
        # A copy in a directory without a configuration, as `--fix -` runs there.
        path = os.path.join(scratch, "%03d-%s" % (i, os.path.basename(f)))
        write(path, data)
        uri = uri_of(path)
        s.open(uri, data)
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}}, timeout=60)
        acts = (r or {}).get("result")
        if acts is None:
            bad.append((f, "no answer", r, s.err()[-2000:] if s.ended else ""))
            if s.ended:
                break   # the server is gone: say so once
            continue
        got = apply_edits(data, edits_of(acts[0]["edit"], uri), "utf-16") if acts else data
        want = cli_fix(data, scratch)
        if got == want and got != data and b"json-syntax" in subprocess.run(
                [JGFLINT, "--format", "concise", "-"], input=data, capture_output=True).stdout:
            repaired += 1
        try:
            data.decode("utf-8")
            in_utf8 = True
        except UnicodeDecodeError:
            in_utf8 = False
        if got != want and in_utf8:
            bad.append((f, "differs from --fix -", len(got), len(want)))
        elif not in_utf8:
            others += 1   # the editor holds it decoded; --fix - writes the bytes (SGF: its own set)
        elif want != cli_fix_file(data, scratch):
            bad.append((f, "--fix - and --fix FILE differ"))
        s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    ok(not bad, "fix-all equals `jgflint --fix -` byte for byte on %d files (testdata/fix and "
       "the shared samples; %d files not in UTF-8, which the editor holds decoded, aside)"
       % (len(files) - others, others), bad)
    ok(repaired, "… among them %d that do not parse, repaired as --fix repairs them" % repaired)
    s.close()
    no_garbage(s, "fix-all corpus")


def test_convert():
    sgf = None
    for cand in (os.path.join(SHARED, "sgf"), os.path.join(TOP, "testdata", "convert")):
        if os.path.isdir(cand):
            names = sorted(f for f in os.listdir(cand) if f.endswith(".sgf"))
            if names:
                sgf = os.path.join(cand, names[0])
                break
    coll = os.path.join(TOP, "testdata", "convert", "collection.sgf")
    s = Server(capabilities=CAPS_FULL)
    for src in (sgf, coll):
        data = read(src)
        d = os.path.join(WORK, "convert", os.path.basename(src) + ".d")
        path = os.path.join(d, os.path.basename(src))
        write(path, data)
        uri = uri_of(path)
        s.open(uri, data, lang="sgf")
        m = s.diagnostics(uri)
        codes = [x["code"] for x in m["params"]["diagnostics"]] if m else []
        # Checked in place: the reader's findings and the go rules', not
        # foreign-format; the convert action is offered all the same.
        ok(m is not None and "foreign-format" not in codes,
           "%s: checked in place, no foreign-format finding" % os.path.basename(src), codes)
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        acts = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        # What --convert writes, in a copy of the directory.
        ref = os.path.join(WORK, "convert-ref", os.path.basename(src) + ".d")
        write(os.path.join(ref, os.path.basename(src)), data)
        subprocess.run([JGFLINT, "--convert", os.path.join(ref, os.path.basename(src))],
                       capture_output=True)
        want = {f: read(os.path.join(ref, f)) for f in sorted(os.listdir(ref)) if f.endswith(".jgf")}
        if not ok(len(acts) == 1 and acts[0]["isPreferred"] is False,
                  "%s: an action that converts it" % os.path.basename(src), r):
            continue
        dc = acts[0]["edit"]["documentChanges"]
        creates = [c for c in dc if c.get("kind") == "create"]
        inserts = [c for c in dc if "textDocument" in c]
        got = {}
        for c in inserts:
            name = c["textDocument"]["uri"].rsplit("/", 1)[1]
            got[name] = bytes_of(c["edits"][0]["newText"])
        ok([c["uri"] for c in creates] == [c["textDocument"]["uri"] for c in inserts] and
           all(c["options"] == {"overwrite": False, "ignoreIfExists": False} for c in creates) and
           all(c["uri"].startswith(uri.rsplit("/", 1)[0] + "/") for c in creates),
           "%s: CreateFile then the record's text, beside the document" % os.path.basename(src), dc)
        ok(got == want, "%s: the records (%s) are what jgflint --convert writes" %
           (os.path.basename(src), ", ".join(want)), (sorted(got), sorted(want)))
        # A record that exists already: disabled with the reason.
        for f in want:
            write(os.path.join(d, f), b"{}")
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": text_of(data)}]})
        s.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        s.diagnostics(uri, version=2)
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        acts = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        ok(len(acts) == 1 and "exists" in acts[0].get("disabled", {}).get("reason", "") and
           "edit" not in acts[0],
           "%s: when a record exists, the action is disabled and says why" % os.path.basename(src), acts)
    s.close()
    no_garbage(s, "convert")


def test_jgf_named_foreign():
    # A document named .jgf that holds SGF (or OGS's JSON): foreign-format
    # (an error), the game's own findings beside it, and the action that
    # converts it (issue 47: it passed clean).
    s = Server(capabilities=CAPS_FULL)
    for name, data, also in (
            ("game.jgf", b"(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;B[ee];W[ee])\n", "occupied-point"),
            ("ogs.jgf", read(os.path.join(TOP, "testdata", "rules", "foreign-format", "fail-ogs.jgf")),
             None)):
        path = os.path.join(WORK, "named", name)
        write(path, data)
        uri = uri_of(path)
        s.open(uri, data)
        m = s.diagnostics(uri)
        ds = m["params"]["diagnostics"] if m else []
        codes = [x["code"] for x in ds]
        first = ds[0] if ds else {}
        ok(codes[:1] == ["foreign-format"] and first.get("severity") == 1 and
           "in a file named .jgf" in first.get("message", "") and (also is None or also in codes),
           "%s: foreign-format, an error, and the game's findings" % name, codes)
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        acts = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        ok(len(acts) == 1, "%s: an action that converts it" % name, r)
    s.close()
    no_garbage(s, "jgf named foreign")


# A minimal SGF whose findings name a property (its identifier and its
# values, one escaped `]` and one on the next line), a node's `;`, a move
# and a value.
SGF_RANGES = b"(;GM[1]FF[4]SZ[9]BR[3x]XY[a\\]b]\n  [c]\n;B[dd];;W[dd]\n;B[zz])\n"


def sgf_token_end(text, at):
    """Independently of the server: just past the property (identifier and
    values), the value or the one character an SGF finding at text[at] names."""
    m = re.compile(r"[A-Za-z]+(?:\s*\[(?:\\.|[^\\\]])*\])*|\[(?:\\.|[^\\\]])*\]|.", re.S).match(text, at)
    return m.end()


def test_sgf_ranges():
    # Each SGF finding underlines the property or value it names, as a JGF
    # finding its value (issue 53: every range was empty); with a byte
    # order mark before it, as the CLI places it.
    for name, data in (("ranges.sgf", SGF_RANGES), ("bom.sgf", b"\xef\xbb\xbf" + SGF_RANGES)):
        for enc in ("utf-16", "utf-8"):
            s = Server(capabilities={"general": {"positionEncodings": [enc]}})
            path = os.path.join(WORK, "sgf-ranges", name)
            write(path, data)
            uri = uri_of(path)
            s.open(uri, data, lang="sgf")
            m = s.diagnostics(uri)
            got = got_ranges(m["params"]["diagnostics"]) if m else None
            text = data.decode("utf-8")
            want = []
            for d in cli_json(path):
                a = cli_offset(data, d["line"], d["column"])
                ca = len(data[:a].decode("utf-8"))
                b = len(text[:sgf_token_end(text, ca)].encode("utf-8"))
                want.append((d["rule"], position(data, a, enc), position(data, b, enc)))
            ok(got == want and len(want) == 5,
               "%s, %s: each SGF finding's range is the property or value it names" % (name, enc),
               "got %s\nwant %s" % (got, want))
            if name == "ranges.sgf" and enc == "utf-16":
                # The same, written out: BR[3x]; XY[a\]b] to the [c] of
                # the next line; the empty node's `;`; W[dd]; B[zz].
                exact = [("sgf-kept-property", (0, 17), (0, 23)),
                         ("sgf-unknown-property", (0, 23), (1, 5)),
                         ("sgf-empty-node", (2, 6), (2, 7)), ("occupied-point", (2, 8), (2, 13)),
                         ("sgf-point-value", (3, 2), (3, 6))]
                ok([(c, (a["line"], a["character"]), (b["line"], b["character"]))
                    for c, a, b in got or []] == exact,
                   "ranges.sgf: the ranges, exactly", got)
            s.close()
            no_garbage(s, "SGF ranges")


SJIS = os.path.join(TOP, "testdata", "convert", "sjis-collection.sgf")


def editor_place(data, decoded, at, misread):
    """Where character at of decoded (the file read as CP932) falls in the
    text an editor made of the file's bytes with misread ("latin-1", or
    "utf-8" with U+FFFD for each bad byte): its UTF-8 offset there."""
    b = len(decoded[:at].encode("cp932"))
    return len(data[:b].decode(misread, "replace").encode("utf-8"))


def test_sgf_charset():
    # A Shift_JIS game the editor decoded as Latin-1 (Neovim's fallback) or
    # as UTF-8 (each bad byte a U+FFFD) is sent as that text (issue 53: the
    # server linted it: "valid UTF-8", BR[九段] "not a rank"): the server
    # lints the file, places its findings in the editor's text, and says
    # first how to open it in its own set. Decoded right (as CP932), the
    # findings are the file's at their places, nothing said.
    data = read(SJIS)
    decoded = data.decode("cp932")
    path = os.path.join(WORK, "sgf-charset", "sjis.sgf")
    write(path, data)
    uri = uri_of(path)
    cli = cli_json(path)
    for misread in ("latin-1", "utf-8", None):
        text = data.decode(misread, "replace") if misread else decoded
        raw = text.encode("utf-8")
        s = Server(capabilities=CAPS_FULL)
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "sgf", "version": 1, "text": text}})
        m = s.diagnostics(uri)
        ds = m["params"]["diagnostics"] if m else []
        want = [] if not misread else [(None, {"line": 0, "character": 0},
                                        {"line": 0, "character": 0})]
        for d in cli:
            if not d["line"]:
                want.append((d["rule"], {"line": 0, "character": 0}, {"line": 0, "character": 0}))
                continue
            # The CLI's column counts the characters of the line as read.
            a = line_starts(decoded.encode())[d["line"] - 1]
            a = len(decoded.encode()[:a].decode()) + d["column"] - 1
            b = sgf_token_end(decoded, a)
            if misread:
                a, b = editor_place(data, decoded, a, misread), editor_place(data, decoded, b, misread)
            else:
                a, b = len(decoded[:a].encode()), len(decoded[:b].encode())
            want.append((d["rule"], position(raw, a, "utf-16"), position(raw, b, "utf-16")))
        got = [(d.get("code"), d["range"]["start"], d["range"]["end"]) for d in ds]
        how = misread or "cp932"
        ok(got == want and len(cli) == 7,
           "Shift_JIS read as %s: the file's %d findings (as the CLI's), each on its property in "
           "the editor's text" % (how, len(cli)), "got %s\nwant %s" % (got, want))
        first = ds[0]["message"] if ds else ""
        if misread:
            ok(ds and ds[0]["severity"] == 2 and "another character set" in first and
               ":e ++enc=cp932" in first and "C-x RET r cp932" in first,
               "read as %s: the first finding says the file is cp932 and how to open it so in "
               "Neovim and Emacs" % how, first)
        else:
            ok(not any("another character set" in d["message"] for d in ds),
               "read as cp932: nothing said of the character set", first)
        # Unsaved changes: the editor's text is linted (the file is not it).
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": text + "\n"}]})
        m = s.diagnostics(uri, version=2)
        ds2 = m["params"]["diagnostics"] if m else []
        ok(m and not any("another character set" in d["message"] for d in ds2),
           "read as %s, changed: the buffer's text is checked, nothing said of the file" % how,
           ds2)
        s.close()
        no_garbage(s, "SGF charset " + how)


def test_pull():
    caps = dict(CAPS_FULL)
    caps = json.loads(json.dumps(CAPS_FULL))
    caps["textDocument"]["diagnostic"] = {"dynamicRegistration": False}
    s = Server(capabilities=caps)
    dp = s.init_result["result"]["capabilities"].get("diagnosticProvider")
    ok(dp and dp.get("interFileDependencies") is False,
       "a client that pulls diagnostics: diagnosticProvider", dp)
    path = os.path.join(WORK, "pull", "findings.jgf")
    write(path, FINDINGS)
    uri = uri_of(path)
    s.open(uri, FINDINGS)
    r = s.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    res = (r or {}).get("result") or {}
    ok(res.get("kind") == "full" and [d["code"] for d in res.get("items", [])] ==
       [d["rule"] for d in cli_json(path)], "textDocument/diagnostic: a full report", r)
    r = s.request("textDocument/diagnostic", {"textDocument": {"uri": uri},
                                              "previousResultId": res.get("resultId")})
    ok(r and r["result"]["kind"] == "unchanged", "the same resultId again: unchanged", r)
    time.sleep(0.3)
    ok(not any(m.get("method") == "textDocument/publishDiagnostics" for m in s.messages),
       "nothing is pushed to a client that pulls")
    s.close()


def test_settings():
    d = os.path.join(WORK, "settings")
    cfg = os.path.join(d, ".jgflint.json")
    write(cfg, b'{"ignore": ["rank-format"], "severity": {"unknown-key": "error"}}\n')
    path = os.path.join(d, "sub", "findings.jgf")
    write(path, FINDINGS)
    uri = uri_of(path)
    s = Server(capabilities=CAPS_FULL)
    reg = s.wait(lambda m: m.get("method") == "client/registerCapability", 10)
    ok(reg and reg["params"]["registrations"][0]["method"] == "workspace/didChangeWatchedFiles" and
       "**/.jgflint.json" in json.dumps(reg["params"]),
       "initialized: the server registers a watcher for .jgflint.json", reg)
    s.open(uri, FINDINGS)
    m = s.diagnostics(uri)
    diags = m["params"]["diagnostics"] if m else []
    cli = cli_json(path, cwd=d)
    ok([(x["code"], x["severity"]) for x in diags] ==
       [(c["rule"], {"error": 1, "warning": 2, "info": 3}[c["severity"]]) for c in cli] and
       "rank-format" not in [x["code"] for x in diags],
       "the settings are the CLI's for that path (the .jgflint.json above it)",
       ([x["code"] for x in diags], [c["rule"] for c in cli]))
    write(cfg, b'{"select": ["rank-format"]}\n')
    s.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": uri_of(cfg), "type": 2}]})
    m = s.diagnostics(uri)
    ok(m and [x["code"] for x in m["params"]["diagnostics"]] == ["rank-format"],
       "workspace/didChangeWatchedFiles on .jgflint.json: reloaded, diagnostics again", m)
    # The configuration file itself, opened: its own problems.
    bad = b'{"ignore": ["no-such-rule"], "colour": 1}\n'
    s.open(uri_of(cfg), bad)
    m = s.diagnostics(uri_of(cfg))
    ok(m and m["params"]["diagnostics"] and
       all(x["code"] == "config-error" for x in m["params"]["diagnostics"]),
       "an open .jgflint.json gets its own problems as diagnostics", m)
    s.close()
    os.remove(cfg)
    # initializationOptions over the file's settings.
    write(cfg, b'{"ignore": ["result-format"]}\n')
    s = Server(capabilities=CAPS_FULL, init_options={
        "ignore": ["rank-format"], "severity": {"date-format": "warning", "format": "info"}})
    s.open(uri, FINDINGS)
    m = s.diagnostics(uri)
    diags = m["params"]["diagnostics"] if m else []
    codes = [x["code"] for x in diags]
    ok("rank-format" not in codes and "result-format" not in codes and
       [x["severity"] for x in diags if x["code"] == "date-format"] == [2] and
       [x["severity"] for x in diags if x["code"] == "seki-version-string"] == [3],
       "initializationOptions ignore and severity (a rule, a category) apply over the file's", diags)
    s.close()
    s = Server(capabilities=CAPS_FULL, init_options={"select": "rank-format,no-such-rule"})
    s.open(uri, FINDINGS)
    m = s.diagnostics(uri)
    ok(m and [x["code"] for x in m["params"]["diagnostics"]] == ["rank-format"],
       "initializationOptions select (comma-separated) restricts the rules", m)
    shown = [x for x in s.messages if x.get("method") == "window/showMessage"]
    ok(shown and "no-such-rule" in shown[0]["params"]["message"],
       "an unknown rule in the options is told with window/showMessage", shown)
    s.close()


def test_robustness():
    s = Server()
    path = os.path.join(WORK, "robust", "findings.jgf")
    write(path, FINDINGS)
    uri = uri_of(path)

    def alive(name):
        r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                             "position": {"line": 0, "character": 0}}, timeout=10)
        ok(r is not None and "result" in r, name + ", and the server goes on", r)

    s.open(uri, FINDINGS)
    s.diagnostics(uri)

    def err_null(code, timeout=10):
        return s.wait(lambda m: "error" in m and m.get("id") is None and
                      m["error"]["code"] == code, timeout)

    s.send_raw(b"Content-Type: application/json\r\n\r\n{}")
    ok(err_null(-32700), "a header without Content-Length: a parse error (id null)")
    alive("after a missing Content-Length")
    s.send_raw(b"Content-Length: twelve\r\n\r\n{}")
    ok(err_null(-32700), "Content-Length that is not a number: a parse error")
    alive("after a bad Content-Length")
    s.send_raw(b"garbage without a colon\r\n")
    ok(err_null(-32700), "a header line without a colon: a parse error")
    alive("after a garbage header line")
    s.send_raw(b"Content-Length: " + b"9" * 9000 + b"\r\n\r\n")
    ok(err_null(-32700), "a header line of 9 KB: a parse error")
    alive("after a long header line")
    body = b'{"jsonrpc": "2.0", "id": 99, "method": '
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    ok(err_null(-32700), "a body that is not complete JSON: ParseError")
    alive("after a truncated body")
    body = b'{"jsonrpc": "2.0", "method": "x"} trailing'
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    ok(err_null(-32700), "text after the JSON value: ParseError")
    body = b'[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]'
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    ok(err_null(-32600), "a batch (array): InvalidRequest, and nothing in it is run")
    alive("after a batch")
    s.send({"id": 5, "method": "textDocument/hover"})
    r = s.response(5)
    ok(r and r["error"]["code"] == -32600, "no jsonrpc member: InvalidRequest", r)
    s.send({"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"})
    ok(err_null(-32600), "an id that is an object: InvalidRequest with id null")
    s.send({"jsonrpc": "2.0", "id": 6, "method": 12})
    r = s.response(6)
    ok(r and r["error"]["code"] == -32600, "a method that is not a string: InvalidRequest", r)
    r = s.request("textDocument/definition", {"textDocument": {"uri": uri},
                                              "position": {"line": 0, "character": 0}})
    ok(r and r["error"]["code"] == -32601, "an unknown request: MethodNotFound", r)
    before = len(s.messages)
    s.notify("textDocument/unknownThing", {"x": 1})
    s.notify("$/setTrace", {"value": "verbose"})
    s.notify("$/somethingElse", {})
    s.notify("textDocument/didChange", {"textDocument": {"uri": "file:///never/opened.jgf",
                                                         "version": 2},
                                        "contentChanges": [{"text": "{}"}]})
    s.notify("textDocument/didOpen", {"textDocument": {"uri": 5}})
    alive("unknown notifications, $/ notifications and bad notifications are ignored")
    ok(len(s.messages) == before + 1, "and get no answer", s.messages[before:])
    for params, what in (({"textDocument": {"uri": uri}}, "hover without position"),
                         ({"textDocument": {"uri": uri}, "position": {"line": -1, "character": 0}},
                          "hover with a negative line"),
                         ({"position": {"line": 0, "character": 0}}, "hover without textDocument"),
                         ("a string", "params that are a string")):
        r = s.request("textDocument/hover", params)
        ok(r and r.get("error", {}).get("code") in (-32602,), "%s: InvalidParams" % what, r)
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                                              "range": {"start": {"line": 0}},
                                              "context": {"diagnostics": []}})
    ok(r and r["error"]["code"] == -32602, "codeAction with a bad range: InvalidParams", r)
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                                              "range": {"start": {"line": 0, "character": 0},
                                                        "end": {"line": 0, "character": 0}},
                                              "context": {"only": "quickfix"}})
    ok(r and r["error"]["code"] == -32602, "codeAction with context.only not a list: InvalidParams", r)
    for m in ("textDocument/hover", "textDocument/codeAction", "textDocument/diagnostic"):
        r = s.request(m, {"textDocument": {"uri": "file:///never/opened.jgf"},
                          "position": {"line": 0, "character": 0},
                          "range": {"start": {"line": 0, "character": 0},
                                    "end": {"line": 0, "character": 0}},
                          "context": {"diagnostics": []}})
        ok(r and r.get("error", {}).get("code") == -32602 and "not open" in r["error"]["message"],
           "%s for a document never opened: an error" % m, r)
    # Positions past the end of a line and of the document are clamped.
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 100000, "character": 100000}})
    ok(r and "result" in r, "a position past the end of the document: clamped", r)
    # A message larger than the server reads: an error, its body skipped.
    s.send_raw(b"Content-Length: 2000000000\r\n\r\n")
    ok(err_null(-32600), "a body of 2 GB: refused at once with an error")
    s.p.stdin.close()
    ok(s.p.wait(timeout=20) == 1, "the input ends inside it: exit status 1, no hang")
    ok("Segmentation" not in s.err() and "Assert" not in s.err(), "no crash on standard error",
       s.err())
    no_garbage(s, "robustness")
    # Truncated input in the middle of a body.
    s = Server()
    s.send_raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    s.p.stdin.close()
    ok(s.p.wait(timeout=20) == 1, "the input ends inside a body: exit status 1")
    # LF-only headers are accepted.
    s = Server(initialize=False)
    body = encode({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    s.send_raw(b"content-length: %d\n\n" % len(body) + body)
    ok(s.response(1) is not None, "headers ending with LF alone, in lower case, are read")
    s.close()


def test_hostile_ids():
    # Ids echoed as written (issue 27): an integer json-c cannot hold, minus
    # zero, a string whose bytes are not UTF-8 (answered as the client's
    # decoder reads it: every message is UTF-8).
    s = Server()
    for raw in (b"18446744073709551616", b"-0", b"123456789012345678901234567890",
                b"-9223372036854775809"):
        body = b'{"jsonrpc": "2.0", "id": ' + raw + b', "method": "nothing/here"}'
        s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        m = s.wait(lambda m: "error" in m and m.get("id") == json.loads(raw))
        got = [b for b in s.bodies if b'"id":' + raw + b',' in b or b'"id":' + raw + b'}' in b]
        ok(m is not None and got, "an id of %s is answered with the id as written" %
           raw.decode(), s.bodies[-2:])
    body = b'{"jsonrpc": "2.0", "id": "a\xff\xc3b", "method": "nothing/here"}'
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    m = s.wait(lambda m: "error" in m and m.get("id") == "a\ufffd\ufffdb")
    ok(m is not None, "a string id with bytes that are not UTF-8: echoed with U+FFFD for "
       "each (the message is UTF-8)", s.bodies[-2:])
    # Cancel by an id json-c cannot hold: the request with that id, not
    # another (2^64 and 2^64 + 1 are the same number to json-c).
    path = os.path.join(WORK, "ids", "big.jgf")
    big = big_record(4 << 20)
    write(path, big)
    uri = uri_of(path)
    s.open(uri, big)
    params = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
    for i in (b"18446744073709551616", b"18446744073709551617"):
        body = (b'{"jsonrpc": "2.0", "id": ' + i + b', "method": "textDocument/hover", '
                b'"params": ' + encode(params) + b'}')
        s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    body = b'{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 18446744073709551617}}'
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    a = s.wait(lambda m: m.get("id") == 2 ** 64 and "method" not in m, 60)
    b = s.wait(lambda m: m.get("id") == 2 ** 64 + 1 and "method" not in m, 60)
    ok(a and "result" in a and b and b.get("error", {}).get("code") == -32800,
       "cancelling 2^64 + 1 cancels that request, not 2^64", (a, b))
    s.close()
    no_garbage(s, "hostile ids")


def test_cancel_fix_all_leak():
    # Cancel a fix-all while it runs, ask again (editors do it on every
    # cursor move): the first job's result was leaked, the whole fixed
    # text each time. Fixes at both ends make the edit the whole record.
    mb = 1 if SANITIZER else 3
    players = b' "players": [{"color": "black", "rank": "3 kyu"}, {"color": "white"}]'
    big = big_record(mb << 20).replace(players + b",\n", b"")
    big = b"\xef\xbb\xbf" + big[:big.rindex(b"]") + 1] + b",\n" + players + b"\n}\n"
    path = os.path.join(WORK, "leak", "big.jgf")
    write(path, big)
    uri = uri_of(path)
    s = Server(capabilities=CAPS_FULL)
    s.open(uri, big)
    s.diagnostics(uri, timeout=120)
    params = {"textDocument": {"uri": uri},
              "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
              "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}}

    def rss():
        # After the workers' idle trim (2 s), which gives freed memory back.
        time.sleep(3)
        with open("/proc/%d/status" % s.p.pid) as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) << 10

    version = [1]

    def cycles(k):
        last = None
        for _ in range(k):
            rid = s.start("textDocument/codeAction", params)
            time.sleep(0.05)   # the fix job has started
            s.notify("$/cancelRequest", {"id": rid})
            s.response(rid, timeout=60)
            # Asked again while the cancelled job still runs: it is answered
            # by that job, and a second job comes back later (unless a
            # change came first: then it is stale and dropped).
            t = time.time()
            last = s.request("textDocument/codeAction", params, timeout=120)
            time.sleep(max(0.5, 3 * (time.time() - t)))
            # A change drops the result, so that the next ask starts a job
            # (once the change's lint is done: the fix job then runs at once).
            version[0] += 1
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version[0]},
                                                "contentChanges": [{"text": text_of(big)}]})
            s.diagnostics(uri, version=version[0], timeout=120)
        return last

    last = cycles(3)
    acts = (last or {}).get("result") or []
    edit = edits_of(acts[0]["edit"], uri) if acts else []
    ok(len(acts) == 1 and len(edit) == 1 and len(edit[0]["newText"]) > (mb << 20) // 2,
       "fix-all after a cancel: one edit of the whole record", json.dumps(acts)[:300])
    if SANITIZER:
        skip("the memory of 12 cancelled fix-alls", "not measured under a sanitizer "
             "(LeakSanitizer checks the exit instead)")
    else:
        before = rss()
        cycles(12)
        grown = rss() - before
        ok(grown < 5 * (mb << 20), "12 cancelled fix-alls of a %d MB record: memory grows "
           "%.1f MB (a leak of the fixed text would be %d MB)" % (mb, grown / 2 ** 20, 12 * mb),
           grown)
    r, code = s.close()
    ok(code == 0, "and the server exits cleanly (%s; LeakSanitizer finds no leak)" % code,
       s.err()[-2000:])


# How a user's editor might decode a file it cannot tell the character set
# of: the buffer then is not the file's bytes.
def editor_text(data):
    for enc in ("utf-8", "utf-16"):
        try:
            t = data.decode(enc)
            if enc == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
                continue
            return t
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1")


def test_convert_file_bytes():
    # The convert action converts the file's bytes, as --convert reads them
    # (issue 27): an SGF in Shift_JIS, EUC-KR, GB2312, UTF-16... decoded by
    # the editor in another character set came out as mojibake.
    samples = []
    for sub in ("sgf", "ugf", "gib", "ngf"):
        d = os.path.join(SHARED, sub)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            data = read(os.path.join(d, f))
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                samples.append(os.path.join(d, f))
    if not samples:
        skip("the convert action on non-UTF-8 samples", "no shared samples")
        return
    s = Server(capabilities=CAPS_FULL)
    same = 0
    for src in samples:
        name = os.path.basename(src)
        data = read(src)
        d = os.path.join(WORK, "convert-bytes", os.path.basename(os.path.dirname(src)) + "-" + name)
        path = os.path.join(d, name)
        write(path, data)
        ref = d + ".ref"
        write(os.path.join(ref, name), data)
        subprocess.run([JGFLINT, "--convert", os.path.join(ref, name)], capture_output=True)
        want = {f: read(os.path.join(ref, f)) for f in sorted(os.listdir(ref)) if f.endswith(".jgf")}
        uri = uri_of(path)
        text = editor_text(data)
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "sgf", "version": 1, "text": text}})
        s.diagnostics(uri)
        params = {"textDocument": {"uri": uri},
                  "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                  "context": {"diagnostics": []}}
        r = s.request("textDocument/codeAction", params)
        acts = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        got = {}
        for c in (acts[0].get("edit", {}).get("documentChanges", []) if acts else []):
            if "textDocument" in c:
                got[c["textDocument"]["uri"].rsplit("/", 1)[1]] = bytes_of(c["edits"][0]["newText"])
        same += got == want and bool(want)
        # Unsaved changes in a file that is not UTF-8: nothing converted, and why.
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": text + "\n"}]})
        s.diagnostics(uri, version=2)
        r = s.request("textDocument/codeAction", params)
        acts2 = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        ok(len(acts2) == 1 and "edit" not in acts2[0] and
           "not UTF-8" in acts2[0].get("disabled", {}).get("reason", ""),
           "%s with unsaved changes: the action is disabled and says why" % name, acts2)
        # Saved: the file's bytes again.
        s.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        r = s.request("textDocument/codeAction", params)
        acts3 = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        ok(len(acts3) == 1 and "edit" in acts3[0], "%s saved: converted again" % name, acts3)
    ok(same == len(samples), "the convert action writes what jgflint --convert writes for "
       "%d of %d samples that are not UTF-8, opened in an editor's other decoding" %
       (same, len(samples)))
    s.close()
    no_garbage(s, "convert file bytes")


def test_convert_command():
    # A client without workspaceEdit.documentChanges (Neovim 0.7) or
    # resource operations (Eglot) is offered the convert action as a command
    # the server carries out (issue 31): the files --convert writes.
    src = os.path.join(TOP, "testdata", "convert", "collection.sgf")
    data = read(src)
    for caps, who in (({"textDocument": {"codeAction": {"codeActionLiteralSupport": {
                          "codeActionKind": {"valueSet": ["quickfix"]}}}}}, "no documentChanges"),
                      ({"workspace": {"workspaceEdit": {"documentChanges": True}}},
                       "documentChanges without create")):
        s = Server(capabilities=caps)
        ok("jgflint.convert" in s.init_result["result"]["capabilities"].get(
            "executeCommandProvider", {}).get("commands", []),
           "%s: the server offers the command jgflint.convert" % who, s.init_result)
        d = os.path.join(WORK, "command", who.replace(" ", "-"))
        path = os.path.join(d, "collection.sgf")
        write(path, data)
        ref = d + ".ref"
        write(os.path.join(ref, "collection.sgf"), data)
        subprocess.run([JGFLINT, "--convert", os.path.join(ref, "collection.sgf")],
                       capture_output=True)
        want = {f: read(os.path.join(ref, f)) for f in sorted(os.listdir(ref)) if f.endswith(".jgf")}
        uri = uri_of(path)
        s.open(uri, data, lang="sgf")
        s.diagnostics(uri)
        params = {"textDocument": {"uri": uri},
                  "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                  "context": {"diagnostics": []}}
        r = s.request("textDocument/codeAction", params)
        acts = [a for a in (r or {}).get("result") or [] if "convert" in a["title"]]
        cmd = acts[0].get("command") if acts else None
        if not ok(len(acts) == 1 and "edit" not in acts[0] and cmd and
                  cmd["command"] == "jgflint.convert" and cmd["arguments"] == [uri],
                  "%s: the convert action is the command jgflint.convert" % who, r):
            s.close()
            continue
        r = s.request("workspace/executeCommand", {"command": cmd["command"],
                                                   "arguments": cmd["arguments"]})
        got = {f: read(os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith(".jgf")}
        told = [m for m in s.messages if m.get("method") == "window/showMessage" and
                "converted" in m["params"]["message"]]
        ok(r and "result" in r and got == want and told,
           "%s: the command writes what jgflint --convert writes (%s), and says so" %
           (who, ", ".join(want)), (r, sorted(got), sorted(want)))
        before = dict(got)
        r = s.request("workspace/executeCommand", {"command": cmd["command"],
                                                   "arguments": cmd["arguments"]})
        got = {f: read(os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith(".jgf")}
        ok(r and r.get("error") and "exists" in r["error"]["message"] and got == before,
           "%s: run again, it replaces nothing and says why" % who, r)
        r = s.request("workspace/executeCommand", {"command": "jgflint.nothing", "arguments": [uri]})
        ok(r and r.get("error", {}).get("code") == -32602, "%s: an unknown command: InvalidParams"
           % who, r)
        s.close()
        no_garbage(s, "convert command " + who)


def test_sgf_command():
    # jgflint.convertToSgf (issue 40, every front end): the open document
    # as SGF, as jgflint --convert --to sgf --sgf-collection writes it; the
    # server answers with the text and writes nothing.
    s = Server()
    ok("jgflint.convertToSgf" in s.init_result["result"]["capabilities"].get(
        "executeCommandProvider", {}).get("commands", []),
       "the server offers the command jgflint.convertToSgf", s.init_result)
    d = os.path.join(WORK, "tosgf")

    def convert(uri):
        return s.request("workspace/executeCommand", {"command": "jgflint.convertToSgf",
                                                      "arguments": [uri]})

    def cli_sgf(path):
        return subprocess.run([JGFLINT, "--convert", "--to", "sgf", "--sgf-collection",
                               "--output", "-", path], capture_output=True).stdout.decode("utf-8")

    # A JGF record (early v2, fixed as --fix fixes it), with a key SGF cannot hold.
    rec = (b'{"record": {"format": "JGF", "version": "2.0.0"}, "game": {"name": "A"}, '
           b'"tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}}], "x": 1}\n')
    path = os.path.join(d, "game.jgf")
    write(path, rec)
    uri = uri_of(path)
    s.open(uri, rec)
    s.diagnostics(uri)
    before = sorted(os.listdir(d))
    r = convert(uri)
    res = (r or {}).get("result") or {}
    ok(res.get("sgf") == cli_sgf(path) and "GN[A]" in res.get("sgf", "") and
       res.get("name") == "game.sgf" and res.get("games") == 1 and
       "not in SGF: /x" in res.get("messages", "") and sorted(os.listdir(d)) == before,
       "a JGF record: the SGF --convert --to sgf writes, its name, the notes; no file written",
       (r, cli_sgf(path)))
    # Unsaved changes: the buffer is converted (the file is UTF-8).
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": text_of(rec.replace(b'"A"', b'"B"'))}]})
    s.diagnostics(uri, 2)
    r = convert(uri)
    ok("GN[B]" in ((r or {}).get("result") or {}).get("sgf", ""),
       "after an edit, the buffer's text is converted", r)
    # A collection of SGF: every game, in one collection.
    src = os.path.join(TOP, "testdata", "convert", "collection.sgf")
    path = os.path.join(d, "collection.sgf")
    write(path, read(src))
    uri = uri_of(path)
    s.open(uri, read(src), lang="sgf")
    s.diagnostics(uri)
    r = convert(uri)
    res = (r or {}).get("result") or {}
    ok(res.get("sgf") == cli_sgf(path) and res.get("games") == 3 and
       res.get("name") == "collection.sgf" and "sgf-result-read" in res.get("messages", ""),
       "an SGF collection: its 3 games as --convert --to sgf --sgf-collection writes them",
       (r, cli_sgf(path)))
    # An SGF whose spellings the record rewrites: the notes say each in a
    # player's words, the property as read and as written (issue 53: they
    # named /meta/sgf/BR alone), as --convert --to sgf says them.
    game = "(;GM[1]FF[4]CA[UTF-8]SZ[19]BR[3段]RE[白中押し勝ち]DT[25 November 2000];B[dd])\n".encode()
    path = os.path.join(d, "ranks.sgf")
    write(path, game)
    uri = uri_of(path)
    s.open(uri, game, lang="sgf")
    s.diagnostics(uri)
    r = convert(uri)
    notes = ((r or {}).get("result") or {}).get("messages", "")
    cli = subprocess.run([JGFLINT, "--convert", "--to", "sgf", "--sgf-collection", "--output", "-",
                          path], capture_output=True).stderr.decode("utf-8")
    said = [l.split(": note: ", 1)[1] for l in notes.splitlines() if "not in SGF" in l]
    ok(said == [l.split(": note: ", 1)[1] for l in cli.splitlines() if "not in SGF" in l] and
       "not in SGF: /meta/sgf/BR: BR[3段] as read, written as BR[3d] from the record" in said and
       "not in SGF: /meta/sgf/RE: RE[白中押し勝ち] as read, written as RE[W+R] from the record" in said and
       any(x.startswith("not in SGF: /meta/sgf/DT: DT[25 November 2000] as read, written as "
                        "DT[2000-11-25] from the record's dates") for x in said),
       "an SGF converted to SGF: each spelling rewritten named as read and as written, as the "
       "CLI's --convert --to sgf says it", (notes, cli))
    # What cannot be converted: an error, not a crash.
    path = os.path.join(d, "broken.jgf")
    write(path, b"hello\n")
    uri = uri_of(path)
    s.open(uri, b"hello\n")
    s.diagnostics(uri)
    r = convert(uri)
    ok(r and r.get("error", {}).get("code") == -32803 and
       "nothing to convert to SGF" in r["error"]["message"],
       "text that is no record: RequestFailed, nothing to convert to SGF", r)
    path = os.path.join(d, ".jgflint.json")
    write(path, b'{"ignore": ["unknown-key"]}\n')
    uri = uri_of(path)
    s.open(uri, b'{"ignore": ["unknown-key"]}\n')
    r = convert(uri)
    ok(r and r.get("error", {}).get("code") == -32803 and
       "configuration file" in r["error"]["message"],
       "a configuration file: RequestFailed, not a record", r)
    r = s.request("workspace/executeCommand", {"command": "jgflint.convertToSgf", "arguments": []})
    ok(r and r.get("error", {}).get("code") == -32602, "no document named: InvalidParams", r)
    r = s.request("workspace/executeCommand", {"command": "jgflint.convertToSgf",
                                               "arguments": [uri_of(os.path.join(d, "not-open.jgf"))]})
    ok(r and r.get("error", {}).get("code") == -32602, "a document not open: InvalidParams", r)
    r, code = s.close()
    ok(code == 0, "test_sgf_command: the server exits 0", code)
    no_garbage(s, "convertToSgf")


def test_config_without_watch():
    # A client that does not watch files (Neovim 0.7) is not told of a
    # .jgflint.json written from outside: the server looks for it and at its
    # time at each lint (issue 31): one that appears, changes, goes.
    d = os.path.join(WORK, "nowatch")
    path = os.path.join(d, "findings.jgf")
    write(path, FINDINGS)
    cfg = os.path.join(d, ".jgflint.json")
    s = Server(capabilities={})
    uri = uri_of(path)
    s.open(uri, FINDINGS)
    m = s.diagnostics(uri)
    before = sorted({x["code"] for x in m["params"]["diagnostics"]}) if m else []
    version = [1]

    def relint(what, content):
        if content is None:
            os.unlink(cfg)
        else:
            write(cfg, content)
            t = time.time() + version[0]
            os.utime(cfg, (t, t))   # a time of its own even on a coarse clock
        version[0] += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version[0]},
                                            "contentChanges": [{"text": text_of(FINDINGS)}]})
        m = s.diagnostics(uri, version=version[0])
        return sorted({x["code"] for x in m["params"]["diagnostics"]}) if m else []

    got = relint("appears", b'{"ignore": ["rank-format"]}\n')
    ok("rank-format" in before and got == sorted(set(before) - {"rank-format"}),
       "a configuration written from outside applies at the next lint, unwatched",
       (before, got))
    got = relint("changes", b'{"ignore": ["unknown-key"]}\n')
    ok(got == sorted(set(before) - {"unknown-key"}) and "rank-format" in got,
       "one changed from outside too", (before, got))
    got = relint("goes", None)
    ok(got == before, "and one removed: the defaults again", got)
    s.close()
    no_garbage(s, "config without watch")

def test_ignore_rule():
    # "Ignore this rule", as the page's button (its settings' "ignore"
    # list): the rule added to the "ignore" list of the .jgflint.json that
    # applies to the document, by one insertion (the rest of the file as
    # written), or a new .jgflint.json beside the document (issue 37).
    d = os.path.join(WORK, "ignore")
    path = os.path.join(d, "sub", "findings.jgf")
    write(path, FINDINGS)
    uri = uri_of(path)
    cfg = os.path.join(d, "sub", ".jgflint.json")
    before = sorted({x["rule"] for x in cli_json(path)})

    def ignore_acts(s, rule=None, version=None):
        m = s.diagnostics(uri, version=version)
        diags = m["params"]["diagnostics"] if m else []
        found = [x for x in diags if x["code"] == (rule or "rank-format")]
        if not found:
            return []
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": found[0]["range"],
            "context": {"diagnostics": [found[0]], "only": ["quickfix"]}})
        return [a for a in (r or {}).get("result") or [] if "ignore" in a["title"]]

    def rules_with(config):
        write(cfg, config)
        return sorted({x["rule"] for x in cli_json(path)})

    s = Server(capabilities=CAPS_FULL)
    s.open(uri, FINDINGS)
    acts = ignore_acts(s)
    ok(len(acts) == 1 and acts[0]["kind"] == "quickfix" and acts[0]["isPreferred"] is False and
       acts[0]["title"] == "jgflint: ignore rank-format (a new .jgflint.json beside this file)",
       "no configuration file: one action that ignores the finding's rule, never preferred", acts)
    dc = acts[0]["edit"]["documentChanges"] if acts else []
    new = uri_of(cfg)
    ok(len(dc) == 2 and dc[0] == {"kind": "create", "uri": new,
                                  "options": {"overwrite": False, "ignoreIfExists": False}} and
       dc[1]["textDocument"]["uri"] == new,
       "... creates .jgflint.json beside the record (never over a file)", dc)
    text = apply_edits(b"", edits_of(acts[0]["edit"], new), "utf-16") if acts else b""
    ok(rules_with(text) == sorted(set(before) - {"rank-format"}),
       "... whose text makes jgflint ignore that rule, and only it", text)
    s.close()

    # An existing file: one insertion, formatting kept.
    cases = [
        (b'{\n  "severity": {"unknown-key": "error"}\n}\n',
         b'{\n  "ignore": ["rank-format"],\n  "severity": {"unknown-key": "error"}\n}\n'),
        (b'{"ignore": ["unknown-key"]}', b'{"ignore": ["unknown-key", "rank-format"]}'),
        (b'{"ignore": [ ], "select": ["all"]}', b'{"ignore": ["rank-format" ], "select": ["all"]}'),
        (b'{}', b'{"ignore": ["rank-format"]}'),
        (b'{"max-warnings": 3}', b'{"ignore": ["rank-format"], "max-warnings": 3}'),
        (b'', b'{\n  "ignore": ["rank-format"]\n}\n'),
    ]
    for config, want in cases:
        write(cfg, config)
        s = Server(capabilities=CAPS_FULL)
        s.open(uri, FINDINGS)
        acts = ignore_acts(s)
        got = apply_edits(config, edits_of(acts[0]["edit"], uri_of(cfg)), "utf-16") if acts else None
        ok(acts and acts[0]["title"] ==
           'jgflint: ignore rank-format (add it to "ignore" in .jgflint.json)' and got == want and
           acts[0]["edit"]["documentChanges"][0]["textDocument"]["version"] is None,
           "a configuration file %r: the rule added to its \"ignore\" list in place" % config,
           (acts, got))
        s.close()
    ok(rules_with(cases[1][1]) == sorted(set(before) - {"rank-format", "unknown-key"}),
       "... and jgflint reads the edited file: both rules ignored")

    # Refused where the page refuses: not an object with an "ignore" list.
    for config, why in ((b'[1]', "is not a JSON object"), (b'{"ignore": "x"}', "is not a list"),
                        (b'{"ignore": ["unknown-key"],}', "is not a JSON object")):
        write(cfg, config)
        s = Server(capabilities=CAPS_FULL)
        s.open(uri, FINDINGS)
        acts = ignore_acts(s)
        ok(len(acts) == 1 and "edit" not in acts[0] and why in acts[0]["disabled"]["reason"],
           "a configuration %r: the action disabled, saying why" % config, acts)
        s.close()

    # The configuration open in the editor: its unsaved text, its version;
    # a file further up is named by its path.
    os.unlink(cfg)
    up = os.path.join(d, ".jgflint.json")
    write(up, b'{"ignore": []}\n')
    s = Server(capabilities=CAPS_FULL)
    s.open(uri_of(up), b'{"ignore": ["unknown-key"]}\n', version=5)
    s.open(uri, FINDINGS)
    acts = ignore_acts(s)
    tde = acts[0]["edit"]["documentChanges"][0] if acts else {}
    ok(acts and acts[0]["title"] == 'jgflint: ignore rank-format (add it to "ignore" in %s)' % up and
       tde["textDocument"] == {"uri": uri_of(up), "version": 5} and
       apply_edits(b'{"ignore": ["unknown-key"]}\n', tde["edits"], "utf-16") ==
       b'{"ignore": ["unknown-key", "rank-format"]}\n',
       "an open configuration file further up: its editor text and version are edited", acts)
    s.close()
    os.unlink(up)

    # A client that cannot create files through an edit (Neovim 0.7,
    # Eglot): the command jgflint.ignoreRule, which the server carries out
    # (issue 53: the action was disabled, and Neovim 0.7 shows no disabled
    # action), never over a file; with `changes` once the file is there.
    for caps in ({"textDocument": {"codeAction": {"disabledSupport": True}}}, {}):
        s = Server(capabilities=caps)
        s.open(uri, FINDINGS)
        acts = ignore_acts(s)
        cmd = acts[0].get("command", {}) if acts else {}
        ok(len(acts) == 1 and "edit" not in acts[0] and "disabled" not in acts[0] and
           cmd.get("command") == "jgflint.ignoreRule" and cmd.get("arguments") == [uri, "rank-format"],
           "no configuration file, a client that cannot create files%s: the command jgflint.ignoreRule"
           % (" (it shows disabled actions)" if caps else ""), acts)
        if not caps:
            break
        s.close()
    ok("jgflint.ignoreRule" in s.init_result["result"]["capabilities"]
       .get("executeCommandProvider", {}).get("commands", []),
       "... which initialize lists among the server's commands", s.init_result)
    r = s.request("workspace/executeCommand", cmd)
    m = s.diagnostics(uri)
    codes = {x["code"] for x in m["params"]["diagnostics"]} if m else set()
    ok(r and r.get("result", 1) is None and os.path.exists(cfg) and
       json.loads(read(cfg)) == {"ignore": ["rank-format"]} and "rank-format" not in codes and
       codes == set(before) - {"rank-format"} and
       any(x.get("method") == "window/showMessage" and ".jgflint.json" in x["params"]["message"]
           for x in s.messages),
       "... run: .jgflint.json written beside the record with the rule ignored, the record "
       "checked again without it, and the user told", (r, codes))
    write(cfg, b'{"ignore": []}\n')
    r = s.request("workspace/executeCommand", cmd)
    ok(r and r.get("error", {}).get("code") == -32803 and read(cfg) == b'{"ignore": []}\n',
       "... run again where a configuration applies: RequestFailed, the file left alone", r)
    r = s.request("workspace/executeCommand", {"command": "jgflint.ignoreRule",
                                               "arguments": [uri, "no-such-rule"]})
    ok(r and r.get("error", {}).get("code") == -32602, "... with no rule: InvalidParams", r)
    s.close()
    os.unlink(cfg)
    write(cfg, b'{}')
    s = Server(capabilities={})
    s.open(uri, FINDINGS)
    acts = ignore_acts(s)
    ok(len(acts) == 1 and list(acts[0]["edit"]["changes"]) == [uri_of(cfg)],
       "a client without documentChanges: the edit as `changes`", acts)
    s.close()
    os.unlink(cfg)
    no_garbage(s, "ignore rule")


def hover_value(s, uri, pos):
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": pos})
    res = (r or {}).get("result") or {}
    return res.get("contents", {}).get("value", "")


def board_of(value):
    """The board of a hover read back, as --format text draws it (the
    library's jgf_finding_board and jgf_position_board: issue 38)."""
    return finding_board_of(value.splitlines())


def finding_board_of(lines):
    """A board in a hover, as --format text draws it (without its gutter):
    the caption, the column names, a row per line with its name either
    side, the column names again, the legend's one line. Returns
    {(column, row): cell} with the edges' names as written ("C", "7"; "29",
    "19" beyond 25 columns), each cell its three characters (" X ", "[.]",
    "(O)"), and the legend's marks, one by one."""
    head = next((i for i, l in enumerate(lines) if
                 re.fullmatch(r" +([A-Z]( +[A-Z])+|[0-9]+( +[0-9]+)+)", l)), None)
    if head is None:
        return {}, []
    cols = lines[head].split()
    at = lines[head].index(cols[0]) - 1
    cells, i = {}, head + 1
    while i < len(lines) and lines[i] != lines[head]:
        row = lines[i][:at].strip()
        for k, c in enumerate(cols):
            cells[(c, row)] = lines[i][at + 3 * k:at + 3 * k + 3]
        i += 1
    legend = []
    if i + 1 < len(lines) and lines[i + 1].strip() and not lines[i + 1].startswith("```"):
        legend = lines[i + 1].strip().split("; ")
    return cells, legend


SGF_HOVER = (b"(;GM[1]FF[4]SZ[9]AB[cc]C[x]\n"
             b";B[aa](;W[bb];;B[dd](;W[ee])(;W[ff]))(;W[gg]))\n"
             b"(;GM[1]FF[4]SZ[9];B[ei];W[ie])\n")


def test_sgf_hover():
    # Hover on an SGF move or setup shows the board at its node, as on a
    # JGF record's (issue 53: nothing): variations, a node without
    # properties (left out of the record), the second game of a collection.
    def name(pt):
        return "ABCDEFGHJ"[ord(pt[0]) - 97], str(9 - (ord(pt[1]) - 97))
    # Each move: its number on its line, and the stones standing then.
    moves = {"B[aa]": (1, ["cc"], []), "W[bb]": (2, ["cc", "aa"], []),
             "B[dd]": (3, ["cc", "aa"], ["bb"]), "W[ee]": (4, ["cc", "aa", "dd"], ["bb"]),
             "W[ff]": (4, ["cc", "aa", "dd"], ["bb"]), "W[gg]": (2, ["cc", "aa"], []),
             "B[ei]": (1, [], []), "W[ie]": (2, ["ei"], [])}
    s = Server(capabilities=CAPS_FULL)
    path = os.path.join(WORK, "sgf-hover", "games.sgf")
    write(path, SGF_HOVER)
    uri = uri_of(path)
    s.open(uri, SGF_HOVER, lang="sgf")
    s.diagnostics(uri)
    for prop, (number, black, white) in moves.items():
        at = SGF_HOVER.index(prop.encode())
        color = "X" if prop[0] == "B" else "O"
        for where in (at, at + 2):   # on its identifier, on its value
            value = hover_value(s, uri, position(SGF_HOVER, where, "utf-16"))
            cells, legend = board_of(value)
            marked = {k for k, c in cells.items() if c.startswith("[")}
            stones = {k for k, c in cells.items() if c.strip(" []") in "XO" and c.strip()}
            want = {name(p) for p in black + white} | {name(prop[2:4])}
            ok(("after move %d," % number) in value and marked == {name(prop[2:4])} and
               cells.get(name(prop[2:4])) == "[%s]" % color and stones == want and
               all(cells[name(p)] == " X " for p in black) and
               all(cells[name(p)] == " O " for p in white),
               "hover on %s (%s): the board after move %d, the move marked, the stones of its line"
               % (prop, "identifier" if where == at else "value", number), value)
    value = hover_value(s, uri, position(SGF_HOVER, SGF_HOVER.index(b"AB[cc]") + 3, "utf-16"))
    cells, legend = board_of(value)
    ok(cells.get(("C", "7")) == "[X]" and "the setup point" in value,
       "hover on the root's AB[cc]: the board with its setup point marked", value)
    for what in (b"C[x]", b"GM[1]"):
        value = hover_value(s, uri, position(SGF_HOVER, SGF_HOVER.index(what) + 1, "utf-16"))
        ok(value == "", "hover on %s: nothing (no move, no setup)" % what.decode(), value)
    # Hover on an SGF file's go finding: the board --format text draws
    # under it (jgf_finding_board), the finding's points marked (issue 50).
    for name, text, code, cells_want, legend_want in (
            ("occupied.sgf", b"(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee]\n;W[cc])\n", "occupied-point",
             {("C", "7"): "[X]", ("D", "6"): " O ", ("E", "5"): " X "},
             ["[X] move 4, white, on the black stone of move 1"]),
            ("ko.sgf", b"(;GM[1]FF[4]SZ[9];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[cb];W[bb]\n;B[cb];W[gg])\n",
             "ko-retake", {("C", "8"): "[x]", ("B", "8"): "(O)"},
             ["[x] move 9, black, not played", "(O) what it would capture"])):
        p = os.path.join(WORK, "sgf-hover", name)
        write(p, text)
        u = uri_of(p)
        s.open(u, text, lang="sgf")
        m = s.diagnostics(u)
        ds = [d for d in (m["params"]["diagnostics"] if m else []) if d["code"] == code]
        if not ok(ds, "%s in %s" % (code, name), m):
            continue
        value = hover_value(s, u, ds[0]["range"]["start"])
        cells, legend = board_of(value)
        ok(len(cells) == 81 and all(cells.get(k) == c for k, c in cells_want.items()) and
           legend == legend_want and value.index("```text") < value.index("`%s`" % code),
           "hover on %s in an SGF file: the board under it, its points marked, "
           "the legend, then the rule" % code, value)
    s.close()
    no_garbage(s, "SGF hover")


# SGF whose nodes the reader splits or joins (issue 73: hover showed no
# board on any move after the first such node): two moves in a node, a
# setup with a move, a root without its `;`, and the same in variations.
SGF_SPLIT = (
    ("two-moves.sgf", b"(;GM[1]FF[4]SZ[9];B[cc]W[dd];B[ee]\n;W[ff])\n"),
    ("setup-move.sgf", b"(;GM[1]FF[4]SZ[9];AB[aa]B[cc];W[dd]AW[bb];B[ee];W[ff])\n"),
    ("lost-semicolon.sgf", b"(GM[1]FF[4]SZ[9]\nPB[x];B[cc];W[dd];B[ee])\n"),
    ("variations.sgf", b"(;GM[1]FF[4]SZ[9];B[aa]W[bb](;B[cc]W[dd];B[ee])(;B[gg]W[hh])(;W[ii]))\n"),
    # A variation that opens without its `;`, and a move beside its setup
    # and comment in one, after a pass.
    ("variation-lost-semicolon.sgf", b"(;GM[1]FF[4]SZ[9];B[aa](W[bb];B[cc])(;W[dd]B[ee]))\n"),
    ("variation-setup-move.sgf", b"(;GM[1]FF[4]SZ[9];B[];W[aa](;AB[ii]C[x]B[cc];W[dd])"
     b"(;B[gg]AW[hh]W[ee]))\n"),
)


def sgf_moves(data):
    """Each move of a game without variations, or of one whose variations
    branch once after its first moves: (offset, colour, point, number on
    its line), the point as the text board names it; a pass (B[], B[tt])
    numbered, not listed."""
    moves, number, stack = [], 0, []
    for m in re.finditer(rb"[()]|(?<![A-Z])([BW])\[([a-s]{2}|tt|)\]", data):
        if m.group(0) == b"(":
            stack.append(number)
        elif m.group(0) == b")":
            number = stack.pop() if stack else number
        else:
            number += 1
            if m.group(2) not in (b"", b"tt"):
                moves.append((m.start(), m.group(1).decode(), m.group(2).decode(), number))
    return moves


def board_name(pt, size):
    return "ABCDEFGHJKLMNOPQRST"[ord(pt[0]) - 97], str(size - (ord(pt[1]) - 97))


def test_sgf_hover_split():
    cases = list(SGF_SPLIT)
    sample = os.path.join(SHARED, "sgf", "nihon-kiin.sgf")
    if os.path.exists(sample):
        cases.append(("nihon-kiin.sgf", read(sample)))
    else:
        skip("hover on the moves of nihon-kiin.sgf", "no shared samples")
    s = Server(capabilities=CAPS_FULL)
    for name, data in cases:
        path = os.path.join(WORK, "sgf-hover-split", name)
        write(path, data)
        uri = uri_of(path)
        s.open(uri, data, lang="sgf")
        s.diagnostics(uri)
        size = 9 if b"SZ[9]" in data else 19
        moves = sgf_moves(data)
        bad = []
        for at, color, pt, number in moves:
            for where in (at, at + 2):   # on its identifier, on its value
                value = hover_value(s, uri, position(data, where, "utf-16"))
                cells, legend = board_of(value)
                marked = {k for k, c in cells.items() if c.startswith("[")}
                want = board_name(pt, size)
                if not (("after move %d," % number) in value and marked == {want} and
                        cells.get(want) == "[%s]" % ("X" if color == "B" else "O")):
                    bad.append((at, where, color + pt, number, value))
        ok(moves and not bad, "%s: hover on each of its %d moves (identifier and value) shows "
           "the board after it, the move marked" % (name, len(moves)), bad)
    data = SGF_SPLIT[1][1]
    for prop, point in ((b"AB[aa]", "aa"), (b"AW[bb]", "bb")):
        value = hover_value(s, uri_of(os.path.join(WORK, "sgf-hover-split", SGF_SPLIT[1][0])),
                            position(data, data.index(prop) + 3, "utf-16"))
        cells, legend = board_of(value)
        ok(cells.get(board_name(point, 9)) in ("[X]", "[O]") and "the setup point" in value,
           "setup-move.sgf: hover on %s beside a move: the board with its setup point marked"
           % prop.decode(), value)
    # The neighbours: a GIB and an NGF game, a move a line.
    for sample, lang, move in (("gib/utf8.gib", "gib", rb"STO \d+ \d+ \d+ \d+ \d+"),
                               ("ngf/even.ngf", "ngf", rb"PM[A-Z]{2}\d*[BW][A-Z]{4}")):
        path = os.path.join(SHARED, sample)
        if not os.path.exists(path):
            skip("hover on the moves of %s" % sample, "no shared samples")
            continue
        data = read(path)
        uri = uri_of(path)
        s.open(uri, data, lang=lang)
        s.diagnostics(uri)
        lines = [m.start() for m in re.finditer(rb"(?m)^" + move, data)][:30]
        bad = [(k + 1, value) for k, at in enumerate(lines)
               for value in [hover_value(s, uri, position(data, at + 3, "utf-16"))]
               if "after move %d," % (k + 1) not in value]
        ok(lines and not bad, "%s: hover on each of its first %d moves shows the board after it"
           % (sample, len(lines)), bad[:3])
    s.close()
    no_garbage(s, "SGF hover on split nodes")


SGF_FIXES = b"(;GM[1]FF[4]SZ[9]KM[five and a half]BR[3 dan]\n;B[cc];W[dd])\n"


def test_sgf_quick_fix():
    # A check of SGF marks what --fix repairs, as a JGF record's (issue 50):
    # the finding --fix repairs carries its fix, offered as a quick fix
    # whose edit is what --fix writes; the one it leaves (a rank in words)
    # offers none.
    s = Server(capabilities=CAPS_FULL)
    path = os.path.join(WORK, "sgf-fix", "game.sgf")
    write(path, SGF_FIXES)
    uri = uri_of(path)
    s.open(uri, SGF_FIXES, lang="sgf")
    m = s.diagnostics(uri)
    diags = m["params"]["diagnostics"] if m else []
    got = [(d["code"], ((d.get("data") or {}).get("fix") or {}).get("safety")) for d in diags]
    cli = [(c["rule"], c.get("fix")) for c in cli_json(path)]
    ok(got == cli == [("sgf-komi-read", "safe"), ("sgf-rank-read", None)],
       "an SGF's findings carry the fixes jgflint --format json gives them", (got, cli))
    full = {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": full,
                                              "context": {"diagnostics": [], "only": ["quickfix"]}})
    # (the action that converts it aside)
    acts = [a for a in (r or {}).get("result") or [] if a["title"].startswith("jgflint (")]
    ok(len(acts) == 1 and acts[0]["isPreferred"] is True and
       acts[0]["title"] == "jgflint (sgf-komi-read): write 5.5" and
       acts[0]["diagnostics"][0]["code"] == "sgf-komi-read",
       "one quick fix, the komi's, preferred (safe)", [a["title"] for a in acts])
    if acts:
        fixed = apply_edits(SGF_FIXES, edits_of(acts[0]["edit"], uri), "utf-16")
        ok(fixed == SGF_FIXES.replace(b"five and a half", b"5.5") ==
           cli_fix(SGF_FIXES, os.path.dirname(path)),
           "applied, it writes KM[5.5], as jgflint --fix does", fixed)
    s.close()
    no_garbage(s, "SGF quick fix")


def go_record(width, height, nodes, board_extra=""):
    size = ('"size": %d' % width) if width == height else ('"width": %d, "height": %d' % (width, height))
    return ('{"record": {"format": "JGF", "version": 2},\n'
            ' "players": [{"color": "black"}, {"color": "white"}],\n'
            ' "board": {%s%s},\n "tree": [\n  {}' % (size, board_extra) +
            "".join(",\n  " + n for n in nodes) + "\n ]}\n").encode()


def mv(color, x, y):
    return '{"move": {"color": "%s", "x": %d, "y": %d}}' % (color, x, y)


def test_one_replay():
    # One replay per lint result (issue 51): the server draws the boards of
    # up to 100 go findings from the positions the lint's replay kept with
    # them (jgf_finding_board), never with a replay of its own a finding
    # (jgf_result_position in server/jobs.c passed every other test, and
    # tripled an edit's latency). gdb counts the replays (replay_new: the
    # lint's replay_start and replay_positions both make one) while the
    # server lints a record with 120 occupied points, one a variation.
    gdb = shutil.which("gdb")
    if not gdb or SANITIZER:
        skip("one replay per lint result", "needs gdb, and a build without a sanitizer")
        return
    node = {"move": {"color": "black", "x": 2, "y": 2}}
    doc = {"version": 2, "board": {"size": 9},
           "tree": [node, {"variations": [[{"move": {"color": "white", "x": 2, "y": 2}}]
                                          for _ in range(120)]}]}
    data = json.dumps(doc, indent=1).encode()
    path = os.path.join(WORK, "one-replay", "game.jgf")
    write(path, data)
    log = os.path.join(WORK, "one-replay", "gdb.log")
    script = os.path.join(WORK, "one-replay", "count.gdb")
    write(script, ("set logging file %s\nset logging redirect on\nset logging overwrite on\n"
                   "set logging enabled on\nset pagination off\nset confirm off\n"
                   "set $n = 0\nbreak replay_new\ncommands\nsilent\nset $n = $n + 1\n"
                   "continue\nend\nrun\nprintf \"replays %%d\\n\", $n\n" % log).encode())
    uri = uri_of(path)
    s = Server(wrapper=(gdb, "-q", "-batch", "-x", script, "--args"))
    s.open(uri, data)
    m = s.diagnostics(uri, timeout=120)
    diags = [d for d in (m["params"]["diagnostics"] if m else []) if d["code"] == "occupied-point"]
    _, code = s.close()
    counted = re.findall(r"^replays (\d+)$", read(log).decode("utf-8", "replace"), re.M) \
        if os.path.exists(log) else []
    if not ok(len(diags) >= 100 and counted, "the server lints a record with %d occupied "
              "points under gdb (exit %s)" % (len(diags), code),
              read(log).decode("utf-8", "replace")[-2000:] if os.path.exists(log) else s.err()):
        return
    ok(counted == ["1"], "one replay for the lint of a record with %d go findings and their "
       "boards (counted %s)" % (len(diags), counted[0]))


def test_hover_board():
    # Hover on a go finding shows the board around its points (issue 29): a
    # monospace block every client shows (Markdown's fenced code, or the same
    # lines as plain text), columns lettered from A without I, rows counted
    # from the bottom, X black, O white, three characters a point, the move
    # in [ ], the points around it in ( ), a legend saying what each is.
    src = os.path.join(TOP, "testdata", "rules", "occupied-point", "fail-on-a-move.jgf")
    data = read(src)
    path = os.path.join(WORK, "hover-board", "game.jgf")
    write(path, data)
    uri = uri_of(path)
    for markdown in (True, False):
        kind = "Markdown" if markdown else "plain text"
        caps = {"textDocument": {"hover": {"contentFormat": ["markdown"] if markdown else
                                           ["plaintext"]}}}
        s = Server(capabilities=caps)
        s.open(uri, data)
        m = s.diagnostics(uri)
        diags = [d for d in (m["params"]["diagnostics"] if m else []) if d["code"] == "occupied-point"]
        if not ok(diags, "occupied-point is found", m):
            s.close()
            continue
        value = hover_value(s, uri, diags[0]["range"]["start"])
        cells, legend = board_of(value)
        # White's move 6 on black's first stone, (2, 2): C7 on the 9x9 board,
        # the whole board shown.
        # The board is --format text's (jgf_finding_board, issue 38).
        ok(len(cells) == 81 and cells.get(("C", "7")) == "[X]" and cells.get(("G", "3")) == " O " and
           legend == ["[X] move 6, white, on the black stone of move 1"],
           "hover on occupied-point: the whole 9x9 board, the move on black's stone at C7 "
           "in [ ], the legend (%s)" % kind, value)
        if markdown:
            ok(value.startswith("```text\nthe position before /tree/6 (the line stops there):\n") and
               value.index("```text") < value.index("[X] move 6") <
               value.index("```\n", value.index("```text") + 1) < value.index("`occupied-point`"),
               "Markdown: the legend inside the fence, the rule's text after it", value)
        else:
            ok("```" not in value and "**" not in value and "\\" not in value and "#### " not in value and
               value.startswith("the position before /tree/6 (the line stops there):\n"),
               "plain text: the diagram and the rule read as text (no fences, emphasis or escapes)", value)
            # The same board, caption and legend as --format text's, line for line.
            out = subprocess.run([JGFLINT, "--no-config", "--format", "text", "--color", "never", path],
                                 capture_output=True, text=True).stdout.splitlines()
            start = next(i for i, l in enumerate(out) if l.endswith("[occupied-point]"))
            text, inside = [], False
            for l in out[start + 1:]:
                if re.match(r" *= the position", l):
                    inside = True
                    text.append(re.sub(r"^ *= ", "", l))
                elif inside and re.match(r" *\| ", l):
                    text.append(re.sub(r"^ *\| ", "", l))
                elif inside:
                    break
            ok(text and value.splitlines()[:len(text)] == text,
               "the hover's board, caption and legend are --format text's, line for line",
               (value, text))
        # On a move without a finding: the board after it, the move marked.
        line = data.split(b"\n").index(next(l for l in data.split(b"\n") if b'"x": 4, "y": 4' in l))
        col = data.split(b"\n")[line].index(b'"move"') + 2
        value = hover_value(s, uri, {"line": line, "character": col})
        cells, legend = board_of(value)
        ok(cells.get(("E", "5")) == "[X]" and cells.get(("C", "7")) == " X " and
           "[X] move 5, black" in legend and "the position after move 5, at /tree/5:" in value,
           "hover on a move (E5, black's fifth) shows the board after it, the move marked (%s)" % kind,
           value)
        s.close()
        no_garbage(s, "hover board")

    s = Server(capabilities={"textDocument": {"hover": {"contentFormat": ["plaintext"]}}})

    def finding_board(name, record, code, server=None):
        server = server or s
        p = os.path.join(WORK, "hover-board", name)
        write(p, record)
        u = uri_of(p)
        server.open(u, record)
        m = server.diagnostics(u)
        ds = [d for d in (m["params"]["diagnostics"] if m else []) if d["code"] == code]
        if not ds:
            return {}, [], str(m)
        value = hover_value(server, u, ds[0]["range"]["start"])
        cells, legend = board_of(value)
        return cells, legend, value

    def columns(cells):
        return sorted({c for c, r in cells}, key=lambda c: (len(c), c) if c.isdigit() else (0, c))

    def rows(cells):
        return sorted({int(r) for c, r in cells})

    # The corner: the window clipped to the board, A to J and 9 to 1.
    cells, legend, value = finding_board("corner.jgf", go_record(19, 19, [mv("black", 0, 18), mv("white", 0, 18)]),
                                         "occupied-point")
    ok(columns(cells) == list("ABCDEFGHJ") and rows(cells) == list(range(1, 10)) and
       cells.get(("A", "1")) == "[X]" and
       "[X] move 2, white, on the black stone of move 1" in legend,
       "a finding in the corner (A1 of 19x19): the window clipped at two edges", value)
    # The edge: K1, F to O across, 1 to 9 up.
    cells, legend, value = finding_board("edge.jgf", go_record(19, 19, [mv("black", 9, 18), mv("white", 9, 18)]),
                                         "occupied-point")
    ok(columns(cells) == list("FGHJKLMNO") and rows(cells) == list(range(1, 10)) and
       cells.get(("K", "1")) == "[X]",
       "a finding on the edge (K1 of 19x19): centred across, clipped at the bottom", value)
    # 25x25: the last column is Z, the top row 25.
    cells, legend, value = finding_board("z25.jgf", go_record(25, 25, [mv("black", 24, 0), mv("white", 24, 0)]),
                                         "occupied-point")
    ok(columns(cells)[-1:] == ["Z"] and len(columns(cells)) == 9 and rows(cells)[-1:] == [25] and
       cells.get(("Z", "25")) == "[X]" and "[X] move 2, white, on the black stone of move 1" in legend,
       "25x25: the corner Z25, the last letter", value)
    # 30x20: points have no names; x and y from 0 as the messages name them
    # (x from the left, y from the top).
    cells, legend, value = finding_board("wide.jgf", go_record(30, 20, [mv("black", 29, 19), mv("white", 29, 19)]),
                                         "occupied-point")
    ok(columns(cells) == [str(x) for x in range(21, 30)] and rows(cells) == list(range(11, 20)) and
       cells.get(("29", "19")) == "[X]" and "[X] move 2, white, on the black stone of move 1" in legend,
       "30x20: columns 21 to 29 and rows 11 to 19 by x and y", value)
    # A 5x5 board: all of it.
    cells, legend, value = finding_board("five.jgf", go_record(5, 5, [mv("black", 1, 1), mv("white", 1, 1)]),
                                         "occupied-point")
    ok(columns(cells) == list("ABCDE") and rows(cells) == list(range(1, 6)) and cells.get(("B", "4")) == "[X]",
       "5x5: the whole board", value)
    # A cut-off board shows the part the record displays (the top right
    # corner: columns L to T, rows 19 to 11), around a finding at M12.
    cells, legend, value = finding_board(
        "cut.jgf", go_record(19, 19, [mv("black", 11, 7), mv("white", 11, 7)],
                             ', "cutOffLeft": 10, "cutOffBottom": 10'), "occupied-point")
    ok(columns(cells) == list("LMNOPQRST") and rows(cells) == list(range(11, 20)) and
       cells.get(("M", "12")) == "[X]",
       "a cut-off board: the window within the part displayed (L to T, 19 to 11)", value)
    # A ko: the capture in ( ) beside the retake in [ ].
    ko = os.path.join(TOP, "testdata", "rules", "ko-retake", "fail-immediate.jgf")
    cells, legend, value = finding_board("ko.jgf", read(ko), "ko-retake")
    ok(cells.get(("C", "8")) == "[x]" and cells.get(("B", "8")) == "(O)" and
       legend == ["[x] move 9, black, not played", "(O) what it would capture"],
       "ko-retake: the retake in [ ] in lower case (not played), the stone it would capture in ( ), each said", value)
    # A suicide: the chain without liberties.
    su = os.path.join(TOP, "testdata", "rules", "suicide", "fail-chain.jgf")
    cells, legend, value = finding_board("suicide.jgf", read(su), "suicide")
    ok(cells.get(("A", "9")) == "[x]" and cells.get(("B", "9")) == "(X)" and
       "(X) the chain without liberties" in legend,
       "suicide: the chain left without liberties in ( )", value)

    # Star points as the CLI's text board draws them (board_star: square
    # boards of 9 and more, the corner points and tengen below 15 lines,
    # all nine from 15): + on an empty one, the stone on an occupied one,
    # the mark kept on a marked one; the hover's board and `--format text`'s
    # agree point for point where both show it.
    def text_board(record_path, code):
        """The board under the first finding of code in --format text: {(column,
        row): cell}, read as board_of reads a hover."""
        out = subprocess.run([JGFLINT, "--format", "text", "--color", "never", record_path],
                             capture_output=True, text=True).stdout.splitlines()
        start = next((i for i, l in enumerate(out) if l.endswith("[%s]" % code)), None)
        head = next((i for i in range(start or 0, len(out)) if start is not None and
                     re.fullmatch(r" *\| +([A-Z]( +[A-Z])+|[0-9]+( +[0-9]+)+)", out[i])), None)
        if head is None:
            return {}
        cols = out[head].split()[1:]
        at = out[head].index(cols[0]) - 1
        cells = {}
        for line in out[head + 1:]:
            if line == out[head]:
                break
            row = line[:at].split("|")[1].strip()
            for k, c in enumerate(cols):
                cells[(c, row)] = line[at + 3 * k:at + 3 * k + 3]
        return cells

    def same_as_text(name, record, code, whole, server=None):
        cells, legend, value = finding_board(name, record, code, server)
        text = text_board(os.path.join(WORK, "hover-board", name), code)
        common = set(cells) & set(text)
        differ = sorted((k, cells[k], text[k]) for k in common if cells[k] != text[k])
        return (cells and text and not differ and len(common) >= 81 and
                (not whole or set(cells) == set(text))), cells, (value, text, differ)

    # 19x19: occupied-point at F7, the window B to K, 11 to 3 in both; the
    # empty star points D10, K10 and K4, black's D4.
    record = go_record(19, 19, [mv("black", 3, 15), mv("white", 5, 12), mv("black", 5, 12)])
    same, cells, why = same_as_text("stars19.jgf", record, "occupied-point", True)
    ok(same and cells.get(("D", "10")) == " + " and cells.get(("K", "10")) == " + " and
       cells.get(("K", "4")) == " + " and cells.get(("D", "4")) == " X " and
       cells.get(("F", "7")) == "[O]" and cells.get(("E", "6")) == " . " and
       cells.get(("K", "7")) == " . ",
       "19x19: the hover's board is --format text's, point for point: + on the empty star "
       "points D10, K10 and K4, black's stone on D4", why)
    md = Server(capabilities={"textDocument": {"hover": {"contentFormat": ["markdown"]}}})
    same, cells, why = same_as_text("stars19md.jgf", record, "occupied-point", True, md)
    ok(same and cells.get(("D", "10")) == " + " and "```text\n" in why[0],
       "… and in Markdown (the same board in its fence)", why)
    md.close()
    no_garbage(md, "hover board stars in Markdown")
    # 13x13: on tengen G7; the four corner points, not the sides (G10).
    record = go_record(13, 13, [mv("black", 6, 6), mv("white", 6, 6)])
    same, cells, why = same_as_text("stars13.jgf", record, "occupied-point", False)
    ok(same and cells.get(("G", "7")) == "[X]" and
       [cells.get((c, r)) for c, r in (("D", "10"), ("K", "10"), ("D", "4"), ("K", "4"))] == [" + "] * 4 and
       cells.get(("G", "10")) == " . " and cells.get(("D", "7")) == " . ",
       "13x13: the four corner star points +, the marked tengen [X], no + on the sides, "
       "as --format text draws them", why)
    # 9x9: a ko retaken on the star point C7 keeps its mark ([x], a move not
    # played); the others (G7, E5, C3, G3) +.
    record = go_record(9, 9, [mv("black", 1, 1), mv("white", 2, 1), mv("black", 0, 2), mv("white", 3, 2),
                              mv("black", 1, 3), mv("white", 2, 3), mv("black", 2, 2), mv("white", 1, 2),
                              mv("black", 2, 2)])
    same, cells, why = same_as_text("stars9.jgf", record, "ko-retake", True)
    ok(same and cells.get(("C", "7")) == "[x]" and cells.get(("B", "7")) == "(O)" and
       [cells.get((c, r)) for c, r in (("G", "7"), ("E", "5"), ("C", "3"), ("G", "3"))] == [" + "] * 4 and
       cells.get(("E", "7")) == " . ",
       "9x9: a ko retaken on the star point C7 keeps its mark [x]; the other four +, "
       "as --format text draws them", why)
    # Boards without star points: 7x7, and a rectangle.
    cells, legend, value = finding_board("stars7.jgf", go_record(7, 7, [mv("black", 3, 3), mv("white", 3, 3)]),
                                         "occupied-point")
    ok(cells and not any("+" in c for c in cells.values()),
       "7x7: no star points", value)
    cells, legend, value = finding_board("stars-rect.jgf",
                                         go_record(19, 13, [mv("black", 3, 3), mv("white", 3, 3)]),
                                         "occupied-point")
    ok(cells and not any("+" in c for c in cells.values()),
       "19x13: no star points", value)

    # Hover on a node with setup only: the board at it, its setup marked.
    record = go_record(19, 19, [mv("black", 11, 11),
                                '{"setup": [{"type": "white", "coords": [{"x": 9, "y": 9}, {"x": 15, "y": 15}]}]}'])
    p = os.path.join(WORK, "hover-board", "setup.jgf")
    write(p, record)
    u = uri_of(p)
    s.open(u, record)
    s.diagnostics(u)
    at = record.index(b'"setup"') + 3
    value = hover_value(s, u, position(record, at, "utf-16"))
    cells, legend = board_of(value)
    ok(cells.get(("K", "10")) == "[O]" and cells.get(("Q", "4")) == "[O]" and cells.get(("M", "8")) == " X " and
       "[O] the setup point" in legend and value.startswith("the position after /tree/2:\n"),
       "hover on a node with setup only: the board at it, the stones it sets up in [ ]", value)
    s.close()
    no_garbage(s, "hover board neighbourhood")

    # Non-ASCII comments before the move on its line: the hover lands on the
    # move in each position encoding (a column counted in the other encoding
    # falls inside the comment, which has no board).
    record = go_record(19, 19, [mv("black", 14, 14),
                                '{"comments": ["碁盤の上で😀😀 白番 — ça"], "move": {"color": "white", "x": 15, "y": 15}}'])
    p = os.path.join(WORK, "hover-board", "comments.jgf")
    write(p, record)
    u = uri_of(p)
    at = record.index(b'"move": {"color": "white"') + 2
    inside = record.index("白".encode())
    for enc in ("utf-16", "utf-8", "utf-32"):
        s = Server(capabilities={"general": {"positionEncodings": [enc]},
                                 "textDocument": {"hover": {"contentFormat": ["plaintext"]}}})
        s.open(u, record)
        s.diagnostics(u)
        value = hover_value(s, u, position(record, at, enc))
        cells, legend = board_of(value)
        comment = hover_value(s, u, position(record, inside, enc))
        ok(cells.get(("Q", "4")) == "[O]" and cells.get(("P", "5")) == " X " and "X black" not in comment,
           "%s: hover on a move after non-ASCII comments on its line shows its board; "
           "on the comment, none" % enc, (value, comment))
        s.close()
        no_garbage(s, "hover board " + enc)


def big_record(target):
    """A valid record of about target bytes: one long main line of moves
    with comments, and a rank the fixer rewrites."""
    parts = ['{"record": {"format": "JGF", "version": 2},\n "game": {"name": "big"},\n'
             ' "players": [{"color": "black", "rank": "3 kyu"}, {"color": "white"}],\n'
             ' "board": {"size": 19},\n "tree": [\n  {}']
    size = sum(len(p) for p in parts)
    i = 0
    comment = "x" * 200
    while size < target:
        color = "black" if i % 2 == 0 else "white"
        p = ',\n  {"move": {"color": "%s", "pass": true}, "comments": ["%d %s"]}' % (color, i, comment)
        parts.append(p)
        size += len(p)
        i += 1
    parts.append("\n ]\n}\n")
    return "".join(parts).encode()


def test_large_and_cancel():
    mb = 8 if SANITIZER else 30
    big = big_record(mb << 20)
    small_path = os.path.join(WORK, "large", "small.jgf")
    big_path = os.path.join(WORK, "large", "big.jgf")
    write(small_path, FINDINGS)
    write(big_path, big)
    s = Server(capabilities=CAPS_FULL)
    small, large = uri_of(small_path), uri_of(big_path)
    s.open(small, FINDINGS)
    s.diagnostics(small)
    t0 = time.time()
    s.open(large, big)
    # A request that waits for the big document's lint and fix, then cancelled.
    rid = s.start("textDocument/codeAction", {
        "textDocument": {"uri": large},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}})
    s.notify("$/cancelRequest", {"id": rid})
    r = s.response(rid, timeout=30)
    t_cancel = time.time() - t0
    ok(r and r.get("error", {}).get("code") == -32800,
       "a request on a %d MB record, cancelled: RequestCancelled" % mb, r)
    # Meanwhile the small document is served.
    t1 = time.time()
    r = s.request("textDocument/hover", {"textDocument": {"uri": small},
                                         "position": {"line": 13, "character": 50}})
    s.notify("textDocument/didChange", {"textDocument": {"uri": small, "version": 2},
                                        "contentChanges": [{"text": text_of(FINDINGS)}]})
    m = s.diagnostics(small, version=2)
    t_small = time.time() - t1
    big_diag = s.diagnostics(large, timeout=120)
    t_big = time.time() - t0
    ok(r and r.get("result") and m is not None and t_small < 1.0,
       "while it is linted, a hover and a lint of another document take %.3f s "
       "(cancel answered after %.3f s, the %d MB record's diagnostics after %.2f s)" %
       (t_small, t_cancel, mb, t_big), (r, t_small))
    ok(big_diag and [d["code"] for d in big_diag["params"]["diagnostics"]] == ["rank-format"],
       "the %d MB record's own diagnostics arrive" % mb, big_diag and big_diag["params"]["diagnostics"][:3])
    # Changes in quick succession: stale results are dropped.
    for v in (3, 4, 5):
        s.notify("textDocument/didChange", {"textDocument": {"uri": large, "version": v},
                                            "contentChanges": [{"range": {
                                                "start": {"line": 1, "character": 19},
                                                "end": {"line": 1, "character": 22}},
                                                "text": "b%02d" % v}]})
    last = s.diagnostics(large, version=5, timeout=120)
    pubs = [m["params"]["version"] for m in s.messages
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == large]
    ok(last is not None and pubs == sorted(pubs) and pubs[-1] == 5,
       "three quick changes: diagnostics end at the last version, never go back (%s)" % pubs, pubs)
    # A request waiting on a document that then changes: ContentModified.
    rid = s.start("textDocument/codeAction", {
        "textDocument": {"uri": large},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}})
    s.notify("textDocument/didChange", {"textDocument": {"uri": large, "version": 6},
                                        "contentChanges": [{"range": {
                                            "start": {"line": 1, "character": 19},
                                            "end": {"line": 1, "character": 21}}, "text": "c6"}]})
    r = s.response(rid, timeout=120)
    ok(r and (r.get("error", {}).get("code") == -32801 or "result" in r),
       "a request waiting when its document changes: ContentModified (or answered first)", r)
    r = s.request("textDocument/codeAction", {
        "textDocument": {"uri": large},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}}, timeout=120)
    acts = (r or {}).get("result") or []
    want = big.replace(b'"name": "big"', b'"name": "c65"', 1)
    ok(len(acts) == 1 and len(edits_of(acts[0]["edit"], large)) == 1 and
       len(json.dumps(acts[0])) < 4096 and
       apply_edits(want, edits_of(acts[0]["edit"], large), "utf-16") ==
       want.replace(b'"3 kyu"', b'"3k"', 1),
       "fix-all on the %d MB record: one small edit (the changed lines only)" % mb,
       json.dumps(acts)[:500])
    s.notify("textDocument/didClose", {"textDocument": {"uri": large}})
    s.close()
    no_garbage(s, "large")


def test_memory_budget():
    # --max-memory as the CLI's: a 2 MB record whose document would need
    # more than 1 MB gets json-too-large, with the CLI's message.
    path = os.path.join(WORK, "budget", "big.jgf")
    data = big_record(2 << 20)
    write(path, data)
    uri = uri_of(path)
    s = Server(args=("server", "--max-memory", "1M"))
    s.open(uri, data)
    m = s.diagnostics(uri, timeout=60)
    cli = subprocess.run([JGFLINT, "--max-memory", "1M", "--format", "json", path],
                         capture_output=True)
    want = [(d["rule"], d["message"]) for d in json.loads(cli.stdout)["diagnostics"]]
    got = [(d["code"], d["message"]) for d in m["params"]["diagnostics"]] if m else None
    ok(got == want and want and want[0][0] == "json-too-large",
       "--max-memory 1M: a 2 MB record is json-too-large, as jgflint --max-memory 1M says", (got, want))
    s.close()
    bad = subprocess.run([JGFLINT, "server", "--max-memory", "lots"], capture_output=True,
                         input=b"", timeout=20)
    ok(bad.returncode == 2 and b"--max-memory" in bad.stderr and not bad.stdout,
       "server --max-memory with no size: a usage error, status 2", bad)

    # Memory bounded per document: 40 changes to a 10 MB record, each one
    # re-linted (or dropped as stale), leave the server's memory where one
    # lint of it puts it (old texts and results are not kept).
    if SANITIZER:
        skip("memory bounded per document", "a sanitizer build (%s) has shadow memory and "
             "keeps freed memory in quarantine" % SANITIZER)
    else:
        big = big_record(10 << 20)
        path = os.path.join(WORK, "budget", "ten.jgf")
        write(path, big)
        uri = uri_of(path)
        s = Server()

        def rss():
            with open("/proc/%d/status" % s.p.pid) as f:
                return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) << 10
        s.open(uri, big)
        s.diagnostics(uri, timeout=60)
        s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
        time.sleep(3)   # idle workers give freed memory back after 2 s (server.c)
        after_one = rss()
        for v in range(2, 42):
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                                "contentChanges": [{"range": {
                                                    "start": {"line": 1, "character": 19},
                                                    "end": {"line": 1, "character": 22}},
                                                    "text": "b%02d" % v}]})
            if v % 8 == 0:
                s.diagnostics(uri, version=v, timeout=60)
        s.diagnostics(uri, version=41, timeout=60)
        time.sleep(3)
        after_many = rss()
        ok(after_one < 6 * len(big),
           "an open 10 MB record costs the server its text, not its DOM (%d MB)" % (after_one >> 20))
        ok(after_many < after_one + 3 * len(big),
           "40 changes to it: the server's memory stays bounded (%d MB after one "
           "lint, %d MB after 40 changes)" % (after_one >> 20, after_many >> 20))
        s.close()

    # Under a 1.5 GB address-space limit the library's budget is 768 MB: a
    # 60 MB array of zeros (a DOM of some 2 GB) is refused with json-too-large.
    if SANITIZER:
        skip("the default memory budget", "a sanitizer build (%s) cannot run under an "
             "address-space limit" % SANITIZER)
        return
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))
    data = b"[" + b"0," * (30 << 20) + b"0]\n"
    path = os.path.join(WORK, "budget", "zeros.jgf")
    write(path, b"")
    uri = uri_of(path)
    s = Server(preexec=limit)
    s.open(uri, data)
    m = s.diagnostics(uri, timeout=120)
    codes = [d["code"] for d in m["params"]["diagnostics"]] if m else None
    ok(codes is not None and "json-too-large" in codes,
       "a document beyond the default memory budget (half the address-space limit): "
       "json-too-large, not a crash", (codes, s.err()[-500:]))
    r, code = s.close()
    ok(code == 0, "and the server shuts down cleanly (%s)" % code)


def test_exit_storm():
    # Sessions that end amid a storm of cancelled requests, the client
    # closing its end right after "exit" (or keeping it open): the reader
    # thread ends about when the exit path looks at it, and must be joined
    # whatever the order (ThreadSanitizer's thread leak, exit 66, in 2 of 9
    # such runs); the server never waits for input that will not come.
    path = os.path.join(WORK, "storm", "a.jgf")
    data = open(os.path.join(TOP, "testdata", "formats", "go.jgf"), "rb").read()
    write(path, data)
    uri = uri_of(path)
    codes = []
    for i in range(24):
        s = Server()
        s.open(uri, data)
        for _ in range(20):
            rid = s.start("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": 0, "character": 1}})
            s.notify("$/cancelRequest", {"id": rid})
        s.start("shutdown")
        s.notify("exit")
        if i % 3:
            time.sleep(0.001 * (i % 6))   # about when the exit path looks
            s.p.stdin.close()
        try:
            codes.append(s.p.wait(timeout=20))
        except subprocess.TimeoutExpired:
            s.kill()
            codes.append(None)
    ok(codes == [0] * 24, "24 sessions end amid cancelled requests: exit 0 each, "
       "whether the client closes its end or not", (codes, s.err()[-2000:]))


def test_long_texts():
    # A document's text of 4 KiB or more is decoded by the server itself,
    # not json-c (src/server/texts.c): whatever escapes the client writes
    # (raw UTF-8, \u escapes and surrogate pairs, \/), the server's text is
    # the client's, byte for byte; json-c decodes what that decoder leaves
    # (a lone surrogate: U+FFFD), and a message it cannot read gets json-c's
    # own parse error. Seen through fix-all: its edit runs from the first
    # fixed line to the last, over a name line of 6 KB between them.
    name = ('\\"a\\\\b\\/c\\n\\t\\u0001 é 中 😀 \\ud83d\\ude00 \ufffdx \ufffdy ' * 120)
    data = ('{\n  "record": { "format": "JGF", "version": 2 },\n  "game": {\n'
            '    "type": "go",\n    "date": "２０２３-01-01",\r\n\t"name": "%s",\n'
            '    "dates": [ "２０２３／６／１２" ]\n  },\n  "board": { "size": 19 },\n'
            '  "tree": [ {}, { "move": { "color": "black", "x": 15, "y": 3 } } ]\n}\n'
            % name).encode()
    path = os.path.join(WORK, "long", "a.jgf")
    write(path, data)
    uri = uri_of(path)
    want = cli_fix(data, os.path.dirname(path))
    ok(want != data and name.encode() in want, "test_long_texts: --fix changes the dates and "
       "keeps the name", want[:300])
    s = Server(capabilities=CAPS_FULL)

    def fixed(how):
        r = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll.jgflint"]}}, timeout=60)
        acts = (r or {}).get("result")
        got = apply_edits(data, edits_of(acts[0]["edit"], uri), "utf-16") if acts else None
        ok(got == want, "a text of %d bytes %s: the server's is the client's" %
           (len(data), how), (got or b"")[:300] if got != want else None)

    def change(version, changes, edit=lambda body: body):
        body = edit(bytes_of(json.dumps({
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version},
                       "contentChanges": changes}})))
        s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return body

    s.open(uri, data)
    fixed("opened (raw UTF-8 in the message)")
    text = text_of(data)
    # json.dumps's default writes every non-ASCII character as \u (pairs
    # beyond the BMP).
    change(2, [{"text": text}], lambda b: b.replace(b"/", b"\\/"))
    fixed("changed whole, written in \\u escapes and \\/")
    lone = [b"\\ud800", b"\\udc80"]
    change(3, [{"text": text}], lambda b: b.replace(b"\\ufffd", lone.pop(), 1)
           .replace(b"\\ufffd", lone.pop(), 1))
    fixed("changed whole, with a lone high and a lone low surrogate (json-c's U+FFFD)")
    big = "x" * 5000
    change(4, [{"text": big}, {"range": {"start": {"line": 0, "character": 0},
                                         "end": {"line": 0, "character": 5000}}, "text": text}])
    fixed("put in place of a long text's line by a second change of one message")
    body = change(5, [{"text": big}], lambda b: b[:-1] + b"]")
    r = s.wait(lambda m: "error" in m and m.get("id") is None, 10)
    ok(r and r["error"]["code"] == -32700 and
       ("at byte %d of the body" % (len(body) - 1)) in r["error"]["message"],
       "a long text in a message json-c cannot read: its own parse error, at the byte", r)
    fixed("after it, unchanged")
    r, code = s.close()
    ok(code == 0, "test_long_texts: the server exits 0", code)


def test_hover_explanation():
    # A rule's explanation in a hover as the terminal (--explain) and its
    # page show it: a table's rows each a row of a Markdown table, as
    # --explain writes them; each example a code block, as its page's (an
    # SGF one was a paragraph, its lines run together and `\]` read as an
    # escape; a JSON member's first line prose), fenced as JSON only when
    # it is; plain text: --explain's lines, the rows as they are.
    doc = "(;GM[1]SZ[19]KO[6\u76ee\u534a]C[x\u00e9])\n".encode()
    cases = [("sgf-komi-read", "komi.sgf", doc, "sgf"),
             ("sgf-unclosed-value", "unclosed.sgf", b"(;GM[1]SZ[19]AB[aa][bb;W[cc]\n;B[dd])\n", "sgf"),
             ("sgf-swallowed-property", "swallowed.sgf", b"(;GM[1]SZ[19]PB[Lee]PW[Cho\n;B[pd];W[dp])\n", "sgf"),
             ("duplicate-point", "dup.jgf", b'{"tree": [{"setup": [{"type": "black", "coords": '
              b'[{"x": 3, "y": 3}, {"x": 3, "y": 3}]}]}]}\n', "json")]
    for rule, name, data, lang in cases:
        text = subprocess.run([JGFLINT, "--explain", rule], capture_output=True, text=True).stdout
        text = text[:text.index("\nPage\n")]
        rows = [l.strip() for l in text.split("\n") if re.match(r"^\s*\|.*\|\s*$", l)]
        # The examples: under Fails and Passes, the lines of each run of
        # lines after the section's title or a blank line.
        sec, blocks = None, []
        for l in text.split("\n"):
            if l and not l.startswith(" "):
                sec = l; blocks.append([]); continue
            if sec in ("Fails", "Passes"):
                if l: blocks[-1].append(l[2:])
                elif blocks[-1]: blocks.append([])
        blocks = [b for b in blocks if b]
        path = os.path.join(WORK, "hover-explanation", name)
        write(path, data)
        uri = uri_of(path)
        got = {}
        for caps, kind in ((CAPS_FULL, "markdown"), ({}, "plaintext")):
            s = Server(capabilities=caps)
            s.open(uri, data, lang=lang)
            m = s.diagnostics(uri)
            ds = [d for d in ((m or {}).get("params") or {}).get("diagnostics", []) if d["code"] == rule]
            v = hover_value(s, uri, ds[0]["range"]["start"]) if ds else ""
            s.close()
            # This rule's part of the hover (others' findings and the board
            # may share its place).
            head = "**jgflint** `%s`" % rule if kind == "markdown" else "jgflint %s (" % rule
            v = v[v.index(head):] if head in v else ""
            got[kind] = re.split(r"\n(?=\*\*jgflint\*\* `|jgflint [a-z0-9-]+ \(|```text\n)", v)[0]
        md = got["markdown"]
        fences = re.findall(r"^```(\w*)\n(.*?)^```$", md, re.M | re.S)
        outside = re.sub(r"^```\w*\n.*?^```$", "", md, flags=re.M | re.S)
        table = re.findall(r"\n\n((?:\|.*\|\n)+)", outside)
        want_fences = []
        for b in blocks:
            k = min(len(l) - len(l.lstrip(" ")) for l in b)
            first = b[0][k:]
            want_fences.append(("json" if first[:1] in "{\"" or re.match(r"^\[(?![A-Za-z])", first) else "",
                                "".join(l[k:] + "\n" for l in b)))
        ok(md and [r.strip() for r in "".join(table).split("\n") if r] == rows and
           fences[-len(want_fences):] == want_fences and
           text.split("\n", 2)[2] + "\n" in got["plaintext"],
           "%s: its hover shows %s as --explain does: Markdown with %s, each example a code block "
           "as written (%s); plain text the explanation's lines" %
           (rule, "a table" if rows else "its examples", "the table's %d rows a table" % len(rows) if rows
            else "no table", ", ".join(f[0] or "plain" for f in want_fences)),
           {"markdown": md[-1500:], "fences": fences, "want": want_fences, "rows": rows, "table": table,
            "plain": got["plaintext"][-400:]})


def main():
    # A harness that hangs fails with every thread's traceback instead of
    # holding make check up (the sanitizer builds take about a minute).
    import faulthandler
    faulthandler.dump_traceback_later(900, exit=True)
    tests = [test_lifecycle, test_encodings, test_invalid_utf8, test_diagnostics_and_actions,
             test_fix_all_corpus, test_convert, test_jgf_named_foreign, test_sgf_ranges,
             test_sgf_charset, test_sgf_hover, test_sgf_hover_split, test_sgf_quick_fix, test_pull, test_settings,
             test_robustness,
             test_large_and_cancel, test_memory_budget, test_hostile_ids,
             test_cancel_fix_all_leak, test_convert_file_bytes, test_convert_command,
             test_sgf_command,
             test_config_without_watch, test_ignore_rule, test_hover_board, test_one_replay,
             test_exit_storm,
             test_long_texts, test_hover_explanation]
    only = sys.argv[1:]
    try:
        for t in tests:
            if only and t.__name__ not in only:
                continue
            print("# " + t.__name__)
            t0 = time.time()
            try:
                t()
            except Exception as e:   # a harness failure is a failed test, not a crash
                import traceback
                ok(False, "%s ran to its end" % t.__name__, traceback.format_exc())
            print("# %s: %.1f s" % (t.__name__, time.time() - t0))
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
