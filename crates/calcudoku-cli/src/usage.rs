//! Mistyped command lines: the switches that may come before a command's name, one-line
//! usage errors, and "did you mean" for a command name given as a file.

use std::path::Path;
use std::process::ExitCode;

use clap::CommandFactory;

use crate::cli::Cli;
use crate::run::Status;

/// `calcudoku --json count x`: the switches that hold for every command (`--json`, `-q`, `-v`)
/// may come before the command's name. Because the bare form (`calcudoku FILE…`, which
/// solves) takes arguments of its own, clap would read such a name as a FILE: the switches are
/// moved after it.
pub fn globals_after_command(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const GLOBAL: [&str; 5] = ["--json", "-q", "--quiet", "-v", "--verbose"];
    let lead =
        args.iter().skip(1).take_while(|a| a.to_str().is_some_and(|a| GLOBAL.contains(&a))).count();
    // (The command tree is built only when there is something to move.)
    if lead == 0 {
        return args;
    }
    let names: Vec<String> =
        Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    let is_command =
        args.get(1 + lead).and_then(|a| a.to_str()).is_some_and(|a| names.iter().any(|n| n == a));
    if is_command {
        let command = args.remove(1 + lead);
        args.insert(1, command);
    }
    args
}

/// A command line clap turned down. `--help` and `--version` (which clap reports this way)
/// are printed as clap writes them; a usage mistake is one line, like every other error, with
/// a pointer to the help of the command it was typed for: `calcudoku: error: unexpected
/// argument '--foo' found; see 'calcudoku generate --help'`, status 2.
pub fn usage_error(e: &clap::Error, args: &[std::ffi::OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    // The command typed, for a message without a `Usage:` line (a value clap turned down):
    // the first word that is not an option, when it names a command.
    let typed = args.iter().skip(1).filter_map(|a| a.to_str()).find(|a| !a.starts_with('-'));
    let command = typed
        .filter(|t| Cli::command().get_subcommands().any(|c| c.get_name() == *t))
        .map_or_else(|| "calcudoku".to_string(), |t| format!("calcudoku {t}"));
    eprintln!("{}", usage_line(&e.render().to_string(), command));
    ExitCode::from(Status::BadInput.code())
}

/// Clap's rendering of a usage error in one line: its message (the lines up to the first
/// blank one, joined), its tips in brackets, and the help to read: that of the command its
/// `Usage:` line names, else of `command`.
fn usage_line(rendered: &str, mut command: String) -> String {
    let mut paragraphs = rendered.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
    let words = |p: &str| p.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = paragraphs.next().unwrap_or("error: bad usage");
    let message = words(first.strip_prefix("error: ").unwrap_or(first));
    let mut tips = Vec::new();
    for p in paragraphs {
        if let Some(tip) = p.strip_prefix("tip: ") {
            tips.push(words(tip));
        } else if let Some(usage) = p.strip_prefix("Usage: ") {
            // `calcudoku generate [OPTIONS]`: the words before the first option or argument.
            let line = usage.lines().next().unwrap_or("");
            let path: Vec<&str> =
                line.split_whitespace().take_while(|w| !w.starts_with(['[', '<', '-'])).collect();
            if !path.is_empty() {
                command = path.join(" ");
            }
        }
    }
    let tips = if tips.is_empty() { String::new() } else { format!(" ({})", tips.join("; ")) };
    format!("calcudoku: error: {message}{tips}; see '{command} --help'")
}

/// `calcudoku sovle x`: a first FILE that does not exist but is one or two letters from a
/// command is a mistyped command, not a file to read.
pub fn near_miss_subcommand(cli: &Cli) -> Option<ExitCode> {
    let first = cli.solve.input.files.first()?.to_str()?;
    if cli.command.is_some() || first == "-" || Path::new(first).exists() {
        return None;
    }
    let names: Vec<String> =
        Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    let best = names.iter().min_by_key(|n| edit_distance(first, n))?;
    (edit_distance(first, best) <= 2).then(|| {
        if first == best {
            eprintln!(
                "calcudoku: '{first}' is a command, but options before it were taken as the bare form's (solve): put them after '{first}'. See `calcudoku {first} --help`."
            );
            return ExitCode::from(Status::BadInput.code());
        }
        eprintln!(
            "calcudoku: unrecognized command '{first}' (and no such file); did you mean '{best}'? See `calcudoku --help`."
        );
        ExitCode::from(Status::BadInput.code())
    })
}

/// Levenshtein distance between two short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}
