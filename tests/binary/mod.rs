//! Running the `queens` binary from the integration tests.

use std::io::Write;
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
