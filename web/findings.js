// Linting the records, their findings listed and marked in the editor,
// and a rule's explanation beside them.
import { SettingsError } from './api.js';
import { $, current, editor, jgflint, state, tasks } from './page.js';
import { ignoreRule, settings } from './settings.js';
import { renameDoc, renderTabs } from './records.js';
import { fixFinding, updateButtons } from './fixes.js';
import { scheduleBoard } from './boardpane.js';
import { updateStatus } from './status.js';

// -- linting --------------------------------------------------------------------------
let lintTimer = 0;
export function scheduleLint() {
  clearTimeout(lintTimer);
  const doc = current();
  const size = doc ? (doc.pending !== null ? doc.pending.length : doc.bytes.length) : 0;
  $('lint-state').textContent = 'editing…';
  lintTimer = setTimeout(lintNow, 150 + Math.min(1500, size / 5000));
}

export function lintNow() {
  clearTimeout(lintTimer);
  const doc = current();
  if (doc) lintDoc(doc);
}

// Lints doc in the worker; one lint at a time per record, the newest text
// once more when it changed meanwhile. Settings that are refused lint with
// the defaults, and say so.
export function lintDoc(doc) {
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
export function findingRange(doc, i) {
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

export const plural = (n, word, words = word + 's') => `${n} ${n === 1 ? word : words}`;

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

export function renderFindings() {
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

// The name a record named .jgf takes when foreign-format says it holds the
// text of another format the library checked it as (an SGF typed into a
// new record), its ending that format's; else null.
const ENDINGS = { SGF: '.sgf', GIB: '.gib', NGF: '.ngf', UGF: '.ugf' };
function nameForHeld(doc, d) {
  const ending = ENDINGS[doc.result.format];
  return d.rule === 'foreign-format' && ending && /\.jgf$/i.test(doc.name) ? doc.name.replace(/\.jgf$/i, ending) : null;
}

// Under a finding: the rename a record that holds another format wants,
// its own fix (as the editor server's quick fix offers it) and "ignore this
// rule" (the settings' ignore list).
function findingActions(doc, d, i) {
  const acts = document.createElement('span');
  acts.className = 'acts';
  const renamed = nameForHeld(doc, d);
  if (renamed) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'rename';
    b.textContent = `Rename to ${renamed}`;
    b.title = `It holds ${doc.result.format} text, which no JGF reader opens: named ${renamed}, it is checked as ${doc.result.format} with no foreign-format error, and ${doc.result.format} tools open it`;
    b.addEventListener('click', (e) => { e.stopPropagation(); renameDoc(doc, renamed); });
    acts.append(b);
  }
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

// Scrolls the findings' list (not the page: on a phone the list does not
// scroll, the page does) so that finding i is all in view.
export function keepFindingInView(i) {
  const list = $('findings');
  const li = list.querySelector(`li[data-index="${i}"]`);
  if (!li || list.scrollHeight <= list.clientHeight) return;
  const l = list.getBoundingClientRect(), r = li.getBoundingClientRect();
  if (r.bottom > l.bottom) list.scrollTop += Math.min(r.bottom - l.bottom, r.top - l.top);
  else if (r.top < l.top) list.scrollTop -= l.top - r.top;
}

export function goToFinding(i) {
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

export function closeExplain() {
  $('explain').hidden = true;
  $('explain-split').hidden = true;
  $('findings').parentElement.classList.remove('explaining');
  state.explained = null;
  for (const li of document.querySelectorAll('#findings li.explained')) li.classList.remove('explained');
}

// The bar between the findings and the explanation: dragged, or moved with
// the arrow keys, it sets the explanation's height; a double click shares
// the pane evenly again.
export function wireSplit() {
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
