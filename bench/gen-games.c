/* gen-games: a collection of legal games of Go as SGF, fast enough for
 * the 100,000 games bench/duplicates.sh reads (Python's generators make
 * about 60 games a second; this makes tens of thousands).
 *
 * Usage: gen-games GAMES PER_FILE SEED DIR [DISTINCT]
 *
 * Writes DIR/00000.sgf, DIR/00001.sgf, ...: GAMES games, PER_FILE a file,
 * each of 120 to 280 moves on 19x19, random but legal (captures made, no
 * suicide, no retaking a ko at once), its result the last mover's win by
 * resignation, so that a lint of them finds little. Planted duplicates:
 * game i with i % 100 == 50 is an earlier game turned or mirrored (one of
 * the 7 other symmetries), i % 200 == 120 an earlier game cut 30 moves
 * short. With DISTINCT, a dense collection (issue 49's): DISTINCT games
 * made first, each game written a copy of one of them, under one of the 8
 * symmetries, with, one time in two, an edit: a move changed, one
 * inserted, one deleted (then not a legal game, which duplicates does
 * not ask), or the game cut short by 10 to 59 moves. The same arguments
 * make the same files. A benchmark's helper, not part of jgflint. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 19
#define KEPT 1000   /* earlier games copies are made of */

static unsigned long long rng;

static unsigned next(unsigned bound)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)((rng >> 11) % bound);
}

static int board[N * N], mark[N * N], stamp, stack[N * N];

static int neighbours(int p, int out[4])
{
	int n = 0, x = p % N, y = p / N;
	if (x > 0) out[n++] = p - 1;
	if (x < N - 1) out[n++] = p + 1;
	if (y > 0) out[n++] = p - N;
	if (y < N - 1) out[n++] = p + N;
	return n;
}

/* The chain at p: its size (stack holds it) and whether it has a liberty. */
static int chain(int p, int *free_)
{
	int color = board[p], top = 0, len = 0, nb[4];
	stamp++;
	*free_ = 0;
	stack[top++] = p;
	mark[p] = stamp;
	while (top > len) {
		int q = stack[len++];
		for (int k = neighbours(q, nb) - 1; k >= 0; k--) {
			int r = nb[k];
			if (!board[r])
				*free_ = 1;
			else if (board[r] == color && mark[r] != stamp) {
				mark[r] = stamp;
				stack[top++] = r;
			}
		}
	}
	return len;
}

/* Plays color (1 black, 2 white) at p: false, the board as it was, when
 * it is suicide or retakes the ko at *ko. */
static int play(int p, int color, int *ko)
{
	if (board[p] || p == *ko)
		return 0;
	board[p] = color;
	int nb[4], n = neighbours(p, nb), captured = 0, last = -1, free_;
	for (int k = 0; k < n; k++) {
		if (board[nb[k]] != 3 - color)
			continue;
		int len = chain(nb[k], &free_);
		if (free_)
			continue;
		for (int i = 0; i < len; i++)
			board[stack[i]] = 0;
		captured += len;
		last = nb[k];
	}
	int len = chain(p, &free_);
	if (!free_) {
		board[p] = 0;
		return 0;
	}
	*ko = -1;
	if (captured == 1 && len == 1) {
		int libs = 0;
		for (int k = 0; k < n; k++)
			libs += !board[nb[k]];
		if (libs == 1)
			*ko = last;
	}
	return 1;
}

static int sym(int s, int p)
{
	int x = p % N, y = p / N, t;
	if (s & 1) x = N - 1 - x;
	if (s & 2) y = N - 1 - y;
	if (s & 4) { t = x; x = y; y = t; }
	return y * N + x;
}

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6) {
		fputs("usage: gen-games GAMES PER_FILE SEED DIR [DISTINCT]\n", stderr);
		return 2;
	}
	long games = atol(argv[1]), per_file = atol(argv[2]);
	rng = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)atol(argv[3]) * 0x100000001B3ULL;
	long distinct = argc == 6 ? atol(argv[5]) : 0;
	if (games < 0 || per_file < 1 || distinct < 0 || distinct > KEPT) {
		fputs("gen-games: GAMES >= 0, PER_FILE >= 1, 0 <= DISTINCT <= 1000\n", stderr);
		return 2;
	}
	static int made[KEPT][300], made_len[KEPT];
	int nmade = 0, moves[301], nmoves;
	FILE *f = NULL;
	for (long i = 0; i < games; i++) {
		if (i % per_file == 0) {
			char path[4096];
			if (f && fclose(f))
				return perror("gen-games"), 1;
			snprintf(path, sizeof path, "%s/%05ld.sgf", argv[4], i / per_file);
			if (!(f = fopen(path, "w")))
				return perror(path), 1;
		}
		if (distinct && nmade == distinct) {
			int j = (int)next((unsigned)nmade), s = (int)next(8), edit = (int)next(8);
			nmoves = made_len[j];
			for (int k = 0; k < nmoves; k++)
				moves[k] = sym(s, made[j][k]);
			int at = 1 + (int)next((unsigned)nmoves - 1);
			if (edit == 0) {   /* a move changed */
				moves[at] = (int)next(N * N);
			} else if (edit == 1) {   /* one inserted */
				memmove(moves + at + 1, moves + at, sizeof *moves * (size_t)(nmoves - at));
				moves[at] = (int)next(N * N);
				nmoves++;
			} else if (edit == 2) {   /* one deleted */
				memmove(moves + at, moves + at + 1, sizeof *moves * (size_t)(nmoves - at - 1));
				nmoves--;
			} else if (edit == 3) {   /* cut short */
				nmoves -= 10 + (int)next(50);
			}
		} else if (nmade && !distinct && i % 100 == 50) {
			int j = (int)next((unsigned)nmade), s = 1 + (int)next(7);
			nmoves = made_len[j];
			for (int k = 0; k < nmoves; k++)
				moves[k] = sym(s, made[j][k]);
		} else if (nmade && !distinct && i % 200 == 120) {
			int j = (int)next((unsigned)nmade);
			nmoves = made_len[j] - 30;
			memcpy(moves, made[j], sizeof *moves * (size_t)nmoves);
		} else {
			memset(board, 0, sizeof board);
			int want = 120 + (int)next(161), ko = -1;
			nmoves = 0;
			for (int tries = 0; nmoves < want && tries < 20 * want; tries++) {
				int p = (int)next(N * N);
				if (play(p, 1 + nmoves % 2, &ko))
					moves[nmoves++] = p;
			}
			if (nmade < KEPT) {
				memcpy(made[nmade], moves, sizeof *moves * (size_t)nmoves);
				made_len[nmade++] = nmoves;
			}
		}
		fprintf(f, "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]PB[Black %ld]PW[White %ld]"
			"DT[2020-01-01]RE[%c+R]\n", i, i, nmoves % 2 ? 'B' : 'W');
		for (int k = 0; k < nmoves; k++)
			fprintf(f, ";%c[%c%c]%s", k % 2 ? 'W' : 'B', 'a' + moves[k] % N,
				'a' + moves[k] / N, k % 12 == 11 || k == nmoves - 1 ? "\n" : "");
		fputs(")\n", f);
	}
	if (f && fclose(f))
		return perror("gen-games"), 1;
	return 0;
}
