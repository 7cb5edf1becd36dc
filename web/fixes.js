// The buttons: fixes (all, or one finding's) and conversions.
import { decodeBytes, decodeDiffLines } from './textmap.js';
import { $, current, editor, jgflint, state, tasks } from './page.js';
import { settings } from './settings.js';
import { download, openDoc, replaceBytes } from './records.js';
import { lintNow, plural } from './findings.js';

const FOREIGN = /\.(sgf|ugf|ugi|gib|ngf)$/i;

// Finding i's fix alone, applied to the record: in the editor as an edit
// (undone with Ctrl+Z) when it is there, else to the bytes.
export function fixFinding(doc, i) {
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

const sameBytes = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);

// -- buttons ----------------------------------------------------------------------------
function isForeign(doc) {
  if (FOREIGN.test(doc.name)) return true;
  return !!(doc.result && doc.result.report.diagnostics.some((d) => d.rule === 'foreign-format'));
}

export function updateButtons() {
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

export let pendingFix = null;
export async function runFix(unsafe) {
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
  // A record shown in another set (an SGF in Shift_JIS, fixed where it is):
  // its lines as the editor shows them, not its bytes read as UTF-8.
  const lines = !diff ? ['(nothing to change)'] : doc.charset ? decodeDiffLines(res.diffBytes, bytes, doc.charset.segments)
    : diff.replace(/\n$/, '').split('\n');
  for (const line of lines) {
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
export async function runConvert(to) {
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
