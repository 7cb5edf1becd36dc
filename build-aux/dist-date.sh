#!/bin/sh
# The date every entry of the source tarball gets (make dist), in seconds
# since the epoch: SOURCE_DATE_EPOCH if set, else the date of the commit
# checked out when SRCDIR is the top of a git clone, else the date of
# SRCDIR/configure.ac (in an unpacked tarball, that date already).
# Usage: build-aux/dist-date.sh SRCDIR
srcdir=${1:-.}
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  echo "$SOURCE_DATE_EPOCH"
  exit 0
fi
# Only the clone's own top: a tarball unpacked inside another clone (make
# distcheck's) is not that clone's commit.
top=$(git -C "$srcdir" rev-parse --show-toplevel 2> /dev/null) &&
  [ "$(cd "$top" && pwd -P)" = "$(cd "$srcdir" && pwd -P)" ] &&
  git -C "$srcdir" log -1 --format=%ct 2> /dev/null && exit 0
date -r "$srcdir/configure.ac" +%s
