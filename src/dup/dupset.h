/* dupset: the collection searched (dupset.c: its games' keys and
 * facts), and what the parts of `jgflint duplicates`' search share:
 * dupkey.c, a game's key under the board's symmetries; near.c, near
 * copies' alignment and fingerprints; dupfacts.c, what two games' facts
 * say (dupdate.c, their dates); duplink.c, the games linked into families (dupscan.c, the near
 * copies found from their fingerprints); dupgroup.c, the
 * families grouped and the report handed on; dupreport.c, a group's
 * report; duprelation.c, a copy's relation to the kept one in it;
 * dupkeep.c, which copy to keep. Not for use outside src/dup/: dup/dup.h
 * is the interface. */
#ifndef JGF_DUPSET_H
#define JGF_DUPSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "dup/dup.h"
#include "dup/u64set.h"

#define MAX_SIDE 52

/* The facts a game gives (struct entry's, dup_fact). */
enum dup_fact { FACT_BLACK, FACT_WHITE, FACT_DATE, FACT_RESULT, FACT_EVENT,
		FACT_KOMI, FACT_HANDICAP, FACT_RULES,   /* the terms (dup_same_terms) */
		FACT_ROUND,   /* the event's round: read by records without moves */
		/* the players' ranks given apart from their names (SGF's BR and
		 * WR, a JGF player's rank): compared with the colour's player
		 * (dup_ranks_differ), FACT_BLACK_RANK + FACT_WHITE the white's */
		FACT_BLACK_RANK, FACT_WHITE_RANK,
		FACT_COUNT };

struct entry {
	uint64_t open;       /* hash of the head and the first DUP_MIN_MOVES moves */
	uint64_t whole;      /* hash of the whole key */
	long long off;       /* the key in the spool */
	uint32_t len;        /* its elements */
	uint32_t moves;
	uint32_t source;     /* in sources */
	uint32_t index, count;
	uint32_t comments;
	uint32_t comment_bytes;   /* their text, its blanks collapsed */
	uint32_t variations;
	uint32_t handicap_moves;
	uint32_t illegal;    /* the main line's first illegal move (from 1), 0: none */
	/* What the report compares besides the key (struct dup_game's): the
	 * hash of its moves and setup with its variations, colours swapped as
	 * the set's options say (0: its key says them all), and of its
	 * comments' texts */
	uint64_t tree, comment_hash, mark_hash;
	uint32_t comment_items;   /* its comments' texts, after its key in the spool */
	uint32_t mark_items;      /* its marks, after its comments' texts */
	bool vars_unknown;   /* its variations too many to read: not compared */
	int sym;
	bool indexed;
	bool position : 1;   /* compared by its position (a problem, an opening) */
	bool stones : 1;     /* it has a handicap's stones (dup_handicap_stones) */
	bool sketched : 1;   /* its line's sketch is in the set's (dup_sketch) */
	bool out_of_turn : 1;   /* a game whose line has a move out of turn (dup_out_of_turn) */
	/* its handicap (handicap_moves) is black moves in a row where the
	 * record declares none: a move inserted or lost, read as stones */
	bool stones_undeclared : 1;
	uint8_t passes_after;  /* of moves, the passes after the last (at most 255) */
	uint8_t fact_len[FACT_COUNT];  /* each fact's bytes with its NUL (0: not given; at
			       * most 201), in the order of enum dup_fact, */
	uint64_t facts;       /* ... one after the other from here in the set's facts */
	const char *format;
};

/* The facts an entry holds (dup_fact), in the set's one pool of them: a
 * string a game, not a malloc each (100,000 games' facts between the
 * readers' short-lived nodes left the heap in holes, and its reading
 * slowed with the collection). */
/* e's moves but the passes after its last: what a game shares with
 * another (a game of 48 moves ended by two passes is a short game); black
 * moves in a row read as stones where its record declares no handicap are
 * moves it plays (a copy without white's move 2 of a 51-move game plays 50) */
#define DUP_PLAYED(e) ((e)->moves - (e)->passes_after + \
		       ((e)->stones_undeclared ? (e)->handicap_moves : 0))
/* The elements of e's key up to its last move, the passes after it left
 * out: its line as one game's beginning or whole (passes after the last
 * move count for neither length nor beginning: dup_same_line); a
 * position's whole key (a side to play is no pass) */
#define DUP_LINE(e) ((size_t)(e)->len - ((e)->position ? 0 : (e)->passes_after))


/* The keys --keys lists, a game's. */
struct entry_keys {
	char key[33], dyer[13], sgfinfo[33];
};

/* A fingerprint of a game for near copies: the hash of NEAR_WINDOW
 * elements of its line from element pos, whatever the board's orientation
 * (the least over its symmetries), one of those winnowing picks. */
struct print {
	uint64_t hash;
	uint32_t game, pos;
};

/* A game with a handicap's stones (dup_handicap_stones) and the hash of
 * the opening of its moves alone, as a copy that dropped the stones has
 * its own (struct entry's open): link_all puts it in that bucket too. */
struct bare_open {
	uint64_t hash;
	size_t game;
};

/* Keys read from the spool (dup_load_key's), kept to be read again: a
 * group's kept copy beside each of its copies (the keep read them all
 * just before: at 100,000 games of a dense collection groups of 150), a
 * kept copy for each fragment that names it. SPOOL_SETS sets of two, a
 * key's set by its place in the spool, the one read less recently
 * dropped; keys of at most SPOOL_RECENT_LEN elements (a game of 1,000
 * moves), so that they hold at most 1 MB, whatever the games. */
#define SPOOL_SETS 256
#define SPOOL_RECENT_LEN 1024
struct spool_recent {
	long long off[SPOOL_SETS][2];
	uint32_t len[SPOOL_SETS][2];   /* 0: none */
	uint16_t *key[SPOOL_SETS][2];
	uint8_t older[SPOOL_SETS];     /* the way read less recently */
};

struct dup_set {
	struct dup_options o;
	FILE *spool;         /* the keys, a temporary file; NULL: in memory */
	struct buf memory;   /* ... where no temporary file can be made */
	long long spooled;
	bool spool_failed;
	struct spool_recent *recent;   /* (made at the first read) */
	struct entry *games;
	size_t len, cap;
	struct buf facts;       /* the games' facts (struct entry's) */
	struct entry_keys *keys;   /* --keys: each game's, as games */
	size_t keys_cap;
	char **sources;
	size_t nsources, sources_cap;
	struct print *prints;   /* near copies' candidates: fingerprints of the games */
	size_t nprints, prints_cap;
	uint8_t *sketches;      /* each game's line's sketch (DUP_SKETCH bins; */
	size_t sketches_cap;    /* ... where it sets up nothing: entry's sketched) */
	uint32_t *lines;        /* a game with fingerprints: its line's elements, */
	size_t lines_cap;       /* ... NEAR_LOOSE added where they bound no tail */
	uint16_t *map;          /* each point's image under symmetry 0-7, on a board of */
	int map_w, map_h;       /* ... this size (the last seen) */
	uint64_t *hashes;       /* a game's window hashes, kept from game to game */
	size_t hashes_cap;      /* (a malloc each cost more than the hashing) */
	uint64_t *edges;        /* prefix links: the shorter game << 32 | the longer */
	size_t nedges, edges_cap;
	uint64_t *edges0;       /* the same, game to game, as linked */
	size_t nedges0;
	/* of those, the links of a game to one longer by passes after its
	 * end only: its near copy, not one it is a truncated copy of */
	struct u64set passes_longer;
	/* and those of a truncated copy with moves changed: its game's by
	 * its moves alone, where its facts do not say another game */
	struct u64set near_prefix;
	uint64_t *common;       /* fingerprints too common to find candidates, */
	size_t ncommon, common_cap;   /* ... known from an index (dup_set_common) */
	size_t unloaded;        /* games of an index counted, not added (--against) */
	struct bare_open *bare;   /* the games with a handicap's stones */
	size_t nbare, bare_cap;
};

/* One step of an alignment: a's element ai against b's bj (a substitution
 * when they differ), a's alone (deleted from b: bj is where b would have
 * it) or b's alone (inserted into b). */
struct edit {
	enum { EDIT_SAME, EDIT_DIFFERS, EDIT_DELETED, EDIT_INSERTED } op;
	size_t ai, bj;
};

/* Near copies are looked for among games that share a fingerprint: a
 * window of NEAR_WINDOW elements of the line, hashed the same whatever
 * the board's orientation (the least hash of its images), at the same
 * place within --max-differ elements. Of every NEAR_WINNOW windows in a
 * row, the one with the least hash is kept (winnowing, as MOSS does):
 * two games that share a run of NEAR_WINDOW + NEAR_WINNOW - 1 elements,
 * which k edits leave in any game of (k + 1) times as many moves, share a
 * fingerprint, wherever the edits are, however few moves they leave
 * alike at the start. */
#define NEAR_WINDOW 8
#define NEAR_WINNOW 16
/* A fingerprint more games than this share (a common opening, a joseki
 * at the same move) finds no candidates: other fingerprints of a near
 * copy do, and the opening's bucket compares games that share their
 * first moves. */
#define NEAR_COMMON 200
/* A game keeps at most this many fingerprints, the least (winnowing
 * keeps about 2 in NEAR_WINNOW + 1 windows: every one of a game of up to
 * about 1,000 moves), so that what a game holds in memory is bounded,
 * however long it is. Two near copies keep mostly the same least ones
 * (the least of sets that are mostly the same, as MinHash takes them). */
#define NEAR_PRINTS 128
/* A game whose fingerprints may miss a run its near copies share: its
 * line holds setup (sorted in runs as the symmetry gives them, where a
 * window's hash follows the text) or its fingerprints are the least
 * NEAR_PRINTS of more. */
#define NEAR_LOOSE (UINT32_C(1) << 31)


/* The reasons a copy is kept, in the order they decide. */
enum keep_reason {
	KEEP_LEGAL,       /* its main line has no illegal move, where another's has */
	KEEP_CONSENSUS,   /* its moves are those most copies agree on */
	KEEP_CENTRE,      /* its moves are those the other copies are closest to */
	KEEP_IN_TURN,     /* its players take turns, where another's plays twice (dup_out_of_turn) */
	KEEP_UNINSERTED,  /* of two moves, the other's are its with moves inserted within */
	KEEP_SOLUTION,    /* a position with moves after it (a problem's solution) */
	KEEP_SOLUTIONS,   /* a position whose solution most copies give */
	KEEP_STONES,      /* the handicap as stones, where another plays them as moves */
	KEEP_WRITTEN,     /* its players and date as written, where another's read as
			   * the game's only exchanged or by a date without the day */
	KEEP_RESULT, KEEP_COMMENTS, KEEP_COMMENT_TEXT, KEEP_MARKUP, KEEP_VARIATIONS,
	KEEP_FACTS,       /* completeness */
	KEEP_LONGER,      /* the longest of copies otherwise equal */
	KEEP_INDEXED,     /* already in the index (--against) */
	KEEP_TIE,         /* nothing tells them apart: the first read */
	KEEP_ONLY,        /* the others are all its beginning (or its line, keep_why.passes) */
	KEEP_HANDICAP,    /* ... or its moves without its handicap's stones */
	KEEP_NONE,        /* no other copy to tell apart */
};

/* Why a copy is kept: against the copies whose moves differ from its
 * (moves), and against those with its very moves (copy). */
struct keep_why {
	enum keep_reason moves, copy;
	size_t support;   /* the games whose moves are its or its beginning */
	size_t same;      /* the games with its moves, itself counted */
	bool counted;     /* support was counted (else the longest stands for it) */
	bool centred;     /* each copy's distance from the others was counted (the
			   * centre: 3 to 16 distinct moves, dupkeep.c) */
	bool paired;      /* of two distinct moves, moves inserted within looked for */
	bool indexed;     /* a copy of the group is in the index */
	bool stones;      /* a copy of the group has a handicap's stones */
	bool written;     /* a copy's players or date read as the group's only
			   * exchanged or without the day (dupkeep.c) */
	bool passes;      /* a copy is of its line but for the passes after the
			   * last move (dup_same_line: not its beginning, and
			   * not shorter, however many it writes) */
	/* where moves or copy is KEEP_WRITTEN, how the copy decided against
	 * reads as the game's: its players exchanged against more copies
	 * (DUP_WRITTEN_EXCHANGED); its date without the day where the kept
	 * one gives it (DUP_WRITTEN_DAYLESS), or of more copies (..._MORE_...) */
	unsigned written_moves, written_copy;
	/* where neither is, a copy that would be kept for over (KEEP_RESULT
	 * ... KEEP_INDEXED) but for how it reads as the game's (written_over,
	 * as written_moves; 0: none) */
	enum keep_reason over;
	unsigned written_over;
};
enum {
	DUP_WRITTEN_EXCHANGED = 1, DUP_WRITTEN_DAYLESS = 2, DUP_WRITTEN_MORE_DAYLESS = 4,
};

/* Whether n stones set up before a line (nline elements; its first a
 * move) are a handicap's: two to nine black stones, white's move first
 * where the line has one; with swap (--swap-colors, a key's image may
 * swap them) white stones before black's first move too. The one test of
 * a handicap's stones: dup_handicap_stones, dup_stones_dropped and the
 * handicap a copy's stones imply (dupset.c's handicap_of) ask it. */
bool dup_handicap_setup(const uint16_t *setup, size_t n, const uint16_t *line, size_t nline,
			bool swap);
/* Whether g's setup is a handicap's stones (dup_handicap_setup): a copy
 * that drops the stones (and HA) plays the game's moves all the same
 * (Kombilo finds it so), and the copy kept is the one with them. */
bool dup_handicap_stones(const struct dup_game *g);
/* Whether key x sets up no stone and key y (ly elements) a handicap's
 * (dup_handicap_setup, the colours swapped as s's options allow), on one
 * board: x can be a copy of y that dropped them, its line aligned with
 * y's. */
bool dup_stones_dropped(const struct dup_set *s, const uint16_t *x, const uint16_t *y, size_t ly);
/* Where point p goes under symmetry s of a w x h board. */
unsigned dup_transform(unsigned p, int s, int w, int h);
/* Whether symmetry s (0-15) applies on a w x h board: no turn (s & 4)
 * on an oblong board, no colour swap (s & 8) without --swap-colors. The
 * one place of that rule: every loop over the symmetries asks it. */
bool dup_sym_ok(int s, int w, int h, bool swap_colors);
/* The symmetry that undoes s (dup_transform(dup_transform(p, s), this)
 * is p). */
int dup_sym_inverse(int s);
/* Element e under symmetry s (bit 3: the colours swapped). */
uint16_t dup_image(uint16_t e, int s, int w, int h);
/* Each run of setup elements of a line (between two moves) sorted: the
 * position a run makes, whatever order wrote it, as its image under a
 * symmetry has it too (dup_game_replay leaves a run a set of points). */
void dup_sort_runs(uint16_t *line, size_t n);
/* A game's line as a sketch that no symmetry changes: its elements
 * counted (at most 255) in DUP_SKETCH bins by their tag (a move's
 * colour but where --swap-colors: either) and their point's distances
 * from the board's edges (for a square board, the lesser first), the bin
 * a hash of those. A substitution changes at most two counts by one, an
 * insertion or a deletion one, so that the bins' differences summed
 * are at most 2k for two lines k edits apart, whatever the symmetry.
 * dup_sketch_apart: whether games a and b (each sketched) are more
 * than --max-differ edits apart, and neither one's line within that
 * many of the other's beginning: their bins differ by more than 2k
 * and the elements the longer has over the shorter. (The shorter, n
 * elements, within s substitutions of the longer's first m, of which i
 * it lacks, and d of its own they lack, m = n + i - d: those bins
 * differ by at most 2s + i + d, and the longer's last N - m, that is
 * N - n - i + d, add as many: at most 2 (s + d) + N - n, s + i + d at
 * most k.) */
#define DUP_SKETCH 32
bool dup_sketch_apart(const struct dup_set *s, size_t a, size_t b);
/* Keys compared element by element over n. */
int dup_cmp_key(const uint16_t *a, const uint16_t *b, size_t n);
/* sort_items' comparisons of 16-bit numbers, sizes and 64-bit numbers. */
int dup_cmp_u16(const void *a, const void *b);
int dup_cmp_size(const void *x, const void *y);
int dup_cmp_u64(const void *x, const void *y);
/* The banded edit distance of two lines (near.c says how). */
size_t dup_edit_band(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, size_t k,
			bool free_end, uint16_t *rows, size_t *end);
/* The alignment edit_band found, step by step. */
struct edit *dup_edit_trace(const uint16_t *a, const uint16_t *b, size_t nb, size_t k,
			       const uint16_t *rows, size_t end, size_t *n);
/* Key kb under symmetry r, its setup sorted again. */
void dup_key_image(const uint16_t *kb, size_t len, int r, uint16_t *out);
/* Whether symmetry r applies to keys of this board and options. */
bool dup_sym_applies(const struct dup_set *s, const uint16_t *key, int r);
/* The key a copy of key's game without its setup has (dup_key's: the
 * least image of its line, no setup), into out (len - key[2] elements,
 * the count returned): a copy that dropped a handicap's stones has it,
 * or its beginning, at --max-differ 0 (dup_stones_dropped). */
size_t dup_bare_key(const struct dup_set *s, const uint16_t *key, size_t len, uint16_t *out);
/* The hashes by which an index looks a game up (dup/index.c): the return
 * value, its opening's, which the games it is identical to, begins or
 * continues share; and its fingerprints for near copies (*n of them in
 * *prints, scratch's until its next call; their game is 0; prints NULL:
 * the opening's alone). scratch: a set of the options the hashes are
 * for, holding no game. */
uint64_t dup_lookup_hashes(struct dup_set *scratch, const struct dup_game *g,
			   struct print **prints, size_t *n);
/* The opening hash a copy of g that dropped its handicap's stones has
 * (dup_handicap_stones, DUP_MIN_MOVES moves or more: a game of s's
 * bucket of that hash too, s->bare); 0 for any other game. */
uint64_t dup_bare_open(const struct dup_set *s, const struct dup_game *g);
/* A fingerprint that finds no candidates: more than NEAR_COMMON games of
 * an index share it, of which only some are added (--against). */
void dup_set_common(struct dup_set *s, uint64_t hash);
/* Games of an index the report counts, not added to s. */
void dup_set_count(struct dup_set *s, size_t games);
/* Adds the fingerprints of a game's key for near copies. */
void dup_fingerprints(struct dup_set *s, const uint16_t *key, size_t len, size_t game);
/* sort_items' comparison of fingerprints. */
int dup_cmp_print(const void *x, const void *y);
/* The least edit distance of kb's line to ka's under the symmetries. */
/* Whether near copies a and b (keys ka and kb of la and lb elements, kb
 * aligned with ka under symmetry t) end apart: kb's last move is none of
 * ka's within k places of its own in an alignment of at most k edits (ka
 * after it free, unless both), nor (both) ka's last one of kb's. A copy's
 * mistake is followed by the game's moves, an insertion or a deletion by
 * them shifted; a game that parts from another ends on its own moves. */
bool dup_ends_apart(const struct dup_set *s, const uint16_t *ka, size_t la, const uint16_t *kb,
		    size_t lb, size_t k, int t, bool both);
size_t dup_aligned(const struct dup_set *s, const uint16_t *ka, size_t la, const uint16_t *kb,
		      size_t lb, size_t k, bool free_end, int *r);
/* Game kg's handicap stones played as kp's first black moves (near.c says
 * how): the edit distance, at most k (k + 1: more, or none played). */
size_t dup_played(const struct dup_set *s, const uint16_t *kg, size_t lg, const uint16_t *kp,
		  size_t lp, size_t k, int free_end, uint16_t *out, uint16_t *pout);
/* A middle excerpt: the edits (at most k; k + 1: more) of ks's line from
 * kl's elements off on (off at least 1, kl's after its last free) under
 * the symmetry of ks that makes them fewest (*r gets it), where ks's
 * setup, when it has one, is the position kl makes there (its stones
 * replayed, captures taken): a copy of a game's middle, its first moves
 * left out or set up as the position they make (near.c). */
size_t dup_middle(const struct dup_set *s, const uint16_t *kl, size_t ll, const uint16_t *ks,
		  size_t ls, size_t off, size_t k, int *r);
/* The offset at which ks is a middle excerpt of kl within k edits
 * (dup_middle), the fewest, the first of those; 0: none. */
size_t dup_middle_of(const struct dup_set *s, const uint16_t *kl, size_t ll, const uint16_t *ks,
		     size_t ls, size_t k, int *r);
/* Key ke (le elements) as a middle excerpt of kk (lk) within --max-differ
 * edits (dup_middle_of), its line imaged into *img (kk's head before
 * it) under symmetry *r: the steps of its alignment with kk's line from
 * the offset on (each step's ai in kk's line), or NULL where it is none;
 * *from gets kk's move it begins at. */
struct edit *dup_middle_steps(const struct dup_set *s, const uint16_t *kk, size_t lk,
			      const uint16_t *ke, size_t le, uint16_t **img, size_t *nsteps, int *r,
			      size_t *from);
/* Whether ke is a middle excerpt of kk (dup_middle_steps), and the
 * moves of kk it spans: *from its first, *to the one its last is aligned
 * with (as a group's "middle, moves 11 to 70 of 90" says them); never a
 * copy that dropped kk's handicap stones (dup_stones_dropped). */
bool dup_middle_span(const struct dup_set *s, const uint16_t *kk, size_t lk, const uint16_t *ke,
		     size_t le, size_t *from, size_t *to);
/* The moves of kk's line (head its first element) before the first of
 * steps: a middle excerpt's alignment (dup_middle_steps) begins at its
 * offset, others at the line's start. */
size_t dup_moves_before(const struct edit *steps, size_t nsteps, const uint16_t *kk, size_t head);
/* Those and the moves of kk the steps hold: the kept copy's move the
 * last step is aligned with (a middle excerpt's last, "to"). */
size_t dup_moves_through(const struct edit *steps, size_t nsteps, const uint16_t *kk, size_t head);
/* Fact f of entry e, NULL when not given. */
const char *dup_fact(const struct dup_set *s, const struct entry *e, enum dup_fact f);
/* Two facts that are given and the same, whatever their case and the blanks
 * around them. */
bool dup_same_text(const char *a, const char *b);

/* Whether two results are given and the same: the winner and the margin
 * as a number (W+13.5 and W+13.50) or as a word (B+R and B+Resign), else
 * the same words (dup_same_text). */
bool dup_same_result(const char *a, const char *b);
/* Whether two dates are given and the same (as far as both give it: the
 * same day, the same month, ...) in whatever form each is written
 * (2016-03-09, 2016.3.9, 2016年3月9日, 20160309), else the same words. */
bool dup_same_date(const char *a, const char *b);
/* The first date of text as sources write it, year, month and day (0
 * when not given), into ymd; false when no year is found (dupdate.c). */
bool dup_date_of(const char *text, int ymd[3]);
/* Whether key's places from to len are passes only: a copy that writes
 * the passes that ended the game (or the resignation as one) is the same
 * game as one that does not, not a longer one it is the beginning of. */
bool dup_passes_only(const uint16_t *key, size_t from, size_t len);
/* Whether games a and b (keys ka, kb, of a->len and b->len elements) are
 * one line, the passes after the last move counting for neither: the
 * same up to the shorter's end, the longer's after it passes only
 * (dup_passes_only); never positions (a side to play is no pass). Neither
 * is then the beginning of the other nor the longer (the keep, a copy's
 * relation). */
bool dup_same_line(const struct entry *a, const uint16_t *ka, const struct entry *b,
		   const uint16_t *kb);
/* Whether two games were played under the same terms: komi and handicap
 * the same numbers, rules the same words (dup_same_text), each given by
 * both or by neither. */
bool dup_same_terms(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* What the players and date of two games with the same moves say
 * (dupfacts.c): one game (a player or the date the same, whatever the
 * script, spelling or form each is written in, and nothing against), two
 * (another date, or another player where the two names can be compared:
 * the same script), or nothing either way (a fact one gives and the
 * other not, names in other scripts). What makes a game of fewer than
 * DUP_NEAR_MIN_MOVES moves a copy of another, where two games can share
 * those moves. */
enum dup_facts_say { FACTS_ONE_GAME, FACTS_UNKNOWN, FACTS_OTHER_GAME };
enum dup_facts_say dup_facts_say(const struct dup_set *s, const struct entry *a,
				 const struct entry *b);
/* Whether the facts of a and b say they are two games: FACTS_OTHER_GAME,
 * or another player where nothing else says one game. */
bool dup_facts_clash(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* Whether a gives b's two players exchanged (a's black b's white or a's
 * white b's black, the other maybe so: a name spelt otherwise, or given
 * by one only; and a player of one colour another's): one of them writes
 * them wrong. swapped:
 * a's colours are b's swapped (--swap-colors), its players read so. */
bool dup_players_exchanged(const struct dup_set *s, const struct entry *a, const struct entry *b,
			   bool swapped);
/* Whether names a and b name one player (placeholders name none). */
bool dup_same_player(const char *a, const char *b);
/* Whether names a and b of one player (dup_same_player) each give a rank,
 * read as the check reads a rank, and another: its number, or kyu and
 * dan (a dan and a professional's of one number agree: sources write a
 * professional's 9段 either way). Each one's rank is the one given apart
 * from the name (rank_a, rank_b: SGF's BR[1d], a JGF player's rank; NULL
 * when none), else the one after the name (Lee Sedol 9p). A rank one of
 * them does not give is no difference. */
bool dup_ranks_differ(const char *a, const char *rank_a, const char *b, const char *rank_b);
/* Whether a player named name gives a rank that reads (as dup_ranks_differ
 * reads one): rank, given apart from the name, or the one after it. */
bool dup_rank_given(const char *name, const char *rank);
/* Whether names a and b are two players, as records without moves are
 * told apart by them (dupfacts.c's names_agree_spelt): of one script and
 * not one name in other romanisations or character forms, a word in common
 * or none (Park Junghwan, Park Younghwan); placeholders name none. */
bool dup_other_player(const char *a, const char *b);
/* Whether names a and b, Latin and not the same name, are tied only by
 * the fold of romanisations (dup_romanise: Yi Se-tol, Lee Sedol; but also
 * Cai Jing, Zai Jing, which pinyin tells apart): one player spelt
 * otherwise for grouping, but maybe two, which a short game's copies ask
 * the keeper (REVIEW.md R176). A Japanese name's long vowels marked or
 * doubled are one name (R165). */
bool dup_respelt_player(const char *a, const char *b);
/* word (a Latin name's word in ASCII lower case) with each romanisation of
 * a Korean or Chinese syllable written one way (dup/romanise.c), into out
 * (n bytes). */
void dup_romanise(const char *word, char *out, size_t n);
/* name (UTF-8) with each Han character written in one of its forms
 * (simplified, traditional, Japanese, Korean's own: dup/romanise.c's
 * table of the characters of names), into out (n bytes): two forms of one
 * name fold alike. */
void dup_han_fold(const char *name, char *out, size_t n);
/* Whether names x and y (their words in lower case, sorted, a blank
 * between) are the Japanese and Chinese readings of one player's name
 * (Go Seigen, Wu Qingyuan: dup/romanise.c's table). */
bool dup_readings_one(const char *x, const char *y);
/* Whether a and b give their date as the same day (whatever its form). */
bool dup_same_day(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* Whether a and b give the same day and a player the same (of either
 * colour), whatever the other player's names: over DUP_MIN_MOVES moves,
 * the one game when one's moves are the other's or their beginning (two
 * games of a player's day do not share them to the end of one; the other
 * player's name may be another romanisation: Park Junghwan, Pak
 * Jeong-hwan). */
bool dup_day_player(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* How many of the black player, the white player and the date e gives
 * (a placeholder, dup_no_player, names none). */
int dup_facts_given(const struct dup_set *s, const struct entry *e);
/* Whether e's date gives its day (not its month or year alone). */
bool dup_day_given(const struct dup_set *s, const struct entry *e);
/* Whether a's date gives no day and holds b's (the month or the year
 * alone: 1969年10月 holds 1969-10-21): a's date is the game's only read
 * so, a copy that gives less. */
bool dup_date_holds(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* Whether a's date gives the month and no day, and holds b's day
 * (1952年6月 holds 1952-06-03). */
bool dup_month_holds(const struct dup_set *s, const struct entry *a, const struct entry *b);
/* At most this many games of each family are compared by their facts
 * (dup_families_clash, and dupgroup.c's owner of a fragment). */
#define CLASH_MEMBERS 64

/* The prefix links made, game to family: the shorter game << 32 | the
 * root of the longer's family when they were linked (a root that is one
 * still holds that game: families only grow). */
struct linking {
	size_t *up;
	size_t *ring;   /* the next game of its family (a ring a family) */
	struct u64set begun;
	/* Copies that dropped a handicap's stones (duplink.c's drop_loose):
	 * each one's edits from a game it is linked to (bare << 8 | edits),
	 * and its links that the facts do not vouch for, each followed by
	 * its edits (shorter << 32 | longer, edits) */
	struct u64set bare;
	uint64_t *loose;
	size_t nloose, loose_cap;
	/* Near copies' joins put off until every link is made (duplink.c's
	 * join_later): each its edits, then a << 32 | b */
	uint64_t *joins;
	size_t njoins, joins_cap;
};

struct bucket_item {
	size_t game;
	uint16_t *key;
	uint32_t len;
};

/* The games of s linked (dupgroup.c's group_games): by the buckets of
 * their openings' hash (duplink.c), then with --max-differ by the
 * fingerprints they share (dupscan.c), then the joins put off made and a
 * copy that dropped a handicap's stones left linked only to the games it
 * is closest to (duplink.c). */
void dup_link_all(struct dup_set *s, struct linking *l);
void dup_link_near(struct dup_set *s, struct linking *l);
void dup_drop_loose(struct dup_set *s, struct linking *l);
/* A link of game shorter to game longer, which it begins (duplink.c). */
void dup_add_prefix(struct dup_set *s, size_t shorter, size_t longer);
/* Whether comparing games a and b can link nothing new: the shorter, by
 * more than --max-differ, already begins the longer's family (duplink.c). */
bool dup_link_known(const struct dup_set *s, struct linking *l, size_t a, size_t b);
/* A game by a 64-bit hash (of its opening, its whole key), and
 * sort_items' comparison of them: by hash, then game. */
struct dup_keyed {
	uint64_t hash;
	size_t game;
};
int dup_cmp_keyed(const void *x, const void *y);
/* Links games a and b (keys ka, kb) as they stand: united, or a prefix
 * link of the shorter to the longer's family (duplink.c). */
void dup_link_pair(struct dup_set *s, struct linking *l, size_t a, const uint16_t *ka,
		   size_t b, const uint16_t *kb);
/* Links a run of n short games with the same moves as their facts say
 * (duplink.c); skip[] gets those the bucket's further comparisons skip. */
void dup_link_short_run(struct dup_set *s, struct linking *l, struct bucket_item *items,
			size_t n, bool *skip);
/* Union-find over the games (links of duplicates): the root of i's family. */
size_t dup_find(size_t *up, size_t i);
/* Joins the rings (each game's next of its family) of a's and b's families. */
void dup_ring_join(size_t *ring, size_t a, size_t b);
/* Whether the families of games a and b hold a short game and another
 * whose facts clash (dup_facts_clash): a chain of links, each of a pair,
 * would join two games no link between them would. */
bool dup_families_clash(const struct dup_set *s, const size_t *ring, size_t a, size_t b);
/* Whether a long game of b's family (there by its moves) gives the
 * players and date of a game of a's family (FACTS_ONE_GAME): a's moves
 * then begin that game, whatever other headers a copy of it gives. */
bool dup_family_vouches(const struct dup_set *s, const size_t *ring, size_t a, size_t b);
/* Whether a game of a's family and one of b's, whatever their moves, are
 * two games by their players and date (FACTS_OTHER_GAME), and no long
 * game of b's vouches for a's (dup_family_vouches). */
bool dup_families_part(const struct dup_set *s, const size_t *ring, size_t a, size_t b);
/* Drops the prefix links of s (shorter << 32 | longer) of a short game's
 * family to a family that clashes with it or leads to one that does, and
 * those of a truncated copy with moves changed to a family whose facts
 * say another game (dup_families_part). */
void dup_drop_clashes(struct dup_set *s, size_t *up, const size_t *ring);
/* Whether the games order[a..b) of a fragment of the games roots[0..n)
 * may be copies of two games: one shorter than DUP_NEAR_MIN_MOVES giving
 * neither players nor date, or one without a handicap's stones where a
 * game it begins has them (the same moves under 2 stones and 3: its
 * copies without them are alike whatever game each copies). */
bool dup_fragment_doubt(const struct dup_set *s, const size_t *order, size_t a, size_t b,
			const size_t *roots, size_t n);
/* A hash of e's players and date as dup_facts_say compares them: games
 * whose facts are written alike (in their words, forms) have one. */
uint64_t dup_facts_hash(const struct dup_set *s, const struct entry *e);
/* e's date as a number that sorts as the dates do (year, month, day:
 * 19840104; a month alone, 19840100, before its days), 0 when it gives
 * none that reads as a date. */
uint32_t dup_date_order(const struct dup_set *s, const struct entry *e);
/* FNV-1a over n bytes, from h; splitmix64's finaliser (inline: the
 * fingerprints' winnowing mixes each window's hash, near.c). */
uint64_t dup_fnv(const void *p, size_t n, uint64_t h);
static inline uint64_t dup_mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}
/* A variation's text or mark until placed (comment_items' form until
 * normalised): this bit, the main line's moves before the variation
 * branches (bits 32 to 62) and the elements of vars read before it (its
 * node's path: the low 32 bits). */
#define DUP_VAR_PLACE (UINT64_C(1) << 63)
/* A game's comment items (struct dup_game's) placed, the first run moves
 * of its line taken off it (a handicap played as moves), a position's
 * (dup_game_position) by their paths from the root, and comment_hash
 * their sum: dup_game_normalise does it once the line is replayed. */
void dup_comments_placed(struct dup_game *g, size_t run, bool position);
/* A game's key read back from the spool (freed by the caller), or
 * copied from those read before (struct spool_recent). */
uint16_t *dup_load_key(struct dup_set *s, const struct entry *e);
/* Its comments' texts, each hashed alone, sorted (struct dup_game's
 * comment_items; freed by the caller). */
uint64_t *dup_load_comments(struct dup_set *s, const struct entry *e);
/* Its marks, each as a comment's item (struct dup_game's mark_items;
 * freed by the caller). */
uint64_t *dup_load_marks(struct dup_set *s, const struct entry *e);
/* Where a game is: {"path", "game" (its number, in a file of two or
 * more)}, how each of the report's entries of a game begins. */
json_object *dup_game_place(const struct dup_set *s, const struct entry *e);
/* A game as a fragment's entry names it: {"path", "game", "moves"}. */
json_object *dup_game_ref(const struct dup_set *s, const struct entry *e);
/* A game's facts as the report gives them. */
json_object *dup_member_json(const struct dup_set *s, const struct entry *e);
/* Whether copy e gives fact f (enum dup_fact) as a keeper copies it into
 * the kept copy: a player named, not a placeholder (dup_no_player); a
 * player's rank given apart from the name or after it (dup_rank_given);
 * any other fact given. */
bool dup_gives(const struct dup_set *s, const struct entry *e, int f);
/* Whether fact f is one a keeper copies into the kept copy from another
 * (the keep line's "lacks", and what the keep counts): the players, their
 * ranks, date, result, event; not the terms (komi, handicap, rules: which
 * is true is what copies disagree on) nor the round. */
bool dup_lackable(int f);
/* Which copy of a group to keep, and why. */
size_t dup_choose_keep(struct dup_set *s, const size_t *ids, size_t n, struct keep_why *why,
			  const bool *begins);
/* Whether why kept a copy over others whose moves differ from its for
 * what the copies hold beside the moves (a result, comments, markup,
 * variations, facts, the index), not for the moves: which were played
 * nothing then tells, and the report asks the keeper. */
bool dup_kept_beside_moves(const struct keep_why *why);
/* Why the copy k is kept, in words (why_text, len bytes), of a group of n
 * games: what decided (why), as a keeper reads it; middle: one of them is
 * a middle excerpt of k; near: one is near k (its relation). */
void dup_why_words(const struct keep_why *why, size_t n, const struct entry *k, bool middle,
		   bool near, char *why_text, size_t len);
/* The relations of a group's copy to the kept one, weakest last:
 * REL_UNCOMPARED the same main line, the variations of one of them too
 * many to read (not said to agree, nor to differ). */
enum { REL_IDENTICAL, REL_UNCOMPARED, REL_SAME_LINE, REL_PREFIX, REL_NEAR, REL_MIDDLE };
/* A relation's name (a position's same line is the same position). */
const char *dup_rel_name(int rel, bool position);
/* Whether a and b, of the same key, have the same variations (and, a
 * position, the same solution): their hashes compared, each read. */
bool dup_same_tree(const struct entry *a, const struct entry *b);
/* How a copy's comments (or markup) stand to the kept copy's: the same
 * texts after the same moves, all of them among the kept copy's, or some
 * not there (deleted with the copy, lost). A copy's texts[] of the group
 * hold both: its comments' (TEXTS_OF), its markup's (MARKS_OF). */
enum { TEXTS_SAME, TEXTS_AMONG, TEXTS_LOST };
#define TEXTS_OF(t) ((t) & 3)
#define MARKS_OF(t) ((t) >> 2)
/* How member e stands to the kept copy k, in m; the weakest relation
 * (REL_IDENTICAL to REL_NEAR) is returned, -1 when e is beyond the
 * bounds of k (more than --max-differ edits from it). A near copy's differences
 * are the steps of the alignment of its line with the kept copy's (the
 * kept copy's moves after the last this copy has cost nothing, as for a
 * prefix), each by move number and point: a move that differs, one this
 * copy has and the kept copy has not (inserted), one the kept copy has
 * and this copy has not (deleted). *texts: how its comments stand to the
 * kept copy's through that alignment (texts_kept). */
int dup_relation(struct dup_set *s, const struct entry *k, const struct entry *e,
		 json_object *m, int width, int height, size_t *ndiffs, unsigned char *texts);
/* A group's report; NULL when no copy is left but the kept one. The
 * copies left out of it (beyond --max-differ of the kept one) go to left. */
json_object *dup_group_json(struct dup_set *s, const size_t *ids, size_t n, size_t keep,
			       const struct keep_why *why, size_t *copies, size_t *left,
			       size_t *nleft);

#endif
