// The open records kept across a reload, as the settings are: their names
// and bytes in the browser's IndexedDB (records of megabytes fit, where
// localStorage holds a few), one entry per record, written when it
// changed (IndexedDB copies what it is given on the page's thread: all
// the records at each save took a quarter of a second with 20 MB open).
// Nothing leaves the browser.
const DB = 'jgflint', STORE = 'session', INDEX = 'index';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 2);
    req.onupgradeneeded = () => {
      if (req.result.objectStoreNames.contains(STORE)) req.result.deleteObjectStore(STORE);
      req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const out = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(out);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// index: {current, ids}; changed: [{id, name, bytes, dirty, selection}]
// (the records written again); removed: ids no longer open.
export function saveSession(index, changed, removed) {
  return run('readwrite', (s) => {
    for (const d of changed) s.put(d, 'doc:' + d.id);
    for (const id of removed) s.delete('doc:' + id);
    s.put(index, INDEX);
  });
}

// The session saved last ({current, docs: [{id, name, bytes, dirty,
// selection}]}), or null (none, or storage refused).
export async function loadSession() {
  try {
    const reqs = await run('readonly', (s) => {
      const index = s.get(INDEX);
      const docs = [];
      index.onsuccess = () => {
        for (const id of (index.result && index.result.ids) || []) docs.push(s.get('doc:' + id));
      };
      return { index, docs };
    });
    const docs = reqs.docs.map((r) => r.result).filter((d) => d && d.bytes);
    return reqs.index.result ? { current: reqs.index.result.current, docs } : null;
  } catch (e) {
    return null;
  }
}
