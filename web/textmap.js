// Positions between the bytes jgflint reads and the strings the page shows.
//
// jgflint counts as its locator does (src/locate.c): lines end at LF, CR or
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
    const old = this.normalized;
    if (value === old) return this.text;
    const max = Math.min(old.length, value.length);
    let p = 0;
    while (p < max && old.charCodeAt(p) === value.charCodeAt(p)) p++;
    let s = 0;
    while (s < max - p && old.charCodeAt(old.length - 1 - s) === value.charCodeAt(value.length - 1 - s)) s++;
    const from = this.fromNorm(p), to = this.fromNorm(old.length - s);
    let inserted = value.slice(p, value.length - s);
    const nl = this.newline;
    if (nl !== '\n') inserted = inserted.replace(/\n/g, nl);
    return this.text.slice(0, from) + inserted + this.text.slice(to);
  }
}
