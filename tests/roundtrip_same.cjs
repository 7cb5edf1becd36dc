// Whether two SGF files hold the same games as @sabaki/sgf reads them: the
// same trees, and in every node the same properties and values (point
// lists expanded, property order aside, text compared after decoding).
// Usage: node roundtrip_same.cjs SGF_DIR ORIGINAL.sgf WRITTEN.sgf...
// (SGF_DIR holds node_modules/@sabaki/sgf; the written files hold the
// original's games in order). Prints each difference and exits 1 when there
// is one; exits 3 when @sabaki/sgf cannot read the original (a character
// set iconv-lite lacks, or what only jgflint's repairs read).
// The documented differences (man page, SGF OUTPUT) are not differences: the
// writer's own FF, GM, CA, AP and SZ[19]; values --convert writes in their
// standard form (DT, RE, ranks, KM, HA, TM: compared for presence); game
// information of several values in a node as its first, the property in
// GC, and GC of several values as one text (severalInfo); Text and
// SimpleText white space as FF[4] decodes it (a tab is a space, and a line
// break in SimpleText); a node split as --convert splits it (setup, move,
// a second move, PL).
// Required as a module, it exports differences(a, b, same): those of two
// lists of games as @sabaki/sgf parses them, same the caller's reading of
// a value kept in GC (tests/sgf_mutations_trees.cjs), and parse(sgf,
// buffer): a file's games as @sabaki/sgf reads them, FF[4]'s line breaks
// read first.
'use strict';
const fs = require('fs');
const path = require('path');

// What the writer makes of every record, by design (the man page's table):
// its own FF, GM, CA and AP.
const OWN = new Set(['FF', 'GM', 'CA', 'AP']);
const STANDARD_FORM = new Set(['DT', 'RE', 'BR', 'WR', 'KM', 'HA', 'TM']);
const SIMPLE_TEXT = new Set(['N', 'GN', 'PB', 'PW', 'BT', 'WT', 'EV', 'PC', 'RO', 'ON', 'AN',
  'SO', 'CP', 'US', 'RU', 'OT', 'GC', 'C']);
const SETUP = new Set(['AB', 'AW', 'AE', 'PL']);
// Seki's view (cut-offs), which the writer writes beside a root's VW.
const SEKI_VIEW = ['XL', 'XT', 'XR', 'XB'];
const POINTS = new Set(['AB', 'AW', 'AE', 'CR', 'TR', 'SQ', 'MA', 'SL', 'TB', 'TW', 'DD', 'VW']);

function expand(values) {
  const out = [];
  for (const v of values) {
    const m = /^([a-zA-Z]{2}):([a-zA-Z]{2})$/.exec(v);
    if (!m) { out.push(v); continue; }
    const c = s => s.charCodeAt(0) - (s >= 'a' ? 97 : 39);
    const [x0, y0, x1, y1] = [c(m[1][0]), c(m[1][1]), c(m[2][0]), c(m[2][1])];
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++)
      for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++)
        out.push(String.fromCharCode(...[x, y].map(n => n < 26 ? 97 + n : 39 + n)));
  }
  return out;
}

// The tree as plain nodes, each node split as --convert splits it: setup
// before a move, the move, a second move (B and W in one node) after it,
// then PL (the player to move after it); a PL of the move's own colour
// (B[cc]PL[B]) is setup, before the move (sgf-setup-with-move, REVIEW.md
// R125).
function canon(node, root) {
  let kids = node.children.map(c => canon(c, false));
  const data = node.data;
  if (root || !('B' in data || 'W' in data)) return { data, root, children: kids };
  const parts = [{}, {}, {}, {}];
  const second = 'B' in data && 'W' in data;
  const own = !second && data.PL && data.PL.length === 1 && ['B', 'W'].includes(data.PL[0]) &&
    data.PL[0] in data;
  for (const [k, v] of Object.entries(data)) {
    const i = k === 'PL' ? (own ? 0 : 3) : SETUP.has(k) ? 0 :
      second && ['W', 'WL', 'OW'].includes(k) ? 2 : 1;
    parts[i][k] = v;
  }
  const nodes = parts.filter((p, i) => i === 1 || Object.keys(p).length);
  for (let i = nodes.length - 1; i >= 0; i--) {
    kids = [{ data: nodes[i], root: false, children: kids }];
  }
  return kids[0];
}

function props(node) {
  const out = {};
  const root = node.root;
  for (const [id, values] of Object.entries(node.data)) {
    if (root && OWN.has(id)) continue;
    if (root && id === 'SZ' && values[0] === '19') continue;
    let vs = POINTS.has(id) ? expand(values) : values.slice();
    if (STANDARD_FORM.has(id)) vs = ['(present)'];
    if (SIMPLE_TEXT.has(id))
      vs = vs.map(v => v.replace(/\t/g, ' ').replace(id === 'C' || id === 'GC' ? /(?!)/ : /\r\n|\n\r|\r|\n/g, ' '));
    if ((id === 'B' || id === 'W') && vs[0] === 'tt') vs = [''];
    out[id] = POINTS.has(id) || id === 'LB' ? vs.sort() : vs;
  }
  return out;
}

// Game information FF[4] gives one value, read with several in a node
// (EV[a][b]; in the root, or kept in a move's node): written as the
// record's value of the first, or none where FF[4] cannot hold that either,
// and the property as read in that node's GC (docs/sgf-output.md, REVIEW.md
// R77, R87): compared as that first, GC's paragraph ID[a][b] set aside. GC
// read with several values is one text, the values not empty a blank line
// apart, before those paragraphs (R87). Game information whose every value
// is empty or blank says nothing: as one such value, written as its first
// or not at all, no paragraph (R105).
// (sgfwrite.h's sgfw_one_info: FF[4]'s game information but GC, and FF[3]'s
// that SGFC gives one value, sgfprops.c's SGF_P_ONE.)
const INFO = new Set(['GN', 'RE', 'DT', 'PB', 'BR', 'BT', 'PW', 'WR', 'WT', 'KM', 'HA', 'RU', 'TM',
  'OT', 'KO', 'EV', 'PC', 'RO', 'ON', 'AN', 'SO', 'CP', 'US', 'ID', 'BS', 'WS', 'KI', 'LT']);
// GC's values without paragraph para ("" when nothing is left).
function withoutParagraph(gc, para) {
  const at = gc.indexOf(para);
  if (at < 0) return gc;
  const start = at >= 2 && gc.slice(at - 2, at) === '\n\n' ? at - 2 : at;
  let rest = gc.slice(0, start) + gc.slice(at + para.length);
  if (start === at && rest.startsWith('\n\n')) rest = rest.slice(2);
  return rest;
}
// The paragraph of GC text gc that holds property k of values as read, as
// same reads a value (a caller's: the same text, or read in another
// character set, tests/sgf_mutations_trees.cjs); null when none does.
function paragraphOf(gc, k, values, same) {
  const exact = k + values.map(v => `[${v}]`).join('');
  if (gc.includes(exact)) return exact;
  for (const para of gc.split('\n\n')) {
    if (!para.startsWith(k + '[') || !para.endsWith(']')) continue;
    const vs = para.slice(k.length + 1, -1).split('][');
    if (vs.length === values.length && vs.every((v, i) => same(values[i], v))) return para;
  }
  return null;
}

function severalInfo(a, b, same) {
  a = { ...a };
  b = { ...b };
  if (a.GC && a.GC.length > 1 && b.GC && b.GC.length === 1) {
    const one = a.GC.filter(v => v).join('\n\n');
    if (b.GC[0] === one || b.GC[0].startsWith(one + '\n\n')) a.GC = [one];
  }
  for (const k of Object.keys(a)) {
    if (INFO.has(k) && a[k].length > 1 && a[k].every(v => /^[ \t\r\n]*$/.test(v))) {
      /* values that say nothing (EV[][ ]): as one, no paragraph (R105);
       * blank is the writer's four bytes (sgfw_says_nothing), not every
       * Unicode space: EV[\u3000][] says something (REVIEW.md R123) */
      if (k in b) a[k] = a[k].slice(0, 1);
      else delete a[k];
      continue;
    }
    if (!INFO.has(k) || a[k].length < 2 || !b.GC) continue;
    const para = paragraphOf(b.GC[0], k, a[k], same);
    if (para === null) continue;
    for (const side of [a, b]) {   /* (a GC taken from the written: asWritten) */
      const rest = side.GC ? withoutParagraph(side.GC[0], para) : '';
      if (rest) side.GC = [rest];
      else delete side.GC;
    }
    if (k in b) a[k] = a[k].slice(0, 1);
    else delete a[k];
  }
  return [a, b];
}

function compare(x, y, where, differences, same) {
  {   /* either side may be the one read (sgf_mutations_trees.cjs) */
    let [a, b] = severalInfo(x.data, y.data, same);
    [b, a] = severalInfo(b, a, same);
    if (x.root) {   /* Seki's cut-offs, written beside the VW the writer makes of them (R124) */
      for (const [p, q] of [[a, b], [b, a]])
        for (const k of SEKI_VIEW)
          if (k in q && !(k in p) && 'VW' in q) delete q[k];
    }
    x = { ...x, data: a };
    y = { ...y, data: b };
  }
  const pa = props(x), pb = props(y);
  const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort();
  for (const k of keys)
    if (JSON.stringify(pa[k]) !== JSON.stringify(pb[k]))
      differences.push(`${where}: ${k}: ${JSON.stringify(pa[k])} != ${JSON.stringify(pb[k])}`);
  if (x.children.length !== y.children.length) {
    differences.push(`${where}: ${x.children.length} children != ${y.children.length}`);
    return;
  }
  x.children.forEach((c, i) => compare(c, y.children[i], `${where}/${i}`, differences, same));
}

// same(a, b): whether value a as read is value b as written, where the
// caller knows of more than the same text (the default).
function differences(a, b, same = (x, y) => x === y) {
  const out = [];
  if (a.length !== b.length) out.push(`${a.length} games != ${b.length}`);
  else a.forEach((g, i) => compare(canon(g, true), canon(b[i], true), `game ${i + 1}`, out, same));
  return out;
}
// A file's games as @sabaki/sgf (module sgf) reads them, each of FF[4]'s
// line breaks (CR LF, LF CR, CR, LF) made LF first: @sabaki/sgf drops every
// CR (helper.js's unescapeString), so a lone CR, a line break to FF[4] and
// jgflint, would be none (C[a CR b] read as "ab", REVIEW.md R135). On the
// bytes: no ASCII-based character set SGF is written in has a CR or LF
// byte inside a character; a file with a NUL byte (UTF-16) is left as is.
function parse(sgf, buffer) {
  if (!buffer.includes(0))
    buffer = Buffer.from(buffer.toString('latin1').replace(/\r\n|\n\r|\r/g, '\n'), 'latin1');
  return sgf.parseBuffer(buffer);
}
module.exports = { differences, parse };

if (require.main === module) {
  const sgf = require(path.join(process.argv[2], 'node_modules', '@sabaki', 'sgf'));
  let a;
  try {
    a = parse(sgf, fs.readFileSync(process.argv[3]));
  } catch (e) {
    console.log(`@sabaki/sgf cannot read ${process.argv[3]}: ${e.message.split('\n')[0]}`);
    process.exit(3);
  }
  const b = process.argv.slice(4).flatMap(f => parse(sgf, fs.readFileSync(f)));
  const found = differences(a, b);
  for (const d of found.slice(0, 20)) console.log(d);
  process.exit(found.length ? 1 : 0);
}
