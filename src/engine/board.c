/* board: stones, liberties, captures, ko and hashes (board.h). */
#include "engine/board.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

/* splitmix64's outputs from a fixed seed, so hashes are the same on every
 * run: entry [c][i] is output k = (c - CELL_BLACK) * BOARD_MAX_CELLS + i,
 * computed from k alone, so that each colour's row is filled only as far
 * as a board's cells reach (a 19x19 board's 441 of 2,916 cells; the whole
 * table, 68 KB, was resident in every check: issue 52's peak memory). */
uint64_t board_zobrist[3][BOARD_MAX_CELLS];
static size_t zobrist_filled;   /* cells of each row filled; read atomically */
static pthread_mutex_t zobrist_lock = PTHREAD_MUTEX_INITIALIZER;

static void zobrist_fill(size_t ncells)
{
	if (__atomic_load_n(&zobrist_filled, __ATOMIC_ACQUIRE) >= ncells)
		return;
	pthread_mutex_lock(&zobrist_lock);
	size_t from = zobrist_filled;
	for (int c = CELL_BLACK; c <= CELL_WHITE; c++)
		for (size_t i = from; i < ncells; i++) {
			uint64_t k = (uint64_t)(c - CELL_BLACK) * BOARD_MAX_CELLS + i;
			uint64_t z = UINT64_C(0x4a47466c696e7421) + (k + 1) * UINT64_C(0x9e3779b97f4a7c15);
			z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
			z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
			board_zobrist[c][i] = z ^ (z >> 31);
		}
	if (ncells > from)
		__atomic_store_n(&zobrist_filled, ncells, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&zobrist_lock);
}

void board_init(struct board *b, int w, int h)
{
	b->w = w;
	b->h = h;
	b->W = w + 2;
	b->ncells = (size_t)(w + 2) * (size_t)(h + 2);
	zobrist_fill(b->ncells);
	b->s = (struct board_state){ 0 };
	b->played_from = 0;
	b->stamp = b->seen_stamp = 0;
	b->ntaken = 0;
	memset(b->cells, CELL_EDGE, b->ncells);
	for (int y = 1; y <= h; y++)
		memset(b->cells + y * b->W + 1, CELL_EMPTY, (size_t)w);
	memset(b->mark, 0, b->ncells * sizeof *b->mark);
	memset(b->seen, 0, b->ncells * sizeof *b->seen);
}


bool board_has_liberty(struct board *b, int p, size_t *n)
{
	if (++b->stamp == 0) {
		memset(b->mark, 0, b->ncells * sizeof *b->mark);
		b->stamp = 1;
	}
	const unsigned char *cells = b->cells;
	const int color = cells[p] & CELL_COLOR, W = b->W;
	const int step[4] = { -1, 1, -W, W };
	size_t len = 1, i = 0;
	b->chain[0] = (uint16_t)p;
	b->mark[p] = b->stamp;
	while (i < len) {
		int q = b->chain[i++];
		for (int k = 0; k < 4; k++) {
			int u = q + step[k];
			int c = cells[u] & CELL_COLOR;
			if (c == CELL_EMPTY)
				return true;
			if (c == color && b->mark[u] != b->stamp) {
				b->mark[u] = b->stamp;
				b->chain[len++] = (uint16_t)u;
			}
		}
	}
	*n = len;
	return false;
}

void board_put(struct board *b, int p, unsigned char cell)
{
	b->s.hash ^= board_zobrist[b->cells[p] & CELL_COLOR][p] ^
		     board_zobrist[cell & CELL_COLOR][p];
	b->cells[p] = cell;
}

uint32_t board_seen(struct board *b)
{
	if (++b->seen_stamp == 0) {
		memset(b->seen, 0, b->ncells * sizeof *b->seen);
		b->seen_stamp = 1;
	}
	return b->seen_stamp;
}

/* The one stone the last move captured, if retaking it would bring back
 * the position before that move (as board_play and board_retakes_ko would
 * find): played on a copy of the hash, the cells put back. */
int board_ko_point(struct board *b)
{
	int q = b->s.ko_cell;
	if (!b->s.ko_color || !q || b->cells[q] != CELL_EMPTY)
		return 0;
	int color = b->s.ko_color ^ 3, opp = b->s.ko_color;
	uint64_t hash = b->s.hash ^ board_zobrist[color][q];
	size_t captured = 0, len;
	uint32_t seen = board_seen(b);
	b->cells[q] = (unsigned char)color;
	const int step[4] = { -1, 1, -b->W, b->W };
	for (int k = 0; k < 4; k++) {
		int u = q + step[k];
		if ((b->cells[u] & CELL_COLOR) != opp || b->seen[u] == seen ||
		    board_has_liberty(b, u, &len))
			continue;
		for (size_t i = 0; i < len; i++) {
			b->seen[b->chain[i]] = seen;
			hash ^= board_zobrist[opp][b->chain[i]];
		}
		captured += len;
	}
	b->cells[q] = CELL_EMPTY;
	return captured && b->s.ko_color == (color ^ 3) && hash == b->s.ko_hash ? q : 0;
}

/* The history */

static void history_index(struct board_history *h, size_t i)
{
	uint32_t *head = &h->bucket[h->hash[i] & (h->nbuckets - 1)];
	h->next[i] = *head;
	*head = (uint32_t)(i + 1);
}

void board_history_add(struct board_history *h, uint64_t hash)
{
	size_t i = h->len++;
	if (i == h->cap) {
		size_t cap = h->cap;
		h->hash = xgrow(h->hash, &cap, i + 1, sizeof *h->hash);
		h->next = xrealloc(h->next, cap * sizeof *h->next);
		h->cap = cap;
	}
	h->hash[i] = hash;
	if (h->len > h->nbuckets) {
		/* Rebuilt in push order, so each chain stays newest first. */
		h->nbuckets = h->nbuckets ? h->nbuckets * 2 : 256;
		free(h->bucket);
		h->bucket = xcalloc(h->nbuckets, sizeof *h->bucket);
		for (size_t j = 0; j <= i; j++)
			history_index(h, j);
	} else {
		history_index(h, i);
	}
}

/* The popped entries are the newest, so each is the head of its bucket's
 * chain. */
void board_history_truncate(struct board_history *h, size_t len)
{
	if (h->indexed)
		for (size_t i = h->len; i-- > len;)
			h->bucket[h->hash[i] & (h->nbuckets - 1)] = h->next[i];
	h->len = len;
}

size_t board_history_find(const struct board_history *h, uint64_t hash)
{
	if (!h->indexed || !h->nbuckets)
		return 0;
	for (uint32_t i = h->bucket[hash & (h->nbuckets - 1)]; i; i = h->next[i - 1])
		if (h->hash[i - 1] == hash)
			return i;
	return 0;
}

void board_history_free(struct board_history *h)
{
	free(h->hash);
	free(h->next);
	free(h->bucket);
	*h = (struct board_history){ 0 };
}
