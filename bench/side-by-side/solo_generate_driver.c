/* Solo's own generator (Simon Tatham's puzzles, MIT), in-process: COUNT puzzles of the
 * parameters given (Solo's params string, e.g. "3x3de", "9jxdb", "3x3kdt"), from a random
 * seed (SEED, default "calcudoku-bench").
 *   solo-generate PARAMS COUNT [SEED]       prints each game ID on a line, then on standard
 *                                           error the mean milliseconds per puzzle
 * Built without -DSTANDALONE_SOLVER (Solo's generator asserts under that flag) by
 * solo-build.sh against a checkout of the puzzles; this file only calls their functions. */
#include "solo.c"
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s PARAMS COUNT [SEED]\n", argv[0]);
        return 2;
    }
    game_params *p = default_params();
    decode_params(p, argv[1]);
    const char *err = validate_params(p, true);
    if (err) {
        fprintf(stderr, "%s: %s\n", argv[1], err);
        return 2;
    }
    int count = atoi(argv[2]);
    const char *seed = argc > 3 ? argv[3] : "calcudoku-bench";
    random_state *rs = random_new(seed, strlen(seed));
    char *params = encode_params(p, false);
    double total = 0;
    for (int i = 0; i < count; i++) {
        char *aux = NULL;
        double t0 = now();
        char *desc = new_game_desc(p, rs, &aux, false);
        total += now() - t0;
        printf("%s:%s\n", params, desc);
        fflush(stdout);
        sfree(desc);
        sfree(aux);
    }
    fprintf(stderr, "%.3f\n", total / count * 1000);
    return 0;
}
