// The records in tabs, opened from files, share links and the session
// kept across a reload; downloaded as they are.
import { loadSession, saveSession } from './session.js';
import { charsetOfConversion } from './textmap.js';
import { decodeShare, encodeShare, isShare } from './share.js';
import { $, current, editor, state, tasks } from './page.js';
import { Doc } from './doc.js';
import { settings } from './settings.js';
import { lintDoc, lintNow, renderFindings } from './findings.js';
import { scheduleBoard } from './boardpane.js';
import { updateStatus } from './status.js';

// -- tabs ---------------------------------------------------------------------------
export function openDoc(name, bytes, { select = true } = {}) {
  const doc = new Doc(name, bytes);
  state.docs.push(doc);
  doc.ready = checkCharset(doc).then(() => doc.linting || (doc.linted ? undefined : lintDoc(doc)));
  if (select) showDoc(state.docs.length - 1);
  else renderTabs();
  keepSession();
  return doc;
}

export function showDoc(i) {
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
export function display(doc) {
  editor.setValue(doc.eol.normalized, { edit: doc.editing, view: doc.readOnly });
}

// A record the converter reads in another character set than UTF-8 (its
// notes say which) is shown decoded in it. Asked of the converter only for
// bytes that are not UTF-8, or hold a zero byte (UTF-16 without a byte
// order mark): one conversion (in the worker) when the record is opened;
// the record is shown again in that set when it is current.
export async function checkCharset(doc) {
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

export function renderTabs() {
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

// The record's bytes replaced (a fix applied): shown and linted again.
export function replaceBytes(doc, bytes) {
  doc.setBytes(bytes);
  doc.dirty = true;
  doc.editing = false;
  if (doc === current()) display(doc);
  checkCharset(doc);
  lintDoc(doc);
  renderTabs();
  keepSession();
}

// The record named name (the Name box, or the offer of a finding that it
// holds another format than its name says) and checked again: the library
// reads it by its name too, and the converter may read its character set
// otherwise under another.
export function renameDoc(doc, name) {
  doc.name = name.trim() || doc.name;
  if (doc === current()) $('name').value = doc.name;
  if (doc.pending === null && !doc.editing) {
    const shownAs = doc.charset;
    doc.setBytes(doc.bytes);
    if (shownAs && doc === current()) display(doc);
    checkCharset(doc);
  }
  doc.resultBytes = null;
  renderTabs();
  if (doc === current()) lintNow();
  else lintDoc(doc);
  keepSession();
}

// The open records, kept for a reload (a second after the last change).
let sessionTimer = 0;
export function keepSession() {
  clearTimeout(sessionTimer);
  // After the lint has taken the edits in (scheduleLint's delay), so that
  // saving does not encode a large record a second time.
  const doc = current();
  const size = doc ? (doc.pending !== null ? doc.pending.length : doc.bytes.length) : 0;
  sessionTimer = setTimeout(saveNow, 1000 + Math.min(1500, size / 5000));
}
const saved = new Map();   // id -> what was saved of the record (its bytes, name)
export function saveNow() {
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

export function download(name, bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name.replace(/^.*[\\/]/, '') || 'record.jgf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// -- share links --------------------------------------------------------------------
export async function share() {
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

export async function openShared() {
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
export async function openFiles(files) {
  let first = true;
  for (const f of files) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    openDoc(f.name, bytes, { select: first });
    first = false;
  }
}

// The records open when the page was left, as they were.
export async function restoreSession() {
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

export async function openExample() {
  try {
    const r = await fetch(new URL('example.jgf', import.meta.url));
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    openDoc('example.jgf', new Uint8Array(await r.arrayBuffer()));
  } catch (e) {
    console.warn('jgflint: no example:', e);
    openDoc('untitled.jgf', new Uint8Array(0));
  }
}

