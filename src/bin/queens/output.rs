//! Writing a stream of solutions in the chosen format, to standard output or a file.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use queens::Solution;

use crate::Failure;
use crate::args::{Format, FormatArgs};

/// An SVG holds every board in memory; more than this is surely a mistake.
const MAX_SVG_BOARDS: usize = 10_000;

/// Largest board drawn square by square: a board format prints n² characters.
const MAX_DRAWN: usize = 1000;

/// Refuses formats that draw every square for boards too large to read.
pub fn check_drawable(n: usize, format: Format) -> Result<(), Failure> {
    let draws_squares = match format {
        Format::Text(style) => style.is_board(),
        Format::Svg => true,
        Format::Json => false,
    };
    if draws_squares && n > MAX_DRAWN {
        return Err(Failure::Usage(format!(
            "a {n}x{n} board is too large to draw (at most {MAX_DRAWN}); use --format list, json, fen or algebraic"
        )));
    }
    Ok(())
}

/// Writes solutions one at a time, as they arrive.
pub struct SolutionWriter {
    out: Box<dyn Write>,
    format: Format,
    /// Whether text boards get an `answer K:` heading.
    numbered: bool,
    written: usize,
    /// The text of the solution being written.
    line: String,
    /// Boards waiting for the one SVG picture written at the end.
    svg_boards: Vec<Solution>,
}

impl SolutionWriter {
    /// Opens the output named by the arguments: a file, or locked and buffered stdout.
    pub fn create(args: &FormatArgs, numbered: bool) -> Result<Self, Failure> {
        let out: Box<dyn Write> = match &args.output {
            Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|err| {
                Failure::Usage(format!("cannot create {}: {err}", path.display()))
            })?)),
            None => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
        };
        Ok(SolutionWriter {
            out,
            format: args.format,
            numbered,
            written: 0,
            line: String::new(),
            svg_boards: Vec::new(),
        })
    }

    /// How many solutions have been written.
    pub fn written(&self) -> usize {
        self.written
    }

    pub fn write(&mut self, solution: Solution) -> Result<(), Failure> {
        self.written += 1;
        match self.format {
            Format::Text(style) => {
                let board = solution.render(style);
                let board = if self.numbered {
                    board.numbered(self.written)
                } else {
                    board
                };
                // One reused String per solution: formatting piece by piece into the writer
                // costs more than the search.
                self.line.clear();
                if style.is_board() && self.written > 1 {
                    self.line.push('\n');
                }
                board.write_into(&mut self.line);
                if !style.is_board() {
                    self.line.push('\n');
                }
                self.out.write_all(self.line.as_bytes())?;
            }
            Format::Json => {
                let columns: Vec<String> = solution.iter().map(usize::to_string).collect();
                writeln!(
                    self.out,
                    r#"{{"n":{},"index":{},"columns":[{}]}}"#,
                    solution.n(),
                    self.written,
                    columns.join(",")
                )?;
            }
            Format::Svg => {
                if self.svg_boards.len() == MAX_SVG_BOARDS {
                    return Err(Failure::Usage(format!(
                        "an SVG picture holds at most {MAX_SVG_BOARDS} boards; use --first to choose fewer"
                    )));
                }
                self.svg_boards.push(solution);
            }
        }
        Ok(())
    }

    /// Writes what was held back and flushes.
    pub fn finish(mut self) -> Result<(), Failure> {
        if self.format == Format::Svg {
            self.out
                .write_all(queens::svg(&self.svg_boards).as_bytes())?;
        }
        self.out.flush()?;
        Ok(())
    }
}
