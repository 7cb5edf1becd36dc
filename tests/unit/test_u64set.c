/* dup/u64set.h alone: numbers added once (a second add says so), 0 among
 * them, numbers alike in their low or high bits (pairs of games, the
 * lesser << 32 | the greater), through the table's growth; numbers never
 * added are not there. TAP output. */
#include "dup/u64set.h"
#include "tap.h"

int main(void)
{
	tap_init();
	struct u64set t = { 0 };
	tap_ok(!u64set_has(&t, 0) && !u64set_has(&t, 7), "an empty set has nothing");
	tap_ok(u64set_add(&t, 0) && !u64set_add(&t, 0) && u64set_has(&t, 0) && !u64set_has(&t, 1),
	       "0 is added once, and is there");
	bool added = true, again = false, has = true, other = false;
	for (uint64_t a = 0; a < 300; a++)
		for (uint64_t b = a + 1; b < a + 40; b++) {
			added &= u64set_add(&t, a << 32 | b);
			added &= u64set_add(&t, (a << 32 | b) << 20);
		}
	for (uint64_t a = 0; a < 300; a++)
		for (uint64_t b = a + 1; b < a + 40; b++) {
			again |= u64set_add(&t, a << 32 | b);
			has &= u64set_has(&t, a << 32 | b) && u64set_has(&t, (a << 32 | b) << 20);
			other |= u64set_has(&t, b << 32 | a) || u64set_has(&t, (a << 32 | b) | 1ULL << 63);
		}
	tap_ok(added && t.n == 2 * 300 * 39, "23,400 pairs added, each once");
	tap_ok(!again, "a pair added again is said to be there");
	tap_ok(has && u64set_has(&t, 0), "each pair added is there, and 0");
	tap_ok(!other, "no pair never added is there");
	u64set_free(&t);
	tap_ok(!u64set_has(&t, 0) && !u64set_has(&t, 3), "a freed set is empty");
	return tap_done();
}
