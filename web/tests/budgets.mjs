// The web page's budgets, measured (PERFORMANCE.md, "The web page"):
//  1. size: the WebAssembly file gzipped (`gzip -9`), under 600 KB;
//  2. load: from navigation start to the page's ready mark (the first generated puzzle drawn),
//     the median of several loads in headless chromium, under 1 s; cold (a fresh browser
//     profile each time: nothing cached) and warm (reloads, with the HTTP cache and the
//     service worker);
//  3. speed: WebPuzzle.solve() and .grade() timed in the page against the same work done
//     natively by the release build (crates/calcudoku-web/examples/native_timing.rs) in the
//     same run, on the bundled examples and, when ../shared is beside the repository, KenKen
//     9×9 and hard Sudoku puzzles; page time / native time within 2. Native and page runs
//     alternate for a few rounds (the machine is shared: its speed drifts), and each side's
//     time is the median over the rounds.
//
// Usage, from the repository root (the site built first):
//   cargo xtask web && node web/tests/budgets.mjs [SITE-DIR] [--loads N] [--rounds N]
// SITE-DIR defaults to $CARGO_TARGET_DIR/web (else target/web). Needs playwright-core
// (npm ci in web/tests), Debian's chromium (or CHROMIUM=path), gzip and cargo.
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const loadsAt = args.indexOf("--loads");
const loads = loadsAt >= 0 ? Number(args.splice(loadsAt, 2)[1]) : 9;
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 3;
const targetDir = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, "target");
const site = resolve(args[0] || join(targetDir, "web"));
const wasm = join(site, "pkg/calcudoku_web_bg.wasm");
if (!existsSync(wasm)) {
  console.error(`budgets: no ${wasm}: build the site first (cargo xtask web)`);
  process.exit(1);
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const kb = (bytes) => (bytes / 1024).toFixed(1);
let failed = 0;
function budget(ok, what) {
  console.log(`${ok ? "within budget" : "OVER BUDGET"} - ${what}`);
  if (!ok) failed++;
}

// ---------------------------------------------------------------- 1. size

const gz = (file) => execFileSync("gzip", ["-9", "-c", file], { maxBuffer: 1 << 28 }).length;
const wasmGz = gz(wasm);
const glue = join(site, "pkg/calcudoku_web.js");
const pageFiles = ["index.html", "app.js", "board.js", "game.js", "tasks.js", "worker.js", "hints.js", "print.js", "style.css",
  "pkg/calcudoku_web.js", "pkg/calcudoku_web_bg.wasm"];
const pageGz = pageFiles.reduce((sum, f) => sum + gz(join(site, f)), 0);
console.log(`size: calcudoku_web_bg.wasm ${kb(statSync(wasm).size)} KB, ${kb(wasmGz)} KB gzipped; ` +
  `the JS glue ${kb(gz(glue))} KB gzipped; the whole page (${pageFiles.length} files) ${kb(pageGz)} KB gzipped`);
budget(wasmGz < 600 * 1024, `wasm gzipped ${kb(wasmGz)} KB < 600 KB`);

// ---------------------------------------------------------------- the site, served

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json" };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = join(site, path.endsWith("/") ? path + "index.html" : path);
  if (!file.startsWith(site) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream", "Cache-Control": "no-cache" });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

// ---------------------------------------------------------------- the puzzles for 3.

const puzzles = [];
for (const f of ["kenken-4x4.ops.txt", "calcudoku-5x5.cells.txt", "kenken-6x6.ops.txt", "kenken-9x9.ops.txt",
  "kenken-10x10.ops.txt", "sudoku-9x9.rows.txt", "killer-9x9.ops.txt"]) {
  puzzles.push({ name: `examples/${f}`, text: readFileSync(join(root, "examples", f), "utf8") });
}
const shared = join(root, "../shared/data");
if (existsSync(shared)) {
  for (const set of ["9x9-unreasonable", "9x9-extreme"]) {
    const dir = join(shared, "kenken", set);
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".in")).sort().slice(0, 4)) {
      puzzles.push({ name: `kenken/${set}/${f}`, text: readFileSync(join(dir, f), "utf8") });
    }
  }
  for (const [file, count] of [["forum-hardest-1106.txt", 4], ["norvig-hardest.txt", 2]]) {
    const lines = readFileSync(join(shared, "sudoku", file), "utf8").split("\n").filter((l) => l.trim());
    lines.slice(0, count).forEach((text, k) => puzzles.push({ name: `sudoku/${file}:${k + 1}`, text }));
  }
} else {
  console.log(`(no ${shared}: the speed budget uses the bundled examples only)`);
}

// ---------------------------------------------------------------- 3a. native

const work = mkdtempSync(join(tmpdir(), "calcudoku-budgets-"));
const list = join(work, "puzzles.json");
writeFileSync(list, JSON.stringify(puzzles));
console.log(`speed: ${puzzles.length} puzzles, ${rounds} rounds of native (the release build of ` +
  `crates/calcudoku-web/examples/native_timing.rs) then page`);
execFileSync("cargo", ["build", "--quiet", "--release", "-p", "calcudoku-web", "--example", "native_timing"],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
const runNative = () => JSON.parse(execFileSync(join(targetDir, "release/examples/native_timing"), [list],
  { maxBuffer: 1 << 24, stdio: ["ignore", "pipe", "ignore"] }).toString());

// ---------------------------------------------------------------- the browser

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const readyAt = (page) => page.evaluate(() => ({
  wasm: performance.getEntriesByName("calcudoku-wasm")[0].startTime,
  ready: performance.getEntriesByName("calcudoku-ready")[0].startTime,
}));
try {
  // ------------------------------------------------------------ 2. load
  const cold = [], warm = [];
  for (let k = 0; k < loads; k++) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    await page.goto(base + "index.html");
    await page.waitForSelector("body[data-ready=true]");
    cold.push(await readyAt(page));
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + "index.html");
  await page.waitForSelector("body[data-ready=true]");
  await page.evaluate(() => navigator.serviceWorker.ready);
  for (let k = 0; k < loads; k++) {
    await page.goto(base + "index.html");
    await page.waitForSelector("body[data-ready=true]");
    warm.push(await readyAt(page));
  }
  const show = (xs, key) => xs.map((x) => Math.round(x[key])).join(", ");
  const coldReady = median(cold.map((x) => x.ready)), warmReady = median(warm.map((x) => x.ready));
  console.log(`load, cold (${loads} fresh profiles): ready at ${show(cold, "ready")} ms; median ${Math.round(coldReady)} ms ` +
    `(WebAssembly running at a median ${Math.round(median(cold.map((x) => x.wasm)))} ms)`);
  console.log(`load, warm (${loads} reloads): ready at ${show(warm, "ready")} ms; median ${Math.round(warmReady)} ms ` +
    `(WebAssembly running at a median ${Math.round(median(warm.map((x) => x.wasm)))} ms)`);
  budget(coldReady < 1000, `usable ${Math.round(coldReady)} ms after navigation start (cold) < 1000 ms`);

  // ------------------------------------------------------------ 3b. in the page
  await page.goto(base + "index.html");
  await page.waitForSelector("body[data-ready=true]");
  const runPage = () => page.evaluate(async (puzzles) => {
    // The module app.js loaded, already initialised.
    const { WebPuzzle } = await import(new URL("pkg/calcudoku_web.js", location.href).href);
    // As native_timing.rs: one call to warm up, the batch size that takes ≥ 20 ms by doubling,
    // then the median of 7 batches.
    const medianMs = (f) => {
      f();
      const batch = (k) => { const t = performance.now(); for (let i = 0; i < k; i++) f(); return performance.now() - t; };
      let k = 1;
      while (batch(k) < 20) k *= 2;
      const times = Array.from({ length: 7 }, () => batch(k) / k).sort((a, b) => a - b);
      return times[3];
    };
    return puzzles.map(({ name, text }) => {
      const p = new WebPuzzle(text);
      const solve_ms = medianMs(() => p.solve());
      let grade_ms = null;
      try {
        p.grade();
        grade_ms = medianMs(() => p.grade());
      } catch { /* as natively: no time for a puzzle the grader refuses */ }
      p.free();
      return { name, solve_ms, grade_ms };
    });
  }, puzzles);

  const nativeRuns = [], pageRuns = [];
  for (let r = 0; r < rounds; r++) {
    nativeRuns.push(runNative());
    pageRuns.push(await runPage());
  }
  // Per puzzle and call, the median over the rounds.
  const merge = (runs) => puzzles.map(({ name }, k) => {
    const pick = (op) => { const xs = runs.map((run) => run[k][`${op}_ms`]); return xs.includes(null) ? null : median(xs); };
    return { name, solve_ms: pick("solve"), grade_ms: pick("grade") };
  });
  const native = merge(nativeRuns), inPage = merge(pageRuns);

  console.log("\n| puzzle | solve native ms | solve page ms | ratio | grade native ms | grade page ms | ratio |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const fmt = (ms) => (ms == null ? "-" : ms < 0.1 ? ms.toFixed(4) : ms < 10 ? ms.toFixed(3) : ms.toFixed(1));
  const ratios = { solve: [], grade: [] };
  for (const [k, n] of native.entries()) {
    const w = inPage[k];
    const row = [n.name];
    for (const op of ["solve", "grade"]) {
      const a = n[`${op}_ms`], b = w[`${op}_ms`];
      const r = a != null && b != null ? b / a : null;
      if (r != null) ratios[op].push(r);
      row.push(fmt(a), fmt(b), r == null ? "-" : r.toFixed(2));
    }
    console.log(`| ${row.join(" | ")} |`);
  }
  const geomean = (rs) => Math.exp(rs.reduce((s, r) => s + Math.log(r), 0) / rs.length);
  for (const op of ["solve", "grade"]) {
    const rs = ratios[op];
    // Each round alone too: the first runs while the browser still has the WebAssembly in its
    // baseline compiler's code (it compiles hot functions again, optimised, in the background).
    const perRound = nativeRuns.map((run, r) => {
      const xs = run.map((n, k) => [n[`${op}_ms`], pageRuns[r][k][`${op}_ms`]]).filter(([a, b]) => a != null && b != null);
      const rr = xs.map(([a, b]) => b / a);
      return `${geomean(rr).toFixed(2)} (max ${Math.max(...rr).toFixed(2)})`;
    });
    console.log(`${op}: page / native over ${rs.length} puzzles: geometric mean ${geomean(rs).toFixed(2)}, ` +
      `median ${median(rs).toFixed(2)}, max ${Math.max(...rs).toFixed(2)}; round by round: ${perRound.join(", ")}`);
    budget(Math.max(...rs) <= 2, `${op} in the page within 2× of native on every puzzle (max ${Math.max(...rs).toFixed(2)})`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
