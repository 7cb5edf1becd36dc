// A classic script, so that it runs where the page's modules cannot: opened
// from a file:// address, browsers refuse to load its modules and its
// WebAssembly, and the page would say "loading…" for ever. It says how to
// serve it instead.
if (location.protocol === 'file:') {
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('version').textContent = 'not loaded: see below';
    document.getElementById('serve-note').hidden = false;
  });
}
