//! `calcudoku`: the command line. Arguments in, library calls, text out.

mod answer;
mod batch;
mod bench;
mod check;
mod cli;
mod convert;
mod count;
mod explain;
mod generate;
mod grade;
mod inputs;
mod interactive;
mod json;
mod place;
mod progress;
mod render;
mod run;
mod say;
mod se;
mod solve;
mod usage;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use cli::{Cli, Command};
use run::{Status, Ui};

fn main() -> ExitCode {
    let args = usage::globals_after_command(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage::usage_error(&e, &args),
    };
    run::handle_ctrl_c();
    if let Some(code) = usage::near_miss_subcommand(&cli) {
        return code;
    }
    let ui = Ui { json: cli.json, quiet: cli.quiet, verbose: cli.verbose };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        None => solve::run(&cli.solve, ui, &mut out),
        Some(Command::Solve(args)) => solve::run(&args, ui, &mut out),
        Some(Command::Count(args)) => count::run(&args, ui, &mut out),
        Some(Command::Convert(args)) => convert::run(&args, ui, &mut out),
        Some(Command::Grade(args)) => grade::run(&args, ui, &mut out),
        Some(Command::Hint(args)) => explain::hint(&args, ui, &mut out),
        Some(Command::Explain(args)) => explain::explain(&args, ui, &mut out),
        Some(Command::Generate(args)) => generate::run(&args, ui, &mut out),
        Some(Command::Completions { shell }) => {
            clap_complete::generate(shell, &mut Cli::command(), "calcudoku", &mut out);
            Ok(Status::Solved)
        }
        Some(Command::Man) => clap_mangen::Man::new(Cli::command())
            .render(&mut out)
            .map(|()| Status::Solved)
            .map_err(Into::into),
        Some(Command::Check(args)) => check::run(&args, ui, &mut out),
        Some(Command::Render(args)) => render::run(&args, ui, &mut out),
        Some(Command::Bench(args)) => {
            let opts = bench::Options {
                paths: args.paths,
                repeat: args.repeat,
                max: args.max,
                grade: args.grade,
                json: ui.json,
            };
            bench::run(&opts, &mut out)
                .map(|ok| if ok { Status::Solved } else { Status::NoSolution })
        }
    }
    .and_then(|status| out.flush().map(|()| status).map_err(Into::into));
    match result {
        Ok(status) => ExitCode::from(status.code()),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            match e.downcast_ref::<say::Said>() {
                Some(said) => eprintln!("{said}"),
                None => eprintln!("calcudoku: {e:#}"),
            }
            ExitCode::from(Status::BadInput.code())
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
