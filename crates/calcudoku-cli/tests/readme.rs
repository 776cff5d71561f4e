//! The README's `console` blocks are what the binary prints: each `$ calcudoku ARGS` line is
//! run from the repository's root and its standard output (and standard error, when the line
//! ends with `2>&1`) must be the lines that follow it, exactly.

use std::path::Path;

use assert_cmd::Command;

struct Example {
    args: Vec<String>,
    with_stderr: bool,
    expected: String,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ calcudoku") {
            let (command, with_stderr) = match command.strip_suffix(" 2>&1") {
                Some(c) => (c, true),
                None => (command, false),
            };
            let args = command.split_whitespace().map(str::to_string).collect();
            found.push(Example { args, with_stderr, expected: String::new() });
        } else {
            let last = found.last_mut().expect("a console block starts with a command");
            last.expected.push_str(line);
            last.expected.push('\n');
        }
    }
    found
}

#[test]
fn readme_outputs_are_what_the_binary_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 10, "found only {} examples", examples.len());
    for ex in &examples {
        let out = Command::cargo_bin("calcudoku")
            .unwrap()
            .current_dir(&root)
            .env_remove("CALCUDOKU_COLOR")
            .env("NO_COLOR", "1")
            .args(&ex.args)
            .output()
            .unwrap();
        let mut actual = String::from_utf8(out.stdout).unwrap();
        if ex.with_stderr {
            actual.push_str(&String::from_utf8(out.stderr).unwrap());
        }
        assert_eq!(actual, ex.expected, "`calcudoku {}`", ex.args.join(" "));
    }
}
