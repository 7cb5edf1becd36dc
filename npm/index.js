// jgflint for the JavaScript programs that read and write JGF: libjgflint
// compiled to WebAssembly, the same library as the jgflint program's and
// the playground's. This entry is for bundlers and browsers: the module's
// .wasm is fetched from beside lib/jgflint-wasm.js (its `new URL(...,
// import.meta.url)`, which webpack, Vite, Rollup and esbuild follow). Node
// takes index.node.js (import) or index.cjs (require).
import createJgflintModule from './lib/jgflint-wasm.js';
import { createApi } from './lib/api.js';

const api = createApi(await createJgflintModule());

export const { version, lint, lintDetailed, fix, convert, convertReport, explain, rules, position } = api;
export { SettingsError } from './lib/api.js';
export default api;
