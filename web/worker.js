// The page's library, off the main thread: libjgflint's WebAssembly in a
// module worker, answering the page's tasks (tasks.js) one at a time. A
// 10 MB record takes seconds to lint; here it leaves the page responsive.
import createJgflintModule from './jgflint-wasm.js';
import { createApi, SettingsError } from './api.js';
import { editorRanges, decodeChecked, EolMap } from './textmap.js';
import { readTree, nodeAt, nodeOf, steps } from './tree.js';

// The trees of the records the page shows, by record and version.
const trees = new Map();
function treeOf(key, version, bytes) {
  const c = trees.get(key);
  if (c && c.version === version) return c.tree;
  if (!bytes) throw Object.assign(new Error('the record is not here: send its bytes'), { name: 'NeedBytes' });
  const tree = readTree(new EolMap(decodeChecked(bytes).text).normalized);
  trees.delete(key);
  trees.set(key, { version, tree });
  if (trees.size > 4) trees.delete(trees.keys().next().value);
  return tree;
}

// The record the board steps through, read once (jgf_positions_read) for
// the positions at its nodes: each step replays only the line to its node.
let kept = null;
function positionsOf(key, version, bytes, name) {
  if (kept && kept.key === key && kept.version === version && kept.name === name) return kept.positions;
  if (!bytes) throw Object.assign(new Error('the record is not here: send its bytes'), { name: 'NeedBytes' });
  if (kept) kept.positions.free();
  kept = null;
  kept = { key, version, name, size: bytes.length, positions: api.positionsOf(bytes, name) };
  return kept.positions;
}
// A large record kept parsed is let go before another task reads one (its
// DOM beside a second one could exhaust the module's memory); the next
// step reads it again.
function dropLarge() {
  if (kept && kept.size > 16e6) { kept.positions.free(); kept = null; }
}

// The module's bytes come from the page, which fetched them once for both.
let api = null, binary;
const ready = new Promise((resolve) => { binary = resolve; })
  .then((wasmBinary) => createJgflintModule({ wasmBinary, locateFile: (path) => new URL(path, import.meta.url).href }))
  .then((M) => { api = createApi(M); });

// Findings per rule, for the count settings hide.
function perRule(diagnostics) {
  const n = new Map();
  for (const d of diagnostics) n.set(d.rule, (n.get(d.rule) || 0) + 1);
  return n;
}

const tasks = {
  hello: () => ({ version: api.version, rules: api.rules() }),
  // The findings of bytes under settings (with the defaults when the
  // settings are refused: settingsError says why), and how many of each
  // rule the settings hide (those the defaults report beyond them).
  lint(bytes, name, settings) {
    dropLarge();
    let res, settingsError = null;
    try {
      res = api.lintDetailed(bytes, name, settings);
    } catch (e) {
      if (!(e instanceof SettingsError)) throw e;
      settingsError = { message: e.message };
      res = api.lintDetailed(bytes, name, null);
    }
    const hidden = {};
    if (settings && !settingsError) {
      const shown = perRule(res.report.diagnostics);
      for (const [rule, k] of perRule(api.lint(bytes, name, null).diagnostics)) {
        if (k > (shown.get(rule) || 0)) hidden[rule] = k - (shown.get(rule) || 0);
      }
    }
    delete res.bytes;
    const ranges = editorRanges(bytes, res.report.diagnostics, res.fixes);
    return { ...res, settingsError, hidden, ranges };
  },
  fix: (bytes, name, unsafe, settings) => {
    dropLarge();
    try {
      return api.fix(bytes, name, { unsafe }, settings);
    } catch (e) {
      if (!(e instanceof SettingsError)) throw e;
      return api.fix(bytes, name, { unsafe }, null);
    }
  },
  convertReport: (bytes, name, options) => { dropLarge(); return api.convertReport(bytes, name, options); },
  // The board for the record key (at version) at the node holding editor
  // index at, or the node pointer is in: the position, the node's own
  // move, setup and markup, where stepping goes (editor indices), and
  // whether the finding at the pointer finding is about this node. bytes
  // null: the record of the last call, the same version (an 8 MB copy a
  // step saved); NeedBytes when it is not here.
  board(key, version, bytes, name, { at, pointer, finding }) {
    const tree = treeOf(key, version, bytes);
    let k = pointer ? nodeOf(tree, pointer) : nodeAt(tree, at);
    if (k < 0) k = tree.nodes.length ? 0 : -1;
    const positions = positionsOf(key, version, bytes, name);
    if (k < 0) return { position: positions.at('/tree/0'), node: null };
    const node = tree.nodes[k];
    const nav = steps(tree, k);
    const where = (j) => (j < 0 ? null : { pointer: tree.nodes[j].pointer, start: tree.nodes[j].start, move: tree.nodes[j].move || null });
    return {
      position: positions.at(node.pointer),
      node: { pointer: node.pointer, start: node.start, move: node.move || null, setup: node.setup || null, markup: node.markup || null },
      nav: { first: where(nav.first), prev: where(nav.prev), next: nav.next.map(where), last: where(nav.last), number: nav.number },
      findingHere: !!finding && nodeOf(tree, finding) === k,
    };
  },
  explain: (rule) => api.explain(rule),
  // null, or the message of what is wrong with settings.
  checkSettings(text) {
    try {
      api.lint('{}', 'settings-check.jgf', text);
      return null;
    } catch (e) {
      if (e instanceof SettingsError) return e.message;
      throw e;
    }
  },
};

self.onmessage = async (e) => {
  if (e.data.wasmBinary) { binary(e.data.wasmBinary); return; }
  const { id, task, args } = e.data;
  try {
    await ready;
    postMessage({ id, result: tasks[task](...args) });
  } catch (err) {
    postMessage({ id, error: { name: err.name, message: String(err.message || err) } });
  }
};
