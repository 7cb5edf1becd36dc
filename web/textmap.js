// Positions between the bytes jgflint reads and the strings the page shows.
//
// jgflint counts as its locator does (src/base/locate.c): lines end at LF, CR or
// CRLF; a column is 1 plus the number of bytes before the position on its
// line that are not UTF-8 continuation bytes (10xxxxxx), so code points for
// valid UTF-8, a surrogate pair being one; a UTF-8 byte order mark is not
// counted. The page holds text as JS strings (UTF-16 code units) decoded
// from those bytes with the WHATWG UTF-8 decoder (invalid sequences become
// U+FFFD, one per maximal subpart), and a textarea shows it with every line
// end turned into LF. TextMap maps byte offsets, line:column and string
// indices into each other exactly, invalid bytes included; EolMap maps
// indices of the text as read to indices of the textarea's value.

const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Encoder = new TextEncoder();

// The string the page shows for bytes: BOM kept, invalid sequences U+FFFD.
export function decodeBytes(bytes) {
  return utf8Decoder.decode(bytes);
}

export function encodeText(text) {
  return utf8Encoder.encode(text);
}

// The text shown for bytes and whether they are valid UTF-8, decoding them
// once when they are (10 MB take tens of milliseconds a pass).
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
export function decodeChecked(bytes) {
  try {
    return { text: strictDecoder.decode(bytes), valid: true };
  } catch (e) {
    return { text: utf8Decoder.decode(bytes), valid: false };
  }
}

// Where each finding (and each finding's fix, from its first edit to its
// last) is in the editor's value (bytes decoded, line ends as LF): [from,
// to) indices, null for a finding about the whole document. Findings go to
// line:col–endLine:endColumn as jgflint counts them, through the bytes.
// Computed in the worker: on a 10 MB record a few hundred milliseconds.
export function editorRanges(bytes, diagnostics, fixes) {
  const text = decodeChecked(bytes).text;
  const map = new TextMap(bytes, text), eol = new EolMap(text);
  const at = (b) => eol.toNorm(map.byteToIndex(b));
  const findings = diagnostics.map((d) => {
    if (!d.line) return null;
    const a = map.lineColToByte(d.line, d.column);
    const b = d.endLine ? map.lineColToByte(d.endLine, d.endColumn) : a;
    return [at(a), at(Math.max(a, b))];
  });
  const fixSpans = (fixes || []).map((f) => (f && f.edits.length ? [at(f.edits[0].start), at(f.edits[f.edits.length - 1].end)] : null));
  return { findings, fixes: fixSpans };
}

export function isValidUtf8(bytes) {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return true;
  } catch (e) {
    return false;
  }
}

// One step of the WHATWG UTF-8 decoder from a sequence boundary at i: sets
// stepLen (bytes consumed) and stepUnits (UTF-16 code units produced).
let stepLen = 0, stepUnits = 0;
function step(b, i, n) {
  const c = b[i];
  if (c < 0x80) { stepLen = 1; stepUnits = 1; return; }
  let need, lower = 0x80, upper = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) need = 1;
  else if (c >= 0xe0 && c <= 0xef) { need = 2; if (c === 0xe0) lower = 0xa0; else if (c === 0xed) upper = 0x9f; }
  else if (c >= 0xf0 && c <= 0xf4) { need = 3; if (c === 0xf0) lower = 0x90; else if (c === 0xf4) upper = 0x8f; }
  else { stepLen = 1; stepUnits = 1; return; }   // U+FFFD
  let j = i + 1;
  for (let k = 0; k < need; k++, j++) {
    // An incomplete sequence (end of input, or a byte out of range, which
    // is then read again as the start of the next one): one U+FFFD.
    if (j >= n || b[j] < lower || b[j] > upper) { stepLen = j - i; stepUnits = 1; return; }
    lower = 0x80; upper = 0xbf;
  }
  stepLen = need + 1;
  stepUnits = need === 3 ? 2 : 1;
}

const CHECKPOINT = 4096;

export class TextMap {
  // bytes: what jgflint read; text: decodeBytes(bytes) (computed if omitted).
  constructor(bytes, text) {
    this.bytes = bytes;
    this.text = text === undefined ? decodeBytes(bytes) : text;
    this.body = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    this._cp = null;      // checkpoints: byte offsets and string indices at sequence boundaries
    this._lines = null;   // byte offset of each line's start
  }

  _checkpoints() {
    if (this._cp) return this._cp;
    const b = this.bytes, n = b.length;
    const cb = [0], ci = [0];
    let i = 0, idx = 0, next = CHECKPOINT;
    while (i < n) {
      if (i >= next) { cb.push(i); ci.push(idx); next = i + CHECKPOINT; }
      if (b[i] < 0x80) { i++; idx++; continue; }
      step(b, i, n);
      i += stepLen; idx += stepUnits;
    }
    this._cp = { cb, ci, units: idx };
    return this._cp;
  }

  // The string index where the character holding byte off starts.
  byteToIndex(off) {
    const b = this.bytes, n = b.length;
    if (off >= n) return this._checkpoints().units;
    if (off <= 0) return 0;
    const { cb, ci } = this._checkpoints();
    let lo = 0, hi = cb.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (cb[mid] <= off) lo = mid; else hi = mid - 1; }
    let i = cb[lo], idx = ci[lo];
    for (;;) {
      step(b, i, n);
      if (i + stepLen > off) return idx;
      i += stepLen; idx += stepUnits;
    }
  }

  // The byte offset where the character at string index idx starts.
  indexToByte(idx) {
    const b = this.bytes, n = b.length;
    if (idx <= 0) return 0;
    const { cb, ci, units } = this._checkpoints();
    if (idx >= units) return n;
    let lo = 0, hi = ci.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ci[mid] <= idx) lo = mid; else hi = mid - 1; }
    let i = cb[lo], k = ci[lo];
    for (;;) {
      step(b, i, n);
      if (k + stepUnits > idx) return i;
      i += stepLen; k += stepUnits;
    }
  }

  lineStarts() {
    if (this._lines) return this._lines;
    const b = this.bytes, n = b.length;
    const starts = [0];
    for (let i = 0; i < n; i++) {
      const c = b[i];
      if (c !== 10 && c !== 13) continue;
      if (c === 13 && i + 1 < n && b[i + 1] === 10) i++;
      starts.push(i + 1);
    }
    this._lines = starts;
    return starts;
  }

  get lineCount() { return this.lineStarts().length; }

  // Line (1-based) and column (1-based, as jgflint counts) of byte offset off.
  byteToLineCol(off) {
    const b = this.bytes, starts = this.lineStarts();
    if (off > b.length) off = b.length;
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= off) lo = mid; else hi = mid - 1; }
    let start = starts[lo];
    if (start < this.body) start = this.body < off ? this.body : off;
    let col = 1;
    for (let i = start; i < off; i++) if ((b[i] & 0xc0) !== 0x80) col++;
    return { line: lo + 1, col };
  }

  // The byte offset of line:col (the first byte counted as that column;
  // the line's end may be counted too), kept within the line; null for line
  // 0 (the whole document).
  lineColToByte(line, col) {
    if (!line) return null;
    const b = this.bytes, n = b.length, starts = this.lineStarts();
    if (line > starts.length) return n;
    let i = starts[line - 1];
    if (i < this.body) i = this.body;
    const end = line < starts.length ? starts[line] : n;
    for (let counted = 0; counted < col - 1 && i < end; i++)
      if ((b[i] & 0xc0) !== 0x80) counted++;
    // Continuation bytes do not count: the column starts at the next character.
    while (i < end && (b[i] & 0xc0) === 0x80) i++;
    return i;
  }

  lineColToIndex(line, col) {
    const off = this.lineColToByte(line, col);
    return off === null ? null : this.byteToIndex(off);
  }

  indexToLineCol(idx) {
    return this.byteToLineCol(this.indexToByte(idx));
  }
}

// Line ends of a text as read (LF, CRLF, lone CR) against the textarea's
// value, where each is one LF.
export class EolMap {
  constructor(text) {
    this.text = text;
    const crlf = [];   // per CRLF: the index of its LF in the normalized text
    let lone = 0, lf = 0;
    for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
      if (text.charCodeAt(i + 1) === 10) crlf.push(i - crlf.length);
      else lone++;
    }
    this.crlf = crlf;
    this.loneCr = lone;
    if (crlf.length || lone) {
      this.normalized = text.replace(/\r\n?/g, '\n');
    } else {
      this.normalized = text;
    }
    for (let i = this.normalized.indexOf('\n'); i !== -1; i = this.normalized.indexOf('\n', i + 1)) lf++;
    this.lf = lf - crlf.length - lone;
  }

  get style() {
    const kinds = (this.lf > 0) + (this.crlf.length > 0) + (this.loneCr > 0);
    if (kinds > 1) return 'mixed';
    if (this.crlf.length) return 'CRLF';
    if (this.loneCr) return 'CR';
    return this.lf ? 'LF' : 'none';
  }

  // The line end a new line gets: the most frequent one.
  get newline() {
    const c = this.crlf.length, r = this.loneCr, l = this.lf;
    if (c > l && c >= r) return '\r\n';
    if (r > l && r > c) return '\r';
    return '\n';
  }

  // Index in the text as read -> index in the normalized text.
  toNorm(i) {
    const a = this.crlf;
    if (!a.length) return i;
    // Pairs whose CR is before i: their normalized LF index is below i - count.
    let lo = 0, hi = a.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] + mid < i) lo = mid + 1; else hi = mid; }
    return i - lo;
  }

  // Index in the normalized text -> index in the text as read (a CRLF's
  // LF maps to its CR).
  fromNorm(j) {
    const a = this.crlf;
    if (!a.length) return j;
    let lo = 0, hi = a.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] < j) lo = mid + 1; else hi = mid; }
    return j + lo;
  }

  // The text as read after the textarea's value became value: the changed
  // middle is spliced in, its new line ends written as the text's own.
  apply(value) {
    return this.splice(value).text;
  }

  // The same, and where: the text as read from `from` to `to` replaced by
  // `inserted`.
  splice(value) {
    const old = this.normalized;
    if (value === old) return { text: this.text, from: 0, to: 0, inserted: '' };
    const max = Math.min(old.length, value.length);
    // The common ends compared a chunk at a time (a loop over a 10 MB line
    // character by character takes a fifth of a second), then the last
    // chunk a character at a time.
    const CHUNK = 4096;
    let p = 0;
    while (p + CHUNK <= max && old.slice(p, p + CHUNK) === value.slice(p, p + CHUNK)) p += CHUNK;
    while (p < max && old.charCodeAt(p) === value.charCodeAt(p)) p++;
    let s = 0;
    while (s + CHUNK <= max - p && old.slice(old.length - s - CHUNK, old.length - s) === value.slice(value.length - s - CHUNK, value.length - s)) s += CHUNK;
    while (s < max - p && old.charCodeAt(old.length - 1 - s) === value.charCodeAt(value.length - 1 - s)) s++;
    const from = this.fromNorm(p), to = this.fromNorm(old.length - s);
    let inserted = value.slice(p, value.length - s);
    const nl = this.newline;
    if (nl !== '\n') inserted = inserted.replace(/\n/g, nl);
    return { text: this.text.slice(0, from) + inserted + this.text.slice(to), from, to, inserted };
  }
}

// -- records in another character set ----------------------------------------
//
// An SGF, UGF, GIB or NGF file that is not UTF-8 is shown as the converter
// reads it: in the character set its conversion notes name (`read as CP932
// (CA[Shift_JIS])`, `read as GB18030, detected`, per game in a collection
// whose games differ), decoded by the browser's TextDecoder. The library
// names sets as glibc's iconv does; the WHATWG decoders of the same sets
// map them alike (the page's library uses them for CP932, CP949, GB18030
// and Big5-HKSCS). ISO-8859-1 is decoded here, a byte a code point: the
// WHATWG label iso-8859-1 is windows-1252, whose 0x80-0x9F are not the C1
// controls the converter reads there.

const WEB_LABELS = {
  'CP932': 'shift_jis', 'SHIFT_JIS': 'shift_jis', 'CP949': 'euc-kr', 'EUC-KR': 'euc-kr',
  'GB18030': 'gb18030', 'GBK': 'gb18030', 'GB2312': 'gb18030', 'BIG5-HKSCS': 'big5', 'BIG5': 'big5',
  'CP950': 'big5', 'EUC-JP': 'euc-jp', 'ISO-2022-JP': 'iso-2022-jp', 'CP1252': 'windows-1252',
  'UTF-8': 'utf-8', 'UTF-16LE': 'utf-16le', 'UTF-16BE': 'utf-16be',
};

// The WHATWG label that decodes bytes as the library's set cs does, 'latin1'
// for ISO-8859-1 (decoded here), or null when the browser has none.
export function webLabel(cs, bytes) {
  const name = String(cs).toUpperCase();
  if (name === 'ISO-8859-1') return 'latin1';
  // UTF-16 by its byte order mark (big-endian without one, as iconv reads it).
  if (name === 'UTF-16') return bytes && bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : 'utf-16be';
  let label = WEB_LABELS[name];
  if (!label) {
    const m = /^(?:CP|WINDOWS-)(125\d|874)$/.exec(name);
    label = m ? 'windows-' + m[1] : name.toLowerCase();
  }
  try {
    new TextDecoder(label);
    return label;
  } catch (e) {
    return null;
  }
}

// A decoder for a label of webLabel: {decode(bytes, {stream})}; the BOM is
// kept (U+FEFF), as the page keeps UTF-8's.
function decoderFor(label) {
  if (label !== 'latin1') return new TextDecoder(label, { ignoreBOM: true });
  return {
    decode(b) {
      let s = '';
      for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
      return s;
    },
  };
}

function countCodePoints(s) {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (!(c >= 0xdc00 && c < 0xe000 && k > 0 && s.charCodeAt(k - 1) >= 0xd800 && s.charCodeAt(k - 1) < 0xdc00)) n++;
  }
  return n;
}

// The byte offset of line:col of text decoded in label (col in code points
// of that text), lines ending at LF, CR and CRLF as bytes: for the sets
// that keep ASCII as it is, where the converter's games start.
function byteOfLineCol(bytes, line, col, label) {
  let i = 0;
  for (let l = 1; l < line && i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 10 || (c === 13 && bytes[i + 1] !== 10)) l++;
  }
  if (col <= 1) return i;
  const dec = decoderFor(label);
  let count = 0;
  for (let j = i; j < bytes.length && bytes[j] !== 10 && bytes[j] !== 13; j++) {
    count += countCodePoints(dec.decode(bytes.subarray(j, j + 1), { stream: true }));
    if (count >= col - 1) return j + 1;
  }
  return i;
}

// The notes of a conversion (jgf_conversion_messages for a record named
// name) that say which set the converter read it in: a file's, or one per
// game where its games differ. The character set the converter read it in
// when that is not UTF-8 (as jgflint reads it), else null:
//   {names: ['CP932'], notes: ['read as CP932 (CA[Shift_JIS])'],
//    segments: [{from: 0, name: 'CP932', label: 'shift_jis'}]}
// (segments: from which byte each set decodes, a collection's game by game).
export function charsetOfConversion(messages, name, bytes) {
  const games = [];
  let file = null;
  for (const line of String(messages).split('\n')) {
    if (!line.startsWith(name + ':')) continue;
    // A note, or a finding of a reading rule (its severity, its id last).
    const m = /^(?::(\d+):(\d+))?: (?:note|info|warning): (?:game (\d+): )?(.*?)(?: \[[a-z0-9-]+\])?$/
      .exec(line.slice(name.length));
    if (!m) continue;
    const cs = /(?:^|: |, )read as ([A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)*)(?= \(|, detected|, a guess|, SGF's default|$)/.exec(m[4]);
    if (!cs) continue;
    if (m[3] && m[1]) games.push({ line: Number(m[1]), col: Number(m[2]), name: cs[1], note: m[4] });
    else if (!m[1] && !file) file = { line: 1, col: 1, name: cs[1], note: m[4] };
  }
  // In the text's order: the notes come before the findings (a game read
  // by its CA before one detected).
  games.sort((a, b) => a.line - b.line || a.col - b.col);
  const parts = games.length ? games : file ? [file] : [];
  if (!parts.length || parts.every((p) => p.name === 'UTF-8')) return null;
  const segments = [];
  for (const p of parts) {
    const label = webLabel(p.name, bytes);
    if (!label) return null;
    const prev = segments.length ? segments[segments.length - 1].label : label;
    const from = segments.length ? byteOfLineCol(bytes, p.line, p.col, prev) : 0;
    segments.push({ from, name: p.name, label });
  }
  return { names: [...new Set(parts.map((p) => p.name))], notes: parts.map((p) => p.note), segments };
}

// The text of bytes decoded segment by segment (charsetOfConversion's).
export function decodeSegments(bytes, segments) {
  let s = '';
  segments.forEach((seg, k) => {
    const to = k + 1 < segments.length ? segments[k + 1].from : bytes.length;
    s += decoderFor(seg.label).decode(bytes.subarray(seg.from, to));
  });
  return s;
}

// The lines of a unified diff of a record's bytes (jgf_result_diff's, of
// original: an SGF fixed in its own set) as the record is shown: each
// line of the record decoded in the set of the segment where its original
// line begins (an added line: where it goes), the headers and notes
// (`---`, `+++`, `@@`, `\`) as UTF-8.
export function decodeDiffLines(diff, original, segments) {
  const starts = [0];
  for (let i = 0; i < original.length; i++) if (original[i] === 10) starts.push(i + 1);
  const setAt = (line) => {
    const at = starts[Math.min(line, starts.length) - 1];
    let k = 0;
    while (k + 1 < segments.length && segments[k + 1].from <= at) k++;
    return segments[k].label;
  };
  const utf8 = decoderFor('utf-8');
  const out = [];
  let line = 0;   // the original's line of the next line, 0 before the first hunk
  for (let i = 0; i < diff.length;) {
    let j = diff.indexOf(10, i);
    if (j < 0) j = diff.length;
    const b = diff.subarray(i, j), c = String.fromCharCode(b[0]);
    i = j + 1;
    const hunk = c === '@' && /^@@ -(\d+)/.exec(utf8.decode(b));
    if (hunk) line = Math.max(Number(hunk[1]), 1);
    if (hunk || !line || !' -+'.includes(c) || !b.length) {
      out.push(utf8.decode(b));
      continue;
    }
    out.push(c + decoderFor(setAt(line)).decode(b.subarray(1)));
    if (c !== '+') line++;
  }
  return out;
}

// Positions in a text shown decoded from another set: line:col as code
// points of that text (lines ending at LF, the BOM on line 1 not counted),
// as the converter counts in its notes. jgflint's own line:col counts the
// bytes that are not UTF-8 continuation bytes, which in Shift_JIS or GBK
// are no characters at all; the findings such a file gets are at 1:1 or
// about the whole file, where both agree.
export class CodePointMap {
  // text: the text shown, line ends as LF.
  constructor(text) {
    this.text = text;
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.starts = starts;
    this.bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  // The index of line:col, kept within the line; null for line 0.
  lineColToIndex(line, col) {
    if (!line) return null;
    const t = this.text, s = this.starts;
    if (line > s.length) return t.length;
    let i = s[line - 1];
    if (line === 1) i += this.bom;
    const end = line < s.length ? s[line] - 1 : t.length;
    for (let k = 1; k < col && i < end; k++) {
      const c = t.charCodeAt(i);
      i += c >= 0xd800 && c < 0xdc00 && i + 1 < end ? 2 : 1;
    }
    return i;
  }

  indexToLineCol(idx) {
    const s = this.starts;
    let lo = 0, hi = s.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (s[mid] <= idx) lo = mid; else hi = mid - 1; }
    const start = s[lo] + (lo === 0 && idx > 0 ? this.bom : 0);
    return { line: lo + 1, col: 1 + countCodePoints(this.text.slice(start, Math.max(start, idx))) };
  }
}
