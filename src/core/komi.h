/* komi: what a komi value most likely means, shared by the komi-value
 * rule and the converters. Fox and other servers write komi multiplied
 * (KM[750] for 7.5, KM[375] for 3.75 stones, 7.5 points, under Chinese
 * counting); no game gives 150 points, and komi comes in half points. */
#ifndef JGF_KOMI_H
#define JGF_KOMI_H

#include <stdbool.h>
#include <stddef.h>

/* The largest komi, either way, that a real game gives. */
#define KOMI_MAX 150.0

/* Whether komi is one a game can have: |komi| at most KOMI_MAX and a
 * multiple of 0.5. */
bool komi_plausible(double komi);

/* For an implausible komi: the value it most likely means (points), and
 * how it was written, into how ("written ×100, as Fox writes it", ...).
 * False when there is no likely reading. */
bool komi_likely(double komi, double *points, char *how, size_t size);

#endif
