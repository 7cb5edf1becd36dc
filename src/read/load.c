/* load: reading inputs, strict scanning, and building the json-c DOM. */
#include "read/load.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "base/bound.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/jstring.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "read/nodes.h"
#include "read/scan.h"
#include "core/schema.h"
#include "read/lhaload.h"
#include "read/sniff.h"

/* The loader's words: a file it does not read (io-error), a document
 * over the memory budget, a binary file. */
#define SAY_READ_FAILED "cannot read %s: %s"
#define SAY_FILE_TOO_LARGE "file is larger than 1 GiB, jgflint's limit"
#define SAY_PAST_LIMIT "larger than 1 GiB, jgflint's limit"   /* SAY_READ_FAILED's reason */
#define SAY_TOO_LARGE "reading this %s file as a document would take about %s of memory, " \
	"more than the %s budget (--max-memory); it was not checked"
#define SAY_BINARY "this is a binary file (%s), not a JSON text: jgflint checks JGF records " \
	"and converts SGF, UGF, GIB and NGF text; nothing in it was checked"


static size_t budget;   /* 0: not set, derived from the machine */

static size_t derived;   /* the default, 0: not read yet */

void load_set_memory_budget(size_t bytes)
{
	__atomic_store_n(&budget, bytes, __ATOMIC_RELAXED);   /* the library's callers may race */
	__atomic_store_n(&derived, 0, __ATOMIC_RELAXED);   /* the limits may have changed */
}

static size_t smaller(size_t a, rlim_t b)
{
	return b != RLIM_INFINITY && b < a ? (size_t)b : a;
}

size_t load_memory_budget(void)
{
	size_t set = __atomic_load_n(&budget, __ATOMIC_RELAXED);
	if (set)
		return set;
	/* Read once (and after each load_set_memory_budget): asked twice a
	 * record, it took three system calls (sysinfo, two getrlimit) each
	 * time for what a run does not change. */
	size_t known = __atomic_load_n(&derived, __ATOMIC_RELAXED);
	if (known)
		return known;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	size_t m = pages > 0 && page > 0 && (size_t)pages <= SIZE_MAX / (size_t)page ?
		   (size_t)pages * (size_t)page : SIZE_MAX;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0)
		m = smaller(m, rl.rlim_cur);
	if (getrlimit(RLIMIT_DATA, &rl) == 0)
		m = smaller(m, rl.rlim_cur);
	/* Half: the process needs room besides the document (its text, the
	 * locator, the findings, other jobs). */
	__atomic_store_n(&derived, m / 2, __ATOMIC_RELAXED);
	return m / 2;
}

/* What json-c 0.16 allocates on 64-bit glibc, measured (max RSS of 4 to
 * 50 MB documents of moves, comments, empty objects, empty arrays and
 * numbers, and of games as variations, malloc overhead included), rounded
 * up: an object with its hash table cut to its members (scan.c's shrink,
 * from SCAN_SHRINK_MIN on: json-c gives each 16 entries), an array with
 * its slots cut likewise, any other value with its entry in its container. */
#define COST_OBJECT 288
#define COST_ARRAY 176
#define COST_VALUE 96
/* Below SCAN_SHRINK_MIN, json-c's sizes: 16 entries, 32 slots. */
#define COST_OBJECT_FULL 800
#define COST_ARRAY_FULL 400

size_t load_estimate_memory(const char *text, size_t len)
{
	size_t objects = 0, arrays = 0, commas = 0;
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{') {
			objects++;
		} else if (c == '[') {
			arrays++;
		} else if (c == ',') {
			commas++;
		}
	}
	/* Every value but the first follows a comma or opens a container; string
	 * values are copied (len bounds their bytes), the text is held too. */
	bool cut = len >= SCAN_SHRINK_MIN;
	return 2 * len + objects * (cut ? COST_OBJECT : COST_OBJECT_FULL) +
	       arrays * (cut ? COST_ARRAY : COST_ARRAY_FULL) + (commas + 1) * COST_VALUE;
}

/* A record checked as it streams (scan_json_streamed; a converter's
 * record): its text, the line table (a size_t a line, grown by doubling),
 * the index of its arrays (a scan_seq each, grown likewise), and a little
 * for each object the check keeps track of; its nodes are built one at a
 * time, so not at the DOM's cost (a game of 1,000,000 moves: a 55 MB
 * record, 1.2 GB as a DOM, about 100 MB so). */
#define COST_STREAMED_OBJECT 32
/* The bytes of w (8 of them) that are c's, counted: the exact test for a
 * zero byte of w ^ c, its high bits summed by one multiplication. */
static size_t count_byte(uint64_t w, unsigned char c)
{
	const uint64_t ones = 0x0101010101010101u, low7 = 0x7F7F7F7F7F7F7F7Fu;
	uint64_t x = w ^ (ones * c);
	uint64_t zero = ~(((x & low7) + low7) | x | low7);
	return (size_t)(((zero >> 7) * ones) >> 56);
}

#ifdef __SSE2__
/* Sixteen bytes at a time, each byte's matches counted in a lane of its
 * own (a compare is -1 where it matches) and the lanes summed before one
 * can pass 255. */
static size_t count_runs(const char *text, size_t len, size_t *lines, size_t *arrays,
			 size_t *objects)
{
	const __m128i nl = _mm_set1_epi8('\n'), sq = _mm_set1_epi8('['), cu = _mm_set1_epi8('{');
	const __m128i zero = _mm_setzero_si128();
	size_t i = 0;
	while (i + 16 <= len) {
		__m128i a = zero, b = zero, c = zero;
		for (int k = 0; k < 255 && i + 16 <= len; k++, i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
			a = _mm_sub_epi8(a, _mm_cmpeq_epi8(v, nl));
			b = _mm_sub_epi8(b, _mm_cmpeq_epi8(v, sq));
			c = _mm_sub_epi8(c, _mm_cmpeq_epi8(v, cu));
		}
		a = _mm_sad_epu8(a, zero), b = _mm_sad_epu8(b, zero), c = _mm_sad_epu8(c, zero);
		*lines += (size_t)_mm_cvtsi128_si32(a) + (size_t)_mm_extract_epi16(a, 4);
		*arrays += (size_t)_mm_cvtsi128_si32(b) + (size_t)_mm_extract_epi16(b, 4);
		*objects += (size_t)_mm_cvtsi128_si32(c) + (size_t)_mm_extract_epi16(c, 4);
	}
	return i;
}
#endif

size_t load_estimate_streamed(const char *text, size_t len)
{
	/* Many bytes at a time: a byte at a time, counting took 4% of
	 * checking a large SGF tree in place, whose record is estimated. */
	size_t lines = 1, arrays = 0, objects = 0, i = 0;
#ifdef __SSE2__
	i = count_runs(text, len, &lines, &arrays, &objects);
#endif
	for (uint64_t w; i + 8 <= len; i += 8) {
		memcpy(&w, text + i, 8);
		lines += count_byte(w, '\n');
		arrays += count_byte(w, '[');
		objects += count_byte(w, '{');
	}
	for (; i < len; i++) {
		char c = text[i];
		lines += c == '\n';
		arrays += c == '[';
		objects += c == '{';
	}
	return len + 2 * lines * sizeof(size_t) + 2 * arrays * sizeof(struct scan_seq) +
	       objects * COST_STREAMED_OBJECT;
}

/* The most memory a DOM takes per byte of text (`[{},{},…]`): smaller
 * files cannot exceed the budget and are not estimated. */
#define MAX_COST_PER_BYTE (COST_OBJECT_FULL / 3 + 2 * COST_VALUE)

/* "512 bytes", "12 KB", "563 MB", "1.5 GB" (powers of 1024, as --max-memory). */
static void human_size(char *out, size_t len, size_t n)
{
	if (n >= (size_t)1 << 30)
		snprintf(out, len, "%.1f GB", (double)n / (1 << 30));
	else if (n >= (size_t)1 << 20)
		snprintf(out, len, "%zu MB", (n + (1 << 19)) >> 20);
	else if (n >= 1024)
		snprintf(out, len, "%zu KB", (n + 512) >> 10);
	else
		snprintf(out, len, "%zu bytes", n);
}

/* The budget shared by the documents of a run's jobs (load_share_budget):
 * what those held now take, by their estimates. A document only waits for
 * room when its thread holds none (a job's first document; the fix loop's
 * next one is taken at once, fixing having been refused when two copies of
 * the document cannot fit, pipeline.c), and every part held belongs to a
 * job under way, which gives it back when done: waiting never closes a
 * cycle. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_freed = PTHREAD_COND_INITIALIZER;
static size_t pool_used;
static _Thread_local bool pool_member;   /* this thread is running a job */
static _Thread_local size_t pool_held;   /* by this thread's documents */

void load_share_budget(bool on)
{
	pool_member = on;
}

static void reserve(struct document *doc, size_t need, size_t limit)
{
	pthread_mutex_lock(&pool_lock);
	while (pool_used && pool_used + need > limit && !pool_held)
		pthread_cond_wait(&pool_freed, &pool_lock);
	pool_used += need;
	pool_held += need;
	doc->reserved = need;
	doc->reserver = pthread_self();
	pthread_mutex_unlock(&pool_lock);
}

void load_release(struct document *doc)
{
	if (!doc->reserved)
		return;
#ifdef __GLIBC__
	/* Freed, a large DOM stays in its thread's malloc arena, where the next
	 * job's thread cannot use it: given back first, the jobs that waited
	 * for it do not add to the memory in use (two 140 MB records with -j 2
	 * peaked at 1.9 GB, as much as both at once, not 0.9). */
	if (!doc->root)
		malloc_trim(0);
#endif
	pthread_mutex_lock(&pool_lock);
	pool_used -= doc->reserved;
	if (pthread_equal(doc->reserver, pthread_self()))
		pool_held -= doc->reserved;
	pthread_cond_broadcast(&pool_freed);
	pthread_mutex_unlock(&pool_lock);
	doc->reserved = 0;
}

bool load_room_to_fix(const struct document *doc)
{
	/* The document and the next version of it are held at once. */
	return doc->estimate <= load_memory_budget() / 2;
}

static void human_size(char *out, size_t len, size_t n);

void load_why_no_room_to_fix(struct buf *out, const struct document *doc)
{
	char want[32], have[32];
	human_size(want, sizeof want, 2 * doc->estimate);
	human_size(have, sizeof have, load_memory_budget());
	buf_printf(out, "fixing it would take about %s of memory (the document and its fixed "
		   "version at once), more than the %s budget (--max-memory)", want, have);
}

/* Refuses a document the budget cannot hold, before building its DOM; in
 * a run that shares the budget, takes its part of it (documents that could
 * take more than a sixteenth of it). */
static bool too_large(struct document *doc, bool streamed)
{
	size_t limit = load_memory_budget();
	bool shared = pool_member;
	size_t lha;
	if (doc->len <= limit / MAX_COST_PER_BYTE / (shared ? 16 : 1))
		return false;
	/* An LHA archive (UGZ) is no JSON: the length its header gives is
	 * checked before it is inflated (convert/ugz.c). */
	if (sniff_lha(doc->text, doc->len, &lha))
		return false;
	size_t need = streamed ? load_estimate_streamed(doc->text, doc->len) :
			       load_estimate_memory(doc->text, doc->len);
	doc->estimate = need;
	if (need <= limit) {
		if (shared)
			reserve(doc, need, limit);
		return false;
	}
	char size[32], want[32], have[32];
	human_size(size, sizeof size, doc->len);
	human_size(want, sizeof want, need);
	human_size(have, sizeof have, limit);
	diag_file(&doc->diags, &rule_json_too_large, SAY_TOO_LARGE, size, want, have);
	return true;
}

static void stream_root_node(struct document *doc);

/* stream: a converter's record (document_load_record). */
static void parse(struct document *doc, bool stream)
{
	/* A converter's record is checked as it streams, and costs that. */
	if (too_large(doc, stream && doc->len >= load_stream_min(true)))
		return;
	doc->loc = locator_new(doc->text, doc->len, scan_bom_length(doc->text, doc->len));
	/* A binary file would only give a JSON syntax error about its first
	 * control character: say what it is. */
	const char *binary = sniff_binary(doc->text, doc->len);
	if (binary) {
		diag_at(&doc->diags, &rule_foreign_format, 0, NULL, SAY_BINARY, binary);
		return;
	}
	/* SGF and UGF text would only give JSON syntax errors: name it instead. */
	enum text_format f = sniff_text(doc->text, doc->len);
	if (f == TEXT_UGZ && !sniff_ugz_readable()) {
		diag_at(&doc->diags, &rule_foreign_format, 0, NULL, "%s", sniff_ugz_unreadable);
		return;
	}
	if (f != TEXT_OTHER) {
		char *words = document_foreign_words(doc, sniff_description(f), false);
		diag_at(&doc->diags, &rule_foreign_format, 0, NULL, "%s", words);
		free(words);
		return;
	}
	/* Most keys of a record are the schema's: the DOM shares those. */
	bool streamed = doc->len >= load_stream_min(stream);
	struct scan_result res = streamed ?
		scan_json_streamed(doc->text, doc->len, doc->loc, &doc->diags, schema_known_key,
				   &doc->tree) :
		scan_json(doc->text, doc->len, doc->loc, &doc->diags, schema_known_key);
	doc->body = res.body;
	doc->depth = res.depth;
	doc->parsed = res.parsable;
	if (doc->parsed)
		doc->root = res.root;
	else
		dom_give_back(res.root, res.depth);
	if (!streamed)
		return;
	if (!doc->parsed || doc->tree.tree == SIZE_MAX) {
		scan_tree_free(&doc->tree);   /* nothing to stream */
		return;
	}
	stream_root_node(doc);
}

/* Whether the first move of the nodes after the root node (ending at p),
 * to the RECORD_NGGO_NODES record_classify looks at, is in ngGo's shape. */
static bool nggo_moves_ahead(struct document *doc, struct scan_reader *r, size_t p)
{
	for (size_t i = 1; i < RECORD_NGGO_NODES; i++) {
		struct scan_node node;
		p = scan_next_element(doc->text, p, false);
		if (p == SIZE_MAX || !scan_reader_node(r, p, &node))
			return false;
		int nggo = record_nggo_move(node.value);
		json_put_deep(node.value, node.depth);
		if (nggo >= 0)
			return nggo;
		p = node.end;
	}
	return false;
}

/* A streamed document whose DOM and tree are made: root.tree gets its
 * root node. */
static void stream_root_node(struct document *doc)
{
	doc->streamed = true;
	/* root.tree holds its root node (record_classify reads it). */
	const struct scan_seq *tree = &doc->tree.seqs[doc->tree.tree];
	size_t first = scan_next_element(doc->text, tree->start + 1, true);
	struct scan_reader *r = scan_reader_new(doc->text, doc->len, doc->loc, schema_known_key,
						&doc->tree);
	if (doc->made)
		scan_reader_made(r);
	struct scan_node node;
	bool read = first != SIZE_MAX && scan_reader_node(r, first, &node);
	if (read)
		dom_push(member(doc->root, "tree"), node.value);
	bool nggo = read && nggo_moves_ahead(doc, r, node.end);
	scan_reader_free(r);
	/* record_classify reads ngGo's dialect from the first moves, which
	 * this DOM lacks: such a record (its migration reads it whole too)
	 * is read whole, as it is below the streaming size */
	if (nggo)
		document_whole(doc);
}

static size_t stream_min = SIZE_MAX;   /* the test hook's; SIZE_MAX: not set */

void load_test_stream_min(size_t min)
{
	stream_min = min;
}

size_t load_stream_min(bool record)
{
	if (stream_min == SIZE_MAX)
		return record ? 0 : SIZE_MAX;
	return stream_min;
}

void document_whole(struct document *doc)
{
	if (!doc->streamed)
		return;
	struct diag_list quiet = { 0 };
	struct scan_result res = scan_json(doc->text, doc->len, doc->loc, &quiet, schema_known_key);
	diag_list_free(&quiet);
	dom_give_back(doc->root, doc->depth);
	doc->root = res.root;
	doc->depth = res.depth;
	doc->classified = false;   /* a new DOM */
	scan_tree_free(&doc->tree);
	doc->streamed = doc->made = false;
}

const struct record_info *document_record(struct document *doc)
{
	if (!doc->classified) {
		record_classify(doc->root, &doc->rec);
		doc->classified = true;
	}
	return &doc->rec;
}

/* Takes text over; record: a converter's record (load_stream_min). */
static void load_text(struct document *doc, const char *name, char *text, size_t len, bool record)
{
	*doc = (struct document){ .path = xstrdup(name) };
	if (len > JGF_MAX_FILE_SIZE) {
		free(text);
		diag_file(&doc->diags, &rule_io_error, SAY_FILE_TOO_LARGE);
		doc->io_failed = true;
		return;
	}
	doc->text = text;
	doc->len = len;
	parse(doc, record);
}

void document_load_buffer(struct document *doc, const char *name,
			  const char *data, size_t len)
{
	char *text = len <= JGF_MAX_FILE_SIZE ? xmalloc(len + 1) : NULL;
	if (text) {
		memcpy(text, data, len);
		text[len] = '\0';
	}
	load_text(doc, name, text, len, false);
}

void document_load_record(struct document *doc, const char *name, char *text, size_t len)
{
	load_text(doc, name, text, len, true);
}

void document_load_dom(struct document *doc, const char *name, json_object *root, size_t depth)
{
	*doc = (struct document){ .path = xstrdup(name), .parsed = true, .root = root,
				  .depth = depth };
}

void document_load_shaped(struct document *doc, const char *name, char *text, size_t len,
			  json_object *root, size_t depth, struct scan_tree *tree)
{
	if (len > JGF_MAX_FILE_SIZE || len < load_stream_min(true)) {
		json_object_put(root);   /* read as any record is */
		scan_tree_free(tree);
		load_text(doc, name, text, len, true);
		return;
	}
	*doc = (struct document){ .path = xstrdup(name), .text = text, .len = len };
	if (too_large(doc, true)) {
		json_object_put(root);
		scan_tree_free(tree);
		return;
	}
	doc->loc = locator_new(text, len, 0);
	doc->depth = depth;
	doc->parsed = true;
	doc->root = root;
	doc->tree = *tree;
	*tree = (struct scan_tree){ .tree = SIZE_MAX };
	doc->made = true;
	stream_root_node(doc);
	doc->made = doc->streamed;
}

/* doc's text, lha_read's of s from start; 0 or an errno value. */
static int take_lha(struct document *doc, struct lha_source *s, size_t start)
{
	struct buf b = BUF_INIT;
	int err = lha_read(&b, s, start);
	buf_free(&s->ahead);
	if (err) {
		buf_free(&b);
		return err;
	}
	doc->len = b.len;
	doc->text = buf_detach(&b);
	return 0;
}

/* Reads all of fd into doc->text; returns 0 or an errno value. st: fd's
 * fstat, or NULL when it failed. */
static int read_all(struct document *doc, int fd, const struct stat *st)
{
	struct buf b = BUF_INIT;
	/* A regular file's size, held at once: growing by doubling would
	 * take up to twice the text's address space (which ulimit -v counts). */
	if (st && S_ISREG(st->st_mode) && st->st_size > 0) {
		if ((uintmax_t)st->st_size > JGF_MAX_FILE_SIZE)
			return EFBIG;
		char head[9];   /* an LHA header's method, after two bytes */
		ssize_t n = pread(fd, head, sizeof head, 0);
		size_t start;
		if (n > 0 && sniff_lha(head, (size_t)n, &start))
			return take_lha(doc, &(struct lha_source){ .fd = fd, .size = (size_t)st->st_size,
								   .limit = JGF_MAX_FILE_SIZE },
					start);
		b.cap = (size_t)st->st_size + 2;   /* and a byte to see the end */
		b.data = xmalloc(b.cap);
	}
	for (;;) {
		if (b.cap < b.len + 2)
			buf_reserve(&b, 65536);
		ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			buf_free(&b);
			return e;
		}
		if (n == 0)
			break;
		b.len += (size_t)n;
		/* An LHA archive (UGZ) in a stream (its first 9 bytes say) is
		 * read as one in a file, from the bytes read so far on. */
		size_t lha;
		if (b.len - (size_t)n < 9 && sniff_lha(b.data, b.len, &lha))
			return take_lha(doc, &(struct lha_source){ .fd = fd, .stream = true, .ahead = b,
								   .limit = JGF_MAX_FILE_SIZE },
					lha);
		/* JSON text holds no NUL byte: one can only come after the document,
		 * where the scan stops at the first byte that is not white space.
		 * Nothing after it can change the findings, so reading stops there
		 * (and /dev/zero or /dev/urandom are refused after one read). */
		if (memchr(b.data + b.len - (size_t)n, '\0', (size_t)n))
			break;
		if (b.len > JGF_MAX_FILE_SIZE) {
			buf_free(&b);
			return EFBIG;
		}
	}
	b.data[b.len] = '\0';
	doc->len = b.len;
	doc->text = buf_detach(&b);
	return 0;
}

/* record: a JSON text in it streamed as a converter's record (parse). */
static void load_file(struct document *doc, const char *path, bool record)
{
	bool is_stdin = strcmp(path, "-") == 0;
	*doc = (struct document){ .path = xstrdup(is_stdin ? "<stdin>" : path) };
	/* Opened with O_NOFOLLOW first: a path that opens so is no symlink,
	 * which its stamp says with no lstat of it. Any failure (Linux says
	 * ELOOP for a symlink, FreeBSD EMLINK, NetBSD EFTYPE) opens it as it
	 * is, and its stamp reads the link. */
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	bool link = fd < 0;
	if (link)
		fd = open(path, O_RDONLY | O_CLOEXEC);
	int err = fd < 0 ? errno : 0;
	struct stat st;
	bool known = !err && fstat(fd, &st) == 0;
	if (known && S_ISDIR(st.st_mode))
		err = EISDIR;
	/* the file as it was when the read began: one changed while it was
	 * read is not the file its stamp names (a writer refuses it, the
	 * duplicates index reads it again) */
	if (!err && !is_stdin)
		stamp_take(&doc->stamp, path, known ? &st : NULL, link);
	if (!err)
		err = read_all(doc, fd, known ? &st : NULL);
	if (fd >= 0 && !is_stdin)
		close(fd);
	if (err) {
		diag_file(&doc->diags, &rule_io_error, SAY_READ_FAILED,
			  is_stdin ? "standard input" : "the file",
			  err == EFBIG ? SAY_PAST_LIMIT : strerror(err));
		doc->io_failed = true;
		return;
	}
	parse(doc, record);
}

void document_load_file(struct document *doc, const char *path)
{
	load_file(doc, path, false);
}

void document_load_file_record(struct document *doc, const char *path)
{
	load_file(doc, path, true);
}

/* The values a finding's points name (the moves and setups that placed
 * their stones), where they are. */
static void locate_points(struct document *doc, struct diag *d)
{
	for (size_t k = 0; k < d->npoints; k++) {
		struct diag_point *p = &d->points[k];
		struct span sp = { .start = p->start, .end = p->end };
		if (p->end <= p->start &&
		    (!p->pointer || !doc->parsed || !locator_span(doc->loc, p->pointer, &sp)))
			continue;
		locator_linecol(doc->loc, sp.start, &p->line, &p->col);
		locator_linecol(doc->loc, sp.end, &p->end_line, &p->end_col);
	}
}

void document_place(struct diag *d, struct locator *loc, const char *pointer)
{
	locator_place(loc, pointer, d->at_key, &d->offset, &d->end_offset);
	d->has_offset = true;
}

static size_t sequence_end(const void *tree, size_t start)
{
	const struct scan_seq *seq = scan_tree_seq(tree, start);
	return seq ? seq->end : 0;
}

struct locator *document_locator_within(const struct document *doc, size_t start)
{
	return locator_new_within(doc->text, doc->len, start, sequence_end, &doc->tree);
}

/* A document made as a DOM, with no text (document_load_dom): its
 * findings get the order of the places they name, the line and column of
 * their values in the DOM written on one line (in any writing of the DOM,
 * one value comes before another in the same order); the text is written
 * only when there are findings to order. */
static void locate_textless(struct document *doc)
{
	if (doc->diags.len < 2)
		return;
	size_t len;
	const char *json = dom_json(doc->root, JSON_C_TO_STRING_PLAIN, &len);
	struct locator *loc = locator_new(json, len, 0);
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (d->has_offset || !d->pointer)
			continue;
		size_t at, end;
		locator_place(loc, d->pointer, d->at_key, &at, &end);
		locator_linecol(loc, at, &d->line, &d->col);
	}
	locator_free(loc);
}

/* Gives every diagnostic its line and column. Pointers are resolved only
 * here, for findings, so clean files never build the locator's index. */
static void locate_all(struct document *doc)
{
	if (!doc->text && doc->parsed) {
		locate_textless(doc);
		return;
	}
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		locate_points(doc, d);
		if (!d->has_offset && d->pointer && doc->parsed)
			document_place(d, doc->loc, d->pointer);
		/* Start before end: the locator counts on from its last position. */
		if (d->has_offset)
			locator_linecol(doc->loc, d->offset, &d->line, &d->col);
		if (!d->has_offset || d->end_offset <= d->offset || d->end_offset > doc->len)
			d->end_offset = d->offset;   /* unknown (the scanner may know it: scan.c) */
		if (d->end_offset > d->offset) {
			locator_linecol(doc->loc, d->end_offset, &d->end_line, &d->end_col);
			/* A byte order mark has no column of its own: an offset only. */
			if (d->end_line == d->line && d->end_col == d->col)
				d->end_line = d->end_col = 0;
		}
	}
}

/* A finding's offset and rule (document_take_findings). */
struct found_at {
	size_t offset;
	const struct rule *rule;
};

struct found_ask {
	const struct found_at *items;
	size_t offset;
};

static int by_offset(const void *a, const void *b)
{
	size_t x = ((const struct found_at *)a)->offset, y = ((const struct found_at *)b)->offset;
	return (x > y) - (x < y);
}

static bool found_not_before(const void *ctx, size_t i)
{
	const struct found_ask *a = ctx;
	return a->items[i].offset >= a->offset;
}

void document_take_findings(struct document *doc, struct document *from,
			    size_t (*map)(const void *ctx, size_t at), const void *ctx)
{
	for (size_t i = 0; i < from->diags.len; i++) {
		struct diag *d = &from->diags.items[i];
		for (size_t k = 0; k < d->npoints; k++) {
			struct diag_point *p = &d->points[k];
			struct span sp = { .start = p->start, .end = p->end };
			if (p->end <= p->start &&
			    (!p->pointer || !from->parsed || !locator_span(from->loc, p->pointer, &sp)))
				continue;
			p->start = map(ctx, sp.start);
			p->end = map(ctx, sp.end);
		}
		if (!d->has_offset && d->pointer && from->parsed)
			document_place(d, from->loc, d->pointer);
		if (d->has_offset) {
			bool span = d->end_offset > d->offset;
			size_t end = d->end_offset;
			d->offset = map(ctx, d->offset);
			d->end_offset = span ? map(ctx, end) : d->offset;
		}
		fix_free(d->fix);
		d->fix = NULL;
	}
	/* What the loader of doc already found before its text broke (a
	 * duplicate key), from's loader found again: once. doc's findings
	 * by offset, each of from's looked for in log of their number (a
	 * walk of them all for each made a record of n unquoted keys and n
	 * findings past them cost n squared). */
	struct found_at *had = xcalloc(doc->diags.len + 1, sizeof *had);
	size_t nhad = 0, kept = 0;
	for (size_t k = 0; k < doc->diags.len; k++)
		if (doc->diags.items[k].has_offset)
			had[nhad++] = (struct found_at){ doc->diags.items[k].offset,
							 doc->diags.items[k].rule };
	sort_items(had, nhad, sizeof *had, by_offset);
	for (size_t i = 0; i < from->diags.len; i++) {
		struct diag *d = &from->diags.items[i];
		bool again = false;
		size_t k = d->has_offset ? bound_first(0, nhad, found_not_before,
						       &(struct found_ask){ had, d->offset }) : nhad;
		for (; k < nhad && had[k].offset == d->offset && !again; k++)
			again = had[k].rule == d->rule;
		if (again)
			diag_free(d);
		else
			from->diags.items[kept++] = *d;
	}
	free(had);
	from->diags.len = kept;
	diag_list_take(&doc->diags, &from->diags);
}

void document_locate(struct document *doc)
{
	locate_all(doc);
	diag_list_sort(&doc->diags);
}

/* to as a document of text (len bytes, copied; its JSON text from body on)
 * that reads as from: from's path, DOM, classification and words, no
 * locator or findings yet. The one list of what a document reading as
 * another takes of it (document_lend, document_hand). */
static void reads_as(struct document *to, const struct document *from, const char *text,
		     size_t len, size_t body)
{
	*to = (struct document){ .path = xstrdup(from->path), .text = xmalloc(len + 1),
				 .len = len, .body = body, .parsed = from->parsed,
				 .root = from->root, .depth = from->depth, .rec = from->rec,
				 .classified = from->classified, .estimate = from->estimate,
				 .words = from->words };
	memcpy(to->text, text, len);
	to->text[len] = '\0';
}

void document_lend(struct document *to, const struct document *from)
{
	reads_as(to, from, from->text, from->len, from->body);
	to->lent = true;
	/* (from's locator reads from's text, the same bytes as to's) */
	to->loc = from->loc;
	diag_list_copy(&to->diags, &from->diags);
}

void document_hand(struct document *to, struct document *from, const char *text, size_t len)
{
	reads_as(to, from, text, len, scan_bom_length(text, len));
	to->loc = locator_new(to->text, len, to->body);
	to->reserved = from->reserved, to->reserver = from->reserver;
	from->root = NULL;
	from->reserved = 0;
}

void document_hand_back(struct document *from, struct document *to)
{
	from->root = to->root, from->reserved = to->reserved;
	to->root = NULL;
	to->reserved = 0;
}

void document_free(struct document *doc)
{
	if (!doc->lent) {
		dom_give_back(doc->root, doc->depth);
		locator_free(doc->loc);
	}
	doc->root = NULL;
	scan_tree_free(&doc->tree);
	diag_list_free(&doc->diags);
	free(doc->text);
	charset_file_free(doc->file);
	free(doc->path);
	stamp_free(&doc->stamp);
	load_release(doc);
	*doc = (struct document){0};
}

void document_convert_command(struct buf *out, const struct document *doc)
{
	const char *arg = strcmp(doc->path, "<stdin>") == 0 ? "-" : doc->path;
	buf_adds(out, "jgflint --convert ");
	shell_file_arg(out, arg);
	/* Standard input may hold several games, which cannot all go to
	 * standard output; a record beside NAME.jgf (or .JGF) would be the
	 * input's own name. */
	size_t n = strlen(arg);
	if (!strcmp(arg, "-") || (n >= 4 && strcasecmp(arg + n - 4, ".jgf") == 0))
		buf_adds(out, " --output converted");
}

char *document_foreign_words(const struct document *doc, const char *what, bool line)
{
	struct buf cmd = BUF_INIT, words = BUF_INIT;
	if (line)
		buf_adds(&cmd, "jgflint --stream --convert");
	else
		document_convert_command(&cmd, doc);
	buf_printf(&words, "%s; convert it with `%s`", what, cmd.data);
	buf_free(&cmd);
	return buf_detach(&words);
}
