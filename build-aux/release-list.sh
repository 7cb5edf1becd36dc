#!/bin/sh
# Lists what make release made in DIR, with sizes and SHA-256 checksums,
# and writes them to DIR/SHA256SUMS (sha256sum -c reads it back).
# Usage: build-aux/release-list.sh DIR
set -eu
dir=$1
cd "$dir"
rm -f SHA256SUMS
files=$(LC_ALL=C ls)
[ -n "$files" ] || { echo "release-list.sh: nothing in $dir" >&2; exit 2; }
# shellcheck disable=SC2086
sha256sum $files > SHA256SUMS.tmp
mv SHA256SUMS.tmp SHA256SUMS
echo
echo "make release: $(echo "$files" | wc -l) files in $(pwd)"
for f in $files; do
  printf '  %-40s %10s bytes  %s\n' "$f" "$(wc -c < "$f" | tr -d ' ')" \
    "$(sed -n "s/^\([0-9a-f]*\)  $f\$/\1/p" SHA256SUMS)"
done
echo "  (SHA256SUMS: sha256sum -c SHA256SUMS)"
