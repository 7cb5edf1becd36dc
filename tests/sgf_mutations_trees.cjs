// The game trees of tests/sgf_mutations.py's cases as @sabaki/sgf reads
// them, many cases in one run. Usage: node sgf_mutations_trees.cjs SGF_DIR
// TABLE < JOBS (TABLE: tests/unit/sgf_table's output, sgfprops.c's table as
// the program was built with it), a job a line: {"id", "input", "written",
// "fixed"} (paths; written: jgflint's --to sgf of the input, fixed: its
// --to sgf of the input after --fix, either null when there is none).
// Writes a line per job:
//   {"id", "readable": whether @sabaki/sgf reads the input,
//    "differences": the input's games against the written ones
//                   (tests/roundtrip_same.cjs's comparison),
//    "games": [written, fixed] (counts), "lost": moves of the written
//    games the fixed ones lack (each game's moves as a multiset)}
'use strict';
const fs = require('fs');
const path = require('path');
const sgf = require(path.join(process.argv[2], 'node_modules', '@sabaki', 'sgf'));
const model = require('./roundtrip_same.cjs');
const { differences } = model;

// A file's games, FF[4]'s line breaks read as jgflint reads them
// (roundtrip_same.cjs's parse; none for null).
function parse(file) {
  if (file === null) return [];
  return model.parse(sgf, fs.readFileSync(file));
}

// What jgflint reads by design otherwise than @sabaki/sgf, each said by an
// info (sgf-empty-node, sgf-text-outside, sgf-move-in-root, sgf-empty-text,
// docs/sgfc.md's rows 6, 12, 17, 21, 24): the input's tree as jgflint's
// reading has it. A value that says nothing (an empty or blank one, but a
// pass) of a property jgflint knows is none; a node without properties is left out (a `((` at a game's
// start, `;;`): its one child takes its place, or, a leaf, it goes; a game
// with no root node, its variations games of their own (`((;A)(;B))`, the
// second `(` ignored as SGFC ignores it), is those games. A move in the
// root is the first node after it, with the move's own properties, its
// comments, marks and judgements (docs/rules/sgf-move-in-root.md) and a
// PL naming the other colour (the player after the move: a node after
// it, as for any move's; any other PL stays the root's). FF[3]'s L is written as LB (labels a, b, ... in its
// order); PL naming the colour of its node's move is a node before it; a
// VW of the whole board shows what no VW shows.
const MOVE_OWN = new Set(['B', 'W', 'BL', 'WL', 'OB', 'OW', 'C', 'N', 'CR', 'TR', 'SQ', 'MA', 'SL', 'LB',
  'TB', 'TW']);
// Those JGF has no place for go along only when each value is of its type
// (nodeprops.c's conv_kept_with_move): the table's with_move ids (a
// judgement, V, MN, DD, AR, LN), each value of its type as FF[4] writes
// it; another stays the root's. A type the model has no form for throws.
const table = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const POINT = /^[a-zA-Z]{2}(:[a-zA-Z]{2})?$/;
const FORM = { double: /^[12]$/, none: /^$/, real: /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/,
  number: /^[+-]?[0-9]+$/, points: POINT, lines: /^[a-zA-Z]{2}:[a-zA-Z]{2}$/ };
const MOVE_KEPT = {};
for (const [id, type] of Object.entries(table.with_move)) {
  if (!(type in FORM)) throw new Error(`sgf_table: ${id} goes with a move, of type ${type}: no form`);
  MOVE_KEPT[id] = FORM[type];
}
const withMove = (k, v) => MOVE_OWN.has(k) || (k in MOVE_KEPT && v.every(x => MOVE_KEPT[k].test(x.trim())));
// The properties jgflint's table knows (src/convert/sgfprops.c); another's
// value, empty or not, is kept as written (sgf-unknown-property).
const KNOWN = new Set(table.known);
// A point written with white space around it (B[ cc], MA[aa :bb],
// LB[ ee:A]) is read as the point (sgf-point-blanks, an info; sgfvalue.c's
// sgf_point_in: C's isspace around two letters) by each property the
// mapping reads, and a kept one (DD[ cc], AR[ aa:bb], a move's VW[ aa:ei])
// is written so (sgfwkept.c's sgfw_kept_value, REVIEW.md R136): the
// table's "points", a move's, each corner of a point list's rectangle, a
// label's before its `:`. A move's ` tt` stays as written (no pass: a
// point off the board, kept).
const SPACE = /^[ \t\n\v\f\r]*([a-zA-Z]{2})[ \t\n\v\f\r]*$/;
const trimmed = p => { const m = SPACE.exec(p); return m ? m[1] : null; };
function pointsRead(type, v) {
  return v.map(x => {
    const i = x.indexOf(':');
    if (type === 'move') { const t = trimmed(x); return t && t !== 'tt' ? t : x; }
    if (type === 'labels') { const t = i < 0 ? null : trimmed(x.slice(0, i)); return t ? t + x.slice(i) : x; }
    if (i < 0) return trimmed(x) || x;
    const a = trimmed(x.slice(0, i)), b = trimmed(x.slice(i + 1));
    return a && b ? `${a}:${b}` : x;
  });
}
const POINT_TYPES = new Set(['move', 'points', 'lines', 'labels']);
function asJgflintReads(node, root, size) {
  const data = {};
  for (let [k, v] of Object.entries(node.data)) {
    const type = (table.points || {})[k];
    if (POINT_TYPES.has(type)) v = pointsRead(type, v);
    if (k === 'B' || k === 'W' || !KNOWN.has(k) || v.some(x => x.trim() !== '')) data[k] = v;
  }
  if (root && data.SZ) size = parseInt(data.SZ[0], 10) || 19;
  if (data.L) {
    // a compressed list (aa:bb) is its points, as jgflint reads a point list
    const points = data.L.flatMap(p => {
      const v = p.includes(':') ? sgf.parseCompressedVertices(p) : [];
      return v.length ? v.map(sgf.stringifyVertex) : [p];
    });
    data.LB = [...(data.LB || []), ...points.map((p, i) => `${p}:${String.fromCharCode(97 + i)}`)];
    delete data.L;
  }
  if (data.M) {
    data.MA = [...(data.MA || []), ...data.M];
    delete data.M;
  }
  // (the root's view of the whole board is a cut-off of 0, not written)
  if (root && data.VW && data.VW.length === 1 && /^aa:[a-z]{2}$/.test(data.VW[0]) &&
      data.VW[0].charCodeAt(3) - 96 === size && data.VW[0].charCodeAt(4) - 96 === size) delete data.VW;
  // (an empty root's children are read as roots from @sabaki/sgf's nodes,
  // not from their reading as nodes after a root: a PL naming the root
  // move's colour was made a node of its own first)
  if (root && Object.keys(data).length === 0)
    return node.children.flatMap(c => asJgflintReads(c, true, size));
  const children = node.children.flatMap(c => asJgflintReads(c, false, size));
  if (Object.keys(data).length === 0 && children.length < 2)
    return children;
  const colour = 'B' in data ? 'B' : 'W' in data ? 'W' : null;
  if (!root && colour && data.PL && data.PL.length === 1 && data.PL[0] === colour &&
      !('B' in data && 'W' in data)) {
    const pl = data.PL;
    delete data.PL;
    return [{ data: { PL: pl }, children: [{ data, children }] }];
  }
  if (root && colour) {
    const rootData = {}, moveData = {};
    const turn = pl => ({ 1: 'B', 2: 'W' })[pl.trim()] || pl.trim();
    const after = data.PL && data.PL.length === 1 && turn(data.PL[0]) === (colour === 'B' ? 'W' : 'B') &&
      !('B' in data && 'W' in data);
    for (const [k, v] of Object.entries(data))
      (withMove(k, v) || (k === 'PL' && after) ? moveData : rootData)[k] = v;
    return [{ data: rootData, children: [{ data: moveData, children }] }];
  }
  return [{ data, children }];
}

// Values in the form jgflint writes them, on both sides: numbers as
// numbers (SZ[ 9], PL[1], BL[12,5], WL[.5]: sgf-number-blanks,
// sgf-turn-read, sgf-time-read), text without its white space (a
// SimpleText's line break jgflint writes as a space), FG's text too.
const NUMBERS = new Set(['SZ', 'BL', 'WL', 'OB', 'OW', 'MN']);
const TEXT = new Set(['C', 'GC', 'N', 'GN', 'PB', 'PW', 'BT', 'WT', 'EV', 'PC', 'RO', 'ON', 'AN',
  'SO', 'CP', 'US', 'RU', 'OT']);
function sameForm(node) {
  const data = {};
  for (let [k, v] of Object.entries(node.data)) {
    if (k !== 'B' && k !== 'W' && v.every(x => x.trim() === '')) continue;
    if (NUMBERS.has(k))
      v = v.map(x => x.split(':').map(p => {
        const t = p.trim().replace(',', '.');
        return t !== '' && !isNaN(Number(t)) ? String(Number(t)) : p;
      }).join(':'));
    if (k === 'PL') v = v.map(x => ({ 1: 'B', 2: 'W' })[x.trim()] || x);
    if (TEXT.has(k)) v = v.map(x => x.replace(/\s+/g, ''));
    // FG's text after the `:` is SimpleText as those are (seed 163
    // c00262: FG[257:Figure CR 1], the CR @sabaki/sgf drops a line break
    // jgflint reads)
    if (k === 'FG') v = v.map(x => x.replace(/:([^]*)$/, (_, t) => ':' + t.replace(/\s+/g, '')));
    if (k === 'LB') v = v.map(x => {   // a label's text without blanks around it, but " "
      const i = x.indexOf(':'), t = x.slice(i + 1).trim();
      return i < 0 || t === '' ? x : x.slice(0, i + 1) + t;
    });
    data[k] = v;
  }
  return { ...node, data, children: node.children.map(sameForm) };
}

// FF[3]'s root values FF[4] rejects, and values the reader set aside (a
// time of day in DT, a TM not read), are written where an FF[4] reader
// keeps them (man page, SGF OUTPUT; issue 47): a KO read as komi as KM,
// the rest in GC as `ID[value]`. A TM of 0 is not written (a note), a
// TM's overtime in parentheses is written as OT. (A property of several
// values where FF[4] holds one, EV[a][b] -> EV[a]GC[EV[a\][b\]], is
// roundtrip_same.cjs's severalInfo: the comparison's one place for it.)
function asWritten(input, written) {
  if (!written) return input;
  const data = { ...input.data }, out = written.data;
  if (data.TM && Number(data.TM[0]) === 0 && !out.TM) delete data.TM;
  // (a TM's overtime, TM[5:00:00(5x1:00)], is read as OT: sgf-time-read)
  if (data.TM && out.OT && !data.OT && data.TM.some(v => v.includes(out.OT[0]))) data.OT = out.OT;
  for (const id of Object.keys(data)) {
    if (out[id] && JSON.stringify(out[id]) === JSON.stringify(data[id])) continue;
    if ((out.GC || []).some(v => v.includes(`${id}[`))) {
      if (!(id in out)) delete data[id];
      data.GC = out.GC;
    } else if (id === 'KO' && !('KM' in data) && 'KM' in out) {
      data.KM = data.KO;
      delete data.KO;
    }
  }
  return { ...input, data };
}

// A value two readers decode in other character sets is not a loss: each
// reader chooses (CA, or what the bytes are); tests/charsets.sh and
// bench/charsets.py judge jgflint's choice. Such a difference (a value
// beyond ASCII on either side, the ASCII of one within the other's, none of
// SGF's `[`, `]`, `;` besides: not a value run on over the next) is set aside.
// Whether value a and value b are one text read in two character sets: the
// same, or their ASCII the same but what one set made a character of.
function fits(a, b) {
  const ascii = v => v.replace(/[^\x00-\x7f]/g, '');
  const within = (p, q) => {
    let i = 0;
    for (const c of q) if (i < p.length && p[i] === c) i++;
    return i === p.length;
  };
  if (a === b) return true;
  if (!/[^\x00-\x7f]/.test(a + b)) return false;
  const [x, y] = [ascii(a), ascii(b)].sort((p, q) => p.length - q.length);
  return within(x, y) && !/[[\];]/.test(y.replace(/[^[\];]/g, '').slice(x.replace(/[^[\];]/g, '').length));
}

function charsetOnly(line) {
  const parts = line.split(' != ');
  for (let i = 1; i < parts.length; i++) {
    const left = parts.slice(0, i).join(' != '), right = parts.slice(i).join(' != ');
    const m = /^.*?: [A-Za-z]+: (\[.*\])$/.exec(left);
    if (!m) continue;
    let a, b;
    try { a = JSON.parse(m[1]); b = JSON.parse(right); } catch (e) { continue; }
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((v, j) => typeof v === 'string' && typeof b[j] === 'string' && fits(v, b[j]));
  }
  return false;
}

function moves(game) {
  const out = new Map();
  const stack = [game];
  while (stack.length) {
    const node = stack.pop();
    for (const c of ['B', 'W']) {
      for (let v of node.data[c] || []) {
        if (v === 'tt') v = '';
        const key = `${c}[${v}]`;
        out.set(key, (out.get(key) || 0) + 1);
      }
    }
    stack.push(...node.children);
  }
  return out;
}

const lines = fs.readFileSync(0, 'utf8').split('\n').filter(l => l);
for (const line of lines) {
  const job = JSON.parse(line);
  const result = { id: job.id, readable: true, differences: [], games: [0, 0], lost: [] };
  let input = null;
  try {
    input = parse(job.input);
  } catch (e) {
    result.readable = false;
  }
  let written = [], fixed = [];
  try {
    written = parse(job.written);
    fixed = parse(job.fixed);
  } catch (e) {
    result.differences.push(`@sabaki/sgf cannot read what jgflint wrote: ${e.message.split('\n')[0]}`);
  }
  if (input !== null) {
    const asRead = input.flatMap(g => asJgflintReads(g, true, 19)).map(sameForm);
    const wrote = written.map(sameForm);
    result.differences.push(...differences(asRead.map((g, i) => asWritten(g, wrote[i])), wrote, fits)
      .filter(d => !charsetOnly(d)));
  }
  result.games = [written.length, fixed.length];
  if (job.fixed !== null && written.length === fixed.length) {
    written.forEach((g, i) => {
      const after = moves(fixed[i]);
      for (const [k, n] of moves(g))
        if ((after.get(k) || 0) < n) result.lost.push(`game ${i + 1}: ${k}`);
    });
  }
  process.stdout.write(JSON.stringify(result) + '\n');
}
