// A record open in a tab.
import { CodePointMap, EolMap, TextMap, decodeChecked, decodeSegments, encodeText } from './textmap.js';

// -- documents --------------------------------------------------------------------
// A record as the library sees it (bytes) and as the editor shows it.
let docIds = 0;
export class Doc {
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
