'use strict';
// jgflint in Node (require): the API of index.node.js, ready when require
// returns: the module is compiled and instantiated synchronously, which
// Node allows at any size (browsers do not: no CommonJS entry for them).
// lib/api.cjs is lib/api.js as CommonJS (npm/build.cjs).
const createJgflintNode = require('./lib/jgflint-node.cjs');
const { createApi } = require('./lib/api.cjs');
const load = require('./lib/load.cjs');

const M = load.options({ sync: true });
createJgflintNode(M);
if (!M.calledRun) throw new Error('jgflint: the WebAssembly module did not start');
module.exports = createApi(M);
