/* docs_web: the rule pages' base in WebAssembly (docs_web.c), which
 * web/wasm.sh's RULE_DOCS_URL names. */
#ifndef JGF_DOCS_WEB_H
#define JGF_DOCS_WEB_H

/* The host's Module.ruleDocsUrl, else the build's. */
const char *web_rule_docs_url(void);

#endif
