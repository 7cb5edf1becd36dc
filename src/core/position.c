/* position: copies and frees positions (core/position.h). */
#include "core/position.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

static void *copy_of(const void *from, size_t n)
{
	return from ? memcpy(xmalloc(n), from, n) : NULL;
}

static char *string_of(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void position_copy(struct position *to, const struct position *from)
{
	size_t points = (size_t)from->width * (size_t)from->height;
	*to = *from;
	to->node = string_of(from->node);
	to->stones = copy_of(from->stones, points);
	to->placed_by = copy_of(from->placed_by, (points + 1) * sizeof *from->placed_by);
	if (from->placed_at) {
		to->placed_at = xcalloc(points + 1, sizeof *to->placed_at);
		for (size_t k = 0; k < points; k++)
			to->placed_at[k] = string_of(from->placed_at[k]);
	}
	to->last.node = string_of(from->last.node);
	to->stop_node = string_of(from->stop_node);
	to->stop_message = string_of(from->stop_message);
}

void position_free(struct position *p)
{
	size_t points = (size_t)p->width * (size_t)p->height;
	for (size_t k = 0; p->placed_at && k < points; k++)
		free(p->placed_at[k]);
	free(p->placed_at);
	free(p->placed_by);
	free(p->stones);
	free(p->node);
	free(p->last.node);
	free(p->stop_node);
	free(p->stop_message);
	*p = (struct position){ .ko_x = -1, .ko_y = -1 };
}
