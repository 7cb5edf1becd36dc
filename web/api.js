// The page API, window.jgflint, over libjgflint compiled to WebAssembly
// (jgflint-wasm.js, built by web/wasm.sh). Every call is synchronous once
// `ready` has resolved; text crosses to C as UTF-8 bytes with its length
// (a string is encoded, an ArrayBuffer or Uint8Array passed as it is, so a
// file's bytes reach the library unchanged, NUL and invalid UTF-8
// included).
//
// The functions follow the C API of jgflint.h and its planned additions
// (jgf_result_report, jgf_convert, jgf_explain, jgf_config_parse,
// jgf_finding_offset...). Those the library does not export yet are
// detected: `capabilities` says which are there, and what the page can do
// without them it does (a report built from the finding accessors,
// explanations from the rule catalogue); what it cannot (conversion) throws.

const JGF_FIX = 1, JGF_UNSAFE_FIXES = 2;
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

export class SettingsError extends Error {
  constructor(message, problems) {
    super(message);
    this.name = 'SettingsError';
    this.problems = problems || null;   // the configuration's own findings (a report), if any
  }
}

export function createApi(M) {
  const has = (name) => typeof M['_' + name] === 'function';
  const capabilities = {
    report: has('jgf_result_report'),      // lint() is exactly --format json
    offsets: has('jgf_finding_offset'),    // byte offsets of findings
    edits: has('jgf_finding_edit'),
    convert: has('jgf_convert'),
    explain: has('jgf_explain'),           // explain() is exactly --explain
    configParse: has('jgf_config_parse'),  // settings read as .jgflint.json
  };

  // -- memory ---------------------------------------------------------------
  function alloc(n) {
    const p = M._malloc(n > 0 ? n : 1);
    if (!p) throw new Error('jgflint: out of memory');
    return p;
  }
  function putBytes(bytes) {
    const p = alloc(bytes.length + 1);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return p;
  }
  const putString = (s) => putBytes(encoder.encode(s));
  const str = (p) => (p ? M.UTF8ToString(p) : null);
  function u32(p) {
    return new Uint32Array(M.HEAPU8.buffer, p, 1)[0];
  }
  // Runs fn with C strings (or byte buffers) made of args, freed after.
  function withC(args, fn) {
    const ptrs = args.map((a) => (a === null || a === undefined ? 0 : typeof a === 'string' ? putString(a) : putBytes(a)));
    try {
      return fn(...ptrs);
    } finally {
      for (const p of ptrs) if (p) M._free(p);
    }
  }
  // A string the library allocated (freed with jgf_free).
  function takeString(p) {
    if (!p) return null;
    try {
      return M.UTF8ToString(p);
    } finally {
      (has('jgf_free') ? M._jgf_free : M._free)(p);
    }
  }

  // -- the rule catalogue -----------------------------------------------------
  let catalogue = null;
  function rules() {
    if (catalogue) return catalogue;
    catalogue = [];
    const n = M._jgf_rule_count();
    for (let i = 0; i < n; i++) {
      const fixes = M._jgf_rule_fixes(i);
      catalogue.push({
        id: str(M._jgf_rule_id(i)),
        category: str(M._jgf_rule_category(i)),
        severity: SEVERITIES[M._jgf_rule_severity(i)],
        fixes: fixes === 0 ? null : fixes === (JGF_FIX | JGF_UNSAFE_FIXES) ? 'safe+unsafe' : fixes & JGF_FIX ? 'safe' : 'unsafe',
        summary: str(M._jgf_rule_summary(i)),
        explanation: str(M._jgf_rule_explanation(i)),
        url: has('jgf_rule_url') ? str(M._jgf_rule_url(i)) : null,
      });
    }
    return catalogue;
  }

  // -- settings (.jgflint.json: select, ignore, severity) -------------------
  function settingsText(settings) {
    if (settings === undefined || settings === null) return null;
    if (typeof settings === 'string') return settings.trim() === '' ? null : settings;
    return JSON.stringify(settings);
  }
  const list = (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).map((s) => String(s).trim()).filter(Boolean);

  // A jgf_config for settings (freed by the caller with jgf_config_free),
  // or 0 for the defaults.
  function makeConfig(settings) {
    const text = settingsText(settings);
    if (text === null) return 0;
    if (capabilities.configParse) {
      const slot = alloc(4);
      try {
        new Uint32Array(M.HEAPU8.buffer, slot, 1)[0] = 0;
        const data = encoder.encode(text);
        const cfg = withC(['.jgflint.json', data], (n, d) => M._jgf_config_parse(n, d, data.length, slot));
        const problems = u32(slot);
        if (problems) {
          const report = resultReport(problems, '.jgflint.json');
          M._jgf_result_free(problems);
          if (report.summary.errors) {
            if (cfg) M._jgf_config_free(cfg);
            throw new SettingsError(report.diagnostics.map((d) => `.jgflint.json:${d.line}:${d.column}: ${d.message}`).join('\n'), report);
          }
        }
        return cfg;
      } finally {
        M._free(slot);
      }
    }
    // Without jgf_config_parse: the same keys through the setters.
    let s;
    try {
      s = JSON.parse(text);
    } catch (e) {
      throw new SettingsError(`.jgflint.json: not valid JSON: ${e.message}`);
    }
    if (typeof s !== 'object' || s === null || Array.isArray(s)) throw new SettingsError('.jgflint.json: the settings must be a JSON object');
    const cfg = M._jgf_config_new();
    try {
      for (const key of Object.keys(s)) {
        if (key === 'select' || key === 'ignore') {
          const items = list(s[key]);
          if (key === 'select' || items.length) {
            const rc = withC([items.join(',')], (p) => (key === 'select' ? M._jgf_config_select(cfg, p) : M._jgf_config_ignore(cfg, p)));
            if (rc !== 0) throw new SettingsError(`.jgflint.json: "${key}" names no rule or category: ${items.join(', ')}`);
          }
        } else if (key === 'severity') {
          const sev = s[key];
          if (typeof sev !== 'object' || sev === null || Array.isArray(sev)) throw new SettingsError('.jgflint.json: "severity" must be an object of RULE: "error" | "warning" | "info"');
          for (const [name, level] of Object.entries(sev)) {
            const l = SEVERITIES.indexOf(level);
            if (l < 0) throw new SettingsError(`.jgflint.json: severity of ${name} must be "error", "warning" or "info", not ${JSON.stringify(level)}`);
            const ids = rules().some((r) => r.id === name) ? [name] : rules().filter((r) => r.category === name).map((r) => r.id);
            if (!ids.length) throw new SettingsError(`.jgflint.json: severity: no rule or category named '${name}'`);
            for (const id of ids) withC([id], (p) => M._jgf_config_severity(cfg, p, l));
          }
        }
        // Other keys (per-path-ignores, exclude, baseline...) do not apply
        // to one record in a page.
      }
      return cfg;
    } catch (e) {
      M._jgf_config_free(cfg);
      throw e;
    }
  }

  // -- results ----------------------------------------------------------------
  function resultBytes(r) {
    const slot = alloc(4);
    try {
      const p = M._jgf_result_text(r, slot);
      return M.HEAPU8.slice(p, p + u32(slot));
    } finally {
      M._free(slot);
    }
  }

  // What `jgflint --format json NAME` prints, as an object.
  function resultReport(r, name) {
    if (capabilities.report) {
      const text = withC(['json'], (f) => takeString(M._jgf_result_report(r, f)));
      if (text === null) throw new Error('jgflint: jgf_result_report failed');
      return JSON.parse(text);
    }
    // Without jgf_result_report: the same shape from the accessors (no end
    // positions and no fixes: the library cannot tell them yet).
    const n = M._jgf_result_count(r);
    const diagnostics = [];
    const counts = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      const line = M._jgf_finding_line(r, i) >>> 0;
      const sev = M._jgf_finding_severity(r, i);
      counts[sev]++;
      diagnostics.push({
        path: name,
        line: line || null,
        column: line ? M._jgf_finding_column(r, i) >>> 0 : null,
        endLine: null,
        endColumn: null,
        pointer: str(M._jgf_finding_pointer(r, i)),
        severity: SEVERITIES[sev],
        rule: str(M._jgf_finding_rule(r, i)),
        message: str(M._jgf_finding_message(r, i)),
        fix: null,
        edits: null,
      });
    }
    return {
      diagnostics,
      summary: { files: 1, errors: counts[2], warnings: counts[1], infos: counts[0], fixed: M._jgf_result_fixes(r) >>> 0, fixable: 0, unsafeFixable: 0 },
    };
  }

  // Byte offsets of each finding in the result's text, when the library
  // tells them ([start, end] per finding, end === start when unknown).
  function resultOffsets(r) {
    if (!capabilities.offsets) return null;
    const n = M._jgf_result_count(r), out = [];
    for (let i = 0; i < n; i++) {
      const start = M._jgf_finding_offset(r, i) >>> 0;
      const end = has('jgf_finding_end_offset') ? M._jgf_finding_end_offset(r, i) >>> 0 : start;
      out.push([start, end]);
    }
    return out;
  }

  function run(data, name, settings, flags) {
    const bytes = toBytes(data);
    name = name || '<buffer>';
    const cfg = makeConfig(settings);
    let r = 0;
    try {
      r = withC([name, bytes], (n, d) => M._jgf_lint(cfg, n, d, bytes.length, flags));
      if (!r) throw new Error('jgflint: out of memory');
      return {
        report: resultReport(r, name),
        offsets: resultOffsets(r),
        bytes: flags & JGF_FIX ? resultBytes(r) : bytes,
        fixed: M._jgf_result_fixes(r) >>> 0,
      };
    } finally {
      if (r) M._jgf_result_free(r);
      if (cfg) M._jgf_config_free(cfg);
    }
  }

  // -- the page API -------------------------------------------------------------
  function lint(text, name, settings) {
    return run(text, name, settings, 0).report;
  }

  // lint() with what the page's editor needs besides the report.
  function lintDetailed(text, name, settings) {
    return run(text, name, settings, 0);
  }

  function fix(text, name, options, settings) {
    const unsafe = !!(options && options.unsafe);
    const res = run(text, name, settings !== undefined ? settings : options && options.settings, JGF_FIX | (unsafe ? JGF_UNSAFE_FIXES : 0));
    return {
      text: decoder.decode(res.bytes),
      bytes: res.bytes,
      diagnostics: res.report.diagnostics,
      summary: res.report.summary,
      fixed: res.fixed,
      offsets: res.offsets,
    };
  }

  function convertReport(text, name) {
    if (!capabilities.convert)
      throw new Error('jgflint: conversion needs jgf_convert, which this build of libjgflint does not have yet');
    const bytes = toBytes(text);
    name = name || 'game.sgf';
    const c = withC([name, bytes], (n, d) => M._jgf_convert(n, d, bytes.length));
    if (!c) throw new Error('jgflint: out of memory');
    try {
      const records = [];
      const count = M._jgf_conversion_count(c);
      const slot = alloc(4);
      try {
        for (let i = 0; i < count; i++) {
          const p = M._jgf_conversion_text(c, i, slot);
          const b = M.HEAPU8.slice(p, p + u32(slot));
          records.push({ name: str(M._jgf_conversion_name(c, i)), text: decoder.decode(b), bytes: b });
        }
      } finally {
        M._free(slot);
      }
      return { status: M._jgf_conversion_status(c), messages: str(M._jgf_conversion_messages(c)) || '', records };
    } finally {
      M._jgf_conversion_free(c);
    }
  }

  function convert(text, name) {
    return convertReport(text, name).records.map((r) => ({ name: r.name, text: r.text }));
  }

  // The --explain text of a rule (or, with jgf_explain, a category or "all").
  function explain(rule) {
    if (capabilities.explain) return withC([String(rule)], (p) => takeString(M._jgf_explain(p)));
    const r = rules().find((x) => x.id === rule);
    if (!r) return null;
    const fixes = { safe: 'fixable with --fix', unsafe: 'fixable with --fix --unsafe-fixes', 'safe+unsafe': 'fixable with --fix (some fixes need --unsafe-fixes)' };
    return `${r.id} (${r.category}, ${r.severity}${r.fixes ? ', ' + fixes[r.fixes] : ''})\n\n${r.summary}\n\n${r.explanation}`;
  }

  return {
    version: str(M._jgf_version()),
    capabilities,
    lint,
    lintDetailed,
    fix,
    convert,
    convertReport,
    explain,
    rules,
    SettingsError,
  };
}

// Loads the module (next to this file) and fills api (window.jgflint) in.
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
