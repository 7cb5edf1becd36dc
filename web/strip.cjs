// Writes the page's JavaScript as the site ships it: every comment and
// blank dropped, each token as written. A line end stays wherever the
// source had one between two tokens (or a comment that spans lines), so
// that automatic semicolon insertion reads the same statements; elsewhere
// a space stays only where the two tokens would otherwise join (two words,
// two operators, a number and a dot, a regular expression and a word).
// Names are not shortened. The result is read back and must give the same
// tokens with the same line ends before them, else this fails.
//
// Usage: node web/strip.cjs OUTDIR FILE...   (acorn on NODE_PATH, as emcc
// needs it): writes each FILE's into OUTDIR, under its name.
'use strict';
const fs = require('fs');
const path = require('path');
const acorn = require('acorn');

const options = { ecmaVersion: 'latest', sourceType: 'module' };
const lineEnd = /[\n\r\u2028\u2029]/;
const word = /[\w$\\\u0080-\uffff]/;
const operator = /[-+*/%&|^!~<>=?.:]/;

function tokens(src) {
  const list = [];
  acorn.parse(src, { ...options, onToken: list });
  list.pop();   // eof
  return list;
}

function strip(src) {
  let out = '';
  let prev = null;
  for (const t of tokens(src)) {
    const text = src.slice(t.start, t.end);
    if (prev) {
      const gap = src.slice(prev.end, t.start);
      const a = out[out.length - 1], b = text[0];
      if (lineEnd.test(gap)) out += '\n';
      else if (gap && ((word.test(a) && word.test(b)) || (operator.test(a) && operator.test(b)) ||
                       (prev.type.label === 'num' && b === '.') ||
                       (prev.type.label === 'regexp' && word.test(b)))) out += ' ';
    }
    out += text;
    prev = t;
  }
  return out + '\n';
}

// Each token's kind, text and whether a line end comes before it (after
// the first).
function shape(src) {
  let end = -1;
  return tokens(src).map((t) => {
    const s = `${end >= 0 && lineEnd.test(src.slice(end, t.start)) ? '\n' : ''}${t.type.label} ${src.slice(t.start, t.end)}`;
    end = t.end;
    return s;
  });
}

const [dir, ...files] = process.argv.slice(2);
for (const from of files) {
  const src = fs.readFileSync(from, 'utf8');
  const out = strip(src);
  const before = shape(src), after = shape(out);
  const at = before.findIndex((s, i) => s !== after[i]);
  if (at >= 0 || before.length !== after.length) {
    console.error(`strip.cjs: ${from}: the stripped text reads otherwise at token ${at}: ${before[at]} / ${after[at]}`);
    process.exit(1);
  }
  fs.writeFileSync(path.join(dir, path.basename(from)), out);
}
