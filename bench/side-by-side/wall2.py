"""Wall time of two programs run as whole processes, taken in turn (speed-table.sh).

Usage: python3 wall2.py RUNS OUT1 OUT2 -- COMMAND1… -- COMMAND2…

Runs COMMAND1 with its standard output in the file OUT1, then COMMAND2 with it in OUT2, RUNS
times, and prints "median best median best" (seconds, tab-separated): COMMAND1's, then
COMMAND2's. The clock starts just before the process is started and stops once it has been
waited for. The output file is opened (emptied) before the clock starts, and the process is
started directly (Python's subprocess, which uses vfork), not from a copy of a shell: what is
timed is the program, not the harness. A command that fails stops the script (status 1).
"""

import subprocess
import sys
import time

USAGE = __doc__.strip().splitlines()[2]


def main() -> int:
    args = sys.argv[1:]
    try:
        runs = int(args[0])
        outs = args[1:3]
        split = [i for i, a in enumerate(args) if a == "--"]
        commands = [args[split[0] + 1 : split[1]], args[split[1] + 1 :]]
    except (IndexError, ValueError):
        print(USAGE, file=sys.stderr)
        return 2
    if runs < 1 or len(outs) != 2 or split[0] != 3 or not all(commands):
        print(USAGE, file=sys.stderr)
        return 2
    times: list[list[float]] = [[], []]
    for _ in range(runs):
        for side in (0, 1):
            with open(outs[side], "wb") as out:
                start = time.perf_counter()
                status = subprocess.run(commands[side], stdout=out, check=False).returncode
                times[side].append(time.perf_counter() - start)
            if status != 0:
                print(f"wall2.py: failed (status {status}): {' '.join(commands[side])}", file=sys.stderr)
                return 1
    figures = []
    for side in times:
        # The lower middle one of an even count, as the shell script's median.
        side.sort()
        figures += [side[(len(side) - 1) // 2], side[0]]
    print("\t".join(f"{t:.6f}" for t in figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
