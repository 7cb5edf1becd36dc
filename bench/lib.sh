# bench/lib.sh: what the benchmarks share, sourced by them
# (`. "$here/lib.sh"`), not run.

# ir COMMAND [ARGS...]: the instructions callgrind counts for one run of
# COMMAND (its output dropped; a failing exit, as jgflint's 1 on findings,
# is none here). With IR_OUT set, callgrind's profile is kept in that file.
# Instructions do not depend on what else the machine is doing.
ir() {
	{ valgrind --tool=callgrind --callgrind-out-file="${IR_OUT:-/dev/null}" "$@" 2>&1 \
		> /dev/null || true; } | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}
