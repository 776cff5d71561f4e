//! Seed 003's Sample Run 1, typed into the real binary through a pseudo-terminal.
//!
//! `rexpect` opens a new pty pair and starts the program on its slave side (stdin, stdout and
//! stderr), so the test needs no terminal of its own: it runs the same in CI, where standard
//! input is closed. rexpect turns the terminal's echo off; the program is started through
//! `sh -c 'stty echo; exec …'` to turn it back on, so the screen shows what a person typing
//! sees. Each line is typed only once its prompt is on the screen, as a person would, which
//! makes the screen deterministic. The screen is compared with the seed after `\r\n` → `\n`.
#![cfg(unix)]

use nix::sys::wait::WaitStatus;
use rexpect::session::PtySession;

/// Seed 003, "3.1 Sample Run 1", exactly.
const SAMPLE_RUN_1: &str = "\
Number of cages: 9
Cage number 0: 5 2 0 5
Cage number 1: 8 3 1 2 6
Cage number 2: 8 2 3 8
Cage number 3: 6 3 4 9 14
Cage number 4: 13 3 7 12 13
Cage number 5: 5 2 10 15
Cage number 6: 14 4 11 16 20 21
Cage number 7: 6 3 17 18 22
Cage number 8: 10 3 19 23 24
--Solution--
4 1 2 5 3
1 5 4 3 2
2 3 5 4 1
3 4 1 2 5
5 2 3 1 4
checks: 2265 backtracks: 438
";

/// The one line on standard error before the dialogue (`-q` leaves it out).
const HINT: &str = "calcudoku: type the puzzle cage by cage as below (Ctrl-D ends; `calcudoku --help` for files and other formats)\n";

/// The binary on a fresh terminal with echo on.
fn start(args: &[&str]) -> PtySession {
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(r#"stty echo && exec "$@""#)
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_calcudoku"))
        .args(args)
        .env_remove("CI");
    rexpect::session::spawn_command(cmd, Some(30_000)).expect("start the binary on a pty")
}

/// A person at the terminal: waits for each prompt, then types a line.
struct Person {
    session: PtySession,
    screen: String,
}

impl Person {
    fn new(args: &[&str]) -> Person {
        Person { session: start(args), screen: String::new() }
    }
    /// Waits until `text` is on the screen.
    fn see(&mut self, text: &str) {
        let before = self.session.exp_string(text).unwrap_or_else(|e| {
            panic!("waiting for {text:?}: {e}\nscreen so far:\n{}", self.screen)
        });
        self.screen.push_str(&before);
        self.screen.push_str(text);
    }
    fn type_line(&mut self, line: &str) {
        self.session.send_line(line).unwrap();
    }
    /// Reads the screen to the end and returns it (line ends normalised) with the exit status.
    fn finish(mut self) -> (String, i32) {
        let rest = self.session.exp_eof().unwrap();
        self.screen.push_str(&rest);
        let status = match self.session.process().wait().unwrap() {
            WaitStatus::Exited(_, code) => code,
            other => panic!("the program did not exit normally: {other:?}"),
        };
        (self.screen.replace("\r\n", "\n"), status)
    }
}

/// The prompts and what the person types at each, from a transcript.
fn dialogue(transcript: &str) -> Vec<(&str, &str)> {
    transcript
        .lines()
        .filter_map(|l| {
            let at = l.find(": ")? + 2;
            Some((&l[..at], &l[at..]))
        })
        .filter(|(prompt, _)| prompt.starts_with("Number") || prompt.starts_with("Cage"))
        .collect()
}

#[test]
fn sample_run_1_on_a_terminal() {
    // The seed's screen exactly, after the hint on standard error; with -q, nothing else.
    for (args, hint) in [(&[][..], HINT), (&["solve"][..], HINT), (&["-q"][..], "")] {
        let mut person = Person::new(args);
        for (prompt, typed) in dialogue(SAMPLE_RUN_1) {
            person.see(prompt);
            person.type_line(typed);
        }
        let (screen, status) = person.finish();
        assert_eq!(screen, format!("{hint}{SAMPLE_RUN_1}"), "calcudoku {args:?}");
        assert_eq!(status, 0);
    }
}

#[test]
fn a_mistyped_line_is_asked_again_on_a_terminal() {
    let mut person = Person::new(&[]);
    person.see("Number of cages: ");
    person.type_line("2");
    person.see("Cage number 0: ");
    person.type_line("3 2 0 x");
    person.see("Cage number 0: ");
    person.type_line("3 2 0 1");
    person.see("Cage number 1: ");
    person.type_line("3 2 2 3");
    let (screen, status) = person.finish();
    assert_eq!(
        screen.strip_prefix(HINT).unwrap(),
        "Number of cages: 2\n\
         Cage number 0: 3 2 0 x\n\
         calcudoku: column 7: expected a cell number, found 'x'; try again\n\
         Cage number 0: 3 2 0 1\n\
         Cage number 1: 3 2 2 3\n\
         --Solution--\n\
         1 2\n\
         2 1\n\
         checks: 6 backtracks: 0\n"
    );
    assert_eq!(status, 0);
}

#[test]
fn ctrl_d_mid_entry_is_bad_input() {
    let mut person = Person::new(&[]);
    person.see("Number of cages: ");
    person.type_line("9");
    person.see("Cage number 0: ");
    person.type_line("5 2 0 5");
    person.see("Cage number 1: ");
    person.session.send_control('d').unwrap();
    let (screen, status) = person.finish();
    assert_eq!(
        screen.strip_prefix(HINT).unwrap(),
        "Number of cages: 9\n\
         Cage number 0: 5 2 0 5\n\
         Cage number 1: \n\
         calcudoku: the input ended before cage number 1 (expected 9 cages)\n"
    );
    assert_eq!(status, 2);
}
