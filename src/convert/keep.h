/* keep: what JGF has no key for, kept under meta.SOURCE (the root's
 * properties) and meta.SOURCE.nodes (a node's, by the JGF node's pointer),
 * never dropped, and listed in the conversion's kept properties. */
#ifndef JGF_KEEP_H
#define JGF_KEEP_H

#include "convert/conv.h"
#include "convert/sgf.h"

/* The key of a kept property: the own variables of UGF, GIB and NGF
 * (UGF:Name, GIB:KEY, NGF:LINE7) without their prefix. */
const char *kept_key(const char *id);
/* A root property kept under meta.SOURCE. */
void keep_root(struct conv *c, const struct sgf_prop *p);
/* A node property kept under meta.SOURCE.nodes, keyed by the JGF node's pointer. */
void keep_node(struct conv *c, const char *node_ptr, const struct sgf_prop *p);
/* A root property kept, with a note (sgf-kept-property) saying why. */
void note_kept(struct conv *c, const struct sgf_prop *p, const char *why);
/* The note alone (sgf-kept-property) for p, of more values than its
 * property takes: the first is read, and its caller keeps p whole under
 * meta.SOURCE (root) or meta.SOURCE.nodes, so that none is lost. */
void say_more_values(struct conv *c, const struct sgf_prop *p, bool root);

#endif
