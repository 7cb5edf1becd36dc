/* show: --show-settings, the settings that apply to a file, as JSON. */
#ifndef JGF_SHOW_H
#define JGF_SHOW_H

#include "cli/options.h"

/* --show-settings: the configuration that applies to path, as JSON. */
int show_settings(struct run_options *o, const char *path);

#endif
