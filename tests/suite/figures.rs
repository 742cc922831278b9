//! Figures that cannot drift: every table of timings in README.md and docs/ sits between
//! markers naming the command that prints it, so `python3 scripts/figures.py` regenerates
//! it; each names an example that exists and carries the stamp of the machine it ran on.
//! And the README stays a front door.

use std::path::Path;

const OPEN: &str = "<!-- figures";
const CLOSE: &str = "<!-- /figures -->";

fn pages() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![("README.md".to_string(), read(&root.join("README.md")))];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    for path in docs {
        let name = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
        pages.push((name, read(&path)));
    }
    pages
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Whether a table cell holds a time: a number with a unit of time, or hours of CPU.
fn is_timing(cell: &str) -> bool {
    const UNITS: [&str; 4] = ["ns", "µs", "ms", "s"];
    let words: Vec<&str> = cell
        .split(|c: char| c.is_whitespace() || c == '(')
        .map(|word| word.trim_end_matches([')', ',', ';']))
        .collect();
    words.iter().enumerate().any(|(i, word)| {
        let number = |text: &str| !text.is_empty() && text.replace(',', "").parse::<f64>().is_ok();
        let unit_follows = number(word) && words.get(i + 1).is_some_and(|w| UNITS.contains(w));
        let unit_attached = UNITS
            .iter()
            .any(|unit| word.strip_suffix(unit).is_some_and(number));
        unit_follows || unit_attached
    }) || cell.contains("CPU-hours")
        || cell.contains("(s)")
}

/// Each table of a page (its lines), with whether it lies between figures markers.
fn tables(text: &str) -> Vec<(Vec<&str>, bool)> {
    let mut found = Vec::new();
    let mut current = Vec::new();
    let mut marked = false;
    for line in text.lines().chain([""]) {
        if line.starts_with(OPEN) {
            marked = true;
        } else if line.starts_with(CLOSE) {
            marked = false;
        }
        if line.starts_with('|') {
            current.push(line);
        } else if !current.is_empty() {
            found.push((std::mem::take(&mut current), marked));
        }
    }
    found
}

#[test]
fn every_table_of_timings_is_regenerated_by_a_command() {
    let mut marked = 0;
    for (page, text) in pages() {
        for (table, is_marked) in tables(&text) {
            let timed = table.iter().find(|row| row.split('|').any(is_timing));
            assert!(
                timed.is_none() || is_marked,
                "{page}: a table of timings outside figures markers: {timed:?}"
            );
            marked += usize::from(is_marked);
        }
    }
    assert!(marked >= 10, "the pages quote measured tables");
}

#[test]
fn every_marked_table_names_an_example_and_is_stamped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for (page, text) in pages() {
        for block in text.split(OPEN).skip(1) {
            let (marker, rest) = block.split_once("-->").unwrap();
            let body = rest.split(CLOSE).next().unwrap();
            let command = marker.split_once(": ").map_or("", |(_, c)| c).trim();
            assert!(!command.is_empty(), "{page}: a marker without a command");
            for part in command.split(" ;; ") {
                if let Some(after) = part.split("--example ").nth(1) {
                    let name = after.split_whitespace().next().unwrap();
                    let file = root.join("examples").join(format!("{name}.rs"));
                    assert!(file.exists(), "{page}: no example {name}");
                }
            }
            assert!(
                body.lines().any(|line| line.starts_with("| ")),
                "{page}: `{command}` has no table yet: run python3 scripts/figures.py"
            );
            assert!(
                body.contains("<sub>Measured on "),
                "{page}: `{command}` is not stamped"
            );
            seen += 1;
        }
    }
    assert!(seen >= 10);
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = include_str!("../../README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; guides belong in docs/"
    );
    for needed in [
        "cargo add queens",
        "cargo run --release -- 8",
        "cargo test --all-features",
    ] {
        assert!(readme.contains(needed), "README.md lacks {needed:?}");
    }
}

#[test]
fn the_timing_test_knows_a_timing() {
    for cell in [
        " 0.071 s ",
        "9.9ms",
        "1.2 µs (4.7x)",
        "31.2 CPU-hours",
        "2,294 ms",
    ] {
        assert!(is_timing(cell), "{cell}");
    }
    for cell in [" 14200 ", "7.7 MB", "`queens solve 8`", "4 solutions"] {
        assert!(!is_timing(cell), "{cell}");
    }
}
