'use strict';
// The options the package's module for Node (jgflint-node.cjs, built by
// web/wasm.sh with WASM_NODE_PROGRAM=1) is created with: its bytes read
// from beside this file, the rule pages' base, and for the library (not
// the program) no run of main. The rule pages' base (jgf_rule_url,
// rules()[i].url, the program's --explain and SARIF's helpUri): the web
// address the package was built with (configure --with-rule-docs-url, in
// package.json), else the pages it carries in rules/: never a path that
// does not exist here.
const { readFileSync } = require('fs');
const { join } = require('path');
const { pathToFileURL } = require('url');

const built = require('../package.json').jgflint.ruleDocsUrl;
const ruleDocsUrl = built || pathToFileURL(join(__dirname, '..', 'rules')).href;

// program: run main (the arguments are process.argv's); else the library.
// sync: instantiated before the factory returns (require).
function options({ program = false, sync = false } = {}) {
  const wasmBinary = readFileSync(join(__dirname, 'jgflint-node.wasm'));
  const M = { wasmBinary, ruleDocsUrl, noInitialRun: !program };
  if (sync) {
    M.instantiateWasm = (imports, receive) => {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBinary), imports);
      receive(instance);
      return instance.exports;
    };
  }
  return M;
}

module.exports = { options, ruleDocsUrl };
