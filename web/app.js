// The playground page: records in tabs, each linted as it is edited, its
// findings listed as the terminal shows them and marked in the editor;
// fixes shown as a diff, conversions as records to download; settings kept
// in localStorage, the open records in IndexedDB; share links in the URL
// fragment. Nothing leaves the page. Linting, fixing and converting run in
// a worker (worker.js): the page's thread only draws.
import createJgflintModule from './jgflint-wasm.js';
import { loadInto, SettingsError } from './api.js';
import { Tasks } from './tasks.js';
import { saveSession, loadSession } from './session.js';
import { Editor } from './editor.js';
import { TextMap, EolMap, CodePointMap, decodeBytes, decodeChecked, encodeText, charsetOfConversion, decodeSegments } from './textmap.js';
import { encodeShare, decodeShare, isShare } from './share.js';
import { drawBoard } from './board.js';

// -- the page API -----------------------------------------------------------------
// window.jgflint: the library on this thread, synchronous, for scripts and
// tests and for the page's small questions (a rule's text, settings); the
// records go to the worker.
// The module's bytes are fetched once, for both.
const wasm = fetch(new URL('./jgflint-wasm.wasm', import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`jgflint-wasm.wasm: ${r.status} ${r.statusText}`);
  return r.arrayBuffer();
});
const jgflint = { ready: null };
window.jgflint = jgflint;
jgflint.ready = wasm.then((buf) => loadInto(jgflint, createJgflintModule, { wasmBinary: buf }));
const tasks = new Tasks(new URL('./worker.js', import.meta.url), wasm);

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = 'jgflint.settings';
const THEME_KEY = 'jgflint.theme';
const FOREIGN = /\.(sgf|ugf|ugi|gib|ngf)$/i;

// -- documents --------------------------------------------------------------------
// A record as the library sees it (bytes) and as the editor shows it.
let docIds = 0;
class Doc {
  constructor(name, bytes) {
    // Names it in the saved session, and to the worker (its tree is kept there).
    this.id = `${Date.now().toString(36)}-${++docIds}`;
    this.version = 0;         // counts changes of bytes
    this.name = name;
    this.dirty = false;
    this.result = null;       // lintDetailed's answer
    this.error = null;
    this.selection = [0, 0];
    this.scroll = [0, 0];
    this.pending = null;      // the editor's value not yet taken in
    this.linting = null;      // the worker's lint under way (a promise)
    this.lintAgain = false;   // changed while it ran: lint once more
    this.resultBytes = null;  // the bytes result is about
    this.setBytes(bytes);
    this.ready = null;        // set by openDoc: its character set known, linted once
  }

  // Linted as it is now: the findings shown are about these bytes.
  get linted() {
    return this.pending === null && !this.linting && !!this.result && this.resultBytes === this.bytes;
  }

  setBytes(bytes) {
    this.version++;
    this.bytes = bytes;
    ({ text: this.text, valid: this.valid } = decodeChecked(bytes));
    this.eol = new EolMap(this.text);
    this._map = null;
    this.pending = null;
    this.charset = null;         // the converter's reading when not UTF-8 (showAs)
    this.charsetChecked = false;
  }

  // Shows the bytes as the converter reads them (charsetOfConversion's
  // answer): read-only, positions in code points of that text.
  showAs(charset) {
    this.charset = charset;
    this.text = decodeSegments(this.bytes, charset.segments);
    this.eol = new EolMap(this.text);
    this._map = null;
  }

  // Not editable as it is: bytes that are not UTF-8, or shown in another set.
  get readOnly() {
    return !this.valid || !!this.charset;
  }

  // Byte offsets and line:col against the text shown: jgflint's count
  // (TextMap), or for a record shown in another set code points of it.
  get map() {
    this.flush();
    return this._map || (this._map = this.charset ? new CodePointMap(this.eol.normalized) : new TextMap(this.bytes, this.text));
  }

  // The editor's value (line ends as LF) becomes the record's text.
  edited(value) {
    this.pending = value;
    this.dirty = true;
  }

  flush() {
    if (this.pending === null) return;
    const value = this.pending;
    this.pending = null;
    const old = this.bytes, ascii = this.valid && !this.charset && old.length === this.text.length;
    const { text, from, to, inserted } = this.eol.splice(value);
    this.text = text;
    this.eol = new EolMap(this.text);
    // Bytes that are all ASCII (a character a byte) take the edit in
    // without encoding the rest again (10 MB took a tenth of a second).
    const mid = ascii ? encodeText(inserted) : null;
    if (mid && mid.length === inserted.length) {
      const b = new Uint8Array(old.length - (to - from) + mid.length);
      b.set(old.subarray(0, from), 0);
      b.set(mid, from);
      b.set(old.subarray(to), from + mid.length);
      this.bytes = b;
    } else {
      this.bytes = encodeText(this.text);
    }
    this.version++;
    this.valid = true;
    this.charset = null;   // edited: the characters shown, as UTF-8
    this._map = null;
  }

  get hasBom() {
    return this.bytes.length >= 3 && this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf;
  }
}

const state = { docs: [], current: -1, settingsText: '', explained: null, busy: 0, finding: null };
const editor = new Editor($('editor'));
const current = () => state.docs[state.current] || null;

// -- settings ---------------------------------------------------------------------
function loadSettings() {
  try {
    state.settingsText = localStorage.getItem(SETTINGS_KEY) || '';
  } catch (e) {
    state.settingsText = '';
  }
}
function saveSettings(text) {
  state.settingsText = text;
  try {
    if (text.trim()) localStorage.setItem(SETTINGS_KEY, text);
    else localStorage.removeItem(SETTINGS_KEY);
  } catch (e) {
    // Storage refused (private mode): the settings last for this visit.
  }
}
const settings = () => (state.settingsText.trim() ? state.settingsText : null);

// -- tabs ---------------------------------------------------------------------------
function openDoc(name, bytes, { select = true } = {}) {
  const doc = new Doc(name, bytes);
  state.docs.push(doc);
  doc.ready = checkCharset(doc).then(() => doc.linting || (doc.linted ? undefined : lintDoc(doc)));
  if (select) showDoc(state.docs.length - 1);
  else renderTabs();
  keepSession();
  return doc;
}

function showDoc(i) {
  const old = current();
  if (old) {
    old.selection = editor.selection;
    old.scroll = [editor.scroller.scrollTop, editor.scroller.scrollLeft];
  }
  state.current = i;
  const doc = current();
  renderTabs();
  if (!doc) {
    editor.setValue('');
    editor.setMarkers([]);
    $('name').value = '';
    renderFindings();
    return;
  }
  doc.flush();
  $('name').value = doc.name;
  display(doc);
  editor.setSelection(doc.selection[0], doc.selection[1]);
  editor.scrollTo(doc.scroll[0], doc.scroll[1]);
  renderFindings();
  updateStatus();
  state.finding = null;
  scheduleBoard();
  if (!doc.linted && !doc.linting) lintNow();
  keepSession();
}

// Bytes that are not UTF-8 (an SGF in Shift_JIS) open in view mode: editing
// would write the record back as UTF-8.
function display(doc) {
  editor.setValue(doc.eol.normalized, { edit: doc.editing, view: doc.readOnly });
}

// A record the converter reads in another character set than UTF-8 (its
// notes say which) is shown decoded in it. Asked of the converter only for
// bytes that are not UTF-8, or hold a zero byte (UTF-16 without a byte
// order mark): one conversion (in the worker) when the record is opened;
// the record is shown again in that set when it is current.
async function checkCharset(doc) {
  if (doc.charsetChecked || doc.pending !== null) return;
  doc.charsetChecked = true;
  if (doc.valid && doc.bytes.indexOf(0) === -1) return;
  const bytes = doc.bytes;
  let cs = null;
  try {
    cs = charsetOfConversion((await tasks.call('convertReport', bytes, doc.name)).messages, doc.name, bytes);
  } catch (e) {
    console.warn('jgflint: the character set of', doc.name, e);
  }
  if (!cs || doc.bytes !== bytes || doc.pending !== null) return;
  const text = doc.text;
  doc.showAs(cs);
  if (doc.text === text) { doc.charset = null; doc._map = null; return; }
  doc.marks = null;
  if (doc === current()) {
    display(doc);
    renderFindings();
    updateStatus();
  }
}

function closeDoc(i) {
  state.docs.splice(i, 1);
  keepSession();
  const next = Math.min(state.current >= i ? state.current - 1 : state.current, state.docs.length - 1);
  state.current = -1;
  showDoc(next < 0 && state.docs.length ? 0 : next);
}

function renderTabs() {
  const tabs = $('tabs');
  tabs.textContent = '';
  state.docs.forEach((doc, i) => {
    const tab = document.createElement('div');
    tab.className = 'tab' + (doc.dirty ? ' dirty' : '');
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(i === state.current));
    tab.title = doc.name;
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = doc.name;
    tab.append(name);
    const s = doc.result && doc.result.report.summary;
    if (s && (s.errors || s.warnings)) {
      const c = document.createElement('span');
      c.className = 'count ' + (s.errors ? 'e' : 'w');
      c.textContent = String(s.errors || s.warnings);
      tab.append(c);
    }
    const close = document.createElement('button');
    close.className = 'close';
    close.type = 'button';
    close.textContent = '×';
    close.title = 'Close';
    close.addEventListener('click', (e) => { e.stopPropagation(); closeDoc(i); });
    tab.append(close);
    tab.addEventListener('click', () => { if (i !== state.current) showDoc(i); });
    tabs.append(tab);
  });
  const sel = tabs.children[state.current];
  if (sel) sel.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

// -- linting --------------------------------------------------------------------------
let lintTimer = 0;
function scheduleLint() {
  clearTimeout(lintTimer);
  const doc = current();
  const size = doc ? (doc.pending !== null ? doc.pending.length : doc.bytes.length) : 0;
  $('lint-state').textContent = 'editing…';
  lintTimer = setTimeout(lintNow, 150 + Math.min(1500, size / 5000));
}

function lintNow() {
  clearTimeout(lintTimer);
  const doc = current();
  if (doc) lintDoc(doc);
}

// Lints doc in the worker; one lint at a time per record, the newest text
// once more when it changed meanwhile. Settings that are refused lint with
// the defaults, and say so.
function lintDoc(doc) {
  if (doc.linting) { doc.lintAgain = true; return doc.linting; }
  doc.flush();
  const bytes = doc.bytes;
  if (doc === current()) $('lint-state').textContent = 'linting…';
  const t0 = performance.now();
  doc.linting = tasks.call('lint', bytes, doc.name, settings()).then((res) => {
    if (doc.bytes !== bytes) { doc.lintAgain = true; return; }
    doc.result = res;
    doc.resultBytes = bytes;
    if (doc === current()) state.finding = null;
    doc.error = res.settingsError ? new SettingsError(res.settingsError.message) : null;
  }, (e) => {
    doc.result = null;
    doc.error = e;
    console.error(e);
  }).finally(() => {
    doc.linting = null;
    doc.lintMs = performance.now() - t0;
    doc.marks = null;
    if (doc.lintAgain) { doc.lintAgain = false; return lintDoc(doc); }
    if (doc === current()) { renderFindings(); updateStatus(); scheduleBoard(); }
    renderTabs();
  });
  return doc.linting;
}

// The editor range [from, to) of finding i of doc's result, or null (a
// finding about the whole document). From line:col and endLine:endColumn,
// as jgflint counts them (code points after a BOM, lines ending at LF, CR
// or CRLF), through the record's bytes.
function findingRange(doc, i) {
  const d = doc.result.report.diagnostics[i];
  if (!d.line) return null;
  // Computed by the worker for the text as UTF-8.
  if (!doc.charset && doc.result.ranges) return doc.result.ranges.findings[i];
  const map = doc.map;
  if (doc.charset) {
    // Code points of the text shown (see CodePointMap in textmap.js).
    const a = map.lineColToIndex(d.line, d.column);
    const b = d.endLine ? map.lineColToIndex(d.endLine, d.endColumn) : a;
    return [a, Math.max(a, b)];
  }
  const a = map.lineColToByte(d.line, d.column);
  const b = d.endLine ? map.lineColToByte(d.endLine, d.endColumn) : a;
  const from = doc.eol.toNorm(map.byteToIndex(a));
  const to = doc.eol.toNorm(map.byteToIndex(Math.max(a, b)));
  return [from, to];
}

function markers(doc) {
  if (doc.marks) return doc.marks;
  const out = [];
  if (doc.result) {
    doc.result.report.diagnostics.forEach((d, i) => {
      const r = findingRange(doc, i);
      if (r) out.push({ from: r[0], to: r[1], severity: d.severity, index: i });
    });
  }
  return (doc.marks = out);
}

const plural = (n, word, words = word + 's') => `${n} ${n === 1 ? word : words}`;

// Text of jgflint's with the commands the page has buttons for
// (`jgflint --fix`, `--fix --unsafe-fixes`, `jgflint --convert FILE`) as
// those buttons: a click presses the page's own.
const COMMANDS = /`(?:jgflint )?(--fix --unsafe-fixes|--fix|--convert)\b[^`]*`/g;
const COMMAND_BUTTONS = { '--fix': ['fix', 'Fix'], '--fix --unsafe-fixes': ['fix-unsafe', 'Fix with unsafe fixes'], '--convert': ['convert', 'Convert to JGF'] };
function withButtons(text) {
  const frag = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(COMMANDS)) {
    const [id, label] = COMMAND_BUTTONS[m[1]];
    frag.append(text.slice(at, m.index));
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'command';
    b.dataset.command = id;
    b.textContent = label;
    b.title = `The ${label} button (${m[0].slice(1, -1)} in a terminal)`;
    b.addEventListener('click', (e) => { e.stopPropagation(); $(id).click(); });
    frag.append(b);
    at = m.index + m[0].length;
  }
  frag.append(text.slice(at));
  return frag;
}

// The lines the terminal ends with (as `jgflint --format concise`).
function summaryText(s) {
  let out = '';
  if (s.fixable || s.unsafeFixable) {
    if (s.fixable) out += `[*] ${s.fixable} fixable with \`--fix\``;
    if (s.unsafeFixable) out += `${s.fixable ? ', ' : ''}${s.unsafeFixable} ${s.fixable ? 'more' : 'fixable'} with \`--fix --unsafe-fixes\``;
    out += '\n';
  }
  out += `1 file checked: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}`;
  if (s.fixed) out += `; fixed ${plural(s.fixed, 'problem')}`;
  return out;
}

const MAX_LISTED = 2000;

function renderFindings() {
  const list = $('findings');
  list.textContent = '';
  const doc = current();
  $('summary').textContent = '';
  renderHidden({});
  if (!doc) {
    editor.setMarkers([]);
    $('lint-state').textContent = '';
    updateButtons();
    return;
  }
  if (doc.error) {
    const li = document.createElement('li');
    li.className = 'none error';
    li.textContent = doc.error instanceof SettingsError ? `Settings: ${doc.error.message} (linted with the defaults)` : String(doc.error.message || doc.error);
    list.append(li);
  }
  if (!doc.result) {
    editor.setMarkers([]);
    updateButtons();
    return;
  }
  const { diagnostics, summary } = doc.result.report;
  $('lint-state').textContent = `${diagnostics.length} · ${doc.lintMs < 10 ? doc.lintMs.toFixed(1) : Math.round(doc.lintMs)} ms`;
  renderHidden(doc.result.hidden || {});
  if (!diagnostics.length) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = 'No findings.';
    list.append(li);
  }
  const frag = document.createDocumentFragment();
  diagnostics.slice(0, MAX_LISTED).forEach((d, i) => frag.append(findingItem(doc, d, i)));
  list.append(frag);
  if (diagnostics.length > MAX_LISTED) {
    const li = document.createElement('li');
    li.className = 'more';
    li.textContent = `… and ${diagnostics.length - MAX_LISTED} more (all are marked in the editor)`;
    list.append(li);
  }
  $('summary').append(withButtons(summaryText(summary)));
  editor.setMarkers(markers(doc));
  updateButtons();
}

function findingItem(doc, d, i) {
  const li = document.createElement('li');
  li.dataset.index = String(i);
  li.dataset.rule = d.rule;
  if (d.rule === state.explained) li.classList.add('explained');
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = d.line ? `${d.path}:${d.line}:${d.column}:` : `${d.path}:`;
  const msg = document.createElement('span');
  msg.className = 'msg';
  const sev = document.createElement('span');
  sev.className = 'sev-' + d.severity;
  sev.textContent = d.severity + ':';
  // The rule's page in the site (rules/<id>.html, beside this page).
  const rule = document.createElement('a');
  rule.className = 'rule';
  rule.href = `rules/${encodeURIComponent(d.rule)}.html`;
  rule.target = '_blank';
  rule.rel = 'noopener';
  rule.title = `The rule ${d.rule}: what it checks, why, examples`;
  rule.textContent = `[${d.rule}]`;
  rule.addEventListener('click', (e) => e.stopPropagation());
  msg.append(sev, ' ' + (d.fix === 'safe' ? '[*] ' : ''), withButtons(d.message), ' ', rule, findingActions(doc, d, i));
  const explain = document.createElement('button');
  explain.type = 'button';
  explain.textContent = '?';
  explain.title = `What ${d.rule} checks (jgflint --explain ${d.rule})`;
  explain.className = 'explain-button';
  explain.setAttribute('aria-controls', 'explain');
  explain.addEventListener('click', (e) => { e.stopPropagation(); showExplain(d.rule, i); });
  li.append(where, msg, explain);
  li.tabIndex = 0;
  li.addEventListener('click', () => goToFinding(i));
  li.addEventListener('keydown', (e) => {
    if (e.target !== li) return;
    if (e.key === 'Enter') { e.preventDefault(); goToFinding(i); }
    else if (e.key === 'ArrowDown' && li.nextElementSibling) { e.preventDefault(); li.nextElementSibling.focus(); }
    else if (e.key === 'ArrowUp' && li.previousElementSibling) { e.preventDefault(); li.previousElementSibling.focus(); }
  });
  return li;
}

// Under a finding: its own fix (as the editor server's quick fix offers it)
// and "ignore this rule" (the settings' ignore list).
function findingActions(doc, d, i) {
  const acts = document.createElement('span');
  acts.className = 'acts';
  const fix = doc.result.fixes && doc.result.fixes[i];
  if (fix) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'fix-one';
    b.textContent = `${fix.safe ? 'Fix' : 'Fix (unsafe)'}: ${fix.description}`;
    b.title = `Apply this finding's fix only${fix.safe ? '' : ' (an unsafe fix: it may change what the record means)'}`;
    b.addEventListener('click', (e) => { e.stopPropagation(); fixFinding(doc, i); });
    acts.append(b);
  }
  const ig = document.createElement('button');
  ig.type = 'button';
  ig.className = 'ignore-rule';
  ig.textContent = `Ignore ${d.rule}`;
  ig.title = `Add ${d.rule} to the settings' "ignore" list (Settings undoes it)`;
  ig.addEventListener('click', (e) => { e.stopPropagation(); ignoreRule(d.rule); });
  acts.append(ig);
  return acts;
}

// How many findings the settings hide, by rule.
function renderHidden(hidden) {
  const b = $('hidden');
  const rules = Object.keys(hidden).sort();
  const n = rules.reduce((k, r) => k + hidden[r], 0);
  b.hidden = !n;
  b.textContent = `${n} hidden`;
  b.title = `Findings the settings hide (Settings shows them again):\n${rules.map((r) => `${r}: ${hidden[r]}`).join('\n')}`;
}

// Finding i's fix alone, applied to the record: in the editor as an edit
// (undone with Ctrl+Z) when it is there, else to the bytes.
function fixFinding(doc, i) {
  const fix = doc.linted && doc.result.fixes[i];
  if (!fix || !fix.edits.length) return;
  const old = doc.bytes, edits = fix.edits.slice().sort((a, b) => a.start - b.start);
  const parts = [];
  let at = 0;
  for (const e of edits) { parts.push(old.subarray(at, e.start), e.bytes); at = e.end; }
  parts.push(old.subarray(at));
  const bytes = new Uint8Array(parts.reduce((k, p) => k + p.length, 0));
  at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  const first = edits[0].start, last = edits[edits.length - 1].end;
  if (doc === current() && !editor.viewing && !doc.readOnly) {
    const [from, to] = doc.result.ranges.fixes[i];
    const text = decodeBytes(bytes.subarray(first, last + bytes.length - old.length)).replace(/\r\n?/g, '\n');
    editor.replace(from, to, text);
    doc.flush();
  }
  if (!sameBytes(doc.bytes, bytes)) replaceBytes(doc, bytes);
  else { doc.dirty = true; lintNow(); }
}

// The record's bytes replaced (a fix applied): shown and linted again.
function replaceBytes(doc, bytes) {
  doc.setBytes(bytes);
  doc.dirty = true;
  doc.editing = false;
  if (doc === current()) display(doc);
  checkCharset(doc);
  lintDoc(doc);
  renderTabs();
  keepSession();
}

// The open records, kept for a reload (a second after the last change).
let sessionTimer = 0;
function keepSession() {
  clearTimeout(sessionTimer);
  // After the lint has taken the edits in (scheduleLint's delay), so that
  // saving does not encode a large record a second time.
  const doc = current();
  const size = doc ? (doc.pending !== null ? doc.pending.length : doc.bytes.length) : 0;
  sessionTimer = setTimeout(saveNow, 1000 + Math.min(1500, size / 5000));
}
const saved = new Map();   // id -> what was saved of the record (its bytes, name)
function saveNow() {
  clearTimeout(sessionTimer);
  const changed = [];
  for (const d of state.docs) {
    d.flush();
    const was = saved.get(d.id);
    if (was && was.bytes === d.bytes && was.name === d.name && was.dirty === d.dirty) continue;
    saved.set(d.id, { bytes: d.bytes, name: d.name, dirty: d.dirty });
    changed.push({ id: d.id, name: d.name, bytes: d.bytes, dirty: d.dirty, selection: d === current() ? editor.selection : d.selection });
  }
  const ids = state.docs.map((d) => d.id);
  const removed = [...saved.keys()].filter((id) => !ids.includes(id));
  for (const id of removed) saved.delete(id);
  return saveSession({ current: state.current, ids }, changed, removed).catch((e) => console.warn('jgflint: the records are not kept:', e));
}

const sameBytes = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);

// Adds rule to the settings' ignore list.
function ignoreRule(rule) {
  let obj;
  try {
    obj = state.settingsText.trim() ? JSON.parse(state.settingsText) : {};
  } catch (e) {
    obj = null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || (obj.ignore !== undefined && !Array.isArray(obj.ignore))) {
    showSettings();
    $('settings-error').textContent = `Add "${rule}" to "ignore" here: the settings are not an object with an "ignore" list.`;
    return;
  }
  obj.ignore = [...new Set([...(obj.ignore || []), rule])];
  applySettings(JSON.stringify(obj, null, 2) + '\n');
}

// -- the board ------------------------------------------------------------------------
// The position at the node under the caret, from the worker; a go finding
// gone to marks its points there. Stepping moves the caret to the node.
// One request in the worker at a time (a large record is read again for
// each): the caret's latest place once it is answered.
const board = { seq: 0, timer: 0, shown: null, busy: false, again: false };

function scheduleBoard() {
  clearTimeout(board.timer);
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
  pane.hidden = false;
  svg.toggleAttribute('hidden', !pos || !!pos.error);
  if (!pos || pos.error) {
    svg.textContent = '';
    svg.removeAttribute('viewBox');
    $('board-where').textContent = '';
    $('board-note').textContent = pos ? `No board: ${pos.error}` : 'No board.';
    for (const id of ['board-first', 'board-prev', 'board-next', 'board-last']) $(id).disabled = true;
    $('board-variations').hidden = true;
    return;
  }
  drawBoard(svg, pos, boardMarks(res, d), (s) => { if (s.node) goToNode(s.node); });
  const nav = res.nav;
  const move = res.node && res.node.move;
  $('board-where').textContent = res.node ? `${res.node.pointer}${move ? ` · ${move.color} ${pointName(pos, move)}` : ''}${nav ? ` · move ${nav.number}` : ''}` : '';
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

// Scrolls the findings' list (not the page: on a phone the list does not
// scroll, the page does) so that finding i is all in view.
function keepFindingInView(i) {
  const list = $('findings');
  const li = list.querySelector(`li[data-index="${i}"]`);
  if (!li || list.scrollHeight <= list.clientHeight) return;
  const l = list.getBoundingClientRect(), r = li.getBoundingClientRect();
  if (r.bottom > l.bottom) list.scrollTop += Math.min(r.bottom - l.bottom, r.top - l.top);
  else if (r.top < l.top) list.scrollTop -= l.top - r.top;
}

// Steps to a node the board offers: the caret goes to it.
function stepTo(where) {
  if (!where) return;
  state.finding = null;
  editor.select(where.start, where.start);
}

async function goToNode(pointer) {
  state.finding = null;
  const res = await updateBoard(pointer);
  if (res && res.node) editor.select(res.node.start, res.node.start);
}

function goToFinding(i) {
  const doc = current();
  if (!doc || !doc.result) return;
  state.finding = i;
  for (const li of document.querySelectorAll('#findings li.current')) li.classList.remove('current');
  const li = document.querySelector(`#findings li[data-index="${i}"]`);
  if (li) li.classList.add('current');
  const r = findingRange(doc, i);
  if (!r) return;
  // An empty range (no end known) selects nothing: the caret goes there.
  editor.current = i;
  editor.select(r[0], r[1]);
}

// The --explain text of rule below the findings (the ? of its findings
// marked), the pane split between them; each line drawn so that it wraps
// under its own indentation (the text itself is --explain's, line for line).
function showExplain(rule, i) {
  const text = jgflint.explain(rule) || `No rule named ${rule}.\n`;
  state.explained = rule;
  $('explain-title').textContent = rule;
  const pre = $('explain-text');
  pre.textContent = '';
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const frag = document.createDocumentFragment();
  lines.forEach((line, k) => {
    const span = document.createElement('span');
    span.className = 'line';
    const indent = /^ */.exec(line)[0].length;
    if (indent) span.style.setProperty('--indent', `${indent}ch`);
    span.textContent = line + (k + 1 < lines.length || text.endsWith('\n') ? '\n' : '');
    frag.append(span);
  });
  pre.append(frag);
  pre.scrollTop = 0;
  for (const li of document.querySelectorAll('#findings li[data-index]')) li.classList.toggle('explained', li.dataset.rule === rule);
  const li = i === undefined ? null : document.querySelector(`#findings li[data-index="${i}"]`);
  $('explain').hidden = false;
  $('explain-split').hidden = false;
  $('findings').parentElement.classList.add('explaining');
  // The list is shorter now: keep the finding explained in view.
  if (li) li.scrollIntoView({ block: 'nearest' });
}

function closeExplain() {
  $('explain').hidden = true;
  $('explain-split').hidden = true;
  $('findings').parentElement.classList.remove('explaining');
  state.explained = null;
  for (const li of document.querySelectorAll('#findings li.explained')) li.classList.remove('explained');
}

// The bar between the findings and the explanation: dragged, or moved with
// the arrow keys, it sets the explanation's height; a double click shares
// the pane evenly again.
function wireSplit() {
  const bar = $('explain-split'), panel = $('explain'), list = $('findings');
  const MIN_LIST = 48, MIN_PANEL = 88;
  const setHeight = (h) => {
    const room = list.getBoundingClientRect().height + panel.getBoundingClientRect().height;
    h = Math.max(MIN_PANEL, Math.min(room - MIN_LIST, h));
    panel.style.flex = `0 0 ${Math.round(h)}px`;
    panel.parentElement.classList.add('sized');
    bar.setAttribute('aria-valuenow', String(Math.round((100 * h) / room)));
  };
  bar.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    bar.setPointerCapture(e.pointerId);
    bar.classList.add('dragging');
    const bottom = panel.getBoundingClientRect().bottom;
    const move = (ev) => setHeight(bottom - ev.clientY - bar.offsetHeight / 2);
    const up = () => {
      bar.classList.remove('dragging');
      bar.removeEventListener('pointermove', move);
      bar.removeEventListener('pointerup', up);
      bar.removeEventListener('pointercancel', up);
    };
    bar.addEventListener('pointermove', move);
    bar.addEventListener('pointerup', up);
    bar.addEventListener('pointercancel', up);
  });
  const reset = () => { panel.style.flex = ''; panel.parentElement.classList.remove('sized'); };
  bar.addEventListener('dblclick', reset);
  bar.addEventListener('keydown', (e) => {
    const step = e.shiftKey ? 96 : 24;
    if (e.key === 'ArrowUp') setHeight(panel.getBoundingClientRect().height + step);
    else if (e.key === 'ArrowDown') setHeight(panel.getBoundingClientRect().height - step);
    else if (e.key === 'Home' || e.key === 'Enter') reset();
    else return;
    e.preventDefault();
  });
  panel.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); closeExplain(); } });
}

// -- status line --------------------------------------------------------------------
function updateStatus() {
  const doc = current();
  const st = $('status');
  st.textContent = '';
  if (!doc) return;
  const [a] = editor.selection;
  const line = editor.lineOf(a);
  let col;
  if (doc.charset && doc.pending === null) {
    col = doc.map.indexToLineCol(a).col;
  } else if (!doc.valid && doc.pending === null) {
    col = doc.map.indexToLineCol(doc.eol.fromNorm(a)).col;
  } else {
    // Code points from the line's start, as jgflint counts (no BOM).
    const start = editor.lineStarts[line - 1];
    let s = editor.value.slice(start, a);
    if (line === 1 && s.charCodeAt(0) === 0xfeff && doc.hasBom) s = s.slice(1);
    // A surrogate pair is one code point (the regular expressions scan a
    // 10 MB line in milliseconds, a loop in JS takes a fifth of a second).
    col = 1 + s.length;
    if (/[\ud800-\udfff]/.test(s)) col -= (s.match(/[\ud800-\udbff][\udc00-\udfff]/g) || []).length;
  }
  const cs = doc.pending === null ? doc.charset : null;
  if (editor.viewing) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'edit-large';
    b.textContent = cs ? 'Edit as UTF-8' : 'Edit';
    b.title = cs ? `This file is in ${cs.names.join(', ')}, shown as the converter reads it; Convert and Download use its bytes as they are. ` +
        'Editing puts the characters shown in the editor and saves them as UTF-8: the bytes change, and a CA[] naming the old set no longer fits them.'
      : doc.valid ? 'A large record opens in view mode: the browser would take seconds to lay all of it out in the editor. Edit puts it there.'
      : 'This file is not UTF-8 (an SGF or UGF in another character set converts as it is). Editing saves it as UTF-8: the bytes shown as \uFFFD are lost.';
    b.addEventListener('click', () => { doc.editing = true; editor.edit(); updateStatus(); });
    const span = document.createElement('span');
    span.className = 'mode';
    span.append(cs ? 'read-only ' : doc.valid ? 'view mode ' : 'view mode (not UTF-8) ', b);
    st.append(span);
  }
  const parts = [
    [`Ln ${line}, Col ${col}`],
    cs ? charsetStatus(cs) : [doc.valid ? (doc.hasBom ? 'UTF-8 with BOM' : 'UTF-8') : 'not valid UTF-8'],
    [doc.eol.style === 'none' ? 'LF' : doc.eol.style],
    [doc.pending !== null ? pendingBytes(doc) : `${doc.bytes.length.toLocaleString('en')} bytes`],
  ];
  for (const [text, title, id] of parts) {
    const span = document.createElement('span');
    span.textContent = text;
    if (title) span.title = title;
    if (id) span.id = id;
    st.append(span);
  }
}

// The bytes of the text being edited: a large one is not encoded at each
// keystroke (10 MB took a fifth of a second): its count is the one before
// the edit until the lint takes the edit in.
function pendingBytes(doc) {
  return doc.pending.length > 1e6 ? `${doc.bytes.length.toLocaleString('en')} bytes before the edit` : `${encodeText(doc.pending).length.toLocaleString('en')} bytes`;
}

// The status of a record shown in another set: [text, title, id].
function charsetStatus(cs) {
  const why = (note) => {
    let m;
    if ((m = /\(CA\[([^\]]*)\]/.exec(note))) return ` (CA[${m[1]}])`;
    if (/, detected/.test(note)) return ' (detected)';
    if (/byte order mark/.test(note)) return ' (its BOM)';
    if ((m = /\(as (\w+) files are written\)/.exec(note))) return ` (as ${m[1]} files are)`;
    if (/SGF's default/.test(note)) return " (SGF's default)";
    return '';
  };
  const text = cs.notes.length === 1 ? `shown as ${cs.names[0]}${why(cs.notes[0])}` : `shown game by game as ${cs.segments.map((g) => g.name).join(', ')}`;
  const title = 'Decoded as jgflint --convert reads it (the text is shown, the file is not changed):\n' +
    cs.notes.map((n, i) => (cs.notes.length > 1 ? `game ${i + 1}: ` : '') + n).join('\n');
  return [text, title, 'charset'];
}
editor.onCaret = () => { updateStatus(); scheduleBoard(); };
editor.onInput = (value) => {
  const doc = current();
  if (!doc) return;
  doc.edited(value);
  doc.marks = null;
  if (!doc.dirtyShown) { doc.dirtyShown = true; renderTabs(); }
  scheduleLint();
  keepSession();
};

// -- buttons ----------------------------------------------------------------------------
function isForeign(doc) {
  if (FOREIGN.test(doc.name)) return true;
  return !!(doc.result && doc.result.report.diagnostics.some((d) => d.rule === 'foreign-format'));
}

function updateButtons() {
  const doc = current();
  const ready = !!jgflint.lint && !state.busy;
  const s = doc && doc.result && doc.result.report.summary;
  $('fix').disabled = !doc || !ready;
  $('fix-unsafe').disabled = !doc || !ready;
  $('convert').disabled = !doc || !ready || !isForeign(doc);
  $('convert-sgf').disabled = !doc || !ready;
  $('download').disabled = !doc;
  $('share').disabled = !doc;
  if (s) {
    $('fix').disabled ||= !s.fixable;
    $('fix-unsafe').disabled ||= !(s.fixable || s.unsafeFixable);
  }
}

function download(name, bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name.replace(/^.*[\\/]/, '') || 'record.jgf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// A task of the worker the page waits for (the buttons off meanwhile).
async function busy(promise) {
  state.busy++;
  updateButtons();
  try {
    return await promise;
  } finally {
    state.busy--;
    updateButtons();
  }
}

let pendingFix = null;
async function runFix(unsafe) {
  const doc = current();
  if (!doc) return;
  doc.flush();
  const bytes = doc.bytes;
  const res = await busy(tasks.call('fix', bytes, doc.name, unsafe, settings()));
  if (doc.bytes !== bytes) return;
  pendingFix = { doc, res };
  const diff = res.diff;
  const pre = $('fix-diff');
  pre.textContent = '';
  for (const line of diff ? diff.replace(/\n$/, '').split('\n') : ['(nothing to change)']) {
    const span = document.createElement('span');
    span.textContent = line;
    span.className = line.startsWith('@@') ? 'hunk' : line.startsWith('---') || line.startsWith('+++') ? 'head' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : '';
    pre.append(span);
  }
  $('fix-title').textContent = `${unsafe ? 'Fix with unsafe fixes' : 'Fix'}: ${plural(res.fixed, 'fix', 'fixes')} applied`;
  const s = res.summary;
  $('fix-remaining').textContent = `Remaining: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}.`;
  $('fix-download').disabled = !diff;
  $('fix-apply').disabled = !diff;
  $('fix-dialog').showModal();
}

// A converted record named as its input, whatever the case (a one-game SGF
// converted to SGF is NAME.sgf): NAME-converted.sgf, so that saving it
// beside the original cannot replace the keeper's file, which the CLI
// refuses to write over ("is the input itself": it asks for --output DIR).
function convertedName(name, input) {
  const base = (s) => s.replace(/^.*[\\/]/, '').toLowerCase();
  if (base(name) !== base(input)) return name;
  return name.replace(/(\.[^./\\]*)?$/, (ext) => `-converted${ext}`);
}

// Convert (to JGF) or Convert to SGF (to: 'sgf', `jgflint --convert --to
// sgf`: a JGF record too): the records in a dialog, each to download or open.
async function runConvert(to) {
  const doc = current();
  if (!doc) return;
  doc.flush();
  const out = $('convert-records');
  out.textContent = '';
  let rep;
  try {
    rep = await busy(tasks.call('convertReport', doc.bytes, doc.name, { to }));
  } catch (e) {
    $('convert-messages').textContent = String(e.message || e);
    $('convert-dialog').showModal();
    return;
  }
  $('convert-title').textContent = rep.records.length
    ? `Converted to ${to === 'sgf' ? 'SGF' : 'JGF v2'}: ${plural(rep.records.length, 'record')}` : 'Nothing converted';
  const msgs = $('convert-messages');
  msgs.textContent = '';
  for (const line of rep.messages.replace(/\n$/, '').split('\n').filter(Boolean)) {
    const span = document.createElement('span');
    span.textContent = line;
    msgs.append(span);
  }
  if (!msgs.childNodes.length) msgs.textContent = '(no notes)';
  for (const r of rep.records) {
    r.name = convertedName(r.name, doc.name);
    const li = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = r.name;
    const dl = document.createElement('button');
    dl.type = 'button';
    dl.textContent = 'Download';
    dl.className = 'record-download';
    dl.addEventListener('click', () => download(r.name, r.bytes));
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'Open in a tab';
    open.addEventListener('click', () => { $('convert-dialog').close(); openDoc(r.name, r.bytes); });
    li.append(code, `${r.bytes.length.toLocaleString('en')} bytes `, dl, ' ', open);
    out.append(li);
  }
  $('convert-dialog').showModal();
}

// -- settings dialog ------------------------------------------------------------------
function showSettings() {
  $('settings-text').value = state.settingsText || '{\n  "select": [],\n  "ignore": [],\n  "severity": {}\n}\n';
  $('settings-error').textContent = '';
  const table = $('rules-table');
  if (!table.rows.length && jgflint.rules) {
    for (const r of jgflint.rules()) {
      const tr = table.insertRow();
      tr.insertCell().textContent = r.id;
      tr.insertCell().textContent = r.category;
      tr.insertCell().textContent = r.severity;
      tr.insertCell().textContent = r.summary;
    }
  }
  $('settings-dialog').showModal();
}

// The problems of settings text, null when the library takes it.
function settingsProblem(text) {
  try {
    jgflint.lint('{}', 'settings-check.jgf', text.trim() ? text : null);
    return null;
  } catch (e) {
    if (e instanceof SettingsError) return e.message;
    throw e;
  }
}

// Settings text kept and every record linted with it; refused with its
// problems in the dialog.
function applySettings(text) {
  const problem = settingsProblem(text);
  if (problem) {
    if (!$('settings-dialog').open) showSettings();
    $('settings-text').value = text;
    $('settings-error').textContent = problem;
    return false;
  }
  saveSettings(text);
  for (const d of state.docs) d.resultBytes = null;
  lintNow();
  return true;
}

function saveSettingsFromDialog() {
  if (applySettings($('settings-text').value)) $('settings-dialog').close();
}

// -- share links --------------------------------------------------------------------
async function share() {
  const doc = current();
  if (!doc) return;
  doc.flush();
  const hash = await encodeShare({ name: doc.name, bytes: doc.bytes, settings: settings() });
  history.replaceState(null, '', hash);
  const link = location.href;
  $('share-link').value = link;
  $('share-note').textContent = `${link.length.toLocaleString('en')} characters for ${doc.bytes.length.toLocaleString('en')} bytes.` +
    (link.length > 2000000 ? ' Browsers may refuse links this long.' : '');
  $('share-dialog').showModal();
  $('share-link').select();
}

async function openShared() {
  if (!isShare(location.hash)) return false;
  try {
    const s = await decodeShare(location.hash);
    if (s.settings !== null && s.settings !== undefined)
      state.settingsText = typeof s.settings === 'string' ? s.settings : JSON.stringify(s.settings, null, 2);
    openDoc(s.name || 'shared.jgf', s.bytes);
    return true;
  } catch (e) {
    console.error('share link:', e);
    return false;
  }
}

// -- files ------------------------------------------------------------------------------
async function openFiles(files) {
  let first = true;
  for (const f of files) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    openDoc(f.name, bytes, { select: first });
    first = false;
  }
}

// -- theme --------------------------------------------------------------------------------
function applyTheme(t) {
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}
function toggleTheme() {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  const t = dark ? 'light' : 'dark';
  applyTheme(t);
  try { localStorage.setItem(THEME_KEY, t); } catch (e) { /* not kept */ }
}

// -- wiring ---------------------------------------------------------------------------------
function wire() {
  $('open').addEventListener('change', (e) => { openFiles([...e.target.files]); e.target.value = ''; });
  $('new').addEventListener('click', () => openDoc(`untitled-${state.docs.length + 1}.jgf`, new Uint8Array(0)));
  $('settings-button').addEventListener('click', showSettings);
  $('hidden').addEventListener('click', showSettings);
  const nav = () => (board.shown && board.shown.nav) || {};
  $('board-first').addEventListener('click', () => stepTo(nav().first));
  $('board-prev').addEventListener('click', () => stepTo(nav().prev));
  $('board-next').addEventListener('click', () => stepTo((nav().next || [])[0]));
  $('board-last').addEventListener('click', () => stepTo(nav().last));
  $('board-variations').addEventListener('change', (e) => { if (e.target.value !== '') stepTo((nav().next || [])[Number(e.target.value)]); });
  $('board').addEventListener('keydown', (e) => {
    const to = { Home: nav().first, ArrowLeft: nav().prev, ArrowRight: (nav().next || [])[0], End: nav().last }[e.key];
    if (to) { e.preventDefault(); stepTo(to); $('board').focus(); }
  });
  $('settings-save').addEventListener('click', saveSettingsFromDialog);
  $('settings-reset').addEventListener('click', () => { $('settings-text').value = ''; });
  $('share').addEventListener('click', share);
  $('share-copy').addEventListener('click', () => {
    $('share-link').select();
    if (navigator.clipboard) navigator.clipboard.writeText($('share-link').value).catch(() => {});
  });
  $('theme').addEventListener('click', toggleTheme);
  $('fix').addEventListener('click', () => runFix(false));
  $('fix-unsafe').addEventListener('click', () => runFix(true));
  $('fix-download').addEventListener('click', () => pendingFix && download(pendingFix.doc.name, pendingFix.res.bytes));
  $('fix-apply').addEventListener('click', () => {
    if (!pendingFix) return;
    const { doc, res } = pendingFix;
    $('fix-dialog').close();
    replaceBytes(doc, res.bytes);
  });
  $('convert').addEventListener('click', () => runConvert('jgf'));
  $('convert-sgf').addEventListener('click', () => runConvert('sgf'));
  $('download').addEventListener('click', () => { const d = current(); if (d) { d.flush(); download(d.name, d.bytes); } });
  $('explain-close').addEventListener('click', closeExplain);
  wireSplit();
  $('name').addEventListener('change', (e) => {
    const doc = current();
    if (!doc) return;
    doc.name = e.target.value.trim() || doc.name;
    e.target.value = doc.name;
    // The converter may read the file otherwise under another name.
    if (doc.pending === null && !doc.editing) {
      const shownAs = doc.charset;
      doc.setBytes(doc.bytes);
      if (shownAs) display(doc);
      checkCharset(doc);
    }
    doc.resultBytes = null;
    renderTabs();
    lintNow();
    keepSession();
  });
  // Dropping files anywhere opens them.
  let depth = 0;
  window.addEventListener('dragenter', (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) { depth++; $('drop').hidden = false; } });
  window.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; $('drop').hidden = true; } });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    $('drop').hidden = true;
    if (e.dataTransfer && e.dataTransfer.files.length) openFiles([...e.dataTransfer.files]);
  });
  // Leaving: the records as they are now (the timer may not run).
  window.addEventListener('pagehide', () => saveNow());
  window.addEventListener('hashchange', () => { if (isShare(location.hash)) openShared().then(() => lintNow()); });
}

async function main() {
  try { applyTheme(localStorage.getItem(THEME_KEY)); } catch (e) { /* system theme */ }
  loadSettings();
  wire();
  updateButtons();
  const restored = await restoreSession();
  const shared = await openShared();
  // A first visit: an example with findings to click.
  if (!restored && !shared) await openExample();
  try {
    await jgflint.ready;
  } catch (e) {
    $('version').textContent = 'the WebAssembly module did not load: ' + e;
    throw e;
  }
  $('version').textContent = `libjgflint ${jgflint.version} (WebAssembly)`;
  updateButtons();
  document.documentElement.dataset.ready = 'true';
}

// The records open when the page was left, as they were.
async function restoreSession() {
  const s = await loadSession();
  if (!s || !s.docs.length) return false;
  for (const d of s.docs) {
    const doc = openDoc(d.name, d.bytes, { select: false });
    doc.dirty = !!d.dirty;
    if (d.id) { doc.id = d.id; saved.set(d.id, { bytes: doc.bytes, name: doc.name, dirty: doc.dirty }); }
    if (Array.isArray(d.selection)) doc.selection = d.selection;
  }
  showDoc(Math.min(Math.max(0, s.current | 0), state.docs.length - 1));
  return true;
}

async function openExample() {
  try {
    const r = await fetch(new URL('example.jgf', import.meta.url));
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    openDoc('example.jgf', new Uint8Array(await r.arrayBuffer()));
  } catch (e) {
    console.warn('jgflint: no example:', e);
    openDoc('untitled.jgf', new Uint8Array(0));
  }
}

// For the browser tests: the page's own state.
window.jgflintPage = { state, editor, tasks, openDoc, showDoc, goToFinding, lintNow, findingRange, current, saveNow };

main();
