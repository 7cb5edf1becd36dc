// What the page's modules share: the library (window.jgflint) on this
// thread, the worker's tasks, the editor, and the open records' state.
import createJgflintModule from './jgflint-wasm.js';
import { loadInto } from './api.js';
import { Tasks } from './tasks.js';
import { Editor } from './editor.js';

// -- the page API -----------------------------------------------------------------
// window.jgflint: the library on this thread, synchronous, for scripts and
// tests and for the page's small questions (a rule's text, settings); the
// records go to the worker.
// The module's bytes are fetched once, for both.
const wasm = fetch(new URL('./jgflint-wasm.wasm', import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`jgflint-wasm.wasm: ${r.status} ${r.statusText}`);
  return r.arrayBuffer();
});
export const jgflint = { ready: null };
window.jgflint = jgflint;
jgflint.ready = wasm.then((buf) => loadInto(jgflint, createJgflintModule, { wasmBinary: buf }));
export const tasks = new Tasks(new URL('./worker.js', import.meta.url), wasm);

export const $ = (id) => document.getElementById(id);

export const state = { docs: [], current: -1, settingsText: '', explained: null, busy: 0, finding: null };
export const editor = new Editor($('editor'));
export const current = () => state.docs[state.current] || null;
