#!/usr/bin/env python3
"""KenKen with OR-tools CP-SAT, for timing beside calcudoku (bench/side-by-side/cpsat-kenken.sh).

Reads puzzles in calcudoku's JSON (`calcudoku convert --to json FILE`), one file per argument,
and prints one tab-separated line per puzzle:

    FILE  COUNT  COUNT_MS  FIRST_MS  FIRST

COUNT is the number of solutions up to two (`0`, `1` or `2+`), found as `calcudoku count
--limit 2` does: solutions are enumerated and the search stops at the second. COUNT_MS is the
time of that search. FIRST_MS is the time CP-SAT takes for what `calcudoku solve` answers: the
first solution in row-major order (a search that decides the cells in row-major order, smallest
value first, presolve off, whose first solution is the lexicographically smallest grid: with
presolve on it was not always), then a second
search for any other solution (to tell unique from several). FIRST is that solution, the rows
joined by `/`, values by spaces (`-` when there is none). Times are CP-SAT's own wall time
(its presolve and loading included, one worker thread); building the model in Python is not
counted, nor Python's start-up.

Cages follow calcudoku's rules (crates/calcudoku/src/puzzle.rs): `+` sum, `*` product, `-` the
largest minus all the others, `/` the largest divided by the product of the others, exactly;
no operator on one cell is a given, on several cells any of the four. A cage is a table of its
allowed assignments when listing them takes at most TABLE_LIMIT steps (`--table-limit N` sets
it), else arithmetic constraints.

OR-tools is never a dependency of calcudoku: install it in a virtual environment of your own,
`python3 -m venv /tmp/cpsat && /tmp/cpsat/bin/pip install ortools`.
"""

import json
import sys

from ortools.sat.python import cp_model

TABLE_LIMIT = 200_000


def holds(op, target, values):
    """Whether `values` meet the cage rule (op None: any operator)."""
    if op is None:
        if len(values) == 1:
            return values[0] == target
        return any(holds(o, target, values) for o in "+-*/")
    if op == "+":
        return sum(values) == target
    if op == "*":
        p = 1
        for v in values:
            p *= v
        return p == target
    big = max(values)
    rest = list(values)
    rest.remove(big)
    if op == "-":
        return big - sum(rest) == target
    p = 1
    for v in rest:
        p *= v
    return big % p == 0 and big // p == target


def tuples(n, cells, op, target, limit):
    """The cage's allowed assignments (cells of one row or column distinct), or None when
    listing them takes more than `limit` steps."""
    out = []
    k = len(cells)
    values = [0] * k
    steps = 0

    def bounded(i):
        # Sums and products can stop early.
        if op == "+":
            return sum(values[:i]) + (k - i) <= target
        if op == "*":
            p = 1
            for v in values[:i]:
                p *= v
            return target % p == 0
        return True

    def go(i):
        nonlocal steps
        steps += 1
        if steps > limit:
            return
        if i == k:
            if holds(op, target, values):
                out.append(tuple(values))
            return
        r, c = cells[i]
        for v in range(1, n + 1):
            clash = any(
                values[j] == v and (cells[j][0] == r or cells[j][1] == c) for j in range(i)
            )
            if clash:
                continue
            values[i] = v
            if bounded(i + 1):
                go(i + 1)
        values[i] = 0

    go(0)
    return None if steps > limit else out


def arithmetic(model, n, xs, op, target, enforce=None):
    """Cage rule `op` on variables `xs` as arithmetic constraints, enforced by `enforce`."""

    def add(ct):
        if enforce is not None:
            ct.OnlyEnforceIf(enforce)

    def product(vs):
        p = vs[0]
        for v in vs[1:]:
            q = model.NewIntVar(1, n ** len(xs), "")
            model.AddMultiplicationEquality(q, [p, v])
            p = q
        return p

    if op == "+":
        add(model.Add(sum(xs) == target))
    elif op == "*":
        add(model.Add(product(xs) == target))
    else:
        big = model.NewIntVar(1, n, "")
        model.AddMaxEquality(big, xs)
        if op == "-":
            add(model.Add(2 * big - sum(xs) == target))
        else:
            # largest = target × (product of the others) ⟺ largest² = target × product.
            square = model.NewIntVar(1, n * n, "")
            model.AddMultiplicationEquality(square, [big, big])
            add(model.Add(square == target * product(xs)))


def build(puzzle, table_limit):
    """The CP-SAT model of a puzzle and its cell variables, row by row."""
    n = puzzle["size"]
    model = cp_model.CpModel()
    x = [[model.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.AddAllDifferent(x[i])
        model.AddAllDifferent([x[r][i] for r in range(n)])
    if puzzle.get("boxes"):
        h, w = map(int, puzzle["boxes"].split("x"))
        for br in range(0, n, h):
            for bc in range(0, n, w):
                model.AddAllDifferent(
                    [x[r][c] for r in range(br, br + h) for c in range(bc, bc + w)]
                )
    for r, row in enumerate(puzzle.get("givens") or []):
        for c, v in enumerate(row):
            if v:
                model.Add(x[r][c] == v)
    for cage in puzzle.get("cages", []):
        cells = [tuple(rc) for rc in cage["cells"]]
        op, target = cage.get("op"), cage["target"]
        xs = [x[r][c] for r, c in cells]
        if puzzle.get("distinct_cages"):
            model.AddAllDifferent(xs)
        allowed = tuples(n, cells, op, target, table_limit)
        if len(xs) == 1 and op is None:
            model.Add(xs[0] == target)
        elif allowed is not None:
            model.AddAllowedAssignments(xs, allowed)
        elif op is not None:
            arithmetic(model, n, xs, op, target)
        else:
            choice = [model.NewBoolVar("") for _ in "+-*/"]
            model.AddBoolOr(choice)
            for o, b in zip("+-*/", choice):
                arithmetic(model, n, xs, o, target, b)
    return model, [v for row in x for v in row]


class StopAt(cp_model.CpSolverSolutionCallback):
    """Counts solutions (distinct grids: a hidden operator's choice may differ for one grid)
    and stops the search at `limit`."""

    def __init__(self, cells, limit):
        super().__init__()
        self.cells = cells
        self.limit = limit
        self.grids = set()

    def on_solution_callback(self):
        self.grids.add(tuple(self.Value(v) for v in self.cells))
        if len(self.grids) >= self.limit:
            self.StopSearch()


def solver(**params):
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    for k, v in params.items():
        setattr(s.parameters, k, v)
    return s


def count_to_two(puzzle, table_limit):
    """Solutions up to two, and the solver's time."""
    model, xs = build(puzzle, table_limit)
    stop = StopAt(xs, 2)
    s = solver(enumerate_all_solutions=True)
    s.Solve(model, stop)
    return len(stop.grids), s.WallTime()


def first_in_row_major(puzzle, table_limit):
    """The lexicographically smallest solution (or None), the solutions up to two, and the
    solver's time."""
    model, xs = build(puzzle, table_limit)
    model.AddDecisionStrategy(xs, cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
    # Presolve would find solutions of its own (its first was not always the smallest).
    s = solver(search_branching=cp_model.FIXED_SEARCH, cp_model_presolve=False)
    if s.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, 0, s.WallTime()
    took = s.WallTime()
    first = [s.Value(v) for v in xs]
    # Another solution: some cell differs from the first.
    differs = []
    for v, value in zip(xs, first):
        b = model.NewBoolVar("")
        model.Add(v != value).OnlyEnforceIf(b)
        differs.append(b)
    model.AddBoolOr(differs)
    s = solver()
    other = s.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return first, 2 if other else 1, took + s.WallTime()


def main():
    args = sys.argv[1:]
    table_limit = TABLE_LIMIT
    if args[:1] == ["--table-limit"]:
        table_limit = int(args[1])
        args = args[2:]
    for path in args:
        with open(path) as f:
            puzzle = json.load(f)
        n = puzzle["size"]
        found, count_s = count_to_two(puzzle, table_limit)
        first, found_again, first_s = first_in_row_major(puzzle, table_limit)
        if min(found, 2) != found_again:
            sys.exit(f"{path}: the two CP-SAT searches disagree on the count")
        count = "2+" if found >= 2 else str(found)
        grid = "-"
        if first is not None:
            grid = "/".join(" ".join(map(str, first[r * n : (r + 1) * n])) for r in range(n))
        print(f"{path}\t{count}\t{count_s * 1e3:.1f}\t{first_s * 1e3:.1f}\t{grid}", flush=True)


if __name__ == "__main__":
    main()
