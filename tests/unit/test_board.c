/* The Go board alone (engine/board.h), without JSON or a record: captures
 * (one stone, two chains at once in the corners), the hash of a position,
 * suicide (refused and allowed, of one stone and a chain), occupied
 * points, an immediate ko retake and the ko point, a retake after moves
 * elsewhere, a capture that is no ko, and positional superko's history
 * (found, truncated at a branch, grown), and the hashes' table filled
 * only as far as the boards' cells reach, with splitmix64's sequence.
 * TAP output. */
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "tap.h"

static struct board b;

/* The board set from rows (top row first): X black, O white, . empty. */
static void setup(int w, int h, const char *const *rows)
{
	board_init(&b, w, h);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			char c = rows[y][x];
			if (c != '.')
				board_put(&b, board_cell(&b, x, y),
					  c == 'X' ? CELL_BLACK : CELL_WHITE);
		}
}

/* Whether the board reads as rows. */
static bool is(const char *const *rows)
{
	for (int y = 0; y < b.h; y++)
		for (int x = 0; x < b.w; x++) {
			int c = board_color(&b, board_cell(&b, x, y));
			char want = rows[y][x];
			if ((want == 'X' && c != CELL_BLACK) || (want == 'O' && c != CELL_WHITE) ||
			    (want == '.' && c != CELL_EMPTY))
				return false;
		}
	return true;
}

/* A move that stands: played, then committed. */
static enum board_play play(int color, int x, int y, bool allow_suicide, size_t *len)
{
	enum board_play r = board_play(&b, color, board_cell(&b, x, y), allow_suicide, len);
	if (r == BOARD_PLAYED)
		board_commit(&b, color);
	return r;
}

static void captures(void)
{
	size_t len;
	setup(5, 5, (const char *const[]){ ".....", "..X..", ".XO..", "..X..", "....." });
	uint64_t before = b.s.hash;
	tap_ok(play(CELL_BLACK, 3, 2, false, &len) == BOARD_PLAYED && b.ntaken == 1 &&
	       b.taken[0] == board_cell(&b, 2, 2) && len == 0 &&
	       is((const char *const[]){ ".....", "..X..", ".X.X.", "..X..", "....." }),
	       "a stone without liberties is captured, and named in taken");
	tap_ok(b.s.hash != before, "the hash follows the position");

	setup(3, 3, (const char *const[]){ "OO.", "X..", "..." });
	tap_ok(play(CELL_BLACK, 1, 1, false, &len) == BOARD_PLAYED && b.ntaken == 0 &&
	       is((const char *const[]){ "OO.", "XX.", "..." }),
	       "a chain with a liberty left stands");

	setup(3, 3, (const char *const[]){ "OX.", "X..", "..." });
	tap_ok(b.s.hash && is((const char *const[]){ "OX.", "X..", "..." }),
	       "a setup captures nothing: a stone without liberties stays");

	setup(5, 2, (const char *const[]){ "OO.OO", "XXXXX" });
	tap_ok(play(CELL_BLACK, 2, 0, false, &len) == BOARD_PLAYED && b.ntaken == 4 &&
	       is((const char *const[]){ "..X..", "XXXXX" }),
	       "one move captures two chains in the corners (4 stones)");

	/* The same position reached two ways has the same hash. */
	setup(3, 3, (const char *const[]){ "X..", "...", "..O" });
	uint64_t one = b.s.hash;
	setup(3, 3, (const char *const[]){ "...", "...", "..." });
	play(CELL_WHITE, 2, 2, false, &len);
	play(CELL_BLACK, 0, 0, false, &len);
	tap_ok(b.s.hash == one, "a position's hash does not depend on how it was reached");
}

static void occupied_and_suicide(void)
{
	size_t len;
	setup(3, 3, (const char *const[]){ ".X.", "X..", "..." });
	uint64_t before = b.s.hash;
	tap_ok(play(CELL_WHITE, 1, 0, false, &len) == BOARD_OCCUPIED && b.s.hash == before,
	       "a stone on an occupied point changes nothing");

	tap_ok(board_play(&b, CELL_WHITE, board_cell(&b, 0, 0), false, &len) == BOARD_SUICIDE &&
	       len == 1 && b.chain[0] == board_cell(&b, 0, 0),
	       "a stone without liberties that captures nothing is suicide");

	setup(4, 3, (const char *const[]){ "XO.X", "XOX.", ".X.." });
	tap_ok(board_play(&b, CELL_WHITE, board_cell(&b, 2, 0), false, &len) == BOARD_SUICIDE &&
	       len == 3, "suicide of a chain of three names the whole chain");

	setup(4, 3, (const char *const[]){ "XO.X", "XOX.", ".X.." });
	tap_ok(play(CELL_WHITE, 2, 0, true, &len) == BOARD_PLAYED && len == 3 &&
	       is((const char *const[]){ "X..X", "X.X.", ".X.." }),
	       "allowed, suicide removes the chain");

	setup(3, 3, (const char *const[]){ ".XO", "XO.", "O.." });
	tap_ok(play(CELL_WHITE, 0, 0, false, &len) == BOARD_PLAYED && b.ntaken == 2,
	       "a move without liberties that captures is no suicide");
}

static void ko(void)
{
	size_t len;
	/* The classic ko: black takes at C2, white may not take back at B2. */
	setup(4, 3, (const char *const[]){ ".XO.", "XO.O", ".XO." });
	tap_ok(play(CELL_BLACK, 2, 1, false, &len) == BOARD_PLAYED && b.ntaken == 1,
	       "black takes the ko");
	tap_ok(board_ko_point(&b) == board_cell(&b, 1, 1), "the ko point is the stone taken");
	tap_ok(board_play(&b, CELL_WHITE, board_cell(&b, 1, 1), false, &len) == BOARD_PLAYED &&
	       board_retakes_ko(&b, CELL_WHITE), "white's immediate retake is a ko retake");

	setup(5, 3, (const char *const[]){ ".XO..", "XO.O.", ".XO.." });
	play(CELL_BLACK, 2, 1, false, &len);
	play(CELL_WHITE, 4, 2, false, &len);   /* elsewhere */
	play(CELL_BLACK, 4, 0, false, &len);   /* elsewhere */
	tap_ok(board_ko_point(&b) == 0 &&
	       board_play(&b, CELL_WHITE, board_cell(&b, 1, 1), false, &len) == BOARD_PLAYED &&
	       !board_retakes_ko(&b, CELL_WHITE), "after moves elsewhere the retake is allowed");

	/* One stone taken by a stone with a liberty of its own: no ko. */
	setup(4, 3, (const char *const[]){ ".XO.", "XO.O", ".X.." });
	tap_ok(play(CELL_BLACK, 2, 1, false, &len) == BOARD_PLAYED && b.ntaken == 1 &&
	       board_ko_point(&b) == 0, "a capture that is no ko leaves no ko point");

	setup(4, 3, (const char *const[]){ ".XO.", "XO.O", ".XO." });
	play(CELL_BLACK, 2, 1, false, &len);
	board_no_ko(&b);
	tap_ok(board_ko_point(&b) == 0, "a pass or a setup clears the ko");
}

static void superko(void)
{
	size_t len;
	struct board_history h = { .indexed = true };
	setup(4, 3, (const char *const[]){ ".XO.", "XO.O", ".XO." });
	board_history_push(&h, b.s.hash);      /* the start */
	uint64_t start = b.s.hash;
	play(CELL_BLACK, 2, 1, false, &len);   /* black takes */
	board_history_push(&h, b.s.hash);
	play(CELL_WHITE, 3, 2, false, &len);   /* a threat elsewhere... */
	board_history_push(&h, b.s.hash);
	tap_ok(board_history_find(&h, start) == 1, "the start is in the history, entry 1");
	tap_ok(board_history_find(&h, b.s.hash) == 3, "the newest position is entry 3");
	tap_ok(board_history_find(&h, b.s.hash ^ 1) == 0, "a position never seen is not found");

	board_history_truncate(&h, 1);
	tap_ok(board_history_find(&h, b.s.hash) == 0 && board_history_find(&h, start) == 1,
	       "truncated at a branch, the later positions are forgotten");
	for (int i = 0; i < 600; i++)
		board_history_push(&h, (uint64_t)i * 0x9e3779b97f4a7c15u + 7);
	tap_ok(board_history_find(&h, 7) == 2 && board_history_find(&h, start) == 1 &&
	       board_history_find(&h, 599 * 0x9e3779b97f4a7c15u + 7) == 601,
	       "the index grows past its buckets and finds every entry");
	board_history_free(&h);

	struct board_history plain = { 0 };
	board_history_push(&plain, start);
	tap_ok(board_history_find(&plain, start) == 0, "a history not indexed finds nothing");
	board_history_free(&plain);
}

/* The table is filled as far as the largest board's cells, with the
 * values it had when it was generated whole at once. Run first. */
static void zobrist(void)
{
	board_init(&b, 19, 19);
	board_init(&b, 9, 9);
	bool rest_zero = true;
	for (int c = CELL_BLACK; c <= CELL_WHITE; c++)
		for (size_t i = 21 * 21; i < BOARD_MAX_CELLS; i++)
			rest_zero &= board_zobrist[c][i] == 0;
	tap_ok(rest_zero, "a 19x19 board fills the hashes of its 441 cells only");
	board_init(&b, BOARD_MAX_SIDE, BOARD_MAX_SIDE);
	uint64_t s = UINT64_C(0x4a47466c696e7421);
	bool same = true;
	for (int c = CELL_BLACK; c <= CELL_WHITE; c++)
		for (int i = 0; i < BOARD_MAX_CELLS; i++) {
			uint64_t z = (s += UINT64_C(0x9e3779b97f4a7c15));
			z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
			z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
			same &= board_zobrist[c][i] == (z ^ (z >> 31));
		}
	tap_ok(same, "the largest board's hashes are splitmix64's sequence from the seed");
}

int main(void)
{
	tap_init();
	zobrist();
	captures();
	occupied_and_suicide();
	ko();
	superko();
	return tap_done();
}
