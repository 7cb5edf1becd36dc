// The rules' explanations kept apart in the WebAssembly build (web/wasm.sh):
// 124 KB of text that the page and the npm package show only on request
// (explain(), a SARIF report), and that the site's rule pages carry again.
// Writes OUTDIR/rules/NAME.c, each rule's source with its `.explanation`
// literal replaced by 0 (its lines kept, so that the compiler's positions
// stay the source's), and OUTDIR/explanations.c, every explanation packed
// (deflate: 32% of the text) with each rule's id and place, which
// src/core/explanations_web.c unpacks on first use. A file is written only
// when it changes (wasm.sh compiles what is newer than its object).
//
// Usage: node web/explanations.cjs SRCDIR OUTDIR
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const [src, out] = process.argv.slice(2);
const die = (msg) => { console.error(`explanations.cjs: ${msg}`); process.exit(2); };

// The bytes a C string literal's body (between its quotes, each char a
// byte: the file is read as latin1) stands for.
function unescape(body, where) {
  const bytes = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') { bytes.push(c.charCodeAt(0)); continue; }
    const e = body[++i];
    const simple = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, '"': 34, "'": 39, '?': 63 };
    if (e in simple) bytes.push(simple[e]);
    else if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(body.slice(i));
      bytes.push(parseInt(m[0], 8) & 0xFF);
      i += m[0].length - 1;
    } else if (e === 'x') {
      const m = /^[0-9A-Fa-f]+/.exec(body.slice(i + 1));
      if (!m) die(`${where}: \\x without digits`);
      bytes.push(parseInt(m[0], 16) & 0xFF);
      i += m[0].length;
    } else if (e === 'u' || e === 'U') {
      const k = e === 'u' ? 4 : 8;
      bytes.push(...Buffer.from(String.fromCodePoint(parseInt(body.substr(i + 1, k), 16)), 'utf8'));
      i += k;
    } else die(`${where}: unknown escape \\${e}`);
  }
  return bytes;
}

// Finds `.explanation = "..." "..."` in text: the span of its literals and
// their bytes; null when the file has none.
function explanation(text, where) {
  const at = text.search(/\.explanation\s*=/);
  if (at < 0) return null;
  if (text.slice(at + 1).search(/\.explanation\s*=/) >= 0) die(`${where}: more than one explanation`);
  let i = text.indexOf('=', at) + 1, start = -1, end = -1;
  const bytes = [];
  for (;;) {
    while (/\s/.test(text[i])) i++;
    if (text[i] !== '"') break;
    let j = i + 1;
    while (text[j] !== '"') {
      if (text[j] === '\\') j++;
      if (text[j] === '\n' || j >= text.length) die(`${where}: a literal that does not end`);
      j++;
    }
    if (start < 0) start = i;
    bytes.push(...unescape(text.slice(i + 1, j), where));
    i = end = j + 1;
  }
  if (start < 0 || !/[,}]/.test(text[i])) die(`${where}: .explanation is not a list of string literals`);
  const id = /\.id\s*=\s*"([^"\\]*)"/.exec(text);
  if (!id) die(`${where}: no .id`);
  return { id: id[1], start, end, bytes };
}

// Deflate (RFC 1951), as Node's zlib writes it at its best (raw, no
// header; LZ4's LZ77 alone left 49 KB, deflate's Huffman codes 40 KB).
const pack = (data) => [...zlib.deflateRawSync(Buffer.from(data), { level: 9, memLevel: 9 })];

const write = (file, body, how) => {
  if (!fs.existsSync(file) || fs.readFileSync(file, how) !== body) fs.writeFileSync(file, body, how);
};
fs.mkdirSync(path.join(out, 'rules'), { recursive: true });
const placed = [];
const text = [];
for (const name of fs.readdirSync(path.join(src, 'rules')).filter((f) => f.endsWith('.c')).sort()) {
  if (name === 'registry.c') continue;
  const source = fs.readFileSync(path.join(src, 'rules', name), 'latin1');
  const e = explanation(source, `rules/${name}`);
  let copy = source;
  if (e) {
    placed.push([e.id, text.length]);
    text.push(...e.bytes, 0);
    copy = source.slice(0, e.start) + '0' + '\n'.repeat(source.slice(e.start, e.end).split('\n').length - 1) +
      source.slice(e.end);
  }
  write(path.join(out, 'rules', name), copy, 'latin1');
}
const packed = pack(text);
if (!zlib.inflateRawSync(Buffer.from(packed)).equals(Buffer.from(text))) die('the packed text does not unpack to the text');
const lines = [
  '/* Written by web/explanations.cjs from the rules\' sources: their',
  ' * explanations, packed (src/core/explanations_web.c unpacks them). */',
  '#include "core/explanations_web.h"',
  '',
  'const unsigned char explanations_packed[] = {',
];
for (let k = 0; k < packed.length; k += 24) lines.push('\t' + packed.slice(k, k + 24).join(',') + ',');
lines.push('};', 'const size_t explanations_packed_size = sizeof explanations_packed;',
  `const size_t explanations_size = ${text.length};`, 'const struct explanation_place explanation_places[] = {');
for (const [id, at] of placed) lines.push(`\t{ "${id}", ${at} },`);
lines.push('};', 'const size_t explanation_places_count = sizeof explanation_places / sizeof *explanation_places;', '');
write(path.join(out, 'explanations.c'), lines.join('\n'), 'utf8');
console.error(`  PACK     ${placed.length} explanations: ${text.length} bytes in ${packed.length}`);
