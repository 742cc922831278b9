//! What the integration tests share: running the `queens` binary and reading what it printed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const Q: &str = env!("CARGO_BIN_EXE_queens");

/// Runs `queens ARGS` to its end.
pub fn queens(args: &[&str]) -> Output {
    Command::new(Q)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `queens ARGS` with `input` on its standard input.
pub fn queens_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(Q)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The binary may stop reading early (an error): a broken pipe here is fine.
    let _ = stdin.write_all(input.as_ref());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// Runs `queens ARGS` in the folder `dir`.
pub fn queens_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(Q)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// What the binary wrote on standard output, which must be UTF-8.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// What the binary wrote on standard error, which must be UTF-8.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// Exit code 2 and one line on stderr, `queens: error: ` and a message holding `expected`;
/// nothing on stdout.
#[track_caller]
pub fn assert_refused(output: &Output, expected: &str) {
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        output.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("queens: error: ") && err.contains(expected),
        "{expected:?} not in {err}"
    );
}
