/* sgfcursor: where the SGF text reader is (sgfreader.h): its byte, line
 * and column, moved on over the text. */
#include "convert/sgfreader.h"

#include "convert/sgfahead.h"
#include "convert/sgfnote.h"

void sgf_advance_to(struct reader *r, size_t to)
{
	r->pos = sgf_pos_past(r->pos, r->s, r->len, r->i, to);
	r->i = to;
}

void sgf_skip_space(struct reader *r)
{
	while (r->i < r->len && sgf_blank(r->s[r->i]))
		sgf_advance(r);
}

/* Reads on again from byte target, which follows the `[` at `at`. */
void sgf_reread_from(struct reader *r, size_t start, struct sgf_pos at, size_t target)
{
	r->i = start;
	r->pos = at;
	r->pos.col++;
	sgf_advance_to(r, target);
}
