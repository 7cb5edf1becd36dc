/* posmap: JSON pointers of the converted record to positions in the
 * source (posmap.h). */
#include "convert/posmap.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/pointer.h"

/* The map is a trie of pointer segments (each a node: its parent, its
 * segment, and the position when a pointer ends there), found by a hash of
 * (parent, segment): pointers of nested variations share their prefixes,
 * which stored whole grew with the square of the depth (10,000 levels took
 * 600 MB). Node 0 is the empty pointer. */
static size_t seg_hash(size_t parent, const char *seg, size_t len)
{
	size_t h = 14695981039346656037u ^ parent;   /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)seg[i]) * 1099511628211u;
	return h;
}

static size_t pm_hash(const struct posmap *m, size_t k)
{
	const struct posmap_node *n = &m->nodes[k];
	return seg_hash(n->parent, m->segs.data + n->seg, n->seglen);
}

static void pm_insert(struct posmap *m, size_t k)
{
	size_t mask = m->nslots - 1;
	size_t at = pm_hash(m, k) & mask;
	while (m->slots[at])
		at = (at + 1) & mask;
	m->slots[at] = (uint32_t)(k + 1);
}

/* The child of parent named seg (len bytes), made when make. */
static size_t pm_child(struct posmap *m, size_t parent, const char *seg, size_t len, bool make)
{
	if (!m->len) {   /* the root */
		m->nodes = xgrow(m->nodes, &m->cap, 1, sizeof *m->nodes);
		m->nodes[m->len++] = (struct posmap_node){ 0 };
		buf_adds(&m->segs, "");
	}
	size_t mask = m->nslots ? m->nslots - 1 : 0;
	for (size_t at = m->nslots ? seg_hash(parent, seg, len) & mask : 0; m->nslots && m->slots[at];
	     at = (at + 1) & mask) {
		const struct posmap_node *n = &m->nodes[m->slots[at] - 1];
		if (n->parent == parent && n->seglen == len && !memcmp(m->segs.data + n->seg, seg, len))
			return m->slots[at] - 1;
	}
	if (!make)
		return SIZE_MAX;
	if (m->len >= UINT32_MAX - 1 || m->segs.len + len >= UINT32_MAX)
		die_oom();   /* a record of 4 GB and more: the locator stops at 1 GiB */
	m->nodes = xgrow(m->nodes, &m->cap, m->len + 1, sizeof *m->nodes);
	m->nodes[m->len] = (struct posmap_node){ .parent = (uint32_t)parent,
						 .seg = (uint32_t)m->segs.len, .seglen = (uint32_t)len };
	buf_add(&m->segs, seg, len);
	size_t k = m->len++;
	if (2 * m->len > m->nslots) {   /* at most half full */
		free(m->slots);
		m->nslots = m->nslots ? 2 * m->nslots : 64;
		m->slots = xcalloc(m->nslots, sizeof *m->slots);
		for (size_t i = 1; i < m->len; i++)
			pm_insert(m, i);
	} else {
		pm_insert(m, k);
	}
	return k;
}

/* The bytes ptr and last share from the start, 8 at a time. */
static size_t common_prefix(const char *ptr, size_t len, const struct buf *last)
{
	size_t n = 0, lim = len < last->len ? len : last->len;
	for (uint64_t a, b; n + 8 <= lim; n += 8) {
		memcpy(&a, ptr + n, 8);
		memcpy(&b, last->data + n, 8);
		if (a != b)
			break;
	}
	while (n < lim && ptr[n] == last->data[n])
		n++;
	return n;
}

/* The node of ptr, made if missing. */
static size_t pm_node(struct posmap *map, const char *ptr)
{
	if (!map->len)
		pm_child(map, 0, "", 0, false);   /* makes the root */
	size_t len = strlen(ptr);
	/* The pointers come in tree order: the segments a pointer shares with
	 * the last one, from the start, keep their nodes (last_at, each ending
	 * at last_end): those of the last one that end within the bytes both
	 * share, where ptr's segment ends too. A deep variation's pointer has
	 * a hundred segments, all but the last few shared. */
	size_t common = common_prefix(ptr, len, &map->last), seg = map->last_segs;
	while (seg && !(map->last_end[seg - 1] <= common &&
			(map->last_end[seg - 1] == len || ptr[map->last_end[seg - 1]] == '/')))
		seg--;
	size_t node = seg ? map->last_at[seg - 1] : 0, i = seg ? map->last_end[seg - 1] : 0;
	while (i < len && ptr[i] == '/') {
		size_t start = i + 1, end = start;
		while (end < len && ptr[end] != '/')
			end++;
		node = pm_child(map, node, ptr + start, end - start, true);
		map->last_at = xgrow(map->last_at, &map->last_at_cap, seg + 1, sizeof *map->last_at);
		map->last_end = xgrow(map->last_end, &map->last_end_cap, seg + 1,
				      sizeof *map->last_end);
		map->last_at[seg] = node;
		map->last_end[seg++] = end;
		i = end;
	}
	map->last_segs = seg;
	buf_truncate(&map->last, common);
	buf_add(&map->last, ptr + common, len - common);
	return node;
}

static void pm_place(struct posmap *map, size_t node, struct sgf_pos pos)
{
	if (!map->nodes[node].has) {
		map->nodes[node].line = (uint32_t)pos.line;
		map->nodes[node].col = (uint32_t)pos.col;
		map->nodes[node].has = true;
	}
}

void posmap_add(struct posmap *map, const char *ptr, struct sgf_pos pos)
{
	if (!map)
		return;
	pm_place(map, pm_node(map, ptr), pos);
}

/* ---- the nodes, by sequence ---- */

static size_t vs_hash(size_t parent, size_t node, size_t variation)
{
	size_t h = (size_t)14695981039346656037u;   /* FNV-1a's offset, cut to 32 bits in the page */
	h = (h ^ parent) * 1099511628211u;
	h = (h ^ node) * 1099511628211u;
	return (h ^ variation) * 1099511628211u;
}

/* The slot of (parent, node, variation): its sequence + 1, or 0 (free). */
static uint32_t *vs_slot(struct posmap *m, size_t parent, size_t node, size_t variation)
{
	size_t mask = m->nvslots - 1;
	for (size_t at = vs_hash(parent, node, variation) & mask;; at = (at + 1) & mask) {
		uint32_t *slot = &m->vslots[at];
		const struct posmap_seq *s = *slot ? &m->seqs[*slot - 1] : NULL;
		if (!s || (s->parent == parent && s->node == node && s->variation == variation))
			return slot;
	}
}

static size_t new_seq(struct posmap *m, size_t parent, size_t node, size_t variation)
{
	if (m->nseqs >= UINT32_MAX - 1 || node >= UINT32_MAX || variation >= UINT32_MAX)
		die_oom();
	uint32_t named = 0;   /* (the tree's parent is UINT32_MAX) */
	if (parent && parent < m->nseqs)
		named = m->seqs[parent].variation ? (uint32_t)parent : m->seqs[parent].named;
	m->seqs = xgrow(m->seqs, &m->seqs_cap, m->nseqs + 1, sizeof *m->seqs);
	m->seqs[m->nseqs] = (struct posmap_seq){ .parent = (uint32_t)parent, .node = (uint32_t)node,
						 .variation = (uint32_t)variation, .named = named };
	return m->nseqs++;
}

/* The memory of node_prefix's last walk, forgotten when the map changes. */
static void forget_walk(struct posmap *map)
{
	map->walk.nsteps = 0;
	map->walk.ptr.len = 0;   /* (its bytes are read up to len only) */
}

size_t posmap_tree(struct posmap *map)
{
	if (!map)
		return 0;
	if (!map->nseqs)
		new_seq(map, UINT32_MAX, 0, 0);
	return 0;
}

size_t posmap_variation(struct posmap *map, size_t parent, size_t node, size_t variation)
{
	if (!map)
		return 0;
	forget_walk(map);
	size_t k = new_seq(map, parent, node, variation);
	if (2 * map->nseqs > map->nvslots) {   /* at most half full */
		free(map->vslots);
		map->nvslots = map->nvslots ? 2 * map->nvslots : 64;
		map->vslots = xcalloc(map->nvslots, sizeof *map->vslots);
		for (size_t i = 1; i < map->nseqs; i++) {   /* later ones replace earlier */
			const struct posmap_seq *s = &map->seqs[i];
			*vs_slot(map, s->parent, s->node, s->variation) = (uint32_t)(i + 1);
		}
	} else {
		*vs_slot(map, parent, node, variation) = (uint32_t)(k + 1);
	}
	return k;
}

/* ---- the places, as each differs from the one before ----
 *
 * A place after its block's first is a byte: bit 0 its move flag; bits 1-2
 * its moves, 0 the same as the place before, 1 one more, 2 a zigzag
 * varint of the difference after the byte; bits 3-4 its line the same
 * (0), the next (1), or a varint of the difference (2); bits 5-7 its
 * column, 0 to 6 (on the same line that many columns further, on another
 * the column itself), or 7: a varint (the difference, or the column). */
#define PLACE_MOVES_SHIFT 1
#define PLACE_LINE_SHIFT 3
#define PLACE_COL_SHIFT 5
#define PLACE_ESCAPE 2u
#define PLACE_COL_ESCAPE 7u

static uint64_t zigzag(int64_t v)
{
	return v < 0 ? ((uint64_t)-(v + 1) << 1) | 1 : (uint64_t)v << 1;
}

static int64_t unzigzag(uint64_t v)
{
	return v & 1 ? -(int64_t)(v >> 1) - 1 : (int64_t)(v >> 1);
}

/* v as a varint at out, returning the byte past it. */
static unsigned char *varint_put(unsigned char *out, uint64_t v)
{
	while (v >= 0x80) {
		*out++ = (unsigned char)(0x80 | (v & 0x7F));
		v >>= 7;
	}
	*out++ = (unsigned char)v;
	return out;
}

static uint64_t varint_get(const unsigned char *d, size_t *at)
{
	uint64_t v = 0;
	for (unsigned shift = 0;; shift += 7) {
		unsigned char c = d[(*at)++];
		v |= (uint64_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return v;
	}
}

/* p, after was, into b: a byte, and the varints it says follow it,
 * written in place (bytes, not text: no NUL after them; a call of
 * buf_add's memcpy each was most of a node's place). */
static void place_put(struct buf *b, const struct posmap_place *was, const struct posmap_place *p)
{
	uint32_t dmoves = p->moves - was->moves, dline = p->line - was->line;
	uint32_t dcol = dline ? p->col : p->col - was->col;
	if ((dline | dmoves) <= 1 && dcol < PLACE_COL_ESCAPE && b->cap - b->len > 1) {
		/* (most: the byte alone, in fewer steps) */
		b->data[b->len++] = (char)(p->move | dmoves << PLACE_MOVES_SHIFT |
					   dline << PLACE_LINE_SHIFT | dcol << PLACE_COL_SHIFT);
		return;
	}
	unsigned moves = dmoves <= 1 ? dmoves : PLACE_ESCAPE;
	unsigned line = dline <= 1 ? dline : PLACE_ESCAPE;
	unsigned col = dcol < PLACE_COL_ESCAPE ? dcol : PLACE_COL_ESCAPE;
	if (b->cap - b->len < 1 + 3 * 10)
		buf_reserve(b, 1 + 3 * 10);
	unsigned char *out = (unsigned char *)b->data + b->len, *e = out + 1;
	out[0] = (unsigned char)(p->move | moves << PLACE_MOVES_SHIFT | line << PLACE_LINE_SHIFT |
				 col << PLACE_COL_SHIFT);
	if (moves == PLACE_ESCAPE)
		e = varint_put(e, zigzag((int64_t)p->moves - was->moves));
	if (line == PLACE_ESCAPE)
		e = varint_put(e, zigzag((int64_t)p->line - was->line));
	if (col == PLACE_COL_ESCAPE)
		e = varint_put(e, dline ? p->col : zigzag((int64_t)p->col - was->col));
	b->len += (size_t)(e - out);
}

/* The place after *p whose bytes are at *at in d, into *p. */
static void place_get(const unsigned char *d, size_t *at, struct posmap_place *p)
{
	unsigned c = d[(*at)++];
	unsigned moves = c >> PLACE_MOVES_SHIFT & 3, line = c >> PLACE_LINE_SHIFT & 3;
	unsigned col = c >> PLACE_COL_SHIFT;
	int64_t dmoves = moves == PLACE_ESCAPE ? unzigzag(varint_get(d, at)) : (int64_t)moves;
	int64_t dline = line == PLACE_ESCAPE ? unzigzag(varint_get(d, at)) : (int64_t)line;
	uint64_t v = col == PLACE_COL_ESCAPE ? varint_get(d, at) : col;
	p->move = c & 1;
	p->moves = (uint32_t)(p->moves + dmoves);
	p->line = (uint32_t)(p->line + dline);
	p->col = dline ? (uint32_t)v :
		 (uint32_t)(p->col + (col == PLACE_COL_ESCAPE ? unzigzag(v) : (int64_t)v));
}

static void place_add(struct posmap *map, const struct posmap_place *p)
{
	if (map->nplaces % POSMAP_BLOCK == 0) {
		if (map->deltas.len >= UINT32_MAX)
			die_oom();
		map->marks = xgrow(map->marks, &map->marks_cap, map->nmarks + 1, sizeof *map->marks);
		map->marks[map->nmarks++] = (struct posmap_mark){ (uint32_t)map->deltas.len, *p };
	} else {
		place_put(&map->deltas, &map->placed, p);
	}
	map->placed = *p;
	map->nplaces++;
}

/* The places read one after the other: the k'th, p, and the next one's
 * bytes at at. */
struct place_cursor {
	size_t k, at;
	struct posmap_place p;
};

static void place_next(const struct posmap *map, struct place_cursor *c)
{
	if (++c->k % POSMAP_BLOCK == 0)
		c->p = map->marks[c->k / POSMAP_BLOCK].first;
	else
		place_get((const unsigned char *)map->deltas.data, &c->at, &c->p);
}

static struct place_cursor place_seek(const struct posmap *map, size_t k)
{
	const struct posmap_mark *m = &map->marks[k / POSMAP_BLOCK];
	struct place_cursor c = { k - k % POSMAP_BLOCK, m->at, m->first };
	while (c.k < k)
		place_next(map, &c);
	return c;
}

struct posmap_place posmap_place_at(const struct posmap *map, size_t k)
{
	return place_seek(map, k).p;
}

void posmap_node_at(struct posmap *map, size_t seq, size_t index, struct sgf_pos pos,
		    unsigned long moves, bool move)
{
	if (!map)
		return;
	forget_walk(map);
	struct posmap_seq *s = &map->seqs[seq];
	if (index != s->count)
		return;   /* never: the converter makes a sequence's nodes in order */
	if (!s->count)
		s->first = (uint32_t)map->nplaces;
	if (map->nplaces >= UINT32_MAX)
		die_oom();
	place_add(map, &(struct posmap_place){
		(uint32_t)pos.line, (uint32_t)pos.col,
		moves > POSMAP_MOVES_MAX ? POSMAP_MOVES_MAX : (uint32_t)moves, move });
	s->count++;
}

void posmap_variations_at(struct posmap *map, size_t seq, struct sgf_pos pos)
{
	if (!map)
		return;
	forget_walk(map);
	struct posmap_seq *s = &map->seqs[seq];
	if (!s->vhas) {
		s->vline = (uint32_t)pos.line;
		s->vcol = (uint32_t)pos.col;
		s->vhas = true;
	}
}

void posmap_reserve(struct posmap *map, size_t nodes)
{
	map->marks = xgrow(map->marks, &map->marks_cap, nodes / POSMAP_BLOCK + 1,
			   sizeof *map->marks);
	buf_reserve(&map->deltas, nodes);
}

/* A pointer's segment at p that is an index as pointers write them (no
 * sign, no leading zero): its value, p past it; else false. */
static bool seg_index(const char **p, size_t *out)
{
	const char *s = *p;
	if (*s != '/' || s[1] < '0' || s[1] > '9' || (s[1] == '0' && s[2] >= '0' && s[2] <= '9'))
		return false;
	size_t v = 0;
	for (s++; *s >= '0' && *s <= '9'; s++) {
		if (v > (SIZE_MAX - 9) / 10)
			return false;
		v = v * 10 + (size_t)(*s - '0');
	}
	if (*s && *s != '/')
		return false;
	*p = s;
	*out = v;
	return true;
}

/* The deepest node whose pointer starts pointer (up to a `/` or its end):
 * its place, and *len the length of its pointer; NULL when none. With vp,
 * the deepest variations node's place (posmap_variations_at) too; with
 * seq, the node's sequence. The walk of the pointer before is kept level
 * by level (map->walk): a finding names its node, its points' and its
 * position's, pointers that share all but their last levels, each as long
 * as its depth, so the walk goes on from the deepest level both share
 * rather than from the tree's (issue 74: 10,000 levels nested). */
static size_t node_prefix(struct posmap *map, const char *pointer, size_t *len,
			  struct vplace *vp, size_t *seq_of)
{
	struct posmap_walk *w = &map->walk;
	if (!map->nseqs || !pointer_within(pointer, "/tree", 5))
		return SIZE_MAX;
	size_t plen = strlen(pointer);
	size_t common = common_prefix(pointer, plen, &w->ptr), k = w->nsteps;
	/* A level both share: its text is pointer's, up to a `/` or the end. */
	while (k && !(w->steps[k - 1].at <= common &&
		      (pointer[w->steps[k - 1].at] == '/' || !pointer[w->steps[k - 1].at])))
		k--;
	struct posmap_step st = k ? w->steps[k - 1] :
		(struct posmap_step){ .at = 5, .found = SIZE_MAX, .vp = { { 0, 0 }, 0 } };
	const char *p = pointer + st.at;
	size_t i, found_len = st.found_len, found_seq = st.found_seq, found = st.found;
	struct vplace v_at = st.vp;
	for (size_t seq = st.seq;;) {
		if (k >= w->cap)
			w->steps = xgrow(w->steps, &w->cap, k + 1, sizeof *w->steps);
		w->steps[k++] = (struct posmap_step){ (size_t)(p - pointer), seq, found, found_len,
						      found_seq, v_at };
		if (!seg_index(&p, &i))
			break;
		/* The node after a sequence's last place is its variations node,
		 * which has none of its own: only its variations' nodes. */
		const struct posmap_seq *s = &map->seqs[seq];
		if (i > s->count)
			break;
		if (i < s->count) {
			found = s->first + i;
			found_len = (size_t)(p - pointer);
			found_seq = seq;
		}
		size_t v;
		if (!pointer_within(p, "/variations", 11))
			break;
		p += 11;
		if (!seg_index(&p, &v))
			break;
		if (s->vhas && i == s->count && v == i)
			v_at = (struct vplace){ { s->vline, s->vcol }, (size_t)(p - pointer) };
		if (!map->nvslots)
			break;
		uint32_t next = *vs_slot(map, seq, i, v);
		if (!next)
			break;
		seq = next - 1;
	}
	w->nsteps = k;
	buf_truncate(&w->ptr, common);
	buf_add(&w->ptr, pointer + common, plen - common);
	if (vp)
		*vp = v_at;
	if (found == SIZE_MAX)
		return SIZE_MAX;
	*len = found_len;
	if (seq_of)
		*seq_of = found_seq;
	return found;
}

bool posmap_node(struct posmap *map, const char *pointer, size_t *seq,
		 struct posmap_place *place)
{
	size_t plen = 0;
	size_t k = node_prefix(map, pointer, &plen, NULL, seq);
	if (k == SIZE_MAX || pointer[plen])
		return false;
	*place = posmap_place_at(map, k);
	return true;
}

bool posmap_node_moves(struct posmap *map, const char *pointer, unsigned long *moves, bool *move)
{
	size_t seq;
	struct posmap_place pl;
	if (!posmap_node(map, pointer, &seq, &pl))
		return false;
	*moves = pl.moves;
	*move = pl.move;
	return true;
}

struct sgf_pos posmap_find(struct posmap *map, const char *pointer)
{
	/* Down the trie segment by segment: the last node with a position is
	 * the longest recorded prefix; or the record's node, if longer. */
	struct sgf_pos pos = { 0, 0 };
	size_t node = 0, len = strlen(pointer), found = 0, plen = 0;
	struct vplace vp = { { 0, 0 }, 0 };
	size_t k = node_prefix(map, pointer, &plen, &vp, NULL);
	if (map->len) {
		if (map->nodes[0].has)
			pos = (struct sgf_pos){ map->nodes[0].line, map->nodes[0].col };
		for (size_t i = 0; i < len && pointer[i] == '/';) {
			size_t start = i + 1, end = start;
			while (end < len && pointer[end] != '/')
				end++;
			node = pm_child(map, node, pointer + start, end - start, false);
			if (node == SIZE_MAX)
				break;
			if (map->nodes[node].has) {
				pos = (struct sgf_pos){ map->nodes[node].line, map->nodes[node].col };
				found = end;
			}
			i = end;
		}
	}
	if (vp.len > found)
		pos = vp.pos, found = vp.len;
	if (k != SIZE_MAX && plen > found) {
		struct posmap_place pl = posmap_place_at(map, k);
		pos = (struct sgf_pos){ pl.line, pl.col };
	}
	return pos;
}

/* The sequences met from first by the link (the offset in struct
 * posmap_seq of its parent or of its named) up to the tree's, 0, not among
 * them: in a new array of *n, the topmost first; the caller frees. */
static size_t *seq_chain(const struct posmap *map, size_t first, size_t link, size_t *n)
{
	uint32_t up;
	*n = 0;
	for (size_t s = first; s; s = up) {
		memcpy(&up, (const char *)&map->seqs[s] + link, sizeof up);
		++*n;
	}
	size_t *chain = xcalloc(*n + 1, sizeof *chain);
	for (size_t s = first, d = *n; s; s = up) {
		memcpy(&up, (const char *)&map->seqs[s] + link, sizeof up);
		chain[--d] = s;
	}
	return chain;
}

/* By the named links: a variation nested 10,000 deep, its levels each
 * the first variation, has none to pass (its chain by the parents was
 * 3,500 instructions a name). */
size_t *posmap_named_chain(const struct posmap *map, size_t seq, size_t *n)
{
	size_t first = seq && map->seqs[seq].variation ? seq : seq ? map->seqs[seq].named : 0;
	return seq_chain(map, first, offsetof(struct posmap_seq, named), n);
}

/* The pointer of sequence seq's node index, appended to out: the chain of
 * its variations from the tree, each /NODE/variations/VARIATION. */
static void seq_pointer(const struct posmap *map, size_t seq, size_t index, struct buf *out)
{
	size_t depth;
	size_t *chain = seq_chain(map, seq, offsetof(struct posmap_seq, parent), &depth);
	buf_adds(out, "/tree");
	for (size_t d = 0; d < depth; d++)
		buf_printf(out, "/%" PRIu32 "/variations/%" PRIu32, map->seqs[chain[d]].node,
			   map->seqs[chain[d]].variation);
	buf_printf(out, "/%zu", index);
	free(chain);
}

/* The pointer of trie node k, appended to out. */
static void trie_pointer(const struct posmap *map, size_t k, struct buf *out)
{
	size_t depth = 0;
	for (size_t n = k; n; n = map->nodes[n].parent)
		depth++;
	size_t *chain = xcalloc(depth + 1, sizeof *chain);
	for (size_t n = k, d = depth; n; n = map->nodes[n].parent)
		chain[--d] = n;
	for (size_t d = 0; d < depth; d++)
		buf_printf(out, "/%.*s", (int)map->nodes[chain[d]].seglen,
			   map->segs.data + map->nodes[chain[d]].seg);
	free(chain);
}

static bool is_seg(const struct posmap *map, size_t k, const char *seg)
{
	const struct posmap_node *n = &map->nodes[k];
	return n->seglen == strlen(seg) && !memcmp(map->segs.data + n->seg, seg, n->seglen);
}

bool posmap_node_from(const struct posmap *map, struct sgf_pos pos, struct buf *out)
{
	/* A move's node is placed at its property. */
	for (size_t s = 0; s < map->nseqs; s++) {
		const struct posmap_seq *q = &map->seqs[s];
		struct place_cursor c = q->count ? place_seek(map, q->first) : (struct place_cursor){ 0 };
		for (size_t i = 0; i < q->count; i++) {
			if (i)
				place_next(map, &c);
			if (c.p.move && c.p.line == pos.line && c.p.col == pos.col) {
				seq_pointer(map, s, i, out);
				return true;
			}
		}
	}
	/* A stone set up, at its property: NODE/setup/N. */
	for (size_t k = 1; k < map->len; k++) {
		const struct posmap_node *n = &map->nodes[k];
		if (n->has && n->line == pos.line && n->col == pos.col && n->parent &&
		    is_seg(map, n->parent, "setup")) {
			trie_pointer(map, map->nodes[n->parent].parent, out);
			return true;
		}
	}
	return false;
}

void posmap_free(struct posmap *map)
{
	free(map->nodes);
	buf_free(&map->segs);
	free(map->slots);
	free(map->last_at);
	free(map->last_end);
	buf_free(&map->last);
	free(map->marks);
	buf_free(&map->deltas);
	free(map->seqs);
	free(map->vslots);
	buf_free(&map->walk.ptr);
	free(map->walk.steps);
	*map = (struct posmap){0};
}
