//! [`Choices`]: what a count chose for the processor it runs on, for a front end to show.

use std::fmt;

use crate::counting::contract::engine::Engine;
use crate::counting::engines;
use crate::counting::simd::vector_kernels;

/// What a count chose for the processor it runs on, rather than for the machine it was
/// tuned on: its vector kernels, the level 2 cache it sized its blocks by, and what its
/// engine chose by them and the memory ([`Prepared::choices`](crate::counting::Prepared::choices);
/// `queens count --verbose` prints it).
///
/// # Examples
///
/// ```
/// let choices = queens::counting::Counter::new(16)?.threads(1).prepare()?.choices();
/// assert_eq!(choices.engine, queens::counting::Engine::Quadrants);
/// assert!(choices.to_string().starts_with("the quadrants engine on "));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Choices {
    /// The engine that counts.
    pub engine: Engine,
    /// The widest vector kernels the count runs (`"AVX-512"`, `"AVX2"`), or `None` for the
    /// portable code: no vector unit, another architecture, `QUEENS_SIMD=scalar`, or an
    /// engine with no kernels (the bitboard search).
    pub kernels: Option<&'static str>,
    /// A core's level 2 cache as the operating system reports it (or `QUEENS_L2` says, to
    /// try here blocks sized for another processor), or `None` where neither does (the
    /// kernels then take 1 MiB).
    pub l2_bytes: Option<usize>,
    /// What the engine chose besides, a phrase each (the join: its storage, by the memory;
    /// its blocks, by the cache).
    pub engine_choices: Vec<String>,
}

impl Choices {
    /// The choices of a count of `n` by `engine` on `threads` threads within `memory`.
    pub(crate) fn of(engine: Engine, n: usize, threads: usize, memory: Option<u64>) -> Choices {
        #[cfg(target_arch = "x86_64")]
        let l2_bytes = match crate::counting::simd::cache::from_environment() {
            Ok(Some(bytes)) => Some(bytes),
            _ => crate::counting::simd::cache::l2_reported(),
        };
        #[cfg(not(target_arch = "x86_64"))]
        let l2_bytes = None;
        Choices {
            engine,
            kernels: vector_kernels().filter(|_| engines::method(engine).has_kernels()),
            l2_bytes,
            engine_choices: engines::method(engine).choices(n, threads, memory),
        }
    }
}

impl fmt::Display for Choices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} engine on ", self.engine)?;
        match self.kernels {
            Some(kernels) => write!(f, "the {kernels} kernels")?,
            None if engines::method(self.engine).has_kernels() => {
                f.write_str("the portable code (no vector kernels run here)")?;
            }
            None => f.write_str("the portable code (it has no vector kernels)")?,
        }
        match self.l2_bytes {
            Some(bytes) => write!(f, "; level 2 cache {} KiB a core", bytes >> 10)?,
            None => f.write_str("; level 2 cache not reported (1 MiB taken)")?,
        }
        for choice in &self.engine_choices {
            write!(f, "; {choice}")?;
        }
        Ok(())
    }
}
