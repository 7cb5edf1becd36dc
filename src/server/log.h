/* log: the server's log: standard error, never standard output (log.c). */
#ifndef JGF_SERVER_LOG_H
#define JGF_SERVER_LOG_H

extern int server_verbose;
void slog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
