/* Simon Tatham's Towers and Unequal (MIT), driven in-process for side-by-side figures and for
 * making test sets. Compiled once per game with -DGAME_TOWERS or -DGAME_UNEQUAL against a
 * checkout of the puzzles (tatham-build.sh); this file only calls the game's functions.
 *
 *   driver grade FILE [REPEAT]   per game ID of FILE (one a line): the level the game's own
 *                                standalone solver gives it (Towers: the `-g` loop, solver at
 *                                each level until one finishes; Unequal: one run of its solver
 *                                at the recursive level, as its standalone program does) and,
 *                                with REPEAT, the median seconds of REPEAT gradings
 *   driver solve FILE [REPEAT]   per ID: one solve at the top level (which proves the solution
 *                                unique or finds a second), printed as 0 none, 1 unique,
 *                                2 several; with REPEAT the median seconds too
 *   driver gen PARAMS COUNT SEED COUNT puzzles of the parameters (`6dh`, `7adk`) from the
 *                                random seed SEED: "id<TAB>seconds" per puzzle
 */
#include <time.h>
#ifdef GAME_TOWERS
#define main towers_standalone_main
#include "towers.c"
#undef main
#define DIFFNAMES towers_diffnames
#else
#define main unequal_standalone_main
#include "unequal.c"
#undef main
#define DIFFNAMES unequal_diffnames
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static const char *word(int diff) {
    if (diff == diff_impossible) return "impossible";
    if (diff == diff_ambiguous) return "ambiguous";
    if (diff == diff_unfinished) return "unfinished";
    if (diff >= 0 && diff < DIFFCOUNT) return DIFFNAMES[diff];
    return "?";
}

#ifdef GAME_TOWERS
/* The level as `towers -g` says it. */
static int grade(game_params *p, game_state *s) {
    int diff, ret = diff_ambiguous;
    for (diff = 0; diff < DIFFCOUNT; diff++) {
        memcpy(s->grid, s->clues->immutable, p->w * p->w);
        ret = solver(p->w, s->clues->clues, s->grid, diff);
        if (ret <= diff) break;
    }
    return diff == DIFFCOUNT ? diff_ambiguous : ret;
}
static int solve_top(game_params *p, game_state *s) {
    memcpy(s->grid, s->clues->immutable, p->w * p->w);
    return solver(p->w, s->clues->clues, s->grid, DIFFCOUNT - 1);
}
#else
/* One run at the recursive level, as Unequal's standalone solver grades. */
static int run(game_params *p, const char *desc) {
    game_state *state = new_game(NULL, p, desc);
    struct solver_ctx *ctx = new_ctx(state);
    struct latin_solver solver;
    int diff;
    if (latin_solver_alloc(&solver, state->nums, state->order))
        diff = latin_solver_main(&solver, DIFF_RECURSIVE, DIFF_LATIN, DIFF_SET, DIFF_EXTREME,
                                 DIFF_EXTREME, DIFF_RECURSIVE, unequal_solvers, unequal_valid,
                                 ctx, clone_ctx, free_ctx);
    else
        diff = DIFF_IMPOSSIBLE;
    free_ctx(ctx);
    latin_solver_free(&solver);
    free_game(state);
    return diff;
}
#endif

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s grade|solve FILE [REPEAT] | gen PARAMS COUNT SEED\n", argv[0]);
        return 2;
    }
#ifndef GAME_TOWERS
    maxtries = 50;
#endif
    if (!strcmp(argv[1], "gen")) {
        if (argc < 5) return 2;
        game_params *p = default_params();
        decode_params(p, argv[2]);
        const char *err = validate_params(p, true);
        if (err) { fprintf(stderr, "%s\n", err); return 2; }
        int count = atoi(argv[3]);
        random_state *rs = random_new(argv[4], strlen(argv[4]));
        char *params = encode_params(p, true);
        for (int i = 0; i < count; i++) {
            char *aux = NULL;
            double t0 = now();
            char *desc = new_game_desc(p, rs, &aux, false);
            double t = now() - t0;
            printf("%s:%s\t%.6f\n", params, desc, t);
            fflush(stdout);
            sfree(desc);
            sfree(aux);
        }
        return 0;
    }
    int solve_mode = !strcmp(argv[1], "solve");
    FILE *f = fopen(argv[2], "r");
    int repeat = argc > 3 ? atoi(argv[3]) : 0;
    double *runs = malloc(sizeof(double) * (repeat > 0 ? repeat : 1));
    static char line[1 << 16];
    if (!f) return 2;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n\t")] = 0;
        if (!*line) continue;
        char *desc = strchr(line, ':');
        if (!desc) { printf("invalid\n"); continue; }
        *desc++ = 0;
        game_params *p = default_params();
        decode_params(p, line);
        if (validate_desc(p, desc)) { printf("invalid\n"); free_params(p); continue; }
        int r, ret = 0, times = repeat > 0 ? repeat : 1;
#ifdef GAME_TOWERS
        game_state *s = new_game(NULL, p, desc);
#endif
        for (r = 0; r < times; r++) {
            double t0 = now();
#ifdef GAME_TOWERS
            ret = solve_mode ? solve_top(p, s) : grade(p, s);
#else
            ret = run(p, desc);
#endif
            runs[r] = now() - t0;
        }
        qsort(runs, times, sizeof(double), by_value);
        if (solve_mode)
            printf("%d", ret == diff_impossible ? 0 : ret == diff_ambiguous ? 2 : 1);
        else
            printf("%s", word(ret));
        if (repeat > 0) printf(" %.9f", runs[times / 2]);
        printf("\n");
#ifdef GAME_TOWERS
        free_game(s);
#endif
        free_params(p);
    }
    return 0;
}
