// The page's module has no file system (-sFILESYSTEM=0), and emscripten's
// stubs for the calls that would touch one answer success without writing
// their results: stat() "succeeds" with whatever the stack held, open()
// returns descriptor 0, and read() on it throws (SYSCALLS.getStreamFromFD
// is not in the build). json-c seeds its string hash on its first use from
// /dev/urandom (stat, then open and read): with a character device's bit in
// that stack garbage, the first call to make a JSON object threw, so
// convert() failed as the first call of a fresh page and worked after a
// lint. Here each of them fails as on a system without the file (ENOENT,
// EBADF): json-c then seeds from the clock, a spool falls back to memory,
// paths stay as given. Linked by web/wasm.sh (--js-library); both the
// older and newer names of the calls, whichever the emscripten imports.
mergeInto(LibraryManager.library, {
  __syscall_open: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_openat: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_stat64: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_lstat64: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_fstatat64: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_newfstatat: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_readlink: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_readlinkat: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_unlink: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_unlinkat: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_getcwd: function() { return -{{{ cDefine('ENOENT') }}}; },
  __syscall_fstat64: function() { return -{{{ cDefine('EBADF') }}}; },
  __syscall_fcntl64: function() { return -{{{ cDefine('EBADF') }}}; },
  __syscall_ioctl: function() { return -{{{ cDefine('ENOTTY') }}}; },
  // WASI's calls answer errno as it is, not negated.
  fd_read: function() { return {{{ cDefine('EBADF') }}}; },
  fd_seek: function() { return {{{ cDefine('EBADF') }}}; },
});
