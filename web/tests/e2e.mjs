// The page in a real browser (Debian's chromium, headless, driven by playwright-core):
// generate a 6×6 KenKen, enter a wrong digit and see it marked, ask for a hint and see cells
// highlighted and a sentence, solve, share the link into a fresh page that shows the same
// puzzle, and read a bad paste's error. Saves a screenshot. Usage: node e2e.mjs BASE-URL OUT-DIR
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";

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
  await page.waitForSelector("#grid svg");
  console.log(`page usable after ${Date.now() - t0} ms`);

  // Generate a 9×9 Sudoku and a 6×6 Killer: the library's generator, in the page.
  for (const [kind, size, level, cells] of [["sudoku", "9", "medium", 81], ["killer", "6", "easy", 36]]) {
    await page.selectOption("#kind", kind);
    await page.selectOption("#size", size);
    await page.selectOption("#level", level);
    await page.click("#generate");
    await page.waitForFunction((l) => document.querySelector("#message").textContent.includes(`new ${l} puzzle`), level);
    check(await page.locator("#grid rect.cell").count() === cells, `a generated ${level} ${kind} shows ${cells} cells`);
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

  // A wrong digit, then Check.
  const { cell, wrongDigit } = await page.evaluate(() => {
    const sol = window.calcudoku.puzzle.solve();
    const i = window.calcudoku.values.findIndex((v) => v === 0);
    return { cell: i, wrongDigit: (sol[i] % 6) + 1 };
  });
  await page.locator(`#grid [data-cell="${cell}"]`).click();
  await page.keyboard.press(String(wrongDigit));
  await page.click("#check");
  check(await page.locator(`#grid text.value.wrong[data-value="${cell}"]`).count() === 1, "the wrong digit is marked");

  // Clear it and ask for a hint.
  await page.locator(`#grid [data-cell="${cell}"]`).click();
  await page.keyboard.press("Backspace");
  await page.click("#hint");
  const hint = await page.textContent("#hint-text");
  check(hint.length > 20, `a hint in words: "${hint.slice(0, 70)}…"`);
  check(await page.locator("#grid rect.cell.hinted").count() > 0, "the hint's cells are highlighted");
  await page.screenshot({ path: `${out}/screenshot-hint.png` });

  // Solve.
  await page.click("#solve");
  check(await page.locator("#grid text.value").count() === 36, "Solve fills every cell");
  await page.screenshot({ path: `${out}/screenshot.png` });

  // The shared link opens the same puzzle in a fresh page.
  const url = page.url();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector("body[data-ready=true]");
  await fresh.waitForSelector("#grid svg");
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
