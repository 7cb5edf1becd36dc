// Types of require('jgflint') (index.cjs): the object index.d.ts's
// default export describes.
import type jgflint from './index.js';

declare const api: typeof jgflint;
export = api;
