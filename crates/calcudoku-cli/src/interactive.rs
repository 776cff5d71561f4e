//! Seed 003's dialogue ("3.1 Sample Run 1"): when `calcudoku` runs with no file and a person at
//! the terminal, it asks for the puzzle in the `counted` format, one line at a time, then solves
//! it with the prescribed brute force and prints the seed's counters:
//!
//! ```text
//! Number of cages: 9
//! Cage number 0: 5 2 0 5
//! …
//! Cage number 8: 10 3 19 23 24
//! --Solution--
//! 4 1 2 5 3
//! …
//! checks: 2265 backtracks: 438
//! ```
//!
//! A person is typing, so a mistyped line is not the end: it gets a one-line error on standard
//! error saying what was expected, and the same prompt again. The end of the input (Ctrl-D)
//! before the last cage is bad input (exit status 2). Cages that do not make a puzzle together
//! (say, a cell left out) are only known after the last line; that is bad input too.
//!
//! An unsolvable puzzle prints `--Solution--`, then `No solution.` (what the solver prints
//! elsewhere) and the counters, and exits with status 1.
//!
//! Every line is read by the library (`format::counted::parse_cage_count` and `parse_cage`),
//! and the whole puzzle by `format::counted::parse` of the lines collected.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use calcudoku::format::{self, Layout, counted};
use calcudoku::solve::brute::{BruteOutcome, brute_force_with};
use calcudoku::{ParseError, Puzzle};

use crate::Status;
use crate::cli::InputArgs;

/// Whether a solve run should hold the dialogue: no file given, no other format forced, and a
/// terminal on standard input.
pub fn wanted(input: &InputArgs) -> bool {
    use std::io::IsTerminal;
    input.files.is_empty()
        && input.format.as_deref().is_none_or(|f| f.eq_ignore_ascii_case("counted"))
        && io::stdin().is_terminal()
}

/// A parse error of one typed line: its column (the line is known), then what was expected.
fn line_error(e: &ParseError) -> String {
    match e.column {
        0 => e.kind.to_string(),
        c => format!("column {c}: {}", e.kind),
    }
}

/// One line of input without its line end; None at the end of the input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    // A line ended by Ctrl-D without Enter comes without '\n': it is still a line.
    let end = line.trim_end_matches(['\n', '\r']).len();
    line.truncate(end);
    Ok(Some(line))
}

/// Prompts until a line is accepted by `accept` (which says what was wrong otherwise); None when
/// the input ends first.
fn ask<T>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    prompt: &str,
    mut accept: impl FnMut(&str) -> Result<T, String>,
) -> Result<Option<T>> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            // The cursor is still after the prompt: end its line before the message.
            writeln!(out)?;
            out.flush()?;
            return Ok(None);
        };
        match accept(&line) {
            Ok(value) => return Ok(Some(value)),
            Err(msg) => {
                writeln!(err, "calcudoku: {msg}; try again")?;
                err.flush()?;
            }
        }
    }
}

/// Asks for a puzzle as seed 003 does. Errors (the input ended, the cages do not make a
/// puzzle) are bad input.
pub fn read_puzzle(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Puzzle> {
    let Some(count) = ask(input, out, err, "Number of cages: ", |line| {
        counted::parse_cage_count(line).map_err(|e| line_error(&e))
    })?
    else {
        bail!("the input ended before the number of cages");
    };
    let mut text = format!("{count}\n");
    // Which cage holds each cell so far, to catch a cell typed twice while it can be retyped.
    let mut owner: HashMap<u16, usize> = HashMap::new();
    for k in 0..count {
        let prompt = format!("Cage number {k}: ");
        let accepted = ask(input, out, err, &prompt, |line| {
            let cage = counted::parse_cage(line).map_err(|e| line_error(&e))?;
            if let Some((cell, other)) =
                cage.cells.iter().find_map(|c| owner.get(&c.0).map(|&o| (c.0, o)))
            {
                return Err(format!("cell {cell} is already in cage number {other}"));
            }
            Ok((line.trim().to_string(), cage))
        })?;
        let Some((line, cage)) = accepted else {
            bail!("the input ended before cage number {k} (expected {count} cages)");
        };
        for c in &cage.cells {
            owner.insert(c.0, k);
        }
        text.push_str(&line);
        text.push('\n');
    }
    counted::parse(&text).map_err(|e| match e.line {
        // Line 1 holds the count; cage number k is on line k + 2.
        0 | 1 => anyhow::anyhow!("the cages do not make a puzzle: {}", e.kind),
        l => anyhow::anyhow!("cage number {}: {}", l - 2, line_error(&e)),
    })
}

/// The whole dialogue: asks for the puzzle, solves it by brute force (giving up at `timeout`),
/// and prints the seed's answer and counters.
pub fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    timeout: Option<Duration>,
) -> Result<Status> {
    let puzzle = read_puzzle(input, out, err)?;
    let started = Instant::now();
    let limit = timeout.map(|t| started + t);
    let result =
        brute_force_with(&puzzle, None, &mut |_| limit.is_some_and(|l| Instant::now() >= l));
    let status = match &result.outcome {
        BruteOutcome::Solved(grid) => {
            writeln!(out, "--Solution--")?;
            out.write_all(format::write_solution(grid, Layout::Rows).as_bytes())?;
            Status::Solved
        }
        BruteOutcome::NoSolution => {
            writeln!(out, "--Solution--")?;
            writeln!(out, "No solution.")?;
            Status::NoSolution
        }
        BruteOutcome::Stopped => {
            writeln!(
                err,
                "calcudoku: gave up after {:.3} s (--timeout)",
                started.elapsed().as_secs_f64()
            )?;
            return Ok(Status::TimedOut);
        }
    };
    writeln!(out, "{}", result.stats)?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "9\n5 2 0 5\n8 3 1 2 6\n8 2 3 8\n6 3 4 9 14\n13 3 7 12 13\n5 2 10 15\n14 4 11 16 20 21\n6 3 17 18 22\n10 3 19 23 24\n";

    const PROMPTS: &str = "Number of cages: Cage number 0: Cage number 1: Cage number 2: \
                           Cage number 3: Cage number 4: Cage number 5: Cage number 6: \
                           Cage number 7: Cage number 8: ";

    const ANSWER: &str = "--Solution--\n4 1 2 5 3\n1 5 4 3 2\n2 3 5 4 1\n3 4 1 2 5\n5 2 3 1 4\n\
                          checks: 2265 backtracks: 438\n";

    /// Runs the dialogue on `input`: (status or error message, stdout, stderr).
    fn dialogue(input: &str) -> (Result<Status, String>, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status =
            run(&mut input.as_bytes(), &mut out, &mut err, None).map_err(|e| e.to_string());
        (status, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn sample_run_1() {
        let (status, out, err) = dialogue(SAMPLE);
        assert_eq!(status, Ok(Status::Solved));
        assert_eq!(out, format!("{PROMPTS}{ANSWER}"));
        assert_eq!(err, "");
    }

    #[test]
    fn a_mistyped_line_is_asked_again() {
        let input = SAMPLE
            .replacen("9\n", "nine\n9\n", 1)
            .replacen("8 2 3 8\n", "8 3 3 8\n\n8 2 3 8\n", 1)
            .replacen("5 2 10 15\n", "5 2 10 1\n5 2 10 15\n", 1);
        let (status, out, err) = dialogue(&input);
        assert_eq!(status, Ok(Status::Solved));
        let prompts = PROMPTS
            .replacen("Number of cages: ", "Number of cages: Number of cages: ", 1)
            .replacen("Cage number 2: ", "Cage number 2: Cage number 2: Cage number 2: ", 1)
            .replacen("Cage number 5: ", "Cage number 5: Cage number 5: ", 1);
        assert_eq!(out, format!("{prompts}{ANSWER}"));
        assert_eq!(
            err,
            "calcudoku: column 1: expected the number of cages (a whole number), found 'nine'; try again\n\
             calcudoku: column 3: expected 3 cells (as the count says), found 2 cells; try again\n\
             calcudoku: column 1: expected a cage: its target, its number of cells, then its cells, found an empty line; try again\n\
             calcudoku: cell 1 is already in cage number 1; try again\n"
        );
    }

    #[test]
    fn end_of_input_mid_entry_is_bad_input() {
        let input: String = SAMPLE.lines().take(4).map(|l| format!("{l}\n")).collect();
        let (status, out, err) = dialogue(&input);
        assert_eq!(
            status,
            Err("the input ended before cage number 3 (expected 9 cages)".to_string())
        );
        assert!(out.ends_with("Cage number 3: \n"), "{out}");
        assert_eq!(err, "");
        let (status, out, _) = dialogue("");
        assert_eq!(status, Err("the input ended before the number of cages".to_string()));
        assert_eq!(out, "Number of cages: \n");
    }

    #[test]
    fn a_last_line_without_a_line_end_counts() {
        let (status, out, _) = dialogue(SAMPLE.trim_end());
        assert_eq!(status, Ok(Status::Solved));
        assert!(out.ends_with(ANSWER));
    }

    #[test]
    fn cages_that_make_no_puzzle() {
        // Three cells: not a square.
        let (status, _, _) = dialogue("2\n3 2 0 1\n3 1 2\n");
        let msg = status.unwrap_err();
        assert!(msg.starts_with("the cages do not make a puzzle: "), "{msg}");
        // Four cells, but one of them is cell 7.
        let (status, _, _) = dialogue("2\n3 2 0 1\n3 2 2 7\n");
        assert_eq!(
            status.unwrap_err(),
            "cage number 1: column 7: cell 7 is out of range (the grid has cells 0 to 3)"
        );
    }

    #[test]
    fn no_solution() {
        // A 2×2 whose rows cannot both add up to 4.
        let (status, out, _) = dialogue("2\n4 2 0 1\n4 2 2 3\n");
        assert_eq!(status, Ok(Status::NoSolution));
        let tail = out.split_once("--Solution--\n").unwrap().1;
        assert!(tail.starts_with("No solution.\nchecks: "), "{out}");
    }
}
