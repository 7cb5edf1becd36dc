#!/bin/sh
# SGF -> JGF -> SGF (jgflint --convert --to sgf) gives the same games as an
# independent reader, @sabaki/sgf, sees them: the same trees, every node's
# properties and values, point lists expanded (tests/roundtrip_same.cjs,
# which lists the documented differences), on testdata/convert and the
# shared samples' SGF. A file @sabaki/sgf cannot read (a character set
# iconv-lite lacks, text only jgflint's repairs read) is skipped by name.
# Skips without node or @sabaki/sgf (.ci/run installs it:
# `npm install --prefix DIR @sabaki/sgf@3`, DIR in SABAKI_SGF_DIR, default
# ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/sgf-test). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
dir=${SABAKI_SGF_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/sgf-test}
if ! command -v node > /dev/null 2>&1; then echo "1..0 # SKIP node not found"; exit 0; fi
if [ ! -f "$dir/node_modules/@sabaki/sgf/package.json" ]; then
  echo "1..0 # SKIP @sabaki/sgf not in $dir (npm install --prefix $dir @sabaki/sgf@3)"; exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"

# The inputs the two readers read differently by design, and the properties
# that differ: jgflint's character set (CA overruled by what the bytes are),
# its repairs, --convert's mappings (FF[3]'s L to LB, KO to KM), a game that
# is not Go (not converted).
documented() {
  case $(basename "$1") in
    ca-latin1-cp1252.sgf) echo "C" ;;             # CP1252's quotes in ISO-8859-1
    latin1-labelled-utf8.sgf) echo "C PB PW" ;;   # UTF-8 labelled ISO-8859-1
    japanese_bad.sgf) echo "C PB PW" ;;           # a broken Shift_JIS, decoded apart
    lost-brackets.sgf) echo "AB B C W" ;;         # a lost ], repaired
    views.sgf) echo "L LB" ;;                     # FF[3] L written as LB
    values.sgf) echo "KM" ;;                      # KO[...] written as KM
    big-numbers.sgf) echo "games" ;;              # GM[4294967297]: not Go
    *) echo "" ;;
  esac
}

for f in testdata/convert/*.sgf ../shared/samples/sgf/*.sgf; do
  [ -f "$f" ] || continue
  rm -rf "$tmp/s"
  "$JGFLINT" --convert -q --to sgf "$f" --output "$tmp/s" > /dev/null 2>&1
  # shellcheck disable=SC2046 # the records, in game order
  node tests/roundtrip_same.cjs "$dir" "$f" $(find "$tmp/s" -name "*.sgf" | sort -V) > "$tmp/why" 2>&1
  st=$?
  allowed=$(documented "$f")
  if [ $st -eq 3 ]; then
    ok "$f # SKIP $(head -1 "$tmp/why")"
  elif [ $st -eq 0 ] && [ -z "$allowed" ]; then
    ok "$f: the same games through JGF"
  elif [ $st -eq 1 ] && [ -n "$allowed" ]; then
    # Only the documented properties differ.
    ids=$(sed -n 's/^[^:]*: \([A-Za-z]*\):.*/\1/p; s/^[0-9]* \(games\) .*/\1/p' "$tmp/why" | sort -u)
    extra=
    for id in $ids; do
      case " $allowed " in *" $id "*) ;; *) extra="$extra $id" ;; esac
    done
    if [ -z "$extra" ] && [ -n "$ids" ]; then
      ok "$f: the same games, but for the documented differences ($allowed)"
    else
      not_ok "$f: differs beyond the documented differences ($allowed):$extra"
      sed 's/^/# /' "$tmp/why" | head -10
    fi
  else
    not_ok "$f: the same games through JGF (exit $st)"
    sed 's/^/# /' "$tmp/why" | head -10
  fi
done

# The comparison itself: a changed move is a difference.
printf '(;GM[1]FF[4]SZ[9];B[aa];W[bb])' > "$tmp/a.sgf"
printf '(;GM[1]FF[4]SZ[9];B[aa];W[bc])' > "$tmp/b.sgf"
if node tests/roundtrip_same.cjs "$dir" "$tmp/a.sgf" "$tmp/b.sgf" > /dev/null 2>&1; then
  not_ok "a changed move is a difference"
else
  ok "a changed move is a difference"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
