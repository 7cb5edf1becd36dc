/* nodes: a streamed document's nodes read one at a time by the scanner
 * itself (MODE_NODE: the same scan, building one node's DOM), and the
 * values it skips. */
#include "read/nodes.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "read/scanner.h"

/* The scanner of MODE_NODE, kept from node to node; what it reports is
 * the streamed scan's already, and goes. */
struct scan_reader {
	struct scanner sc;
	struct diag_list quiet;
};

struct scan_reader *scan_reader_new(const char *text, size_t len, struct locator *loc,
				    scan_known_key known_key, const struct scan_tree *tree)
{
	struct scan_reader *r = xcalloc(1, sizeof *r);
	r->sc = (struct scanner){ .s = text, .len = len, .loc = loc, .out = &r->quiet,
				  .known_key = known_key, .mode = MODE_NODE,
				  .unbuilt = SIZE_MAX, .seqs = tree };
	return r;
}

void scan_reader_free(struct scan_reader *r)
{
	if (!r)
		return;
	struct scanner *sc = &r->sc;
	free(sc->frames);
	free(sc->keys);
	buf_free(&sc->keytext);
	buf_free(&sc->scratch);
	buf_free(&sc->member_copy);
	buf_free(&sc->decoded);
	diag_list_free(&r->quiet);
	free(r);
}

bool scan_reader_node(struct scan_reader *r, size_t p, struct scan_node *out)
{
	struct scanner *sc = &r->sc;
	sc->fatal = false;
	sc->root = NULL;
	sc->variations = SIZE_MAX;
	sc->max_depth = 0;
	size_t end = scan_values(sc, p, true);
	if (r->quiet.len)
		diag_list_free(&r->quiet);
	bool ok = !sc->fatal;
	while (sc->depth)
		scan_pop(sc, 0);
	if (!ok) {
		json_put_deep(sc->root, sc->max_depth);
		sc->root = NULL;
	}
	*out = (struct scan_node){ sc->root, p, end, sc->max_depth, ok ? sc->variations : SIZE_MAX };
	sc->root = NULL;
	return ok;
}

size_t scan_skip_value(const struct scan_reader *r, size_t p)
{
	const char *s = r->sc.s;
	const struct scan_seq *seq = s[p] == '[' ? scan_tree_seq(r->sc.seqs, p) : NULL;
	if (seq)
		return seq->end;
	size_t depth = 0;
	do {
		char c = s[p];
		if (!c)
			return p;   /* not a text the scan accepted */
		if (c == '"')
			p = (size_t)(jstring_skip(s + p) - s);
		else if (c == '{' || c == '[')
			depth++, p++;
		else if (c == '}' || c == ']')
			depth--, p++;
		else if (depth && (c == ',' || c == ':' || is_ws(c)))
			p++;
		else
			while (s[p] && !strchr(",:]} \t\n\r", s[p]))
				p++;   /* a number or a literal */
	} while (depth);
	return p;
}

size_t scan_next_element(const char *text, size_t p, bool first)
{
	while (is_ws(text[p]))
		p++;
	if (!first) {
		if (text[p] != ',')
			return SIZE_MAX;
		p++;
		while (is_ws(text[p]))
			p++;
	}
	return text[p] == ']' ? SIZE_MAX : p;
}
