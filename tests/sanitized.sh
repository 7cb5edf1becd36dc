# Sourced (by tests/tap.sh, and by the tests that hand the work to Python):
#   sanitized [KIND]  true when $JGFLINT was built with a sanitizer (configure
#                     --enable-sanitizers), or with KIND's (asan or tsan):
#                     its runtime's __asan_init or __tsan_init is in the
#                     file, imported (gcc) or linked in (clang, where ldd
#                     shows no libasan); tests/lsp.py asks the same.
sanitized() { [ -n "${JGFLINT:-}" ] && grep -aq "__${1:-[at]san}_init" "$JGFLINT" 2> /dev/null; }
