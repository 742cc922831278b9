//! Writing a stream of solutions in the chosen format, to standard output or a file.
//!
//! Output leaves in whole records: a solution's text is never split between two writes, and
//! an interrupt (Ctrl-C, `kill`) waits for a write under way, so a stream cut short still ends
//! on a complete line. A file named by `--output` is written beside its target and renamed
//! over it only when everything was written, so a failed run leaves the target as it was.

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use queens::{Solution, formats};
use tempfile::NamedTempFile;

use crate::Failure;
use crate::args::{Format, FormatArgs};

/// An SVG holds every board in memory; more than this is surely a mistake.
const MAX_SVG_BOARDS: usize = 10_000;

/// Largest board drawn square by square: a board format prints n² characters.
const MAX_DRAWN: usize = 1000;

/// Records are gathered up to this many bytes before they are written.
const CHUNK: usize = 1 << 16;

/// Held while output is written, and by the interrupt handler until the process exits: so
/// the process never ends in the middle of a write. It holds the temporary file to remove
/// if the run is interrupted.
static WRITING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Standard output, once it is known to be open: writes to a closed descriptor would
/// otherwise vanish without an error.
pub fn stdout() -> Result<io::Stdout, Failure> {
    if stdout_was_closed() {
        return Err(Failure::Usage("standard output is closed".into()));
    }
    Ok(io::stdout())
}

/// Rust's runtime reopens a closed standard output on `/dev/null` for reading and writing,
/// where a shell's `> /dev/null` opens it for writing only: that tells the two apart.
#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == Path::new("/dev/null"));
    is_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("flags:"))
                .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
                .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
        })
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

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

/// Where the records go.
enum Sink {
    Stdout(io::Stdout),
    /// A device or a pipe named by `--output` (`/dev/null`, say): written in place.
    Direct(std::fs::File),
    /// A temporary file beside `target`, renamed over it by [`SolutionWriter::finish`].
    File {
        temp: NamedTempFile,
        target: PathBuf,
    },
}

impl Sink {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.write_all(bytes),
            Sink::Direct(file) => file.write_all(bytes),
            Sink::File { temp, .. } => temp.write_all(bytes),
        }
    }
}

/// Writes solutions one at a time, as they arrive.
pub struct SolutionWriter {
    sink: Sink,
    format: Format,
    /// Whether text boards get an `answer K:` heading.
    numbered: bool,
    written: usize,
    /// Whole records not yet written.
    pending: Vec<u8>,
    /// The text of the solution being written.
    line: String,
    /// Boards waiting for the one SVG picture written at the end.
    svg_boards: Vec<Solution>,
}

impl SolutionWriter {
    /// Opens the output named by the arguments: a temporary file beside the target, or
    /// stdout; from here on an interrupt ends the process between two writes.
    pub fn create(args: &FormatArgs, numbered: bool) -> Result<Self, Failure> {
        let target = args.output.as_deref().map(resolved).transpose()?;
        let sink = match &target {
            Some(target) if std::fs::metadata(target).is_ok_and(|meta| !meta.is_file()) => {
                Sink::Direct(std::fs::File::create(target).map_err(|err| {
                    Failure::Usage(format!("cannot write {}: {err}", target.display()))
                })?)
            }
            Some(target) => {
                let temp = temporary_beside(target)?;
                *lock() = Some(temp.path().to_path_buf());
                Sink::File {
                    temp,
                    target: target.clone(),
                }
            }
            None => Sink::Stdout(stdout()?),
        };
        // Only the first handler installed counts; a second writer changes nothing.
        let _ = ctrlc::set_handler(|| {
            let temp = lock();
            if let Some(path) = temp.as_ref() {
                let _ = std::fs::remove_file(path);
            }
            crate::say(format_args!("queens: interrupted"));
            std::process::exit(130);
        });
        Ok(SolutionWriter {
            sink,
            format: args.format,
            numbered,
            written: 0,
            pending: Vec::with_capacity(CHUNK),
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
                self.pending.extend_from_slice(self.line.as_bytes());
            }
            Format::Json => {
                let index = NonZeroUsize::MIN.saturating_add(self.written - 1);
                self.pending
                    .extend_from_slice(formats::json_record(&solution, index).as_bytes());
                self.pending.push(b'\n');
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
        if self.pending.len() >= CHUNK {
            self.write_pending()?;
        }
        Ok(())
    }

    fn write_pending(&mut self) -> Result<(), Failure> {
        let _writing = lock();
        self.sink.write_all(&self.pending)?;
        self.pending.clear();
        Ok(())
    }

    /// Writes what was held back, flushes, and puts a file in place of its target.
    pub fn finish(mut self) -> Result<(), Failure> {
        if self.format == Format::Svg {
            self.pending
                .extend_from_slice(queens::formats::svg(&self.svg_boards).as_bytes());
        }
        self.write_pending()?;
        let mut temp_path = lock();
        match self.sink {
            Sink::Stdout(mut out) => out.flush()?,
            Sink::Direct(mut file) => file.flush()?,
            Sink::File { temp, target } => {
                keep_permissions(&temp, &target)?;
                temp.as_file().sync_all()?;
                temp.persist(&target).map_err(|err| {
                    Failure::Usage(format!("cannot write {}: {}", target.display(), err.error))
                })?;
                *temp_path = None;
            }
        }
        Ok(())
    }
}

/// Writes `bytes` to a temporary file beside `target` and renames it over `target`, so that
/// a failed write leaves `target` as it was.
pub fn write_file(target: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let target = &resolved(target)?;
    let cannot =
        |err: io::Error| Failure::Usage(format!("cannot write {}: {err}", target.display()));
    let mut temp = temporary_beside(target)?;
    temp.write_all(bytes).map_err(cannot)?;
    keep_permissions(&temp, target).map_err(cannot)?;
    temp.as_file().sync_all().map_err(cannot)?;
    temp.persist(target).map_err(|err| cannot(err.error))?;
    Ok(())
}

/// The file `target` names: a symbolic link is followed (to a file that may not exist
/// yet), so that the file it points to is replaced and the link kept. A file with other
/// hard links is refused: replacing it would detach them, and writing it in place would
/// not be atomic.
fn resolved(target: &Path) -> Result<PathBuf, Failure> {
    // Linux's own limit on links followed in one path.
    const MAX_LINKS: usize = 40;
    let mut path = target.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(_) => return Ok(path),
        };
        if !meta.file_type().is_symlink() {
            refuse_hard_links(target, &meta)?;
            return Ok(path);
        }
        let link = std::fs::read_link(&path)
            .map_err(|err| Failure::Usage(format!("cannot write {}: {err}", target.display())))?;
        path = match path.parent() {
            Some(parent) => parent.join(link),
            None => link,
        };
    }
    Err(Failure::Usage(format!(
        "cannot write {}: more than {MAX_LINKS} symbolic links to follow",
        target.display()
    )))
}

#[cfg(unix)]
fn refuse_hard_links(target: &Path, meta: &std::fs::Metadata) -> Result<(), Failure> {
    use std::os::unix::fs::MetadataExt;
    if meta.is_file() && meta.nlink() > 1 {
        return Err(Failure::Usage(format!(
            "{} has {} hard links, which replacing it would detach: write elsewhere, or remove the other links first",
            target.display(),
            meta.nlink()
        )));
    }
    Ok(())
}

#[cfg(not(unix))]
fn refuse_hard_links(_: &Path, _: &std::fs::Metadata) -> Result<(), Failure> {
    Ok(())
}

/// A replaced file keeps its permissions; a new one gets the usual ones rather than the
/// owner-only ones of a temporary file.
fn keep_permissions(temp: &NamedTempFile, target: &Path) -> io::Result<()> {
    let permissions = match std::fs::metadata(target) {
        Ok(meta) => meta.permissions(),
        #[cfg(unix)]
        Err(_) => std::os::unix::fs::PermissionsExt::from_mode(0o644),
        #[cfg(not(unix))]
        Err(_) => return Ok(()),
    };
    temp.as_file().set_permissions(permissions)
}

fn lock() -> std::sync::MutexGuard<'static, Option<PathBuf>> {
    WRITING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A new file in the target's folder, so that renaming it over the target is atomic.
fn temporary_beside(target: &Path) -> Result<NamedTempFile, Failure> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = target.file_name().ok_or_else(|| {
        Failure::Usage(format!(
            "cannot write {}: not a file name",
            target.display()
        ))
    })?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".partial")
        .tempfile_in(folder)
        .map_err(|err| Failure::Usage(format!("cannot create {}: {err}", target.display())))
}
