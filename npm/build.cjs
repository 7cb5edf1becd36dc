#!/usr/bin/env node
'use strict';
// Assembles the npm package's files (npm/README.md) into OUTDIR/package:
// npm pack makes the tarball from them (make npm). Node alone, no npm
// package: it runs where the package is built.
//
// Usage: node npm/build.cjs WASMDIR RULES OUTDIR
//   WASMDIR  web/wasm.sh's output with WASM_NODE_PROGRAM=1: the page's
//            module (jgflint-wasm.js, .wasm: browsers and bundlers) and
//            the module for Node (jgflint-node.cjs, .wasm: the program
//            and the library)
//   RULES    the rule pages (build-aux/rule-docs.sh --html), in rules/
// Environment: RULE_DOCS_URL, the build's base of the rule pages: a web
//   address is the one the package's links name (package.json's
//   jgflint.ruleDocsUrl); else they name the pages it carries.
const fs = require('fs');
const path = require('path');

const [wasm, rules, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node npm/build.cjs WASMDIR RULES OUTDIR');
  process.exit(2);
}
const here = __dirname;
const top = path.join(here, '..');
const die = (what) => {
  console.error(`build.cjs: ${what}`);
  process.exit(2);
};
const version = (fs.readFileSync(path.join(top, 'configure.ac'), 'utf8').match(/^AC_INIT\(\[jgflint\], \[([^\]]+)\]/m) || [])[1];
if (!version) die('no version in configure.ac');
const url = process.env.RULE_DOCS_URL || '';

const pkg = path.join(out, 'package');
fs.rmSync(pkg, { recursive: true, force: true });
fs.mkdirSync(path.join(pkg, 'lib'), { recursive: true });
fs.mkdirSync(path.join(pkg, 'bin'));
const copy = (from, to, mode) => {
  if (!fs.existsSync(from)) die(`${from} not found`);
  fs.copyFileSync(from, path.join(pkg, to));
  if (mode) fs.chmodSync(path.join(pkg, to), mode);
};
for (const f of ['index.js', 'index.node.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'README.md']) copy(path.join(here, f), f);
copy(path.join(here, 'bin', 'jgflint.cjs'), 'bin/jgflint.cjs', 0o755);
copy(path.join(here, 'lib', 'load.cjs'), 'lib/load.cjs');
copy(path.join(top, 'LICENSE'), 'LICENSE');
copy(path.join(top, 'web', 'api.js'), 'lib/api.js');
for (const f of ['jgflint-wasm.js', 'jgflint-wasm.wasm', 'jgflint-node.cjs', 'jgflint-node.wasm']) copy(path.join(wasm, f), `lib/${f}`);
if (!fs.existsSync(path.join(rules, 'index.html'))) die(`no rule pages in ${rules}`);
fs.cpSync(rules, path.join(pkg, 'rules'), { recursive: true });

// lib/api.js as CommonJS for index.cjs: its own exports and
// import.meta.url are the only ES syntax it has (else this stops).
{
  let text = fs.readFileSync(path.join(pkg, 'lib', 'api.js'), 'utf8');
  const names = [];
  text = text.replace(/^export (function|class|const|let) ([A-Za-z_$][\w$]*)/gm, (m, kind, name) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  text = text.split('import.meta.url').join("require('url').pathToFileURL(__filename).href");
  if (/^\s*(import|export)\b/m.test(text) || !names.includes('createApi')) die('web/api.js: ES syntax left for CommonJS');
  fs.writeFileSync(path.join(pkg, 'lib', 'api.cjs'), `'use strict';\n${text}\nmodule.exports = { ${names.join(', ')} };\n`);
}

const manifest = {
  name: 'jgflint',
  version,
  description: 'Validate, lint, fix and convert JGF (JSON Go Format) game records: libjgflint compiled to WebAssembly, and the jgflint program',
  keywords: ['jgf', 'go', 'baduk', 'weiqi', 'sgf', 'lint', 'validator', 'webassembly'],
  license: 'MIT',
  type: 'module',
  exports: {
    '.': {
      types: { require: './index.d.cts', default: './index.d.ts' },
      node: { require: './index.cjs', default: './index.node.js' },
      default: './index.js',
    },
    './package.json': './package.json',
  },
  main: './index.cjs',
  types: './index.d.ts',
  bin: { jgflint: 'bin/jgflint.cjs' },
  files: ['index.js', 'index.node.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'bin', 'lib', 'rules'],
  engines: { node: '>=18' },
  jgflint: { ruleDocsUrl: /^https?:\/\//.test(url) ? url : null },
};
fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`build.cjs: ${pkg}: jgflint ${version}`);
