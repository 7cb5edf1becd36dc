// The open records kept across a reload, as the settings are: their names
// and bytes in the browser's IndexedDB (records of megabytes fit, where
// localStorage holds a few). Nothing leaves the browser.
const DB = 'jgflint', STORE = 'session', KEY = 'records';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// session: {current, docs: [{name, bytes, dirty, selection}]}.
export function saveSession(session) {
  return run('readwrite', (s) => s.put(session, KEY));
}

// The session saved last, or null (none, or storage refused).
export async function loadSession() {
  try {
    const s = await run('readonly', (st) => st.get(KEY));
    return s && Array.isArray(s.docs) ? s : null;
  } catch (e) {
    return null;
  }
}
