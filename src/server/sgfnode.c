/* sgfnode: the node of an SGF text under the cursor, as the JGF record
 * jgflint --convert writes names it, for the hover's board: the game's
 * tree read once (its nodes, each one's parent and children), then the
 * pointer built as the converter lays a tree out: a node with one child
 * goes on in its sequence, one with more is followed by a node of
 * `variations`, one sequence per child; a node without properties is left
 * out. The caller checks the position it gets against the move under the
 * cursor, so that a tree the converter repaired otherwise gets no board
 * rather than another node's. */
#include "server/server_int.h"

#include <stdlib.h>
#include <string.h>

struct snode {
	long parent;       /* -1 for a game's root */
	uint32_t kid;      /* which child of its parent */
	uint32_t nkids;
	bool props;        /* it has properties */
};

struct tree {
	struct snode *n;
	size_t len, cap;
};

static long add_node(struct tree *t, long parent)
{
	if (t->len == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->n = xrealloc(t->n, t->cap * sizeof *t->n);
	}
	t->n[t->len] = (struct snode){ parent, parent >= 0 ? t->n[parent].nkids++ : 0, 0, false };
	return (long)t->len++;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool is_upper_or_lower(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Reads t's nodes up to the end of the game that holds off: the node whose
 * property holds off (*at), that property's identifier and the start of
 * the value holding off (or of its first value); false when off is in none. */
static bool read_tree(const char *text, size_t len, size_t off, struct tree *t, size_t *game,
		      long *at, char id[4], size_t *value)
{
	long cur = -1, *stack = NULL;
	size_t depth = 0, cap = 0;
	*game = 0;
	*at = -1;
	bool done = false;
	for (size_t i = 0; i < len && !done; i++) {
		char c = text[i];
		if (c == '(') {
			if (depth == cap) {
				cap = cap ? 2 * cap : 16;
				stack = xrealloc(stack, cap * sizeof *stack);
			}
			stack[depth++] = cur;
		} else if (c == ')' && depth) {
			cur = stack[--depth];
			if (!depth) {
				done = *at >= 0;
				*game += !done;
				cur = -1;
				t->len = done ? t->len : 0;   /* another game: its own tree */
			}
		} else if (c == ';' && depth) {
			cur = add_node(t, cur);
		} else if (is_upper_or_lower(c) && cur >= 0) {
			size_t s = i;
			while (i < len && is_upper_or_lower(text[i]))
				i++;
			size_t idlen = i - s;
			size_t first;
			while (i < len && is_blank(text[i]))
				i++;
			first = i;
			bool in = off >= s && off < i;
			size_t holding = first;
			if (i >= len || text[i] != '[')
				i--;   /* no value: what follows is read next */
			while (i < len && text[i] == '[') {
				size_t v = i;
				for (i++; i < len && text[i] != ']'; i++)
					i += text[i] == '\\';
				in |= off >= v && off <= i;
				holding = off >= v && off <= i ? v : holding;
				size_t j = i + 1;
				while (j < len && is_blank(text[j]))
					j++;
				if (j < len && text[j] == '[')
					i = j;
				else
					break;
			}
			t->n[cur].props = true;
			if (in && *at < 0 && idlen < 4) {
				*at = cur;
				memcpy(id, text + s, idlen);
				id[idlen] = '\0';
				*value = holding;
			}
		} else if (c == '[') {
			/* A value without a property: skipped whole. */
			for (i++; i < len && text[i] != ']'; i++)
				i += text[i] == '\\';
		}
	}
	free(stack);
	return *at >= 0;
}

char *sgf_node_at(const char *text, size_t len, size_t off, size_t *game, char id[4],
		  size_t *value)
{
	struct tree t = { 0 };
	long at;
	if (!read_tree(text, len, off, &t, game, &at, id, value) || !t.n[at].props) {
		free(t.n);
		return NULL;
	}
	/* The chain from the root to the node. */
	size_t depth = 0;
	for (long k = at; k >= 0; k = t.n[k].parent)
		depth++;
	long *chain = xcalloc(depth, sizeof *chain);
	size_t d = depth;
	for (long k = at; k >= 0; k = t.n[k].parent)
		chain[--d] = k;
	struct buf p = BUF_INIT;
	buf_adds(&p, "/tree");
	size_t next = 1;   /* the root is /tree/0, whatever it holds */
	for (size_t k = 1; k < depth; k++) {
		const struct snode *parent = &t.n[chain[k - 1]], *node = &t.n[chain[k]];
		if (parent->nkids > 1) {
			buf_printf(&p, "/%zu/variations/%u", next, node->kid);
			next = 0;
		}
		if (k + 1 == depth)
			buf_printf(&p, "/%zu", next);
		next += node->props;
	}
	if (depth == 1)
		buf_adds(&p, "/0");
	free(chain);
	free(t.n);
	return buf_detach(&p);
}
