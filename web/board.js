// The board beside the editor: an SVG of the position the library gives
// (jgf_position_json), scaled to the space it has, in the page's colours
// (light and dark). Each intersection that holds a stone or a mark is a
// <g data-x data-y [data-color] [data-mark]>, so that tests (and scripts)
// read the board back from the DOM. Cut-off rows and columns
// (board.cutOffTop, ...) are not drawn; boards need not be square.
const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

// Star points of a w×h board, as board editors draw them.
function starPoints(w, h) {
  if (w !== h || w < 7) return [];
  const e = w >= 13 ? 3 : 2, m = (w - 1) / 2;
  const line = w % 2 ? [e, m, w - 1 - e] : [e, w - 1 - e];
  const pts = [];
  for (const x of line) for (const y of line) if (w >= 13 || (x !== m && y !== m) || (x === m && y === m)) pts.push([x, y]);
  return pts;
}

// Draws position (the library's JSON) into svg, with marks: [{x, y, mark,
// text, title}] (mark: circle, triangle, square, cross, label, selected,
// last, ko, a finding's point's role: move, stone, capture, chain, setup,
// previous; or a custom type drawn as a dot). onStone(x, y) is
// called when a stone is clicked.
export function drawBoard(svg, position, marks = [], onStone = null) {
  svg.textContent = '';
  const w = position.width, h = position.height;
  const x0 = position.cutOffLeft || 0, x1 = w - 1 - (position.cutOffRight || 0);
  const y0 = position.cutOffTop || 0, y1 = h - 1 - (position.cutOffBottom || 0);
  if (!(w > 0 && h > 0) || x1 < x0 || y1 < y0) return;
  // The edges' names come with the position (the library's, as every
  // board of jgflint names them).
  const column = (x) => position.columns[x], row = (y) => position.rows[y];
  // One unit a line spacing; a margin for the coordinates.
  const pad = 1.1;
  svg.setAttribute('viewBox', `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${w}×${h} board${position.node ? ' at ' + position.node : ''}`);
  el('rect', { class: 'wood', x: x0 - 0.5, y: y0 - 0.5, width: x1 - x0 + 1, height: y1 - y0 + 1 }, svg);
  const grid = el('g', { class: 'grid' }, svg);
  // Lines run on past a cut-off edge: the board goes on there.
  const ext = (cut) => (cut ? 0.5 : 0);
  for (let x = x0; x <= x1; x++)
    el('line', { x1: x, y1: y0 - ext(y0), x2: x, y2: y1 + ext(h - 1 - y1), class: x === 0 || x === w - 1 ? 'edge' : null }, grid);
  for (let y = y0; y <= y1; y++)
    el('line', { x1: x0 - ext(x0), y1: y, x2: x1 + ext(w - 1 - x1), y2: y, class: y === 0 || y === h - 1 ? 'edge' : null }, grid);
  for (const [x, y] of starPoints(w, h)) if (x >= x0 && x <= x1 && y >= y0 && y <= y1) el('circle', { class: 'star', cx: x, cy: y, r: 0.1 }, grid);
  const coords = el('g', { class: 'coords' }, svg);
  for (let x = x0; x <= x1; x++) {
    const t = column(x);
    el('text', { x, y: y0 - 0.75 }, coords).textContent = t;
    el('text', { x, y: y1 + 0.75 }, coords).textContent = t;
  }
  for (let y = y0; y <= y1; y++) {
    const t = row(y);
    el('text', { x: x0 - 0.8, y }, coords).textContent = t;
    el('text', { x: x1 + 0.8, y }, coords).textContent = t;
  }
  // Points: stones and marks, one <g> each.
  const points = new Map();
  const point = (x, y) => {
    const k = `${x},${y}`;
    let g = points.get(k);
    if (!g) {
      g = el('g', { class: 'point', 'data-x': x, 'data-y': y }, svg);
      points.set(k, g);
    }
    return g;
  };
  for (const s of position.stones || []) {
    if (s.x < x0 || s.x > x1 || s.y < y0 || s.y > y1) continue;
    const g = point(s.x, s.y);
    g.dataset.color = s.color;
    if (s.move) g.dataset.move = s.move;
    if (s.node) g.dataset.node = s.node;
    g.classList.add('has-stone');
    const title = el('title', {}, g);
    title.textContent = `${s.point || `(${s.x}, ${s.y})`}: ${s.color}${s.move ? `, move ${s.move}` : ', set up'}${s.node ? ` (${s.node})` : ''}`;
    el('circle', { class: `stone ${s.color}`, cx: s.x, cy: s.y, r: 0.47 }, g);
    if (onStone) g.addEventListener('click', () => onStone(s));
  }
  const colorAt = (x, y) => (points.get(`${x},${y}`) || { dataset: {} }).dataset.color;
  for (const m of marks) {
    if (m.x < x0 || m.x > x1 || m.y < y0 || m.y > y1) continue;
    const g = point(m.x, m.y);
    g.dataset.mark = g.dataset.mark ? `${g.dataset.mark} ${m.mark}` : m.mark;
    const on = colorAt(m.x, m.y) === 'black' ? 'on-black' : colorAt(m.x, m.y) === 'white' ? 'on-white' : 'on-empty';
    // (The class of a stone in the way is not .stone, a stone's own.)
    const cls = `mark ${m.mark === 'stone' ? 'in-way' : m.mark} ${on}`;
    const { x, y } = m;
    switch (m.mark) {
      case 'circle': case 'last': el('circle', { class: cls, cx: x, cy: y, r: m.mark === 'last' ? 0.2 : 0.27 }, g); break;
      case 'square': el('rect', { class: cls, x: x - 0.24, y: y - 0.24, width: 0.48, height: 0.48 }, g); break;
      case 'triangle': el('path', { class: cls, d: `M${x} ${y - 0.3}L${x + 0.27} ${y + 0.17}L${x - 0.27} ${y + 0.17}Z` }, g); break;
      case 'mark': case 'cross': el('path', { class: cls, d: `M${x - 0.22} ${y - 0.22}L${x + 0.22} ${y + 0.22}M${x + 0.22} ${y - 0.22}L${x - 0.22} ${y + 0.22}` }, g); break;
      case 'label': {
        if (on === 'on-empty') el('circle', { class: 'label-bg', cx: x, cy: y, r: 0.38 }, g);
        el('text', { class: cls, x, y }, g).textContent = String(m.text || '').slice(0, 3);
        break;
      }
      case 'selected': el('rect', { class: cls, x: x - 0.5, y: y - 0.5, width: 1, height: 1 }, g); break;
      // A finding's points, by their role (the library's): the move (a
      // dashed ring), the stone in its way (a ring around it), a stone a ko
      // retake captures (a cross), the chain left without liberties (a
      // dot), the setup point (a square), the move before (a small ring).
      case 'move': el('circle', { class: cls, cx: x, cy: y, r: 0.47 }, g); break;
      case 'stone': el('circle', { class: cls, cx: x, cy: y, r: 0.56 }, g); break;
      case 'capture': el('path', { class: cls, d: `M${x - 0.3} ${y - 0.3}L${x + 0.3} ${y + 0.3}M${x + 0.3} ${y - 0.3}L${x - 0.3} ${y + 0.3}` }, g); break;
      case 'chain': el('circle', { class: cls, cx: x, cy: y, r: 0.14 }, g); break;
      case 'setup': el('rect', { class: cls, x: x - 0.42, y: y - 0.42, width: 0.84, height: 0.84 }, g); break;
      case 'previous': el('circle', { class: cls, cx: x, cy: y, r: 0.22 }, g); break;
      case 'ko': el('rect', { class: cls, x: x - 0.3, y: y - 0.3, width: 0.6, height: 0.6 }, g); break;
      default: el('circle', { class: `${cls} custom`, cx: x, cy: y, r: 0.12 }, g);
    }
    if (m.title) el('title', {}, g).textContent = m.title;
  }
}
