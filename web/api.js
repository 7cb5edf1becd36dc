// The page API, window.jgflint, over libjgflint compiled to WebAssembly
// (jgflint-wasm.js, built by web/wasm.sh from src/lib/jgflint.h and the
// glue-free library). Every call is synchronous once `ready` has resolved.
// Text crosses to C as bytes with their length: a string is encoded as
// UTF-8, an ArrayBuffer or Uint8Array goes as it is, so a file's bytes reach
// the library unchanged (NUL, invalid UTF-8, another character set for the
// converter). What comes back is what the program prints: reports are
// jgf_result_report's, diffs jgf_result_diff's, explanations jgf_explain's.
// The page runs the same API in a worker (worker.js), the window's copy
// serves scripts and tests that call it directly.

const JGF_FIX = 1, JGF_UNSAFE_FIXES = 2;
// The go findings of a result whose positions lintDetailed gives.
const MAX_POSITIONS = 100;
const SEVERITIES = ['info', 'warning', 'error'];
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function toBytes(data) {
  if (data === undefined || data === null) return new Uint8Array(0);
  if (typeof data === 'string') return encoder.encode(data);
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('jgflint: text must be a string, an ArrayBuffer or a Uint8Array');
}

// Settings the library refused: problems is the configuration's own report
// (as `jgflint --format json` shows .jgflint.json's findings).
export class SettingsError extends Error {
  constructor(message, problems) {
    super(message);
    this.name = 'SettingsError';
    this.problems = problems || null;
  }
}

// -- memory: C copies of JS values and back ----------------------------------------
function memory(M) {
  const oom = () => new Error('jgflint: out of memory');
  function alloc(n) {
    const p = M._malloc(n > 0 ? n : 1);
    if (!p) throw oom();
    return p;
  }
  function putBytes(bytes) {
    const p = alloc(bytes.length + 1);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return p;
  }
  const str = (p) => (p ? M.UTF8ToString(p) : null);
  // The heap may grow (and its buffer change) on any call: views are made
  // fresh each time.
  const u32 = (p) => new Uint32Array(M.HEAPU8.buffer, p, 1)[0];
  // The bytes of a NUL-terminated string (a fix's text may be any bytes).
  const cBytes = (p) => M.HEAPU8.slice(p, M.HEAPU8.indexOf(0, p));
  // Runs fn with C copies of args (strings as UTF-8, bytes as they are;
  // null as NULL), freed after.
  function withC(args, fn) {
    const ptrs = [];
    try {
      for (const a of args) ptrs.push(a === null || a === undefined ? 0 : putBytes(typeof a === 'string' ? encoder.encode(a) : a));
      return fn(...ptrs);
    } finally {
      for (const p of ptrs) if (p) M._free(p);
    }
  }
  // The bytes of a string the library allocated for the caller (freed with
  // jgf_free): a diff of a record's own bytes is not always UTF-8.
  function takeBytes(p) {
    if (!p) return null;
    try {
      return cBytes(p);
    } finally {
      M._jgf_free(p);
    }
  }
  // A string the library allocated for the caller (freed with jgf_free).
  function takeString(p) {
    if (!p) return null;
    try {
      return M.UTF8ToString(p);
    } finally {
      M._jgf_free(p);
    }
  }
  // Calls fn(...slots) with n out-parameters of 4 bytes (size_t, pointers);
  // returns [fn's result, *slot...].
  function withSlots(n, fn) {
    const base = alloc(4 * n);
    try {
      new Uint32Array(M.HEAPU8.buffer, base, n).fill(0);
      const slots = Array.from({ length: n }, (_, k) => base + 4 * k);
      const r = fn(...slots);
      return [r, ...slots.map(u32)];
    } finally {
      M._free(base);
    }
  }
  const withSlot = (fn) => withSlots(1, fn);
  return { oom, str, cBytes, withC, takeBytes, takeString, withSlot, withSlots };
}

// -- the rule catalogue ---------------------------------------------------------------
function catalogue(M, { str }) {
  let rules = null;
  const fixesOf = (f) => (f === 0 ? null : f === (JGF_FIX | JGF_UNSAFE_FIXES) ? 'safe+unsafe' : f & JGF_FIX ? 'safe' : 'unsafe');
  return function () {
    if (rules) return rules;
    rules = [];
    const n = M._jgf_rule_count();
    for (let i = 0; i < n; i++) {
      rules.push({
        id: str(M._jgf_rule_id(i)),
        category: str(M._jgf_rule_category(i)),
        severity: SEVERITIES[M._jgf_rule_severity(i)],
        fixes: fixesOf(M._jgf_rule_fixes(i)),
        summary: str(M._jgf_rule_summary(i)),
        url: str(M._jgf_rule_url(i)),
      });
    }
    return rules;
  };
}

// The text of a .jgflint.json, null for none.
function settingsText(settings) {
  if (settings === undefined || settings === null) return null;
  if (typeof settings === 'string') return settings.trim() === '' ? null : settings;
  return JSON.stringify(settings);
}

// -- reports and settings -------------------------------------------------------------
function reporting(M, mem) {
  function report(r, format = 'json') {
    const text = mem.withC([format], (f) => mem.takeString(M._jgf_result_report(r, f)));
    if (text === null) throw mem.oom();
    return format === 'json' ? JSON.parse(text) : text;
  }

  // A jgf_config read from settings as jgflint reads a .jgflint.json (the
  // caller frees it), 0 for none. Settings with any problem are refused, as
  // the program refuses to run with them (exit 2).
  function makeConfig(settings) {
    const text = settingsText(settings);
    if (text === null) return 0;
    const data = encoder.encode(text);
    const [cfg, problems] = mem.withSlot((slot) => mem.withC(['.jgflint.json', data], (n, d) => M._jgf_config_parse(n, d, data.length, 0, slot)));
    if (problems) {
      let rep;
      try {
        rep = report(problems);
      } finally {
        M._jgf_result_free(problems);
      }
      if (cfg) M._jgf_config_free(cfg);
      const lines = rep.diagnostics.map((d) => `${d.path}${d.line ? `:${d.line}:${d.column}` : ''}: ${d.severity}: ${d.message} [${d.rule}]`);
      throw new SettingsError(lines.join('\n'), rep);
    }
    if (!cfg) throw mem.oom();
    return cfg;
  }
  return { report, makeConfig };
}

// -- checking and fixing ------------------------------------------------------------------
function checking(M, mem, { report, makeConfig }) {
  // Finding i's fix: what it does and its byte edits of the text linted
  // ({start, end, bytes}: [start, end) becomes bytes), as the editor
  // server's quick fix offers it; null without one.
  function fixOf(r, i) {
    const description = mem.str(M._jgf_finding_fix_description(r, i));
    if (description === null) return null;
    const edits = [];
    const n = M._jgf_finding_edit_count(r, i);
    for (let k = 0; k < n; k++) {
      const [, start, end, text] = mem.withSlots(3, (s, e, t) => M._jgf_finding_edit(r, i, k, s, e, t));
      edits.push({ start, end, bytes: mem.cBytes(text) });
    }
    return { safe: M._jgf_finding_fix(r, i) === JGF_FIX, description, edits };
  }

  // On a file checked in place (SGF, GIB, NGF, UGF), the position its
  // check kept with each go finding (jgf_finding_node, jgf_finding_position:
  // a copy, no replay), as position() gives them; null for the others and
  // beyond the first MAX_POSITIONS (the editor server's hover keeps as
  // many). A JSON record's come from position(text, name, node).
  function keptPositions(r, count) {
    const out = [];
    let kept = 0;
    for (let i = 0; i < count; i++) {
      if (kept >= MAX_POSITIONS || !M._jgf_finding_node(r, i)) { out.push(null); continue; }
      const p = M._jgf_finding_position(r, i);
      if (!p) throw mem.oom();
      try {
        const json = mem.takeString(M._jgf_position_json(p));
        if (json === null) throw mem.oom();
        out.push(JSON.parse(json));
        kept++;
      } finally {
        M._jgf_position_free(p);
      }
    }
    return out;
  }

  // The report, and with details (lintDetailed's, fix()'s) each finding's
  // offsets and fix and its position: lint() asks none (their calls were 6%
  // of checking a 1.2 MB SGF collection in the page).
  function run(data, name, settings, flags, details = true) {
    const bytes = toBytes(data);
    name = name || '<buffer>';
    const cfg = makeConfig(settings);
    let r = 0;
    try {
      r = mem.withC([name, bytes], (n, d) => M._jgf_lint(cfg, n, d, bytes.length, flags));
      if (!r) throw mem.oom();
      const count = M._jgf_result_count(r);
      const offsets = [], fixes = [];
      for (let i = 0; details && i < count; i++) {
        offsets.push([M._jgf_finding_offset(r, i) >>> 0, M._jgf_finding_end_offset(r, i) >>> 0]);
        fixes.push(flags & JGF_FIX ? null : fixOf(r, i));
      }
      const format = mem.str(M._jgf_result_format(r));
      const out = { report: report(r), offsets, fixes, bytes, fixed: M._jgf_result_fixes(r) >>> 0, format };
      if (details && !(flags & JGF_FIX)) out.positions = format ? keptPositions(r, count) : new Array(count).fill(null);
      if (flags & JGF_FIX) {
        const [p, len] = mem.withSlot((slot) => M._jgf_result_text(r, slot));
        out.bytes = M.HEAPU8.slice(p, p + len);
        out.diffBytes = mem.takeBytes(M._jgf_result_diff(r));
        if (out.diffBytes === null) throw mem.oom();
        out.diff = decoder.decode(out.diffBytes);
      }
      return out;
    } finally {
      if (r) M._jgf_result_free(r);
      if (cfg) M._jgf_config_free(cfg);
    }
  }

  // What `jgflint --format json NAME` prints, as an object.
  const lint = (text, name, settings) => run(text, name, settings, 0, false).report;

  // lint() with what the page's editor needs besides: each finding's byte
  // offsets [start, end) in the text, its fix (fixes[i]), the format the
  // text was checked in where it is ('SGF', ...; null for JSON) and there
  // the position of each go finding (positions[i]: its board).
  const lintDetailed = (text, name, settings) => run(text, name, settings, 0);

  // What `jgflint --fix [--unsafe-fixes]` writes (bytes; text decoded) and
  // reports, and the diff `jgflint --diff` prints for it.
  function fix(text, name, options = {}, settings) {
    const unsafe = !!(options && options.unsafe);
    if (settings === undefined && options) settings = options.settings;
    const res = run(text, name, settings, JGF_FIX | (unsafe ? JGF_UNSAFE_FIXES : 0));
    return {
      text: decoder.decode(res.bytes),
      bytes: res.bytes,
      diagnostics: res.report.diagnostics,
      summary: res.report.summary,
      fixed: res.fixed,
      diff: res.diff,
      // The diff's bytes: an SGF fixed where it is keeps its character set
      // (Shift_JIS, GBK...), which diff, decoded as UTF-8, does not show.
      diffBytes: res.diffBytes,
      offsets: res.offsets,
    };
  }
  return { lint, lintDetailed, fix };
}

// -- converting ------------------------------------------------------------------------------
function converting(M, mem) {
  // What `jgflint --convert NAME` says and writes: its exit status, its
  // messages, and each record with the name it is written under. options.to:
  // 'jgf' (the default) or 'sgf' (`--convert --to sgf`: SGF FF[4], JGF
  // records too, as --fix reads them; jgf_convert_to).
  function convertReport(text, name, options) {
    const to = options && options.to !== undefined ? options.to : 'jgf';
    if (to !== 'jgf' && to !== 'sgf') {
      throw new RangeError(`jgflint: convert: "to" is 'jgf' or 'sgf', not ${JSON.stringify(to)}`);
    }
    const bytes = toBytes(text);
    name = name || 'game.sgf';
    const c = mem.withC([name, bytes, to], (n, d, t) => M._jgf_convert_to(n, d, bytes.length, t));
    if (!c) throw mem.oom();
    try {
      const records = [];
      const count = M._jgf_conversion_count(c);
      for (let i = 0; i < count; i++) {
        const [p, len] = mem.withSlot((slot) => M._jgf_conversion_text(c, i, slot));
        const b = M.HEAPU8.slice(p, p + len);
        records.push({ name: mem.str(M._jgf_conversion_name(c, i)), text: decoder.decode(b), bytes: b });
      }
      return { status: M._jgf_conversion_status(c), messages: mem.str(M._jgf_conversion_messages(c)) || '', records };
    } finally {
      M._jgf_conversion_free(c);
    }
  }
  const convert = (text, name, options) => convertReport(text, name, options).records.map((r) => ({ name: r.name, text: r.text }));
  return { convertReport, convert };
}

// -- positions ---------------------------------------------------------------------------
// The position at the node pointer names (or the node it is inside), as
// jgf_position_json gives it: {node, width, height, cutOff*, stones: [{x,
// y, point, color, move, node}], turn, ko, lastMove, moves, captures,
// stopped}, or {error} when there is none. Read from the text without
// checking it (jgf_position_read).
function positions(M, mem) {
  return function position(text, name, pointer) {
    const bytes = toBytes(text);
    const p = mem.withC([name || '<buffer>', bytes, pointer || '/tree/0'], (n, d, q) => M._jgf_position_read(n, d, bytes.length, q));
    if (!p) throw mem.oom();
    try {
      const json = mem.takeString(M._jgf_position_json(p));
      if (json === null) throw mem.oom();
      return JSON.parse(json);
    } finally {
      M._jgf_position_free(p);
    }
  };
}

// A text read once (jgf_positions_read) for the positions at node after
// node: at(pointer) as position() gives them, free() when done with it.
function positionsReader(M, mem) {
  return function positionsOf(text, name) {
    const bytes = toBytes(text);
    let ps = mem.withC([name || '<buffer>', bytes], (n, d) => M._jgf_positions_read(n, d, bytes.length));
    if (!ps) throw mem.oom();
    return {
      at(pointer) {
        if (!ps) throw new Error('jgflint: the positions were freed');
        const p = mem.withC([pointer || '/tree/0'], (q) => M._jgf_positions_at(ps, q));
        if (!p) throw mem.oom();
        try {
          const json = mem.takeString(M._jgf_position_json(p));
          if (json === null) throw mem.oom();
          return JSON.parse(json);
        } finally {
          M._jgf_position_free(p);
        }
      },
      free() {
        if (ps) M._jgf_positions_free(ps);
        ps = 0;
      },
    };
  };
}

export function createApi(M) {
  const mem = memory(M);
  const reports = reporting(M, mem);
  return {
    version: mem.str(M._jgf_version()),
    position: positions(M, mem),
    positionsOf: positionsReader(M, mem),
    ...checking(M, mem, reports),
    ...converting(M, mem),
    // What `jgflint --explain NAME` prints for a rule, a category or "all";
    // null when NAME names none.
    explain: (rule) => mem.withC([String(rule)], (p) => mem.takeString(M._jgf_explain(p))),
    rules: catalogue(M, mem),
    SettingsError,
  };
}

// Loads the module (beside this file) and fills api (window.jgflint) in;
// api.ready resolves to api.
export function loadInto(api, createModule, options = {}) {
  api.ready = createModule({
    locateFile: (path) => new URL(path, options.base || import.meta.url).href,
    ...(options.wasmBinary ? { wasmBinary: options.wasmBinary } : {}),
  }).then((M) => {
    Object.assign(api, createApi(M));
    return api;
  });
  return api.ready;
}
