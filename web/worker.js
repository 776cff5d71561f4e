// The page's worker: everything that may take long (generating, solving, grading, hints, PDF
// sheets) runs here, off the page's thread, so the page never freezes; the page cancels a task
// by ending this worker and starting another (tasks.js). The WebAssembly module comes compiled
// from the page; the print build (with the PDF converter) is loaded on first use.

import init, { WebPuzzle, generate } from "./pkg/calcudoku_web.js";

let ready = null;
let print = null;

function solution(text) {
  const p = new WebPuzzle(text);
  try {
    const first = Array.from(p.solve());
    let error = null;
    try {
      p.check(new Uint8Array(p.size() * p.size())); // the library's check: exactly one solution
    } catch (e) {
      error = String(e.message || e);
    }
    return { first: first.length ? first : null, error };
  } finally {
    p.free();
  }
}

function withPuzzle(text, f) {
  const p = new WebPuzzle(text);
  try {
    return f(p);
  } finally {
    p.free();
  }
}

function made(kind, size, level, seed, seconds) {
  const p = generate(kind, size, level, seed, seconds);
  try {
    return p.share();
  } finally {
    p.free();
  }
}

async function sheet(items, title, perPage, solutions) {
  if (!print) {
    print = import("./pkg/calcudoku_print.js").then(async (m) => {
      await m.default();
      return m;
    });
  }
  const m = await print;
  return m.pdf_sheet(JSON.stringify(items), title, perPage, solutions);
}

/**
 * A hint in the library's one shape of a step (calcudoku::results: rows and columns from 1,
 * `{row, col, value}` objects) in the page's form: rows and columns from 0, `[row, col]` and
 * `[row, col, value]` arrays; a step's cells with its chain's, as the picture marks them.
 */
function pageHint(h) {
  const at = ({ row, col }) => [row - 1, col - 1];
  const triple = ({ row, col, value }) => [row - 1, col - 1, value];
  if (h.status === "wrong") return { status: "wrong", cells: h.wrong.map(at) };
  if (h.status !== "step") return h;
  const seen = new Set();
  const cells = [...h.cells, ...h.chain].map(at).filter(([r, c]) => {
    const key = `${r},${c}`;
    return !seen.has(key) && seen.add(key);
  });
  const area = (a) => ({ name: a.name, cells: a.cells.map(at) });
  return {
    ...h,
    cells,
    placements: h.placements.map(triple),
    eliminations: h.eliminations.map(triple),
    chain: h.chain.map(triple),
    units: h.units.map(area),
    cages: h.cages.map(area),
  };
}

const TASKS = {
  generate: ({ kind, size, level, seed, seconds }) => ({ text: made(kind, size, level, seed, seconds) }),
  solution: ({ text }) => solution(text),
  hint: ({ text, values }) => withPuzzle(text, (p) => pageHint(JSON.parse(p.hint(Uint8Array.from(values))))),
  grade: ({ text }) => withPuzzle(text, (p) => JSON.parse(p.grade())),
  sheet: ({ items, title, perPage, solutions }) => sheet(items, title, perPage, solutions),
  // New puzzles, then their sheet: progress after each one.
  "sheet-new": async ({ kind, size, level, seed, count, perPage, title }, progress) => {
    const items = [];
    for (let k = 0; k < count; k++) {
      items.push({ text: made(kind, size, level, (seed + k) >>> 0, 60), level, id: `seed ${(seed + k) >>> 0}` });
      progress(k + 1);
    }
    return sheet(items, title, perPage, true);
  },
};

self.onmessage = async (e) => {
  const { id, task, args } = e.data;
  if (task === "init") {
    ready = init({ module_or_path: args.module });
    await ready;
    self.postMessage({ id, result: true });
    return;
  }
  try {
    await ready;
    const result = await TASKS[task](args, (done) => self.postMessage({ id, progress: done }));
    const transfer = result instanceof Uint8Array ? [result.buffer] : [];
    self.postMessage({ id, result }, transfer);
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
