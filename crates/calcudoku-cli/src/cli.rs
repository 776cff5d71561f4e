//! Command-line arguments.

use std::path::PathBuf;

use calcudoku::generate::Kind;
use clap::{Args, Parser, Subcommand, ValueEnum};

/// The end of `--help`: every format (from the library's registry), then how input is typed
/// at a terminal, the output and the exit status.
fn long_help_end() -> String {
    format!("{}\n{AFTER_FORMATS}", calcudoku::format::Format::help())
}

/// The end of `--help` after the formats.
const AFTER_FORMATS: &str = "\
Typed at a terminal: with no FILE (and no --format other than counted) and a terminal
on standard input, `calcudoku` asks for the puzzle as seed 003 does — `Number of cages: `,
then `Cage number K: ` for each `target count cell …` line (a mistyped line is asked
again; Ctrl-D ends the input) — solves it by the prescribed brute force and prints
`--Solution--`, the rows (or `No solution.`) and `checks: N backtracks: M`.
Give `-` as FILE to read a whole text from the terminal instead.

Output: the solution's rows, numbers separated by one space (a line in, a line out
for one-line Sudokus), or `No solution.`

Exit status: 0 solved, 1 no solution, 2 bad input or usage, 3 out of time.";

/// The names `--format` and `--to` take: every format of the library's registry.
fn format_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(calcudoku::format::Format::names())
}

/// What calcudoku does, the first line of `--help`.
const ABOUT: &str =
    "Solve, grade, explain and check Calcudoku (KenKen), Sudoku of every size and Killer Sudoku";

#[derive(Debug, Parser)]
#[command(
    name = "calcudoku",
    version,
    about = ABOUT,
    long_about = format!("{ABOUT}.\n\nWith no command, solves the puzzles of each FILE (standard input when none) and prints the first solution in row-major order."),
    after_long_help = long_help_end(),
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,

    /// Machine-readable output: JSON Lines, one object per puzzle (per step for `explain`).
    #[arg(long, global = true)]
    pub json: bool,

    /// Quiet: nothing on standard error but errors (no notes, no batch summary).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Verbose: a line on standard error for each puzzle, with how it ended and its time.
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Solve puzzles and print the first solution in row-major order (the default).
    Solve(SolveArgs),
    /// Count solutions (exactly, up to --limit).
    Count(CountArgs),
    /// Convert puzzles to another format (ops, keen, json, cells, counted, sudoku, jigsaw, solo).
    Convert(ConvertArgs),
    /// Check your own answer: a filled or partly filled grid against a puzzle. Names the first
    /// broken rule (exit status 1), or says the grid solves the puzzle or fits so far (0).
    Check(CheckArgs),
    /// Grade puzzles as a person would solve them: the level (KenKen: Keen's easy, normal,
    /// hard, extreme, unreasonable; Skyscrapers: Tatham's Towers' easy, hard, extreme,
    /// unreasonable; Futoshiki and Adjacent: Tatham's Unequal's trivial, easy, tricky,
    /// extreme, recursive; Sudoku and Killer: easy … needs trial), the rating of the
    /// hardest step, and how often each technique was used. Exit status 1 for a puzzle
    /// without exactly one solution.
    Grade(GradeArgs),
    /// The next step, in words: from the bare puzzle, or from your own partial grid (--grid),
    /// where a wrong value is named instead.
    Hint(HintArgs),
    /// The whole path from the puzzle to its solution, step by step, in words.
    Explain(ExplainArgs),
    /// Make new puzzles with exactly one solution, at a level: `generate --kind sudoku
    /// --difficulty hard -n 12 --seed 7`. The same seed gives the same puzzles on every machine
    /// and any number of threads.
    Generate(GenerateArgs),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `calcudoku man > calcudoku.1`.
    Man,
    /// Time whole corpora: folders of NNN.in/NNN.out KenKen sets (a folder of sets stands for
    /// each of them), files of one-line Sudokus, and tables of Tatham's Towers or Unequal
    /// puzzles (`towers.tsv`, `unequal.tsv`: spec, id, level, solution). Checks every answer
    /// and its uniqueness.
    Bench(BenchArgs),
    /// Draw puzzles: in the terminal, as SVG or PNG pictures, or as a printable PDF sheet
    /// (the puzzles, then their solutions on the pages after).
    Render(RenderArgs),
}

/// What `render` draws to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RenderTarget {
    /// Text with box-drawing characters.
    Term,
    /// An SVG picture per puzzle.
    Svg,
    /// A PNG picture per puzzle.
    Png,
    /// One printable PDF sheet for all the puzzles.
    Pdf,
}

/// Paper for PDF sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

/// When to colour terminal pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// When standard output is a terminal and NO_COLOR is unset.
    Auto,
    Always,
    Never,
}

#[derive(Debug, Args, Clone)]
pub struct RenderArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Draw the solution in the grid (term, svg, png); PDF sheets always end with the
    /// solutions.
    #[arg(long)]
    pub solution: bool,

    /// What to draw [default: from the extension of -o (.svg, .png, .pdf), else term].
    #[arg(long, value_enum, value_name = "KIND")]
    pub to: Option<RenderTarget>,

    /// Write to OUT instead of standard output (`-`: standard output, which takes one SVG or
    /// PNG picture); several SVG or PNG pictures go to OUT-1.svg, OUT-2.svg, … (OUT's name
    /// with the number before its extension).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// PDF: puzzles per page (1 to 30).
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub per_page: usize,

    /// PDF: paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,

    /// PNG: pixels per SVG unit (a 9×9 grid is 372 units wide).
    #[arg(long, default_value_t = 1.5, value_name = "FACTOR")]
    pub scale: f32,

    /// Terminal colours.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
}

// `--draw` for hint and explain: the step as a picture.
#[derive(Debug, Args, Clone)]
pub struct DrawArgs {
    /// Draw each step: the board's pencil marks, the cells the step uses highlighted, the
    /// candidates it removes struck out, the values it places.
    #[arg(long)]
    pub draw: bool,

    /// With --draw: in the terminal, or as SVG, PNG or PDF [default: from the extension of
    /// -o (.svg, .png, .pdf), else term]. An SVG hint may go to standard output; PNG and PDF
    /// go to -o (a PDF holds every step, a page each).
    #[arg(long, value_enum, value_name = "KIND", requires = "draw")]
    pub to: Option<DrawTarget>,

    /// With --draw --to svg|png|pdf: write to OUT (explain --to svg|png: OUT-1.svg,
    /// OUT-2.svg, … one per step).
    #[arg(short, long, value_name = "OUT", requires = "draw")]
    pub output: Option<PathBuf>,

    /// With --draw: terminal colours.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN", requires = "draw")]
    pub color: ColorWhen,
}

/// What `--draw` draws to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DrawTarget {
    /// Text with box-drawing characters, after the step's sentence.
    Term,
    /// An SVG picture, the sentence its caption.
    Svg,
    /// A PNG picture, the sentence its caption.
    Png,
    /// A PDF, a page per picture.
    Pdf,
}

#[derive(Debug, Args, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The format to write.
    #[arg(long, value_name = "NAME", value_parser = format_names())]
    pub to: String,

    /// For --to sudoku: one line per puzzle instead of rows.
    #[arg(long)]
    pub line: bool,
}

#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    /// The puzzle, in any format (`-`: standard input).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,

    /// The grid: N rows of N numbers (0 or . for an empty cell), N rows of N characters, or
    /// one line of N² characters as a one-line Sudoku (`-`: standard input).
    #[arg(value_name = "GRID")]
    pub grid: PathBuf,

    /// Format of the puzzle, when detection should not decide.
    #[arg(short, long, value_name = "NAME", value_parser = format_names())]
    pub format: Option<String>,

    /// Add rules to the puzzle read, as for `solve --variant`: `x`, `windoku`, or both.
    #[arg(long, value_name = "RULES", value_enum, value_delimiter = ',')]
    pub variant: Vec<Variant>,

    /// Give up after this many seconds (exit status 3): a partial grid is completed by the
    /// solver, which a large puzzle may keep busy.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args, Clone)]
pub struct GradeArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The scale: `ladder` (the project's levels and rating; `calcudoku` names it too), `solo`
    /// (Tatham's Solo's six levels: trivial, basic, intermediate, advanced, extreme,
    /// unreasonable; Sudoku, jigsaw, X and Killer only; a Killer also gets Solo's Killer level,
    /// trivial, simple, intermediate or advanced: `basic (Killer advanced): …`, in JSON
    /// `"killer_level"`), `se` (Sudoku Explainer 1.2.1's ER/EP/ED: 9×9 Sudoku, one-line givens
    /// or 729-character Sukaku pencil marks, printed as `PUZZLE ER/EP/ED`), or `auto`: Solo's
    /// for Solo game IDs, the ladder for the rest.
    #[arg(long, value_enum, default_value_t = Scale::Auto)]
    pub scale: Scale,

    /// Threads for files of several puzzles (0: all cores). Any N is taken as at most the
    /// cores and the puzzles: no more threads start than can work.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Debug, Args, Clone)]
pub struct HintArgs {
    /// The puzzle, in any format (`-`: standard input).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,

    /// Your partial grid: N rows of N numbers (0 or . for an empty cell), or one line of N²
    /// characters.
    #[arg(long, value_name = "GRIDFILE")]
    pub grid: Option<PathBuf>,

    /// Format of the puzzle, when detection should not decide.
    #[arg(short, long, value_name = "NAME", value_parser = format_names())]
    pub format: Option<String>,

    /// Add rules to the puzzle read, as for `solve --variant`: `x`, `windoku`, or both.
    #[arg(long, value_name = "RULES", value_enum, value_delimiter = ',')]
    pub variant: Vec<Variant>,

    /// Give up after this many seconds (exit status 3).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    #[command(flatten)]
    pub draw: DrawArgs,
}

#[derive(Debug, Args, Clone)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Rating scale: calcudoku's own ladder, or `se`, Sudoku Explainer 1.2.1's path with its
    /// technique names and ratings (9×9 Sudoku).
    #[arg(long, default_value = "calcudoku", value_name = "SCALE", value_parser = ["calcudoku", "se"])]
    pub scale: String,

    #[command(flatten)]
    pub draw: DrawArgs,
}

#[derive(Debug, Args, Clone)]
pub struct GenerateArgs {
    /// What to make (`skyscrapers` is `towers`, `futoshiki` is `unequal`; Sudoku variants:
    /// jigsaw, x, windoku, jigsaw-x, written as Solo game IDs, windoku as JSON Lines).
    #[arg(short, long, default_value = Kind::DEFAULT.name(), value_parser = [
        "kenken", "sudoku", "killer", "towers", "skyscrapers", "unequal", "futoshiki", "adjacent",
        "jigsaw", "x", "windoku", "jigsaw-x", "x-jigsaw",
    ])]
    pub kind: String,

    /// Side of the grid (KenKen, Towers, Unequal and Adjacent 3 to 16, default 6; Sudoku 4, 6,
    /// 8, 9, 10, 12, 15, 16, 20, 25 and Killer up to 20 (20: with --givens), default 9).
    #[arg(short, long, value_name = "N")]
    pub size: Option<usize>,

    /// The level: KenKen easy, normal (default), hard, extreme, unreasonable (Keen's); Sudoku
    /// and Killer easy, medium (default), hard, fiendish, diabolical, "needs trial"; Towers
    /// easy, hard (default), extreme, unreasonable; Unequal and Adjacent trivial, easy,
    /// tricky (default), extreme, recursive (Tatham's); or any (from 20×20 Sudoku: easy).
    /// Sudoku, jigsaw, X, jigsaw X and Killer also take Tatham's Solo's levels: trivial,
    /// basic, intermediate, advanced, extreme, unreasonable (the level Solo's solver gives the
    /// puzzle; a 4×4 trivial or basic; Killers up to advanced and 9×9, the level, not the
    /// Killer level). Refused at once where it is not reached in seconds: KenKen 3×3 above
    /// normal, × alone above normal past 12×12, unreasonable with hidden operators or a choice
    /// of operators past 11×11; Sudoku 4×4 above easy, needs trial past 16×16.
    #[arg(short, long, value_name = "LEVEL")]
    pub difficulty: Option<String>,

    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1, value_name = "COUNT")]
    pub count: u64,

    /// The seed (default: from the clock, printed on standard error).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// Threads (0: all cores). The puzzles do not depend on it.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    /// Output format (default: ops for KenKen and Killer, puzzles separated by a blank line;
    /// one-line Sudokus, or rows where the size has no line form (10, 15, 20); JSON Lines for
    /// Killers with --givens, which ops cannot write). `keen` writes game IDs that open in
    /// Keen. A format that cannot write the kind is refused before any puzzle is made.
    #[arg(long, value_name = "NAME", value_parser = format_names())]
    pub to: Option<String>,

    /// KenKen: multiplication only (Keen's option).
    #[arg(long, conflicts_with = "ops")]
    pub mult_only: bool,

    /// KenKen: the operators allowed, e.g. `+-` or `-/` (default all four).
    #[arg(long, value_name = "OPS", allow_hyphen_values = true)]
    pub ops: Option<String>,

    /// KenKen: − and ÷ also on cages of three or more cells, where exact (not in Keen).
    #[arg(long)]
    pub long_ops: bool,

    /// KenKen: cages without their operator (the player finds it).
    #[arg(long)]
    pub hidden_ops: bool,

    /// KenKen and Killer: the largest cage (default 6; Killer 5).
    #[arg(long, value_name = "CELLS")]
    pub max_cage: Option<usize>,

    /// Sudoku: clues in symmetric pairs [default: rotational].
    #[arg(long, value_parser = ["none", "rotational", "mirror"])]
    pub symmetry: Option<String>,

    /// Sudoku: no clue can be taken away without a second solution, neither alone nor with its
    /// symmetric partner (a candidate whose pair holds a clue that could go alone is dropped).
    #[arg(long)]
    pub minimal: bool,

    /// Killer: add givens where the cages alone leave several solutions.
    #[arg(long)]
    pub givens: bool,

    /// 9×9 Sudoku: keep only puzzles whose Sudoku Explainer rating (ER, as `grade --scale se`
    /// gives it) is in RANGE, both ends included: `8.0..9.0`, `7.1..`, `..3.0`, or one rating
    /// `8.3`. Without -d the candidates are made at the level whose puzzles fall there most
    /// often (ER to 1.7 easy, to 2.9 medium, to 3.9 hard, to 4.4 fiendish, to 8.9
    /// diabolical, from 9.0 needs trial). Rare ratings are slow: 8.0..9.0 is about 1 in 30
    /// diabolical candidates, 10.0.. 1 in 20 of those that need trial (a minute a puzzle),
    /// and a low end above 10.5 is refused (random candidates do not reach 11). Gives up
    /// after --max-attempts (exit status 1).
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    pub rating: Option<String>,

    /// 9×9 Sudoku: the clues are exactly the cells FILE marks (`-`: standard input). One line
    /// of 81 characters or 9 rows of 9; `x`, `X`, `#` or a digit 1-9 is a clue, `.`, `0` or
    /// `-` an empty cell (so a puzzle serves as its own pattern). Each candidate is a random
    /// grid kept on those cells, kept when it has one solution: a pattern of 24 clues takes
    /// some 5000 to 100000 candidates (0.1 to 2 s), sparser ones seldom get one (a 17-clue
    /// pattern: none in 200000). Without -d, any level.
    #[arg(long, value_name = "FILE")]
    pub pattern: Option<PathBuf>,

    /// Give up on a puzzle after this many seconds (exit status 3; the others go on).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Candidates tried per puzzle before giving up (exit status 1; default 5000000 for
    /// KenKen, whose multiplication-only levels may take 100000s, 20000 for Sudoku and Killer,
    /// 1000000 for Sudoku on a --pattern).
    #[arg(long, value_name = "N")]
    pub max_attempts: Option<u32>,
}

#[derive(Debug, Args, Clone)]
pub struct BenchArgs {
    /// Set folders, folders of sets, Sudoku files, or Tatham tables (`.tsv`).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// Solve each KenKen this many times and keep the median time.
    #[arg(long, default_value_t = 5)]
    pub repeat: usize,

    /// At most this many puzzles per set (0: all).
    #[arg(long, default_value_t = 0)]
    pub max: usize,

    /// Time grading instead of solving (KenKen sets: also check the level against the folder
    /// name, `NxN-level`; Tatham tables: against the `level` column, on the game's ladder).
    #[arg(long)]
    pub grade: bool,
}

// Where puzzles come from and how to read them.
#[derive(Debug, Args, Clone)]
pub struct InputArgs {
    /// Puzzle files (none, or `-`: standard input).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Input format, when detection should not decide.
    #[arg(short, long, value_name = "NAME", value_parser = format_names())]
    pub format: Option<String>,

    /// Give up on a puzzle after this many seconds (exit status 3).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Add rules to every puzzle read: `x` (both main diagonals hold every value once),
    /// `windoku` (four extra windows on a 9×9, as many as fit on other sizes); both:
    /// `--variant x,windoku`.
    #[arg(long, value_name = "RULES", value_enum, value_delimiter = ',')]
    pub variant: Vec<Variant>,
}

/// The scale `grade` grades on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// Solo's levels for Solo game IDs, the ladder for the rest.
    Auto,
    /// The project's ladder of techniques, levels and rating.
    #[value(alias = "calcudoku")]
    Ladder,
    /// Tatham's Solo's six levels (and a Killer's Killer level).
    Solo,
    /// Sudoku Explainer 1.2.1's ER/EP/ED (9×9 Sudoku).
    Se,
}

/// A rule `--variant` adds to the puzzles read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// Both main diagonals hold every value once (X-Sudoku).
    X,
    /// The windows of a windoku as extra regions.
    Windoku,
}

#[derive(Debug, Args, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Solving method.
    #[arg(short, long, value_enum, default_value_t = Method::Fast)]
    pub method: Method,

    /// Print the solver's counters after each answer.
    #[arg(long)]
    pub stats: bool,

    /// Threads for files of several puzzles (0: all cores). Any N is taken as at most the
    /// cores and the puzzles: no more threads start than can work.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Debug, Args, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Stop counting at this many solutions.
    #[arg(short, long, default_value_t = 1000, value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Threads for files of several puzzles (0: all cores). Any N is taken as at most the
    /// cores and the puzzles: no more threads start than can work.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Propagation and search (exact, fast).
    Fast,
    /// The assignments' prescribed brute force: cells in row-major order, values counted up
    /// from 1, each checked against the whole grid; --stats prints its checks and backtracks.
    BruteForce,
}
