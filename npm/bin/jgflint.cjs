#!/usr/bin/env node
'use strict';
// `npx jgflint PATH…`: the jgflint program itself (src/cli/main.c), compiled
// to WebAssembly with Node's file system (web/wasm.sh, WASM_NODE_PROGRAM):
// what it prints, writes and exits with is the native program's. Its
// environment is this process's, and its standard streams are terminals
// when they are here (the default format, colour).
const tty = require('tty');
const createJgflintNode = require('../lib/jgflint-node.cjs');
const load = require('../lib/load.cjs');

const M = load.options({ program: true });
M.arguments = process.argv.slice(2);
M.thisProgram = 'jgflint';
M.preRun = [() => Object.assign(M.ENV, process.env)];
M.onRuntimeInitialized = () => {
  for (let fd = 0; fd < 3; fd++) M.FS.streams[fd].tty = tty.isatty(fd);
};
createJgflintNode(M);
