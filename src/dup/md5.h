/* md5: RFC 1321's digest, for the keys keepers cross-check with sgfinfo
 * (`sgfinfo -can` prints one). No security rests on it. */
#ifndef JGF_MD5_H
#define JGF_MD5_H

#include <stddef.h>
#include <stdint.h>

struct md5 {
	uint32_t a, b, c, d;
	uint64_t len;             /* bytes so far */
	unsigned char block[64];  /* the bytes of the block being filled */
};

void md5_init(struct md5 *m);
void md5_add(struct md5 *m, const void *data, size_t n);
/* The digest, as 32 lower-case hex digits and a NUL, in hex. */
void md5_hex(struct md5 *m, char hex[33]);
/* The digest's 16 bytes. */
void md5_bytes(struct md5 *m, unsigned char out[16]);

#endif
