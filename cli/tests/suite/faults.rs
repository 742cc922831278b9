//! The `queens` binary under faults and hostile input: damaged files, full disks, closed
//! pipes, signals, endless inputs and absurd numbers. Each must end in the right answer or
//! one clear error, never a panic, a hang, a wrong count or a lost file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{Q, assert_refused, queens, queens_in, queens_with_input, stderr};
use queens::counting::{Counter, ShardRecord};

/// Runs a shell line (bash), with `$Q` set to the binary.
fn shell(line: &str) -> Output {
    Command::new("bash")
        .args(["-c", line])
        .env("Q", Q)
        .output()
        .expect("bash runs")
}

/// Whether `solutions`, written for n = 0, holds no drawn board: only headings and blank
/// lines (the styles of rows draw the empty board as nothing).
fn draws_no_board(solutions: &str) -> bool {
    solutions
        .lines()
        .all(|line| line.trim().is_empty() || line.starts_with("answer "))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn an_edited_checkpoint_line_is_refused() {
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    let first = queens(&["count", "12", "--checkpoint", path_str(&cp)]);
    assert_eq!(text(&first.stdout), "14200\n");
    let original = std::fs::read_to_string(&cp).unwrap();
    // `5 56 7 ...` becomes `5 57 7 ...`: a plausible count, but not the one recorded.
    let line = original.lines().nth(6).unwrap().to_string();
    let mut fields: Vec<String> = line.split(' ').map(String::from).collect();
    fields[1] = (fields[1].parse::<u64>().unwrap() + 1).to_string();
    std::fs::write(&cp, original.replace(&line, &fields.join(" "))).unwrap();
    let out = queens(&["count", "12", "--checkpoint", path_str(&cp)]);
    assert_refused(&out, "line 7");
    assert!(text(&out.stderr).contains("damaged"));
}

/// A checkpoint of the quadrant join from before its row choices were counted by fewer
/// north rows going east holds totals of other subproblems: refused as an older queens's,
/// not added in (nor called damaged).
#[test]
fn a_checkpoint_of_an_older_quadrant_join_is_refused() {
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    let args = [
        "count",
        "12",
        "--engine=quadrants",
        "--checkpoint",
        path_str(&cp),
    ];
    assert_eq!(text(&queens(&args).stdout), "14200\n");
    // Each record's checksum as the first revision of the engine wrote it.
    let older: Vec<String> = (std::fs::read_to_string(&cp).unwrap().lines())
        .map(|line| match line.rsplit_once(' ') {
            Some((numbers, _)) if !line.starts_with("queens") => {
                let crc = crc32fast::hash(format!("12 0/1 quadrants {numbers}").as_bytes());
                format!("{numbers} {crc:08x}")
            }
            _ => line.to_string(),
        })
        .collect();
    std::fs::write(&cp, older.join("\n") + "\n").unwrap();
    let out = queens(&args);
    assert_refused(&out, "line 2");
    assert!(
        text(&out.stderr).contains("older queens"),
        "{}",
        text(&out.stderr)
    );
    // An audit line first (they come before their subproblem's), of the second revision.
    let numbers = "audit 0 0 8 portable";
    let crc = crc32fast::hash(format!("12 0/1 quadrants 2 {numbers}").as_bytes());
    std::fs::write(&cp, format!("{}\n{numbers} {crc:08x}\n", older[0])).unwrap();
    let out = queens(&args);
    assert_refused(&out, "line 2: \"audit 0 0 8 portable");
    assert!(
        text(&out.stderr).contains("older queens"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bit_flips_in_a_checkpoint_never_give_a_wrong_count() {
    for (extra, fundamental) in [
        (Some("--fundamental"), Some(9233)),
        (Some("--engine=quadrants"), None),
    ] {
        let dir = temp_dir();
        let cp = dir.path().join("cp");
        let mut args = vec!["count", "13", "--checkpoint", path_str(&cp), "--json"];
        args.extend(extra);
        let first = queens(&args);
        assert!(first.status.success());
        let original = std::fs::read(&cp).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let (mut refused, mut right) = (0, 0);
        for _ in 0..60 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let bit = (seed % (original.len() as u64 * 8)) as usize;
            let mut flipped = original.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            std::fs::write(&cp, &flipped).unwrap();
            let out = queens(&args);
            match out.status.code() {
                Some(0) => {
                    let record = ShardRecord::parse(text(&out.stdout).trim()).unwrap();
                    assert_eq!(
                        (record.total, record.fundamental),
                        (73712, fundamental),
                        "bit {bit}"
                    );
                    right += 1;
                }
                Some(2) => refused += 1,
                other => panic!("bit {bit}: exit {other:?}: {}", text(&out.stderr)),
            }
        }
        assert!(refused > 40, "{refused} refused, {right} right");
    }
}

#[test]
fn a_checkpoint_cannot_overflow_or_claim_impossible_counts() {
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    let key = "12 0/1";
    let line = |index: usize, total: u64, fundamental: u64| {
        let numbers = format!("{index} {total} {fundamental}");
        let crc = crc32fast::hash(format!("{key} {numbers}").as_bytes());
        format!("{numbers} {crc:08x}\n")
    };
    // A checkpoint of format 2, from before there were two engines: a constellation count.
    let header = "queens checkpoint 2 n=12 shard=0/1\n";
    let huge = 1u64 << 63;
    let cases = [
        (line(1, u64::MAX, u64::MAX / 8 + 1), "multiple of"),
        (
            line(1, huge, huge / 8) + &line(2, huge, huge / 8),
            "2^64 - 1",
        ),
        (line(1, 10, 20), "cannot have 10 solutions in 20"),
        (line(1, 90, 10), "cannot have 90 solutions in 10"),
        (line(99_999, 8, 1), "not one of shard 0/1"),
        (line(1, 8, 1) + &line(1, 16, 2), "recorded twice"),
    ];
    // Each case on its own checkpoint, counted by `engine`.
    let refuse = |header: &str, cases: &[(String, &str)], engine: &str| {
        for (lines, message) in cases {
            std::fs::write(&cp, format!("{header}{lines}")).unwrap();
            let out = queens(&["count", "12", engine, "--checkpoint", path_str(&cp)]);
            assert_refused(&out, message);
        }
    };
    refuse(header, &cases, "--fundamental");
    // The same for a count by the quadrant join, which records no fundamental counts.
    let key = "12 0/1 quadrants 4";
    let line = |index: usize, total: u64, fundamental: &str| {
        let numbers = format!("{index} {total} {fundamental}");
        let crc = crc32fast::hash(format!("{key} {numbers}").as_bytes());
        format!("{numbers} {crc:08x}\n")
    };
    let header = "queens checkpoint 3 n=12 shard=0/1 engine=quadrants\n";
    let cases = [
        (line(1, huge, "-") + &line(2, huge, "-"), "2^64 - 1"),
        (line(1, 10, "2"), "cannot count classes itself"),
        // The join's subproblems have no fixed solutions: only the rotations' one, last.
        (line(1, 8, "- 8"), "cannot have 8 fixed solutions"),
        (
            line(1, 8, "- 0"),
            "is not INDEX TOTAL FUNDAMENTAL [FIXED] CHECKSUM",
        ),
        (
            line(1, 8, "- 1 2"),
            "is not INDEX TOTAL FUNDAMENTAL [FIXED] CHECKSUM",
        ),
        (line(99_999, 8, "-"), "not one of shard 0/1"),
        (line(1, 8, "-") + &line(1, 16, "-"), "recorded twice"),
    ];
    refuse(header, &cases, "--engine=quadrants");
    let mine = [(
        line(1, 8, "-"),
        "it is for n = 12, shard 0/1, engine quadrants",
    )];
    refuse(header, &mine, "--fundamental");
    // The same through the library.
    let overflowing = (1..3).map(|index| queens::counting::Subproblem {
        index,
        total: huge,
        fundamental: Some(huge / 8),
        fixed: 0,
        engine: queens::counting::Engine::Constellations,
    });
    let err = Counter::new(12)
        .unwrap()
        .resume(overflowing)
        .run()
        .unwrap_err();
    assert!(err.to_string().contains("2^64 - 1"), "{err}");
}

#[test]
fn a_file_that_is_not_a_checkpoint_is_never_overwritten() {
    let dir = temp_dir();
    for content in ["notes", "notes\nmore notes\n", "{\"n\":8}\n", "\u{0}\u{1}"] {
        let notes = dir.path().join("notes.txt");
        std::fs::write(&notes, content).unwrap();
        let out = queens(&["count", "8", "--checkpoint", path_str(&notes)]);
        assert_eq!(out.status.code(), Some(2), "{content:?}");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), content);
    }
    let old = dir.path().join("old.checkpoint");
    std::fs::write(&old, "{\"n\":8,\"shard\":0,\"of\":1}\n5 56 7\n").unwrap();
    let out = queens(&["count", "8", "--checkpoint", path_str(&old)]);
    assert_refused(&out, "older queens without checksums");
}

#[test]
fn a_second_process_on_one_checkpoint_is_refused_and_the_work_kept() {
    let dir = temp_dir();
    let cp = dir.path().join("n15.checkpoint");
    let children: Vec<_> = (0..8)
        .map(|_| {
            Command::new(Q)
                .args(["count", "15", "--checkpoint", path_str(&cp)])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for out in &outputs {
        match out.status.code() {
            Some(0) => assert_eq!(text(&out.stdout), "2279184\n"),
            _ => assert_refused(out, "in use by another process"),
        }
    }
    assert!(outputs.iter().any(|o| o.status.success()));
    let again = queens(&["count", "15", "--checkpoint", path_str(&cp)]);
    assert_eq!(text(&again.stdout), "2279184\n", "{}", text(&again.stderr));
}

#[test]
fn identical_repeated_checkpoint_lines_are_harmless() {
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    queens(&["count", "11", "--checkpoint", path_str(&cp)]);
    let original = std::fs::read_to_string(&cp).unwrap();
    let body: String = original.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(&cp, format!("{original}{body}")).unwrap();
    let out = queens(&["count", "11", "--checkpoint", path_str(&cp)]);
    assert_eq!(text(&out.stdout), "2680\n", "{}", text(&out.stderr));
}

#[test]
fn a_full_disk_keeps_the_count_and_says_the_checkpoint_is_incomplete() {
    // Each engine, on a count with more subproblems than 2 KiB of checkpoint holds.
    for (n, extra, expected) in [("13", "--fundamental", "9233\n"), ("17", "", "95815104\n")] {
        let dir = temp_dir();
        let cp = dir.path().join("cp");
        // Files may grow to 2 KiB (in 1 KiB blocks under bash); SIGXFSZ is ignored, so
        // writes past that fail as on a full disk.
        let out = shell(&format!(
            "trap '' XFSZ; ulimit -f 2; exec $Q count {n} {extra} --checkpoint {}",
            path_str(&cp)
        ));
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected);
        assert!(
            text(&out.stderr).contains("the checkpoint is incomplete"),
            "{}",
            text(&out.stderr)
        );
        // What was recorded resumes; the rest is counted again.
        let mut args = vec!["count", n, "--checkpoint", path_str(&cp)];
        args.extend(Some(extra).filter(|e| !e.is_empty()));
        let again = queens(&args);
        assert_eq!(text(&again.stdout), expected, "{}", text(&again.stderr));
    }
}

#[test]
fn a_failed_output_leaves_the_target_untouched() {
    let dir = temp_dir();
    let keep = dir.path().join("keep.svg");
    std::fs::write(&keep, "precious").unwrap();
    let out = queens_in(
        dir.path(),
        &["solve", "14", "--format", "svg", "--output", "keep.svg"],
    );
    assert_refused(&out, "at most 10000 boards");
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "precious");
    let written = queens_in(
        dir.path(),
        &[
            "solve", "6", "--format", "list", "--output", "keep.svg", "-q",
        ],
    );
    assert!(written.status.success());
    assert_eq!(
        std::fs::read_to_string(&keep).unwrap(),
        "[1, 3, 5, 0, 2, 4]\n[2, 5, 1, 4, 0, 3]\n[3, 0, 4, 1, 5, 2]\n[4, 2, 0, 5, 3, 1]\n"
    );
    let left: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(left, [keep], "no temporary file is left behind");
}

#[test]
fn an_interrupted_json_stream_ends_on_a_whole_line() {
    let dir = temp_dir();
    for run in 0..20u64 {
        let path = dir.path().join(format!("run{run}.json"));
        let child = Command::new(Q)
            .args(["solve", "15", "--format", "json", "-q"])
            .stdout(std::fs::File::create(&path).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Output begins once the interrupt handler is in place; cut in at some point after.
        let started = Instant::now();
        while std::fs::metadata(&path).map_or(0, |m| m.len()) == 0 {
            assert!(started.elapsed() < Duration::from_secs(30), "no output");
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(run * 5));
        let signal = if run % 2 == 0 { "-INT" } else { "-TERM" };
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait_with_output().unwrap().status;
        assert_eq!(status.code(), Some(130), "run {run}");
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.ends_with('\n'), "run {run} cut a line");
        assert!(
            queens::formats::parse_many(&written)
                .iter()
                .all(|(_, s)| s.is_ok()),
            "run {run}"
        );
    }
}

#[test]
fn closed_or_full_stderr_is_no_failure_and_closed_stdout_is() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(Q)
        .args(["solve", "8", "--first", "1", "--format", "list"])
        .stderr(writer)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "[0, 4, 7, 5, 2, 6, 1, 3]\n");
    let full = shell("$Q solve 8 --first 1 --format list 2>/dev/full");
    assert_eq!(full.status.code(), Some(0));
    let piped = shell("set -o pipefail; $Q solve 8 --first 1 --format list 2>&1 | head -1");
    assert_eq!(piped.status.code(), Some(0), "{}", text(&piped.stderr));
    let bad = queens(&["count", "8", "--threads", "x"]);
    assert_eq!(bad.status.code(), Some(2));

    for command in ["count 12", "solve 6", "merge /dev/null", "one 8", "show 0"] {
        let closed = shell(&format!("$Q {command} >&-"));
        assert_eq!(closed.status.code(), Some(2), "{command}");
        assert!(text(&closed.stderr).contains("standard output is closed"));
    }
    assert_eq!(shell("$Q count 8 >/dev/null").status.code(), Some(0));
    assert_eq!(shell("$Q count 8 >/dev/full").status.code(), Some(2));
}

#[test]
fn absurd_thread_counts_are_refused_at_once() {
    let started = Instant::now();
    let out = queens(&["count", "10", "--threads", "100000"]);
    assert_refused(&out, "100000 threads asked for: at most 1024 are allowed");
    assert!(started.elapsed() < Duration::from_secs(5));
    let most = queens(&["count", "10", "--threads", "1024"]);
    assert_eq!(text(&most.stdout), "724\n");
}

#[test]
fn endless_and_blocking_inputs_end_with_an_error() {
    let dir = temp_dir();
    let fifo = dir.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for path in [Path::new("/dev/zero"), &fifo, dir.path()] {
        let out = queens(&["count", "8", "--checkpoint", path_str(path)]);
        assert_refused(&out, "not a regular file");
    }
    let started = Instant::now();
    let check = queens(&["check", "/dev/zero"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stdout).contains("longer than"));
    let merge = queens(&["merge", "/dev/zero"]);
    assert_refused(&merge, "longer than 4096 bytes");
    for command in ["check", "merge"] {
        let out = queens(&[command, path_str(dir.path())]);
        assert_refused(&out, "it is a directory");
    }
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// A record with a valid checksum and any content, as a careless script might write.
fn record_line(edit: impl FnOnce(&mut ShardRecord)) -> String {
    // Counted once: thousands of edited copies are made of it.
    static WHOLE: std::sync::OnceLock<ShardRecord> = std::sync::OnceLock::new();
    let mut record = WHOLE
        .get_or_init(|| ShardRecord::new(&Counter::new(12).unwrap().run().unwrap(), 0.0))
        .clone();
    edit(&mut record);
    format!("{}\n", record.to_json())
}

#[test]
fn merge_refuses_edited_and_overflowing_records() {
    let records: String = (0..4)
        .map(|i| {
            let shard = format!("{i}/4");
            text(&queens(&["count", "12", "--shard", &shard, "--json", "--fundamental"]).stdout)
        })
        .collect();
    let merged = queens_with_input(&["merge", "-"], records.as_bytes());
    let whole = text(&merged.stdout);
    assert!(
        whole.contains(r#""total":14200,"fundamental":1787"#),
        "{whole}"
    );
    // The merged record is itself a record of the whole count, and merges again.
    let again = queens_with_input(&["merge"], whole.as_bytes());
    assert_eq!(
        ShardRecord::parse(text(&again.stdout).trim())
            .unwrap()
            .total,
        14200
    );

    let first = records.lines().next().unwrap();
    let total = ShardRecord::parse(first).unwrap().total;
    let edited = records.replacen(&format!("\"total\":{total}"), "\"total\":1", 1);
    let out = queens_with_input(&["merge"], edited.as_bytes());
    assert_refused(&out, "checksum does not match");

    // n = 28, whose count nobody knows, so that no shard passes it: only their sum.
    let shards = 4096;
    let join = queens::counting::Engine::Quadrants;
    let all = Counter::new(28)
        .unwrap()
        .engine(join)
        .fundamental(false)
        .total_subproblems()
        .unwrap();
    let many: String = (0..shards)
        .map(|shard| {
            record_line(|r| {
                (r.n, r.engine, r.revision) = (28, join, 3);
                r.shard = shard;
                r.of = shards;
                r.total = (1 << 53) - 1;
                (r.fundamental, r.audit) = (None, None);
                r.subproblems = (all - shard).div_ceil(shards);
            })
        })
        .collect();
    let out = queens_with_input(&["merge"], many.as_bytes());
    assert_refused(
        &out,
        "add up past 2^64 - 1 (shard 4095's is 9007199254740991)",
    );
}

#[test]
fn merge_takes_memory_by_its_input_not_by_its_numbers() {
    let started = Instant::now();
    let line = record_line(|r| {
        r.of = 1_000_000_000_000;
        r.subproblems = 1;
    });
    let out = queens_with_input(&["merge"], line.as_bytes());
    assert_refused(
        &out,
        "shards 1, 2, 3 and 999999999996 more are missing (of 1000000000000)",
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    let inconsistent = [
        record_line(|r| r.subproblems += 1),
        record_line(|r| (r.total, r.fundamental) = (100, Some(101))),
        record_line(|r| r.version = "0.0.1".into()),
        record_line(|r| r.n = 65),
        record_line(|r| {
            r.shard = 3;
            r.of = 2;
        }),
    ];
    let messages = [
        "has 730 subproblems, not 731",
        "cannot fall in",
        "may number subproblems differently",
        "too large",
        "does not exist",
    ];
    for (line, message) in inconsistent.iter().zip(messages) {
        let out = queens_with_input(&["merge"], line.as_bytes());
        assert_refused(&out, message);
    }
}

#[test]
fn merge_refuses_join_records_whose_classes_do_not_add_up() {
    let join = |shard: usize, of: usize| {
        let counter = Counter::new(12)
            .unwrap()
            .engine(queens::counting::Engine::Quadrants);
        ShardRecord::new(&counter.shard(shard, of).run().unwrap(), 0.0)
    };
    let line = |record: &ShardRecord| format!("{}\n", record.to_json());
    let whole = join(0, 1);
    assert_eq!((whole.fundamental, whole.fixed), (Some(1787), Some(96)));
    let half = join(0, 2);
    assert_eq!((half.fundamental, half.fixed.is_some()), (None, true));
    let totals_only = ShardRecord::new(
        &Counter::new(12)
            .unwrap()
            .engine(queens::counting::Engine::Quadrants)
            .fundamental(false)
            .shard(1, 2)
            .run()
            .unwrap(),
        0.0,
    );
    let edited = |edit: fn(&mut ShardRecord)| {
        let mut record = whole.clone();
        edit(&mut record);
        line(&record)
    };
    let cases = [
        (edited(|r| r.fixed = Some(88)), "do not make 1787 classes"),
        (
            edited(|r| r.fundamental = Some(1788)),
            "do not make 1788 classes",
        ),
        (edited(|r| r.fixed = Some(97)), "do not make 1787 classes"),
        (
            {
                let mut record = half.clone();
                record.fundamental = Some(1);
                line(&record)
            },
            "counts no such shard",
        ),
        (
            line(&half) + &line(&totals_only),
            "which did not count symmetry classes, with shard 0, which counted symmetry classes",
        ),
    ];
    for (lines, message) in cases {
        let out = queens_with_input(&["merge"], lines.as_bytes());
        assert_refused(&out, message);
    }
    let halves = line(&half) + &line(&join(1, 2));
    let merged = text(&queens_with_input(&["merge"], halves.as_bytes()).stdout);
    assert!(
        merged.contains(r#""total":14200,"fundamental":1787,"fixed":96,"#),
        "{merged}"
    );
}

#[test]
fn merge_refuses_shards_that_did_and_did_not_count_classes_for_every_engine() {
    let record = |engine, shard: usize, classes: bool| {
        let counter = Counter::new(14)
            .unwrap()
            .engine(engine)
            .fundamental(classes)
            .shard(shard, 3);
        format!(
            "{}\n",
            ShardRecord::new(&counter.run().unwrap(), 0.0).to_json()
        )
    };
    for engine in [
        queens::counting::Engine::Constellations,
        queens::counting::Engine::Quadrants,
    ] {
        let mixed = record(engine, 0, true) + &record(engine, 1, false) + &record(engine, 2, true);
        let out = queens_with_input(&["merge"], mixed.as_bytes());
        assert_refused(
            &out,
            "which did not count symmetry classes, with shard 0, which counted",
        );
        let whole = record(engine, 0, true) + &record(engine, 1, true) + &record(engine, 2, true);
        let merged = text(&queens_with_input(&["merge"], whole.as_bytes()).stdout);
        assert!(
            merged.contains(r#""total":365596,"fundamental":45752"#),
            "{engine}: {merged}"
        );
    }
}

#[test]
fn memory_shortage_is_an_error_not_an_abort() {
    // Refused before it starts where the machine has too little, else when allocation fails.
    let out = shell("ulimit -v 2000000; exec $Q one 1000000000 --format list >/dev/null");
    assert_refused(&out, "memory");
    // The process's own limit on address space counts, whatever the machine has free.
    for format in ["json", "fen", "list", "algebraic"] {
        let out = shell(&format!(
            "ulimit -v 1000000; exec $Q one 100000000 --format {format} >/dev/null"
        ));
        assert_refused(&out, "only");
    }
    // What fits under the limit is written in full.
    let fits = shell("ulimit -v 1000000; exec $Q one 20000000 --format json | wc -c");
    assert!(fits.status.success(), "{fits:?}");
    assert_eq!(text(&fits.stdout).trim(), "168888927");
    let random =
        shell("ulimit -v 2000000; exec $Q one 400000000 --random --format list >/dev/null");
    assert_refused(&random, "memory");
    assert!(matches!(
        queens::large_boards::construct(usize::MAX),
        Err(queens::Error::OutOfMemory { .. })
    ));
}

#[test]
fn check_reads_back_everything_solve_writes() {
    let formats = [
        "dots",
        "list",
        "matrix",
        "stars",
        "grid",
        "unicode",
        "fen",
        "algebraic",
        "json",
    ];
    let flag_sets: [&[&str]; 4] = [
        &[],
        &["--numbered"],
        &["--fundamental"],
        &["--numbered", "--fundamental"],
    ];
    for n in ["0", "1", "4", "5", "6"] {
        for format in formats {
            for flags in flag_sets {
                let mut args = vec!["solve", n, "--format", format, "-q"];
                args.extend(flags);
                let written = queens(&args);
                let solutions = text(&written.stdout);
                let expected = queens::formats::parse_many(&solutions).len();
                let out = queens_with_input(&["check"], &written.stdout);
                let report = text(&out.stdout);
                // The empty board draws as empty text in the styles of rows: no solution
                // to read then, and under a heading, a heading with nothing after it, as
                // a stream cut after its heading is (never valid). As a list, a JSON
                // record or a picture it reads back.
                if n == "0" && draws_no_board(&solutions) {
                    let code = if solutions.trim().is_empty() { 2 } else { 1 };
                    assert_eq!(out.status.code(), Some(code), "{args:?}: {report}");
                    assert!(!report.contains(": valid"), "{args:?}: {report}");
                    continue;
                }
                assert!(out.status.success(), "{args:?}: {report}");
                assert!(
                    report.ends_with(&format!("{expected} valid, 0 invalid\n")) && expected > 0,
                    "{args:?}: {report}"
                );
            }
        }
    }
}

#[test]
fn check_reads_past_a_line_that_is_not_utf8() {
    let out = queens_with_input(&["check"], b"[1, 3, 0, 2]\n\xff\xfe\n[2, 0, 3, 1]\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "line 1: valid [1, 3, 0, 2]\nline 2: invalid: cannot read input: line 2 is not UTF-8 text\nline 3: valid [2, 0, 3, 1]\n2 valid, 1 invalid\n"
    );
}

#[test]
fn messages_quote_long_inputs_in_short() {
    let long = format!("[{}x]", "1,".repeat(5_000_000));
    let out = queens_with_input(&["check"], long.as_bytes());
    assert!(out.stdout.len() < 300, "{}", out.stdout.len());
    let valid = queens(&["one", "2000000", "--format", "list"]);
    let out = queens_with_input(&["check"], &valid.stdout);
    assert_eq!(
        text(&out.stdout),
        "line 1: valid, 2000000 queens\n1 valid, 0 invalid\n"
    );
    let show = queens(&["show", &"7,".repeat(50_000)]);
    assert_eq!(show.status.code(), Some(2));
    assert!(show.stderr.len() < 400, "{}", show.stderr.len());
    let arg = queens(&["count", &"9".repeat(100_000)]);
    assert_eq!(arg.status.code(), Some(2));
    assert!(arg.stderr.len() < 400, "{}", arg.stderr.len());
}

#[test]
fn small_things_read_right() {
    let one = queens(&["solve", "1"]);
    assert!(
        text(&one.stderr).starts_with("1 solution of 1 queen in"),
        "{}",
        text(&one.stderr)
    );
    let fundamental = queens(&["solve", "4", "--fundamental", "--format", "list"]);
    assert!(text(&fundamental.stderr).starts_with("1 fundamental solution of 4 queens"));
    // clap's tip and usage follow its message.
    let unknown = queens(&["frobnicate"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).starts_with("queens: error: unrecognized subcommand 'frobnicate'\n"),
        "{}",
        text(&unknown.stderr)
    );
    assert_eq!(
        text(&queens(&["show", "0", "--format", "list"]).stdout),
        "[0]\n"
    );
    let zero = queens_with_input(&["check"], b"0\n");
    assert_eq!(
        text(&zero.stdout),
        "line 1: valid [0]\n1 valid, 0 invalid\n"
    );
    assert_refused(&queens(&["show", ","]), "is not a column number");
    assert_eq!(
        text(&queens(&["show", "[]", "--format", "list"]).stdout),
        "[]\n"
    );
}

#[test]
fn records_round_trip_whatever_their_seconds() {
    let mut seconds = 0.0;
    for i in 0..200 {
        seconds += 0.1 / f64::from(i + 1) + 1e-9 * f64::from(i);
        let line = record_line(|r| r.seconds = seconds);
        let read = ShardRecord::parse(line.trim()).unwrap();
        assert_eq!(read.seconds.to_bits(), seconds.to_bits());
        assert_eq!(ShardRecord::merge(&[read]).unwrap().seconds, seconds);
    }
}

/// Runs `line` (bash, `$Q` the binary) in a new memory control group limited to `bytes`, as
/// a batch job's `--mem` or a container would; v1 or v2, whichever the machine mounts.
fn shell_in_cgroup(bytes: u64, line: &str) -> Output {
    let name = format!("queens-test-{}", std::process::id());
    let v1 = Path::new("/sys/fs/cgroup/memory");
    let (group, limit) = if v1.join("memory.limit_in_bytes").exists() {
        (v1.join(&name), "memory.limit_in_bytes")
    } else {
        (Path::new("/sys/fs/cgroup").join(&name), "memory.max")
    };
    std::fs::create_dir(&group).expect("a memory cgroup can be made (run as root)");
    std::fs::write(group.join(limit), bytes.to_string()).expect("the limit can be set");
    let procs = group.join("cgroup.procs");
    let out = shell(&format!("echo $$ > {}; {line}", procs.display()));
    // The group can be removed once its one process has ended.
    let _ = std::fs::remove_dir(&group);
    out
}

#[test]
#[ignore = "needs root to make a memory cgroup; run by .ci/run"]
fn a_cgroup_memory_limit_is_kept_or_refused_in_one_line_never_killed() {
    let mib = 1 << 20;
    // n = 23 needs 116 MiB on one thread even building only what each subproblem reads, in
    // its smallest batches.
    let refused = shell_in_cgroup(24 * mib, "exec $Q count 23 --threads 1");
    assert_refused(&refused, "needs about 116 MiB of memory, but only 2");
    // n = 18 with its tables (45 MiB, building them) does not fit in 40 MiB: each
    // subproblem builds its own rows.
    let streamed = shell_in_cgroup(40 * mib, "exec $Q count 18 --threads 1");
    assert_eq!(
        text(&streamed.stdout),
        "666090624\n",
        "{}",
        text(&streamed.stderr)
    );
    let fits = shell_in_cgroup(200 * mib, "exec $Q count 17");
    assert_eq!(text(&fits.stdout), "95815104\n", "{}", text(&fits.stderr));
}

#[test]
fn a_whole_checkpoint_of_the_other_engine_is_refused_for_its_engine() {
    // n = 14: Auto's join has far fewer subproblems than the constellation engine, whose
    // whole checkpoint an older build, choosing it for this n, would have written.
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    let args = ["count", "14", "--checkpoint", path_str(&cp)];
    let written = queens(&[&args[..], &["--engine", "constellations"]].concat());
    assert_eq!(
        text(&written.stdout),
        "365596\n",
        "{}",
        text(&written.stderr)
    );
    let out = queens(&args);
    assert_refused(
        &out,
        "it is for n = 14, shard 0/1, engine constellations, not n = 14, shard 0/1, engine quadrants",
    );
}

#[test]
fn output_to_a_descriptor_or_a_device_is_written_in_place_not_renamed_over() {
    let dir = temp_dir();
    let log = dir.path().join("log.txt");
    std::fs::write(&log, "old line\n").unwrap();
    let first = "[0, 4, 7, 5, 2, 6, 1, 3]\n";
    // Appended through the shell's own descriptor: what the file held stays.
    for target in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let out = shell(&format!(
            "$Q solve 8 --first 1 --format list --output {target} -q >> '{}'",
            log.display()
        ));
        assert!(out.status.success(), "{target}: {}", text(&out.stderr));
    }
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        format!("old line\n{first}{first}{first}")
    );
    // Written where the descriptor stands, between what the shell writes.
    let out = shell(&format!(
        "{{ echo header; $Q solve 8 --first 1 --format list --output /dev/fd/1 -q; echo footer; }} > '{}'",
        log.display()
    ));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        format!("header\n{first}footer\n")
    );
    // A descriptor other than stdout, and the other commands that take --output.
    let out = shell(&format!(
        "{{ echo header >&3; $Q animate 4 --output /dev/fd/3; }} 3> '{}'",
        log.display()
    ));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(
        written.starts_with("header\n<svg") && written.ends_with("</svg>\n"),
        "{written}"
    );
    // Through a pipe.
    let piped = shell("$Q solve 8 --first 1 --format list --output /dev/stdout -q | cat");
    assert_eq!(text(&piped.stdout), first, "{}", text(&piped.stderr));
    // A descriptor open for reading only: one line naming it, nothing replaced.
    let out = shell("$Q solve 8 --first 1 --format list --output /dev/stdin -q < /dev/null");
    assert_refused(&out, "cannot write /dev/stdin");
    // `-` is standard output for every command.
    let out = shell("$Q animate 4 --output -");
    assert!(
        text(&out.stdout).starts_with("<svg"),
        "{}",
        text(&out.stderr)
    );
    assert!(!Path::new("-").exists());
}

#[test]
fn merge_names_a_shard_counted_twice_that_disagrees_with_both_totals_and_files() {
    // A faulty machine's record carries a valid checksum and a wrong total: only a second
    // count of its shard shows it (issue 76).
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for shard in 0..3 {
        let path = dir.path().join(format!("shard{shard}.json"));
        let out = queens(
            &[
                "count",
                "13",
                "--shard",
                &format!("{shard}/3"),
                "--json",
                "-o",
            ]
            .iter()
            .copied()
            .chain([path.to_str().unwrap()])
            .collect::<Vec<_>>(),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        files.push(path);
    }
    let right = std::fs::read_to_string(&files[1]).unwrap();
    let mut wrong = ShardRecord::parse(right.trim()).unwrap();
    let total = wrong.total;
    wrong.total += 2;
    let again = dir.path().join("shard1-again.json");
    std::fs::write(&again, format!("{}\n", wrong.to_json())).unwrap();
    let merged = dir.path().join("merged.json");
    let mut args: Vec<&str> = vec!["merge", "-o", merged.to_str().unwrap()];
    args.extend(files.iter().chain([&again]).map(|f| f.to_str().unwrap()));
    let out = queens(&args);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    for expected in [
        "shard 1/3 was counted twice and the counts disagree".to_string(),
        format!("{total} solutions in {}", files[1].display()),
        format!("{} solutions in {}", total + 2, again.display()),
        "count it a third time on another machine".into(),
        "(`queens count 13 --shard 1/3 --json`)".into(),
    ] {
        assert!(said.contains(&expected), "{expected:?} not in {said}");
    }
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(!merged.exists(), "nothing is written");
    // The same shard twice with the same counts (a job that ran twice) is one.
    args.pop();
    args.push(files[1].to_str().unwrap());
    assert!(queens(&args).status.success());

    // Both records in one stream: each named by its line.
    let all = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<String>();
    let out = queens_with_input(&["merge"], format!("{all}{}\n", wrong.to_json()));
    let said = stderr(&out);
    for expected in [
        format!("{total} solutions in standard input line 2"),
        format!("{} solutions in standard input line 4", total + 2),
    ] {
        assert!(said.contains(&expected), "{expected:?} not in {said}");
    }
    // The same total, other classes: said as what differs, not as two equal totals.
    let with_classes = queens(&["count", "13", "--shard", "1/3", "--json", "--fundamental"]);
    let with_classes = text(&with_classes.stdout);
    let mut classes = ShardRecord::parse(with_classes.trim()).unwrap();
    classes.fundamental = classes.fundamental.map(|c| c + 1);
    std::fs::write(&again, format!("{}\n", classes.to_json())).unwrap();
    let out = queens_with_input(&["merge", "-", again.to_str().unwrap()], with_classes);
    let said = stderr(&out);
    assert!(said.contains("symmetry classes in"), "{said}");
    assert!(!said.contains(&format!("{total} solutions")), "{said}");
    // A record that does not fit the others is named by its file, and the first by its.
    let other = dir.path().join("other.json");
    let out = queens(&[
        "count",
        "12",
        "--shard",
        "1/3",
        "--json",
        "-o",
        other.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = queens(&["merge", files[0].to_str().unwrap(), other.to_str().unwrap()]);
    let said = stderr(&out);
    assert!(
        said.contains(&format!(
            "{}: cannot merge a record of n = 12 with one of n = 13 ({})",
            other.display(),
            files[0].display()
        )),
        "{said}"
    );
}

#[test]
fn verify_counts_an_audit_again_and_refuses_a_record_whose_audit_is_wrong() {
    // A faulty machine's record carries a valid checksum and a wrong total; its audit's
    // parts, counted again on another machine, show it (issue 76).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shard.json");
    let out = queens(&[
        "count",
        "17",
        "--shard",
        "5/12",
        "--json",
        "-o",
        path_str(&path),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line = std::fs::read_to_string(&path).unwrap();
    let record = ShardRecord::parse(line.trim()).unwrap();
    let audit = record.audit.clone().expect("counts are audited by default");
    assert!(!audit.agreed.is_empty(), "{line}");
    let out = queens(&["verify", path_str(&path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = text(&out.stdout);
    let parts = audit.agreed.len();
    assert!(
        said.contains(&format!(
            "shard 5/12 of n = 17: the {parts} parts of its audit agree here"
        )),
        "{said}"
    );

    // One part's solutions off by one, the checksum remade: refused, naming the part.
    let mut wrong = record.clone();
    let part = &mut wrong.audit.as_mut().unwrap().agreed[0];
    part.total += 1;
    let (subproblem, step) = (part.subproblem, part.part);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, format!("{}\n", wrong.to_json())).unwrap();
    let out = queens(&["verify", path_str(&bad)]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    for expected in [
        format!("part {step} of subproblem {subproblem}, and counted again here"),
        "count the shard a third time on another machine".to_string(),
        "(`queens count 17 --shard 5/12 --json`)".to_string(),
        path_str(&bad).to_string(),
    ] {
        assert!(said.contains(&expected), "{expected:?} not in {said}");
    }
    assert_eq!(said.lines().count(), 1, "{said}");

    // A part the record's identity does not draw, or not in its shard: refused on reading.
    let mut undrawn = record.clone();
    undrawn.audit.as_mut().unwrap().agreed[0].subproblem += 1;
    let out = queens_with_input(&["verify"], format!("{}\n", undrawn.to_json()));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not draw"), "{}", stderr(&out));

    // An audit that lists a part twice is refused on reading, as is no record at all.
    let mut twice = record.clone();
    let first = twice.audit.as_ref().unwrap().agreed[0];
    twice.audit.as_mut().unwrap().agreed.insert(0, first);
    let out = queens_with_input(&["verify"], format!("{}\n", twice.to_json()));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("twice"), "{}", stderr(&out));
    let out = queens_with_input(&["verify"], "\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no shard records to verify"),
        "{}",
        stderr(&out)
    );

    // Without an audit there is nothing to count again: said, not passed.
    let out = queens(&["count", "12", "--shard", "0/2", "--json", "--no-audit"]);
    assert!(
        !text(&out.stdout).contains("audit"),
        "{}",
        text(&out.stdout)
    );
    let unaudited = dir.path().join("unaudited.json");
    std::fs::write(&unaudited, &out.stdout).unwrap();
    let out = queens(&["verify", path_str(&unaudited)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("carries no audit"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn count_verbose_says_what_it_chose_for_the_processor_and_queens_l2_forces_the_cache() {
    let run = |l2: Option<&str>| {
        let mut command = Command::new(Q);
        command.args(["count", "16", "--threads", "1", "--verbose"]);
        command.env_remove("QUEENS_SIMD");
        match l2 {
            Some(value) => command.env("QUEENS_L2", value),
            None => command.env_remove("QUEENS_L2"),
        };
        command.output().unwrap()
    };
    let out = run(Some("512K"));
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    for expected in [
        "queens: the quadrants engine on the ",
        "the whole tables, shared by the threads",
        "queens: audit: ",
    ] {
        assert!(said.contains(expected), "{expected:?} not in {said}");
    }
    // Only the vector kernels size blocks by the cache, and say so.
    let kernels = cfg!(target_arch = "x86_64") && vector_unit();
    for sized in [
        "level 2 cache 512 KiB a core",
        "free half-boards 2048 chunks (128 KiB) at a time",
    ] {
        assert_eq!(said.contains(sized), kernels, "{sized:?} in {said}");
    }
    assert_eq!(text(&out.stdout), "14772512\n");
    // Blank is unset, as for QUEENS_SIMD; a size that means nothing is refused in one line.
    assert!(run(Some(" ")).status.success());
    // Written as --memory takes sizes, it is read alike.
    for good in ["512KB", "512k", "0.5M"] {
        let out = run(Some(good));
        assert!(out.status.success(), "{good}");
        assert_eq!(
            stderr(&out).contains("level 2 cache 512 KiB a core"),
            kernels,
            "{good}"
        );
    }
    for bad in ["huge", "0", "4G", "512QB", "1e6"] {
        let out = run(Some(bad));
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let said = stderr(&out);
        assert!(said.starts_with("queens: error: QUEENS_L2 is"), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
}

/// A count resumed from its checkpoint lists the parts the run that wrote it audited, and
/// says which run audited them: the audit's time is this run's alone.
#[test]
fn a_resumed_count_says_which_run_audited_its_parts() {
    let dir = temp_dir();
    let cp = dir.path().join("cp");
    let first = queens(&["count", "16", "--checkpoint", path_str(&cp), "--verbose"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let said = stderr(&first);
    assert!(
        said.contains("all agreed, in ") && said.contains("% of the count's time"),
        "{said}"
    );
    let audited = std::fs::read_to_string(&cp)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("audit "))
        .count();
    assert!(audited > 0);
    let again = queens(&["count", "16", "--checkpoint", path_str(&cp), "--verbose"]);
    assert_eq!(text(&again.stdout), "14772512\n");
    let said = stderr(&again);
    assert!(
        said.contains(&format!("audit: {audited} part"))
            && said.contains("all by the run that wrote the checkpoint (this run audited none)"),
        "{said}"
    );
}

/// Whether the processor has AVX2, which every vector kernel of the join needs.
fn vector_unit() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// `verify` reports every record it is given: a bad one among hundreds hides none of the
/// others, each failure said on a line of its own, and the exit status says that one failed.
/// Neither it nor `merge` writes its `--output` over a record it reads.
#[test]
fn verify_reports_every_record_and_no_output_replaces_an_input() {
    let dir = temp_dir();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let shard =
        |i: usize| text(&queens(&["count", "14", "--shard", &format!("{i}/2"), "--json"]).stdout);
    let good = [write("a.json", &shard(0)), write("b.json", &shard(1))];
    let bad = write("bad.json", "not a record\n");
    let edited = write("edited.json", &shard(1).replacen("\"of\":2", "\"of\":3", 1));
    let paths = [&good[0], &bad, &good[1], &edited].map(|p| path_str(p).to_string());
    let mut args = vec!["verify"];
    args.extend(paths.iter().map(String::as_str));
    let out = queens(&args);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stdout);
    assert_eq!(said.lines().count(), 2, "{said}");
    assert!(
        said.contains("a.json: shard 0/2") && said.contains("b.json: shard 1/2"),
        "{said}"
    );
    let err = text(&out.stderr);
    let errors: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("queens: error: "))
        .collect();
    assert_eq!(errors.len(), 3, "{err}");
    assert!(
        errors[0].contains("bad.json") && errors[1].contains("edited.json"),
        "{err}"
    );
    assert!(errors[2].contains("2 of the records"), "{err}");

    // One file of several records, a bad one between: the others are verified too; a
    // file with none is refused; the failed run leaves its output file as it was.
    let several = write(
        "several.json",
        &format!("{}not a record\n{}", shard(0), shard(1)),
    );
    let empty = write("empty.json", "");
    let kept = write("kept.txt", "kept\n");
    let out = queens(&[
        "verify",
        path_str(&several),
        path_str(&empty),
        "-o",
        path_str(&kept),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("several.json: shard records: line 2:"),
        "{err}"
    );
    assert!(err.contains("empty.json: no shard records in it"), "{err}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "kept\n");
    let out = queens(&["verify", path_str(&several)]);
    let said = text(&out.stdout);
    assert!(
        said.contains("several.json line 1: shard 0/2")
            && said.contains("several.json line 3: shard 1/2"),
        "{said}"
    );

    let before = std::fs::read(&good[0]).unwrap();
    let stdin = std::fs::File::open(&good[0]).unwrap();
    let out = Command::new(Q)
        .args(["merge", "-", path_str(&good[1]), "-o", path_str(&good[0])])
        .stdin(stdin)
        .output()
        .unwrap();
    assert_refused(&out, "which is the file on standard input");
    assert_eq!(std::fs::read(&good[0]).unwrap(), before);
    for command in ["verify", "merge"] {
        let out = queens(&[
            command,
            path_str(&good[0]),
            path_str(&good[1]),
            "-o",
            path_str(&good[0]),
        ]);
        assert_refused(
            &out,
            "which is one of the records read: writing there would replace it",
        );
        assert_eq!(std::fs::read(&good[0]).unwrap(), before, "{command}");
    }
}

/// A count whose result cannot be written (a full disk, here `/dev/full`) says the result
/// on standard error rather than lose it.
#[cfg(target_os = "linux")]
#[test]
fn a_result_that_cannot_be_written_is_said_not_lost() {
    let out = queens(&["count", "12", "-o", "/dev/full"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("queens: the count's result, which was not written: 14200"),
        "{err}"
    );
}
