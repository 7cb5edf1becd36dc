/* docs_web: the rule pages' base in WebAssembly (web/wasm.sh defines
 * RULE_DOCS_URL as web_rule_docs_url()). The host may name it at run time,
 * as Module.ruleDocsUrl: the npm package names the pages it carries, whose
 * place only it knows; else the build's (configure --with-rule-docs-url). */
#ifdef __EMSCRIPTEN__
#include "base/docs_web.h"

#include <emscripten.h>
#include <stdlib.h>

/* The host's base, copied into the module (malloc), or NULL. */
EM_JS(char *, web_host_docs_url, (void), {
	var url = Module.ruleDocsUrl;
	if (typeof url != 'string' || !url)
		return 0;
	var n = lengthBytesUTF8(url) + 1, p = _malloc(n);
	if (p)
		stringToUTF8(url, p, n);
	return p;
});

const char *web_rule_docs_url(void)
{
	static const char *url;
	if (!url) {
		char *host = web_host_docs_url();
		url = host ? host : RULE_DOCS_URL_BUILT;
	}
	return url;
}
#endif
