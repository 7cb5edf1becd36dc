// The page's side of worker.js: each call a promise of the worker's answer.
// A worker that fails to start (a browser without module workers) rejects
// every call with why.
export class Tasks {
  // url: worker.js; wasm: a promise of the module's bytes (an ArrayBuffer).
  constructor(url, wasm) {
    this.seq = 0;
    this.waiting = new Map();
    this.worker = new Worker(url, { type: 'module' });
    this.worker.onmessage = (e) => {
      const { id, result, error } = e.data;
      const w = this.waiting.get(id);
      if (!w) return;
      this.waiting.delete(id);
      if (error) w.reject(Object.assign(new Error(error.message), { name: error.name }));
      else w.resolve(result);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`the worker failed: ${e.message || 'it did not load'}`));
    };
    wasm.then((buf) => this.worker.postMessage({ wasmBinary: buf }), (e) => this.fail(e));
  }

  fail(err) {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    this.failed = err;
  }

  call(task, ...args) {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, task, args });
    });
  }
}
