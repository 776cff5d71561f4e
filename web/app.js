// calcudoku's page: the controls, the keyboard, the hints in stages and the timer, over the
// WebAssembly bindings (pkg/calcudoku_web.js). Everything that thinks is the Rust library's:
// what may take long (generating, solving, grading, hints, PDF sheets) runs in a worker
// (worker.js, through tasks.js); drawing and the player's state are board.js and game.js.

import init, { WebPuzzle, generator_kinds } from "./pkg/calcudoku_web.js";
import { Board, valueChar } from "./board.js";
import { Game, applyStep, enterValue, eraseCell, fillMarks, solveAll, toggleMark } from "./game.js";
import { hintWords, whereCells } from "./hints.js";
import { setUpPrint } from "./print.js";
import { Tasks } from "./tasks.js";

const SIZES = {
  kenken: [3, 4, 5, 6, 7, 8, 9],
  sudoku: [4, 6, 8, 9, 12, 16],
  killer: [4, 6, 9],
  towers: [3, 4, 5, 6, 7, 8, 9],
  unequal: [3, 4, 5, 6, 7, 8, 9],
  adjacent: [3, 4, 5, 6, 7, 8, 9],
  jigsaw: [4, 5, 6, 7, 8, 9],
  x: [4, 6, 8, 9],
  windoku: [9],
  "jigsaw-x": [4, 5, 6, 7, 8, 9],
};
const MODES = ["value", "centre", "corner"];
const $ = (id) => document.getElementById(id);

let tasks = null; // the worker
let puzzle = null; // the WebPuzzle on this thread: drawing, layout, automatic marks
let layout = null; // its structure: {size, boxes, regions, diagonals, givens, cages, distinct}
let code = ""; // its share code (the URL fragment)
let board = null; // the grid on the page
let game = null; // the player's values, marks and history
let solution = null; // the first solution, once the worker has it; null until then
let unique = null; // null while unknown, "" when the puzzle has one solution, else the reason
let mode = "value";
let wrong = new Set(); // cells marked wrong (by Check, a hint, or as typed)
let hint = null; // the hint being shown: {step, stage (1 where, 2 technique, 3 step)}
let elapsed = 0, runningSince = null, solved = false, paused = false;
let generation = 0; // which load the worker's answers are for

// ---------------------------------------------------------------- messages

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
}

function sayHint(text) {
  $("hint-text").textContent = text;
}

function errorText(e) {
  return String(e?.message ?? e);
}

// ---------------------------------------------------------------- loading and saving

function load(p, from) {
  puzzle?.free();
  puzzle = p;
  layout = JSON.parse(p.layout());
  code = p.share();
  const n = layout.size;
  game = new Game(n, layout.givens);
  const saved = JSON.parse(localStorage.getItem("calcudoku:" + code) || "null");
  game.restore(saved?.game ?? (saved && { values: saved.values }));
  elapsed = Number(saved?.elapsed) || 0;
  runningSince = null; // the last puzzle's clock stops here
  if (paused) setPaused(false);
  solved = false;
  solution = null;
  unique = null;
  wrong.clear();
  hint = null;
  board = new Board(p, layout, (i) => {
    board.select(i, true);
    draw();
  });
  let first = layout.givens.findIndex((v) => v === 0);
  board.select(first < 0 ? 0 : first, false);
  history.replaceState(null, "", "#" + encodeURIComponent(code));
  sayHint("");
  $("apply").hidden = true;
  buildKeypad();
  say(`${p.kind_name()} ${n}×${n}${from ? " — " + from : ""}`);
  syncControls(p.kind(), n);
  draw();
  resume();
  generation++;
  askSolution();
}

// The solution, from the worker: Check, mistakes as typed, Solve and "solved" use it. Asked
// again by Check and Solve when a Cancel ended the worker before it answered.
let asking = false;
function askSolution() {
  const mine = generation;
  asking = true;
  tasks.run("solution", { text: code }).then(
    (s) => {
      if (mine !== generation) return;
      asking = false;
      solution = s.first;
      unique = s.error ?? "";
      afterChange();
    },
    () => {
      if (mine === generation) asking = false;
    },
  );
}

function solutionPending() {
  if (unique !== null) return false;
  if (!asking) askSolution();
  say("Still solving the puzzle; try again in a moment.");
  return true;
}

function save() {
  if (!puzzle) return;
  localStorage.setItem("calcudoku:" + code, JSON.stringify({ game: game.toJSON(), elapsed: time() }));
}

function loadText(text, from) {
  try {
    load(new WebPuzzle(text.trim()), from);
    return true;
  } catch (e) {
    say(errorText(e), true);
    return false;
  }
}

// ---------------------------------------------------------------- drawing

function rowCols(cells) {
  return [...cells].map((i) => [Math.floor(i / layout.size), i % layout.size]);
}

function draw() {
  if (!board) return;
  const n = layout.size;
  const hinted = new Set();
  const marks = { wrong: rowCols(wrong) };
  const placed = new Map();
  if (hint) {
    const { step, stage } = hint;
    const where = stage < 3 ? whereCells(step, n) : step.cells.map(([r, c]) => r * n + c);
    where.forEach((i) => hinted.add(i));
    marks.cells = rowCols(hinted);
    if (stage >= 3) {
      marks.eliminations = step.eliminations;
      marks.placements = step.placements;
      for (const [r, c, v] of step.placements) placed.set(r * n + c, v);
    }
  }
  const selected = board.selected;
  const digit = $("same-digit").checked && selected >= 0 ? game.values[selected] : 0;
  board.draw(game, marks, { wrong, hinted, digit, placed });
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
  for (const b of $("keypad").querySelectorAll("button[data-digit]")) {
    b.classList.toggle("same", Number(b.dataset.digit) === digit && digit > 0);
  }
}

function buildKeypad() {
  const pad = $("keypad");
  const n = layout.size;
  pad.style.setProperty("--cols", String(n <= 9 ? n : 8));
  // On a phone: two rows at most, the Erase key in the last.
  pad.style.setProperty("--phone-cols", String(n <= 6 ? n + 1 : Math.ceil((n + 1) / 2)));
  const buttons = [];
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = valueChar(d);
    b.dataset.digit = String(d);
    b.addEventListener("click", () => digitPressed(d, mode));
    buttons.push(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.textContent = "Erase";
  erase.className = "erase";
  erase.addEventListener("click", erase_);
  buttons.push(erase);
  pad.replaceChildren(...buttons);
}

// ---------------------------------------------------------------- playing

const automatic = () => ($("auto-marks").checked ? (values) => Array.from(puzzle.pencil_marks(Uint8Array.from(values))) : null);

/** Makes `states` (cell → [value, centre, corner]) one undoable action named `label`. */
function act(label, states) {
  if (!game || paused) return null;
  const action = game.change(label, states);
  if (action) afterChange();
  return action;
}

/** After any change to the grid: the hint shown goes, mistakes follow, and a full right grid is
 * solved. */
function afterChange() {
  if (hint) {
    hint = null;
    sayHint("");
    $("apply").hidden = true;
  }
  const n2 = layout.size * layout.size;
  if (solution) {
    for (const i of [...wrong]) if (!game.values[i] || game.values[i] === solution[i]) wrong.delete(i);
    if ($("show-mistakes").checked) {
      for (let i = 0; i < n2; i++) if (game.values[i] && game.values[i] !== solution[i]) wrong.add(i);
    }
    const right = game.values.every((v, i) => v === solution[i]);
    if (right && !solved) {
      solved = true;
      pause();
      say(`Solved in ${clock()}!`);
    } else if (!right && solved) {
      solved = false;
      resume();
    }
  }
  save();
  draw();
}

function digitPressed(d, how) {
  if (!game || d < 1 || d > layout.size) return;
  const i = board.selected;
  if (game.isGiven(i)) {
    say(`Row ${Math.floor(i / layout.size) + 1}, column ${(i % layout.size) + 1} is given.`);
    return;
  }
  if (how === "value") act(`${valueChar(d)} in a cell`, enterValue(game, i, d, automatic()));
  else act(`${how} mark ${valueChar(d)}`, toggleMark(game, i, d, how));
  draw();
  sayCell(i);
}

/** Tells a screen reader what the current cell holds now (its name changed under the focus,
 * which screen readers do not read again by themselves). */
function sayCell(i) {
  const name = board.cells[i].getAttribute("aria-label");
  $("said").textContent = name.slice(board.where(i).length + 2);
}

function erase_() {
  if (!game) return;
  act("erase", eraseCell(game, board.selected, automatic()));
  sayCell(board.selected);
}

function setMode(m) {
  mode = m;
  for (const b of document.querySelectorAll("button[data-mode]")) b.setAttribute("aria-pressed", String(b.dataset.mode === m));
  $("keypad").dataset.marking = m;
}

function undo() {
  if (paused) return;
  const a = game?.undo();
  if (a) {
    say(`Undone: ${a.label}.`);
    afterChange();
  }
}

function redo() {
  if (paused) return;
  const a = game?.redo();
  if (a) {
    say(`Redone: ${a.label}.`);
    afterChange();
  }
}

function move(dr, dc) {
  const n = layout.size;
  const i = board.selected;
  const r = (Math.floor(i / n) + dr + n) % n, c = ((i % n) + dc + n) % n;
  board.select(r * n + c, true);
  draw();
}

$("grid").addEventListener("keydown", (e) => {
  if (!game || paused) return;
  const n = layout.size;
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  const digit = /^(Digit|Numpad)([1-9])$/.exec(e.code);
  if (k === "ArrowUp") move(-1, 0);
  else if (k === "ArrowDown") move(1, 0);
  else if (k === "ArrowLeft") move(0, -1);
  else if (k === "ArrowRight") move(0, 1);
  else if (k === "Home") move(0, -(board.selected % n));
  else if (k === "End") move(0, n - 1 - (board.selected % n));
  else if (ctrl && (k === "z" || k === "Z")) (e.shiftKey ? redo : undo)();
  else if (ctrl && (k === "y" || k === "Y")) redo();
  else if (ctrl || e.altKey) return;
  else if (digit) digitPressed(Number(digit[2]), e.shiftKey ? "corner" : mode);
  else if (/^[a-g]$/i.test(k) && n > 9) digitPressed(k.toUpperCase().charCodeAt(0) - 55, e.shiftKey ? "corner" : mode);
  else if (k === "Backspace" || k === "Delete" || k === "0") erase_();
  else if (k === "p" || k === "P") setMode(MODES[(MODES.indexOf(mode) + 1) % MODES.length]);
  else return;
  e.preventDefault();
});

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && tasks?.running) {
    tasks.cancel();
    e.preventDefault();
    return;
  }
  const typing = e.target.closest?.("input, textarea, select");
  if (!typing && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === "h" || e.key === "H")) {
    e.preventDefault();
    hintPressed();
  }
});

// ---------------------------------------------------------------- the timer

function time() {
  return elapsed + (runningSince === null ? 0 : Date.now() - runningSince);
}

function clock() {
  const s = Math.floor(time() / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? h + ":" : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
}

function pause() {
  if (runningSince !== null) elapsed += Date.now() - runningSince;
  runningSince = null;
  $("timer").textContent = clock();
}

function resume() {
  if (runningSince === null && !solved && !paused && !document.hidden) runningSince = Date.now();
}

function setPaused(p) {
  paused = p;
  $("pause").setAttribute("aria-pressed", String(p));
  $("pause").textContent = p ? "Resume" : "Pause";
  $("paused").hidden = !p;
  $("grid").hidden = p;
  $("grid-wrap").querySelector(".picture").hidden = p;
  if (p) pause();
  else resume();
  say(p ? "Paused: the grid is hidden." : "");
}

$("pause").addEventListener("click", () => setPaused(!paused));
document.addEventListener("visibilitychange", () => {
  if (document.hidden) pause();
  else resume();
  save();
});
setInterval(() => {
  if (game) $("timer").textContent = clock();
}, 500);

// ---------------------------------------------------------------- help: check, hints, solve

async function hintPressed() {
  if (!game || paused) return;
  if (hint && hint.stage < 3) {
    hint.stage++;
    showHint();
    return;
  }
  if (hint) return; // the whole step is shown: Apply, or play on
  const mine = generation;
  try {
    const h = await tasks.run("hint", { text: code, values: game.values }, "Looking for a step…");
    if (mine !== generation) return;
    if (h.status === "step") {
      hint = { step: h, stage: 1 };
      showHint();
    } else if (h.status === "wrong") {
      h.cells.forEach(([r, c]) => wrong.add(r * layout.size + c));
      const k = h.cells.length;
      sayHint(`${k} ${k === 1 ? "value is" : "values are"} wrong: marked with a red corner. Fix ${k === 1 ? "it" : "them"} first.`);
      draw();
    } else {
      sayHint(h.status === "solved" ? "The grid is complete and right." : "No step found from here: the techniques the library knows are stuck.");
    }
  } catch (e) {
    if (!e.cancelled) say(errorText(e), true);
  }
}

function showHint() {
  const { step, stage } = hint;
  sayHint(hintWords(step, stage, layout));
  $("apply").hidden = stage < 3 || (!step.placements.length && !step.eliminations.length);
  draw();
}

$("hint").addEventListener("click", hintPressed);
$("apply").addEventListener("click", () => {
  if (!hint) return;
  const step = hint.step;
  act(`the hint's ${step.technique}`, applyStep(game, step, automatic()));
  say(`Applied: ${step.technique}.`);
  board.select(board.selected, true);
});

$("check").addEventListener("click", () => {
  if (!game) return;
  if (solutionPending()) return;
  if (unique) return say(unique, true);
  wrong = new Set();
  game.values.forEach((v, i) => {
    if (v && v !== solution[i]) wrong.add(i);
  });
  const k = wrong.size;
  const empty = game.values.filter((v) => !v).length;
  say(k ? `${k} wrong ${k === 1 ? "cell" : "cells"} marked with a red corner.` : `No mistakes so far; ${empty} ${empty === 1 ? "cell" : "cells"} to fill.`);
  draw();
});

$("solve").addEventListener("click", () => {
  if (!game) return;
  if (solutionPending()) return;
  if (!solution) return say("No solution.", true);
  if (act("Solve", solveAll(game, solution))) say("Solved by the library. Undo takes it all back in one press.");
});

$("grade").addEventListener("click", async () => {
  if (!game) return;
  try {
    const g = await tasks.run("grade", { text: code }, "Grading…");
    say(`Level ${g.level}, rating ${g.rating.toFixed(1)} (${g.steps} steps).`);
  } catch (e) {
    if (!e.cancelled) say(errorText(e), true);
  }
});

$("share").addEventListener("click", async () => {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: " + url);
  } catch {
    say("Link: " + url);
  }
});

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("erase").addEventListener("click", erase_);
for (const b of document.querySelectorAll("button[data-mode]")) b.addEventListener("click", () => setMode(b.dataset.mode));
$("auto-marks").addEventListener("change", () => {
  if (!game) return;
  if ($("auto-marks").checked) {
    const allowed = Array.from(puzzle.pencil_marks(Uint8Array.from(game.values)));
    act("automatic marks", fillMarks(game, allowed));
    say("Automatic centre marks: filled, and kept up to date as you play.");
  } else {
    say("Automatic centre marks off: the marks stay as they are.");
  }
});
$("show-mistakes").addEventListener("change", () => {
  if (!$("show-mistakes").checked) wrong.clear();
  if (game) afterChange();
});
$("same-digit").addEventListener("change", draw);

// ---------------------------------------------------------------- new puzzles

let kinds = [];

function refill(kind) {
  const k = kinds.find((x) => x.id === kind);
  const sizes = SIZES[kind] ?? [4, 5, 6, 7, 8, 9];
  $("size").replaceChildren(...sizes.map((s) => new Option(`${s}×${s}`, s)));
  // The library's defaults for the kind (the command line's and Python's too).
  $("size").value = String(sizes.includes(k?.size) ? k.size : sizes[0]);
  refillLevels(k?.level);
}

/** The levels the chosen kind has at the chosen size (a 4×4 X Sudoku only easy), keeping
 * `keep` (else the current level) when it is one of them. */
function refillLevels(keep) {
  const k = kinds.find((x) => x.id === $("kind").value);
  keep ??= $("level").value;
  const levels = k?.levels_at?.[$("size").value] ?? k?.levels ?? [];
  $("level").replaceChildren(...levels.map((l) => new Option(l, l)));
  $("level").value = levels.includes(keep) ? keep : levels.includes(k?.level) ? k.level : levels[0];
}

/** The kind and size controls follow a puzzle loaded from a link or a paste (the level stays,
 * when the kind has it): `kind` is the puzzle's own id (`skyscrapers` for Towers). */
function syncControls(kind, n) {
  const k = kinds.find((x) => x.kind === kind || x.id === kind);
  if (!k) return;
  const level = $("level").value;
  if ($("kind").value !== k.id) {
    $("kind").value = k.id;
    refill(k.id);
  }
  if ([...$("size").options].some((o) => Number(o.value) === n)) $("size").value = String(n);
  refillLevels(level);
}

/** A seed for a date's puzzle: the same for everyone on that date (UTC), per kind, size and
 * level (FNV-1a of the words). */
function dailySeed(date, kind, size, level) {
  let h = 0x811c9dc5;
  for (const ch of `${date} ${kind} ${size} ${level}`) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A new puzzle of the chosen kind, size and level, made in the worker; resolves once drawn. */
async function generateNew(seed, from) {
  const kind = $("kind").value, size = Number($("size").value), level = $("level").value;
  seed ??= Math.floor(Math.random() * 0xffffffff);
  say(`Generating a ${level} ${size}×${size} puzzle…`);
  try {
    const { text } = await tasks.run("generate", { kind, size, level, seed, seconds: 60 }, `Generating a ${level} puzzle…`);
    load(new WebPuzzle(text), from ?? `new ${level} puzzle`);
  } catch (e) {
    say(e.cancelled ? "Cancelled: no new puzzle." : errorText(e), !e.cancelled);
  }
}

$("kind").addEventListener("change", () => refill($("kind").value));
$("size").addEventListener("change", () => refillLevels());
$("generate").addEventListener("click", () => generateNew());
$("daily").addEventListener("click", () => {
  const date = new Date().toISOString().slice(0, 10);
  const kind = $("kind").value, size = $("size").value, level = $("level").value;
  generateNew(dailySeed(date, kind, size, level), `today’s ${level} puzzle (${date})`);
});
$("cancel").addEventListener("click", () => tasks.cancel());
$("load").addEventListener("click", () => loadText($("paste").value, "pasted"));

// ---------------------------------------------------------------- print

setUpPrint({
  tasks: () => tasks,
  current: () => game && { code, title: `${puzzle.kind_name()} ${layout.size}×${layout.size}` },
  say,
});

// ---------------------------------------------------------------- start

window.addEventListener("hashchange", () => {
  const fragment = decodeURIComponent(location.hash.slice(1));
  if (fragment && fragment !== code) loadText(fragment, "from the link");
});
window.addEventListener("pagehide", save);

// The page is ready (body[data-ready], the performance mark "calcudoku-ready") once the first
// puzzle — from the link, else a new one — is drawn; web/tests/budgets.mjs times that.
const module = await WebAssembly.compileStreaming(fetch(new URL("pkg/calcudoku_web_bg.wasm", import.meta.url)));
await init({ module_or_path: module });
performance.mark("calcudoku-wasm");
tasks = new Tasks(module, (what) => {
  $("cancel").hidden = !what;
  document.body.toggleAttribute("aria-busy", Boolean(what));
  if (what) say(`${what} (Escape or Cancel stops it)`);
});
kinds = JSON.parse(generator_kinds());
$("kind").replaceChildren(...kinds.map((k) => new Option(k.name, k.id)));
// The library's default kind comes first.
$("kind").value = kinds[0].id;
refill(kinds[0].id);
window.calcudoku = {
  get values() { return game.values; },
  get code() { return code; },
  get puzzle() { return puzzle; },
  get game() { return game; },
  get solution() { return solution; },
  get selected() { return board.selected; },
};
const fragment = decodeURIComponent(location.hash.slice(1));
if (!(fragment && loadText(fragment, "from the link"))) {
  await generateNew();
}
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
document.body.dataset.ready = "true";
performance.mark("calcudoku-ready");
