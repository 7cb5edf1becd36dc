/* komi: plausible komi, and what a multiplied one most likely means. */
#include "core/komi.h"

#include <math.h>
#include <stdio.h>

/* A multiple of 0.5 (within the rounding of a decimal fraction). */
static bool half_points(double v)
{
	double t = v * 2;
	if (!(fabs(t) < 1e15))
		return false;   /* (and NaN) */
	double r = (double)(long long)(t + (t < 0 ? -0.5 : 0.5));
	return fabs(t - r) < 1e-9;
}

bool komi_plausible(double komi)
{
	return isfinite(komi) && fabs(komi) <= KOMI_MAX && half_points(komi);
}

bool komi_likely(double komi, double *points, char *how, size_t size)
{
	/* The usual komi are below 20 points: 5.5, 6.5, 7.5, 0.5, 0. */
	if (!isfinite(komi))
		return false;
	if (half_points(komi / 100) && fabs(komi / 100) <= 20) {
		*points = komi / 100;
		snprintf(how, size, "written ×100, as Fox writes it");
	} else if (half_points(komi / 50) && fabs(komi / 50) <= 20) {
		*points = komi / 50;
		snprintf(how, size, "%g stones under Chinese counting, 2 points each, written ×100, "
			 "as Fox writes it", komi / 100);
	} else if (half_points(komi / 10) && fabs(komi / 10) <= 20) {
		*points = komi / 10;
		snprintf(how, size, "written ×10");
	} else {
		return false;
	}
	return true;
}
