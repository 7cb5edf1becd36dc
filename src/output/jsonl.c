/* jsonl: --stream's output line for one record. */
#include "output/jsonl.h"

#include <stdint.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "core/catalog.h"

static void add(json_object *o, const char *key, json_object *v)
{
	dom_add(o, key, v);
}

/* Columns count code points from the start of the input line (each byte
 * that does not continue a UTF-8 sequence); findings are sorted, so the
 * count runs on. */
void jsonl_findings(struct buf *out, const struct jsonl_line *line, const size_t counts[3],
		    const struct document *doc)
{
	json_object *o = dom_object();
	add(o, "line", dom_int((int64_t)line->lineno));
	if (line->with_id)
		add(o, "id", line->id ? json_object_get(line->id) : NULL);
	if (line->blank)
		add(o, "blank", dom_bool(1));
	add(o, "errors", dom_int((int64_t)counts[SEV_ERROR]));
	add(o, "warnings", dom_int((int64_t)counts[SEV_WARNING]));
	add(o, "infos", dom_int((int64_t)counts[SEV_INFO]));
	json_object *list = dom_array();
	size_t pos = doc->body, points = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (line->quiet && d->severity != SEV_ERROR)
			continue;
		json_object *f = dom_object();
		add(f, "rule", dom_string(d->rule->id));
		add(f, "severity", dom_string(severity_name(d->severity)));
		add(f, "message", dom_string(d->message));
		add(f, "pointer", d->pointer ? dom_string(d->pointer) : NULL);
		json_object *col = NULL;
		if (d->line && d->has_offset) {
			size_t at = d->offset > doc->len ? doc->len : d->offset;
			if (at < doc->body)
				at = doc->body;
			if (at < pos)
				pos = doc->body, points = 0;
			for (; pos < at; pos++)
				points += ((unsigned char)doc->text[pos] & 0xC0) != 0x80;
			col = dom_int((int64_t)points + 1);
		}
		add(f, "column", col);
		dom_push(list, f);
	}
	add(o, "findings", list);
	if (line->more) {
		json_object_object_foreach(line->more, key, val)
			add(o, key, json_object_get(val));
		json_object_put(line->more);
	}
	/* The id and pointers are the record's text: escaped for the log. */
	const char *text = dom_json(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, NULL);
	json_escape_invisible(out, text, strlen(text));
	json_object_put(o);
}
