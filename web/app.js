// calcudoku's page: the grid, input, and the buttons, over the WebAssembly bindings
// (pkg/calcudoku_web.js). Everything that thinks — reading puzzles, solving, checking, hints,
// grading, generating — is the Rust library's; this file only draws and keeps the game state.

import init, { WebPuzzle, generate } from "./pkg/calcudoku_web.js";

const LEVELS = {
  kenken: ["easy", "normal", "hard", "extreme", "unreasonable"],
  // "needs trial" is a grade, not something the generator can aim at in reasonable time.
  sudoku: ["easy", "medium", "hard", "fiendish", "diabolical"],
  killer: ["easy", "medium", "hard", "fiendish", "diabolical"],
};
const SIZES = { kenken: [3, 4, 5, 6, 7, 8, 9], sudoku: [4, 6, 8, 9, 12, 16], killer: [4, 6, 9] };
const CELL = 60; // pixels of one cell in the SVG's own units
const $ = (id) => document.getElementById(id);

let puzzle = null; // the WebPuzzle
let layout = null; // its structure: {size, boxes, givens, cages, distinct}
let code = ""; // its share code (the URL fragment)
let values = []; // the player's values, row-major, 0 empty
let pencil = []; // the player's pencil marks, a bit per value
let undo = [], redo = [];
let selected = 0, pencilMode = false;
let wrong = new Set(), hinted = new Set(), struck = new Map();
let started = Date.now(), elapsed = 0, solvedAt = null;

function message(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
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
  wrong.clear(); hinted.clear(); struck.clear();
  selected = layout.givens.findIndex((v) => v === 0);
  if (selected < 0) selected = 0;
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

function cageOf() {
  const owner = new Array(layout.size * layout.size).fill(-1);
  layout.cages.forEach((c, k) => c.cells.forEach(([r, col]) => (owner[r * layout.size + col] = k)));
  return owner;
}

function svgEl(name, attrs, text) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function draw() {
  const n = layout.size;
  const side = n * CELL;
  const svg = svgEl("svg", { viewBox: `-4 -4 ${side + 8} ${side + 8}`, role: "img" });
  svg.appendChild(svgEl("rect", { x: 0, y: 0, width: side, height: side, fill: "white" }));
  const owner = cageOf();
  const killer = layout.distinct && layout.boxes;
  // Cells (for selection and hint backgrounds).
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const cls = ["cell"];
    if (i === selected) cls.push("selected");
    if (hinted.has(i)) cls.push("hinted");
    if (wrong.has(i)) cls.push("wrong-bg");
    const rect = svgEl("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, class: cls.join(" "), "data-cell": i });
    svg.appendChild(rect);
  }
  // Thin cell lines, then thick box or cage borders.
  const lines = svgEl("g", { stroke: "#999", "stroke-width": 1 });
  for (let k = 1; k < n; k++) {
    lines.appendChild(svgEl("line", { x1: k * CELL, y1: 0, x2: k * CELL, y2: side }));
    lines.appendChild(svgEl("line", { x1: 0, y1: k * CELL, x2: side, y2: k * CELL }));
  }
  svg.appendChild(lines);
  const thick = svgEl("g", { stroke: "#111", "stroke-width": 3, "stroke-linecap": "square" });
  const boxOf = (r, c) => layout.boxes ? Math.floor(r / layout.boxes[0]) * 1000 + Math.floor(c / layout.boxes[1]) : 0;
  const apart = (a, b, ra, ca, rb, cb) => layout.boxes ? boxOf(ra, ca) !== boxOf(rb, cb) : owner[a] !== owner[b];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (c + 1 < n && apart(i, i + 1, r, c, r, c + 1))
        thick.appendChild(svgEl("line", { x1: (c + 1) * CELL, y1: r * CELL, x2: (c + 1) * CELL, y2: (r + 1) * CELL }));
      if (r + 1 < n && apart(i, i + n, r, c, r + 1, c))
        thick.appendChild(svgEl("line", { x1: c * CELL, y1: (r + 1) * CELL, x2: (c + 1) * CELL, y2: (r + 1) * CELL }));
    }
  }
  thick.appendChild(svgEl("rect", { x: 0, y: 0, width: side, height: side, fill: "none" }));
  svg.appendChild(thick);
  // Killer cages: dashed outlines inside the cells.
  if (killer) {
    const inset = 5, dash = svgEl("g", { stroke: "#333", "stroke-width": 1.2, "stroke-dasharray": "4 3", fill: "none" });
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, x = c * CELL, y = r * CELL;
      const same = (rr, cc) => rr >= 0 && cc >= 0 && rr < n && cc < n && owner[rr * n + cc] === owner[i];
      if (!same(r - 1, c)) dash.appendChild(svgEl("line", { x1: x + inset, y1: y + inset, x2: x + CELL - inset, y2: y + inset }));
      if (!same(r + 1, c)) dash.appendChild(svgEl("line", { x1: x + inset, y1: y + CELL - inset, x2: x + CELL - inset, y2: y + CELL - inset }));
      if (!same(r, c - 1)) dash.appendChild(svgEl("line", { x1: x + inset, y1: y + inset, x2: x + inset, y2: y + CELL - inset }));
      if (!same(r, c + 1)) dash.appendChild(svgEl("line", { x1: x + CELL - inset, y1: y + inset, x2: x + CELL - inset, y2: y + CELL - inset }));
    }
    svg.appendChild(dash);
  }
  // Cage labels in each cage's first cell (row-major).
  for (const cage of layout.cages) {
    const [r, c] = cage.cells.reduce((a, b) => (a[0] * n + a[1] <= b[0] * n + b[1] ? a : b));
    if (cage.cells.length === 1 && !/[^0-9]/.test(cage.label)) continue; // a given, drawn as a value
    const label = cage.label.replace("*", "×").replace("/", "÷").replace("-", "−");
    svg.appendChild(svgEl("text", { x: c * CELL + (killer ? 8 : 4), y: r * CELL + (killer ? 16 : 14), "font-size": 13 }, label));
  }
  // Values and pencil marks.
  const givenCage = new Set(layout.cages.filter((c) => c.cells.length === 1 && !/[^0-9]/.test(c.label)).map((c) => c.cells[0][0] * n + c.cells[0][1]));
  const per = n <= 4 ? 2 : n <= 9 ? 3 : 4;
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n, cx = c * CELL + CELL / 2, cy = r * CELL + CELL / 2 + 4;
    const given = layout.givens[i] !== 0;
    let v = given ? layout.givens[i] : values[i];
    if (!v && givenCage.has(i)) v = 0;
    if (v) {
      const cls = ["value"];
      if (given) cls.push("given");
      if (wrong.has(i)) cls.push("wrong");
      svg.appendChild(svgEl("text", { x: cx, y: cy, class: cls.join(" "), "data-value": i }, valueChar(v)));
    } else if (pencil[i] || struck.has(i)) {
      const marks = pencil[i] | (struck.get(i) || 0);
      for (let d = 1; d <= n; d++) {
        if (!(marks >> (d - 1) & 1)) continue;
        // Below the cage label's line, in a per × per block.
        const k = d - 1, px = c * CELL + 4 + (k % per + 0.5) * ((CELL - 8) / per), py = r * CELL + 18 + (Math.floor(k / per) + 0.5) * ((CELL - 21) / per);
        const cls = (struck.get(i) || 0) >> (d - 1) & 1 ? "pencil struck" : "pencil";
        svg.appendChild(svgEl("text", { x: px, y: py, class: cls }, valueChar(d)));
      }
    }
  }
  svg.addEventListener("pointerdown", (e) => {
    const t = e.target.closest("[data-cell],[data-value]");
    if (!t) return;
    selected = Number(t.getAttribute("data-cell"));
    $("grid").focus();
    draw();
  });
  $("grid").replaceChildren(svg);
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
  wrong.delete(selected);
  struck.clear();
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
  selected = r * n + c;
  draw();
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
  wrong.delete(selected);
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
$("generate").addEventListener("click", () => {
  const kind = $("kind").value, size = Number($("size").value), level = $("level").value;
  message("Generating…");
  setTimeout(() => {
    try {
      const seed = Math.floor(Math.random() * 0xffffffff);
      load(generate(kind, size, level, seed), `new ${level} puzzle`);
    } catch (e) {
      message(String(e.message || e), true);
    }
  }, 0);
});
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
    message(bad.length ? `${bad.length} wrong ${bad.length === 1 ? "cell" : "cells"} marked` : "No mistakes so far");
    draw();
  } catch (e) {
    message(String(e.message || e), true);
  }
});
$("hint").addEventListener("click", () => {
  if (!puzzle) return;
  try {
    const h = JSON.parse(puzzle.hint(Uint8Array.from(values)));
    hinted.clear(); struck.clear();
    if (h.status === "step") {
      h.cells.forEach(([r, c]) => hinted.add(r * layout.size + c));
      for (const [r, c, v] of h.eliminations) {
        const i = r * layout.size + c;
        struck.set(i, (struck.get(i) || 0) | (1 << (v - 1)));
      }
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
  wrong.clear(); hinted.clear(); struck.clear();
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

await init();
refill("kenken");
window.calcudoku = { get values() { return values; }, get code() { return code; }, get puzzle() { return puzzle; } };
const fragment = decodeURIComponent(location.hash.slice(1));
if (!(fragment && loadText(fragment, "from the link"))) {
  $("generate").click();
}
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
document.body.dataset.ready = "true";
