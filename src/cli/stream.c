/* stream: JSON Lines from standard input, one output line per input line.
 *
 * The main thread reads lines and writes results; workers check lines. A
 * ring of a few slots (2 per worker, plus 2) holds the lines in flight: the
 * reader waits for the oldest to be written before reading more, so memory
 * is bounded by a few lines whatever the length of the stream, and results
 * leave in input order. */
#include "cli/stream.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/once.h"
#include "core/catalog.h"
#include "config/config.h"
#include "base/jstring.h"
#include "convert/inplace.h"
#include "door/door.h"
#include "convert/sgftojson.h"
#include "convert/sgfwrite.h"
#include "lint/pipeline.h"
#include "cli/convert_cli.h"
#include "output/jsonl.h"
#include "output/report.h"

/* io-error's words of a line past the limit. */
#define SAY_LINE_TOO_LARGE "the line is larger than 1 GiB, jgflint's limit"

/* A line is a record: the same limit as a file. */
#define LINE_MAX_SIZE JGF_MAX_FILE_SIZE

struct reader {
	int fd;
	char *chunk;
	size_t pos, end;
	int err;                  /* errno of a failed read, or 0 */
};

/* The next line, without its LF (and a CR before it), in *line. A line
 * longer than LINE_MAX_SIZE is read to its end but not kept (*too_long).
 * Returns false at the end of the input (or on a read error). */
static bool read_line(struct reader *r, struct buf *line, bool *too_long)
{
	enum { CHUNK = 1 << 20 };
	bool any = false;
	*too_long = false;
	line->len = 0;
	for (;;) {
		if (r->pos == r->end) {
			ssize_t n = read(r->fd, r->chunk, CHUNK);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				r->err = errno;
			if (n <= 0)
				break;
			r->pos = 0;
			r->end = (size_t)n;
		}
		any = true;
		char *nl = memchr(r->chunk + r->pos, '\n', r->end - r->pos);
		size_t n = (nl ? (size_t)(nl - r->chunk) : r->end) - r->pos;
		if (!*too_long && line->len + n > LINE_MAX_SIZE) {
			*too_long = true;
			buf_free(line);
		}
		if (!*too_long)
			buf_add(line, r->chunk + r->pos, n);
		r->pos += n + (nl != NULL);
		if (nl)
			break;
	}
	if (line->len && line->data[line->len - 1] == '\r')
		buf_truncate(line, line->len - 1);
	return any && !r->err;
}

struct slot {
	struct buf line;          /* the input line */
	bool too_long;
	unsigned long lineno;
	char *out;                /* the output line, with its LF */
	size_t out_len;
	char *report;             /* with --fix: the findings that remain, as a line */
	size_t report_len;
	size_t counts[3];         /* findings by severity */
	bool trouble;             /* --convert: the line could not be converted */
	bool done;
};

struct stream {
	struct run_options *o;
	const char *id_field;
	FILE *report;             /* -o FILE: the findings lines; NULL: standard
				     output (with --fix, standard error) */
	const char *name;         /* the documents' name, for configuration */
	const struct config *cfg;
	const struct convert_options *conv;   /* --convert: what to write; NULL: a check */
	struct lint_settings settings;  /* cli's over cfg's, for every line */
	struct slot *ring;
	size_t size;
	size_t head;              /* lines read */
	size_t take;              /* lines taken by workers */
	bool eof;
	pthread_mutex_t lock;
	pthread_cond_t work;      /* a line was read, or the input ended */
	pthread_cond_t done;      /* a line was checked */
};

static bool blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* The value at a dotted path (game.name; an array index is a number), or
 * NULL. */
static json_object *field(json_object *v, const char *path)
{
	const char *p = path;
	while (v && *p) {
		size_t n = strcspn(p, ".");
		char *name = xstrndup(p, n);
		json_object *next = NULL;
		if (json_object_is_type(v, json_type_object)) {
			json_object_object_get_ex(v, name, &next);
		} else if (json_object_is_type(v, json_type_array) && name[0] >= '0' && name[0] <= '9') {
			char *end;
			unsigned long i = strtoul(name, &end, 10);
			if (!*end && i < json_object_array_length(v))
				next = json_object_array_get_idx(v, i);
		}
		free(name);
		v = next;
		p += n + (p[n] == '.');
	}
	return v;
}

/* A JSON text as one line: a raw line break can only be white space
 * between tokens, so it goes, with the indentation after it. */
static void one_line(struct buf *out, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n' || text[i] == '\r') {
			while (i + 1 < len && strchr("\r\n\t ", text[i + 1]))
				i++;
			continue;
		}
		buf_addc(out, text[i]);
	}
}

/* A line of a stream is a document that ends where the line does: the
 * scanner's "end of file" is the end of the line, and the second place
 * a message names ("`{` opened at 1:1") is on the stream's line, as the
 * finding's own "line" is. */
static void end_of_line(struct document *doc, unsigned long lineno)
{
	static const char *const from[] = { "unexpected end of file", "the end of the file" };
	static const char *const to[] = { "unexpected end of the line", "the end of the line" };
	static const char *const places[] = { "opened at ", "starts at ", "(first at " };
	for (size_t i = 0; i < doc->diags.len; i++) {
		char *m = doc->diags.items[i].message;
		for (size_t k = 0; k < 2; k++) {
			char *at = m ? strstr(m, from[k]) : NULL;
			if (!at)
				continue;
			struct buf b = BUF_INIT;
			buf_add(&b, m, (size_t)(at - m));
			buf_printf(&b, "%s%s", to[k], at + strlen(from[k]));
			free(m);
			doc->diags.items[i].message = m = buf_detach(&b);
		}
		for (size_t k = 0; m && k < 3; k++) {
			/* the last one: a key quoted before it may hold the words */
			char *at = NULL, *end;
			for (char *f = strstr(m, places[k]); f; f = strstr(f + 1, places[k]))
				at = f;
			unsigned long line = at ? strtoul(at + strlen(places[k]), &end, 10) : 0;
			if (!line || *end != ':')
				continue;
			struct buf b = BUF_INIT;
			buf_add(&b, m, (size_t)(at - m) + strlen(places[k]));
			buf_printf(&b, "%lu%s", lineno + line - 1, end);
			free(m);
			doc->diags.items[i].message = m = buf_detach(&b);
		}
	}
}

/* --convert: one line's games, as the sink of its conversion's check
 * takes them. */
struct line_games {
	const struct stream *s;
	json_object *texts;       /* one per game written */
	json_object *notes;       /* what --convert says, a line each */
	bool trouble;
	char *name;               /* of the game being checked */
	struct buf shown;         /* ... as messages show it */
};

/* Each line of text (ending with LF) as a string of notes. */
static void add_notes(json_object *notes, const char *text, size_t len)
{
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - text - i) : len - i;
		dom_push(notes, dom_string_len(text + i, n));
		i += n + 1;
	}
}

/* --to sgf: what SGF cannot hold (lost, a line each) a note, as --convert
 * says it. */
static void line_lost(struct line_games *lg, const struct buf *lost, const char *name)
{
	struct buf line = BUF_INIT;
	for (char *l = lost->data, *nl; l && *l; l = nl + 1) {
		nl = strchr(l, '\n');
		buf_truncate(&line, 0);
		buf_printf(&line, "%s: note: not in SGF: %.*s", name, (int)(nl - l), l);
		dom_push(lg->notes, dom_string_len(line.data, line.len));
	}
	buf_free(&line);
}

/* A game's SGF (or --to sgfjson: as SGF-in-JSON, a JSON value) among the
 * line's records; name: the record's, for an error. */
static void push_sgf(struct line_games *lg, const struct buf *sgf, const char *name)
{
	if (!lg->s->conv->to_sgfjson) {
		dom_push(lg->texts, dom_string_len(sgf->data ? sgf->data : "", sgf->len));
		return;
	}
	json_object *v = sgf_to_json_value(sgf->data ? sgf->data : "", sgf->len);
	if (v) {
		dom_push(lg->texts, v);
		return;
	}
	struct buf line = BUF_INIT;
	buf_printf(&line, "%s: error: the SGF written does not read back: not written as "
		   "SGF-in-JSON (please report this)", name);
	dom_push(lg->notes, dom_string_len(line.data, line.len));
	buf_free(&line);
	lg->trouble = true;
}

static const struct sgfwrite_options *line_options(const struct line_games *lg,
						   struct sgfwrite_options *o)
{
	*o = (struct sgfwrite_options){ .pass_tt = lg->s->conv->pass_tt,
					.compress = lg->s->conv->compress };
	return o;
}

/* --to sgf: *text (JGF, len bytes, taken over) written as SGF into out;
 * what SGF cannot hold a note, as --convert says it. False when the
 * record is not a JSON object. */
static bool line_sgf(struct line_games *lg, char *text, size_t len, const char *name,
		     struct buf *out)
{
	struct buf lost = BUF_INIT;
	struct sgfwrite_options o;
	bool ok = sgf_write_text(text, len, line_options(lg, &o), out, &lost);
	if (ok) {
		line_lost(lg, &lost, name);
	} else {
		struct buf line = BUF_INIT;
		buf_printf(&line, "%s: error: the record is not a JSON object: not written as SGF",
			   name);
		dom_push(lg->notes, dom_string_len(line.data, line.len));
		buf_free(&line);
		lg->trouble = true;
	}
	buf_free(&lost);
	return ok;
}

/* A record's name, as --convert's for standard input (<stdin>.sgf,
 * <stdin>-2.sgf ...), with the ending of the target. */
static char *line_record_name(const struct stream *s, size_t g, size_t ngames)
{
	char *name = conversion_record_name(s->name, NULL, NULL, g, ngames);
	return s->conv->to_sgf ? conversion_sgf_name(name, s->conv->to_sgfjson) : name;
}

static const char *line_game_name(void *ctx, struct conversion *conv, size_t g)
{
	struct line_games *lg = ctx;
	free(lg->name);
	lg->name = line_record_name(lg->s, g, conv->games.len);
	buf_truncate(&lg->shown, 0);
	return shown_text(&lg->shown, lg->name);
}

static void line_game_done(void *ctx, struct conversion *conv, size_t g, struct converted *rec)
{
	struct line_games *lg = ctx;
	(void)g;
	add_notes(lg->notes, rec->log.data ? rec->log.data : "", rec->log.len);
	if (rec->refused || rec->bugs)
		lg->trouble = true;
	if (!rec->text)
		return;
	if (!lg->s->conv->to_sgf) {
		struct buf kept = BUF_INIT;
		conversion_kept(&kept, lg->shown.data, conv, rec);
		add_notes(lg->notes, kept.data ? kept.data : "", kept.len);
		buf_free(&kept);
		dom_push(lg->texts, dom_string_len(rec->text, rec->len));
		return;
	}
	struct buf sgf = BUF_INIT;
	char *text = rec->text;   /* taken over by the writer */
	rec->text = NULL;
	if (line_sgf(lg, text, rec->len, lg->shown.data, &sgf))
		push_sgf(lg, &sgf, lg->shown.data);
	buf_free(&sgf);
}

/* --convert --to sgf of a JGF record on a line (any version --fix reads):
 * fixed as --fix fixes it (every rule, as --convert does), then written as
 * SGF (sgf_write_fixed, the line read again, as --convert reads a file:
 * whole, or streamed when large); the findings are those of the line as it came. */
static void line_jgf_to_sgf(struct line_games *lg, struct checked *c, struct slot *sl)
{
	const struct stream *s = lg->s;
	char *name = line_record_name(s, 0, 1);
	struct buf shown = BUF_INIT, line = BUF_INIT, sgf = BUF_INIT, lost = BUF_INIT;
	shown_text(&shown, name);
	struct document doc;
	if (sgf_write_whole(sl->line.len)) {
		document_load_buffer(&doc, s->name, sl->line.data, sl->line.len);
	} else {
		char *text = xmalloc(sl->line.len + 1);   /* taken over by the document */
		if (sl->line.len)
			memcpy(text, sl->line.data, sl->line.len);
		text[sl->line.len] = '\0';
		document_load_record(&doc, s->name, text, sl->line.len);
	}
	struct sgfwrite_options o;
	if (!sgf_write_fixed(&doc, line_options(lg, &o), &sgf, &lost, NULL, NULL)) {
		buf_printf(&line, "%s: error: the record could not be fixed to JGF v2: not written",
			   c->doc.path);
		dom_push(lg->notes, dom_string_len(line.data, line.len));
		lg->trouble = true;
	} else {
		line_lost(lg, &lost, shown.data);
		push_sgf(lg, &sgf, shown.data);
	}
	free(name);
	buf_free(&shown);
	buf_free(&line);
	buf_free(&sgf);
	buf_free(&lost);
}

/* --convert: converts one line (a JGF record with --to sgf, SGF-in-JSON,
 * or SGF text on one line) into c (the findings: those --convert reports
 * of a converted input, those of a check of a JGF record) and lg (the
 * records and notes). */
static void convert_line(struct line_games *lg, struct checked *c, struct slot *sl)
{
	const struct stream *s = lg->s;
	struct document doc;
	document_load_buffer(&doc, s->name, sl->line.data, sl->line.len);
	struct buf src = BUF_INIT, log = BUF_INIT;
	shown_text(&src, s->name);
	struct conversion conv;
	if (!conversion_check_read(&conv, &doc, s->conv->encoding)) {
		bool record = doc.parsed && json_object_is_type(doc.root, json_type_object);
		if (!(record && s->conv->to_sgf)) {
			conversion_nothing(&log, src.data, &conv, &doc, s->conv->to_sgf);
			add_notes(lg->notes, log.data ? log.data : "", log.len);
			lg->trouble = true;
		}
		door_check(c, &doc, &(struct door_request){ .settings = &s->settings, .line = true });
		if (record && s->conv->to_sgf)
			line_jgf_to_sgf(lg, c, sl);
		buf_free(&src);
		buf_free(&log);
		return;
	}
	conversion_print_plain_notes(&log, src.data, &conv.notes);
	if (conversion_nothing(&log, src.data, &conv, &doc, s->conv->to_sgf))
		lg->trouble = true;
	add_notes(lg->notes, log.data ? log.data : "", log.len);
	struct conversion_sink sink = { .src = src.data, .name = line_game_name,
					.game = line_game_done, .ctx = lg };
	struct buf bugs = BUF_INIT;
	if (door_convert(c, &conv, &doc, &(struct door_request){ .settings = &s->settings,
								  .line = true, .bugs = &bugs }, &sink))
		lg->trouble = true;
	add_notes(lg->notes, bugs.data ? bugs.data : "", bugs.len);
	diag_list_sort(&c->doc.diags);
	buf_free(&bugs);
	buf_free(&src);
	buf_free(&log);
}

/* Checks (and with --fix, fixes; with --convert, converts) one line;
 * fills its output. */
static void check_line(const struct stream *s, struct slot *sl)
{
	const struct run_options *o = s->o;
	struct buf out = BUF_INIT;
	struct checked c = { 0 };
	bool is_blank = !sl->too_long && blank(sl->line.data ? sl->line.data : "", sl->line.len);
	struct line_games lg = { .s = s, .shown = BUF_INIT };
	if (s->conv) {
		lg.texts = dom_array();
		lg.notes = dom_array();
	}
	if (sl->too_long) {
		c.doc = (struct document){ .path = xstrdup(s->name) };
		diag_file(&c.doc.diags, &rule_io_error, SAY_LINE_TOO_LARGE);
		lg.trouble = s->conv != NULL;
	} else if (!is_blank && s->conv) {
		load_share_budget(true);   /* the lines in flight stay within the budget */
		convert_line(&lg, &c, sl);
		end_of_line(&c.doc, sl->lineno);
	} else if (!is_blank) {
		struct document doc;
		load_share_budget(true);   /* the lines in flight stay within the budget */
		document_load_buffer(&doc, s->name, sl->line.data, sl->line.len);
		/* As a file is checked: SGF-in-JSON and OGS's JSON where they are.
		 * A converter bug is the program's trouble (exit 2), said on
		 * standard error. */
		struct buf bugs = BUF_INIT;
		if (door_check(&c, &doc, &(struct door_request){ .settings = &s->settings, .fix = o->fix,
								  .unsafe = o->unsafe, .line = true,
								  .bugs = &bugs })) {
			sl->trouble = true;
			fputs(bugs.data ? bugs.data : "", stderr);
		}
		buf_free(&bugs);
		end_of_line(&c.doc, sl->lineno);
	}
	if (o->fix && !is_blank) {
		/* The record as --fix - writes it (on one line), or as it came
		 * (one read in place: its bytes, the text shown decoded). */
		if (c.bytes)
			one_line(&out, c.bytes, c.bytes_len);
		else if (c.doc.text && !c.fix_broke)
			one_line(&out, c.doc.text, c.doc.len);
		else
			one_line(&out, sl->line.data ? sl->line.data : "", sl->line.len);
	}
	for (int v = SEV_INFO; v <= SEV_ERROR; v++)
		sl->counts[v] = diag_list_count(&c.doc.diags, (enum severity)v);
	/* The findings; with --fix, those that remain, in a line of their own
	 * (-o FILE, or standard error) beside the fixed record. */
	struct buf report = BUF_INIT;
	struct jsonl_line line = { sl->lineno, s->id_field != NULL, NULL, is_blank, o->quiet, NULL };
	if (s->id_field && c.doc.parsed)
		line.id = field(c.doc.root, s->id_field);
	if (s->conv) {
		line.more = dom_object();
		dom_add(line.more, "notes", lg.notes);
		dom_add(line.more, s->conv->to_sgfjson ? "sgfjson" : s->conv->to_sgf ? "sgf" : "jgf",
			lg.texts);
		sl->trouble = lg.trouble;
		free(lg.name);
		buf_free(&lg.shown);
	}
	if (!o->fix || s->report || sl->counts[0] + sl->counts[1] + sl->counts[2]) {
		jsonl_findings(o->fix ? &report : &out, &line, sl->counts, &c.doc);
		buf_addc(o->fix ? &report : &out, '\n');
	}
	sl->report_len = report.len;
	sl->report = buf_detach(&report);
	if (o->fix)
		buf_addc(&out, '\n');
	checked_free(&c);
	load_share_budget(false);
	buf_free(&sl->line);
	sl->out_len = out.len;
	sl->out = buf_detach(&out);
}

static void *worker(void *arg)
{
	struct stream *s = arg;
	pthread_mutex_lock(&s->lock);
	for (;;) {
		while (s->take == s->head && !s->eof)
			pthread_cond_wait(&s->work, &s->lock);
		if (s->take == s->head)
			break;
		struct slot *sl = &s->ring[s->take++ % s->size];
		pthread_mutex_unlock(&s->lock);
		check_line(s, sl);
		pthread_mutex_lock(&s->lock);
		sl->done = true;
		pthread_cond_signal(&s->done);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

struct totals {
	size_t counts[3];
	bool write_failed;
	bool report_failed;       /* -o FILE could not be written */
	bool trouble;             /* --convert: a line could not be converted */
};

/* Writes the oldest line in flight once it is checked. */
static void write_slot(struct stream *s, struct slot *sl, struct totals *t, bool threads)
{
	if (threads) {
		pthread_mutex_lock(&s->lock);
		while (!sl->done)
			pthread_cond_wait(&s->done, &s->lock);
		pthread_mutex_unlock(&s->lock);
	}
	/* -o FILE takes the findings lines; the fixed records stay on stdout. */
	FILE *lines = !s->o->fix && s->report ? s->report : stdout;
	if (lines == stdout && !t->write_failed &&
	    fwrite(sl->out, 1, sl->out_len, lines) != sl->out_len)
		t->write_failed = true;
	if (lines != stdout && !t->report_failed &&
	    fwrite(sl->out, 1, sl->out_len, lines) != sl->out_len)
		t->report_failed = true;
	if (sl->report_len && fwrite(sl->report, 1, sl->report_len, s->report ? s->report : stderr) !=
			      sl->report_len)
		t->report_failed = true;
	free(sl->report);
	for (int v = 0; v < 3; v++)
		t->counts[v] += sl->counts[v];
	t->trouble |= sl->trouble;
	free(sl->out);
	*sl = (struct slot){ 0 };
}

/* A configuration with problems is reported as file mode reports it (as
 * findings of its file, through a reporter), and stops the run. */
static bool configuration_valid(const struct config *cfg)
{
	if (!cfg || cfg->valid)
		return true;
	struct reporter *r = reporter_new(&format_concise, stderr, &(struct report_options){ 0 });
	reporter_document(r, &cfg->doc, NULL);
	reporter_finish(r, &(struct summary){ 0 });
	return false;
}

/* Starts the workers that check lines (none for one job); returns how
 * many started. */
static long start_workers(struct stream *s, pthread_t **threads)
{
	long n = s->o->jobs > 0 ? s->o->jobs : sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	s->size = 2 * (size_t)n + 2;
	s->ring = xcalloc(s->size, sizeof *s->ring);
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->work, NULL);
	pthread_cond_init(&s->done, NULL);
	*threads = xcalloc((size_t)n, sizeof **threads);
	long started = 0;
	run_prepare_threads(n);
	pthread_attr_t attr;
	thread_attr_worker(&attr);
	while (n > 1 && started < n && pthread_create(&(*threads)[started], &attr, worker, s) == 0)
		started++;
	pthread_attr_destroy(&attr);
	return started;
}

static void stop_workers(struct stream *s, pthread_t *threads, long started)
{
	for (long i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	free(s->ring);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->work);
	pthread_cond_destroy(&s->done);
}

/* Reads every line of r, has it checked (by the workers, if any started)
 * and writes its results, in input order. */
static void run_lines(struct stream *s, struct reader *r, struct totals *t, bool threads)
{
	size_t written = 0;
	struct buf line = BUF_INIT;
	bool too_long;
	for (unsigned long lineno = 1; read_line(r, &line, &too_long); lineno++) {
		if (s->head - written == s->size)
			write_slot(s, &s->ring[written++ % s->size], t, threads);
		struct slot *sl = &s->ring[s->head % s->size];
		*sl = (struct slot){ .line = line, .too_long = too_long, .lineno = lineno };
		line = (struct buf)BUF_INIT;
		if (!threads) {
			check_line(s, sl);
			s->head++;
			write_slot(s, sl, t, false);
			written++;
			continue;
		}
		pthread_mutex_lock(&s->lock);
		s->head++;
		pthread_cond_signal(&s->work);
		pthread_mutex_unlock(&s->lock);
	}
	buf_free(&line);
	pthread_mutex_lock(&s->lock);
	s->eof = true;
	pthread_cond_broadcast(&s->work);
	pthread_mutex_unlock(&s->lock);
	while (written < s->head)
		write_slot(s, &s->ring[written++ % s->size], t, threads);
}

/* After the last line: what could not be read or written, the report file
 * committed, and the exit status with the warning policy of file mode (the
 * command line's over the configuration's). */
static int finish(struct stream *s, const struct reader *r, struct totals *t,
		  struct pending_file *pending, const char *report)
{
	/* Said once, here (main's write_close_stdout says nothing more). */
	if (!write_flush_stdout())
		t->write_failed = true;
	if (r->err)
		fprintf(stderr, "jgflint: cannot read standard input: %s\n", strerror(r->err));
	int err;
	if (s->report && t->report_failed) {
		int saved = errno;
		write_abandon(pending);
		fprintf(stderr, "jgflint: cannot write %s: %s; %s\n", report, strerror(saved),
			write_outcome(pending));
	} else if (s->report && (err = write_commit(pending)) != 0) {
		fprintf(stderr, "jgflint: cannot write %s: %s; %s\n", report,
			write_error(err, NULL), write_outcome(pending));
		t->report_failed = true;
	}
	s->report = NULL;
	const struct run_options *o = s->o;
	const struct config *cfg = s->cfg;
	size_t warnings = t->counts[SEV_WARNING];
	struct buf why = BUF_INIT;
	struct outcome outcome = {
		.trouble = r->err || t->write_failed || t->report_failed || t->trouble,
		.exit_zero = o->exit_zero,
		.errors = t->counts[SEV_ERROR],
		.warnings_fail = settings_warnings_fail(&o->cli, cfg ? &cfg->file : NULL,
							cfg ? cfg->doc.path : NULL, warnings, warnings,
							&why),
	};
	int status = outcome_status(&outcome);
	/* A run that fails on warnings says why, as outside --stream. */
	if (outcome.warnings_fail && status == EXIT_FINDINGS && (!o->quiet || !t->counts[SEV_ERROR]))
		fputs(why.data, stderr);
	buf_free(&why);
	return status;
}

int stream_run(struct run_options *o, const char *id_field, const char *report,
	       const struct convert_options *conv)
{
	struct config *fixed;
	if (!run_configure(o, &fixed))
		return EXIT_TROUBLE;
	struct stream s = { .o = o, .id_field = id_field, .conv = conv };
	/* Written whole or not at all, as the reports of file mode (write.h). */
	struct pending_file pending;
	int err = report && strcmp(report, "-") != 0 ? write_begin(&pending, report) : 0;
	if (err) {
		fprintf(stderr, "jgflint: cannot write %s: %s\n", report, write_error(err, NULL));
		config_free(fixed);
		return EXIT_TROUBLE;
	}
	if (report && strcmp(report, "-") != 0)
		s.report = pending.file;
	s.name = o->stdin_filename ? o->stdin_filename : "<stdin>";
	s.cfg = config_for(o->stdin_filename ? o->stdin_filename : "./-");
	s.settings = config_settings(&o->cli, s.cfg, s.name);
	int status = EXIT_TROUBLE;
	if (configuration_valid(s.cfg)) {
		pthread_t *threads;
		long started = start_workers(&s, &threads);
		struct reader r = { .fd = STDIN_FILENO, .chunk = xmalloc(1 << 20) };
		struct totals t = { 0 };
		run_lines(&s, &r, &t, started > 0);
		stop_workers(&s, threads, started);
		free(r.chunk);
		status = finish(&s, &r, &t, &pending, report);
	}
	if (s.report)   /* not begun: the previous report stays */
		write_abandon(&pending);
	config_settings_done(&s.settings);
	config_cache_free();
	config_free(fixed);
	return status;
}
