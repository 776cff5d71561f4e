// The page in a real browser (Debian's chromium, headless, driven by playwright-core), played
// as a player would, from the keyboard alone where a player could: every kind the generator
// makes is generated, then solved key by key from its first empty cell; a Sudoku gets each hint
// stage (where, technique, the step drawn) and the step applied; Solve is undone in one press;
// centre and corner marks, automatic marks, the chosen digit highlighted, mistakes as typed;
// Skyscrapers, Futoshiki and jigsaw X pasted and played the same way, their clues in the cells'
// names; generating in the worker is cancelled; the daily puzzle is the same in two pages; PDFs
// are printed; Pause and a hidden page stop the clock; the link, a pasted puzzle, a bad paste. axe-core finds no violation in each state
// visited; screenshots at 1280×800 and 375×812 (light and dark) go to OUT-DIR.
// Usage: node e2e.mjs BASE-URL OUT-DIR
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");
const base = process.argv[2] || "http://127.0.0.1:8000/";
const out = process.argv[3] || ".";
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`e2e: no browser at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
  process.exit(1);
}

function check(ok, what) {
  if (!ok) throw new Error("e2e: " + what);
  console.log("ok -", what);
}

// axe-core, WCAG 2.x A and AA rules and its best practices, on the whole page as it stands.
async function axe(page, state) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const said = result.violations.map((v) => `${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 2).map((n) => n.target.join(" ") + " " + n.failureSummary.replace(/\s+/g, " ")).join("; ")})`);
  check(result.violations.length === 0, `axe-core: no violation — ${state}${said.length ? ": " + said.join(", ") : ""}`);
}

const message = (page) => page.textContent("#message");
const hintText = (page) => page.textContent("#hint-text");
const label = (page, i) => page.getAttribute(`#grid [data-cell="${i}"]`, "aria-label");

async function generate(page, kind, size, level) {
  await page.selectOption("#kind", kind);
  await page.selectOption("#size", String(size));
  await page.selectOption("#level", level);
  await page.click("#generate");
  await page.waitForFunction((l) => document.querySelector("#message").textContent.includes(`new ${l} puzzle`), level, { timeout: 60000 });
  await page.waitForFunction(() => window.calcudoku.solution !== null);
}

// The focus on the grid's current cell, by the keyboard: Tab from the skip link's target.
async function focusGrid(page) {
  await page.focus("#grid [tabindex='0']");
  return page.evaluate(() => document.activeElement.getAttribute("role"));
}

// Moves to cell `to` with the arrow keys from the current one.
async function walk(page, to) {
  const n = await page.evaluate(() => window.calcudoku.game.size);
  const from = await page.evaluate(() => window.calcudoku.selected);
  const dr = Math.floor(to / n) - Math.floor(from / n), dc = (to % n) - (from % n);
  for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? "ArrowDown" : "ArrowUp");
  for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? "ArrowRight" : "ArrowLeft");
}

const keyOf = (v) => (v <= 9 ? String(v) : String.fromCharCode(87 + v)); // 10 = a

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const t0 = Date.now();
  await page.goto(base + "index.html");
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector("#grid-wrap .picture svg");
  console.log(`page usable after ${Date.now() - t0} ms`);
  check(await page.locator("#grid [role=row]").count() === 6 && await page.locator("#grid [role=gridcell]").count() === 36,
    "the first puzzle is an ARIA grid: 6 rows of 6 gridcells");
  const first = await label(page, 0);
  check(/^row 1, column 1, cage .+, (empty|given \d)$/.test(first), `a cell's name says where it is and what it holds: "${first}"`);
  await axe(page, "a new KenKen");

  // Every kind the generator makes, played from the keyboard alone to "Solved".
  const kinds = await page.evaluate(() => [...document.querySelectorAll("#kind option")].map((o) => o.value));
  check(kinds.includes("kenken") && kinds.includes("sudoku") && kinds.includes("killer"), `the kinds offered: ${kinds.join(", ")}`);
  // Windoku needs a side whose boxes leave room for windows.
  const sizeOf = { kenken: 4, sudoku: 4, killer: 4, windoku: 9 };
  for (const kind of kinds) {
    // The kind first: its levels are its own (Tatham's words for Towers and Unequal).
    await page.selectOption("#kind", kind);
    const level = await page.evaluate(() => document.querySelector("#level option").value);
    await generate(page, kind, sizeOf[kind] ?? 4, level);
    const { values, solution, n } = await page.evaluate(() => ({ values: window.calcudoku.values.slice(), solution: window.calcudoku.solution, n: window.calcudoku.game.size }));
    check(await focusGrid(page) === "gridcell", `${kind}: the focus is on a grid cell`);
    await page.keyboard.press("h");
    await page.waitForFunction(() => document.querySelector("#hint-text").textContent.startsWith("Look at"));
    check(await page.locator("#grid .cell.hinted").count() > 0, `${kind}: H points somewhere: "${await hintText(page)}"`);
    for (let i = 0; i < n * n; i++) {
      if (values[i]) continue;
      await walk(page, i);
      await page.keyboard.press(keyOf(solution[i]));
    }
    const said = await message(page);
    check(/^Solved in \d+:\d\d!$/.test(said), `${kind} ${n}×${n} (${level}) solved from the keyboard alone: "${said}"`);
    await axe(page, `a solved ${kind}`);
  }

  // Kinds the library reads but does not generate, pasted as JSON and played the same way;
  // their cells' names carry their clues.
  const pasted = [
    [{ size: 4, skyscrapers: { top: [4, 3, 2, 1], bottom: [1, 2, 2, 2], left: [4, 3, 2, 1], right: [1, 2, 2, 2] } },
      0, /^row 1, column 1, top clue 4, left clue 4, empty$/, "towers"],
    [{ size: 4, givens: [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
      relations: [{ cells: [[0, 1], [0, 2]], rel: "<" }, { cells: [[1, 0], [2, 0]], rel: "<" }, { cells: [[3, 2], [3, 3]], rel: "<" }] },
      1, /^row 1, column 2, less than the cell to the right, empty$/, "unequal"],
    [{ size: 4, regions: ["0001", "0111", "2223", "2333"], diagonals: true, givens: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] },
      5, /^row 2, column 2, region 2, on the main diagonal, empty$/, "jigsaw-x"],
  ];
  for (const [json, cell, name, generator] of pasted) {
    await page.evaluate(() => { document.querySelector("#paste-box").open = true; });
    await page.fill("#paste", JSON.stringify(json));
    await page.click("#load");
    await page.waitForFunction(() => window.calcudoku.solution !== null);
    const kind = (await message(page)).split(" — ")[0];
    const said = await label(page, cell);
    check(name.test(said), `${kind}: the cell's name tells its clue: "${said}"`);
    // The controls follow the pasted kind, named as people name it, with the levels its size has.
    const control = await page.evaluate(() => ({
      value: document.querySelector("#kind").value,
      name: document.querySelector("#kind").selectedOptions[0].textContent,
      size: document.querySelector("#size").value,
      levels: [...document.querySelectorAll("#level option")].map((o) => o.value),
    }));
    check(control.value === generator && control.size === "4" && kind.startsWith(control.name),
      `${kind}: the kind control follows it (${control.value}, "${control.name}", ${control.size})`);
    if (generator === "jigsaw-x") {
      check(control.levels.join() === "easy,medium", `a 4×4 jigsaw X offers only its levels: ${control.levels}`);
    }
    const { values, solution } = await page.evaluate(() => ({ values: window.calcudoku.values.slice(), solution: window.calcudoku.solution }));
    await focusGrid(page);
    for (let i = 0; i < 16; i++) {
      if (values[i]) continue;
      await walk(page, i);
      await page.keyboard.press(keyOf(solution[i]));
    }
    check(/^Solved in/.test(await message(page)), `${kind} played from the keyboard to "${await message(page)}"`);
    await axe(page, `a solved ${kind}`);
    await page.screenshot({ path: `${out}/screenshot-${kind.split(" ")[0].toLowerCase()}.png` });
  }

  await page.evaluate(() => { document.querySelector("#paste-box").open = false; });

  // A 9×9 Sudoku: hints in stages, with H.
  await generate(page, "sudoku", 9, "medium");
  await page.screenshot({ path: `${out}/screenshot-1280x800.png` });
  // Givens differ from entries by more than colour: the givens' text is bold, an entry's not.
  {
    const empty = await page.evaluate(() => window.calcudoku.values.indexOf(0));
    await focusGrid(page);
    await walk(page, empty);
    await page.keyboard.press("1");
    const weights = await page.evaluate(() => {
      const groups = [...document.querySelectorAll("#grid-wrap .picture svg g")].filter((g) => g.querySelector(":scope > text"));
      return groups.map((g) => `${g.getAttribute("fill")}:${g.getAttribute("font-weight") ?? "normal"}:${g.querySelectorAll(":scope > text").length}`);
    });
    check(weights.some((w) => w.startsWith("#000:bold:")) && weights.some((w) => /:normal:1$/.test(w)),
      `givens are drawn bold and an entry is not: ${weights.join(" ")}`);
    await page.keyboard.press("Backspace");
  }
  await focusGrid(page);
  await page.keyboard.press("h");
  await page.waitForFunction(() => document.querySelector("#hint-text").textContent.startsWith("Look at"));
  const where = await hintText(page);
  const lit1 = await page.locator("#grid .cell.hinted").count();
  check(!/Technique/.test(where) && lit1 > 0, `hint stage 1, where to look: "${where}" (${lit1} cells outlined)`);
  await page.keyboard.press("h");
  const named = await hintText(page);
  check(/Technique: .+ \(.+\)\./.test(named) && named.startsWith(where.split(" Press")[0]), `hint stage 2, the technique's name: "${named}"`);
  await page.keyboard.press("h");
  const full = await hintText(page);
  // The library's one shape of a step (rows and columns from 1), in the page's form (from 0).
  const raw = await page.evaluate(() => JSON.parse(window.calcudoku.puzzle.hint(Uint8Array.from(window.calcudoku.values))));
  const step = {
    ...raw,
    cells: [...new Set([...raw.cells, ...raw.chain].map(({ row, col }) => `${row - 1},${col - 1}`))].map((k) => k.split(",").map(Number)),
    placements: raw.placements.map(({ row, col, value }) => [row - 1, col - 1, value]),
    eliminations: raw.eliminations.map(({ row, col, value }) => [row - 1, col - 1, value]),
  };
  check(full.includes(step.text) && !full.includes("Press Hint again"), `hint stage 3, the whole step: "${full.slice(-90)}"`);
  const drawn = await page.evaluate(() => document.querySelector("#grid-wrap .picture svg").innerHTML);
  check(step.placements.length + step.eliminations.length > 0 && await page.locator("#grid .cell.hinted").count() === step.cells.length,
    `the step's ${step.cells.length} cells are outlined on the grid (${step.placements.length} placements, ${step.eliminations.length} eliminations)`);
  check(drawn.length > 0, "and drawn by the library");
  await axe(page, "a hint's third stage");
  await page.screenshot({ path: `${out}/screenshot-hint.png` });
  const before = await page.evaluate(() => window.calcudoku.values.slice());
  await page.click("#apply");
  const applied = await page.evaluate(() => window.calcudoku.values.slice());
  check(step.placements.every(([r, c, v]) => applied[r * 9 + c] === v), "Apply puts the step's placements in");
  check((await hintText(page)) === "", "and the hint goes");

  // Solve, then Undo in one press.
  await page.click("#solve");
  check((await page.evaluate(() => window.calcudoku.values.every((v) => v))), "Solve fills the grid");
  await focusGrid(page);
  await page.keyboard.press("Control+z");
  const undone = await page.evaluate(() => window.calcudoku.values.slice());
  check(undone.join() === applied.join(), `one Ctrl+Z undoes the whole Solve: "${await message(page)}"`);
  await page.keyboard.press("Control+z");
  check((await page.evaluate(() => window.calcudoku.values.join())) === before.join(), "a second undoes the applied step");
  await page.keyboard.press("Control+y");
  await page.keyboard.press("Control+y");
  check((await page.evaluate(() => window.calcudoku.values.every((v) => v))), "two Ctrl+Y redo both");
  await page.keyboard.press("Control+z");

  // Marks: centre (P), corner (Shift+digit), the chosen digit, automatic marks, mistakes.
  const empty = await page.evaluate(() => window.calcudoku.values.findIndex((v) => v === 0));
  await walk(page, empty);
  await page.keyboard.press("p");
  check(await page.getAttribute("#mode-centre", "aria-pressed") === "true", "P: digits make centre marks");
  await page.keyboard.press("2");
  await page.keyboard.press("5");
  await page.keyboard.press("Shift+Digit7");
  check(/candidates 2 5, corner marks 7$/.test(await label(page, empty)), `the cell's name tells its marks: "${await label(page, empty)}"`);
  check(await page.textContent("#said") === "empty, candidates 2 5, corner marks 7", `and a screen reader is told: "${await page.textContent("#said")}"`);
  check(await page.locator(`#grid [data-cell="${empty}"] .corner span`).textContent() === "7", "the corner mark is drawn in a corner");
  // With corner marks too, the centre marks are written in the middle, clear of the corner's.
  const boxes = await page.evaluate((i) => {
    const cell = document.querySelector(`#grid [data-cell="${i}"]`);
    const box = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, r: r.right, t: r.top, b: r.bottom }; };
    const range = document.createRange();
    const middle = cell.querySelector(".centre");
    range.selectNodeContents(middle);
    return { text: middle.textContent, centre: box(range), corners: [...cell.querySelectorAll(".corner span")].map(box) };
  }, empty);
  const apart = (a, b) => a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t;
  check(boxes.text === "25" && boxes.corners.length === 1 && boxes.corners.every((c) => apart(c, boxes.centre)),
    `centre marks (${boxes.text}) and corner marks do not overlap: ${JSON.stringify(boxes)}`);
  await page.keyboard.press("Shift+Digit7");
  const pencil = await page.evaluate(() => [...document.querySelectorAll("#grid-wrap .picture text")].filter((t) => parseFloat(getComputedStyle(t).fontSize) < 16).map((t) => t.textContent).sort().join());
  check(pencil.includes("2") && pencil.includes("5"), "without corner marks, the centre marks are in the library's picture");
  await page.keyboard.press("Shift+Digit7");
  await page.screenshot({ path: `${out}/screenshot-marks.png` });
  await page.keyboard.press("p");
  await page.keyboard.press("p");
  check(await page.getAttribute("#mode-value", "aria-pressed") === "true", "P twice more: back to digits");

  // The digit of the selected cell is highlighted wherever it is.
  const given = await page.evaluate(() => window.calcudoku.values.findIndex((v, i) => v && window.calcudoku.game.isGiven(i)));
  await walk(page, given);
  const g = await page.evaluate((i) => window.calcudoku.values[i], given);
  const sameCount = await page.evaluate((v) => window.calcudoku.values.filter((x) => x === v).length, g);
  check(await page.locator("#grid .cell.same").count() === sameCount, `selecting a ${g} highlights the ${sameCount} cells holding ${g}`);

  await page.check("#auto-marks");
  const auto = await page.evaluate(() => {
    const c = window.calcudoku;
    const lib = Array.from(c.puzzle.pencil_marks(Uint8Array.from(c.values)));
    return c.values.every((v, i) => v || c.game.centre[i] === lib[i]);
  });
  check(auto, "automatic marks: every empty cell's centre marks are the library's");
  const sol = await page.evaluate(() => window.calcudoku.solution);
  const e2 = await page.evaluate(() => window.calcudoku.values.findIndex((v) => v === 0));
  await focusGrid(page);
  await walk(page, e2);
  await page.keyboard.press(String(sol[e2]));
  const kept = await page.evaluate((i) => {
    const c = window.calcudoku, n = c.game.size, v = c.values[i];
    const bit = 1 << (v - 1);
    return [...Array(n * n).keys()].filter((j) => !c.values[j] && (Math.floor(j / n) === Math.floor(i / n) || j % n === i % n))
      .every((j) => !(c.game.centre[j] & bit));
  }, e2);
  check(kept, `placing ${sol[e2]} takes ${sol[e2]} out of its row's and column's automatic marks`);
  await page.keyboard.press("Control+z");
  await page.uncheck("#auto-marks");

  await page.check("#show-mistakes");
  await focusGrid(page);
  await page.keyboard.press(String((sol[e2] % 9) + 1));
  check(/, wrong$/.test(await label(page, e2)) && await page.locator(`#grid [data-cell="${e2}"].wrong`).count() === 1,
    `a wrong digit is marked as typed: "${await label(page, e2)}"`);
  await axe(page, "marks, highlights and a mistake");
  await page.keyboard.press("Backspace");
  check(await page.locator("#grid .cell.wrong").count() === 0, "erasing it clears the mark");
  await page.uncheck("#show-mistakes");

  // The worker: a slow generation is cancelled and the page stays responsive meanwhile.
  await page.selectOption("#kind", "sudoku");
  await page.selectOption("#size", "9");
  await page.selectOption("#level", "needs trial");
  // A generation that ends before Cancel shows (200 ms; a random seed can be quick) is tried
  // again with another seed: at most three times.
  let code, shown = false;
  for (let attempt = 0; attempt < 3 && !shown; attempt++) {
    code = await page.evaluate(() => window.calcudoku.code);
    await page.click("#generate");
    shown = await page.waitForSelector("#cancel:not([hidden])", { timeout: 20000 }).then(() => true, () => false);
    if (!shown) await page.waitForFunction(() => document.querySelector("#cancel").hidden);
  }
  check(shown, "a slow generation shows Cancel");
  await page.evaluate(() => document.querySelector("#timer").textContent); // the page answers
  await page.click("#cancel");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Cancelled"));
  check((await page.evaluate(() => window.calcudoku.code)) === code && await page.isHidden("#cancel"),
    `Cancel ends a generation in the worker; the puzzle stays: "${await message(page)}"`);
  await page.click("#grade");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Level"));
  check(true, `the fresh worker grades: "${await message(page)}"`);

  // The daily puzzle: the same in two pages.
  await page.selectOption("#kind", "kenken");
  await page.selectOption("#size", "5");
  await page.selectOption("#level", "easy");
  await page.click("#daily");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("today"));
  const daily = await page.evaluate(() => window.calcudoku.code);
  const other = await context.newPage();
  await other.goto(base + "index.html");
  await other.waitForSelector("body[data-ready=true]");
  await other.selectOption("#kind", "kenken");
  await other.selectOption("#size", "5");
  await other.selectOption("#level", "easy");
  await other.click("#daily");
  await other.waitForFunction(() => document.querySelector("#message").textContent.includes("today"));
  check((await other.evaluate(() => window.calcudoku.code)) === daily, `today's puzzle is the same in another page (${daily.slice(0, 24)}…)`);
  await other.close();

  // Print: the library's PDF of this puzzle.
  await page.click("#print-box summary");
  await page.click("#print-one");
  await page.waitForSelector("#print-link a", { timeout: 60000 });
  const pdf = await page.evaluate(async () => {
    const a = document.querySelector("#print-link a");
    const bytes = new Uint8Array(await (await fetch(a.href)).arrayBuffer());
    return { head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
  });
  check(pdf.head === "%PDF-" && pdf.size > 1000, `Print makes a PDF (${Math.round(pdf.size / 1024)} KB)`);
  await axe(page, "the print box open, a PDF ready");
  await page.selectOption("#kind", "kenken");
  await page.selectOption("#size", "4");
  await page.selectOption("#level", "easy");
  await page.fill("#print-count", "3");
  await page.fill("#print-per-page", "2");
  await page.click("#print-many");
  await page.waitForFunction(() => document.querySelector("#print-link a")?.download.startsWith("calcudoku-kenken"), null, { timeout: 60000 });
  const sheet = await page.evaluate(async () => {
    const text = new TextDecoder("latin1").decode(await (await fetch(document.querySelector("#print-link a").href)).arrayBuffer());
    return { head: text.slice(0, 5), pages: (text.match(/\/Type\s*\/Page\b/g) || []).length };
  });
  check(sheet.head === "%PDF-" && sheet.pages === 4, `3 new puzzles, 2 a page, with solutions: a PDF of ${sheet.pages} pages`);

  // Pause hides the grid and stops the clock; Resume brings both back.
  await page.click("#pause");
  const stopped = await page.textContent("#timer");
  await page.waitForTimeout(1200);
  check(await page.isHidden("#grid") && await page.textContent("#timer") === stopped && await page.isVisible("#paused"),
    `Pause hides the grid and stops the clock at ${stopped}`);
  await page.click("#pause");
  check(await page.isVisible("#grid"), "Resume shows it again");
  const hide = (hidden) => page.evaluate((h) => {
    Object.defineProperty(document, "hidden", { value: h, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
  await hide(true);
  const away = await page.textContent("#timer");
  await page.waitForTimeout(1200);
  check(await page.textContent("#timer") === away, `the clock stops while the page is hidden (${away})`);
  await hide(false);

  // The shared link opens the same puzzle in a fresh page.
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await fresh.waitForSelector("body[data-ready=true]");
  check(await fresh.evaluate(() => window.calcudoku.code) === daily, "the shared link shows the same puzzle");
  const sudoku = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  await fresh.goto(base + "index.html#" + sudoku);
  await fresh.waitForFunction(() => window.calcudoku && document.querySelectorAll("#grid [role=gridcell]").length === 81);
  check(/^row 1, column 1, box 1, given 5$/.test(await label(fresh, 0)), `index.html#<one-line Sudoku> shows it: "${await label(fresh, 0)}"`);
  const controls = `${await fresh.inputValue("#kind")} ${await fresh.inputValue("#size")} (${await fresh.evaluate(() => window.calcudoku.puzzle.kind())})`;
  check(controls.startsWith("sudoku 9 "), `the kind and size controls follow it: ${controls}`);
  await fresh.close();

  // A bad paste: the CLI's words.
  await page.evaluate(() => { document.querySelector("#paste-box").open = true; });
  await page.fill("#paste", "0 0 x\n");
  await page.click("#load");
  const bad = await message(page);
  check(/line 1, column 5: expected/.test(bad), `a bad paste says where and what: "${bad}"`);
  check(errors.length === 0, "no script errors" + (errors.length ? ": " + errors.join("; ") : ""));

  // A phone: 375×812, light and dark; nothing wider than the screen.
  for (const scheme of ["light", "dark"]) {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: scheme });
    const p = await phone.newPage();
    await p.goto(base + "index.html#" + sudoku);
    await p.waitForSelector("body[data-ready=true]");
    if (process.env.E2E_DEBUG) console.log(await p.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > 376).map((e) => `${e.tagName}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 12).join("\n")));
    const fit = await p.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      grid: document.querySelector("#grid-wrap").getBoundingClientRect(),
      pad: document.querySelector("#keypad").getBoundingClientRect(),
    }));
    check(fit.page <= 375 && fit.grid.right <= 375 && fit.pad.top >= fit.grid.bottom,
      `375 px wide (${scheme}): the page fits (${fit.page} px), the digit pad is under the grid`);
    await p.tap(`#grid [data-cell="2"]`);
    await p.tap(`#keypad button[data-digit="4"]`);
    check(await p.evaluate(() => window.calcudoku.values[2]) === 4, "a tap on a cell and one on the pad fill it");
    await axe(p, `the phone layout, ${scheme}`);
    await p.screenshot({ path: `${out}/screenshot-375x812-${scheme}.png`, fullPage: false });
    await phone.close();
  }
  const narrow = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const q = await narrow.newPage();
  await q.goto(base + "index.html");
  await q.waitForSelector("body[data-ready=true]");
  const w = await q.evaluate(() => document.documentElement.scrollWidth);
  check(w <= 360, `360 px wide: no sideways scrolling (${w} px)`);
  await narrow.close();

  // Text that scales: the browser's text size at 200% (the root font doubled) on a 1280-px
  // screen: nothing wider than the screen, the grid and the controls whole.
  const big = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
  const b = await big.newPage();
  await b.goto(base + "index.html");
  await b.waitForSelector("body[data-ready=true]");
  await b.addStyleTag({ content: "html { font-size: 200% !important; }" });
  const scaled = await b.evaluate(() => {
    const r = (s) => document.querySelector(s).getBoundingClientRect();
    return {
      page: document.documentElement.scrollWidth,
      font: parseFloat(getComputedStyle(document.querySelector("#generate")).fontSize),
      grid: r("#grid-wrap").right,
      controls: [...document.querySelectorAll("#controls select, #controls button")].map((e) => e.getBoundingClientRect().right),
    };
  });
  check(scaled.font >= 28 && scaled.page <= 1280 && scaled.grid <= 1280 && scaled.controls.every((x) => x <= 1280),
    `text at 200% (buttons ${scaled.font} px): no sideways scrolling (${scaled.page} px), grid and controls on screen`);
  await b.screenshot({ path: `${out}/screenshot-text-200.png` });
  // Reduced motion asked for: nothing moves (no animation or transition anywhere).
  const moving = await b.evaluate(() => [...document.querySelectorAll("*")].filter((e) => {
    const st = getComputedStyle(e);
    const long = (v) => v.split(",").some((t) => parseFloat(t) > 0.01);
    return (st.animationName !== "none" && long(st.animationDuration)) || long(st.transitionDuration);
  }).map((e) => e.id || e.className || e.tagName));
  check(moving.length === 0, `with reduced motion asked for, nothing moves: ${moving.join(", ") || "none"}`);
  await big.close();
} finally {
  await browser.close();
}
