/* Times Keen's own generator, in-process: COUNT puzzles of the parameters given (Keen's
 * params string, e.g. "6dh"), from a fixed random seed; prints the mean milliseconds per
 * puzzle. Built by keen-generate.sh against a checkout of Simon Tatham's puzzles (MIT); this
 * file only calls its functions. */
#define main keen_standalone_main
#include "keen.c"
#undef main
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s PARAMS COUNT\n", argv[0]);
        return 2;
    }
    game_params *p = default_params();
    decode_params(p, argv[1]);
    int count = atoi(argv[2]);
    random_state *rs = random_new("calcudoku-bench", 15);
    double t0 = now();
    for (int i = 0; i < count; i++) {
        char *aux = NULL;
        char *desc = new_game_desc(p, rs, &aux, false);
        sfree(desc);
        sfree(aux);
    }
    printf("%.3f\n", (now() - t0) / count * 1000);
    return 0;
}
