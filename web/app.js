// calcudoku's page: the grid, input, and the buttons, over the WebAssembly bindings
// (pkg/calcudoku_web.js). Everything that thinks — reading puzzles, solving, checking, hints,
// grading, generating — is the Rust library's; this file only draws and keeps the game state.

import init, { WebPuzzle, generate } from "./pkg/calcudoku_web.js";

const LEVELS = {
  kenken: ["easy", "normal", "hard", "extreme", "unreasonable"],
  // "needs trial" Sudokus take seconds each (a walk from known ones), longer than the page waits.
  sudoku: ["easy", "medium", "hard", "fiendish", "diabolical"],
  killer: ["easy", "medium", "hard", "fiendish", "diabolical"],
};
const SIZES = { kenken: [3, 4, 5, 6, 7, 8, 9], sudoku: [4, 6, 8, 9, 12, 16], killer: [4, 6, 9] };
const $ = (id) => document.getElementById(id);

let puzzle = null; // the WebPuzzle
let layout = null; // its structure: {size, boxes, givens, cages, distinct}
let code = ""; // its share code (the URL fragment)
let values = []; // the player's values, row-major, 0 empty
let pencil = []; // the player's pencil marks, a bit per value
let undo = [], redo = [];
let selected = 0, pencilMode = false;
let wrong = new Set(), hinted = new Set(); // cells marked by Check, cells a hint looks at
let struck = []; // the hint's eliminations: [row, col, value]…
let started = Date.now(), elapsed = 0, solvedAt = null;

function message(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
  checkSaid = false;
}

// Whether the status line tells how many cells Check marked: it follows them as they are fixed.
let checkSaid = false;

function sayMarked() {
  const n = wrong.size;
  message(n ? `${n} wrong ${n === 1 ? "cell" : "cells"} marked` : "No mistakes so far");
  checkSaid = true;
}

// A marked cell changed: the count on the status line goes with it.
function unmark(cell) {
  if (wrong.delete(cell) && checkSaid) {
    if (wrong.size) sayMarked();
    else message("");
  }
}

// ---------------------------------------------------------------- loading and saving

function load(p, from) {
  puzzle = p;
  layout = JSON.parse(p.layout());
  code = p.share();
  const n = layout.size;
  const saved = JSON.parse(localStorage.getItem("calcudoku:" + code) || "null");
  values = saved?.values?.length === n * n ? saved.values : layout.givens.slice();
  pencil = saved?.pencil?.length === n * n ? saved.pencil : new Array(n * n).fill(0);
  elapsed = saved?.elapsed || 0;
  started = Date.now();
  solvedAt = null;
  undo = []; redo = [];
  wrong.clear(); hinted.clear(); struck = [];
  selected = layout.givens.findIndex((v) => v === 0);
  if (selected < 0) selected = 0;
  buildCells();
  history.replaceState(null, "", "#" + encodeURIComponent(code));
  $("hint-text").textContent = "";
  message(`${kindName(p.kind())} ${n}×${n}${from ? " — " + from : ""}`);
  buildKeypad();
  draw();
}

function kindName(kind) {
  return { kenken: "KenKen", sudoku: "Sudoku", killer: "Killer Sudoku", latin: "Latin square" }[kind] || kind;
}

function save() {
  if (!puzzle) return;
  localStorage.setItem("calcudoku:" + code,
    JSON.stringify({ values, pencil, elapsed: elapsed + (Date.now() - started) }));
}

function loadText(text, from) {
  try {
    load(new WebPuzzle(text.trim()), from);
    return true;
  } catch (e) {
    message(String(e.message || e), true);
    return false;
  }
}

// ---------------------------------------------------------------- drawing
// The grid is the library's SVG picture (render_svg), drawn again after every change; over it
// lies a transparent layer of one rectangle per cell, in the picture's own coordinates
// (grid_box), that takes clicks and taps and shows the selected cell.

function svgEl(name, attrs) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// The layer of clickable cells, made once per puzzle.
function buildCells() {
  const n = layout.size;
  const [left, top, cell, width, height] = puzzle.grid_box();
  const layer = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, class: "cells", "aria-hidden": "true" });
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    layer.appendChild(svgEl("rect", { x: left + c * cell, y: top + r * cell, width: cell, height: cell, class: "cell", "data-cell": i }));
  }
  layer.addEventListener("pointerdown", (e) => {
    const t = e.target.closest("[data-cell]");
    if (!t) return;
    e.preventDefault(); // keep the focus on the grid, and no text selection on a long press
    $("grid").focus();
    select(Number(t.getAttribute("data-cell")));
  });
  const picture = document.createElement("div");
  picture.className = "picture";
  $("grid").replaceChildren(picture, layer);
}

// [row, col] pairs of a set of cell indices.
function rowCols(cells) {
  return [...cells].map((i) => [Math.floor(i / layout.size), i % layout.size]);
}

function draw() {
  const marks = { cells: rowCols(hinted), wrong: rowCols(wrong), eliminations: struck };
  const text = puzzle.render_svg(Uint8Array.from(values), Uint32Array.from(pencil), JSON.stringify(marks));
  // The document's XML declaration is not needed inside HTML.
  $("grid").querySelector(".picture").innerHTML = text.slice(text.indexOf("<svg"));
  select(selected);
}

function select(i) {
  selected = i;
  for (const rect of $("grid").querySelectorAll(".cells .selected")) rect.classList.remove("selected");
  $("grid").querySelector(`.cells [data-cell="${i}"]`)?.classList.add("selected");
}

function valueChar(v) {
  return v <= 9 ? String(v) : String.fromCharCode(55 + v); // 10 = A
}

function buildKeypad() {
  const pad = $("keypad");
  pad.replaceChildren();
  for (let d = 1; d <= layout.size; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = valueChar(d);
    b.addEventListener("click", () => enter(d));
    pad.appendChild(b);
  }
}

// ---------------------------------------------------------------- playing

function enter(d) {
  if (!puzzle || layout.givens[selected] !== 0) return;
  const before = { cell: selected, value: values[selected], marks: pencil[selected] };
  if (pencilMode && d) {
    pencil[selected] ^= 1 << (d - 1);
  } else {
    values[selected] = values[selected] === d ? 0 : d;
  }
  if (before.value === values[selected] && before.marks === pencil[selected]) return;
  undo.push(before);
  redo = [];
  unmark(selected);
  struck = [];
  save();
  draw();
  if (values.every((v, i) => v || layout.givens[i])) finishCheck();
}

function step(stackFrom, stackTo) {
  const action = stackFrom.pop();
  if (!action) return;
  stackTo.push({ cell: action.cell, value: values[action.cell], marks: pencil[action.cell] });
  values[action.cell] = action.value;
  pencil[action.cell] = action.marks;
  selected = action.cell;
  save();
  draw();
}

function finishCheck() {
  const bad = JSON.parse(puzzle.check(Uint8Array.from(values)));
  if (bad.length === 0 && !solvedAt) {
    solvedAt = Date.now();
    message(`Solved in ${clock()}!`);
  }
}

function clock() {
  const s = Math.floor((elapsed + ((solvedAt ?? Date.now()) - started)) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function move(dr, dc) {
  const n = layout.size;
  const r = (Math.floor(selected / n) + dr + n) % n, c = (selected % n + dc + n) % n;
  select(r * n + c);
}

$("grid").addEventListener("keydown", (e) => {
  if (!puzzle) return;
  const k = e.key;
  if (k === "ArrowUp") move(-1, 0);
  else if (k === "ArrowDown") move(1, 0);
  else if (k === "ArrowLeft") move(0, -1);
  else if (k === "ArrowRight") move(0, 1);
  else if (/^[1-9]$/.test(k)) enter(Number(k));
  else if (/^[a-g]$/i.test(k) && layout.size > 9) enter(k.toUpperCase().charCodeAt(0) - 55);
  else if (k === "Backspace" || k === "Delete" || k === "0") eraseCell();
  else if (k === "p" || k === "P") togglePencil();
  else if ((e.ctrlKey || e.metaKey) && k === "z") step(undo, redo);
  else if ((e.ctrlKey || e.metaKey) && k === "y") step(redo, undo);
  else return;
  e.preventDefault();
});

function eraseCell() {
  if (layout.givens[selected] !== 0 || (!values[selected] && !pencil[selected])) return;
  undo.push({ cell: selected, value: values[selected], marks: pencil[selected] });
  redo = [];
  values[selected] = 0;
  pencil[selected] = 0;
  unmark(selected);
  save();
  draw();
}

function togglePencil() {
  pencilMode = !pencilMode;
  $("pencil").setAttribute("aria-pressed", String(pencilMode));
}

// ---------------------------------------------------------------- buttons

function refill(kind) {
  $("size").replaceChildren(...SIZES[kind].map((s) => new Option(`${s}×${s}`, s)));
  $("size").value = kind === "kenken" ? 6 : kind === "killer" ? 9 : 9;
  $("level").replaceChildren(...LEVELS[kind].map((l) => new Option(l, l)));
}

$("kind").addEventListener("change", () => refill($("kind").value));
// A new puzzle of the chosen kind, size and level; resolves once it is drawn. ("Generating…"
// is shown first: the generator runs in the next task, after the message is painted.)
function generateNew() {
  const kind = $("kind").value, size = Number($("size").value), level = $("level").value;
  message("Generating…");
  return new Promise((resolve) => setTimeout(() => {
    try {
      const seed = Math.floor(Math.random() * 0xffffffff);
      load(generate(kind, size, level, seed), `new ${level} puzzle`);
    } catch (e) {
      message(String(e.message || e), true);
    }
    resolve();
  }, 0));
}
$("generate").addEventListener("click", generateNew);
$("load").addEventListener("click", () => loadText($("paste").value, "pasted"));
$("pencil").addEventListener("click", togglePencil);
$("undo").addEventListener("click", () => step(undo, redo));
$("redo").addEventListener("click", () => step(redo, undo));
$("erase").addEventListener("click", eraseCell);
$("check").addEventListener("click", () => {
  if (!puzzle) return;
  try {
    const bad = JSON.parse(puzzle.check(Uint8Array.from(values)));
    wrong = new Set(bad.map(([r, c]) => r * layout.size + c));
    sayMarked();
    draw();
  } catch (e) {
    message(String(e.message || e), true);
  }
});
$("hint").addEventListener("click", () => {
  if (!puzzle) return;
  try {
    const h = JSON.parse(puzzle.hint(Uint8Array.from(values)));
    hinted.clear(); struck = [];
    if (h.status === "step") {
      h.cells.forEach(([r, c]) => hinted.add(r * layout.size + c));
      struck = h.eliminations;
      $("hint-text").textContent = `${h.technique} (${h.level}): ${h.text}`;
    } else if (h.status === "wrong") {
      wrong = new Set(h.cells.map(([r, c]) => r * layout.size + c));
      $("hint-text").textContent = "Some values are wrong: they are marked. Fix them first.";
    } else {
      $("hint-text").textContent = h.status === "solved" ? "The grid is complete and right." : "No step found.";
    }
    draw();
  } catch (e) {
    message(String(e.message || e), true);
  }
});
$("solve").addEventListener("click", () => {
  if (!puzzle) return;
  const s = puzzle.solve();
  if (!s.length) return message("No solution.", true);
  undo.push(...values.map((v, i) => ({ cell: i, value: v, marks: pencil[i] })));
  values = Array.from(s);
  wrong.clear(); hinted.clear(); struck = [];
  $("hint-text").textContent = "";
  save();
  draw();
  message("Solved.");
});
$("grade").addEventListener("click", () => {
  if (!puzzle) return;
  try {
    const g = JSON.parse(puzzle.grade());
    message(`Level ${g.level}, rating ${g.rating.toFixed(1)} (${g.steps} steps)`);
  } catch (e) {
    message(String(e.message || e), true);
  }
});
$("share").addEventListener("click", async () => {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    message("Link copied: " + url);
  } catch {
    message("Link: " + url);
  }
});

setInterval(() => { if (puzzle) $("timer").textContent = clock(); }, 500);
window.addEventListener("hashchange", () => {
  const fragment = decodeURIComponent(location.hash.slice(1));
  if (fragment && fragment !== code) loadText(fragment, "from the link");
});
window.addEventListener("beforeunload", save);

// ---------------------------------------------------------------- start

// The page is ready (body[data-ready], the performance mark "calcudoku-ready") once the first
// puzzle — from the link, else a new one — is drawn; web/tests/budgets.mjs times that.
await init();
performance.mark("calcudoku-wasm");
refill("kenken");
window.calcudoku = { get values() { return values; }, get code() { return code; }, get puzzle() { return puzzle; } };
const fragment = decodeURIComponent(location.hash.slice(1));
if (!(fragment && loadText(fragment, "from the link"))) {
  await generateNew();
}
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
document.body.dataset.ready = "true";
performance.mark("calcudoku-ready");
