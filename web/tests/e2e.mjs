// The page in a real browser (Debian's chromium, headless, driven by playwright-core):
// generate a Sudoku, a Killer and a 6×6 KenKen and see the library's picture of each, pencil
// marks, enter a wrong digit and see it marked, ask for a hint and see cells highlighted and a
// sentence, solve, share the link into a fresh page that shows the same puzzle, and read a bad
// paste's error. Saves screenshots (screenshot*.png in OUT-DIR).
// Usage: node e2e.mjs BASE-URL OUT-DIR
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";

const base = process.argv[2] || "http://127.0.0.1:8000/";
const out = process.argv[3] || ".";
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`e2e: no browser at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
  process.exit(1);
}

// What the library's picture shows, read from the page: every text (value, pencil mark, cage
// label) and every filled cell background, each with the cell under its middle — found through
// the layer of clickable cells that lies over the picture, so a layer that does not match the
// drawing fails here too — and its colour. Values are the texts of 16 px and more.
async function drawn(page) {
  return page.evaluate(() => {
    const cellAt = (el) => {
      const b = el.getBoundingClientRect();
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      const cell = hit && hit.closest("[data-cell]");
      return cell ? Number(cell.getAttribute("data-cell")) : -1;
    };
    const texts = [...document.querySelectorAll("#grid .picture text")].map((t) => {
      const style = getComputedStyle(t);
      return { text: t.textContent, cell: cellAt(t), fill: style.fill, size: parseFloat(style.fontSize) };
    });
    const backs = [...document.querySelectorAll("#grid .picture rect")]
      .filter((r) => r.getAttribute("width") === r.getAttribute("height"))
      .map((r) => ({ cell: cellAt(r), fill: getComputedStyle(r).fill }));
    return {
      title: document.querySelector("#grid .picture svg title")?.textContent,
      values: texts.filter((t) => t.size >= 16),
      pencil: texts.filter((t) => t.size < 16 && t.fill === "rgb(85, 85, 85)"), // the grey of pencil marks
      backs,
    };
  });
}
const RED = "rgb(192, 28, 40)"; // the library's colour of wrong values
const HIGHLIGHT = "rgb(255, 242, 168)"; // its background of the cells a step looks at
const WRONG_BACK = "rgb(255, 208, 208)"; // and of wrong cells

function check(ok, what) {
  if (!ok) throw new Error("e2e: " + what);
  console.log("ok -", what);
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const t0 = Date.now();
  await page.goto(base + "index.html");
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector("#grid .picture svg");
  console.log(`page usable after ${Date.now() - t0} ms`);

  // Generate a 9×9 Sudoku and a 6×6 Killer: the library's generator, in the page.
  for (const [kind, size, level, cells] of [["sudoku", "9", "medium", 81], ["killer", "6", "easy", 36]]) {
    await page.selectOption("#kind", kind);
    await page.selectOption("#size", size);
    await page.selectOption("#level", level);
    await page.click("#generate");
    await page.waitForFunction((l) => document.querySelector("#message").textContent.includes(`new ${l} puzzle`), level);
    check(await page.locator("#grid rect.cell").count() === cells, `a generated ${level} ${kind} shows ${cells} cells`);
    const picture = await drawn(page);
    const givens = await page.evaluate(() => window.calcudoku.values.filter((v) => v).length);
    check(picture.title.includes(kind === "sudoku" ? "Sudoku" : "Killer") && picture.values.length === givens
      && new Set(picture.values.map((v) => v.cell)).size === givens && picture.values.every((v) => v.cell >= 0),
      `the library draws it: "${picture.title}", ${givens} givens each in its own cell`);
    await page.screenshot({ path: `${out}/screenshot-${kind}.png` });
    const graded = await page.evaluate(() => JSON.parse(window.calcudoku.puzzle.grade()).level);
    check(graded === level, `the ${kind} grades ${level} (${graded})`);
  }

  // Generate a 6×6 KenKen.
  await page.selectOption("#kind", "kenken");
  await page.selectOption("#size", "6");
  await page.selectOption("#level", "easy");
  await page.click("#generate");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("new easy puzzle"));
  check(await page.locator("#grid rect.cell").count() === 36, "a generated 6×6 KenKen shows 36 cells");
  const code = await page.evaluate(() => window.calcudoku.code);
  check(code.startsWith("6:"), `its link code is a Keen game ID (${code.slice(0, 20)}…)`);
  const cages = await page.evaluate(() => JSON.parse(window.calcudoku.puzzle.layout()).cages);
  const labels = (await drawn(page)).values.length === 0 && await page.evaluate(() =>
    [...document.querySelectorAll("#grid .picture text")].map((t) => t.textContent));
  check(labels && labels.length === cages.length, `the library's picture shows its ${cages.length} cage labels and no values`);

  // Pencil marks: P, then two digits in an empty cell, drawn small in that cell; P again.
  const empty = await page.evaluate(() => window.calcudoku.values.findIndex((v) => v === 0));
  await page.locator(`#grid [data-cell="${empty}"]`).click();
  await page.keyboard.press("p");
  await page.keyboard.press("2");
  await page.keyboard.press("5");
  await page.keyboard.press("p");
  const pencilled = (await drawn(page)).pencil;
  check(pencilled.length === 2 && pencilled.every((t) => t.cell === empty) && pencilled.map((t) => t.text).sort().join() === "2,5",
    "pencil marks 2 and 5 are drawn in the selected cell");
  await page.screenshot({ path: `${out}/screenshot-pencil.png` });
  await page.keyboard.press("Backspace");
  check((await drawn(page)).pencil.length === 0, "Backspace clears them");

  // A wrong digit, then Check.
  const { cell, wrongDigit } = await page.evaluate(() => {
    const sol = window.calcudoku.puzzle.solve();
    const i = window.calcudoku.values.findIndex((v) => v === 0);
    return { cell: i, wrongDigit: (sol[i] % 6) + 1 };
  });
  await page.locator(`#grid [data-cell="${cell}"]`).click();
  await page.keyboard.press(String(wrongDigit));
  let picture = await drawn(page);
  check(picture.values.length === 1 && picture.values[0].cell === cell && picture.values[0].text === String(wrongDigit)
    && picture.values[0].fill !== RED, `the digit ${wrongDigit} is drawn in the clicked cell`);
  await page.click("#check");
  picture = await drawn(page);
  check(picture.values[0].fill === RED && picture.backs.some((b) => b.cell === cell && b.fill === WRONG_BACK),
    "Check marks it wrong: red, on a red cell");
  check(await page.textContent("#message") === "1 wrong cell marked", "the status line counts the marked cell");
  await page.screenshot({ path: `${out}/screenshot-check.png` });

  // Clear it and ask for a hint.
  await page.locator(`#grid [data-cell="${cell}"]`).click();
  await page.keyboard.press("Backspace");
  const after = await page.textContent("#message");
  check(!/wrong/.test(after), `clearing the marked cell clears the count ("${after}")`);
  await page.click("#hint");
  const hint = await page.textContent("#hint-text");
  check(hint.length > 20, `a hint in words: "${hint.slice(0, 70)}…"`);
  const expected = await page.evaluate(() => {
    const h = JSON.parse(window.calcudoku.puzzle.hint(Uint8Array.from(window.calcudoku.values)));
    return h.cells.map(([r, c]) => r * 6 + c).sort((a, b) => a - b);
  });
  const lit = (await drawn(page)).backs.filter((b) => b.fill === HIGHLIGHT).map((b) => b.cell).sort((a, b) => a - b);
  check(lit.length > 0 && lit.join() === expected.join(), `the hint's cells are highlighted (${lit.length})`);
  await page.screenshot({ path: `${out}/screenshot-hint.png` });

  // Solve.
  await page.click("#solve");
  picture = await drawn(page);
  check(picture.values.length === 36 && new Set(picture.values.map((v) => v.cell)).size === 36,
    "Solve fills every cell, one value drawn in each");
  await page.screenshot({ path: `${out}/screenshot.png` });

  // The shared link opens the same puzzle in a fresh page.
  const url = page.url();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector("body[data-ready=true]");
  await fresh.waitForSelector("#grid .picture svg");
  check(await fresh.evaluate(() => window.calcudoku.code) === code, "the shared link shows the same puzzle");

  // A Keen ID and a one-line Sudoku after '#', as Keen's own page takes them.
  const sudoku = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  await fresh.goto(base + "index.html#" + sudoku);
  await fresh.waitForFunction(() => window.calcudoku && window.calcudoku.code.length > 0 && document.querySelectorAll("#grid rect.cell").length === 81);
  check(true, "index.html#<one-line Sudoku> shows that Sudoku");

  // A bad paste: the CLI's words.
  await page.click("#paste-box summary");
  await page.fill("#paste", "0 0 x\n");
  await page.click("#load");
  const msg = await page.textContent("#message");
  check(/line 1, column 5: expected/.test(msg), `a bad paste says where and what: "${msg}"`);
  check(errors.length === 0, "no script errors" + (errors.length ? ": " + errors.join("; ") : ""));
} finally {
  await browser.close();
}
