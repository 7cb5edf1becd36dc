/* sgfprops: the one table of SGF's properties and their place in JGF,
 * which the reader's mapping (rootprops.c, nodeprops.c), the writer
 * (sgfwrite*.c) and SGF-in-JSON share: each property's id, its value type
 * as FF[4] gives it, where it lives in a JGF record, and the kind of
 * mapping that reads and writes it (each kind has one reader and one
 * writer, side by side with the others of their file). A property is added
 * here, once: a row of a kind that exists is read and written with no
 * other change. */
#ifndef JGF_SGFPROPS_H
#define JGF_SGFPROPS_H

#include <stdbool.h>
#include <stddef.h>

/* FF[4]'s value types ("Property Value Types"). */
enum sgf_type {
	SGF_T_NONE,     /* KO, DO, IT: no value ("") */
	SGF_T_NUMBER,   /* [+-]digits */
	SGF_T_REAL,     /* a Number with a fraction */
	SGF_T_DOUBLE,   /* 1 or 2 */
	SGF_T_COLOR,    /* B or W */
	SGF_T_SIMPLE,   /* SimpleText: its line breaks are spaces */
	SGF_T_TEXT,     /* Text */
	SGF_T_MOVE,     /* a point, or a pass */
	SGF_T_POINTS,   /* a list of points (compressed: aa:cc) */
	SGF_T_LABELS,   /* point:SimpleText */
	SGF_T_LINES,    /* point:point */
	SGF_T_SIZE,     /* Number, or Number:Number */
	SGF_T_APP,      /* SimpleText:SimpleText */
	SGF_T_FIGURE,   /* none, or Number:SimpleText */
};

/* How a property's value maps to JGF: the kind names the reader
 * (rootprops.c's root_readers, nodeprops.c's node_parts) and the writer
 * (sgfwroot.c, sgfwnode.c) that handle it. */
enum sgf_kind {
	SGF_K_KEPT,       /* no place in JGF: kept under meta.sgf as written */
	SGF_K_HEADER,     /* FF, GM, CA, AP: the file's own; the writer's header */
	SGF_K_SIZE,       /* SZ: board.size, or width and height */
	SGF_K_VIEW,       /* VW: the board's cut-offs */
	SGF_K_SHOW,       /* ST: settings' variations shown */
	SGF_K_SIMPLE,     /* SimpleText as a string */
	SGF_K_DESCRIPTION,/* GC: Text, with what RE and FF[3]'s values cannot hold */
	SGF_K_RESULT,     /* RE, in JGF's grammar (words read) */
	SGF_K_DATE,       /* DT: game.date or game.dates */
	SGF_K_KOMI,       /* KM */
	SGF_K_FF3,        /* KO: FF[3]'s komi, read when there is no KM; the writer's
			   * place for FF[3]'s root values FF[4] rejects */
	SGF_K_TIME,       /* TM: seconds (words read); 0 is none */
	SGF_K_HANDICAP,   /* HA: 0 to 361 */
	SGF_K_RANK,       /* BR, WR */
	SGF_K_SEKI_CUT,   /* Seki's XL, XT, XR, XB: read back kept */
	SGF_K_SEKI_TIME,  /* Seki's (and Fox's) TC, TT: read back kept */
	SGF_K_SETUP,      /* AB, AW, AE: a setup entry */
	SGF_K_MOVE,       /* B, W */
	SGF_K_MOVE_TIME,  /* BL, WL, OB, OW: on the move of their colour */
	SGF_K_TURN,       /* PL */
	SGF_K_NAME,       /* N */
	SGF_K_COMMENT,    /* C: the comments, one C */
	SGF_K_MARK,       /* CR, TR, SQ, MA, SL (M: FF[3]'s MA); Seki's MH, MS (happy, sad) */
	SGF_K_LABEL,      /* LB */
	SGF_K_CUSTOM_MARK,/* XM, jgflint's own: markup of a type no other row has
			   * (JGF's custom markup: Seki's diamond, any other),
			   * point:type as LB writes point:text */
	SGF_K_OLD_LABEL,  /* L: FF[3]'s labels a, b, c ... */
	SGF_K_SCORE,      /* TB, TW: territory, each point once */
	SGF_K_SOLUTION,   /* TE: read back kept; written for a node's solution */
};

enum {
	SGF_P_FF4 = 1,        /* defined by FF[4] */
	SGF_P_OLD = 2,        /* FF[1]-[3]'s, dropped by FF[4] (read, never written) */
	SGF_P_SEKI = 4,       /* Seki's converter's own, which the writer writes too */
	SGF_P_ROOT = 8,       /* a root or game-information property (not a node's) */
	SGF_P_INFO = 16,      /* game information (FF[4]'s game-info, FF[3]'s KO) */
	SGF_P_ELIST = 32,     /* a list that may be empty (FF[4]'s elist) */
	SGF_P_SHORT = 64,     /* a value of one word: a line break in it is a lost `]` */
	SGF_P_ANY_NODE = 128, /* a root property that may stand in any node too (VW;
			       * KO, FF[4]'s ko move, FF[3]'s komi) */
	SGF_P_ORIGIN = 256,   /* names where the game comes from (its event, place,
			       * name, source, ...): a professional body named there
			       * makes its ranks professional (rootprops.c) */
	SGF_P_EVENT = 512,    /* may name the event itself (EV, GN; TE, which
			       * Japanese records write in the root for it, where it
			       * is no move's judgement) */
	SGF_P_OWN = 1024,     /* jgflint's own, which its writer writes for what SGF has no
			       * property for, and its readers read back */
	SGF_P_ONE = 2048,     /* FF[1]-[3]'s game information an FF[4] reader (SGFC 2.0)
			       * gives one value, as FF[4]'s (ID, BS, WS, KI; FF[1]'s LT) */
};

struct sgf_propdef {
	const char *id;
	enum sgf_type type;
	enum sgf_kind kind;
	unsigned flags;
	/* Where it lives in JGF: the record's section ("game", "rules", ...;
	 * "black" or "white": the player of that colour; "node": a node's key;
	 * "move": the node's move's key), its key there, and for an entry of a
	 * list (setup, markup, score; the move's time) its type or colour.
	 * NULL: no place (kept under meta.sgf). */
	const char *section, *key, *entry;
};

/* The table, in the order the writer writes a node's (and the root's)
 * properties; n gets its length. */
const struct sgf_propdef *sgf_props(size_t *n);
/* The row of property id (upper-case, as the reader gives it), or NULL. */
const struct sgf_propdef *sgf_prop_def(const char *id);
/* The order of ids a and b (<0, 0, >0): their rows' in the table, an id
 * of none after every one of a row, those in the order of their bytes. */
int sgf_prop_order(const char *a, const char *b);
/* Whether id's row has any of flags. */
bool sgf_prop_is(const char *id, unsigned flags);
/* Whether an empty value is none FF[4] allows for id (PL[], AB[], SZ[]):
 * a number, real, double, colour, or a list that may not be empty. A
 * text, a move (a pass), none, an elist, an unknown property may be empty. */
bool sgf_prop_no_empty(const char *id);
/* Whether d's property, in a root that holds a move, goes along with the
 * move (to the node jgflint reads after the root) when each of its values
 * is of its type (conv_kept_with_move): an FF[4] node property JGF has no
 * place for (a judgement, V, MN, DD, AR, LN), but a figure's or
 * printing's (FG, PM: the tree's). */
bool sgf_prop_with_move(const struct sgf_propdef *d);
/* Whether id is a name SGF can hold, one the writer writes: one or more
 * capital letters (a kept property named "B[9]@B[x" or "" is none). */
bool sgf_ident_ok(const char *id);
/* Whether key is a key of section (as sgf_propdef's) some row places. */
bool sgf_prop_placed(const char *section, const char *key);

#endif
