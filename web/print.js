// Print: a PDF made by the library in the worker (its print build, loaded on first use), of
// the puzzle on the page or of new puzzles of the chosen kind, size and level with their
// solutions on the pages after; offered as a link to download.

const $ = (id) => document.getElementById(id);

function showPdf(bytes, name, say) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.textContent = `Download ${name} (${Math.round(bytes.length / 1024)} KB)`;
  $("print-link").replaceChildren(a);
  say(`The PDF is ready: ${name}.`);
  a.focus();
}

/** `tasks()` the worker's tasks, `current()` the puzzle shown ({code, title}, or null), `say`
 * the status line. */
export function setUpPrint({ tasks, current, say }) {
  const failed = (e, what) => say(e.cancelled ? `Cancelled: no ${what}.` : String(e?.message ?? e), !e.cancelled);
  $("print-one").addEventListener("click", async () => {
    const shown = current();
    if (!shown) return;
    try {
      const bytes = await tasks().run("sheet", { items: [{ text: shown.code }], title: shown.title, perPage: 1, solutions: true },
        "Making the PDF…");
      showPdf(bytes, "calcudoku-puzzle.pdf", say);
    } catch (e) {
      failed(e, "PDF");
    }
  });

  $("print-many").addEventListener("click", async () => {
    const kind = $("kind").value, size = Number($("size").value), level = $("level").value;
    const count = Math.min(30, Math.max(1, Number($("print-count").value) || 1));
    const perPage = Math.min(30, Math.max(1, Number($("print-per-page").value) || 1));
    const seed = Math.floor(Math.random() * 0xffffffff);
    const title = `${$("kind").selectedOptions[0].text} ${size}×${size}, ${level}`;
    try {
      const bytes = await tasks().run("sheet-new", { kind, size, level, seed, count, perPage, title },
        `Making ${count} puzzles…`, (done) => say(`Made ${done} of ${count} puzzles…`));
      showPdf(bytes, `calcudoku-${kind}-${size}-${level.replace(/\s+/g, "-")}.pdf`, say);
    } catch (e) {
      failed(e, "PDF");
    }
  });
}
