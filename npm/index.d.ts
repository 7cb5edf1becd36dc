// Types of the jgflint package: libjgflint compiled to WebAssembly. Each
// function is synchronous (the module is loaded when the import resolves)
// and gives what the jgflint program gives for the same bytes.

/** A record's bytes: a string (sent as UTF-8), or bytes sent unchanged
 * (another character set for convert, invalid UTF-8, NUL bytes). */
export type Text = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** The settings of a `.jgflint.json`, as its text or its object. */
export type Settings = string | Record<string, unknown> | null | undefined;

export type Severity = 'error' | 'warning' | 'info';

/** A change a fix makes to the text, as `jgflint --format json` gives it. */
export interface Edit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  byteOffset: number;
  byteLength: number;
  content: string;
}

/** A finding, as `jgflint --format json` gives it. */
export interface Diagnostic {
  path: string;
  /** 1-based; null when the finding is about the whole file. */
  line: number | null;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  /** RFC 6901 JSON pointer of the value it is about. */
  pointer: string | null;
  severity: Severity;
  rule: string;
  message: string;
  /** Whether `fix` (safe) or `fix(…, {unsafe: true})` removes it. */
  fix: 'safe' | 'unsafe' | null;
  edits: Edit[] | null;
  /** Further fields of newer versions (a finding's points, its node). */
  [field: string]: unknown;
}

export interface Summary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  fixed: number;
  fixable: number;
  unsafeFixable: number;
  [field: string]: unknown;
}

/** What `jgflint --format json NAME` prints. */
export interface Report {
  diagnostics: Diagnostic[];
  summary: Summary;
}

/** A finding's own fix: what it does and its byte edits of the text
 * linted ([start, end) becomes bytes). */
export interface FindingFix {
  safe: boolean;
  description: string;
  edits: { start: number; end: number; bytes: Uint8Array }[];
}

export interface DetailedReport {
  report: Report;
  /** Each finding's byte offsets [start, end) in the text. */
  offsets: [number, number][];
  /** Each finding's own fix, null without one. */
  fixes: (FindingFix | null)[];
  bytes: Uint8Array;
  fixed: number;
  /** The format the text was checked in where it is ('SGF', 'GIB', 'NGF',
   * 'UGF', 'UGZ'), null for JSON. */
  format: string | null;
  /** On a file checked in place, each go finding's position (its board:
   * the one its check kept, jgf_finding_position), null for the others
   * and beyond the first 100; all null for JSON, whose positions
   * position(text, name, finding.node) gives. */
  positions: (Position | null)[];
}

/** What `jgflint --fix [--unsafe-fixes]` writes and reports. */
export interface FixResult {
  /** The fixed record (bytes decoded as UTF-8). */
  text: string;
  /** The bytes `jgflint --fix` writes. */
  bytes: Uint8Array;
  /** The findings that remain. */
  diagnostics: Diagnostic[];
  summary: Summary;
  /** How many problems were fixed. */
  fixed: number;
  /** The diff `jgflint --diff -q` prints, decoded as UTF-8. */
  diff: string;
  /** Its bytes: those of a record fixed in its own character set (an SGF
   * in Shift_JIS, GBK...), which `diff` cannot show. */
  diffBytes: Uint8Array;
  offsets: [number, number][];
}

export interface FixOptions {
  /** Also apply unsafe fixes (`--unsafe-fixes`). */
  unsafe?: boolean;
  settings?: Settings;
}

/** A record `jgflint --convert` writes, and the name it writes it under. */
export interface ConvertedRecord {
  name: string;
  text: string;
}

/** What convert() writes: `to: 'sgf'` as `jgflint --convert --to sgf`
 * (SGF FF[4]; a JGF record, of any version `--fix` reads, converts too);
 * `'jgf'` (the default) as `jgflint --convert`. Any other value throws a
 * RangeError. */
export interface ConvertOptions {
  to?: 'jgf' | 'sgf';
}

export interface ConversionReport {
  /** The exit status `jgflint --convert` would have. */
  status: number;
  /** What it prints (notes, warnings, errors), one a line. */
  messages: string;
  records: (ConvertedRecord & { bytes: Uint8Array })[];
}

export interface Rule {
  id: string;
  category: string;
  severity: Severity;
  fixes: 'safe' | 'unsafe' | 'safe+unsafe' | null;
  summary: string;
  /** Its page (configure --with-rule-docs-url, or the one in this package). */
  url: string;
}

export interface Stone {
  x: number;
  y: number;
  /** The point as players name it (D16). */
  point: string;
  color: 'black' | 'white';
  move: number | null;
  node: string | null;
  [field: string]: unknown;
}

/** The position at a node, as jgf_position_json gives it, or {error}. */
export interface Position {
  node?: string;
  width?: number;
  height?: number;
  stones?: Stone[];
  turn?: 'black' | 'white' | null;
  error?: string;
  [field: string]: unknown;
}

/** Settings the library refused: the message is their findings, one a
 * line, as the program refuses to run with them (exit 2). */
export class SettingsError extends Error {
  readonly name: 'SettingsError';
  /** The settings file's own report. */
  readonly problems: Report | null;
}

/** The library's version (jgf_version). */
export const version: string;
/** Lints a record as `jgflint --format json NAME` does; `name` decides the
 * reader (a .sgf is another format) and names it in the findings. */
export function lint(text: Text, name?: string, settings?: Settings): Report;
/** lint(), with each finding's byte offsets and own fix. */
export function lintDetailed(text: Text, name?: string, settings?: Settings): DetailedReport;
/** Fixes a record as `jgflint --fix` does (`{unsafe: true}`: with
 * `--unsafe-fixes`). */
export function fix(text: Text, name?: string, options?: FixOptions, settings?: Settings): FixResult;
/** Converts an SGF, UGF/UGI, GIB or NGF file (or SGF in JSON) as
 * `jgflint --convert NAME` does: the records and their names; with
 * `{to: 'sgf'}`, as `jgflint --convert --to sgf NAME` (game.sgf, and JGF
 * records too). */
export function convert(text: Text, name?: string, options?: ConvertOptions): ConvertedRecord[];
/** convert(), with its messages and exit status. */
export function convertReport(text: Text, name?: string, options?: ConvertOptions): ConversionReport;
/** What `jgflint --explain NAME` prints for a rule, a category or "all"
 * (without the link to the rule's page); null for no such name. */
export function explain(name: string): string | null;
/** Every rule, sorted by category then id, as `jgflint --list-rules`. */
export function rules(): Rule[];
/** The position at the node a JSON pointer names (or the node it is in). */
export function position(text: Text, name?: string, pointer?: string): Position;

declare const jgflint: {
  version: typeof version;
  lint: typeof lint;
  lintDetailed: typeof lintDetailed;
  fix: typeof fix;
  convert: typeof convert;
  convertReport: typeof convertReport;
  explain: typeof explain;
  rules: typeof rules;
  position: typeof position;
  SettingsError: typeof SettingsError;
};
export default jgflint;
