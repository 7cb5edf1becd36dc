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

const MARGIN = 80;   // lines drawn beyond the view, each way

function escapeHtml(s) {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const RANK = { error: 3, warning: 2, info: 1 };

export class Editor {
  constructor(root) {
    this.root = root;
    root.classList.add('editor');
    root.innerHTML =
      '<div class="gutter" aria-hidden="true"><div class="gutter-lines"></div></div>' +
      '<div class="code"><pre class="layer" aria-hidden="true"></pre>' +
      '<textarea class="input" wrap="off" spellcheck="false" autocapitalize="off" autocomplete="off" ' +
      'autocorrect="off" aria-label="Record"></textarea></div>';
    this.gutter = root.querySelector('.gutter');
    this.gutterLines = root.querySelector('.gutter-lines');
    this.layer = root.querySelector('.layer');
    this.input = root.querySelector('textarea');
    this.value = '';
    this.lineStarts = [0];
    this.markers = [];       // {from, to, severity, index}, by from
    this.byLine = new Map(); // line -> markers touching it
    this.drawn = null;       // [first, last] lines drawn
    this.onInput = null;
    this.onCaret = null;
    this.input.addEventListener('input', () => {
      this._setValue(this.input.value);
      if (this.onInput) this.onInput(this.value);
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
    new ResizeObserver(() => this._draw(true)).observe(this.input);
  }

  get lineHeight() {
    if (!this._lh) this._lh = parseFloat(getComputedStyle(this.input).lineHeight) || 18;
    return this._lh;
  }

  setValue(value) {
    this.input.value = value;
    this._setValue(this.input.value);
    this.input.scrollTop = 0;
    this.input.scrollLeft = 0;
    this._draw(true);
  }

  _setValue(value) {
    this.value = value;
    const starts = [0];
    for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
    // Markers keep their places until the next lint: drop those past the end.
    this._index();
    this._draw(true);
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
    const top = this.input.scrollTop, left = this.input.scrollLeft;
    this.gutterLines.style.transform = `translateY(${-top}px)`;
    this.layer.style.transform = `translate(${-left}px, ${-top}px)`;
    this._draw(false);
  }

  _draw(force) {
    const lh = this.lineHeight;
    const total = this.lineStarts.length;
    const top = this.input.scrollTop, height = this.input.clientHeight || 400;
    const firstVisible = Math.floor(top / lh) + 1;
    const lastVisible = Math.min(total, Math.ceil((top + height) / lh) + 1);
    if (!force && this.drawn && firstVisible >= this.drawn[0] && lastVisible <= this.drawn[1]) return;
    const first = Math.max(1, firstVisible - MARGIN), last = Math.min(total, lastVisible + MARGIN);
    this.drawn = [first, last];
    const pad = (first - 1) * lh;
    let gutter = '', layer = '';
    for (let l = first; l <= last; l++) {
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
    const padTop = parseFloat(getComputedStyle(this.input).paddingTop) || 0;
    this.gutterLines.style.paddingTop = padTop + pad + 'px';
    this.gutterLines.style.height = padTop + total * lh + 'px';
    this.gutterLines.innerHTML = gutter;
    this.layer.style.paddingTop = padTop + pad + 'px';
    this.layer.innerHTML = layer;
    this._scrolledOnly();
  }

  _scrolledOnly() {
    const top = this.input.scrollTop, left = this.input.scrollLeft;
    this.gutterLines.style.transform = `translateY(${-top}px)`;
    this.layer.style.transform = `translate(${-left}px, ${-top}px)`;
  }

  // One line of the layer: its text, transparent, with the markers' spans.
  _lineHtml(line, ms) {
    const start = this.lineStarts[line - 1], end = this.lineEnd(line);
    const text = this.value.slice(start, end);
    if (!ms || !ms.length) return escapeHtml(text);
    // Cut the line at every marker edge; each piece gets the highest
    // severity of the markers over it. An empty marker covers one character
    // (or, at the line's end, a space drawn after it).
    const cuts = new Set([0, text.length]);
    const spans = [];
    for (const m of ms) {
      let a = Math.max(m.from, start) - start, b = Math.min(m.to, end) - start;
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
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k], b = points[k + 1];
      let best = null;
      for (const [x, y, m] of spans) if (x <= a && b <= y && (!best || RANK[m.severity] > RANK[best.severity])) best = m;
      const piece = escapeHtml(text.slice(a, b));
      html += best ? `<mark class="m-${best.severity}" data-index="${best.index}">${piece}</mark>` : piece;
    }
    // Markers at the very end of the line.
    const tail = spans.filter(([x]) => x >= text.length);
    if (tail.length) {
      const best = tail.reduce((p, q) => (RANK[q[2].severity] > RANK[p[2].severity] ? q : p))[2];
      html += `<mark class="m-${best.severity} m-eol" data-index="${best.index}"> </mark>`;
    }
    return html;
  }

  // The width in pixels of text as the textarea draws it.
  _width(text) {
    if (!this._canvas) this._canvas = document.createElement('canvas').getContext('2d');
    const cs = getComputedStyle(this.input);
    this._canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const tab = ' '.repeat(parseInt(cs.tabSize, 10) || 8);
    return this._canvas.measureText(text.replace(/\t/g, tab)).width;
  }

  // Selects [from, to) and scrolls it into the middle of the view.
  select(from, to) {
    const input = this.input;
    input.focus({ preventScroll: true });
    input.setSelectionRange(from, to);
    const line = this.lineOf(from);
    const lh = this.lineHeight;
    const top = (line - 1) * lh;
    if (top < input.scrollTop || top + lh > input.scrollTop + input.clientHeight)
      input.scrollTop = Math.max(0, top - input.clientHeight / 3);
    const x = this._width(this.value.slice(this.lineStarts[line - 1], from));
    const w = input.clientWidth;
    if (x < input.scrollLeft || x > input.scrollLeft + w - 40) input.scrollLeft = Math.max(0, x - w / 3);
    this._scrolled();
    this._caret();
  }

  selectLine(line) {
    const from = this.lineStarts[line - 1];
    this.select(from, this.lineEnd(line));
  }

  get selection() {
    return [this.input.selectionStart, this.input.selectionEnd];
  }

  _caret() {
    if (this.onCaret) this.onCaret(this.input.selectionStart, this.input.selectionEnd);
  }
}
