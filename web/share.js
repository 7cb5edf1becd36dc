// Share links: the record (its bytes, as read or as edited), its name and
// the settings, in the URL's fragment, which browsers never send to a
// server. Compressed with the browser's own CompressionStream (raw
// DEFLATE) when it has one.
//
//   #share=1<method><base64url payload>
//   method: "d" deflate-raw, "n" none
//   payload: 4-byte big-endian length of a UTF-8 JSON header
//            {"name": ..., "settings": ...}, the header, the record's bytes.

const PREFIX = '#share=1';

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

const canCompress = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

export async function encodeShare({ name, bytes, settings }) {
  const header = new TextEncoder().encode(JSON.stringify({ name, settings: settings || null }));
  const payload = new Uint8Array(4 + header.length + bytes.length);
  new DataView(payload.buffer).setUint32(0, header.length);
  payload.set(header, 4);
  payload.set(bytes, 4 + header.length);
  if (canCompress()) {
    try {
      return PREFIX + 'd' + toBase64Url(await pipe(payload, new CompressionStream('deflate-raw')));
    } catch (e) {
      // deflate-raw unknown to this browser: send it as it is.
    }
  }
  return PREFIX + 'n' + toBase64Url(payload);
}

export function isShare(hash) {
  return typeof hash === 'string' && hash.startsWith(PREFIX);
}

export async function decodeShare(hash) {
  if (!isShare(hash)) return null;
  const method = hash.charAt(PREFIX.length);
  let payload = fromBase64Url(hash.slice(PREFIX.length + 1));
  if (method === 'd') payload = await pipe(payload, new DecompressionStream('deflate-raw'));
  else if (method !== 'n') throw new Error('unknown share link format');
  const n = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  const header = JSON.parse(new TextDecoder().decode(payload.subarray(4, 4 + n)));
  return { name: header.name, settings: header.settings, bytes: payload.slice(4 + n) };
}
