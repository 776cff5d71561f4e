/* Times Keen's own grading, in-process: for each game ID of a file (one per line), the
 * standalone solver's grading loop (solver at easy, normal, … until it finishes), run REPEAT
 * times; prints "Level median-seconds" per ID. Built by keen-grade.sh against a checkout of
 * Simon Tatham's puzzles (MIT); this file only calls its functions. */
#define main keen_standalone_main
#include "keen.c"
#undef main
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r");
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    double *runs = malloc(sizeof(double) * (repeat > 0 ? repeat : 1));
    char line[16384];
    if (!f) return 2;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        char *desc = strchr(line, ':');
        if (!desc) { printf("invalid 0\n"); continue; }
        *desc++ = 0;
        game_params *p = default_params();
        decode_params(p, line);
        if (validate_desc(p, desc)) { printf("invalid 0\n"); free_params(p); continue; }
        game_state *s = new_game(NULL, p, desc);
        int ret = -1, diff = 0;
        for (int r = 0; r < repeat; r++) {
            double t0 = now();
            for (diff = 0; diff < DIFFCOUNT; diff++) {
                memset(s->grid, 0, p->w * p->w);
                ret = solver(p->w, s->clues->dsf, s->clues->clues, s->grid, diff);
                if (ret <= diff) break;
            }
            runs[r] = now() - t0;
        }
        qsort(runs, repeat, sizeof(double), cmp);
        printf("%s %.9f\n", diff == DIFFCOUNT ? "Ambiguous" : keen_diffnames[ret], runs[repeat / 2]);
        free_game(s);
        free_params(p);
    }
    return 0;
}
