/* The colour-name test shared by the rules that check colours (player-color,
 * color-value, undeclared-color); defined in rules/player_color.c. */
#ifndef JGF_RULES_PLAYER_COLOR_H
#define JGF_RULES_PLAYER_COLOR_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* Whether s (len bytes) is a colour as JGF writes it: a lowercase English
 * colour name, possibly of several words ("black", "light blue", "blue-green"). */
bool jgf_color_name_ok(const char *s, size_t len);

/* For a colour that fails jgf_color_name_ok: appends subject ("`color`")
 * followed by what is wrong and what to write instead, e.g. "`color` must be
 * lower case: write \"black\", found \"Black\"". */
void jgf_color_name_problem(struct buf *out, const char *subject, const char *s, size_t len);

/* The one colour name a wrong colour spells, into out (size bytes): the
 * same name in other case or with white space around it, or the SGF letter
 * B or W. False when there is none. */
bool jgf_color_name_fix(const char *s, size_t len, char *out, size_t size);

/* The colour name a misspelt one most likely means ("whtie" → "white":
 * one letter off, or two swapped), or NULL. A guess: its fix is unsafe. */
const char *jgf_color_name_near(const char *s, size_t len);

#endif
