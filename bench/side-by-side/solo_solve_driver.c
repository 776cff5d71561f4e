/* Solo's solver (Simon Tatham's puzzles, MIT) at its top level, as `solo -g` runs it: one call
 * of solver() allowed every level up to recursion (which so proves the solution unique or
 * finds a second one) per game ID of FILE (one per line).
 *   solo-solve FILE        whole process: parse and solve each ID once, print its count and
 *                          level (0 none, 1 unique, 2 several; trivial … unreasonable), and
 *                          for a Killer its Killer level as a third word (trivial, simple,
 *                          intermediate, advanced)
 *   solo-solve FILE R      in-process: per ID, the median of R timed solver() calls (parse
 *                          not timed), printed as "count seconds"
 * Built by solo-build.sh against a checkout of the puzzles; this file only calls their
 * functions. */
#define main solo_standalone_main
#include "solo.c"
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

static const char *const LEVELS[] = {"trivial", "basic", "intermediate", "advanced", "extreme",
                                     "unreasonable"};

/* One top-level solve of a fresh copy of the givens: its count, and its level in *level. */
static const char *const KILLER_LEVELS[] = {"trivial", "simple", "intermediate", "advanced"};

static int top_level(game_state *s, digit *grid, int *level, int *klevel) {
    struct difficulty dlev;
    int area = s->cr * s->cr;
    memcpy(grid, s->grid, area);
    dlev.maxdiff = DIFF_RECURSIVE;
    dlev.maxkdiff = DIFF_KINTERSECT;
    solver(s->cr, s->blocks, s->kblocks, s->xtype, grid, s->kgrid, &dlev);
    *level = dlev.diff;
    *klevel = dlev.kdiff;
    return dlev.diff == DIFF_IMPOSSIBLE ? 0 : dlev.diff == DIFF_AMBIGUOUS ? 2 : 1;
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    int repeat = argc > 2 ? atoi(argv[2]) : 0;
    double *runs = malloc(sizeof(double) * (repeat > 0 ? repeat : 1));
    static char line[65536];
    if (!f) {
        fprintf(stderr, "usage: solo-solve FILE [REPEAT]\n");
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
        if (validate_params(p, true) || validate_desc(p, desc)) {
            printf("invalid\n");
            free_params(p);
            continue;
        }
        game_state *s = new_game(NULL, p, desc);
        digit *grid = snewn(s->cr * s->cr, digit);
        int count = 0, level = 0, klevel = 0;
        if (repeat <= 0) {
            count = top_level(s, grid, &level, &klevel);
            printf("%d %s", count, level <= DIFF_RECURSIVE ? LEVELS[level] : "-");
            if (p->killer)
                printf(" %s", klevel <= DIFF_KINTERSECT ? KILLER_LEVELS[klevel] : "-");
            printf("\n");
        } else {
            for (int r = 0; r < repeat; r++) {
                double t0 = now();
                count = top_level(s, grid, &level, &klevel);
                runs[r] = now() - t0;
            }
            qsort(runs, repeat, sizeof(double), by_value);
            printf("%d %.9f\n", count, runs[repeat / 2]);
        }
        sfree(grid);
        free_game(s);
        free_params(p);
    }
    return 0;
}
