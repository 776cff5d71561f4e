// Lighthouse on the page (the npm package at its pinned version, with Debian's chromium), as a
// phone (Lighthouse's default: a mid-range phone on a slow 4G link, simulated) and as a
// desktop: accessibility must score 100, best practices at least 95, performance at least 90.
// The scores are printed for PERFORMANCE.md; exit status 1 when one is missed.
// Performance is timed on this machine (the phone's 4x CPU slowdown is applied to the tasks
// Chromium measured), so a busy host can lower it: when it misses, two more runs are made and
// their median of three is judged, as Lighthouse's own guidance on variability advises. The
// other categories do not depend on timing and are judged on the first run.
// Usage: node lighthouse.mjs BASE-URL (a server that compresses as a web host does, like
// `cargo xtask web --serve`).
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { existsSync } from "node:fs";

const base = process.argv[2] || "http://127.0.0.1:8000/";
const chromePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(`lighthouse: no browser at ${chromePath}: install Debian's chromium or set CHROMIUM`);
  process.exit(1);
}
const BUDGET = { accessibility: 100, "best-practices": 95, performance: 90 };
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

let failed = 0;
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  for (const form of ["mobile", "desktop"]) {
    const config = form === "desktop"
      ? { extends: "lighthouse:default", settings: { preset: "desktop", formFactor: "desktop", screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
        throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 } } }
      : { extends: "lighthouse:default" };
    const run = async () => (await lighthouse(base + "index.html", {
      port: chrome.port, output: "json", logLevel: "error", onlyCategories: Object.keys(BUDGET),
    }, config)).lhr;
    const first = await run();
    const perf = (lhr) => Math.round(lhr.categories.performance.score * 100);
    // The runs judged for performance: the first, or three (the median judged) after a miss.
    const runs = [first];
    if (perf(first) < BUDGET.performance) {
      console.log(`    ${form}: performance ${perf(first)} on the first run; two more runs`);
      runs.push(await run(), await run());
      runs.sort((a, b) => perf(a) - perf(b));
    }
    const median = runs[(runs.length - 1) >> 1];
    const judged = (id) => (id === "performance" ? median : first);
    if (runs.length > 1) console.log(`    ${form}: performance ${runs.map(perf).join(", ")}: median ${perf(median)}`);
    const { audits } = median;
    const metrics = METRICS.map((m) => `${m} ${audits[m].displayValue}`).join(", ");
    for (const [id, least] of Object.entries(BUDGET)) {
      const lhr = judged(id);
      const score = Math.round(lhr.categories[id].score * 100);
      const ok = score >= least;
      if (!ok) failed++;
      console.log(`${ok ? "ok" : "MISSED"} - lighthouse ${form}: ${id} ${score} (at least ${least})`);
      if (!ok) {
        const low = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories[id].auditRefs.some((r) => r.id === a.id && r.weight > 0));
        for (const a of low) console.log(`    ${a.id}: ${a.score} ${a.displayValue ?? ""}`);
      }
    }
    console.log(`    ${form}: ${metrics}`);
  }
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
