# shellcheck shell=sh
# root.sh, sourced by build-aux/measure-setup.sh and measure-readme.sh: a
# fresh Debian 12 to measure the quick start in, a copy of a root made by
# `debootstrap --variant=minbase bookworm` (cached in CACHE, made once),
# and how to run a command in it. As root, with debootstrap and the
# network to Debian's mirror.
cache=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/roots}
base=$cache/bookworm-minbase
mkdir -p "$cache"
if [ ! -x "$base/usr/bin/apt-get" ]; then
  rm -rf "$base"
  debootstrap --variant=minbase bookworm "$base" http://deb.debian.org/debian
fi
work=$(mktemp -d "$cache/measure.XXXXXX")
mounted=
cleanup() {
  for m in $mounted; do umount "$m" 2> /dev/null || umount -l "$m" || true; done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# Mounts /proc, /dev and /dev/pts in a root for the steps (postinst scripts
# use them, the tests open pseudo-terminals), and the host's resolver; in
# this shell, so that cleanup finds them.
attach() {
  cp /etc/resolv.conf "$1/etc/resolv.conf"
  mount -t proc proc "$1/proc"; mounted="$1/proc $mounted"
  mount --bind /dev "$1/dev"; mounted="$1/dev $mounted"
  mount --bind /dev/pts "$1/dev/pts"; mounted="$1/dev/pts $mounted"
}
release() {
  for m in $mounted; do umount "$m" 2> /dev/null || umount -l "$m" || true; done
  mounted=
}
enter() {
  r=$1; shift
  chroot "$r" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"
}
