#!/bin/sh
# The Debian packages of `make release`, installed as a user installs them:
# `apt-get install ./jgflint_*.deb ./libjgflint0_*.deb ./libjgflint-dev_*.deb`
# in a fresh Debian 12 root (debootstrap --variant=minbase bookworm, made
# once into ~/.cache/jgflint/roots/bookworm-minbase and copied for each
# run; downloaded packages kept in ~/.cache/jgflint/roots/apt-archives), in
# a chroot: the program and its version, its man page (man-db), bash and
# zsh completion, the rule pages under /usr/share/doc/jgflint/rules that
# its links name (--explain's, SARIF's), and examples/lint.c built with pkg-config against the
# shared library. About 2 minutes once the root is cached (the first run
# adds about 2 for debootstrap). TAP output.
# Environment: JGFLINT_RELEASE_DIR (the release directory with the three
# .deb files; skips without it), JGFLINT (the native program, for the
# version and the output to compare), TOP_SRCDIR. Needs root, debootstrap
# and Debian's mirror (DEBIAN_MIRROR, default deb.debian.org).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
# done_skip WHY: what cannot run here said, and the plan.
done_skip() { skip "$1"; echo "1..$n"; [ "$failed" -eq 0 ]; exit; }

# --- Before any package is built (every make check): the jgflint package
# depends on the package of each library the program loads with dlopen (a
# soname it names and does not link, which dpkg-shlibdeps cannot see), as
# this machine's dpkg names them. The program links libjgflint statically:
# libjgflint0's dependencies do not come with it (issue 75: liblhasa0 did
# not, and the package alone read no UGZ file).
sonames=$(strings "$JGFLINT" 2> /dev/null | grep -E '^lib[a-z0-9_+-]+\.so\.[0-9]+$' | sort -u)
linked=$(objdump -p "$JGFLINT" 2> /dev/null | sed -n 's/^ *NEEDED *//p')
deps=$(sed -n '/^Package: jgflint$/,/^$/p' "$TOP_SRCDIR/debian/control" 2> /dev/null | sed -n 's/^Depends: //p' | tr -d ' ' | tr ',' '\n')
if [ ! -f "$TOP_SRCDIR/debian/control" ]; then
  skip "debian/control names what the program loads with dlopen: no debian/ here (a release tarball)"
elif [ -z "$linked" ] || ! command -v dpkg-query > /dev/null; then
  skip "debian/control names what the program loads with dlopen: no objdump or dpkg here, or $JGFLINT is no ELF program"
else
  for so in $sonames; do
    echo "$linked" | grep -qxF "$so" && continue
    pkg=$(dpkg-query -S "*/$so" 2> /dev/null | sed -n '1s/:.*//p')
    if [ -z "$pkg" ]; then
      skip "the package of $so, which the program loads with dlopen: none installed here"
    else
      check "the jgflint package depends on $pkg, for $so, which the program loads with dlopen" \
        'echo "$deps" | grep -qxF "$pkg"'
    fi
  done
fi

rel=${JGFLINT_RELEASE_DIR:-}
[ -n "$rel" ] || done_skip "no JGFLINT_RELEASE_DIR (make release, then make release-check)"
[ "$(id -u)" -eq 0 ] || done_skip "needs root (chroot)"
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
for p in jgflint libjgflint0 libjgflint-dev; do
  set -- "$rel/${p}_$version"-*_amd64.deb
  [ -f "$1" ] || done_skip "no $rel/${p}_$version-*_amd64.deb"
done
cache=${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/roots
base=$cache/bookworm-minbase
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

mkdir -p "$cache/apt-archives/partial"
log=$cache/debian-test.log
TAP_LOGS=$log
: > "$log"
if [ ! -x "$base/usr/bin/apt-get" ]; then
  command -v debootstrap > /dev/null || done_skip "no debootstrap (apt-get install debootstrap)"
  t0=$(date +%s)
  rm -rf "$base.new"
  debootstrap --variant=minbase bookworm "$base.new" "$mirror" > "$log" 2>&1 &&
    mv "$base.new" "$base" ||
    { not_ok "debootstrap --variant=minbase bookworm"; echo "1..$n"; exit 1; }
  echo "# debootstrap: $(($(date +%s) - t0)) s, cached in $base"
fi
root=$(mktemp -d "$cache/debian-test.XXXXXX") || exit 1
mounted=
# The root is removed only once nothing is mounted in it (/dev is the host's).
cleanup() {
  for m in $mounted; do umount "$m" 2> /dev/null || umount -l "$m"; done
  for m in $mounted; do
    mountpoint -q "$m" && { echo "# $m is still mounted: $root left in place"; return; }
  done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
trap "exit 1" INT TERM
t0=$(date +%s)
cp -a "$base/." "$root/"
# in_root COMMAND...: in the chroot, as a fresh shell of root's.
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc" && mounted="$root/proc"
mount --bind /dev "$root/dev" && mounted="$root/dev $mounted"
mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives" &&
  mounted="$root/var/cache/apt/archives $mounted"
in_root() {
  chroot "$root" env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
mkdir -p "$root/tmp/t"
cp "$rel"/*_"$version"-*_amd64.deb "$root/tmp/t/"
cp -R "$TOP_SRCDIR/testdata/examples" "$TOP_SRCDIR/examples/lint.c" "$root/tmp/t/"

# --- apt-get install ./jgflint_*.deb alone, as the README's first line:
# the dependencies come from Debian's archive, and with them every library
# the program loads with dlopen, so that it reads UGZ files (liblhasa) and
# keeps an index (libsqlite3) without libjgflint0.
lha="$TOP_SRCDIR/tests/lha_lh5.py"
python3 "$lha" --prefix PP "$TOP_SRCDIR/testdata/convert/data-only.ugf" "$root/tmp/t/a.ugz" &&
  cp "$root/tmp/t/a.ugz" "$root/tmp/t/b.ugz"
in_root apt-get update > "$log" 2>&1 &&
  in_root sh -c 'cd /tmp/t && apt-get install -y --no-install-recommends ./jgflint_*.deb' >> "$log" 2>&1
check "apt-get install ./jgflint_$version-*.deb alone, in a fresh bookworm" '[ $? -eq 0 ]'
echo "# fresh root and install: $(($(date +%s) - t0)) s"
: > "$log"
for so in $sonames; do
  echo "$linked" | grep -qxF "$so" && continue
  check "… $so, which the program loads with dlopen, came with it" \
    'in_root sh -c "ls /lib/*/$so /usr/lib/*/$so" > /dev/null 2>&1'
done
in_root sh -c 'cd /tmp/t && jgflint --convert --output - a.ugz' > "$root/tmp/t/ugz.jgf" 2> "$log"
check "… it reads a UGZ file: --convert writes its record" \
  '[ $? -eq 0 ] && grep -q "\"format\": \"JGF\"" "$root/tmp/t/ugz.jgf"'
in_root sh -c 'cd /tmp/t && jgflint duplicates a.ugz b.ugz' > "$root/tmp/t/dup" 2>&1
check "… jgflint duplicates reads both copies (no ugz-unreadable)" \
  '! grep -q "ugz-unreadable\|liblhasa" "$root/tmp/t/dup" && grep -q "b.ugz" "$root/tmp/t/dup"'
in_root sh -c 'cd /tmp/t && jgflint duplicates --index games.db a.ugz' > "$log" 2>&1
check "… and keeps an index (libsqlite3)" '[ $? -eq 0 ] && [ -s "$root/tmp/t/games.db" ]'
in_root sh -c 'cd /tmp/t && apt-get install -y --no-install-recommends ./libjgflint0_*.deb ./libjgflint-dev_*.deb' > "$log" 2>&1
check "apt-get install ./libjgflint0_… ./libjgflint-dev_… beside it" '[ $? -eq 0 ]'
: > "$log"

# --- The program.
got=$(in_root jgflint --version 2> "$log")
check "jgflint --version: jgflint $version" '[ "$got" = "jgflint $version" ]'
in_root sh -c 'cd /tmp/t && jgflint --format concise examples/clean.jgf examples/findings.jgf' > "$root/tmp/t/got" 2>&1
status=$?
(cd "$TOP_SRCDIR/testdata" && "$JGFLINT" --format concise examples/clean.jgf examples/findings.jgf) > "$root/tmp/t/want" 2>&1
diff "$root/tmp/t/want" "$root/tmp/t/got" > "$log"
check "it reports what the native program reports (exit $status)" \
  '[ $status -eq 1 ] && [ ! -s "$log" ]'

# --- The man page, through man-db.
in_root apt-get install -y --no-install-recommends man-db > "$log" 2>&1
in_root sh -c 'MANWIDTH=80 man jgflint 2> /dev/null' > "$root/tmp/t/man"
check "man jgflint: the page of jgflint $version" \
  'grep -q "jgflint - check JGF" "$root/tmp/t/man" && grep -q "jgflint $version" "$root/tmp/t/man"'

# --- Completion: bash (bash-completion loads it on demand) and zsh.
in_root apt-get install -y --no-install-recommends bash-completion zsh > "$log" 2>&1
got=$(in_root bash -c '. /usr/share/bash-completion/bash_completion
  __load_completion jgflint || _completion_loader jgflint
  COMP_WORDS=(jgflint --form); COMP_CWORD=1; _jgflint; echo "${COMPREPLY[*]}"
  COMP_WORDS=(jgflint --format ""); COMP_CWORD=2; _jgflint; echo "${COMPREPLY[*]}"' 2>> "$log")
check "bash completes --form to --format, and its formats" \
  'echo "$got" | head -1 | grep -qx -- "--format" && echo "$got" | sed -n 2p | grep -q "sarif"'
got=$(in_root zsh -c 'autoload -Uz compinit && compinit -u -d /tmp/zcd && print -r -- $_comps[jgflint]' 2>> "$log")
check "zsh: compinit finds _jgflint for jgflint ($got)" '[ "$got" = _jgflint ]'

# --- The rule pages: those make install puts in DOCDIR/rules (the build's
# rule-pages/, made from the same --explain), uncompressed, where the links point.
pages=${TOP_BUILDDIR:-$(dirname "$JGFLINT")}/rule-pages
missing=0
for f in "$pages"/*; do
  cmp -s "$f" "$root/usr/share/doc/jgflint/rules/${f##*/}" || { missing=$((missing + 1)); echo "# ${f##*/}"; }
done
check "the $(ls "$pages" | wc -l) rule pages (HTML, an index, a style sheet) in /usr/share/doc/jgflint/rules ($missing missing or different)" \
  '[ $missing -eq 0 ] && [ -f "$pages/index.html" ]'
page=$(in_root jgflint --explain ko-retake 2> "$log" | awk 'p { sub(/^ +/, ""); print; exit } /^Page$/ { p = 1 }')
check "--explain ko-retake names its page, installed ($page)" \
  '[ "$page" = file:///usr/share/doc/jgflint/rules/ko-retake.html ] && [ -f "$root${page#file://}" ]'
in_root jgflint --list-rules --format json > "$root/tmp/t/rules.json" 2> "$log"
python3 - "$root" "$root/tmp/t/rules.json" > "$log" 2>&1 <<'PY'
import json, os, sys
root, rules = sys.argv[1], json.load(open(sys.argv[2]))
rules = rules.get("rules", rules) if isinstance(rules, dict) else rules
bad = [r["url"] for r in rules if not (r["url"].startswith("file:///usr/share/doc/jgflint/rules/")
       and os.path.isfile(root + r["url"][len("file://"):]))]
print(len(rules), "rules;", len(bad), "links to no page:", bad[:5])
sys.exit(1 if bad or not rules else 0)
PY
check "each rule's link (--list-rules --format json) is a page installed: $(cat "$log")" '[ $? -eq 0 ]'

# --- The library: examples/lint.c with pkg-config, against libjgflint.so.0.
in_root apt-get install -y --no-install-recommends gcc libc6-dev pkgconf > "$log" 2>&1
in_root sh -c 'cd /tmp/t && cc lint.c $(pkg-config --cflags --libs jgflint) -o lint' >> "$log" 2>&1
check "cc examples/lint.c \$(pkg-config --cflags --libs jgflint)" '[ $? -eq 0 ]'
needed=$(in_root sh -c 'LC_ALL=C ldd /tmp/t/lint' 2> "$log" | sed -n 's/^[[:space:]]*\(libjgflint[^ ]*\) => \([^ ]*\).*/\1 \2/p')
check "it runs on the package's shared library ($needed)" \
  'echo "$needed" | grep -qx "libjgflint.so.0 /lib/x86_64-linux-gnu/libjgflint.so.0\|libjgflint.so.0 /usr/lib/x86_64-linux-gnu/libjgflint.so.0"'
in_root sh -c 'cd /tmp/t && ./lint examples/clean.jgf examples/findings.jgf' > "$root/tmp/t/lib" 2> "$log"
# (its lines are the concise format's findings, without the [*] marks)
grep '^[^:]*:[0-9]*:[0-9]*: ' "$root/tmp/t/want" | sed 's/: \[\*\] /: /' > "$root/tmp/t/want-lib"
check "… and reports the findings jgflint --format concise reports" \
  '[ -s "$root/tmp/t/lib" ] && cmp -s "$root/tmp/t/want-lib" "$root/tmp/t/lib"'
printf '#include <jgflint.h>\n#include <stdio.h>\nint main(void) { printf("%%s %%s\\n", JGF_VERSION, jgf_version()); return 0; }\n' > "$root/tmp/t/v.c"
got=$(in_root sh -c 'cd /tmp/t && cc v.c $(pkg-config --cflags --libs jgflint) -o v && ./v' 2> "$log")
check "jgflint.h's JGF_VERSION and jgf_version(): $got" '[ "$got" = "$version $version" ]'
got=$(in_root pkg-config --modversion jgflint 2> "$log")
check "pkg-config --modversion jgflint: $got" '[ "$got" = "$version" ]'

# --- And they go away.
in_root apt-get purge -y jgflint libjgflint-dev libjgflint0 > "$log" 2>&1
check "apt-get purge removes the three, and nothing of theirs is left" \
  '[ $? -eq 0 ] && ! [ -e "$root/usr/bin/jgflint" ] && ! [ -e "$root/usr/share/doc/jgflint" ]'
echo "# the test took $(($(date +%s) - t0)) s"
echo "1..$n"
[ "$failed" -eq 0 ]
