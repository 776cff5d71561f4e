/* The few front-end functions Keen's code refers to, for a solver-only build. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "puzzles.h"

void fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    exit(1);
}
void frontend_default_colour(frontend *fe, float *output) { output[0] = output[1] = output[2] = 0.9f; }
char *midend_rewrite_statusbar(midend *me, const char *text) { return dupstr(text); }
void check_abort(void) {}
