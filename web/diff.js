// The unified diff `jgflint --diff` prints (src/diff.c, ported line for
// line so that the page shows the same hunks): lines end at LF, CRLF or a
// lone CR and keep their ending; the common head and tail are trimmed, the
// middle compared by a longest common subsequence table (a middle too large
// for it is shown as replaced); 3 lines of context, hunks merged when they
// touch.

const CONTEXT = 3;
const MAX_TABLE = 1 << 24;

function split(s) {
  const out = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 10 && (c !== 13 || (i + 1 < s.length && s.charCodeAt(i + 1) === 10))) continue;
    out.push(s.slice(start, i + 1));
    start = i + 1;
  }
  if (start < s.length) out.push(s.slice(start));
  return out;
}

function putLine(op, l) {
  const last = l.charCodeAt(l.length - 1);
  return op + l + (l.length === 0 || (last !== 10 && last !== 13) ? '\n\\ No newline at end of file\n' : '');
}

// The edit script and its hunks: [{a0, na, b0, nb, lines: [[op, text]]}].
export function diffHunks(a, b) {
  const la = split(a), lb = split(b);
  let head = 0;
  while (head < la.length && head < lb.length && la[head] === lb[head]) head++;
  let tail = 0;
  while (tail < la.length - head && tail < lb.length - head && la[la.length - 1 - tail] === lb[lb.length - 1 - tail]) tail++;
  const n = la.length - head - tail, m = lb.length - head - tail;
  const steps = [];
  for (let i = 0; i < head; i++) steps.push([' ', la[i]]);
  if (n && m && (n + 1) * (m + 1) <= MAX_TABLE) {
    const w = m + 1;
    const L = new Uint32Array((n + 1) * w);
    for (let i = n; i-- > 0;)
      for (let j = m; j-- > 0;)
        L[i * w + j] = la[head + i] === lb[head + j] ? L[(i + 1) * w + j + 1] + 1
          : L[(i + 1) * w + j] > L[i * w + j + 1] ? L[(i + 1) * w + j] : L[i * w + j + 1];
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && la[head + i] === lb[head + j]) { steps.push([' ', la[head + i]]); i++; j++; }
      else if (i < n && (j === m || L[(i + 1) * w + j] >= L[i * w + j + 1])) { steps.push(['-', la[head + i]]); i++; }
      else { steps.push(['+', lb[head + j]]); j++; }
    }
  } else {
    for (let i = 0; i < n; i++) steps.push(['-', la[head + i]]);
    for (let j = 0; j < m; j++) steps.push(['+', lb[head + j]]);
  }
  for (let i = la.length - tail; i < la.length; i++) steps.push([' ', la[i]]);

  const hunks = [];
  const len = steps.length;
  let k = 0, aline = 1, bline = 1;
  while (k < len) {
    if (steps[k][0] === ' ') { k++; aline++; bline++; continue; }
    const start = k >= CONTEXT ? k - CONTEXT : 0;
    let end = k;
    for (;;) {
      while (end < len && steps[end][0] !== ' ') end++;
      let run = end;
      while (run < len && steps[run][0] === ' ' && run - end < 2 * CONTEXT) run++;
      if (run < len && steps[run][0] !== ' ' && run - end <= 2 * CONTEXT) end = run;
      else { end = end + CONTEXT < len ? end + CONTEXT : len; break; }
    }
    const a0 = aline - (k - start), b0 = bline - (k - start);
    let na = 0, nb = 0;
    for (let s = start; s < end; s++) { na += steps[s][0] !== '+'; nb += steps[s][0] !== '-'; }
    hunks.push({ a0: na ? a0 : a0 - 1, na, b0: nb ? b0 : b0 - 1, nb, lines: steps.slice(start, end) });
    for (; k < end; k++) { aline += steps[k][0] !== '+'; bline += steps[k][0] !== '-'; }
  }
  return { changed: n > 0 || m > 0, hunks };
}

// The diff as `jgflint --diff PATH` prints it ("" when a and b are equal).
export function unifiedDiff(path, a, b) {
  const { changed, hunks } = diffHunks(a, b);
  if (!changed) return '';
  let out = `--- ${path}\t\n+++ ${path}\t\n`;
  for (const h of hunks) {
    out += `@@ -${h.a0},${h.na} +${h.b0},${h.nb} @@\n`;
    for (const [op, l] of h.lines) out += putLine(op, l);
  }
  return out;
}
