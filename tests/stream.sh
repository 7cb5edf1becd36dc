#!/bin/sh
# --stream: JSON Lines in, one JSON line out per line in, in order. The
# findings of a record on a line are those of the same record in a file;
# blank lines, CRLF, invalid UTF-8, a 50 MB line, an empty stream, a stream
# without a final newline or cut in the middle of a line; --fix; --jobs;
# memory that does not grow with the stream. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
src=$TOP_SRCDIR/testdata
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch && cd "$tmp" || exit 1
TAP_LOGS="out err"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP needs python3"; exit 0; fi

# Every valid-JSON fixture of every rule, as one line each (python's
# compact dump), with a blank line and a CRLF line among them.
python3 - "$src" <<'EOF'
import glob, json, sys
src = sys.argv[1]
lines = []
for path in sorted(glob.glob(src + "/rules/*/*.jgf") + glob.glob(src + "/samples/*/*.jgf")):
    def unique(pairs):
        if len(set(k for k, _ in pairs)) != len(pairs):
            raise ValueError("duplicate key")
        return dict(pairs)
    try:
        with open(path, encoding="utf-8") as f:
            value = json.loads(f.read(), object_pairs_hook=unique)
    except ValueError:
        continue
    lines.append(json.dumps(value, ensure_ascii=False))
with open("records.jsonl", "w", encoding="utf-8", newline="") as out:
    for i, line in enumerate(lines):
        out.write(line + ("\r\n" if i == 3 else "\n"))
        if i == 5:
            out.write("\n")
# Each record also as a file of one line, for jgflint's file mode.
import os
os.mkdir("one")
for i, line in enumerate(lines):
    with open(f"one/{i:04d}.jgf", "w", encoding="utf-8") as f:
        f.write(line + "\n")
EOF
records=$(ls one | wc -l)
"$JGFLINT" --stream -j 1 < records.jsonl > out 2> err
status=$?
check "one output line per input line ($records records and a blank line)" \
  '[ "$(wc -l < out)" -eq $((records + 1)) ] && [ "$(wc -l < records.jsonl)" -eq $((records + 1)) ]'
check "exit 1: some records have errors" '[ $status = 1 ]'
# The same findings as each one-line file gives in the json format.
python3 - <<'EOF' > compare 2>&1
import json, re, subprocess, os, sys
jgflint = os.environ["JGFLINT"]
out = [json.loads(l) for l in open("out", encoding="utf-8")]
files = sorted(os.listdir("one"))
lineno, bad, findings, asked_lines = 0, 0, 0, 0
for rec in out:
    lineno += 1
    if rec["line"] != lineno:
        print("line", lineno, "numbered", rec["line"]); bad += 1
    if rec.get("blank"):
        continue
    f = files.pop(0)
    r = subprocess.run([jgflint, "--format", "json", "one/" + f], capture_output=True)
    # A message that names the input names it as a command line would: `-`.
    # Another format on a line or in a file named .jgf (issue 47): the same
    # foreign-format finding, but the line's names --stream --convert.
    def asked(m, how):
        return re.sub(how + r": no JGF reader opens it \(its games are checked as they are\); "
                      r"convert it with `[^`]*`", ", ASKED", m)
    want = [(d["rule"], d["severity"],
             asked(d["message"].replace("one/" + f, "-"), r", in a file named \.jgf"),
             d["pointer"], d["column"]) for d in json.loads(r.stdout)["diagnostics"]]
    got = [(d["rule"], d["severity"],
            asked(d["message"], r", on a --stream line, which is a JGF record(?=: .*`jgflint --stream --convert`)"),
            d["pointer"], d["column"]) for d in rec["findings"]]
    asked_lines += any(d[2] != m["message"] for d, m in zip(got, rec["findings"]))
    counts = [sum(1 for d in want if d[1] == s) for s in ("error", "warning", "info")]
    if got != want or [rec["errors"], rec["warnings"], rec["infos"]] != counts:
        print("line", lineno, f, "got", got, "want", want); bad += 1
    findings += len(got)
print(asked_lines, "lines of another format")
print("compared", lineno, "lines,", findings, "findings,", bad, "differ")
EOF
check "every line's findings (rule, severity, message, pointer, column) are its file's: $(tail -n 1 compare)" \
  'grep -q " 0 differ" compare && ! grep -q " 0 findings" compare'
check "… SGF-in-JSON on a line is foreign-format, naming --stream --convert: $(tail -n 2 compare | head -n 1)" \
  '! grep -q "^0 lines of another" compare'
printf '(;GM[1]FF[4]SZ[9];B[ee];W[ee])\n' | "$JGFLINT" --no-config --stream --stdin-filename game.sgf > out.sgf 2> err.sgf
status=$?
check "an SGF line, --stdin-filename game.sgf: foreign-format (a line is JGF), its game checked, exit 1" \
  '[ $status = 1 ] && grep -q "\"rule\":\"foreign-format\".*--stream --convert.*\"rule\":\"occupied-point\"" out.sgf'
check "a blank line gives {\"line\": N, \"blank\": true, ...}" \
  'sed -n 7p out | grep -q "^{\"line\":7,\"blank\":true,\"errors\":0,\"warnings\":0,\"infos\":0,\"findings\":\[\]}$"'
"$JGFLINT" --stream -j 4 < records.jsonl > out4 2> /dev/null
check "-j 4: the same lines in the same order" 'cmp -s out out4'

# --id-field, CRLF, and columns within the line.
printf '{"record": {"format": "JGF", "version": 2}, "game": {"name": "A"}, "tree": [{}], "x": 1}\r\n{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' |
  "$JGFLINT" --stream --id-field game.name > out 2> err
check "--id-field: the value, or null" \
  'grep -q "^{\"line\":1,\"id\":\"A\",\"errors\":0,\"warnings\":1,\"infos\":0,\"findings\":\[{\"rule\":\"unknown-key\",\"severity\":\"warning\",\"message\":\"[^\"]*\",\"pointer\":\"/x\",\"column\":82}\]}$" out && sed -n 2p out | grep -q "\"id\":null"'

# Invalid UTF-8: a finding like a file's, and the output stays UTF-8 JSON.
printf '{"a": "\377\376"}\n{"b": "\300\257"}\n' | "$JGFLINT" --stream > out 2> err
check "invalid UTF-8: json-encoding on both lines, valid JSON out" \
  '[ "$(grep -c json-encoding out)" = 2 ] && python3 -c "import json,sys; [json.loads(l) for l in open(\"out\", encoding=\"utf-8\")]"'

# The ends of a stream.
: | "$JGFLINT" --stream > out 2> err
check "an empty stream: no output, exit 0" '[ $? = 0 ] && [ ! -s out ]'
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n{"record": {"format": "JGF", "version": 2}, "tree": [{}]}' |
  "$JGFLINT" --stream > out 2> err
check "no final newline: the last line is a line (exit 0)" '[ $? = 0 ] && [ "$(grep -c "\"errors\":0" out)" = 2 ]'
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n{"record": {"format": "JG' |
  "$JGFLINT" --stream > out 2> err
check "cut in the middle of a line: that line has a json-syntax error" \
  '[ $? = 1 ] && [ "$(wc -l < out)" = 2 ] && sed -n 2p out | grep -q "^{\"line\":2,\"errors\":1,.*json-syntax"'

# --fix: the fixed record as the line, one line per line; blank stays blank;
# a line that is not JSON is written as it came.
printf '{"record": {"format": "JGF", "version": "2.0.0"},\t"tree": [{}]}\n\n{"a" 1}\n' |
  "$JGFLINT" --stream --fix > out 2> err
check "--fix writes the fixed records, one line per line" \
  '[ "$(sed -n 1p out)" = "{\"record\": {\"format\": \"JGF\", \"version\": 2},	\"tree\": [{}]}" ] && [ -z "$(sed -n 2p out)" ] && [ "$(sed -n 3p out)" = "{\"a\" 1}" ] && [ "$(wc -l < out)" = 3 ]'

# --fix: the findings that remain are not lost: on standard error, a
# findings line for each line that has any; with -o FILE, every line's.
printf '{"record": {"format": "JGF", "version": "2.0.0"}, "tree": [{}], "x": 1}\n\n{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' |
  "$JGFLINT" --stream --fix > out 2> err
check "--fix reports what remains on standard error" \
  '[ "$(wc -l < out)" = 3 ] && [ "$(wc -l < err)" = 1 ] && grep -q "^{\"line\":1,\"errors\":0,\"warnings\":1,.*\"rule\":\"unknown-key\".*\"pointer\":\"/x\"" err && ! grep -q seki-version-string err'
printf '{"record": {"format": "JGF", "version": "2.0.0"}, "tree": [{}], "x": 1}\n\n{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' |
  "$JGFLINT" --stream --fix -o remain.jsonl > out 2> err
check "--fix -o FILE writes one findings line per line to FILE" \
  '[ $? = 0 ] && [ "$(wc -l < out)" = 3 ] && [ ! -s err ] && [ "$(wc -l < remain.jsonl)" = 3 ] && sed -n 1p remain.jsonl | grep -q "^{\"line\":1,.*unknown-key" && sed -n 2p remain.jsonl | grep -q "^{\"line\":2,\"blank\":true" && sed -n 3p remain.jsonl | grep -q "^{\"line\":3,\"errors\":0,\"warnings\":0,\"infos\":0,\"findings\":\[\]}"'
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": 1}\n' | "$JGFLINT" --stream -o lines.jsonl > out 2> err
check "-o FILE without --fix: the findings lines go to FILE" \
  '[ ! -s out ] && grep -q "^{\"line\":1,.*unknown-key" lines.jsonl'
"$JGFLINT" --stream -o nothere/x.jsonl < /dev/null > out 2> err
check "-o FILE that cannot be written is trouble" '[ $? = 2 ] && grep -q "^jgflint: cannot write nothere/x.jsonl" err'

# An unclosed record ends with its line, not with a file.
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}\n' | "$JGFLINT" --stream > out 2> err
check "an unclosed [ says the end of the line, at the bracket" \
  'grep -q "\"message\":\"unexpected end of the line: \`\[\` opened at 1:53 is not closed: is a \`\]\` missing? Nothing else in the record was checked.\"" out && ! grep -q "end of file" out'
# The second place a message names is on the stream's line, as the
# finding's own "line" is (issue 37: stream line 2 said `{` opened at 1:1).
printf '{"tree": [{}]}\n{"record": {}, "tree": [{}]\n{"a": 1, "a": 2}\n{"a": "x\n' | "$JGFLINT" --stream > out 2> err
check "a second place is named on the stream's line" \
  'sed -n 2p out | grep -q "^{\"line\":2,.*\"message\":\"unexpected end of the line: \`{\` opened at 2:1 is not closed: is a \`}\` missing? Nothing else in the record was checked.\",\"pointer\":\"/tree\",\"column\":28}" && sed -n 3p out | grep "^{\"line\":3," | grep -qF "(first at 3:2)" && sed -n 4p out | grep -q "^{\"line\":4,.*\"message\":\"unterminated string that starts at 4:7; nothing else in the record was checked\",\"pointer\":\"/a\",\"column\":9}"'
printf '{"a"\n' | "$JGFLINT" --stream > out 2> err
check "… and so does a missing colon" 'grep -q "the end of the line" out && ! grep -q "end of the file" out'

# Usage.
"$JGFLINT" --stream file.jgf > out 2> err
check "--stream with a PATH is a usage error" '[ $? = 2 ] && grep -q "standard input" err'
"$JGFLINT" --id-field game.name - < /dev/null > out 2> err
check "--id-field without --stream is a usage error" '[ $? = 2 ]'
"$JGFLINT" --stream --format json < /dev/null > out 2> err
check "--stream with --format is a usage error" '[ $? = 2 ]'

# --config applies; a missing one is trouble.
printf '{"ignore": ["unknown-key"]}' > conf.json
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": 1}\n' |
  "$JGFLINT" --stream --config conf.json > out 2> err
check "--config applies to every line" '[ $? = 0 ] && grep -q "\"warnings\":0" out'
"$JGFLINT" --stream --config missing.json < /dev/null > out 2> err
check "a --config that cannot be read: exit 2" '[ $? = 2 ] && grep -q "missing.json" err'
# A configuration with problems stops the run, reported as file mode's
# reporters report it (PATH:LINE:COL: SEVERITY: MESSAGE [RULE]).
printf '{"ignore": ["unknown-key"],\n "rules": 1}' > bad.json
printf '{}\n' | "$JGFLINT" --stream --config bad.json > out 2> err
check "a --config with problems: exit 2" '[ $? = 2 ] && [ ! -s out ]'
check "… its problems reported as findings of its file, through a reporter" \
  'grep -qx "bad.json:2:2: error: unknown setting \`rules\`; the settings are .* \[config-error\]" err &&
   [ "$(wc -l < err)" = 1 ]'

# Size and memory (not under AddressSanitizer, whose memory is its own).
# The warning policy of a configuration file holds in --stream as in file
# mode: a record whose only finding is a warning fails both runs under
# "warnings-as-errors" (--stream ignored it), and passes both without it.
mkdir -p policy
printf '{"warnings-as-errors": true}\n' > policy/.jgflint.json
printf '\357\273\277{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > policy/w.jgf
(cd policy && "$JGFLINT" --format concise w.jgf > ../out 2> ../err); file_status=$?
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": 1}\n' > policy/w.jsonl
(cd policy && "$JGFLINT" --stream --stdin-filename w.jgf < w.jsonl > ../out 2> ../err); stream_status=$?
check "\"warnings-as-errors\" in .jgflint.json: a warning fails file mode ($file_status) and --stream ($stream_status)" \
  '[ "$file_status" = 1 ] && [ "$stream_status" = 1 ] && grep -q "\"warnings-as-errors\" in .jgflint.json makes it fail the run" err'
(cd policy && "$JGFLINT" --stream --stdin-filename w.jgf --no-config < w.jsonl > ../out 2> ../err); status=$?
check "… and without the configuration --stream passes it (exit $status)" '[ "$status" = 0 ]'
# --convert: each line converted, its records in its output line ("sgf"
# with --to sgf, else "jgf"), with the findings --convert reports and its
# notes; a JGF record (fixed as --fix fixes it) goes to SGF too.
cat > conv.jsonl <<'EOF'
{"record": {"format": "JGF", "version": "2.0.0"}, "game": {"name": "A"}, "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}}], "x": 1}
(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Ann];B[ee]C[a \] b];W[])

[[{"FF": 4, "GM": 1, "SZ": 9}, {"B": "cc"}], [{"FF": 4, "GM": 1, "SZ": 9}, {"W": "dd"}]]
hello
(;GM[2]SZ[9];B[aa])
EOF
cat > conv.want <<'EOF'
{"line":1,"id":"A","errors":0,"warnings":2,"infos":0,"findings":[{"rule":"seki-version-string","severity":"warning","message":"`version` is the string \"2.0.0\" (as Seki 4.3 writes it), but the JGF version is a number: write \"version\": 2","pointer":"/record/version","column":41},{"rule":"unknown-key","severity":"warning","message":"unknown key `x` in the record; custom data belongs under `meta`","pointer":"/x","column":134}],"notes":["<stdin>.sgf: note: not in SGF: /x: a section SGF has no properties for"],"sgf":["(;FF[4]GM[1]CA[UTF-8]AP[jgflint:0.2.0]SZ[19]GN[A]\n;B[dd])\n"]}
{"line":2,"id":null,"errors":0,"warnings":0,"infos":0,"findings":[],"notes":["<stdin>: note: read as UTF-8 (CA[UTF-8])"],"sgf":["(;FF[4]GM[1]CA[UTF-8]AP[jgflint:0.2.0]SZ[9]PB[Ann]\n;B[ee]C[a \\] b]\n;W[])\n"]}
{"line":3,"id":null,"blank":true,"errors":0,"warnings":0,"infos":0,"findings":[],"notes":[],"sgf":[]}
{"line":4,"id":null,"errors":0,"warnings":0,"infos":0,"findings":[],"notes":[],"sgf":["(;FF[4]GM[1]CA[UTF-8]AP[jgflint:0.2.0]SZ[9]\n;B[cc])\n","(;FF[4]GM[1]CA[UTF-8]AP[jgflint:0.2.0]SZ[9]\n;W[dd])\n"]}
{"line":5,"id":null,"errors":1,"warnings":0,"infos":0,"findings":[{"rule":"json-syntax","severity":"error","message":"unexpected word `hello`: strings must be in double quotes; nothing else in the record was checked","pointer":"","column":1}],"notes":["<stdin>: error: not JGF, SGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS: nothing to convert"],"sgf":[]}
{"line":6,"id":null,"errors":1,"warnings":0,"infos":0,"findings":[{"rule":"sgf-not-go","severity":"error","message":"GM[2] is not Go (GM[1]): this game is not read","pointer":null,"column":3}],"notes":["<stdin>: note: no CA: the bytes are valid UTF-8, read as UTF-8 (not ISO-8859-1, SGF's default)"],"sgf":[]}
EOF
sed "s/AP\[jgflint:0.2.0\]/AP[jgflint:$("$JGFLINT" --version | sed -n '1s/^jgflint //p')]/g" conv.want > conv.want2
"$JGFLINT" --stream --convert --to sgf -j 1 --id-field game.name < conv.jsonl > out 2> err
status=$?
check "--convert --to sgf: each line's SGF, findings and notes (exact); a line that cannot be converted says why, exit 2" \
  '[ $status = 2 ] && diff conv.want2 out && [ ! -s err ]'
# A line none of whose games is read goes through the door, as a --stream
# check's line does: the same findings (named .sgf: sgf-no-game-tree, where
# --convert linted it as JGF; issue 73).
printf 'hello world\n{"a":1}\n' > unread.jsonl
"$JGFLINT" --no-config --stream --stdin-filename lines.sgf < unread.jsonl > unread.check 2> /dev/null
"$JGFLINT" --no-config --stream --convert --stdin-filename lines.sgf < unread.jsonl > unread.conv 2> /dev/null
check "--stream --convert, a line none of whose games is read: the findings --stream gives it" \
  'python3 -c "import json,sys; f=lambda p: [json.loads(l)[\"findings\"] for l in open(p)]; sys.exit(f(\"unread.check\") != f(\"unread.conv\"))" && grep -q sgf-no-game-tree unread.conv'
"$JGFLINT" --stream --convert --to sgf -j 2 --id-field game.name < conv.jsonl > out2 2> /dev/null
check "--convert --to sgf -j 2: the same lines in the same order" 'cmp -s out out2'
# Each line's SGF is what --convert --to sgf writes of the line as a file.
python3 - "$JGFLINT" <<'EOF' > compare 2>&1
import json, subprocess, sys
lines = open("conv.jsonl", encoding="utf-8").read().split("\n")
bad = compared = 0
for i, rec in enumerate(json.loads(l) for l in open("out", encoding="utf-8")):
    if not rec["sgf"]:
        continue
    compared += 1
    d = "c%d" % i
    subprocess.run(["mkdir", d])
    with open(d + "/in", "w", encoding="utf-8") as f:
        f.write(lines[i] + "\n")
    subprocess.run([sys.argv[1], "--convert", "--to", "sgf", "-q", "--sgf-collection", d + "/in"],
                   capture_output=True)
    if open(d + "/in.sgf", encoding="utf-8").read() != "".join(rec["sgf"]):
        print("line", i + 1, "differs"); bad += 1
print(bad, "differ of", compared)
EOF
check "each line's SGF is --convert --to sgf's of the line as a file ($(cat compare))" 'grep -q "^0 differ of 3$" compare'
"$JGFLINT" --stream --convert < conv.jsonl > out 2> err
status=$?
check "--convert (to JGF): the records as --convert writes them, what went under meta said; a JGF record is not converted" \
  '[ $status = 2 ] && python3 -c "
import json, subprocess, sys
out = [json.loads(l) for l in open(\"out\", encoding=\"utf-8\")]
want = subprocess.run([\"$JGFLINT\", \"--convert\", \"-\"], input=open(\"conv.jsonl\", encoding=\"utf-8\").read().split(\"\n\")[1].encode(), capture_output=True).stdout.decode()
assert out[1][\"jgf\"] == [want], out[1]
assert out[1][\"notes\"][-1] == \"<stdin>.jgf: kept under meta.sgf: GM, FF, CA\", out[1]
assert \"sgf\" not in out[1]
assert out[0][\"jgf\"] == [] and out[0][\"notes\"] == [\"<stdin>: error: not SGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS: nothing to convert\"]
assert len(out[3][\"jgf\"]) == 2
"'
printf '(;SZ[9]AB[aa][ab][ba][bb];B[cc];W[])\n' | "$JGFLINT" --stream --convert --to sgf --sgf-pass-tt --sgf-compress -q > out 2> err
check "--sgf-pass-tt, --sgf-compress; exit 0" \
  '[ $? = 0 ] && grep -q "\"sgf\":\[\"(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[jgflint:[^]]*\]SZ\[9\]AB\[aa:bb\]\\\\n;B\[cc\]\\\\n;W\[tt\])\\\\n\"\]}$" out'
for bad in "--convert --fix|it does not go with --fix" \
	   "--convert --to sgf --output d|--output, --force and --sgf-collection write files" \
	   "--convert --to sgf --sgf-collection|--output, --force and --sgf-collection write files" \
	   "--to sgf|--to, --sgf-pass-tt and --sgf-compress go with --stream --convert" \
	   "--convert --sgf-pass-tt|--sgf-pass-tt and --sgf-compress go with --to sgf" \
	   "--convert --to xml|--to: 'xml' is not a format --convert writes (jgf, sgf, sgfjson)"; do
  opts=${bad%%|*} msg=${bad#*|}
  # shellcheck disable=SC2086
  printf '(;SZ[9];B[aa])\n' | "$JGFLINT" --stream $opts > out 2> err
  check "--stream $opts: refused (exit 2, nothing written)" \
    '[ $? = 2 ] && [ ! -s out ] && grep -qF -- "$msg" err'
done

# A --stream check takes --encoding, which its charset-ambiguous finding
# names (REVIEW.md R46: refused, "--to, --encoding, ... go with --stream
# --convert", where a check takes it): the line's SGF read in that set, so
# no guess is said; a set iconv does not know is refused, a --stream
# --convert's too (it read the line "as BOGUS", in ISO-8859-1, exit 0).
printf '(;GM[1]FF[4]SZ[19]PB[\271\305\301\246]PW[\277\302\275\340];B[pd])\n' > gbk.sgf
"$JGFLINT" --no-config --stream --stdin-filename g.sgf - < gbk.sgf > amb.out 2> amb.err
enc=$(sed -n 's/.*; --encoding \([^ ]*\) reads the file as the second does.*/\1/p' amb.out)
"$JGFLINT" --no-config --stream --encoding "${enc:-none}" --stdin-filename g.sgf - < gbk.sgf > enc.out 2> enc.err
check "--stream --encoding, as its charset-ambiguous finding names it: taken, the line read in it" \
  '[ $? = 1 ] && [ "$enc" = EUC-JP ] && [ ! -s enc.err ] && grep -q "\"rule\":\"charset-ambiguous\"" amb.out &&
   ! grep -q "charset-ambiguous" enc.out && grep -q "\"rule\":\"foreign-format\"" enc.out'
for opts in "--encoding BOGUS" "--convert --encoding BOGUS"; do
  # shellcheck disable=SC2086
  "$JGFLINT" --no-config --stream $opts < gbk.sgf > out 2> err
  check "--stream $opts: refused (exit 2, nothing written)" \
    '[ $? = 2 ] && [ ! -s out ] && grep -qF -- "--encoding: '"'"'BOGUS'"'"' is not a character set iconv knows" err'
done

if ! [ -x /usr/bin/time ]; then
  skip "memory: needs GNU time (/usr/bin/time)"
elif sanitized asan; then
  skip "memory: not measured under AddressSanitizer"
else
  # A line of 50 MB: one record, one output line.
  python3 -c '
import sys
moves = ",".join("{\"move\": {\"color\": \"%s\", \"pass\": true}}" % ("black", "white")[i % 2] for i in range(1200000))
sys.stdout.write("{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"tree\": [{}, " + moves + "], \"x\": 1}\n")
' > big.jsonl
  /usr/bin/time -o t -f %M "$JGFLINT" --stream -j 2 < big.jsonl > out 2> err
  check "a line of $(($(wc -c < big.jsonl) / 1000000)) MB: one output line, with its finding" \
    '[ "$(wc -l < out)" = 1 ] && grep -q "\"pointer\":\"/x\"" out'
  # Memory does not grow with the stream: 20,000 lines against 2,000.
  gen() { python3 -c '
import sys
rec = "{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"game\": {\"name\": \"g%d\"}, \"tree\": [{}, " + ",".join("{\"move\": {\"color\": \"%s\", \"x\": %d, \"y\": %d}}" % (("black", "white")[i % 2], i % 19, i // 19) for i in range(300)) + "], \"x\": 1}\n"
for i in range(int(sys.argv[1])):
    sys.stdout.write(rec.replace("%d", str(i), 1) if False else rec.replace("g%d", "g" + str(i)))
' "$1"; }
  gen 2000 | /usr/bin/time -o t1 -f %M "$JGFLINT" --stream -j 2 --id-field game.name > out1 2> /dev/null
  gen 20000 | /usr/bin/time -o t2 -f %M "$JGFLINT" --stream -j 2 --id-field game.name > out2 2> /dev/null
  small=$(tail -n 1 t1) large=$(tail -n 1 t2)
  check "20,000 lines ($(wc -l < out2) out) peak at $large KB, 2,000 at $small KB: flat" \
    '[ "$(wc -l < out2)" = 20000 ] && [ "$large" -le $((small + small / 4)) ] && tail -n 1 out2 | grep -q "^{\"line\":20000,\"id\":\"g19999\""'
fi

echo "1..$n"
[ "$failed" -eq 0 ]
