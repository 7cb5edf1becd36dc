// Writes the rule pages' playground links compressed, as the page's own
// share links are where the browser can (web/share.js: "#share=1d", raw
// DEFLATE): build-aux/rule-docs.sh writes them uncompressed ("#share=1n",
// from the shell), 27 KB of base64 in the site, 21 KB compressed. A link
// that compression would not shorten stays as it is.
//
// Usage: node web/share-links.cjs FILE...   (each rewritten in place)
'use strict';
const fs = require('fs');
const zlib = require('zlib');

const base64url = (bytes) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const out = text.replace(/#share=1n([A-Za-z0-9_-]+)/g, (link, payload) => {
    const bytes = Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const packed = base64url(zlib.deflateRawSync(bytes, { level: 9 }));
    if (!zlib.inflateRawSync(Buffer.from(packed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')).equals(bytes))
      throw new Error(`${file}: a link does not read back`);
    return packed.length < payload.length ? `#share=1d${packed}` : link;
  });
  if (out !== text) fs.writeFileSync(file, out);
}
