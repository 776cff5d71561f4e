/* Keen's solver (Simon Tatham's puzzles, MIT) at its top level, the way the speed table of
 * issue #18 compares it: one call of solver() at the highest level (which recurses and so
 * proves the solution unique or finds a second one) per game ID of FILE (one per line).
 *   keen-solve FILE        whole process: parse and solve each ID once, print its count
 *                          (0 none, 1 unique, 2 several) on a line of its own
 *   keen-solve FILE R      in-process: per ID, the median of R timed solver() calls (parse
 *                          not timed), printed as "count seconds"
 * Built by speed-table.sh against a checkout of the puzzles; this file only calls their
 * functions. */
#define main keen_standalone_main
#include "keen.c"
#undef main
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int top_level(game_params *p, game_state *s) {
    memset(s->grid, 0, p->w * p->w);
    int ret = solver(p->w, s->clues->dsf, s->clues->clues, s->grid, DIFFCOUNT - 1);
    return ret == diff_impossible ? 0 : ret == diff_ambiguous ? 2 : 1;
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    int repeat = argc > 2 ? atoi(argv[2]) : 0;
    double *runs = malloc(sizeof(double) * (repeat > 0 ? repeat : 1));
    char line[16384];
    if (!f) {
        fprintf(stderr, "usage: keen-solve FILE [REPEAT]\n");
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        char *desc = strchr(line, ':');
        if (!desc) { printf("invalid\n"); continue; }
        *desc++ = 0;
        game_params *p = default_params();
        decode_params(p, line);
        if (validate_desc(p, desc)) { printf("invalid\n"); free_params(p); continue; }
        game_state *s = new_game(NULL, p, desc);
        int count = 0;
        if (repeat <= 0) {
            count = top_level(p, s);
            printf("%d\n", count);
        } else {
            for (int r = 0; r < repeat; r++) {
                double t0 = now();
                count = top_level(p, s);
                runs[r] = now() - t0;
            }
            qsort(runs, repeat, sizeof(double), by_value);
            printf("%d %.9f\n", count, runs[repeat / 2]);
        }
        free_game(s);
        free_params(p);
    }
    return 0;
}
