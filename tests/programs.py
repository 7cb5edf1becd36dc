"""Every program a test script runs is installed by ./setup.sh --check on a
fresh Debian 12, or the script skips without it (issue 37: tests/action.sh
ran curl, which nothing installed, and the quick start's `./setup.sh
--check` failed).

Installed means: a package of the base system (Priority required or
Essential, all in a debootstrap minbase) or one of the packages
build-aux/measure-setup.sh measured setup.sh installing (tests/quickstart/
build.txt, tests.txt, editors.txt, npm.txt; tests/quickstart.sh checks those
lists are setup.sh's). Skips without it means: the script asks for it
(`command -v PROG`, `which PROG` or `type PROG`). Programs are found in
the scripts by a rough shell scan: the words in command position, outside
quotes, comments, here-documents and case patterns, that name a program on
this machine and are not the script's own functions; tests/action.sh also
runs action.yml's steps. A program found in no package counts as not
installed. Prints one line per script that runs something else.
Usage: programs.py TOP_SRCDIR [SCRIPT...] (default: every tests/*.sh);
exits 1 when a script runs something else."""
import glob, os, re, shutil, subprocess, sys

KEYWORDS = set("if then else elif fi case esac for while until do done in function select time ! { } [[ ]]".split())
BUILTINS = set(": . [ alias bg break cd command continue echo eval exec exit export false fc fg getopts hash "
               "jobs kill local printf pwd read readonly return set shift test times trap true type ulimit "
               "umask unalias unset wait".split())
# Words that only prefix the command that follows them.
PREFIXES = ("if", "while", "until", "elif", "exec", "command", "env", "nice", "timeout", "xargs", "sudo")
def strip_heredocs(text):
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        line = lines[i]; out.append(line); i += 1
        for m in re.finditer(r"<<(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2", line):
            dash, quoted, word = m.group(1), m.group(2), m.group(3)
            while i < len(lines):
                body = lines[i].lstrip("\t") if dash else lines[i]
                i += 1
                if body == word: break
                if not quoted:  # an unquoted heredoc expands $(...)
                    out.append(" ; ".join(re.findall(r"\$\(([^()]*)\)", lines[i-1])))
    return "\n".join(out)
def commands(text):
    """The words in command position, roughly: quotes removed (but the
    $(...) inside double quotes kept), comments dropped."""
    text = strip_heredocs(text)
    res, i, n = [], 0, len(text)
    buf = []
    while i < n:
        c = text[i]
        if c == "'":
            j = text.find("'", i + 1); buf.append(" X "); i = (j + 1) if j >= 0 else n; continue
        if c == '"':
            # depth: the $( ) open; parens: the plain ( ) open inside them
            # (SQL's count(*)); quotes inside a $( ) are its own words.
            j, depth, parens, inner = i + 1, 0, [], []
            while j < n:
                if text[j] == "\\": j += 2; continue
                if text.startswith("$(", j): depth += 1; parens.append(0); inner.append(" ; "); j += 2; continue
                if depth and text[j] == "(": parens[-1] += 1; j += 1; continue
                if depth and text[j] == ")" and parens[-1]: parens[-1] -= 1; j += 1; continue
                if depth and text[j] == ")": depth -= 1; parens.pop(); inner.append(" ; "); j += 1; continue
                if depth and text[j] in "'\"":
                    q, k = text[j], j + 1
                    while k < n and text[k] != q: k += 2 if q == '"' and text[k] == "\\" else 1
                    inner.append(" X "); j = k + 1; continue
                if depth: inner.append(text[j])
                elif text[j] == '"': break
                j += 1
            buf.append(" X " + "".join(inner) + " "); i = j + 1; continue
        if c == "\\": buf.append("X"); i += 2; continue
        if c == "#" and (i == 0 or text[i-1] in " \t\n;(|&"):
            j = text.find("\n", i); i = j if j >= 0 else n; continue
        buf.append(c); i += 1
    flat = "".join(buf)
    flat = re.sub(r"\$\(\([^()]*(\([^()]*\)[^()]*)*\)\)", " X ", flat)  # arithmetic
    flat = re.sub(r"(?m)^\s*\(?[^()\s;|]+(\s*\|\s*[^()\s;|]+)*\)", " ", flat)  # case patterns
    for seg in re.split(r"\n|;;?|&&|\|\||\||\$\(|`|\(|\)|&|\bthen\b|\bdo\b|\belse\b|\{|\}|!", flat):
        words = seg.split()
        while words and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]) or words[0] in ("if", "while", "until", "elif", "exec", "command", "env", "nice", "timeout", "xargs", "sudo") or re.match(r"^-|^[0-9]+$", words[0]) or re.match(r"^[0-9]*[<>]", words[0])):
            if re.match(r"^[0-9]*[<>]&?$", words[0]) and len(words) > 1: words = words[2:]; continue
            words = words[1:]
        if words:
            w = words[0]
            if w.startswith("/usr/bin/") or w.startswith("/bin/"): w = os.path.basename(w)
            if re.match(r"^[a-z][a-z0-9_.+-]*$", w) and w not in KEYWORDS: res.append(w)
    return res


def functions(text):
    return set(re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\)", text, re.M))


def main():
    top = sys.argv[1]
    tests = os.path.join(top, "tests")
    installed = set()
    for name in ("build", "tests", "editors", "npm"):
        installed |= {w.strip() for w in open(os.path.join(tests, "quickstart", name + ".txt")) if w.strip()}
    q = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Priority} ${Essential}\n"],
                       capture_output=True, text=True).stdout
    base = {f[0] for f in (l.split() for l in q.splitlines())
            if len(f) > 1 and (f[1] == "required" or f[-1] == "yes")}
    owner = {}
    for f in glob.glob("/var/lib/dpkg/info/*.list"):
        pkg = os.path.basename(f)[:-5].split(":")[0]
        for line in open(f, errors="replace"):
            if re.match(r"^/(usr/)?s?bin/[^/]+$", line.strip()):
                owner.setdefault(os.path.basename(line.strip()), pkg)

    def package(w):
        if w in owner:
            return owner[w]
        for d in ("/usr/bin", "/bin", "/usr/sbin", "/sbin"):  # alternatives (awk)
            p = os.path.join(d, w)
            if os.path.exists(p):
                return owner.get(os.path.basename(os.path.realpath(p)))
        return None

    scripts = {f: open(os.path.join(tests, f)).read() for f in sorted(os.listdir(tests)) if f.endswith(".sh")}
    bad = 0
    for path in sys.argv[2:] or [os.path.join(tests, f) for f in scripts]:
        f = os.path.basename(path)
        text = open(path).read()
        extra = "".join(scripts.get(inc, "") for inc in
                        re.findall(r'^\. "\$TOP_SRCDIR/tests/([a-z_0-9]+\.sh)"', text, re.M))
        scan = text
        if f == "action.sh":  # it runs the action's steps as a runner does
            import yaml
            for s in yaml.safe_load(open(os.path.join(top, "action.yml")))["runs"]["steps"]:
                scan += "\n" + s["run"]
        defined = functions(text + extra)
        missing = []
        for w in sorted(set(commands(scan))):
            if w in BUILTINS or w in defined:
                continue
            pkg = package(w)
            if pkg is None and not shutil.which(w):
                continue  # no program of that name here: a word the scan took for one
            if pkg in base or pkg in installed:
                continue
            if re.search(r"(command -v|which|type)\s+['\"]?%s\b" % re.escape(w), text + extra):
                continue
            missing.append("%s (%s)" % (w, pkg or "in no package"))
        if missing:
            bad += 1
            print("%s: %s" % (f, ", ".join(missing)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
