/* tdoku (https://github.com/t-dillon/tdoku, BSD-2) as a whole program that does what
 * `calcudoku count --limit 2 FILE` does: for each 81-character puzzle line of FILE, the
 * number of solutions up to 2, one per line. Built by speed-table.sh against a checkout of
 * tdoku; this file only calls its public solver function. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    char *line = NULL, solution[81];
    size_t size = 0, guesses;
    if (!f) {
        fprintf(stderr, "usage: tdoku-count FILE\n");
        return 2;
    }
    while (getline(&line, &size, f) != -1) {
        if (strlen(line) < 81 || line[0] == '#') continue;
        line[81] = 0;
        printf("%zu\n", TdokuSolverDpllTriadSimd(line, 2, 0, solution, &guesses));
    }
    return 0;
}
