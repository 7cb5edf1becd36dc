// jgflint in Node (import): the API of index.js over the package's module
// for Node (lib/jgflint-node.cjs, the program's, not run): its East Asian
// character sets are decoded from glibc's tables as the native program's
// are (Node's TextDecoder is ICU's, which reads Big5 and CP949 otherwise),
// and the rule pages' addresses are those of the pages the package
// carries unless it was built for pages on the web (lib/load.cjs).
import createJgflintNode from './lib/jgflint-node.cjs';
import { createApi } from './lib/api.js';
import load from './lib/load.cjs';

const api = createApi(await createJgflintNode(load.options()));

export const { version, lint, lintDetailed, fix, convert, convertReport, explain, rules, position } = api;
export { SettingsError } from './lib/api.js';
export default api;
