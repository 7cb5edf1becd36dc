// The board beside the findings (board.js draws it).
import { drawBoard } from './board.js';
import { $, current, editor, state, tasks } from './page.js';
import { keepFindingInView } from './findings.js';

// -- the board ------------------------------------------------------------------------
// The position at the node under the caret, from the worker; a go finding
// gone to marks its points there. Stepping moves the caret to the node.
// One request in the worker at a time (a large record is read again for
// each): the caret's latest place once it is answered.
export const board = { seq: 0, timer: 0, shown: null, doc: null, busy: false, again: false };

const BOARD_BUTTONS = ['board-first', 'board-prev', 'board-next', 'board-last'];

// The pane shows no other record's board: when another record is shown it
// is emptied at once, until that record's own board is drawn (an answer
// late under load left the tab before's board, or its note, beside it).
// The board keeps its room: the findings below it do not move twice.
function forgetOtherBoard() {
  if (board.doc === current()) return;
  board.doc = null;
  board.shown = null;
  emptyBoard('Reading the record for the board…');
}

// No board drawn, nowhere to step, and note said.
function emptyBoard(note) {
  const svg = $('board');
  svg.textContent = '';
  svg.removeAttribute('viewBox');
  $('board-where').textContent = '';
  $('board-note').textContent = note;
  for (const id of BOARD_BUTTONS) $(id).disabled = true;
  $('board-variations').hidden = true;
}

export function scheduleBoard() {
  clearTimeout(board.timer);
  forgetOtherBoard();
  // While the record is being edited the board waits for the lint, which
  // takes the text in (a 10 MB record's encoding costs the page's thread
  // a tenth of a second and more) and asks for the board after.
  const doc = current();
  if (doc && doc.pending !== null) return;
  board.timer = setTimeout(() => {
    if (board.busy) board.again = true;
    else updateBoard();
  }, 60);
}

async function updateBoard(pointer) {
  board.busy = true;
  try {
    return await askBoard(pointer);
  } finally {
    board.busy = false;
    if (board.again) { board.again = false; scheduleBoard(); }
  }
}

async function askBoard(pointer) {
  const doc = current();
  if (!doc) return null;
  doc.flush();
  const seq = ++board.seq;
  const d = state.finding !== null && doc.result && doc.result.report.diagnostics[state.finding];
  if (doc.result && doc.result.format) {
    board.shown = keptBoard(doc, d);
    renderBoard(doc, board.shown, d || null);
    return board.shown;
  }
  let res;
  // A large record is read (parsed, once a version) before its first
  // position: the board says so while it waits.
  const waiting = setTimeout(() => {
    if (seq !== board.seq || doc !== current()) return;
    $('board-pane').classList.add('waiting');
    $('board-note').textContent = `Reading the record for the board (${(doc.bytes.length / 1e6).toFixed(1)} MB)…`;
  }, 250);
  try {
    // The bytes once a version: the worker keeps them read.
    const ask = (bytes) => tasks.call('board', doc.id, doc.version, bytes, doc.name,
      { at: editor.selection[0], pointer: pointer || null, finding: d ? d.node || d.pointer || null : null });
    const version = doc.version;
    if (doc.boardSent === version) res = await ask(null).catch((e) => (e.name === 'NeedBytes' ? ask(doc.bytes) : Promise.reject(e)));
    else res = await ask(doc.bytes);
    doc.boardSent = version;
  } catch (e) {
    res = { position: { error: String(e.message || e) } };
  } finally {
    clearTimeout(waiting);
  }
  if (seq !== board.seq || doc !== current()) return null;
  $('board-pane').classList.remove('waiting');
  board.shown = res;
  renderBoard(doc, res, res.findingHere ? d : null);
  return res;
}

// A file checked in place (SGF, GIB, NGF, UGF) has no JSON tree to step
// through: the board is the go finding's, the position its check kept
// (lintDetailed's positions: the terminal's and the editor's hover's).
function keptBoard(doc, d) {
  const pos = d && doc.result.positions && doc.result.positions[state.finding];
  if (pos) return { position: pos, node: null, nav: null, findingHere: true, kept: true };
  const why = d && d.node ? `the boards of the first ${doc.result.positions.filter(Boolean).length} go findings are kept`
    : `in ${doc.result.format}, a go finding shows the board at its node (go to one)`;
  return { position: { error: why }, node: null, nav: null };
}

// The marks of a node as a board editor shows them, the last move (or a
// finding's points, from the library: what each is to it, its role, is
// the mark: the move, the stone in its way, the stones a ko retake
// captures, the chain left without liberties, the setup point, the move
// before), and the ko point.
const ROLE_WORDS = {
  move: 'the move', stone: 'the stone in its way', capture: 'a stone it captures (the ko)',
  chain: 'the chain left without liberties', setup: 'the setup point', previous: 'the move before, of the same colour',
};
function pointTitle(d, p) {
  const what = ROLE_WORDS[p.role] || p.role || 'a point';
  const stone = p.color ? `${p.color}${p.move ? `, move ${p.move}` : p.role === 'setup' || p.role === 'stone' ? ', set up' : ''}` : 'empty';
  return `${d.rule}: ${what}: ${p.point || `(${p.x}, ${p.y})`}, ${stone}${p.node ? ` (${p.node})` : ''}`;
}

function boardMarks(res, d) {
  const marks = [];
  const pos = res.position, node = res.node;
  for (const m of (node && Array.isArray(node.markup) ? node.markup : [])) {
    for (const c of Array.isArray(m && m.coords) ? m.coords : []) {
      if (c && Number.isInteger(c.x) && Number.isInteger(c.y)) marks.push({ x: c.x, y: c.y, mark: String(m.type), text: c.text });
    }
  }
  const points = d && Array.isArray(d.points) ? d.points.filter((p) => p && Number.isInteger(p.x) && Number.isInteger(p.y)) : [];
  const lm = pos.lastMove;
  if (points.length) {
    for (const p of points) marks.push({ x: p.x, y: p.y, mark: String(p.role || 'point'), title: pointTitle(d, p) });
  } else if (lm && !lm.pass && Number.isInteger(lm.x)) {
    marks.push({ x: lm.x, y: lm.y, mark: 'last', title: `the last move, ${lm.number}` });
  }
  if (pos.ko) marks.push({ x: pos.ko.x, y: pos.ko.y, mark: 'ko', title: `ko: ${pos.ko.point || ''}` });
  return marks;
}

// A move's point as players read it, from the names of the position's
// columns and rows (the library's: letters on a board of 25 columns at
// most), else x and y.
function pointName(pos, m) {
  if (!m) return '';
  if (m.pass) return 'pass';
  if (!Number.isInteger(m.x) || !Number.isInteger(m.y)) return '';
  const column = pos.columns && pos.columns[m.x], row = pos.rows && pos.rows[m.y];
  return column && row && /^[A-Z]$/.test(column) ? `${column}${row}` : `(${m.x}, ${m.y})`;
}

function renderBoard(doc, res, d) {
  const pane = $('board-pane'), svg = $('board');
  const pos = res.position;
  board.doc = doc;
  pane.hidden = false;
  svg.toggleAttribute('hidden', !pos || !!pos.error);
  if (!pos || pos.error) {
    emptyBoard(pos ? `No board: ${pos.error}` : 'No board.');
    return;
  }
  // A kept position's stones name their nodes as a player does: no pointer to go to.
  drawBoard(svg, pos, boardMarks(res, d), res.kept ? null : (s) => { if (s.node) goToNode(s.node); });
  const nav = res.nav;
  const move = res.node && res.node.move;
  $('board-where').textContent = res.node ? `${res.node.pointer}${move ? ` · ${move.color} ${pointName(pos, move)}` : ''}${nav ? ` · move ${nav.number}` : ''}`
    : res.kept ? pos.node || '' : '';
  const notes = [];
  if (pos.stopped) notes.push(`The replay stops at ${pos.stopped.node}: ${pos.stopped.message} (the position before it)`);
  if (d && !(pos.stopped && pos.stopped.rule === d.rule)) notes.push(`${d.rule}: ${d.message}`);
  notes.push(`${pos.turn || '?'} to play · captures: black ${pos.captures ? pos.captures.black : 0}, white ${pos.captures ? pos.captures.white : 0}`);
  $('board-note').textContent = notes.join('\n');
  $('board-first').disabled = !nav || !nav.first || nav.first.pointer === res.node.pointer;
  $('board-prev').disabled = !nav || !nav.prev;
  $('board-next').disabled = !nav || !nav.next.length;
  $('board-last').disabled = !nav || !nav.last || nav.last.pointer === res.node.pointer;
  // The note above the findings may have grown: the finding gone to stays in view.
  if (d) keepFindingInView(state.finding);
  const sel = $('board-variations');
  sel.textContent = '';
  sel.hidden = !nav || nav.next.length < 2;
  if (nav && nav.next.length > 1) {
    const o = document.createElement('option');
    o.textContent = `${nav.next.length} variations`;
    o.value = '';
    sel.append(o);
    nav.next.forEach((n, k) => {
      const opt = document.createElement('option');
      opt.value = String(k);
      opt.textContent = `${k + 1}: ${n.move ? `${n.move.color} ${pointName(pos, n.move)}` : n.pointer}`;
      sel.append(opt);
    });
  }
}

// Steps to a node the board offers: the caret goes to it.
export function stepTo(where) {
  if (!where) return;
  state.finding = null;
  editor.select(where.start, where.start);
}

async function goToNode(pointer) {
  state.finding = null;
  const res = await updateBoard(pointer);
  if (res && res.node) editor.select(res.node.start, res.node.start);
}
