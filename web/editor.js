// The editor: a textarea (which does the editing, the caret, the selection,
// undo and the clipboard) over a highlight layer that draws the findings'
// markers at their characters, and a line-number gutter. Lines do not wrap,
// so the layers line up by line number and by the same text in the same
// font. Only the lines in view (and some around them) are drawn, so an 8 MB
// record scrolls as a small one does.
//
// The textarea's value has every line end as LF (the browser normalizes it);
// positions here are indices into that value. Doc (app.js) maps them to the
// text as read.
//
// A browser lays a textarea's whole text out at once (seconds for a few
// hundred thousand lines), so a large record opens in view mode instead:
// the layer draws the lines in view, with their text, inside a scroller as
// high as the record, and the selection is drawn as a marker. edit() turns
// the textarea on for it.
//
// A line longer than LONG_LINE (a 10 MB comment on one line) opens the
// record in view mode too, and is drawn cut: WINDOW characters of it, with
// what is left out each side counted; a click on a count moves the window
// that way, and going to a place in the line centres the window on it.
//
// Such a record is edited through a window too (a browser lays a 10 MB line
// out in seconds, and again at each keystroke): the textarea holds a slice
// of the text around the caret, SLICE characters and SLICE_LINES lines each
// way at most, which an edit splices into the whole; the gutter numbers its
// lines as in the record. The caret coming near an end of the slice (or
// going to a finding, a node, the start or the end) slides it, which ends
// the textarea's undo there.

export const LARGE_CHARS = 150000;
export const LARGE_LINES = 10000;
export const LONG_LINE = 10000;
export const WINDOW = 4000;
export const SLICE = 4000;
const SLICE_LINES = 200;
const EDGE = 1000;

const MARGIN = 80;   // lines drawn beyond the view, each way

function escapeHtml(s) {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const RANK = { error: 3, warning: 2, info: 1, sel: 0 };

const PASTE_LARGE = LARGE_CHARS;

function longestLine(s) {
  let longest = 0, at = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) { longest = Math.max(longest, i - at); at = i + 1; }
  return Math.max(longest, s.length - at);
}


export class Editor {
  constructor(root) {
    this.root = root;
    root.classList.add('editor');
    root.innerHTML =
      '<div class="gutter" aria-hidden="true"><div class="gutter-lines"></div></div>' +
      '<div class="code"><pre class="layer" aria-hidden="true"></pre>' +
      '<textarea class="input" wrap="off" spellcheck="false" autocapitalize="off" autocomplete="off" ' +
      'autocorrect="off" aria-label="Record"></textarea>' +
      '<div class="viewer" tabindex="0" hidden aria-label="Record (view mode)"><div class="spacer"></div></div></div>';
    this.gutter = root.querySelector('.gutter');
    this.gutterLines = root.querySelector('.gutter-lines');
    this.layer = root.querySelector('.layer');
    this.input = root.querySelector('textarea');
    this.code = root.querySelector('.code');
    this.viewer = root.querySelector('.viewer');
    this.spacer = root.querySelector('.spacer');
    this.viewing = false;    // view mode (a large record)
    this.sel = [0, 0];       // the selection in view mode
    this.value = '';
    this.lineStarts = [0];
    this.markers = [];       // {from, to, severity, index}, by from
    this.byLine = new Map(); // line -> markers touching it
    this.drawn = null;       // [first, last] lines drawn
    this.windows = new Map(); // long line -> the index in it its drawn window starts at
    this.longest = 0;        // the longest line's length
    this.win = null;         // editing a long line's record: the slice {from, to} in the textarea
    this.current = -1;       // the index of the finding gone to: its marker outlined
    this.onInput = null;
    this.onCaret = null;
    this.input.addEventListener('input', () => {
      if (this.win) {
        const t = this.input.value, w = this.win;
        const v = this.value.slice(0, w.from) + t + this.value.slice(w.to);
        w.to = w.from + t.length;
        this._setValue(v);
      } else {
        this._setValue(this.input.value);
      }
      if (this.onInput) this.onInput(this.value);
    });
    // In a slice: the start and the end of the record.
    this.input.addEventListener('keydown', (e) => {
      if (!this.win || !(e.ctrlKey || e.metaKey) || (e.key !== 'Home' && e.key !== 'End')) return;
      e.preventDefault();
      const i = e.key === 'Home' ? 0 : this.value.length;
      const [a] = this.selection;
      if (e.shiftKey) this.setSelection(Math.min(a, i), Math.max(a, i));
      else this.setSelection(i, i);
      this._reveal(i);
      this._caret();
    });
    this.input.addEventListener('scroll', () => this._scrolled());
    for (const ev of ['keyup', 'mouseup', 'select', 'focus'])
      this.input.addEventListener(ev, () => this._caret());
    document.addEventListener('selectionchange', () => {
      if (document.activeElement === this.input) this._caret();
    });
    this.gutterLines.addEventListener('mousedown', (e) => {
      const line = Number(e.target.dataset && e.target.dataset.line);
      if (line) { e.preventDefault(); this.selectLine(line); }
    });
    this.viewer.addEventListener('scroll', () => this._scrolled());
    this.viewer.addEventListener('click', (e) => {
      const cut = e.target.closest && e.target.closest('.cut');
      if (cut) this._moveWindow(Number(cut.dataset.line), cut.classList.contains('cut-before') ? -1 : 1);
    });
    // A large paste is taken in as a large record is opened (view mode
    // when it needs it), not laid out by the textarea first.
    this.input.addEventListener('paste', (e) => {
      const text = e.clipboardData && e.clipboardData.getData('text/plain');
      if (!text || (text.length < PASTE_LARGE && longestLine(text) <= LONG_LINE)) return;
      e.preventDefault();
      const [a, b] = this.selection;
      // In tasks of their own: the clipboard's text, the value, the input.
      this.pasting = true;
      setTimeout(() => {
        const t = text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
        this.setValue(this.value.slice(0, a) + t + this.value.slice(b));
        this.setSelection(a + t.length, a + t.length);
        setTimeout(() => {
          this.pasting = false;
          if (this.onInput) this.onInput(this.value);
        }, 0);
      }, 0);
    });
    this.viewer.addEventListener('mouseup', () => this._viewerSelection());
    this.viewer.addEventListener('keyup', () => this._viewerSelection());
    new ResizeObserver(() => this._draw(true)).observe(this.code);
  }

  // The element that scrolls: the textarea, or in view mode the viewer.
  get scroller() {
    return this.viewing ? this.viewer : this.input;
  }

  get lineHeight() {
    if (!this._lh) this._lh = parseFloat(getComputedStyle(this.input).lineHeight) || 18;
    return this._lh;
  }

  // Shows value (line ends LF); a large one in view mode unless edit.
  // view: in view mode whatever its size (unless edit).
  setValue(value, { edit = false, view = false } = {}) {
    this._lines(value);
    const large = !edit && (view || value.length > LARGE_CHARS || this.lineStarts.length > LARGE_LINES || this.longest > LONG_LINE);
    this.windows = new Map();
    this._mode(large);
    if (large) {
      this.input.value = '';
      this.sel = [0, 0];
      this.viewer.scrollTop = 0;
      this.viewer.scrollLeft = 0;
    } else if (this.longest > LONG_LINE) {
      this._index();
      this._slice(0, 0, 0);
      return;
    } else {
      this.win = null;
      this.input.value = value;
      if (this.input.value !== value) this._lines(this.input.value);
      this.input.scrollTop = 0;
      this.input.scrollLeft = 0;
    }
    this._index();
    this._draw(true);
  }

  // Edits the slice of the text around index at (a line longer than
  // LONG_LINE): the textarea holds it, the selection [a, b) (clamped to it).
  _slice(at, a, b) {
    const v = this.value, n = v.length;
    at = Math.max(0, Math.min(n, at));
    const line = this.lineOf(at), total = this.lineStarts.length;
    let from = Math.max(this.lineStarts[Math.max(0, line - 1 - SLICE_LINES)], at - SLICE);
    let to = Math.min(this.lineEnd(Math.min(total, line + SLICE_LINES)), at + SLICE);
    // A surrogate pair kept whole.
    const lo = (c) => c >= 0xdc00 && c < 0xe000, hi = (c) => c >= 0xd800 && c < 0xdc00;
    if (from > 0 && lo(v.charCodeAt(from))) from--;
    if (to < n && to > 0 && hi(v.charCodeAt(to - 1))) to++;
    this.win = { from, to };
    this._mode(false);
    this.input.value = v.slice(from, to);
    const c = (i) => Math.max(0, Math.min(to - from, i - from));
    this.input.setSelectionRange(c(a), c(b));
    this.input.scrollTop = 0;
    this.input.scrollLeft = 0;
    this._draw(true);
    this._reveal(a);
  }

  // In a slice, index i near its ends (where there is more text) or
  // outside it: the slice moved to centre on it.
  _slideTo(i, a = i, b = i) {
    const w = this.win;
    if (!w) return false;
    if ((i < w.from + EDGE && w.from > 0) || (i > w.to - EDGE && w.to < this.value.length) || i < w.from || i > w.to) {
      this._slice(i, a, b);
      return true;
    }
    return false;
  }

  // Leaves view mode: the whole text in the textarea, for editing.
  edit() {
    if (!this.viewing) return;
    const [a, b] = this.sel, top = this.viewer.scrollTop, left = this.viewer.scrollLeft;
    if (this.longest > LONG_LINE) {
      this._slice(a, a, b);
      this.input.focus({ preventScroll: true });
      return;
    }
    this.win = null;
    this._mode(false);
    this.input.value = this.value;
    this.input.setSelectionRange(a, b);
    this.input.scrollTop = top;
    this.input.scrollLeft = left;
    this._draw(true);
    this.input.focus({ preventScroll: true });
  }

  _mode(viewing) {
    if (viewing) this.win = null;
    if (viewing === this.viewing) return;
    this.viewing = viewing;
    this.viewer.hidden = !viewing;
    this.input.hidden = viewing;
    this.layer.classList.toggle('visible', viewing);
    this.layer.style.transform = '';
    if (viewing) this.viewer.append(this.layer);
    else this.code.insertBefore(this.layer, this.input);
    this.root.classList.toggle('viewing', viewing);
  }

  _setValue(value) {
    this._lines(value);
    // Markers keep their places until the next lint: drop those past the end.
    this._index();
    this._draw(true);
  }

  // The value, its lines' starts and its longest line.
  _lines(value) {
    this.value = value;
    const starts = [0];
    let longest = 0;
    for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) {
      longest = Math.max(longest, i + 1 - starts[starts.length - 1]);
      starts.push(i + 1);
    }
    this.lineStarts = starts;
    this.longest = Math.max(longest, value.length - starts[starts.length - 1]);
  }

  // The 1-based line holding index i.
  lineOf(i) {
    const s = this.lineStarts;
    let lo = 0, hi = s.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (s[mid] <= i) lo = mid; else hi = mid - 1; }
    return lo + 1;
  }

  lineEnd(line) {
    const s = this.lineStarts;
    return line < s.length ? s[line] - 1 : this.value.length;
  }

  // markers: [{from, to, severity, index}] in value indices.
  setMarkers(markers) {
    this.current = -1;
    this.markers = markers.slice().sort((a, b) => a.from - b.from || a.to - b.to);
    this._index();
    this._draw(true);
  }

  _index() {
    this.byLine = new Map();
    const n = this.value.length;
    for (const m of this.markers) {
      if (m.from > n) continue;
      const first = this.lineOf(m.from), last = this.lineOf(Math.max(m.from, Math.min(m.to, n) - 1));
      for (let l = first; l <= last && l - first < 10000; l++) {
        let a = this.byLine.get(l);
        if (!a) this.byLine.set(l, (a = []));
        a.push(m);
      }
    }
  }

  _scrolled() {
    this._scrolledOnly();
    this._draw(false);
  }

  _draw(force) {
    const lh = this.lineHeight;
    const w = this.win;
    // In a slice the textarea's line k is the record's line base + k.
    const base = w ? this.lineOf(w.from) - 1 : 0;
    const total = w ? this.lineOf(w.to) - base : this.lineStarts.length;
    const sc = this.scroller;
    const top = sc.scrollTop, height = sc.clientHeight || 400;
    const firstVisible = Math.floor(top / lh) + 1;
    const lastVisible = Math.min(total, Math.ceil((top + height) / lh) + 1);
    if (!force && this.drawn && firstVisible >= this.drawn[0] && lastVisible <= this.drawn[1]) return;
    const first = Math.max(1, firstVisible - MARGIN), last = Math.min(total, lastVisible + MARGIN);
    this.drawn = [first, last];
    const pad = (first - 1) * lh;
    let gutter = '', layer = '';
    for (let k = first; k <= last; k++) {
      const l = base + k;
      const ms = this.byLine.get(l);
      let cls = '';
      if (ms) {
        let best = 0;
        for (const m of ms) best = Math.max(best, RANK[m.severity] || 0);
        cls = best === 3 ? ' has-error' : best === 2 ? ' has-warning' : ' has-info';
      }
      gutter += `<div class="ln${cls}" data-line="${l}">${l}</div>`;
      layer += this._lineHtml(l, ms) + '\n';
    }
    const padTop = parseFloat(getComputedStyle(this.layer).paddingBottom) || 0;
    if (this.viewing) {
      const widest = this.longest > LONG_LINE ? WINDOW + 2 * 32 : this.longest;
      this.spacer.style.height = 2 * padTop + total * lh + 'px';
      this.spacer.style.width = this._charWidth() * widest + 40 + 'px';
    }
    this.gutterLines.style.paddingTop = padTop + pad + 'px';
    this.gutterLines.style.height = padTop + total * lh + 'px';
    this.gutterLines.innerHTML = gutter;
    this.gutter.style.width = `${Math.max(4, String(this.lineStarts.length).length) + 3}ch`;
    this.layer.style.paddingTop = padTop + pad + 'px';
    this.layer.innerHTML = layer;
    this._scrolledOnly();
  }

  _scrolledOnly() {
    const sc = this.scroller;
    this.gutterLines.style.transform = `translateY(${-sc.scrollTop}px)`;
    // In view mode the layer scrolls with the viewer's content.
    if (!this.viewing) this.layer.style.transform = `translate(${-sc.scrollLeft}px, ${-sc.scrollTop}px)`;
  }

  // One line of the layer: its text, transparent, with the markers' spans;
  // a long line (view mode) its window, between the counts of what is cut.
  _lineHtml(line, ms) {
    const lineStart = this.lineStarts[line - 1], lineEnd = this.lineEnd(line);
    if (this.viewing && lineEnd - lineStart > LONG_LINE) {
      const ws = Math.min(this.windows.get(line) || 0, lineEnd - lineStart - WINDOW);
      const a = lineStart + ws, b = a + WINDOW;
      const cut = (side, from, to) => {
        if (to <= from) return '';
        const hidden = ms ? ms.filter((m) => m.from < to && Math.max(m.to, m.from + 1) > from) : [];
        const worst = hidden.reduce((w, m) => (RANK[m.severity] > RANK[w] ? m.severity : w), 'sel');
        const n = (to - from).toLocaleString('en');
        const label = side === 'before' ? `◂ ${n} characters` : `${n} more characters ▸`;
        return `<span class="cut cut-${side}${worst !== 'sel' ? ' m-' + worst : ''}" data-line="${line}" data-skip="${to - from}" data-label="${label}" title="Cut: a click shows the part of the line ${side === 'before' ? 'before' : 'after'} this one"></span>`;
      };
      const inside = ms && ms.filter((m) => m.from < b && Math.max(m.to, m.from + 1) > a);
      return cut('before', lineStart, a) + this._textHtml(a, b, inside) + cut('after', b, lineEnd);
    }
    if (this.win) return this._textHtml(Math.max(lineStart, this.win.from), Math.min(lineEnd, this.win.to), ms);
    return this._textHtml(lineStart, lineEnd, ms);
  }

  // Moves the drawn window of a long line by most of its width.
  _moveWindow(line, dir) {
    const len = this.lineEnd(line) - this.lineStarts[line - 1];
    const ws = Math.min(this.windows.get(line) || 0, len - WINDOW);
    this.windows.set(line, Math.max(0, Math.min(len - WINDOW, ws + dir * Math.floor(WINDOW * 0.75))));
    this._draw(true);
  }

  // The text [start, end) of one line, with the markers' spans.
  _textHtml(start, end, ms) {
    const text = this.value.slice(start, end);
    if (this.viewing) {
      const [a, b] = this.sel;
      if (a <= end && (b > start || (a === b && a >= start))) {
        const sel = { from: a, to: b, severity: 'sel', index: -1, caret: a === b };
        ms = ms ? ms.concat([sel]) : [sel];
      }
    }
    if (!ms || !ms.length) return escapeHtml(text);
    // Cut the line at every marker edge; each piece gets the highest
    // severity of the markers over it. An empty marker covers one character
    // (or, at the line's end, a space drawn after it).
    const cuts = new Set([0, text.length]);
    const spans = [];
    for (const m of ms) {
      let a = Math.max(m.from, start) - start, b = Math.min(m.to, end) - start;
      if (m.caret) {
        spans.push([a, a, m]);
        cuts.add(a);
        continue;
      }
      if (b <= a) {
        b = a + 1;
        // Keep a surrogate pair whole.
        const c = text.charCodeAt(a);
        if (c >= 0xd800 && c < 0xdc00) b++;
      }
      spans.push([a, b, m]);
      cuts.add(a);
      cuts.add(Math.min(b, text.length));
    }
    const points = [...cuts].sort((x, y) => x - y);
    let html = '';
    const caret = spans.find(([, , m]) => m.caret);
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k], b = points[k + 1];
      if (caret && caret[0] === a) html += '<span class="caret"></span>';
      let best = null, sel = false;
      for (const [x, y, m] of spans) {
        if (!(x <= a && b <= y) || m.caret) continue;
        if (m.severity === 'sel') sel = true;
        else if (!best || RANK[m.severity] > RANK[best.severity]) best = m;
      }
      let piece = escapeHtml(text.slice(a, b));
      if (best) piece = `<mark class="m-${best.severity}${best.index === this.current ? ' current' : ''}" data-index="${best.index}">${piece}</mark>`;
      html += sel ? `<span class="sel">${piece}</span>` : piece;
    }
    if (caret && caret[0] >= text.length) html += '<span class="caret"></span>';
    // Markers at the very end of the line.
    const tail = spans.filter(([x, , m]) => x >= text.length && m.severity !== 'sel' && !m.caret);
    if (tail.length) {
      const best = tail.reduce((p, q) => (RANK[q[2].severity] > RANK[p[2].severity] ? q : p))[2];
      html += `<mark class="m-${best.severity} m-eol" data-index="${best.index}"></mark>`;
    }
    return html;
  }

  _charWidth() {
    return this._width('0000000000') / 10;
  }

  // The width in pixels of text as the textarea draws it.
  _width(text) {
    if (!this._canvas) this._canvas = document.createElement('canvas').getContext('2d');
    const cs = getComputedStyle(this.layer);
    this._canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const tab = ' '.repeat(parseInt(cs.tabSize, 10) || 8);
    return this._canvas.measureText(text.replace(/\t/g, tab)).width;
  }

  // Selects [from, to) and scrolls it into the middle of the view.
  select(from, to) {
    const input = this.scroller;
    input.focus({ preventScroll: true });
    const line = this.lineOf(from);
    const start = this.lineStarts[line - 1];
    if (this.viewing) {
      this.sel = [from, to];
      // A long line: its window centred on the place.
      if (this.lineEnd(line) - start > LONG_LINE) this.windows.set(line, Math.max(0, from - start - Math.floor(WINDOW / 3)));
      this._draw(true);
    } else if (this.win) {
      if (!this._slideTo(from, from, to)) this.input.setSelectionRange(from - this.win.from, Math.min(to, this.win.to) - this.win.from);
    } else {
      input.setSelectionRange(from, to);
    }
    this._reveal(from);
    this._caret();
  }

  // Scrolls index i into the view (the current finding's marker outlined).
  _reveal(i) {
    const input = this.scroller;
    const line = this.lineOf(i);
    let start = this.lineStarts[line - 1];
    const lh = this.lineHeight;
    // In a slice the textarea's lines are the slice's.
    const row = this.win ? line - this.lineOf(this.win.from) : line - 1;
    if (this.win) start = Math.max(start, this.win.from);
    const top = row * lh;
    if (top < input.scrollTop || top + lh > input.scrollTop + input.clientHeight)
      input.scrollTop = Math.max(0, top - input.clientHeight / 3);
    this._draw(true);
    let x;
    const at = this.viewing && this.layer.querySelector('.sel, .caret');
    if (at) x = at.getBoundingClientRect().left - this.viewer.getBoundingClientRect().left + this.viewer.scrollLeft;
    else x = this._width(this.value.slice(start, i));
    const w = input.clientWidth;
    if (x < input.scrollLeft || x > input.scrollLeft + w - 40) input.scrollLeft = Math.max(0, x - w / 3);
    this._scrolled();
  }

  // Replaces [from, to) with text as typing would (one step of the
  // textarea's undo); in view mode, the value itself.
  replace(from, to, text) {
    const w = this.win;
    if (w && from >= w.from && to <= w.to) {
      this.input.focus({ preventScroll: true });
      this.input.setSelectionRange(from - w.from, to - w.from);
      const want = this.value.slice(0, from) + text + this.value.slice(to);
      if (document.execCommand(text ? 'insertText' : 'delete', false, text) && this.value === want) return;
      this._lines(want);
      this._index();
      this._slice(from + text.length, from + text.length, from + text.length);
    } else if (w) {
      this._lines(this.value.slice(0, from) + text + this.value.slice(to));
      this._index();
      this._slice(from + text.length, from + text.length, from + text.length);
    } else if (!this.viewing) {
      this.input.focus({ preventScroll: true });
      this.input.setSelectionRange(from, to);
      if (document.execCommand(text ? 'insertText' : 'delete', false, text) && this.input.value === this.value) return;
      this.input.setRangeText(text, from, to, 'end');
      this._setValue(this.input.value);
    } else {
      this._setValue(this.value.slice(0, from) + text + this.value.slice(to));
    }
    if (this.onInput) this.onInput(this.value);
  }

  selectLine(line) {
    const from = this.lineStarts[line - 1];
    this.select(from, this.lineEnd(line));
  }

  get selection() {
    if (this.viewing) return this.sel.slice();
    const d = this.win ? this.win.from : 0;
    return [d + this.input.selectionStart, d + this.input.selectionEnd];
  }

  get scrollTop() {
    return this.scroller.scrollTop;
  }

  // Scrolls to where a record was left.
  scrollTo(top, left) {
    // A slice's scroll is its own: the caret is kept in view instead.
    if (this.win) { this._reveal(this.selection[0]); return; }
    this.scroller.scrollTop = top;
    this.scroller.scrollLeft = left;
    this._scrolled();
  }

  setSelection(from, to) {
    if (this.viewing) { this.sel = [from, to]; this._draw(true); }
    else if (this.win) {
      if (!this._slideTo(from, from, to)) this.input.setSelectionRange(from - this.win.from, Math.min(to, this.win.to) - this.win.from);
    } else this.input.setSelectionRange(from, to);
  }

  // In view mode, the text the user selected in the layer is the selection.
  _viewerSelection() {
    const s = window.getSelection();
    if (!s.rangeCount || !this.layer.contains(s.anchorNode)) return;
    // The text before the point, and what cut lines leave out before it.
    const offset = (node, off) => {
      const r = document.createRange();
      r.setStart(this.layer, 0);
      r.setEnd(node, off);
      let skipped = 0;
      for (const c of this.layer.querySelectorAll('.cut')) if (r.intersectsNode(c)) skipped += Number(c.dataset.skip);
      return this.lineStarts[this.drawn[0] - 1] + r.toString().length + skipped;
    };
    const a = offset(s.anchorNode, s.anchorOffset), b = offset(s.focusNode, s.focusOffset);
    this.sel = [Math.min(a, b), Math.max(a, b)];
    this._caret();
  }

  _caret() {
    // In a slice, a caret near its ends slides it (not a selection being made).
    if (this.win && !this.viewing) {
      const [x, y] = this.selection;
      if (x === y) this._slideTo(x);
    }
    const [a, b] = this.selection;
    if (this.onCaret) this.onCaret(a, b);
  }
}
