#!/bin/sh
# The README's setup for the formats jgflint converts (issue 37): the
# browser section names every format the page opens (GIB and NGF too), and
# the Emacs section's SGF setup, run by emacs --batch, opens .sgf, .ugf,
# .gib and .ngf files in a mode whose server is `jgflint server` (whose code
# action converts them); the pre-commit snippets say what works before the
# release is published. TAP output. Environment: TOP_SRCDIR.
set -u
: "${TOP_SRCDIR:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
readme=$TOP_SRCDIR/README.md
sed -n '/^### In the browser/,/^```/p' "$readme" | tr '\n' ' ' > "$tmp/browser"
for ext in jgf sgf ugf ugi gib ngf; do
  grep -q "\`\.$ext\`" "$tmp/browser" && ok "the browser section names .$ext" ||
    not_ok "the browser section names .$ext"
done
sed -n '/^(define-derived-mode sgf-mode/,/^(add-hook .sgf-mode-hook/p' "$readme" > "$tmp/sgf.el"
if ! [ -s "$tmp/sgf.el" ]; then
  not_ok "the Emacs section has an SGF setup (define-derived-mode sgf-mode ...)"
elif ! command -v emacs > /dev/null; then
  n=$((n + 1)); echo "ok $n # SKIP no emacs"
else
  touch "$tmp/a.sgf" "$tmp/b.ugf" "$tmp/c.gib" "$tmp/d.ngf"
  emacs --batch -l "$tmp/sgf.el" --eval "(progn (require 'eglot nil t)
    (dolist (f '(\"a.sgf\" \"b.ugf\" \"c.gib\" \"d.ngf\"))
      (let ((auto-mode-alist auto-mode-alist) (sgf-mode-hook nil))
        (with-current-buffer (find-file-noselect (expand-file-name f \"$tmp\"))
          (princ (format \"%s %s\n\" f major-mode)))))
    (when (boundp 'eglot-server-programs)
      (princ (format \"server %S\n\" (cdr (assoc '(sgf-mode :language-id \"sgf\") eglot-server-programs))))))" \
    > "$tmp/out" 2> "$tmp/err"
  if [ "$(grep -c ' sgf-mode$' "$tmp/out")" -eq 4 ]; then
    ok "the Emacs SGF setup opens .sgf, .ugf, .gib and .ngf in sgf-mode"
  else
    not_ok "the Emacs SGF setup opens .sgf, .ugf, .gib and .ngf in sgf-mode"; sed 's/^/# /' "$tmp/out" "$tmp/err"
  fi
  if ! grep -q '^server' "$tmp/out"; then
    n=$((n + 1)); echo "ok $n # SKIP no eglot"
  elif grep -qx 'server ("jgflint" "server")' "$tmp/out"; then
    ok "… whose Eglot server is jgflint server"
  else
    not_ok "… whose Eglot server is jgflint server"; sed 's/^/# /' "$tmp/out"
  fi
fi
# The Emacs section says what the server does with SGF (issue 53: "whose
# only action is the conversion", where SGF is checked in place): its
# findings, the rule at point and "ignore RULE" as well as the conversion.
sed -n '/^### Emacs (Eglot)/,/^### VS Code/p' "$readme" | tr '\n' ' ' > "$tmp/emacs"
if grep -q 'only action' "$tmp/emacs"; then
  not_ok "the Emacs section does not call the conversion SGF's only action"
else
  ok "the Emacs section does not call the conversion SGF's only action"
fi
grep -q 'SGF, UGF, GIB and NGF records are checked in place.*Flymake.*ElDoc.*"ignore RULE".*the conversion' "$tmp/emacs" &&
  ok "… it says they are checked in place: findings, the rule at point, ignore RULE, the conversion" ||
  not_ok "… it says they are checked in place: findings, the rule at point, ignore RULE, the conversion"
# The install snippets that name a release not yet published say so where
# they stand, with what works from the release files meanwhile.
tr '\n' ' ' < "$readme" > "$tmp/readme"
grep -q 'Until the tag `v[0-9.]*` is pushed.*use the local hooks below' "$tmp/readme" &&
  ok "the pre-commit snippet says it needs the tag, and what works meanwhile" ||
  not_ok "the pre-commit snippet says it needs the tag, and what works meanwhile"
grep -q 'Until `jgflint@[0-9.]*` is published on the npm registry.*jgflint-[0-9.]*\.tgz' "$tmp/readme" &&
  ok "the node hook says it needs the npm package, and names the release's .tgz meanwhile" ||
  not_ok "the node hook says it needs the npm package, and names the release's .tgz meanwhile"
echo "1..$n"
[ "$failed" -eq 0 ]
