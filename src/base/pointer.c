/* pointer: RFC 6901 JSON pointers. */
#include "base/pointer.h"

#include "base/digits.h"

void pointer_push_key(struct buf *ptr, const char *key, size_t len)
{
	buf_addc(ptr, '/');
	for (size_t i = 0; i < len; i++) {
		if (key[i] == '~')
			buf_add(ptr, "~0", 2);
		else if (key[i] == '/')
			buf_add(ptr, "~1", 2);
		else
			buf_addc(ptr, key[i]);
	}
}

void pointer_push_index(struct buf *ptr, size_t index)
{
	/* On every node and point of the walk: no printf, and the digits
	 * written in place once the buffer has room (buf_add's growth check
	 * and copy were most of its cost). */
	char digits[DIGITS_MAX + 1], *p = digits_before(digits + sizeof digits, index);
	*--p = '/';
	size_t len = (size_t)(digits + sizeof digits - p);
	if (ptr->cap - ptr->len <= len) {
		buf_add(ptr, p, len);
		return;
	}
	char *at = ptr->data + ptr->len;
	for (size_t i = 0; i < len; i++)
		at[i] = p[i];
	at[len] = '\0';
	ptr->len += len;
}

bool pointer_next(const char **p, struct buf *tok)
{
	const char *s = *p;
	if (*s != '/')
		return false;
	buf_truncate(tok, 0);
	buf_reserve(tok, 0);
	for (s++; *s && *s != '/'; s++) {
		if (s[0] == '~' && (s[1] == '0' || s[1] == '1'))
			buf_addc(tok, *++s == '0' ? '~' : '/');
		else
			buf_addc(tok, *s);
	}
	*p = s;
	return true;
}
