/* explanations_web: the rules' explanations in WebAssembly, kept apart
 * from the rules and packed (web/explanations.cjs, which web/wasm.sh runs,
 * writes them into explanations.c, and each rule's explanation is NULL):
 * unpacked on first use. */
#ifndef JGF_EXPLANATIONS_WEB_H
#define JGF_EXPLANATIONS_WEB_H

#include <stddef.h>

/* The explanation of the rule named id, NULL for none. */
const char *explanations_web_find(const char *id);

/* What explanations.c holds: every explanation, each ending in a NUL, in
 * explanations_size bytes, packed; and where each rule's begins. */
struct explanation_place {
	const char *id;
	size_t at;
};
extern const unsigned char explanations_packed[];
extern const size_t explanations_packed_size, explanations_size;
extern const struct explanation_place explanation_places[];
extern const size_t explanation_places_count;

#endif
