// The grid on the page: the library's SVG picture (WebPuzzle.render_svg), and over it an ARIA
// grid of one element per cell, laid in the picture's own coordinates (WebPuzzle.grid_box).
// The picture is hidden from assistive technology; the ARIA grid carries the names ("row 3,
// column 5, cage 12 plus, empty, candidates 1 2 4"), the focus, and what the picture shows in
// colour also in shape: the selected cell ringed, cells holding the chosen digit, the cells a
// hint looks at and mistakes each with a line of their own style, corner marks as text.

const $ = (id) => document.getElementById(id);

export function valueChar(v) {
  return v <= 9 ? String(v) : String.fromCharCode(55 + v); // 10 = A
}

function bits(mask) {
  const out = [];
  for (let v = 1; mask >> (v - 1); v++) if (mask & (1 << (v - 1))) out.push(v);
  return out;
}

/** A cage label in words: `12+` → `12 plus`, `3-` → `3 minus`, `7?` → `7, operator unknown`. */
export function labelWords(label, killer) {
  const m = /^(\d+)([-+*/?x×÷−]?)$/.exec(label);
  if (!m) return label;
  const op = { "+": killer ? "sum" : "plus", "-": "minus", "−": "minus", "*": "times", "×": "times", x: "times",
    "/": "divided by", "÷": "divided by", "?": "operator unknown" }[m[2]];
  if (!op) return killer ? `sum ${m[1]}` : m[1];
  return op === "sum" ? `sum ${m[1]}` : `${m[1]} ${op}`;
}

export class Board {
  /** `puzzle` a WebPuzzle, `layout` its layout(), `onPick(i)` called when a cell is clicked. */
  constructor(puzzle, layout, onPick) {
    this.puzzle = puzzle;
    this.layout = layout;
    const n = (this.n = layout.size);
    const [left, top, cell, width, height] = puzzle.grid_box();
    const grid = $("grid");
    const pct = (x, of) => `${(100 * x) / of}%`;
    Object.assign(grid.style, {
      left: pct(left, width), top: pct(top, height), width: pct(n * cell, width), height: pct(n * cell, height),
    });
    grid.style.setProperty("--n", String(n));
    $("grid-wrap").style.aspectRatio = `${width} / ${height}`;
    // What each cell is, for its name: its cage (label in words), its box or region.
    this.cageOf = new Array(n * n).fill(null);
    const killer = layout.regions && layout.cages.length > 0;
    layout.cages.forEach((cage, k) => {
      const words = `cage ${labelWords(cage.label, killer)}`;
      for (const [r, c] of cage.cells) this.cageOf[r * n + c] = { k, words, size: cage.cells.length };
    });
    this.regionWord = layout.boxes ? "box" : "region";
    // What else a cell's name says: its relations to its neighbours (Futoshiki, Adjacent's
    // bars), the Skyscrapers clues at its line's ends, the diagonals it lies on (X).
    this.extra = Array.from({ length: n * n }, () => []);
    const side = (from, to) => {
      const dr = Math.floor(to / n) - Math.floor(from / n), dc = (to % n) - (from % n);
      if (dr === 0) return dc > 0 ? "to the right" : "to the left";
      if (dc === 0) return dr > 0 ? "below" : "above";
      return `at row ${Math.floor(to / n) + 1}, column ${(to % n) + 1}`;
    };
    for (const { a, b, rel } of layout.relations ?? []) {
      const i = a[0] * n + a[1], j = b[0] * n + b[1];
      if (rel === "less") {
        this.extra[i].push(`less than the cell ${side(i, j)}`);
        this.extra[j].push(`greater than the cell ${side(j, i)}`);
      } else if (rel === "consecutive") {
        this.extra[i].push(`consecutive with the cell ${side(i, j)}`);
        this.extra[j].push(`consecutive with the cell ${side(j, i)}`);
      }
    }
    const clues = layout.clues;
    if (clues) {
      for (let k = 0; k < n; k++) {
        const put = (cell, what, clue) => clue && this.extra[cell].push(`${what} clue ${clue}`);
        put(k, "top", clues.top[k]);
        put((n - 1) * n + k, "bottom", clues.bottom[k]);
        put(k * n, "left", clues.left[k]);
        put(k * n + n - 1, "right", clues.right[k]);
      }
    }
    if (layout.diagonals) {
      for (let k = 0; k < n; k++) {
        this.extra[k * n + k].push("on the main diagonal");
        this.extra[k * n + (n - 1 - k)].push("on the anti-diagonal");
      }
    }
    this.cells = [];
    const rows = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < n; c++) {
        const el = document.createElement("div");
        el.setAttribute("role", "gridcell");
        el.className = "cell";
        el.tabIndex = -1;
        el.setAttribute("aria-selected", "false");
        el.dataset.cell = String(r * n + c);
        const corner = document.createElement("span");
        corner.className = "corner";
        corner.setAttribute("aria-hidden", "true");
        // A cell's centre marks, when it has corner marks too (else the picture draws them).
        const centre = document.createElement("span");
        centre.className = "centre";
        centre.setAttribute("aria-hidden", "true");
        el.append(corner, centre);
        row.appendChild(el);
        this.cells.push(el);
      }
      rows.push(row);
    }
    grid.replaceChildren(...rows);
    grid.onpointerdown = (e) => {
      const t = e.target.closest("[data-cell]");
      if (!t) return;
      e.preventDefault(); // no text selection on a long press; the focus is moved by onPick
      onPick(Number(t.dataset.cell));
    };
    this.selected = -1;
  }

  /** The static part of a cell's name. */
  where(i) {
    const n = this.n;
    const parts = [`row ${Math.floor(i / n) + 1}`, `column ${(i % n) + 1}`];
    if (this.layout.regions) parts.push(`${this.regionWord} ${this.layout.regions[i] + 1}`);
    const cage = this.cageOf[i];
    if (cage) parts.push(cage.words);
    parts.push(...this.extra[i]);
    return parts.join(", ");
  }

  /**
   * Draws everything: `view` holds the game (values, centre, corner marks), `marks` for the
   * picture ({cells, wrong, eliminations, placements} as the bindings take them), `wrong` and
   * `hinted` (sets of cells), `digit` (the value highlighted, 0 for none).
   */
  draw(game, marks, { wrong, hinted, digit, placed }) {
    const n = this.n;
    // The picture draws centre marks in a little grid that fills the cell; in a cell with
    // corner marks too they are written here instead, in the middle, clear of the corners.
    const both = (i) => !game.values[i] && game.centre[i] && game.corner[i];
    const centre = game.centre.map((m, i) => (both(i) ? 0 : m));
    const text = this.puzzle.render_svg(Uint8Array.from(game.values), Uint32Array.from(centre), JSON.stringify(marks));
    // The document's XML declaration is not wanted inside HTML.
    document.querySelector("#grid-wrap .picture").innerHTML = text.slice(text.indexOf("<svg"));
    for (let i = 0; i < n * n; i++) {
      const el = this.cells[i];
      const v = game.values[i];
      const given = game.givens[i] !== 0;
      const parts = [this.where(i)];
      if (v) parts.push(given ? `given ${valueChar(v)}` : valueChar(v));
      else if (placed.has(i)) parts.push(`empty, the hint places ${valueChar(placed.get(i))}`);
      else parts.push("empty");
      if (!v && game.centre[i]) parts.push(`candidates ${bits(game.centre[i]).map(valueChar).join(" ")}`);
      if (!v && game.corner[i]) parts.push(`corner marks ${bits(game.corner[i]).map(valueChar).join(" ")}`);
      if (wrong.has(i)) parts.push("wrong");
      if (hinted.has(i)) parts.push("in the hint");
      el.setAttribute("aria-label", parts.join(", "));
      el.classList.toggle("wrong", wrong.has(i));
      el.classList.toggle("hinted", hinted.has(i));
      el.classList.toggle("same", digit > 0 && v === digit);
      el.classList.toggle("given", given);
      const [corner, middle] = el.children;
      const inMiddle = both(i) ? bits(game.centre[i]).map(valueChar) : [];
      middle.textContent = inMiddle.join("");
      middle.dataset.count = String(inMiddle.length);
      const marksHere = v ? [] : bits(game.corner[i]);
      // The first corner is the cage label's, in a caged puzzle: corner marks start after it.
      const skip = this.cageOf[i] && this.layout.cages[this.cageOf[i].k] && this.labelCell(i) ? 1 : 0;
      corner.replaceChildren(...marksHere.map((m, k) => {
        const s = document.createElement("span");
        s.textContent = valueChar(m);
        s.className = `at${Math.min(k + skip, 8)}`;
        return s;
      }));
    }
    this.select(this.selected, false);
  }

  /** Whether cell `i` holds its cage's label (the cage's first cell in row-major order). */
  labelCell(i) {
    const cage = this.layout.cages[this.cageOf[i].k];
    const n = this.n;
    return Math.min(...cage.cells.map(([r, c]) => r * n + c)) === i;
  }

  /** Marks cell `i` as the current one (the grid's one tab stop); focuses it when asked. */
  select(i, focus) {
    if (i < 0) return;
    if (this.selected >= 0 && this.selected !== i) {
      const old = this.cells[this.selected];
      old.tabIndex = -1;
      old.setAttribute("aria-selected", "false");
    }
    this.selected = i;
    const el = this.cells[i];
    el.tabIndex = 0;
    el.setAttribute("aria-selected", "true");
    if (focus) el.focus({ preventScroll: false });
  }
}
