//! Times the blocked-squares search on excluded-diagonals instances (CSPLib problem 079):
//! the first solution, or the proof that there is none, by `most_constrained`.
//!
//! ```text
//! cargo run --release --example completion_bench -- FILE.param D [FILE.param D ...]
//! ```
//!
//! Without arguments it times the instances committed as drawn boards in
//! `tests/fixtures/csplib079` (whose answers the tests check against the published ones).
//!
//! Each FILE is an instance file of CSPLib 079 (`n = ...`, `numdiags = ...`, `diags =
//! [[d, kind], ...]`) and D how many of its diagonals to exclude (the first D, as the
//! problem's notes prescribe). With `QUEENS_COMPLETION_REFERENCE` set to another solver
//! that reads `n`, the number of diagonals, then `d kind` pairs on standard input and takes
//! D as its argument (such as CSPLib's `shiftqueensdiags.cc`), it runs that too, on the same
//! instance, and prints both times and their ratio.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use queens::{Queens, Square};

/// An excluded-diagonals instance: the board size and its diagonals, `(d, 1)` for the
/// squares with `row + col = d`, `(d, 0)` for those with `row - col = d - (n - 1)`.
struct Instance {
    n: usize,
    diagonals: Vec<(usize, usize)>,
}

fn read(path: &str) -> Instance {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let numbers: Vec<usize> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect();
    let (n, count) = (numbers[0], numbers[1]);
    let diagonals = numbers[2..2 + 2 * count]
        .chunks(2)
        .map(|pair| (pair[0], pair[1]))
        .collect();
    Instance { n, diagonals }
}

/// The squares of the first `d` diagonals.
fn blocked(instance: &Instance, d: usize) -> Vec<Square> {
    let n = instance.n;
    let on = |(diagonal, kind): (usize, usize), (row, col): Square| match kind {
        1 => row + col == diagonal,
        _ => row + n - 1 == diagonal + col,
    };
    let squares = (0..n).flat_map(|row| (0..n).map(move |col| (row, col)));
    squares
        .filter(|&square| instance.diagonals[..d].iter().any(|&diag| on(diag, square)))
        .collect()
}

/// Runs the reference solver on the instance: whether it found a solution, and its time.
fn reference(program: &str, instance: &Instance, d: usize) -> (bool, f64) {
    let mut input = format!("{} {}\n", instance.n, instance.diagonals.len());
    for (diagonal, kind) in &instance.diagonals {
        input += &format!("{diagonal} {kind}\n");
    }
    let started = Instant::now();
    let mut child = Command::new(program)
        .arg(d.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the reference runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("the reference reads its input");
    let output = child.wait_with_output().expect("the reference finishes");
    let seconds = started.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Timeout: 0"),
        "the reference timed out: {text}"
    );
    (text.contains("Solution Found"), seconds)
}

/// Times the committed fixtures: drawn boards with their excluded diagonals blocked.
fn fixtures() {
    println!("| fixture | answer | queens (s) |");
    println!("| --- | --- | --- |");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/csplib079");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the fixtures are there")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a fixture reads");
        let puzzle: queens::Builder = text.parse().expect("a fixture parses");
        let started = Instant::now();
        let first = puzzle
            .build()
            .expect("a valid board")
            .most_constrained()
            .next();
        let seconds = started.elapsed().as_secs_f64();
        let answer = if first.is_some() { "solution" } else { "none" };
        let name = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        println!("| {name} | {answer} | {seconds:.4} |");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return fixtures();
    }
    let reference_program = std::env::var("QUEENS_COMPLETION_REFERENCE").ok();
    println!("| instance | D | answer | queens (s) | reference (s) | queens / reference |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for pair in args.chunks(2) {
        let [path, d] = pair else {
            panic!("give each instance file followed by its number of diagonals");
        };
        let d: usize = d.parse().expect("D is a number");
        let instance = read(path);
        let started = Instant::now();
        let search = Queens::builder(instance.n)
            .blocks(blocked(&instance, d))
            .build()
            .expect("a valid board");
        let first = search.most_constrained().next();
        let ours = started.elapsed().as_secs_f64();
        let answer = if first.is_some() { "solution" } else { "none" };
        let name = path.rsplit('/').next().unwrap_or(path);
        let (theirs, ratio) = match &reference_program {
            Some(program) => {
                let (found, seconds) = reference(program, &instance, d);
                assert_eq!(
                    found,
                    first.is_some(),
                    "{name} with {d}: the answers differ"
                );
                (format!("{seconds:.3}"), format!("{:.4}", ours / seconds))
            }
            None => ("-".into(), "-".into()),
        };
        println!("| {name} | {d} | {answer} | {ours:.4} | {theirs} | {ratio} |");
    }
}
