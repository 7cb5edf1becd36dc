/* lhaload: a UGZ file's LHA archive as its record and its later headers. */
#include "read/lhaload.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "read/sniff.h"

/* A stream's bytes held from at on, and how many. */
#define LIVE(s) ((s)->ahead.data + (s)->skip)
#define LIVE_LEN(s) ((s)->ahead.len - (s)->skip)

/* Reads more of a stream into ahead (its end said by s->end), the bytes
 * behind at dropped first (moved once a read, not once a file); 0 or an
 * errno value. */
static int read_more(struct lha_source *s)
{
	if (s->skip) {
		memmove(s->ahead.data, LIVE(s), LIVE_LEN(s));
		s->ahead.len -= s->skip, s->skip = 0;
	}
	for (;;) {
		if (s->ahead.cap < s->ahead.len + 2)
			buf_reserve(&s->ahead, 65536);
		ssize_t r = read(s->fd, s->ahead.data + s->ahead.len, s->ahead.cap - s->ahead.len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno;
		s->end = r == 0;
		s->ahead.len += (size_t)r;
		return s->at + s->ahead.len > s->limit ? EFBIG : 0;
	}
}

/* Goes to off (never back): a stream's bytes before it dropped, those not
 * read yet read past (counted, not held); whether the source reaches off
 * (false: it ends before); 0 or an errno value. */
static int pass_to(struct lha_source *s, size_t off, bool *reached)
{
	if (!s->stream) {
		*reached = off <= s->size;
		return 0;
	}
	while (off - s->at > LIVE_LEN(s) && !s->end) {
		s->at += LIVE_LEN(s), s->ahead.len = s->skip = 0;
		int err = read_more(s);
		if (err)
			return err;
	}
	*reached = off - s->at <= LIVE_LEN(s);
	size_t skip = *reached ? off - s->at : LIVE_LEN(s);
	s->skip += skip, s->at += skip;
	return 0;
}

/* How many of the n bytes from off there are (fewer at the end), a
 * stream's read into ahead (pass_to off first); 0 or an errno value. */
static int have(struct lha_source *s, size_t off, size_t n, size_t *got)
{
	if (!s->stream) {
		*got = off < s->size ? (n < s->size - off ? n : s->size - off) : 0;
		return 0;
	}
	bool reached;
	int err = pass_to(s, off, &reached);
	while (!err && reached && !s->end && LIVE_LEN(s) < n)
		err = read_more(s);
	*got = !reached ? 0 : LIVE_LEN(s) < n ? LIVE_LEN(s) : n;
	return err;
}

/* Appends to b the n bytes of s at off, or as many as there are (SIZE_MAX:
 * to the end); 0 or an errno value. */
static int read_at(struct lha_source *s, struct buf *b, size_t n, size_t off)
{
	size_t got;
	int err = have(s, off, n, &got);
	if (err)
		return err;
	buf_reserve(b, got + 1);
	if (s->stream)
		buf_add(b, LIVE(s), got);
	for (size_t done = 0; !s->stream && done < got;) {
		ssize_t r = pread(s->fd, b->data + b->len, got - done, (off_t)(off + done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno;
		if (r == 0)
			break;
		done += (size_t)r;
		b->len += (size_t)r;
	}
	b->data[b->len] = '\0';
	return 0;
}

/* Where the bytes from off on stop being padding as ugz.c's padding reads
 * them (an end byte 0x00, then 0x00s or 0x1As alone), in *at (SIZE_MAX:
 * they are padding to the end), read a block at a time, never held; 0 or
 * an errno value. */
static int padding_ends(struct lha_source *s, size_t off, size_t *at)
{
	struct buf block = BUF_INIT;
	int err = 0, pad = -1;
	*at = SIZE_MAX;
	for (size_t pos = off; *at == SIZE_MAX;) {
		block.len = 0;
		if ((err = read_at(s, &block, 65536, pos)) || !block.len)
			break;
		for (size_t i = 0; i < block.len && *at == SIZE_MAX; i++) {
			int c = (unsigned char)block.data[i];
			if (pos + i == off && !c)
				continue;   /* the end byte */
			if (pad < 0)
				pad = c;
			if (c != pad || (c && c != 0x1A))
				*at = pos + i;
		}
		pos += block.len;
	}
	buf_free(&block);
	return err;
}

int lha_read(struct buf *b, struct lha_source *s, size_t start)
{
	struct buf head = BUF_INIT;
	size_t left;
	int err = read_at(s, b, start, 0);
	for (size_t off = start; !err && !(err = have(s, off, 1, &left)) && left;) {
		/* a level 0 or 1's base header, then twice as much while its
		 * extended headers (or a level 2 or 3's size) need more: linear in
		 * them, however many */
		size_t want = 22 + 255 + 2, need = 0, data = 0, len = 0;
		for (;;) {
			head.len = 0;
			err = read_at(s, &head, want, off);
			len = err ? 0 : off == start ? sniff_lha_headers(head.data, head.len, &need, &data) :
						       sniff_lha_later(head.data, head.len, &need, &data);
			if (err || len || need <= head.len || head.len < want)   /* or the end */
				break;
			want = need > 2 * want ? need : 2 * want;
		}
		/* liblhasa stops at them, and reads nothing after them (a
		 * record's, refused in fewer bytes than it reads first, 24, its
		 * lead-in: kept with the rest of those 24, or as many as there
		 * are) */
		if (!err && len && data == SIZE_MAX) {
			buf_add(b, head.data, off == start && len < 24 ? (head.len < 24 ? head.len : 24) : len);
			/* a later one's with the first byte after it that is not
			 * padding, where its bytes are (ugz.c says bytes after the
			 * record unless they are padding: zeros, 22 of them a header
			 * of level 0 liblhasa refuses, then a byte of junk) */
			size_t at;
			if (off != start && !(err = padding_ends(s, off, &at)) && at != SIZE_MAX &&
			    at >= off + len)
				err = read_at(s, b, 1, at);
			break;
		}
		bool whole = false;
		if (!err && len && data <= SIZE_MAX - len - off)
			err = off == start ? have(s, off, len + data, &left) : pass_to(s, off + len + data, &whole);
		if (err)
			break;
		if (!len || data > SIZE_MAX - len - off || (off == start && left < len + data)) {
			err = read_at(s, b, SIZE_MAX, off);
			break;
		}
		if (off == start) {
			err = read_at(s, b, len + data, off);
		} else if (whole) {
			sniff_lha_no_data(head.data, len);
			buf_add(b, head.data, len);
		} else {   /* its data cut short */
			buf_add(b, head.data, len);
			break;
		}
		off += len + data;
	}
	buf_free(&head);
	return err;
}

