// The playground page: records in tabs, each linted as it is edited, its
// findings listed as the terminal shows them and marked in the editor;
// fixes shown as a diff, conversions as records to download; settings kept
// in localStorage; share links in the URL fragment. Nothing leaves the page.
import createJgflintModule from './jgflint-wasm.js';
import { loadInto, SettingsError } from './api.js';
import { Editor } from './editor.js';
import { TextMap, EolMap, CodePointMap, decodeBytes, encodeText, isValidUtf8, charsetOfConversion, decodeSegments } from './textmap.js';
import { encodeShare, decodeShare, isShare } from './share.js';

// -- the page API -----------------------------------------------------------------
const jgflint = { ready: null };
window.jgflint = jgflint;
loadInto(jgflint, createJgflintModule);

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = 'jgflint.settings';
const THEME_KEY = 'jgflint.theme';
const FOREIGN = /\.(sgf|ugf|ugi|gib|ngf)$/i;

// -- documents --------------------------------------------------------------------
// A record as the library sees it (bytes) and as the editor shows it.
class Doc {
  constructor(name, bytes) {
    this.name = name;
    this.dirty = false;
    this.result = null;       // lintDetailed's answer
    this.error = null;
    this.selection = [0, 0];
    this.scroll = [0, 0];
    this.pending = null;      // the editor's value not yet taken in
    this.setBytes(bytes);
  }

  setBytes(bytes) {
    this.bytes = bytes;
    this.text = decodeBytes(bytes);
    this.valid = isValidUtf8(bytes);
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
    this.text = this.eol.apply(value);
    this.eol = new EolMap(this.text);
    this.bytes = encodeText(this.text);
    this.valid = true;
    this.charset = null;   // edited: the characters shown, as UTF-8
    this._map = null;
  }

  get hasBom() {
    return this.bytes.length >= 3 && this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf;
  }
}

const state = { docs: [], current: -1, settingsText: '', linted: null, explained: null };
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
  if (select) showDoc(state.docs.length - 1);
  else renderTabs();
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
  checkCharset(doc);
  display(doc);
  editor.setSelection(doc.selection[0], doc.selection[1]);
  editor.scrollTo(doc.scroll[0], doc.scroll[1]);
  lintNow();
}

// Bytes that are not UTF-8 (an SGF in Shift_JIS) open in view mode: editing
// would write the record back as UTF-8.
function display(doc) {
  editor.setValue(doc.eol.normalized, { edit: doc.editing, view: doc.readOnly });
}

// A record the converter reads in another character set than UTF-8 (its
// notes say which) is shown decoded in it. Asked of the converter only for
// bytes that are not UTF-8, or hold a zero byte (UTF-16 without a byte
// order mark): one conversion when the record is opened. Returns whether
// the text shown changed.
function checkCharset(doc) {
  if (doc.charsetChecked || !jgflint.convertReport || doc.pending !== null) return false;
  doc.charsetChecked = true;
  if (doc.valid && doc.bytes.indexOf(0) === -1) return false;
  let cs = null;
  try {
    cs = charsetOfConversion(jgflint.convertReport(doc.bytes, doc.name).messages, doc.name, doc.bytes);
  } catch (e) {
    console.warn('jgflint: the character set of', doc.name, e);
  }
  if (!cs) return false;
  const text = doc.text;
  doc.showAs(cs);
  if (doc.text === text) { doc.charset = null; doc._map = null; return false; }
  return true;
}

function closeDoc(i) {
  state.docs.splice(i, 1);
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
  if (!doc || !jgflint.lintDetailed) return;
  doc.flush();
  // Opened before the module was ready: its character set is known now.
  if (checkCharset(doc)) display(doc);
  const t0 = performance.now();
  try {
    doc.result = jgflint.lintDetailed(doc.bytes, doc.name, settings());
    doc.error = null;
  } catch (e) {
    doc.error = e;
    if (e instanceof SettingsError) {
      // The settings are wrong: lint with the defaults, and say so.
      try {
        doc.result = jgflint.lintDetailed(doc.bytes, doc.name, null);
      } catch (e2) {
        doc.result = null;
      }
    } else {
      doc.result = null;
      console.error(e);
    }
  }
  doc.lintMs = performance.now() - t0;
  doc.marks = null;
  renderFindings();
  renderTabs();
  updateStatus();
}

// The editor range [from, to) of finding i of doc's result, or null (a
// finding about the whole document). From line:col and endLine:endColumn,
// as jgflint counts them (code points after a BOM, lines ending at LF, CR
// or CRLF), through the record's bytes.
function findingRange(doc, i) {
  const d = doc.result.report.diagnostics[i];
  if (!d.line) return null;
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
  $('summary').textContent = summaryText(summary);
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
  const rule = document.createElement('span');
  rule.className = 'rule';
  rule.textContent = ` [${d.rule}]`;
  msg.append(sev, ' ' + (d.fix === 'safe' ? '[*] ' : '') + d.message, rule);
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

function goToFinding(i) {
  const doc = current();
  if (!doc || !doc.result) return;
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
    col = 1;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (!(c >= 0xdc00 && c < 0xe000 && k > 0 && s.charCodeAt(k - 1) >= 0xd800 && s.charCodeAt(k - 1) < 0xdc00)) col++;
    }
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
    [`${(doc.pending !== null ? encodeText(doc.pending).length : doc.bytes.length).toLocaleString('en')} bytes`],
  ];
  for (const [text, title, id] of parts) {
    const span = document.createElement('span');
    span.textContent = text;
    if (title) span.title = title;
    if (id) span.id = id;
    st.append(span);
  }
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
editor.onCaret = () => updateStatus();
editor.onInput = (value) => {
  const doc = current();
  if (!doc) return;
  doc.edited(value);
  doc.marks = null;
  if (!doc.dirtyShown) { doc.dirtyShown = true; renderTabs(); }
  scheduleLint();
};

// -- buttons ----------------------------------------------------------------------------
function isForeign(doc) {
  if (FOREIGN.test(doc.name)) return true;
  return !!(doc.result && doc.result.report.diagnostics.some((d) => d.rule === 'foreign-format'));
}

function updateButtons() {
  const doc = current();
  const ready = !!jgflint.lint;
  const s = doc && doc.result && doc.result.report.summary;
  $('fix').disabled = !doc || !ready;
  $('fix-unsafe').disabled = !doc || !ready;
  $('convert').disabled = !doc || !ready || !isForeign(doc);
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

let pendingFix = null;
function runFix(unsafe) {
  const doc = current();
  if (!doc) return;
  doc.flush();
  let res;
  try {
    res = jgflint.fix(doc.bytes, doc.name, { unsafe }, settings());
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    res = jgflint.fix(doc.bytes, doc.name, { unsafe }, null);
  }
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

function runConvert() {
  const doc = current();
  if (!doc) return;
  doc.flush();
  const out = $('convert-records');
  out.textContent = '';
  let rep;
  try {
    rep = jgflint.convertReport(doc.bytes, doc.name);
  } catch (e) {
    $('convert-messages').textContent = String(e.message || e);
    $('convert-dialog').showModal();
    return;
  }
  $('convert-title').textContent = rep.records.length
    ? `Converted to JGF v2: ${plural(rep.records.length, 'record')}` : 'Nothing converted';
  const msgs = $('convert-messages');
  msgs.textContent = '';
  for (const line of rep.messages.replace(/\n$/, '').split('\n').filter(Boolean)) {
    const span = document.createElement('span');
    span.textContent = line;
    msgs.append(span);
  }
  if (!msgs.childNodes.length) msgs.textContent = '(no notes)';
  for (const r of rep.records) {
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

function saveSettingsFromDialog() {
  const text = $('settings-text').value;
  try {
    jgflint.lint('{}', 'settings-check.jgf', text.trim() ? text : null);
  } catch (e) {
    if (e instanceof SettingsError) {
      $('settings-error').textContent = e.message;
      return;
    }
    throw e;
  }
  saveSettings(text);
  $('settings-dialog').close();
  for (const d of state.docs) d.result = null;
  lintNow();
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
    doc.setBytes(res.bytes);
    doc.dirty = true;
    $('fix-dialog').close();
    if (doc === current()) {
      doc.editing = false;
      checkCharset(doc);
      display(doc);
      lintNow();
    }
  });
  $('convert').addEventListener('click', runConvert);
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
      const was = doc.charset ? JSON.stringify(doc.charset.segments) : '';
      doc.setBytes(doc.bytes);
      checkCharset(doc);
      if ((doc.charset ? JSON.stringify(doc.charset.segments) : '') !== was) display(doc);
    }
    renderTabs();
    lintNow();
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
  window.addEventListener('hashchange', () => { if (isShare(location.hash)) openShared().then(() => lintNow()); });
}

async function main() {
  try { applyTheme(localStorage.getItem(THEME_KEY)); } catch (e) { /* system theme */ }
  loadSettings();
  wire();
  updateButtons();
  const shared = openShared();
  try {
    await jgflint.ready;
  } catch (e) {
    $('version').textContent = 'the WebAssembly module did not load: ' + e;
    throw e;
  }
  $('version').textContent = `libjgflint ${jgflint.version} (WebAssembly)`;
  if (!(await shared) && !state.docs.length) openDoc('untitled.jgf', new Uint8Array(0));
  lintNow();
  document.documentElement.dataset.ready = 'true';
}

// For the browser tests: the page's own state.
window.jgflintPage = { state, editor, openDoc, showDoc, goToFinding, lintNow, findingRange, current };

main();
