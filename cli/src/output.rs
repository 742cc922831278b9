//! Where every command writes: standard output, or the file `--output` names (`-` is
//! standard output), and a stream of solutions in the chosen format.
//!
//! Output leaves in whole records: a solution's text, or a line of any other command, is
//! never split between two writes, and an interrupt (Ctrl-C, `kill`) waits for a write under
//! way, so a stream cut short still ends on a complete line. A file named by `--output` is
//! written beside its target and renamed over it only when everything was written, so a
//! failed run leaves the target as it was.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

use queens::{Solution, Style, formats};
use tempfile::NamedTempFile;

use crate::Failure;
use crate::args::Format;

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

/// What an interrupt says before the process ends: `queens: interrupted` unless a command
/// has more to say (a count, what it had done).
type Report = Box<dyn Fn() + Send>;
static REPORT: Mutex<Option<Report>> = Mutex::new(None);

/// Has an interrupt (Ctrl-C, `kill`, a closed terminal) end the process with exit code 130
/// once a write under way is done, removing the temporary file of `--output`, and saying
/// `report` instead of `queens: interrupted`.
pub fn on_interrupt(report: impl Fn() + Send + 'static) {
    *REPORT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(report));
    handle_interrupts();
}

/// Installs the one interrupt handler of the process, once.
fn handle_interrupts() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            let temp = lock();
            if let Some(path) = temp.as_ref() {
                let _ = std::fs::remove_file(path);
            }
            let report = REPORT
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match report.as_ref() {
                Some(report) => report(),
                None => crate::say(format_args!("queens: interrupted")),
            }
            std::process::exit(130);
        });
    });
}

/// Standard output, once it is known to be open: writes to a closed descriptor would
/// otherwise vanish without an error.
pub fn stdout() -> Result<io::Stdout, Failure> {
    if stdout_was_closed() {
        return Err(Failure::Refused("standard output is closed".into()));
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

/// The format to write a board of `n` queens in: the one asked for, which must be able to
/// show it; without one, dots, or for a board too large to draw a list, said on stderr.
pub fn format_for(n: usize, asked: Option<Format>) -> Result<Format, Failure> {
    match asked {
        Some(format) => check_drawable(n, format).map(|()| format),
        None if n <= MAX_DRAWN => Ok(Format::Text(Style::Dots)),
        None => {
            crate::say(format_args!(
                "queens: a {n}x{n} board is too large to draw (at most {MAX_DRAWN}): written as a list; --format chooses another"
            ));
            Ok(Format::Text(Style::List))
        }
    }
}

/// Refuses formats that draw every square for boards too large to read.
fn check_drawable(n: usize, format: Format) -> Result<(), Failure> {
    let draws_squares = match format {
        Format::Text(style) => style.is_board(),
        Format::Svg => true,
        Format::Json => false,
    };
    if draws_squares && n > MAX_DRAWN {
        return Err(Failure::Refused(format!(
            "a {n}x{n} board is too large to draw (at most {MAX_DRAWN}); use --format list, json, fen or algebraic"
        )));
    }
    Ok(())
}

/// The most bytes the text of one solution of `n` queens takes in `format`, heading aside:
/// every solution holds the columns 0 to n - 1 once each, so the widest number bounds it.
pub fn text_bytes(n: usize, format: Format) -> u64 {
    let n64 = n as u64;
    let digits = u64::from(n64.max(1).ilog10()) + 1;
    match format {
        Format::Text(style) => style.max_bytes(n).saturating_add(64),
        Format::Json => n64.saturating_mul(digits + 1).saturating_add(64),
        // Drawn boards (at most MAX_DRAWN a side): a square's element and its label's.
        Format::Svg => n64.saturating_mul(5 * n64 + digits + 2).saturating_add(64),
    }
}

fn out_of_memory(n: usize, format: Format) -> Failure {
    Failure::Refused(format!(
        "not enough memory for the text of a solution of {n} queens (up to {})",
        crate::units::size(text_bytes(n, format), true)
    ))
}

/// Where the records go.
enum Sink {
    Stdout(io::Stdout),
    /// What `--output` names that is not a regular file, written in place: a descriptor the
    /// process holds (`/dev/stdout`, `/dev/fd/3`: written through it, so a shell's `>>` and
    /// what was written before are kept), a device or a pipe.
    Direct {
        file: File,
        path: PathBuf,
    },
    /// A temporary file beside `target`, renamed over it by [`SolutionWriter::finish`].
    File {
        temp: NamedTempFile,
        target: PathBuf,
    },
}

impl Sink {
    /// Opens what `path` names for writing: `-` is standard output, a descriptor or a
    /// device is written in place, and a regular file is written beside and renamed over.
    fn open(path: &Path) -> Result<Sink, Failure> {
        if path == Path::new("-") {
            return Ok(Sink::Stdout(stdout()?));
        }
        let cannot =
            |err: io::Error| Failure::Refused(format!("cannot write {}: {err}", path.display()));
        let target = match resolved(path)? {
            Resolved::Descriptor(fd) => {
                return descriptor(fd)
                    .map(|file| Sink::direct(file, path))
                    .map_err(cannot);
            }
            Resolved::Path(target) => target,
        };
        if std::fs::metadata(&target).is_ok_and(|meta| !meta.is_file()) {
            // No truncation: a FIFO or a device has nothing to keep, and opening one
            // must not destroy what a file behind it holds.
            return OpenOptions::new()
                .write(true)
                .open(&target)
                .map(|file| Sink::direct(file, path))
                .map_err(cannot);
        }
        let temp = temporary_beside(&target)?;
        *lock() = Some(temp.path().to_path_buf());
        Ok(Sink::File { temp, target })
    }

    fn direct(file: File, path: &Path) -> Sink {
        Sink::Direct {
            file,
            path: path.to_path_buf(),
        }
    }

    /// Writes `bytes`; an error names the file, and keeps its kind (a closed pipe ends the
    /// run quietly).
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let (written, path) = match self {
            Sink::Stdout(out) => return out.write_all(bytes),
            Sink::Direct { file, path } => (file.write_all(bytes), &*path),
            Sink::File { temp, target } => (temp.write_all(bytes), &*target),
        };
        written.map_err(|err| match err.kind() {
            io::ErrorKind::BrokenPipe => err,
            kind => io::Error::new(kind, format!("cannot write {}: {err}", path.display())),
        })
    }

    /// Opens what `--output` names, standard output when it names nothing, and has an
    /// interrupt wait for a write under way and remove a temporary file.
    fn for_output(path: Option<&Path>) -> Result<Sink, Failure> {
        handle_interrupts();
        match path {
            Some(path) => Sink::open(path),
            None => Ok(Sink::Stdout(stdout()?)),
        }
    }
}

/// The output of a command other than a stream of solutions, written in whole lines as
/// they come (in chunks), then finished: a file named by `--output` is put in place only
/// then.
pub struct Out {
    sink: Sink,
    /// What was written and not yet passed on.
    pending: Vec<u8>,
}

impl Out {
    /// Opens what `--output` names, standard output when it names nothing or `-`.
    pub fn open(path: Option<&Path>) -> Result<Out, Failure> {
        Ok(Out {
            sink: Sink::for_output(path)?,
            pending: Vec::with_capacity(CHUNK),
        })
    }

    /// Passes on the whole lines written so far.
    fn write_lines(&mut self) -> io::Result<()> {
        let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') else {
            return Ok(());
        };
        let _writing = lock();
        self.sink.write_all(&self.pending[..=end])?;
        self.pending.drain(..=end);
        Ok(())
    }

    /// Writes what is left, flushes, and puts a file in place of its target.
    pub fn finish(mut self) -> Result<(), Failure> {
        {
            let _writing = lock();
            self.sink.write_all(&self.pending)?;
        }
        self.pending.clear();
        self.sink.finish()
    }
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        if self.pending.len() >= CHUNK {
            self.write_lines()?;
        }
        Ok(bytes.len())
    }

    /// Passes on the whole lines written; a line under way waits for its end.
    fn flush(&mut self) -> io::Result<()> {
        self.write_lines()
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
    /// Opens the output `--output` names (a temporary file beside the target), or stdout
    /// for none; from here on an interrupt ends the process between two writes.
    pub fn create(output: Option<&Path>, format: Format, numbered: bool) -> Result<Self, Failure> {
        Ok(SolutionWriter {
            sink: Sink::for_output(output)?,
            format,
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
                let mut line = std::mem::take(&mut self.line);
                line.clear();
                // Reserved at once, so that a board too large for memory is an error.
                let room = usize::try_from(text_bytes(solution.n(), self.format))
                    .map_err(|_| out_of_memory(solution.n(), self.format))?;
                line.try_reserve(room)
                    .map_err(|_| out_of_memory(solution.n(), self.format))?;
                if style.is_board() && self.written > 1 {
                    line.push('\n');
                }
                board.write_into(&mut line);
                if !style.is_board() {
                    line.push('\n');
                }
                let pushed = self.push(line.as_bytes());
                self.line = line;
                pushed?;
            }
            Format::Json => {
                let index = NonZeroUsize::MIN.saturating_add(self.written - 1);
                let mut record = formats::json_record(&solution, index);
                record.push('\n');
                self.push(record.as_bytes())?;
            }
            Format::Svg => {
                if self.svg_boards.len() == MAX_SVG_BOARDS {
                    return Err(Failure::Refused(format!(
                        "an SVG picture holds at most {MAX_SVG_BOARDS} boards; use --first to choose fewer"
                    )));
                }
                self.svg_boards.push(solution);
            }
        }
        Ok(())
    }

    /// Adds a whole record to what is written next; a record larger than a chunk is
    /// written as it is, not copied.
    fn push(&mut self, record: &[u8]) -> Result<(), Failure> {
        if record.len() >= CHUNK {
            self.write_pending()?;
            let _writing = lock();
            return Ok(self.sink.write_all(record)?);
        }
        self.pending.extend_from_slice(record);
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
        self.sink.finish()
    }
}

impl Sink {
    /// Flushes, and puts a temporary file in place of its target.
    fn finish(self) -> Result<(), Failure> {
        let mut temp_path = lock();
        match self {
            Sink::Stdout(mut out) => out.flush()?,
            Sink::Direct { mut file, .. } => file.flush()?,
            Sink::File { temp, target } => {
                let cannot = |err: io::Error| {
                    Failure::Refused(format!("cannot write {}: {err}", target.display()))
                };
                keep_permissions(&temp, &target).map_err(cannot)?;
                temp.as_file().sync_all().map_err(cannot)?;
                temp.persist(&target).map_err(|err| cannot(err.error))?;
                *temp_path = None;
            }
        }
        Ok(())
    }
}

/// What `--output` names once symbolic links are followed.
enum Resolved {
    /// A descriptor of this process, by number: `/dev/stdout`, `/dev/fd/N`,
    /// `/proc/self/fd/N`. Following such a link further would reach the file or pipe behind
    /// the descriptor and lose the descriptor's position and append mode.
    Descriptor(i32),
    Path(PathBuf),
}

/// The file `target` names: a symbolic link is followed (to a file that may not exist
/// yet), so that the file it points to is replaced and the link kept, up to a descriptor of
/// this process. A file with other hard links is refused: replacing it would detach them,
/// and writing it in place would not be atomic.
fn resolved(target: &Path) -> Result<Resolved, Failure> {
    // Linux's own limit on links followed in one path.
    const MAX_LINKS: usize = 40;
    let mut path = target.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(fd) = own_descriptor(&path) {
            return Ok(Resolved::Descriptor(fd));
        }
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(_) => return Ok(Resolved::Path(path)),
        };
        if !meta.file_type().is_symlink() {
            refuse_hard_links(target, &meta)?;
            return Ok(Resolved::Path(path));
        }
        let link = std::fs::read_link(&path)
            .map_err(|err| Failure::Refused(format!("cannot write {}: {err}", target.display())))?;
        path = match path.parent() {
            Some(parent) => parent.join(link),
            None => link,
        };
    }
    Err(Failure::Refused(format!(
        "cannot write {}: more than {MAX_LINKS} symbolic links to follow",
        target.display()
    )))
}

/// The number of the descriptor `path` names, if it is an entry of this process's
/// descriptor folder (`/proc/<pid>/fd` or a thread's on Linux, `/dev/fd` elsewhere).
fn own_descriptor(path: &Path) -> Option<i32> {
    let fd = path.file_name()?.to_str()?.parse().ok()?;
    let folder = std::fs::canonicalize(path.parent()?).ok()?;
    let pid = std::process::id().to_string();
    let mut parts = folder.components().map(|part| part.as_os_str().to_str());
    let ours = match [(); 6].map(|()| parts.next().flatten()) {
        [Some("/"), Some("proc"), Some(p), Some("fd"), None, None] => p == pid,
        [
            Some("/"),
            Some("proc"),
            Some(p),
            Some("task"),
            Some(_),
            Some("fd"),
        ] => p == pid && parts.next().is_none(),
        [Some("/"), Some("dev"), Some("fd"), None, None, None] => true,
        _ => false,
    };
    ours.then_some(fd)
}

/// A descriptor of this process, shared: what is written through it lands where the
/// descriptor's own writes would.
#[cfg(unix)]
fn descriptor(fd: i32) -> io::Result<File> {
    use std::os::fd::{AsFd, BorrowedFd};
    let owned = match fd {
        1 => io::stdout().as_fd().try_clone_to_owned()?,
        2 => io::stderr().as_fd().try_clone_to_owned()?,
        _ if fd < 0 => return Err(io::ErrorKind::InvalidInput.into()),
        _ => {
            // SAFETY: `fd` is not -1, and it is open: the process's descriptor folder
            // listed it a moment ago, and nothing closes descriptors it did not open while
            // the command starts. It is borrowed only to be duplicated at once.
            let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
            borrowed.try_clone_to_owned()?
        }
    };
    Ok(File::from(owned))
}

#[cfg(not(unix))]
fn descriptor(_: i32) -> io::Result<File> {
    Err(io::ErrorKind::Unsupported.into())
}

#[cfg(unix)]
fn refuse_hard_links(target: &Path, meta: &std::fs::Metadata) -> Result<(), Failure> {
    use std::os::unix::fs::MetadataExt;
    if meta.is_file() && meta.nlink() > 1 {
        return Err(Failure::Refused(format!(
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
        Failure::Refused(format!(
            "cannot write {}: not a file name",
            target.display()
        ))
    })?;
    if !folder.as_os_str().is_empty() && !folder.is_dir() {
        return Err(Failure::Refused(format!(
            "cannot create {}: there is no folder {}",
            target.display(),
            folder.display()
        )));
    }
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".partial")
        .tempfile_in(folder)
        // The error's kind, not its text, which names the temporary file.
        .map_err(|err| {
            let err = std::io::Error::from(err.kind());
            Failure::Refused(format!("cannot create {}: {err}", target.display()))
        })
}
