// A hint in words and cells, stage by stage (1: where to look, 2: the technique's name, 3: the
// whole step), from the step the bindings give (WebPuzzle.hint). Words only: nothing thinks here.

import { labelWords } from "./board.js";

/** The cells a hint's first stage points at: its units' and cages' cells, else its own. */
export function whereCells(step, n) {
  const groups = [...step.units, ...step.cages];
  const cells = groups.length ? groups.flatMap((g) => g.cells) : step.cells;
  return [...new Set(cells.map(([r, c]) => r * n + c))];
}

/** Where to look, in words: "Look at row 3 and the cage 12 plus at row 2, column 4." */
export function whereWords(step, layout) {
  const killer = Boolean(layout.regions) && layout.cages.length > 0;
  const names = [
    ...step.units.map((u) => u.name),
    ...step.cages.map((c) => {
      const [r, col] = c.cells.reduce((a, b) => (a[0] * 100 + a[1] <= b[0] * 100 + b[1] ? a : b));
      return `the cage ${labelWords(c.name, killer)} at row ${r + 1}, column ${col + 1}`;
    }),
  ];
  if (!names.length) {
    const k = step.cells.length;
    return k === 1 ? "Look at the highlighted cell." : `Look at the ${k} highlighted cells.`;
  }
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `Look at ${list}.`;
}

/** What a hint says at a stage. */
export function hintWords(step, stage, layout) {
  const parts = [whereWords(step, layout)];
  if (stage >= 2) parts.push(`Technique: ${step.technique} (${step.level}).`);
  if (stage >= 3) parts.push(step.text);
  else parts.push("Press Hint again for more.");
  return parts.join(" ");
}
