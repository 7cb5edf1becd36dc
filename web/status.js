// The editor's status line, and its edits taken in.
import { encodeText } from './textmap.js';
import { $, current, editor } from './page.js';
import { keepSession, renderTabs } from './records.js';
import { scheduleLint } from './findings.js';
import { scheduleBoard } from './boardpane.js';

// -- status line --------------------------------------------------------------------
export function updateStatus() {
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
    if (/, a guess/.test(note)) return ' (a guess)';
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
