#!/bin/sh
# SARIF output validates against the official SARIF 2.1.0 schema, and holds
# what GitHub code scanning needs, and the points of findings about a
# position as related locations. The schema comes from the npm package
# @microsoft/jest-sarif (lib/schemas/sarif-2.1.0-rtm.5.json), vendored in
# tests/schemas/ (SARIF_SCHEMA names another copy); without Debian's
# python3-jsonschema, the test is skipped. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree), SARIF_SCHEMA.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
: "${SARIF_SCHEMA:=$TOP_SRCDIR/tests/schemas/sarif-2.1.0-rtm.5.json}"   # vendored (tests/schemas/README.md)
py=/usr/bin/python3
[ -x $py ] || py=python3
if [ -z "${SARIF_SCHEMA:-}" ] || [ ! -f "$SARIF_SCHEMA" ] || ! $py -c 'import jsonschema' 2> /dev/null; then
  echo "1..0 # SKIP needs SARIF_SCHEMA (the SARIF 2.1.0 schema) and python3-jsonschema"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$JGFLINT" --format sarif testdata/examples/*.jgf testdata/json/*.jgf testdata/rules/*/*.jgf \
  > "$tmp/out.sarif" 2> /dev/null
$py - "$SARIF_SCHEMA" "$tmp/out.sarif" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
n = 0
def check(ok, name):
    global n
    n += 1
    print(("ok %d - " if ok else "not ok %d - ") % n + name)
errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(doc), key=str)
check(not errors, "the document validates against the SARIF 2.1.0 schema")
for e in errors[:5]:
    print("# " + str(e.message)[:300] + " at " + "/".join(map(str, e.absolute_path)))
run = doc["runs"][0]
rules = run["tool"]["driver"]["rules"]
check(run.get("columnKind") == "unicodeCodePoints", "columnKind is declared")
check(all(r.get("shortDescription") and r.get("fullDescription") and r.get("help")
          and r.get("defaultConfiguration", {}).get("level") for r in rules),
      "every rule has descriptions, help and a default level")
import os
check(all(r.get("helpUri", "").endswith("/%s.html" % r["id"]) and "://" in r["helpUri"]
          and os.path.isfile("docs/rules/%s.md" % r["id"]) for r in rules),
      "every rule has a helpUri naming its page (RULE.html; tests/rule_pages.sh opens them)")
results = run["results"]
check(len(results) > 50, "results are reported (%d)" % len(results))
check(all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results), "ruleIndex matches ruleId")
def region_ok(r):
    reg = r["locations"][0]["physicalLocation"].get("region")
    return reg is None or (reg["startLine"] >= 1 and reg["startColumn"] >= 1)
check(all(region_ok(r) for r in results), "regions are 1-based")
check(all(not r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("/")
          for r in results), "URIs are relative to the working directory")
fps = [r["partialFingerprints"]["jgflint/v2"] for r in results]
check(len(set(fps)) == len(fps), "fingerprints are unique")
fixes = [r for r in results if "fixes" in r]
check(len(fixes) > 5 and all(f["fixes"][0]["artifactChanges"][0]["replacements"] for f in fixes),
      "fixable results carry fixes with artifactChanges and replacements (%d)" % len(fixes))
# Findings about a position name its points as related locations: each a
# region of the file (the move or setup that is it or placed its stone), its
# pointer, and what it is in words; other findings have none.
go = {"occupied-point", "suicide", "ko-retake", "superko", "setup-no-effect", "setup-no-liberties"}
about = [r for r in results if r["ruleId"] in go]
def related_ok(r):
    rel = r.get("relatedLocations", [])
    return rel and [x["id"] for x in rel] == list(range(len(rel))) and all(
        x["physicalLocation"]["region"]["startLine"] >= 1 and x["message"]["text"]
        and x["logicalLocations"][0]["fullyQualifiedName"].startswith("/tree/")
        for x in rel)
check(len(about) > 10 and all(related_ok(r) for r in about),
      "findings about a position have related locations (%d)" % len(about))
texts = [x["message"]["text"] for r in about for x in r["relatedLocations"]]
check(any("captures" in t for t in texts) and any(t.startswith("move ") for t in texts)
      and any("set up" in t for t in texts), "… the move, a stone set up, a stone captured")
check(all("relatedLocations" not in r for r in results if r["ruleId"] not in go | {"same-color-twice", "turn-mismatch", "handicap-mismatch"}),
      "other findings have none")
inv = run.get("invocations", [{}])[0]
check(inv.get("exitCode") == 1 and inv.get("executionSuccessful") is True,
      "the invocation records the exit status")
print("1..%d" % n)
sys.exit(0 if not errors else 1)
PY
