/* sgfahead: the SGF reader's look ahead (sgfahead.h). */
#include "convert/sgfahead.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Past the value whose `[` is at s[i]: after its `]`, or n. */
static size_t past_value(const char *s, size_t n, size_t i)
{
	for (i++; i < n && s[i] != ']'; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

bool sgf_opens_game(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && blank(s[i]))
		i++;
	if (i < n && s[i] == ';')
		i++;
	for (;;) {
		while (i < n && blank(s[i]))
			i++;
		/* A property's name: its capitals (FF[3]'s GaMe is GM). */
		char id[3];
		size_t caps = 0, letters = 0;
		while (i < n && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) {
			if (s[i] >= 'A' && s[i] <= 'Z' && caps < 3)
				id[caps++] = s[i];
			i++, letters++;
		}
		if (!letters)
			return false;
		if (caps == 2 && ((id[0] == 'G' && id[1] == 'M') || (id[0] == 'F' && id[1] == 'F')))
			return true;
		while (i < n && blank(s[i]))
			i++;
		if (i >= n || s[i] != '[')
			return false;
		while (i < n && s[i] == '[') {
			i = past_value(s, n, i);
			while (i < n && blank(s[i]))
				i++;
		}
	}
}

bool sgf_trees_close(const char *s, size_t n, size_t depth)
{
	for (size_t i = 0; i < n;) {
		if (s[i] == '[') {
			i = past_value(s, n, i);
			continue;
		}
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth == 0)
			return true;
		i++;
	}
	return false;
}
