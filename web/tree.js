// The game tree of a record's text, for the board's stepping and the node
// under the caret: each node's pointer, where its object stands in the
// text ([start, end) indices), the nodes that follow it (more than one at
// a variation), and its own move, setup and markup. Run in the worker over
// the editor's text (line ends as LF), so the indices are the editor's.
// A text that is not JSON gives what was read before the error.

// Scans text; returns {nodes: [{pointer, start, end, parent, next: [i...],
// move, setup, markup, variations}], byStart: node indices by start}.
export function readTree(text) {
  const nodes = [];
  let i = 0;
  const n = text.length;
  const fail = () => { throw new SyntaxError('not JSON'); };
  const ws = () => { while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\t' || text[i] === '\r' || text[i] === '\ufeff')) i++; };
  const skipString = () => {
    i++;
    for (;;) {
      const j = text.indexOf('"', i);
      if (j < 0) fail();
      let k = j - 1, slashes = 0;
      while (text[k] === '\\') { slashes++; k--; }
      i = j + 1;
      if (slashes % 2 === 0) return;
    }
  };
  // kind: 'root', 'nodes' (an array of nodes), 'node', 'variations'
  // (an array of node arrays), or null (anything else).
  function value(pointer, kind, depth) {
    if (depth > 2000) fail();
    ws();
    const start = i, c = text[i];
    if (c === '{') {
      const node = kind === 'node' ? { pointer, start, end: 0, parent: -1, next: [], variations: [] } : null;
      const at = node ? nodes.push(node) - 1 : -1;
      i++;
      ws();
      if (text[i] === '}') i++;
      else for (;;) {
        ws();
        if (text[i] !== '"') fail();
        const ks = i;
        skipString();
        const key = JSON.parse(text.slice(ks, i));
        ws();
        if (text[i++] !== ':') fail();
        const child = kind === 'root' && key === 'tree' ? 'nodes' : node && key === 'variations' ? 'variations' : null;
        const vs = (ws(), i);
        const r = value(`${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, child, depth + 1);
        if (node) {
          if (key === 'variations' && r) node.variations = r;
          else if (key === 'move' || key === 'setup' || key === 'markup') {
            try { node[key] = JSON.parse(text.slice(vs, i)); } catch (e) { /* drawn without it */ }
          }
        }
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i++] !== '}') fail();
        break;
      }
      if (node) node.end = i;
      return at;
    }
    if (c === '[') {
      i++;
      const items = [];
      const childKind = kind === 'nodes' ? 'node' : kind === 'variations' ? 'nodes' : null;
      ws();
      if (text[i] === ']') i++;
      else for (let k = 0; ; k++) {
        items.push(value(`${pointer}/${k}`, childKind, depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i++] !== ']') fail();
        break;
      }
      if (kind === 'nodes') link(items.filter((x) => x >= 0));
      return kind === 'variations' ? items.filter((x) => Array.isArray(x) && x.length).map((x) => x) : kind === 'nodes' ? items.filter((x) => x >= 0) : null;
    }
    if (c === '"') { skipString(); return null; }
    while (i < n && !',]} \t\r\n'.includes(text[i])) i++;
    if (i === start) fail();
    return null;
  }
  // A line of nodes: each followed by the next; a node holding variations
  // by each variation's first node.
  function link(line) {
    for (let k = 0; k < line.length; k++) {
      const node = nodes[line[k]];
      for (const v of node.variations) { node.next.push(v[0]); nodes[v[0]].parent = line[k]; }
      if (k + 1 < line.length) {
        node.next.push(line[k + 1]);
        if (nodes[line[k + 1]].parent < 0) nodes[line[k + 1]].parent = line[k];
      }
    }
  }
  try {
    value('', 'root', 0);
  } catch (e) {
    // What was read stands; nodes not closed end at the text's end.
    for (const node of nodes) if (!node.end) node.end = n;
  }
  for (const node of nodes) node.variations = node.variations.map((v) => v[0]);
  return { nodes };
}

// A node that only holds variations is a branch, not a step: the board
// shows nothing new there.
export const isStep = (node) => !!(node.move || node.setup || node.markup || !node.variations.length);

// The node a pointer names or is inside (the longest node pointer that is
// a prefix of it), or -1.
export function nodeOf(tree, pointer) {
  let best = -1;
  for (let k = 0; k < tree.nodes.length; k++) {
    const p = tree.nodes[k].pointer;
    if ((pointer === p || pointer.startsWith(p + '/')) && (best < 0 || p.length > tree.nodes[best].pointer.length)) best = k;
  }
  return best;
}

// Where stepping from node k goes: the first node, the one before, the
// ones after (one per variation), the last of the line (first variations
// taken); nodes that only hold variations passed over.
export function steps(tree, k) {
  const nodes = tree.nodes;
  const ahead = (j) => (isStep(nodes[j]) ? [j] : nodes[j].next.flatMap(ahead));
  let prev = nodes[k].parent;
  while (prev >= 0 && !isStep(nodes[prev]) && nodes[prev].parent >= 0) prev = nodes[prev].parent;
  let last = k;
  for (let guard = 0; guard < nodes.length; guard++) {
    const a = nodes[last].next.flatMap(ahead);
    if (!a.length) break;
    last = a[0];
  }
  let number = 0;
  for (let j = k; j >= 0; j = nodes[j].parent) if (nodes[j].move) number++;
  return { first: 0, prev, next: nodes[k].next.flatMap(ahead), last, number };
}

// The node whose object holds index at (the innermost), or -1.
export function nodeAt(tree, at) {
  let best = -1;
  for (let k = 0; k < tree.nodes.length; k++) {
    const node = tree.nodes[k];
    if (node.start <= at && at < node.end && (best < 0 || node.start >= tree.nodes[best].start)) best = k;
  }
  return best;
}
