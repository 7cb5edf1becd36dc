/* temps: the temporary files in flight beside the files write.c writes,
 * which a SIGINT, SIGTERM or SIGHUP removes before it takes effect, and
 * the signals held off while a file is put in place. */
#ifndef JGF_TEMPS_H
#define JGF_TEMPS_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* Reads the umask and installs the signal handlers (write_init). */
void temps_init(void);
/* Removes the temporary files in flight (async-signal-safe): for a run that
 * ends on a signal or a fatal error, which leaves no .jgflint-PID-N behind. */
void write_remove_temporaries(void);
/* A slot for one temporary file (waits while all are taken); give it
 * back with temp_release. */
int temp_claim(void);
void temp_release(int slot);
/* Creates DIR.jgflint-PID-N (backup: DIR.jgflint-backup-PID-N, which no
 * signal removes) in slot, locked while open, after removing in dir those a
 * killed run left (once a run); returns the descriptor or -errno. dir_st:
 * dir's stat when the caller has it, else NULL. */
int temp_create(const char *dir, const struct stat *dir_st, int slot, bool backup);
/* The slot's file name. */
const char *temp_path(int slot);
/* The slot's file is no longer the handler's to remove (it is being put in
 * place, or is gone). */
void temp_take(int slot);
/* Whether the handler would remove the slot's file. */
bool temp_live(int slot);
/* A number for a new temporary or backup name. */
unsigned temp_next(void);
/* The umask, as read once before any thread started. */
mode_t temp_creation_mask(void);
/* Between signals_defer and signals_resume a signal does not end the run:
 * the last thread to resume ends it, after removing the temporary files.
 * Around the steps after which a name would be left behind (a file made
 * under a name the handler has, a file put in place and the original
 * removed). */
void signals_defer(void);
void signals_resume(void);

#endif
