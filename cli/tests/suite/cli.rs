//! The `queens` binary, run as a user runs it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::common::{queens, queens_with_input, stderr, stdout};
use queens::counting::ShardRecord;
use queens::{Queens, Solution, Style};

fn read_back(text: &str) -> Vec<Solution> {
    queens::formats::parse_many(text)
        .into_iter()
        .map(|(line, s)| s.unwrap_or_else(|err| panic!("line {line}: {err}")))
        .collect()
}

#[test]
fn a_bare_size_solves_and_prints_boards() {
    let out = queens(&["8"]);
    assert!(out.status.success());
    assert_eq!(read_back(&stdout(&out)), Queens::new(8).collect::<Vec<_>>());
    assert!(
        stderr(&out).starts_with("92 solutions of 8 queens in "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_text_format_reads_back() {
    let expected: Vec<Solution> = Queens::new(6).collect();
    for &style in Style::ALL {
        let out = queens(&["solve", "6", "--format", style.name(), "--quiet"]);
        assert!(out.status.success(), "{style}");
        assert!(out.stderr.is_empty(), "--quiet prints no summary");
        assert_eq!(read_back(&stdout(&out)), expected, "{style}");
    }
}

#[test]
fn json_lines_are_numbered_objects() {
    let out = queens(&["solve", "8", "--format", "json", "--first", "3", "-q"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], r#"{"n":8,"index":1,"columns":[0,4,7,5,2,6,1,3]}"#);
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!(r#"{{"n":8,"index":{},"columns":["#, i + 1)));
        assert!(line.ends_with("]}"));
    }
    assert_eq!(read_back(&text), Queens::new(8).take(3).collect::<Vec<_>>());
}

#[test]
fn svg_draws_every_board_into_the_output_file() {
    let (_dir, path) = temp_path("boards.svg");
    let out = queens(&[
        "solve",
        "8",
        "--first",
        "4",
        "--format",
        "svg",
        "--output",
        path.to_str().unwrap(),
        "-q",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    let checked = queens(&["check", path.to_str().unwrap()]);
    assert!(checked.status.success());
    assert!(
        stdout(&checked).ends_with("4 valid, 0 invalid\n"),
        "{}",
        stdout(&checked)
    );
    assert_eq!(svg.matches(r#"class="queen""#).count(), 32);
}

#[test]
fn first_fundamental_prefix_and_queens_select_solutions() {
    let out = queens(&[
        "solve",
        "8",
        "--fundamental",
        "--first",
        "5",
        "--format",
        "list",
        "-q",
    ]);
    let expected: Vec<Solution> = Queens::new(8)
        .filter(|s| s.is_canonical())
        .take(5)
        .collect();
    assert_eq!(read_back(&stdout(&out)), expected);

    let out = queens(&[
        "solve", "8", "--prefix", "1,3", "--queen", "7,4", "--format", "list",
    ]);
    let expected: Vec<Solution> = Queens::new(8)
        .filter(|s| s[0] == 1 && s[1] == 3 && s[7] == 4)
        .collect();
    assert_eq!(read_back(&stdout(&out)), expected);
    assert!(!expected.is_empty());
    // The same square by its chess name.
    let named = queens(&[
        "solve", "8", "--prefix", "1,3", "--queen", "e1", "--format", "list",
    ]);
    assert_eq!(stdout(&named), stdout(&out));
}

#[test]
fn count_prints_the_number() {
    assert_eq!(stdout(&queens(&["count", "10"])), "724\n");
    assert_eq!(stdout(&queens(&["count", "10", "--fundamental"])), "92\n");
}

#[test]
fn every_kernel_counts_alike() {
    for kernels in ["scalar", "avx2", "avx512"] {
        for (n, total) in [(6, 4), (11, 2680), (15, 2279184)] {
            let out = Command::new(env!("CARGO_BIN_EXE_queens"))
                .args(["count", &n.to_string()])
                .env("QUEENS_SIMD", kernels)
                .output()
                .expect("the binary runs");
            assert_eq!(stdout(&out), format!("{total}\n"), "n = {n}, {kernels}");
        }
    }
}

#[test]
fn show_draws_one_placement() {
    let out = queens(&["show", "1,3,0,2", "--format", "stars"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "* Q * *\n* * * Q\nQ * * *\n* * Q *\n");
}

#[test]
fn check_reports_each_solution_and_fails_on_invalid_ones() {
    let listed = stdout(&queens(&["solve", "6", "--format", "grid", "-q"]));
    let out = queens_with_input(&["check"], &listed);
    assert!(out.status.success());
    assert!(stdout(&out).ends_with("4 valid, 0 invalid\n"));

    let out = queens_with_input(
        &["check", "-"],
        "[1, 3, 0, 2]\n[0, 2, 4, 1, 3]\n[0, 1, 2]\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("line 3: invalid: queens on a3 and b2 attack each other"),
        "{text}"
    );
    // Boards of two sizes: the summary counts each.
    assert!(
        text.ends_with("2 valid (1 with n = 4, 1 with n = 5), 1 invalid\n"),
        "{text}"
    );
}

/// `check` of `input` (with `args`), which must fail with exit code 1, naming `message`
/// and never calling an empty board valid; returns its report.
fn check_fails(args: &[&str], input: impl AsRef<[u8]>, message: &str) -> String {
    let mut all = vec!["check"];
    all.extend(args);
    let out = queens_with_input(&all, input);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains(message),
        "expected {message:?} in:\n{report}"
    );
    assert!(!report.contains("valid []"), "{report}");
    report
}

#[test]
fn check_refuses_a_stream_cut_after_a_heading_in_every_numbered_style() {
    let cut = stdout(&queens(&[
        "solve",
        "8",
        "--format",
        "list",
        "--numbered",
        "-q",
    ]));
    let first_three: String = cut.lines().take(3).map(|l| format!("{l}\n")).collect();
    let report = check_fails(
        &[],
        &first_three,
        "line 3: invalid: heading \"answer 2:\" has no solution after it",
    );
    assert!(report.ends_with("1 valid, 1 invalid\n"), "{report}");
    for &style in Style::ALL {
        let text = stdout(&queens(&[
            "solve",
            "8",
            "--format",
            style.name(),
            "--numbered",
            "-q",
        ]));
        let lines: Vec<&str> = text.lines().collect();
        let second = lines.iter().position(|l| *l == "answer 2:").unwrap();
        // Cut right after the heading, and after the board's first line (a grid's column
        // header).
        for end in [second + 1, second + 2] {
            let prefix: String = lines[..end].iter().map(|l| format!("{l}\n")).collect();
            let message = match (style, end - second) {
                (_, 1) => "has no solution after it",
                (Style::Grid, _) => "has no board rows under it",
                _ if style.is_board() => "has 8 squares, but the board has 1 rows",
                _ => continue,
            };
            check_fails(&[], &prefix, message);
        }
        // Without its final newline, or with blank lines after it, it is still cut.
        let heading_last = lines[..=second].join("\n");
        check_fails(&[], &heading_last, "has no solution after it");
        check_fails(
            &[],
            format!("{heading_last}\n\n\n"),
            "has no solution after it",
        );
    }
    // A heading needs a number, in order; a numbered stream numbers every solution.
    check_fails(&[], "answer x:\n[1, 3, 0, 2]\n", "is not `answer K:`");
    check_fails(
        &[],
        "answer 1:\n[1, 3, 0, 2]\nanswer 3:\n[2, 0, 3, 1]\n",
        "heading `answer 3:` follows `answer 1:`",
    );
    check_fails(
        &[],
        "answer 1:\n[1, 3, 0, 2]\n[2, 0, 3, 1]\n",
        "line 3: invalid: a solution without an `answer K:` heading",
    );
    let json = stdout(&queens(&["solve", "6", "--format", "json", "-q"]));
    let gap: String = json
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    check_fails(&[], gap, "JSON index 3 follows 1");
}

#[test]
fn check_reads_the_empty_board_as_the_one_solution_of_n_0_as_solve_writes_it() {
    for input in ["[]\n", "()\n", "{\"columns\":[]}\n", "answer 1:\n[]\n"] {
        let out = queens_with_input(&["check"], input);
        assert!(out.status.success(), "{input:?}: {}", stdout(&out));
        assert!(stdout(&out).ends_with("1 valid, 0 invalid\n"), "{input:?}");
    }
    // What solve 0 writes, check reads back, with --n 0 as without.
    for format in ["list", "json", "svg"] {
        let empty = queens(&["solve", "0", "--format", format, "-q"]);
        for flags in [&[][..], &["--n", "0"]] {
            let out = queens_with_input(&[&["check"], flags].concat(), &empty.stdout);
            assert!(out.status.success(), "{format}: {}", stdout(&out));
        }
        check_fails(&["--n", "1"], &empty.stdout, "must be 1 x 1");
    }
    // Text with no board in it holds no solution, of n = 0 or any other.
    let nothing = queens_with_input(&["check"], "\n\n");
    assert_eq!(nothing.status.code(), Some(2));
}

#[test]
fn check_refuses_what_follows_or_is_missing_from_an_svg_picture() {
    let picture = stdout(&queens(&["solve", "6", "--format", "svg", "-q"]));
    let out = queens_with_input(&["check"], &picture);
    assert!(out.status.success());
    assert!(
        stdout(&out).ends_with("\n4 valid, 0 invalid\n"),
        "{}",
        stdout(&out)
    );
    let report = check_fails(
        &[],
        format!("{picture}[0, 1, 2, 3]\ngarbage\n"),
        "invalid: \"[0, 1, 2, 3]\" and 1 more line after the end of the SVG picture",
    );
    assert!(report.ends_with("4 valid, 1 invalid\n"), "{report}");
    check_fails(
        &[],
        format!("{picture}{picture}[1, 3, 0, 2]\n"),
        "after the end of the SVG picture",
    );
    check_fails(
        &[],
        format!("[1, 3, 0, 2]\n{picture}"),
        "an SVG picture after other text",
    );
    // Its title states how many boards it holds.
    for stated in ["3", "5", "0"] {
        let edited = picture.replace("<title>4 ", &format!("<title>{stated} "));
        check_fails(
            &[],
            edited,
            &format!("title states {stated} solutions, but it holds 4 boards"),
        );
    }
    // A picture that does not end: cut after any line.
    let lines: Vec<&str> = picture.lines().collect();
    for cut in [1, 2, 3, 50, 100, lines.len() - 1] {
        let prefix: String = lines[..cut].iter().map(|l| format!("{l}\n")).collect();
        check_fails(&[], prefix, "without its </svg>, cut short");
    }
    // A board moved off its squares, or given another queen.
    let moved = picture.replacen("translate(32 0)\" d=", "translate(320 0)\" d=", 1);
    check_fails(&[], moved, "off the 6 x 6 board");
    // One picture, read alone by `show`, is checked the same way.
    let one = stdout(&queens(&["show", "1,3,0,2", "--format", "svg"]));
    assert!(queens(&["show", &one]).status.success());
    let refused = queens(&["show", &format!("{one}garbage\n")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("after the end of the SVG picture"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn check_verifies_a_grid_s_row_numbers_and_column_header() {
    let grid = stdout(&queens(&["show", "1,3,0,2", "--format", "grid"]));
    assert_eq!(
        grid,
        "  0 1 2 3\n0 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n"
    );
    let rows: Vec<&str> = grid.lines().skip(1).map(|row| &row[1..]).collect();
    let relabel = |header: &str, labels: [&str; 4]| -> String {
        let mut text = format!("{header}\n");
        for (label, row) in labels.iter().zip(&rows) {
            text.push_str(&format!("{label}{row}\n"));
        }
        text
    };
    for (text, message) in [
        (
            relabel("  0 1 2 3", ["0", "0", "0", "0"]),
            "numbered 0, but rows are numbered from 0 at the top, so it is row 1",
        ),
        (
            relabel("  0 1 2 3", ["3", "2", "1", "0"]),
            "numbered 3, but rows are numbered from 0 at the top, so it is row 0",
        ),
        (
            relabel("  0 1 2 3 4", ["0", "1", "2", "3"]),
            "numbers 5 columns, but the grid has 4 rows",
        ),
        (
            relabel("  0 1 2", ["0", "1", "2", "3"]),
            "numbers 3 columns, but the grid has 4 rows",
        ),
        (
            relabel("  0 1 2 3", ["0", "1", "2", "9"]),
            "numbered 9, but rows are numbered from 0 at the top, so it is row 3",
        ),
        (
            relabel("", ["1", "2", "3", "4"]),
            "numbered 1, but rows are numbered from 0 at the top, so it is row 0",
        ),
    ] {
        check_fails(&[], &text, message);
        let shown = queens(&["show", &text]);
        assert_eq!(shown.status.code(), Some(2), "{text}");
        assert!(stderr(&shown).contains(message), "{}", stderr(&shown));
    }
    assert!(
        queens_with_input(&["check"], relabel("  0 1 2 3", ["0", "1", "2", "3"]))
            .status
            .success()
    );
}

#[test]
fn check_n_requires_one_board_size_and_mixed_sizes_are_summed_per_size() {
    let mut mixed = stdout(&queens(&["solve", "6", "--format", "fen", "-q"]));
    mixed.push_str(&stdout(&queens(&["solve", "4", "--format", "list", "-q"])));
    mixed.push_str(&stdout(&queens(&["one", "20", "--format", "json"])));
    let out = queens_with_input(&["check"], &mixed);
    assert!(out.status.success());
    assert!(
        stdout(&out)
            .ends_with("\n7 valid (2 with n = 4, 4 with n = 6, 1 with n = 20), 0 invalid\n"),
        "{}",
        stdout(&out)
    );
    let report = check_fails(
        &["--n", "6"],
        &mixed,
        "line 5: invalid: a 4 x 4 board, where every board must be 6 x 6",
    );
    assert!(report.ends_with("\n4 valid, 3 invalid\n"), "{report}");
    let all_six = queens_with_input(
        &["check", "-", "--n", "6"],
        mixed.lines().take(4).collect::<Vec<_>>().join("\n"),
    );
    assert!(all_six.status.success(), "{}", stdout(&all_six));
    // A picture's boards, a grid's: every form is held to the size.
    let picture = queens(&["solve", "5", "--format", "svg", "-q"]);
    check_fails(
        &["--n", "6"],
        &picture.stdout,
        "a 5 x 5 board, where every board must be 6 x 6",
    );
    for bad in ["00", "x", "-3", "+6", "06", ""] {
        let out = queens(&["check", &format!("--n={bad}")]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains("board size from 0"),
            "{bad}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_check_that_fails_prints_nothing_on_stdout() {
    let (_dir, file) = temp_path("empty.txt");
    std::fs::write(&file, "").unwrap();
    for input in ["", "\n\n", "   \n\t\n", "\u{feff}\n"] {
        for args in [&["check"][..], &["check", "--n", "8"]] {
            let out = queens_with_input(args, input);
            assert_eq!(out.status.code(), Some(2), "{input:?}");
            assert!(
                out.stdout.is_empty(),
                "{input:?} printed {:?}",
                stdout(&out)
            );
            assert_eq!(
                stderr(&out),
                "queens: error: no solutions found in the input\n"
            );
        }
    }
    let out = queens(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "14", "--format", "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(
        first.trim_end(),
        "[0, 2, 4, 6, 11, 9, 12, 3, 13, 8, 1, 5, 7, 10]"
    );
    // The reader is dropped here: the pipe closes while the tool still writes.
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn bad_input_is_one_line_on_stderr_with_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["65"],
            "board size 65 is too large: at most 64 is supported",
        ),
        (&["count", "70"], "board size 70 is too large"),
        (
            &["count", "8", "--shard", "2/2"],
            "shard 2 of 2 does not exist",
        ),
        (
            &["merge", "/nonexistent/shard.json"],
            "cannot read /nonexistent/shard.json",
        ),
        (
            &["8", "--prefix", "1,x"],
            "\"x\" in \"1,x\" is not a column number",
        ),
        (
            &["8", "--prefix", "0,1"],
            "queens on a8 and b7 attack each other",
        ),
        (
            &["8", "--queen", "9,9"],
            "square (9, 9) (row, column from 0 at the top left) is off the 8x8 board",
        ),
        (&["8", "--queen", "7"], "ROW,COL"),
        (&["8", "--queen", "a9"], "square a9 is off the 8x8 board"),
        (&["8", "--block", "i1"], "square i1 is off the 8x8 board"),
        (
            &["4", "--prefix", "1,3,0,2,1"],
            "5 queens given for the first rows of a board with 4 rows",
        ),
        (&["8", "--format", "png"], "unknown format \"png\""),
        (&["show", "0,1,2"], "attack each other"),
        (&["show", "[1, 3, x]"], "\"x\""),
        (
            &["check", "/nonexistent/solutions.txt"],
            "cannot read /nonexistent/solutions.txt",
        ),
    ];
    for &(args, message) in cases {
        let out = queens(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("queens: error: ") && err.contains(message),
            "{args:?}: {err}"
        );
    }
    let out = queens_with_input(&["check"], "\n\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no solutions found"));
}

#[test]
fn every_command_has_help_with_examples() {
    for command in [
        &["--help"][..],
        &["solve", "--help"],
        &["count", "--help"],
        &["check", "--help"],
        &["show", "--help"],
        &["sample", "--help"],
        &["trace", "--help"],
        &["animate", "--help"],
        &["watch", "--help"],
    ] {
        let out = queens(command);
        assert!(out.status.success(), "{command:?}");
        assert!(stdout(&out).contains("Examples:"), "{command:?}");
    }
}

/// Every `$ queens ...` transcript in README.md and docs/cli.md is what the tool prints today.
#[test]
fn transcripts_match_the_tool() {
    let pages = [
        ("README.md", include_str!("../../../README.md")),
        ("docs/cli.md", include_str!("../../../docs/cli.md")),
    ];
    let mut checked = 0;
    for (page, text) in pages {
        for block in text.split("```console\n").skip(1) {
            let block = block.split("```").next().unwrap();
            let (command, expected) = block.split_once('\n').unwrap();
            let stages: Vec<Vec<&str>> = command
                .strip_prefix("$ ")
                .expect("a transcript starts with `$ `")
                .split(" | ")
                .map(|stage| stage.split_whitespace().skip(1).collect())
                .collect();
            let mut printed = String::new();
            for (i, stage) in stages.iter().enumerate() {
                let out = if i == 0 {
                    queens(stage)
                } else {
                    queens_with_input(stage, &printed)
                };
                printed = stdout(&out);
            }
            assert_eq!(printed, expected, "{page}: {command}");
            checked += 1;
        }
    }
    assert!(checked >= 12, "docs/cli.md shows each subcommand");
}

/// The picture in `docs/` is what the command in docs/cli.md draws today.
#[test]
fn committed_svg_is_up_to_date() {
    let fundamental: Vec<Solution> = Queens::new(8).filter(|s| s.is_canonical()).collect();
    let committed = include_str!("../../../docs/fundamental-8.svg");
    assert_eq!(committed, queens::formats::svg(&fundamental));
}

/// A path named `name` in a new temporary folder, removed with everything in it when the
/// returned guard drops.
fn temp_path(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn count_shards_print_json_records_that_merge_to_the_total() {
    for (extra, engine, whole) in [
        (
            Some("--engine=quadrants"),
            "quadrants",
            r#""total":14200,"fundamental":null,"#,
        ),
        (
            Some("--fundamental"),
            "constellations",
            r#""total":14200,"fundamental":1787,"#,
        ),
        // Burnside's sum: 8 x 1787 = 14200 + 96 fixed by the rotations.
        (
            Some("--engine=quadrants --fundamental"),
            "quadrants",
            r#""total":14200,"fundamental":1787,"fixed":96,"#,
        ),
    ] {
        let records: Vec<String> = (0..7)
            .map(|i| {
                let shard = format!("{i}/7");
                let mut args = vec!["count", "12", "--shard", &shard, "--json"];
                args.extend(extra.iter().flat_map(|e| e.split(' ')));
                let out = queens(&args);
                assert!(out.status.success());
                assert!(
                    out.stderr.is_empty(),
                    "no progress bar when stderr is not a terminal"
                );
                stdout(&out)
            })
            .collect();
        let start = format!(r#"{{"n":12,"shard":3,"of":7,"engine":"{engine}","total":"#);
        assert!(records[3].starts_with(&start), "{}", records[3]);
        let merged = queens_with_input(&["merge"], records.concat());
        assert!(merged.status.success(), "{}", stderr(&merged));
        let text = stdout(&merged);
        let start = format!(r#"{{"n":12,"shard":0,"of":1,"engine":"{engine}",{whole}"#);
        assert!(text.starts_with(&start), "{text}");
    }
}

/// Kills a count of `n` once it has recorded 50 subproblems, resumes it, and checks the
/// result and the checkpoint.
fn killed_count_resumes(n: usize, extra: &[&str], expected: &str) {
    let (_dir, path) = temp_path(&format!("n{n}{}.checkpoint", extra.join("")));
    let n_text = n.to_string();
    let mut args = vec!["count", &n_text, "--checkpoint", path.to_str().unwrap()];
    args.extend(extra);
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(&args)
        .args(["--threads", "1"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Subproblems' lines, not the audit's (`audit SUBPROBLEM PART TOTAL BY CRC32`).
    let subproblem_lines = |text: &str| {
        (text.lines().skip(1))
            .filter(|line| !line.starts_with("audit "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    // Wait for some subproblems to be recorded, then kill the count without warning.
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&path).map_or(0, |t| subproblem_lines(&t).len()) < 50 {
        assert!(started.elapsed().as_secs() < 60, "no progress recorded");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let recorded = subproblem_lines(&std::fs::read_to_string(&path).unwrap()).len();

    args.push("--json");
    let out = queens(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(expected), "{text}");
    let checkpoint = subproblem_lines(&std::fs::read_to_string(&path).unwrap());
    let lines = checkpoint.len();
    // A count of classes by the join records the solutions the rotations fix on one line.
    let with_fixed = checkpoint.iter().filter(|l| l.split(' ').count() == 5);
    assert_eq!(with_fixed.count(), usize::from(expected.contains("fixed")));
    let subproblems = ShardRecord::parse(&text).unwrap().subproblems;
    assert!(
        recorded >= 50 && recorded < subproblems,
        "{recorded} of {subproblems} recorded before the kill"
    );
    assert_eq!(lines, subproblems, "each subproblem recorded once");

    let mut other = args.clone();
    other[1] = "15";
    other.pop();
    let other = queens(&other);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains(&format!("it is for n = {n}")),
        "{}",
        stderr(&other)
    );
}

#[test]
fn a_killed_count_resumes_from_its_checkpoint() {
    killed_count_resumes(
        16,
        &["--fundamental", "--engine", "constellations"],
        r#""total":14772512,"fundamental":1846955"#,
    );
    killed_count_resumes(17, &["--engine", "quadrants"], r#""total":95815104,"#);
    // The classes by Burnside's lemma: the last line also holds the fixed solutions.
    killed_count_resumes(
        17,
        &["--engine", "quadrants", "--fundamental"],
        r#""total":95815104,"fundamental":11977939,"fixed":"#,
    );
}

#[test]
fn a_shard_of_the_join_has_no_classes_to_print_alone() {
    let out = queens(&[
        "count",
        "12",
        "--engine",
        "quadrants",
        "--fundamental",
        "--shard",
        "0/2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains("queens merge") && message.lines().count() == 1,
        "{message}"
    );
    let whole = queens(&["count", "17", "--fundamental"]);
    assert_eq!(stdout(&whole).trim(), "11977939");
}

#[test]
fn one_prints_a_solution_of_any_size() {
    let out = queens(&["one", "1000000", "--format", "list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let solution: Solution = stdout(&out).parse().unwrap();
    assert_eq!(solution.n(), 1_000_000);

    let first = stdout(&queens(&[
        "one", "50", "--random", "--seed", "3", "--format", "json",
    ]));
    let again = stdout(&queens(&[
        "one", "50", "--random", "--seed", "3", "--format", "json",
    ]));
    let other = stdout(&queens(&[
        "one", "50", "--random", "--seed", "4", "--format", "json",
    ]));
    assert_eq!(first, again);
    assert_ne!(first, other);
    assert_eq!(read_back(&first).len(), 1);
}

#[test]
fn solve_finds_first_solutions_of_large_boards_fast() {
    let out = queens(&["solve", "64", "--first", "20", "--format", "list", "-q"]);
    assert!(out.status.success());
    let solutions = read_back(&stdout(&out));
    let distinct: std::collections::HashSet<_> = solutions.iter().collect();
    assert_eq!((solutions.len(), distinct.len()), (20, 20));
    assert!(solutions.iter().all(|s| s.n() == 64));
}

#[test]
fn puzzles_come_from_flags_drawn_boards_and_csplib_lettings() {
    let off_diagonal: Vec<Solution> = Queens::new(8)
        .filter(|s| (0..8).all(|i| s[i] != i))
        .collect();
    let mut args = vec!["solve", "8", "--format", "list", "--quiet"];
    let blocks: Vec<String> = (0..8).map(|i| format!("{i},{i}")).collect();
    for block in &blocks {
        args.extend(["--block", block]);
    }
    let mut found = read_back(&stdout(&queens(&args)));
    found.sort();
    assert_eq!(
        found, off_diagonal,
        "most-constrained order, every solution"
    );

    let dir = tempfile::tempdir().unwrap();
    let drawn = dir.path().join("drawn.txt");
    let picture: String = (0..8)
        .map(|r| {
            (0..8)
                .map(|c| if r == c { "x " } else { ". " })
                .collect::<String>()
                + "\n"
        })
        .collect();
    std::fs::write(&drawn, picture).unwrap();
    let out = queens(&[
        "solve",
        "--puzzle",
        drawn.to_str().unwrap(),
        "--format",
        "list",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_back(&stdout(&out)).len(), off_diagonal.len());
    assert!(stderr(&out).starts_with("28 solutions of 8 queens"));

    let lettings = dir.path().join("csplib.param");
    std::fs::write(&lettings, "letting n =  4\nletting blocks =  [[1, 2]]\n").unwrap();
    let out = queens(&[
        "solve",
        "--puzzle",
        lettings.to_str().unwrap(),
        "--format",
        "list",
    ]);
    assert_eq!(stdout(&out), "[2, 0, 3, 1]\n");

    let puzzle = lettings.to_str().unwrap();
    refused(&["solve", "5", "--puzzle", puzzle], "4x4 puzzle, not 5x5");
    refused(&["solve", "8", "--block", "8,0"], "off the 8x8 board");
    refused(
        &["solve", "8", "--queen", "2,3", "--block", "2,3"],
        "which is blocked",
    );
    refused(
        &["solve", "--puzzle", dir.path().to_str().unwrap()],
        "directory",
    );
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "Q.\n.?\n").unwrap();
    refused(
        &["solve", "--puzzle", bad.to_str().unwrap()],
        "is not a square",
    );
    let huge = dir.path().join("huge.txt");
    std::fs::write(&huge, ".".repeat(2 << 20)).unwrap();
    refused(
        &["solve", "--puzzle", huge.to_str().unwrap()],
        "not a puzzle",
    );
}

#[test]
fn fundamental_solutions_of_a_puzzle_are_never_silently_none() {
    let out = queens(&[
        "solve",
        "8",
        "--queen",
        "7,0",
        "--fundamental",
        "--format",
        "list",
    ]);
    assert!(out.status.success());
    let classes = read_back(&stdout(&out));
    assert_eq!(
        classes.len(),
        2,
        "4 solutions, in 2 classes under the corner's diagonal"
    );
    assert!(classes.iter().all(|s| s[7] == 0));
    assert!(stderr(&out).starts_with("2 fundamental solutions"));
}

#[test]
fn samples_are_solutions_drawn_again_from_their_seed() {
    let run = |args: &[&str]| stdout(&queens(args));
    let three = run(&[
        "sample", "10", "--seed", "5", "--count", "3", "--format", "list",
    ]);
    let drawn = read_back(&three);
    assert_eq!(drawn.len(), 3);
    assert!(drawn.iter().all(|s| s.n() == 10));
    let again = run(&["sample", "10", "--seed", "6", "--format", "list"]);
    assert_eq!(
        read_back(&again),
        [drawn[1].clone()],
        "draw K uses seed S + K"
    );
    assert_eq!(drawn[0], queens::search::sample(10, 5).unwrap());
    let none = queens(&["sample", "3"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(stderr(&none).contains("no solution"));
    // A board whose count would take years is refused at once, in one line.
    for n in ["30", "19", "64", "100"] {
        let started = std::time::Instant::now();
        let far = queens(&["sample", n]);
        assert_eq!(far.status.code(), Some(2), "{n}");
        assert_eq!(stderr(&far).lines().count(), 1, "{}", stderr(&far));
        assert!(stderr(&far).contains("at most 18"), "{}", stderr(&far));
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }
}

/// The animation in `docs/` is what `queens animate 6` draws today.
#[test]
fn committed_animation_is_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("search.svg");
    let out = queens(&["animate", "6", "--output", target.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let drawn = std::fs::read_to_string(&target).unwrap();
    assert_eq!(drawn, include_str!("../../../docs/search-6.svg"));
}

#[test]
fn traces_stream_events_up_to_the_kth_solution() {
    let text = stdout(&queens(&["trace", "6", "--first", "2"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("solution")).count(),
        2
    );
    assert_eq!(lines.last(), Some(&"solution 2"));
    assert_eq!(lines[0], "place 0,0");
    let json = stdout(&queens(&["trace", "6", "--first", "2", "--format", "json"]));
    let events: Vec<queens::trace::Event> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let expected: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(lines, expected, "text and JSON tell the same events");
    let all = stdout(&queens(&["trace", "4"]));
    assert_eq!(all.lines().filter(|l| l.starts_with("solution")).count(), 2);
    assert_eq!(queens(&["trace", "65"]).status.code(), Some(2));
}

#[test]
fn watch_refuses_boards_it_cannot_draw_in_one_line() {
    for args in [
        &["watch", "17"][..],
        &["watch", "0"],
        &["watch", "8", "--speed", "0"],
        &["watch", "16", "--speed", "100000"],
    ] {
        let out = queens(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out).lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn animations_refuse_what_they_cannot_draw_and_leave_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("kept.svg");
    std::fs::write(&target, "kept").unwrap();
    for args in [["animate", "16"], ["animate", "17"], ["animate", "30"]] {
        let mut args = args.to_vec();
        args.extend(["--output", target.to_str().unwrap()]);
        let out = queens(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1);
        assert!(stderr(&out).contains("up to 15 x 15"), "{}", stderr(&out));
    }
    // What the help promises: every board up to 15 x 15 animates its first solution, on
    // standard output when no file is named.
    let largest = queens(&["animate", "15"]);
    assert!(largest.status.success(), "{}", stderr(&largest));
    assert!(stdout(&largest).trim_end().ends_with("</svg>"));
    let long = queens(&[
        "animate",
        "15",
        "--first",
        "1000",
        "--output",
        target.to_str().unwrap(),
    ]);
    assert_eq!(long.status.code(), Some(2));
    assert!(
        stderr(&long).contains("too long to animate"),
        "{}",
        stderr(&long)
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
    let out = queens(&["animate", "5", "--output", target.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("<animate ")
    );
}

/// `queens watch` in a real terminal: tmux runs it, sends keys and reads the screen.
#[test]
#[ignore = "needs tmux; .ci/run runs it"]
fn watch_steps_back_pauses_and_quits_under_tmux() {
    let session = format!("queens-watch-{}", std::process::id());
    // On a tmux server of its own: a server ends with its last session, and a test that
    // starts a session as another's ends would find it gone.
    let tmux = |args: &[&str]| {
        let out = Command::new("tmux")
            .args(["-L", &session])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(out.status.success(), "tmux {args:?}: {}", stderr(&out));
        stdout(&out)
    };
    let screen = || tmux(&["capture-pane", "-p", "-t", &session]);
    let wait_for = |text: &str| {
        for _ in 0..100 {
            if screen().contains(text) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("{text:?} never appeared:\n{}", screen());
    };
    let command = format!("{} watch 4 --paused --speed 200", crate::common::Q);
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "80",
        "-y",
        "24",
        &command,
    ]);
    wait_for("0 placements tried, 0 solutions found (paused)");
    for _ in 0..15 {
        tmux(&["send-keys", "-t", &session, "Right"]);
    }
    wait_for("8 placements tried, 1 solution found (paused)");
    let board: Vec<String> = screen().lines().take(4).map(str::to_string).collect();
    assert_eq!(
        board,
        ["4 . Q . .", "3 . . . Q", "2 Q . . .", "1 . . Q ."],
        "[1, 3, 0, 2]"
    );
    tmux(&["send-keys", "-t", &session, "Left"]);
    wait_for("8 placements tried, 0 solutions found (paused)");
    tmux(&["send-keys", "-t", &session, "Space"]);
    wait_for("2 solutions found (paused)");
    tmux(&["send-keys", "-t", &session, "q"]);
    for _ in 0..100 {
        let alive = Command::new("tmux")
            .args(["-L", &session, "has-session", "-t", &session])
            .output()
            .expect("tmux runs");
        if !alive.status.success() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("q did not quit");
}

/// `queens watch` in a terminal too small for its board says so and the size it needs.
#[test]
#[ignore = "needs tmux; .ci/run runs it"]
fn watch_says_when_the_terminal_is_too_small_under_tmux() {
    let session = format!("queens-small-{}", std::process::id());
    let dir = tempfile::tempdir().unwrap();
    let errors = dir.path().join("stderr");
    let command = format!("{} watch 16 2> {}", crate::common::Q, errors.display());
    let out = Command::new("tmux")
        .args([
            "-L",
            &session,
            "new-session",
            "-d",
            "-s",
            &session,
            "-x",
            "40",
            "-y",
            "12",
            &command,
        ])
        .output()
        .expect("tmux runs");
    assert!(out.status.success(), "{}", stderr(&out));
    for _ in 0..100 {
        let message = std::fs::read_to_string(&errors).unwrap_or_default();
        if !message.is_empty() {
            assert_eq!(
                message,
                "queens: error: watching a 16 x 16 board needs a terminal of at least 34 x 21; this one is 40 x 12\n"
            );
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("watch 16 said nothing in a 40 x 12 terminal");
}

#[test]
fn a_count_keeps_within_the_memory_it_is_given_or_is_refused() {
    // The join's tables of n = 16 take 8 MB: under 4M each subproblem builds its own rows.
    let out = queens(&["count", "16", "--memory", "4M", "--threads", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "14772512");
    let out = queens(&["count", "16", "--memory", "1K", "--threads", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "queens: error: this needs about 2.35 MiB of memory, but only 1 KiB is available; count \
         with --engine constellations, which needs almost no memory\n"
    );
    for bad in ["", "0", "1Q", "-1G", "99999999999T", "1.5"] {
        let out = queens(&["count", "16", "--memory", bad]);
        assert_eq!(out.status.code(), Some(2), "--memory {bad:?}");
    }
    for good in ["1G", "1g", "1GiB", "512MB", "1073741824", "1.5G"] {
        let out = queens(&["count", "8", "--memory", good]);
        assert!(out.status.success(), "--memory {good:?}: {}", stderr(&out));
    }
}

#[test]
fn plan_prints_subproblems_memory_and_time_from_a_sample() {
    let out = queens(&[
        "plan",
        "16",
        "--threads",
        "1",
        "--shards",
        "4",
        "--sample",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[4].starts_with("chosen: the quadrants engine on the ")
            && lines[4].contains("the whole tables, shared by the threads"),
        "{text}"
    );
    assert!(
        lines[0].starts_with("n = 16: the quadrants engine, 42 subproblems"),
        "{text}"
    );
    // 7.98 MiB: the unit that shows the size, to three figures.
    assert!(
        lines[1].starts_with("memory: about 7.98 MiB a process on 1 thread (the whole"),
        "{text}"
    );
    assert!(
        lines[1].contains("the sample grew this process by"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("time: 3 of 2257 subproblem steps timed here"),
        "{text}"
    );
    // Each shard's own time, not the whole count's.
    assert!(
        lines[3].starts_with("shards: each of the 4 shards (11 subproblems at most) takes about"),
        "{text}"
    );
    let streamed = stdout(&queens(&[
        "plan",
        "16",
        "--threads",
        "1",
        "--memory",
        "4M",
        "--sample",
        "3",
    ]));
    assert!(
        streamed.contains("builds only the rows it reads"),
        "{streamed}"
    );
    let classes = stdout(&queens(&["plan", "16", "--fundamental", "--sample", "1"]));
    assert!(
        classes.starts_with("n = 16: the quadrants engine, 43 subproblems"),
        "{classes}"
    );
    // One subproblem is worded as one.
    let one = stdout(&queens(&[
        "plan",
        "12",
        "--shards",
        "730",
        "--threads",
        "1",
    ]));
    assert!(
        one.contains("each of the 730 shards (1 subproblem at most)"),
        "{one}"
    );
    let single = stdout(&queens(&["plan", "1"]));
    assert!(
        single.starts_with("n = 1: the constellations engine, 1 subproblem\n"),
        "{single}"
    );
    for bad in [
        &["plan", "16", "--shards", "0"][..],
        &["plan", "16", "--sample", "0"],
        &["plan", "65"],
    ] {
        assert_eq!(queens(bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn plan_json_gives_a_batch_script_the_figures_of_the_text() {
    let args = [
        "plan",
        "16",
        "--threads",
        "2",
        "--shards",
        "4",
        "--sample",
        "40",
    ];
    let out = queens(&[&args[..], &["--json"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let plan: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(plan["engine"], "quadrants", "{text}");
    assert_eq!(plan["subproblems"], 42, "{text}");
    assert_eq!(plan["shards"], 4, "{text}");
    assert_eq!(plan["parts_timed"], 40, "{text}");
    let cpu = plan["cpu_seconds"].as_f64().unwrap();
    let per_shard = plan["seconds_per_shard"].as_f64().unwrap();
    // The largest shard's wall clock on its two threads: its subproblems' time (at least
    // a quarter of them all), halved, and the tables its process builds first.
    let setup = plan["setup_seconds"].as_f64().unwrap();
    let subproblems = cpu - setup;
    assert!(cpu > 0.0 && setup > 0.0, "{text}");
    assert!(
        per_shard >= subproblems / 4.0 / 2.0 + setup - 1e-9,
        "{text}"
    );
    assert!(per_shard <= subproblems / 2.0 + setup + 1e-9, "{text}");
    // More shards than subproblems: a shard still counts a whole one (issue 77: the plan
    // said less and less a shard).
    let per_shard = |shards: &str| {
        let out = queens(&[
            "plan",
            "16",
            "--threads",
            "1",
            "--sample",
            "3",
            "--shards",
            shards,
            "--json",
        ]);
        let plan: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let setup = plan["setup_seconds"].as_f64().unwrap();
        (plan["seconds_per_shard"].as_f64().unwrap() - setup)
            / plan["cpu_seconds"].as_f64().unwrap()
    };
    // The plans of 42 and 1000 shards time alike: a shard of one subproblem each.
    let (all, more) = (per_shard("42"), per_shard("1000"));
    assert!(
        all > 0.0 && all < 0.5 && (more / all - 1.0).abs() < 0.5,
        "{all} {more}"
    );
    // Two standard errors of 40 parts of uneven size: a fraction, possibly over 1.
    let error = plan["error"].as_f64().unwrap();
    assert!(error > 0.0 && error.is_finite(), "{text}");
    assert!(plan["memory_bytes"].as_u64().unwrap() > 0, "{text}");
    // Too few parts for an error bar: null, as the text says none.
    let few = stdout(&queens(&["plan", "16", "--sample", "3", "--json"]));
    let few: serde_json::Value = serde_json::from_str(&few).unwrap();
    assert!(few["error"].is_null(), "{few}");
    assert_eq!(few["countable"], true, "{few}");
}

/// A plan of a board whose count exceeds 64 bits sizes the work and says, in words and
/// in its record, that `count` refuses it.
#[test]
fn a_plan_beyond_64_bits_says_the_count_is_refused() {
    let args = ["plan", "29", "--sample", "20", "--seconds", "1"];
    let text = stdout(&queens(&args));
    // The refusal, then the choices, last as every plan's are.
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[lines.len() - 2].starts_with("count: refused before any work")
            && text.contains("takes n up to 28")
            && lines[lines.len() - 1].starts_with("chosen: "),
        "{text}"
    );
    let record = stdout(&queens(&[&args[..], &["--json"]].concat()));
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["countable"], false, "{record}");
    let count = queens(&["count", "29"]);
    assert!(!count.status.success() && stderr(&count).contains("2^64 - 1"));
    let plan_28 = stdout(&queens(&["plan", "28", "--sample", "20", "--seconds", "1"]));
    assert!(!plan_28.contains("refused"), "{plan_28}");
}

#[test]
fn the_puzzle_command_writes_puzzles_that_solve_reads_and_json_records() {
    let dir = tempfile::tempdir().unwrap();
    let out = queens(&[
        "puzzle",
        "10",
        "--level",
        "hard",
        "--seed",
        "3",
        "--explain",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let expected = queens::puzzle::Puzzles::new(10)
        .level(queens::puzzle::Level::Hard)
        .seed(3)
        .next()
        .unwrap()
        .unwrap();
    assert!(text.contains(&expected.to_string()));
    for step in expected.explanation() {
        assert!(text.contains(&step.to_string()), "{step} not explained");
    }
    let file = dir.path().join("p.txt");
    std::fs::write(&file, &text).unwrap();
    let solved = queens(&[
        "solve",
        "--puzzle",
        file.to_str().unwrap(),
        "--format",
        "list",
    ]);
    assert_eq!(
        String::from_utf8(solved.stdout).unwrap().trim(),
        format!("{:?}", expected.solution().to_vec())
    );
    let json = queens(&[
        "puzzle", "8", "--count", "3", "--format", "json", "--seed", "9",
    ]);
    let lines: Vec<String> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 3);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(
            *line,
            queens::puzzle::Puzzle::generate(8, 9 + k as u64)
                .unwrap()
                .to_json()
        );
    }
    let refused = queens(&["puzzle", "8", "--level", "harder"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("out of reach"));
}

/// Runs `queens args`, which must exit with 2 and one line on stderr holding `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = queens(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "one line");
}

#[test]
fn the_puzzle_command_rates_and_explains_any_puzzle_file_and_writes_csplib() {
    use queens::puzzle::{Kind, Puzzles};
    let dir = tempfile::tempdir().unwrap();
    let out = queens(&["puzzle", "8", "--kind", "blocks", "--format", "csplib"]);
    assert!(out.status.success());
    let csplib = String::from_utf8(out.stdout).unwrap();
    let expected = Puzzles::new(8).kind(Kind::Blocks).first().unwrap();
    assert_eq!(csplib, expected.to_csplib());
    let file = dir.path().join("blocks.essence");
    std::fs::write(&file, &csplib).unwrap();
    let path = file.to_str().unwrap();
    // --rate: the grade and the board; --explain FILE: the steps too.
    let rated = String::from_utf8(queens(&["puzzle", "--rate", path]).stdout).unwrap();
    let level = expected.level().to_string();
    assert!(
        rated.starts_with(&format!("# {path}: {level} (0 clues, ")),
        "{rated}"
    );
    assert!(rated.contains(&expected.to_string()));
    let explained = String::from_utf8(queens(&["puzzle", "--explain", path]).stdout).unwrap();
    for (i, step) in expected.explanation().iter().enumerate() {
        assert!(explained.contains(&format!("# {}. {step}\n", i + 1)));
    }
    let json = queens(&["puzzle", "--rate", path, "--format", "json"]);
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["seed"], serde_json::Value::Null);
    assert_eq!(record["level"], level.as_str());
    // A board with several solutions, or none, is named and refused; so are bad flags.
    let several = dir.path().join("empty.txt");
    std::fs::write(&several, "letting n = 8").unwrap();
    refused(
        &["puzzle", "--rate", several.to_str().unwrap()],
        "several solutions",
    );
    // clap's errors: the message, then the usage.
    let out = queens(&["puzzle"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "queens: error: the following required arguments were not provided: <N>\n\
         Usage: queens puzzle <N>\n"
    );
    let out = queens(&["puzzle", "8", "--rate", path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "queens: error: the argument '[N]' cannot be used with '--rate <FILE>'\n\
         Usage: queens puzzle <N>\n"
    );
    refused(&["puzzle", "30", "--kind", "blocks"], "up to n = 24");
    refused(&["puzzle", "8", "--kind", "rooks"], "queens or blocks");
}

/// Runs `queens args`: exit code 2, nothing on stdout, and exactly `expected` on stderr.
fn refused_with(args: &[&str], expected: &str) {
    let out = queens(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "{args:?} printed {}", stdout(&out));
    assert_eq!(stderr(&out), expected, "{args:?}");
}

#[test]
fn mistyped_commands_and_options_keep_clap_s_tips_and_other_errors_stay_one_line() {
    refused_with(
        &["sovle", "8"],
        "queens: error: unrecognized subcommand 'sovle'\n  \
         tip: some similar subcommands exist: 'sample', 'solve'\n\
         Usage: queens <COMMAND>\n",
    );
    refused_with(
        &["eight"],
        "queens: error: unrecognized subcommand 'eight'\nUsage: queens <COMMAND>\n",
    );
    // An unknown option, after the command or the bare size that means `solve`.
    for args in [&["solve", "8", "--frist", "3"][..], &["8", "--frist", "3"]] {
        refused_with(
            args,
            "queens: error: unexpected argument '--frist' found\n  \
             tip: a similar argument exists: '--first'\n\
             Usage: queens solve --first <K> <N>\n",
        );
    }
    refused_with(
        &["count", "8", "--fundamentl"],
        "queens: error: unexpected argument '--fundamentl' found\n  \
         tip: a similar argument exists: '--fundamental'\n\
         Usage: queens count --fundamental <N>\n",
    );
    // A value: clap's list of values, and its guess.
    refused_with(
        &["trace", "8", "--format", "jsn"],
        "queens: error: invalid value 'jsn' for '--format <FORMAT>' [possible values: text, json]\n  \
         tip: a similar value exists: 'json'\n",
    );
    refused_with(
        &["count", "8", "-x"],
        "queens: error: unexpected argument '-x' found\n  \
         tip: to pass '-x' as a value, use '-- -x'\n\
         Usage: queens count [OPTIONS] <N>\n",
    );
    // Without a tip, an error is one line, from clap or from the command.
    refused_with(
        &["solve", "8", "--first", "x"],
        "queens: error: invalid value 'x' for '--first <K>': invalid digit found in string\n",
    );
    refused_with(
        &["show", "0,1"],
        "queens: error: queens on a2 and b1 attack each other\n",
    );
    // A long argument is quoted in part, in the message and in the tip.
    let long = format!("--{}", "x".repeat(100_000));
    let out = queens(&["count", "8", &long]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.lines().all(|line| line.chars().count() <= 303), "{err}");
    assert!(
        err.lines()
            .nth(1)
            .unwrap()
            .starts_with("  tip: to pass '--xxx")
    );
}

#[test]
fn a_number_where_a_file_is_expected_is_the_board_size_or_said_to_go_first() {
    // `--explain` takes a FILE or nothing: a number after it is the board size.
    let made = queens(&["puzzle", "8", "--explain"]);
    assert!(made.status.success());
    for args in [
        &["puzzle", "--explain", "8"][..],
        &["puzzle", "--explain=8"],
        &["puzzle", "--explain", "8", "8"],
    ] {
        let out = queens(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&made), "{args:?}");
    }
    let out = queens(&["puzzle", "--explain", "8", "--difficulty", "medium"]);
    assert_eq!(
        stdout(&out),
        stdout(&queens(&["puzzle", "8", "--level", "medium", "--explain"]))
    );
    refused_with(
        &["puzzle", "8", "--explain", "10"],
        "queens: error: two board sizes, 8 and 10 after --explain: --explain takes a FILE or nothing\n",
    );
    refused_with(
        &["puzzle", "--explain"],
        "queens: error: --explain needs a board size before it, or a puzzle FILE after it: \
         `queens puzzle 8 --explain`, `queens puzzle --explain puzzle.txt`\n",
    );
    // A file named like a number is read as ./8; what makes puzzles cannot grade one.
    let dir = tempfile::tempdir().unwrap();
    let puzzle = stdout(&queens(&["puzzle", "8", "--seed", "4"]));
    std::fs::write(dir.path().join("8"), &puzzle).unwrap();
    let in_dir = |args: &[&str]| {
        Command::new(crate::common::Q)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let explained = in_dir(&["puzzle", "--explain", "./8"]);
    assert!(explained.status.success(), "{}", stderr(&explained));
    assert!(
        stdout(&explained).starts_with("# ./8: "),
        "{}",
        stdout(&explained)
    );
    for (flag, value) in [("--seed", "3"), ("--count", "2"), ("--level", "easy")] {
        let out = in_dir(&["puzzle", "--explain", "./8", flag, value]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            format!(
                "queens: error: --explain ./8 grades the puzzle in that file: {flag} cannot be \
                 used with it (to make puzzles and explain them, give N and a bare --explain)\n"
            )
        );
    }
    // Options and arguments that read a FILE say what they take, and how to give a size.
    refused_with(
        &["puzzle", "--rate", "8"],
        "queens: error: cannot read 8: there is no such file; --rate takes a puzzle FILE, not a \
         board size: `queens puzzle 8` makes a puzzle on the 8x8 board\n",
    );
    refused_with(
        &["solve", "--puzzle", "8"],
        "queens: error: cannot read 8: there is no such file; --puzzle takes a puzzle FILE, not \
         a board size: `queens solve 8` solves the 8x8 board\n",
    );
    refused_with(
        &["check", "8"],
        "queens: error: cannot read 8: there is no such file; check reads solutions from a FILE, \
         not a board size: `--n 8` requires 8x8 boards\n",
    );
    // The size as `--n` takes it.
    refused_with(
        &["check", "08"],
        "queens: error: cannot read 08: there is no such file; check reads solutions from a \
         FILE, not a board size: `--n 8` requires 8x8 boards\n",
    );
    refused_with(
        &["merge", "12"],
        "queens: error: cannot read 12: there is no such file; merge reads the records of \
         `queens count --shard I/K --json`, not a board size: `queens count 12` counts the \
         12x12 board\n",
    );
    // A file that is there is read, whatever its name.
    let solutions = stdout(&queens(&[
        "solve", "8", "--first", "2", "--format", "list", "-q",
    ]));
    std::fs::write(dir.path().join("8"), solutions).unwrap();
    assert!(in_dir(&["check", "8"]).status.success());
    // An option that takes a FILE took the size: the command lacks it, and says why.
    for (args, option) in [
        (&["count", "--checkpoint", "16"][..], "--checkpoint"),
        (&["count", "--output=16"], "--output"),
        (&["solve", "-o", "16"], "--output"),
        (&["one", "-o16"], "--output"),
    ] {
        let out = queens(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let lines: Vec<String> = stderr(&out).lines().map(String::from).collect();
        assert_eq!(
            lines[..2],
            [
                "queens: error: the following required arguments were not provided: <N>"
                    .to_string(),
                format!(
                    "  tip: 16 was read as the FILE of {option}; the board size comes first: \
                     `queens {} 16 {option} FILE`",
                    args[0]
                )
            ],
            "{args:?}"
        );
    }
}

#[test]
fn a_command_s_default_format_works_for_every_size_it_accepts() {
    let note = |n: usize| {
        format!(
            "queens: a {n}x{n} board is too large to draw (at most 1000): written as a list; \
             --format chooses another\n"
        )
    };
    let out = queens(&["one", "1000000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), note(1_000_000));
    let solution: Solution = stdout(&out).parse().unwrap();
    assert_eq!(solution.n(), 1_000_000);
    assert!(stdout(&out).starts_with('['));
    // Up to 1000 the default draws the board, and says nothing.
    let out = queens(&["one", "1000"]);
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).lines().count(), 1000);
    // `show` takes a placement of any size: the same rule.
    let big = stdout(&queens(&["one", "1001", "--format", "list"]));
    let out = queens(&["show", big.trim()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!((stdout(&out), stderr(&out)), (big.clone(), note(1001)));
    // A format asked for is kept, or refused if it cannot show the board.
    for args in [
        &["one", "1001", "--format", "dots"][..],
        &["one", "5000", "--format", "svg"],
        &["show", big.trim(), "--format", "grid"],
    ] {
        let out = queens(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("board is too large to draw (at most 1000); use --format list"),
            "{}",
            stderr(&out)
        );
    }
    let json = queens(&["one", "1001", "--format", "json"]);
    assert!(json.status.success() && json.stderr.is_empty());
    // solve and sample accept boards up to 64 and 18: their default draws them all (a
    // sample of 18 takes a minute: 12 stands for it).
    for args in [
        &["solve", "64", "--first", "1", "-q"][..],
        &["sample", "12"],
    ] {
        let out = queens(args);
        assert!(out.status.success() && out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn sizes_are_written_in_the_unit_that_shows_them() {
    refused_with(
        &["count", "14", "--memory", "1K", "--threads", "1"],
        "queens: error: this needs about 600 KiB of memory, but only 1 KiB is available; count \
         with --engine constellations, which needs almost no memory\n",
    );
    refused_with(
        &["plan", "16", "--threads", "1", "--memory", "1"],
        "queens: error: this needs about 2.35 MiB of memory, but only 1 byte is available; count \
         with --engine constellations, which needs almost no memory\n",
    );
    refused_with(
        &["count", "22", "--threads", "2", "--memory", "20M"],
        "queens: error: this needs about 39.6 MiB of memory, but only 20 MiB is available; count \
         on fewer --threads or count with --engine constellations, which needs almost no memory\n",
    );
    // The constellation engine builds no tables: nothing to put in a unit.
    let plan = stdout(&queens(&["plan", "12", "--sample", "1", "--threads", "1"]));
    let memory = plan.lines().nth(1).unwrap();
    assert!(
        memory.starts_with("memory: no tables on 1 thread; the sample grew this process by "),
        "{plan}"
    );
}

#[test]
fn count_says_how_long_it_took_unless_quiet_or_json() {
    for (args, summary) in [
        (
            &["count", "10"][..],
            "724 solutions of 10 queens counted in ",
        ),
        (
            &["count", "10", "--fundamental"],
            "92 fundamental solutions of 10 queens counted in ",
        ),
        (
            &["count", "10", "--shard", "1/3"],
            "300 solutions of 10 queens, shard 1/3, counted in ",
        ),
        (&["count", "1"], "1 solution of 1 queen counted in "),
    ] {
        let out = queens(args);
        assert!(out.status.success(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        let time = err
            .strip_prefix(summary)
            .unwrap_or_else(|| panic!("{args:?}: {err}"));
        assert!(time.trim_end().ends_with('s'), "{err}");
        assert!(!stdout(&out).contains("counted"));
    }
    for args in [
        &["count", "10", "-q"][..],
        &["count", "10", "--quiet"],
        &["count", "10", "--json"],
    ] {
        let out = queens(args);
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// Starts `queens count ARGS`, sends it SIGINT once `ready` holds (or after a second), and
/// returns its exit code and stderr.
fn interrupted_count(args: &[&str], ready: impl Fn() -> bool) -> (Option<i32>, String) {
    let child = Command::new(crate::common::Q)
        .arg("count")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !ready() || started.elapsed() < std::time::Duration::from_millis(500) {
        assert!(started.elapsed().as_secs() < 60, "never ready");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), stderr(&out))
}

/// `queens: interrupted after TIME: DONE of OF subproblems counted, REST` as (DONE, OF, REST).
fn interruption(report: &str) -> (usize, usize, String) {
    let rest = report
        .strip_prefix("queens: interrupted after ")
        .unwrap_or_else(|| panic!("{report}"));
    let (_, rest) = rest.split_once(": ").unwrap();
    let (done, rest) = rest.split_once(" of ").unwrap();
    let (of, rest) = rest.split_once(" subproblems counted").unwrap();
    let rest = rest.strip_prefix(", ").unwrap_or(rest.trim_start());
    (done.parse().unwrap(), of.parse().unwrap(), rest.to_string())
}

#[test]
fn an_interrupted_count_says_what_it_had_done_and_where_it_is_kept() {
    // n = 19 takes seconds even on the fastest processor: every signal lands mid-count.
    let (code, report) = interrupted_count(&["19", "--threads", "1"], || true);
    assert_eq!(code, Some(130), "{report}");
    assert_eq!(report.lines().count(), 1, "{report}");
    let (done, of, rest) = interruption(&report);
    assert!(done < of, "{report}");
    assert_eq!(
        rest,
        "and lost (`--checkpoint FILE` would have kept them for the next run to go on from)\n"
    );

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("n19.checkpoint");
    let path_arg = path.to_str().unwrap();
    // Subproblems recorded: lines past the header but the audit's.
    let recorded = || {
        std::fs::read_to_string(&path).map_or(0, |t| {
            (t.lines().skip(1))
                .filter(|line| !line.starts_with("audit "))
                .count()
        })
    };
    let args = ["19", "--threads", "1", "--checkpoint", path_arg];
    let (code, report) = interrupted_count(&args, || recorded() >= 10);
    assert_eq!(code, Some(130), "{report}");
    let (done, of, rest) = interruption(&report);
    assert!(done >= 10 && done <= recorded() && done < of, "{report}");
    assert_eq!(
        rest,
        format!("kept in {path_arg} (the same command goes on from there)\n")
    );
    // Interrupted again, it counts what it resumed apart.
    let before = recorded();
    let (code, report) = interrupted_count(&args, || recorded() >= before + 10);
    assert_eq!(code, Some(130), "{report}");
    let mut lines = report.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!("queens: resuming from {path_arg}: {before} of {of} subproblems already counted")
    );
    let (done, again_of, rest) = interruption(lines.next().unwrap());
    assert_eq!(again_of, of);
    assert!(done >= before + 10, "{report}");
    assert_eq!(
        rest,
        format!(
            "({before} of them resumed), kept in {path_arg} (the same command goes on from there)"
        )
    );
}

#[test]
fn every_command_that_prints_writes_to_output_file_or_to_stdout_for_dash() {
    // Every command but `watch`, which draws in the terminal, takes --output FILE.
    let help = stdout(&queens(&["--help"]));
    let commands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert!(commands.len() >= 12, "{commands:?}");
    for command in &commands {
        let help = stdout(&queens(&[command, "--help"]));
        let takes_output = help.contains("-o, --output <FILE>");
        assert_eq!(takes_output, *command != "watch", "{command}:\n{help}");
        if takes_output {
            assert!(help.contains("(`-` is standard output)"), "{command}");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records.json");
    std::fs::write(&records, stdout(&queens(&["count", "8", "--json"]))).unwrap();
    let records = records.to_str().unwrap();
    let list = stdout(&queens(&["solve", "5", "--format", "list", "-q"]));
    let list_file = dir.path().join("list.txt");
    std::fs::write(&list_file, &list).unwrap();
    let list_file = list_file.to_str().unwrap();
    let target = dir.path().join("out");
    let target = target.to_str().unwrap();
    for args in [
        &["solve", "6", "-q"][..],
        &["count", "8", "-q"],
        &["merge", records],
        &["check", list_file],
        &["one", "20"],
        &["sample", "8", "--seed", "3"],
        &["show", "1,3,0,2"],
        &["trace", "4", "--first", "1"],
        &["animate", "4"],
        &["puzzle", "8", "--format", "json"],
    ] {
        let printed = queens(args);
        assert!(printed.status.success(), "{args:?}");
        for output in ["--output", "-o"] {
            let _ = std::fs::remove_file(target);
            let written = queens(&[args, &[output, target]].concat());
            assert!(written.status.success(), "{args:?}: {}", stderr(&written));
            assert!(written.stdout.is_empty(), "{args:?}");
            assert_eq!(std::fs::read(target).unwrap(), printed.stdout, "{args:?}");
        }
        let dash = queens(&[args, &["--output", "-"]].concat());
        assert_eq!(dash.stdout, printed.stdout, "{args:?}");
    }
    // plan's timings differ from run to run: its lines are what it printed.
    let _ = std::fs::remove_file(target);
    let plan = queens(&["plan", "10", "--sample", "1", "--output", target]);
    assert!(plan.status.success() && plan.stdout.is_empty());
    let written = std::fs::read_to_string(target).unwrap();
    assert!(
        written.starts_with("n = 10: the ") && written.lines().count() == 5,
        "{written}"
    );
    // verify's too, each line naming the file of the record it checked.
    let _ = std::fs::remove_file(target);
    let verified = queens(&["verify", records, "-o", target]);
    assert!(verified.status.success() && verified.stdout.is_empty());
    let written = std::fs::read_to_string(target).unwrap();
    assert!(
        written.starts_with(&format!("{records}: shard 0/1 of n = 8: ")),
        "{written}"
    );
    // A count does not put its number over its checkpoint.
    let cp = dir.path().join("cp");
    refused_with(
        &[
            "count",
            "8",
            "--checkpoint",
            cp.to_str().unwrap(),
            "--output",
            cp.to_str().unwrap(),
        ],
        &format!(
            "queens: error: --output and --checkpoint both name {}: the count would replace its \
             checkpoint\n",
            cp.display()
        ),
    );
    // A command that fails leaves the file as it was.
    std::fs::write(target, "kept").unwrap();
    for args in [
        &["trace", "65"][..],
        &["check", "/nonexistent"],
        &["puzzle", "--rate", "/nonexistent"],
    ] {
        let out = queens(&[args, &["--output", target]].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(std::fs::read_to_string(target).unwrap(), "kept", "{args:?}");
    }
}

/// `queens watch` in a colour terminal: the palette of the page and the pictures, a caption
/// and a legend; `NO_COLOR` turns the colours off, not the words.
#[test]
#[ignore = "needs tmux; .ci/run runs it"]
fn watch_draws_the_palette_a_caption_and_a_legend_under_tmux() {
    // Each run on a tmux server of its own: a server ends with its last session, and a
    // session started as it ends would find it gone.
    let run = |env: &str, name: &str| -> (String, String) {
        let socket = format!("queens-colours-{name}-{}", std::process::id());
        let command = format!("{env} {} watch 4 --paused", crate::common::Q);
        let tmux = |args: &[&str]| {
            let out = Command::new("tmux")
                .args(["-L", &socket])
                .args(args)
                .output()
                .expect("tmux runs");
            assert!(out.status.success(), "tmux {args:?}: {}", stderr(&out));
            stdout(&out)
        };
        tmux(&["new-session", "-d", "-x", "100", "-y", "24", &command]);
        let screen_with = |text: &str| {
            for _ in 0..100 {
                let screen = tmux(&["capture-pane", "-p"]);
                if screen.contains(text) {
                    return screen;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            panic!(
                "{text:?} never appeared:\n{}",
                tmux(&["capture-pane", "-p"])
            );
        };
        screen_with("(paused)");
        tmux(&["send-keys", "Right"]);
        // A whole frame: the keys come last.
        screen_with("space: play/pause");
        let plain = screen_with("1 placement tried");
        let coloured = tmux(&["capture-pane", "-p", "-e"]);
        tmux(&["kill-server"]);
        (plain, coloured)
    };
    let (plain, coloured) = run("env -u NO_COLOR COLORTERM=truecolor", "any");
    let lines: Vec<&str> = plain.lines().collect();
    // Ranks up the side and files along the bottom, as the caption names the squares.
    assert_eq!(
        lines[..5],
        [
            "4 Q . . .",
            "3 x x . .",
            "2 . . . .",
            "1 . . . .",
            "  a b c d"
        ],
        "{plain}"
    );
    assert_eq!(
        lines[5..9],
        [
            "depth 1, 1 placement tried, 0 solutions found (paused)",
            "queen on a4: the squares of rank 3 that the queens attack are shaded",
            "Q queen   x attacked square   ! dead end (a rank or file with no safe square)",
            "space: play/pause   right: step   left: back   q: quit",
        ],
        "{plain}"
    );
    // The palette's own colours: a light square, an attacked dark one, a dead end's.
    let rgb = |hex: &str| {
        let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).unwrap();
        format!("48;2;{};{};{}", channel(1), channel(3), channel(5))
    };
    use queens::formats::palette;
    for colour in [
        palette::LIGHT,
        palette::DARK,
        palette::ATTACKED_DARK,
        palette::DEAD_END,
    ] {
        assert!(
            coloured.contains(&rgb(colour)),
            "{colour} not in {coloured:?}"
        );
    }
    let (plain_too, uncoloured) = run("env NO_COLOR=1", "none");
    assert_eq!(plain_too, plain);
    assert!(!uncoloured.contains("\u{1b}["), "{uncoloured:?}");
}
