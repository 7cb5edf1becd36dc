/* replay: plays the game a JGF record describes, on a board, and reports
 * what cannot happen in a game of Go: a stone on an occupied point, suicide,
 * an immediate ko retake, a repeated position under disallowRepeats, setups
 * that leave stones without liberties or change nothing, the same colour
 * moving twice, a handicap or a turn that the moves contradict.
 *
 * The main line and every variation are replayed, each variation from the
 * position of the node it branches from; a line stops at its first error.
 *
 * The same replay gives the position at any node (replay_positions,
 * engine/positions.h), so that a board shown beside a finding can never
 * disagree with it. */
#ifndef JGF_REPLAY_H
#define JGF_REPLAY_H

#include "read/load.h"
#include "core/record.h"
#include "engine/walk.h"
#include "core/diag.h"
#include "core/rule.h"
#include "core/position.h"

/* Replays doc (a JGF record, rec its facts), following a walk that someone
 * else makes (the rules', engine.c: the tree is walked once, and a streamed
 * document's nodes are read once): replay_start (NULL when the record is
 * not one the replay plays: not Go on a board of at most 52×52 played by
 * black and white), replay_follow at each step of the walk, and
 * replay_finish (NULL does nothing), which adds the findings to doc->diags
 * after any the walk adds; until then they are in replay_findings. With
 * keep (positions_kept, engine/positions.h), each finding keeps the
 * position at its node (diag.position, as replay_positions gives it, full
 * or not), taken when the replay is there: the boards of every front end
 * come from this one replay. Its events go to the rules of go (the go
 * rules that run, ending in NULL). */
struct replay;
struct replay_listener;
struct replay *replay_start(struct document *doc, const struct record_info *rec,
			    const struct replay_listener *keep, bool full,
			    const struct rule *const *go);
void replay_follow(struct replay *r, const struct tree_walk *w, enum walk_step step);
/* replay_follow, given at a node (step WALK_NODE) the node as the rules'
 * walk visits it (engine.c: its members read once for both), or NULL. */
struct node_visit;
void replay_follow_visit(struct replay *r, const struct tree_walk *w, enum walk_step step,
			 const struct node_visit *n);
struct diag_list *replay_findings(struct replay *r);
void replay_finish(struct replay *r);

/* Events: what the replay meets that cannot happen in a game, each with
 * its points. The replay gives each event to every rule's on_go hook
 * (core/rule.h), and the go rule whose event it is words it: go_finding
 * makes the finding, at the event's node with its points. Whether the line
 * stops is the replay's: at an occupied point, a suicide, a ko retake or
 * a repeated position, whatever the rules say. */
enum go_event_kind {
	GO_OCCUPIED,          /* a move on a stone: there, there_move */
	GO_SUICIDE,           /* a move leaves its own chain of len stones without liberties */
	GO_KO_RETAKE,         /* a move retakes at once the ko move ko_move took */
	GO_SUPERKO,           /* a move repeats the position `earlier` */
	GO_SETUP_NO_EFFECT,   /* a setup puts colours (STONE_NONE: clears) where they
			       * already are: the spots of its node, the first at x, y */
	GO_SETUP_NO_LIBERTIES,/* after a setup the chain of len `there` stones at the point
			       * has no liberties */
	GO_SAME_COLOR,        /* moves first..last of a line are all colour's */
	GO_TURN_MISMATCH,     /* the move is colour's, a `turn` said `turn` */
	GO_HANDICAP,          /* rules.handicap against black's stones before the first
			       * move (too_many) or white's first: its board is that
			       * position, each stone a point */
	GO_MAIN_LINE_END,     /* the main line, replayed to its end, has `move` moves,
			       * the last colour's: once a record, after the walk */
};

/* Where a repeated position was first (GO_SUPERKO). */
enum go_earlier { GO_AFTER_MOVE, GO_SET_UP_AFTER, GO_SET_UP_BEFORE, GO_EMPTY_BOARD };

/* A point and a colour (GO_SETUP_NO_EFFECT). */
struct go_spot {
	int x, y, color;
};

struct replay;
struct go_event {
	enum go_event_kind kind;
	struct replay *replay;
	const struct words *words;/* the record's source's names (the document's), or NULL */
	unsigned long move;       /* the move's number on its line (moves events) */
	int color;                /* the move's or the setup's colour, STONE_* */
	int x, y;                 /* the point (go_where names it) */
	int width, height;        /* the board's */
	/* GO_OCCUPIED: the stone's colour and move (0: a setup placed it);
	 * GO_SETUP_NO_LIBERTIES: the chain's colour. */
	int there;
	unsigned long there_move;
	size_t len;               /* GO_SUICIDE, GO_SETUP_NO_LIBERTIES: the chain's stones */
	unsigned long ko_move;    /* GO_KO_RETAKE */
	enum go_earlier earlier;  /* GO_SUPERKO, with the move it names */
	unsigned long earlier_move;
	unsigned long first, last;/* GO_SAME_COLOR: the run's moves */
	struct diag *extends;     /* GO_SAME_COLOR: the run's finding to reword, or NULL */
	const struct go_spot *spots;  /* GO_SETUP_NO_EFFECT: each point, in setup order */
	size_t nspots;
	int turn;                 /* GO_TURN_MISMATCH: the colour the `turn` names, */
	const char *turn_pointer; /* its pointer, */
	unsigned long turn_line, turn_col;  /* and where it is in the text (0: unknown) */
	/* GO_HANDICAP: rules.handicap, black's stones set up before the first
	 * move and played before white's; too_many: more set up than the
	 * handicap (else too few by white's first move). */
	long long handicap;
	unsigned long long set_black;
	unsigned long played_black;
	bool too_many;
	json_object *root;        /* GO_MAIN_LINE_END: the record */
};

/* The finding of event e for rule, with the message fmt gives: at the
 * event's move or setup point (the handicap's at /rules/handicap, the main
 * line's end at /game/result), with
 * the event's points (the move, the stone in its way, the chain, the
 * stones a retake captures, the setup point, the move before). */
struct diag *go_finding(const struct go_event *e, const struct rule *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A finding's new message (a run of GO_SAME_COLOR that grew). */
void go_reword(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The event's point as messages name it, written to out and returned:
 * "D16 (3, 3)", or "(30, 3)" on a board too wide for the letters. */
#define GO_WHERE_SIZE 48
const char *go_where(const struct go_event *e, char out[GO_WHERE_SIZE]);
/* The same for point (x, y) of the event's board. */
const char *go_name(const struct go_event *e, int x, int y, char out[GO_WHERE_SIZE]);
/* The name of the field at pointer in e's words (jgf, the record's, for JGF). */
const char *go_field(const struct go_event *e, const char *pointer, const char *jgf);
/* "empty", "black", "white", by STONE_*. */
extern const char *const go_color_name[3];
/* What a message of an event that stops its line ends with. */
#define GO_STOPS "; the rest of this line is not replayed"

#endif
