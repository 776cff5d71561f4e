// The player's side of a puzzle: values, centre and corner marks, and the history that Undo
// and Redo walk. Every change to the grid is one action (a list of cells, each with what it
// held before and after), whatever its size: a digit, an erase, automatic marks, a hint's step
// applied, Solve. Nothing here knows the rules: the library's marks come in as numbers.

/** What a cell holds: its value (0 empty), its centre and corner marks (a bit per value). */
export function cellState(game, i) {
  return [game.values[i], game.centre[i], game.corner[i]];
}

export class Game {
  constructor(size, givens) {
    this.size = size;
    this.givens = givens.slice();
    this.values = givens.slice();
    this.centre = new Array(size * size).fill(0);
    this.corner = new Array(size * size).fill(0);
    this.undoStack = [];
    this.redoStack = [];
  }

  isGiven(i) {
    return this.givens[i] !== 0;
  }

  isFull() {
    return this.values.every((v) => v !== 0);
  }

  /** Sets cells to new states as one action; returns it (null when nothing changed). */
  change(label, states) {
    const changes = [];
    for (const [i, to] of states) {
      const from = cellState(this, i);
      if (this.isGiven(i) || (from[0] === to[0] && from[1] === to[1] && from[2] === to[2])) continue;
      changes.push({ cell: i, from, to });
    }
    if (!changes.length) return null;
    const action = { label, changes };
    this.put(changes, "to");
    this.undoStack.push(action);
    this.redoStack = [];
    return action;
  }

  put(changes, side) {
    for (const ch of changes) {
      const [v, c, k] = ch[side];
      this.values[ch.cell] = v;
      this.centre[ch.cell] = c;
      this.corner[ch.cell] = k;
    }
  }

  /** Undoes the last action, all of it; returns it (null when there is none). */
  undo() {
    const action = this.undoStack.pop();
    if (!action) return null;
    this.put([...action.changes].reverse(), "from");
    this.redoStack.push(action);
    return action;
  }

  redo() {
    const action = this.redoStack.pop();
    if (!action) return null;
    this.put(action.changes, "to");
    this.undoStack.push(action);
    return action;
  }

  /** What is saved between visits. */
  toJSON() {
    return { values: this.values, centre: this.centre, corner: this.corner,
      undo: this.undoStack.slice(-200), redo: this.redoStack.slice(-200) };
  }

  restore(saved) {
    const n2 = this.size * this.size;
    const ok = (a) => Array.isArray(a) && a.length === n2 && a.every((x) => Number.isInteger(x) && x >= 0);
    if (!saved || !ok(saved.values)) return;
    // A saved grid never overrides a given.
    this.values = saved.values.map((v, i) => this.givens[i] || (v <= this.size ? v : 0));
    if (ok(saved.centre)) this.centre = saved.centre.slice();
    if (ok(saved.corner)) this.corner = saved.corner.slice();
    const actions = (list) => (Array.isArray(list) ? list.filter((a) => a && Array.isArray(a.changes)) : []);
    this.undoStack = actions(saved.undo);
    this.redoStack = actions(saved.redo);
  }
}

/** The states of `game`'s cells after `value` goes into cell `i` (or leaves it, when it held it
 * already), with automatic marks kept: `marks` gives the library's marks for a grid. */
export function enterValue(game, i, value, marks) {
  const [old, centre, corner] = cellState(game, i);
  const v = old === value ? 0 : value;
  const states = new Map([[i, [v, centre, corner]]]);
  if (marks) keepMarks(game, states, marks);
  return states;
}

/** Toggles a centre or corner mark in cell `i` (only an empty cell takes marks). */
export function toggleMark(game, i, value, kind) {
  const [v, centre, corner] = cellState(game, i);
  if (v) return new Map();
  const bit = 1 << (value - 1);
  return new Map([[i, kind === "centre" ? [0, centre ^ bit, corner] : [0, centre, corner ^ bit]]]);
}

/** Clears cell `i`: its value if it has one, else its marks. */
export function eraseCell(game, i, marks) {
  const [v, centre, corner] = cellState(game, i);
  if (!v && !centre && !corner) return new Map();
  const states = new Map([[i, v ? [0, centre, corner] : [0, 0, 0]]]);
  if (v && marks) keepMarks(game, states, marks);
  return states;
}

/** With automatic marks on: after the changes in `states`, every empty cell keeps only the
 * centre marks the library still allows, and a cell just emptied gets all of them. */
function keepMarks(game, states, marks) {
  const values = game.values.slice();
  for (const [i, [v]] of states) values[i] = v;
  const allowed = marks(values);
  for (let i = 0; i < values.length; i++) {
    if (values[i] || game.isGiven(i)) continue;
    const [v, centre, corner] = states.get(i) ?? cellState(game, i);
    const emptied = states.has(i) && game.values[i] && !v;
    const kept = emptied ? allowed[i] : centre & allowed[i];
    if (kept !== centre) states.set(i, [v, kept, corner]);
  }
}

/** Every empty cell's centre marks set to the library's. */
export function fillMarks(game, allowed) {
  const states = new Map();
  game.values.forEach((v, i) => {
    if (!v) states.set(i, [0, allowed[i], game.corner[i]]);
  });
  return states;
}

/** The whole solution in, marks cleared. */
export function solveAll(game, solution) {
  const states = new Map();
  solution.forEach((v, i) => states.set(i, [v, 0, 0]));
  return states;
}

/** A hint's step applied: its placements in, its eliminations out of the centre marks. */
export function applyStep(game, step, marks) {
  const n = game.size;
  const states = new Map();
  const state = (i) => states.get(i) ?? cellState(game, i);
  for (const [r, c, v] of step.eliminations) {
    const i = r * n + c;
    const [value, centre, corner] = state(i);
    states.set(i, [value, centre & ~(1 << (v - 1)), corner]);
  }
  for (const [r, c, v] of step.placements) {
    const i = r * n + c;
    states.set(i, [v, 0, 0]);
  }
  if (marks) keepMarks(game, states, marks);
  return states;
}
