//! [`Choices`]: what a count chose for the processor it runs on, for a front end to show.

use std::fmt;

use crate::counting::contract::engine::Engine;
use crate::counting::engines;

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
    /// The engine's vector kernels that run here (`"AVX-512"`, `"AVX2"`): each engine's
    /// own, since they need different features (the join's AVX-512 kernels need VPOPCNTDQ,
    /// which some AVX-512 processors lack: they run its AVX2 kernels); or `None` for the
    /// portable code: no vector unit, another architecture, `QUEENS_SIMD=scalar`, or an
    /// engine with no kernels (the bitboard search).
    pub kernels: Option<&'static str>,
    /// A core's level 2 cache as the operating system reports it (or `QUEENS_L2` says, to
    /// try here blocks sized for another processor), or `None` where neither does (the
    /// kernels then take 1 MiB). Only the vector kernels size their blocks by it: the
    /// portable code's phrase leaves it out.
    pub l2_bytes: Option<usize>,
    /// What the engine chose besides, a phrase each (the join: its storage, by the memory;
    /// its blocks, by the cache; its sieve keys, by the storage; its buckets and how it
    /// counts ones, by the kernels).
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
            kernels: engines::method(engine).kernels_here(n),
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
        // Only the vector kernels size their blocks by the cache.
        match (self.kernels, self.l2_bytes) {
            (None, _) => {}
            (Some(_), Some(bytes)) => write!(f, "; level 2 cache {} KiB a core", bytes >> 10)?,
            (Some(_), None) => f.write_str("; level 2 cache not reported (1 MiB taken)")?,
        }
        for choice in &self.engine_choices {
            write!(f, "; {choice}")?;
        }
        Ok(())
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::counting::simd::forced;

    #[test]
    fn the_choices_name_the_kernels_that_run_and_how_they_count_ones() {
        let said = |engine, avx2, avx512| {
            forced::with(avx2, avx512, || {
                Choices::of(engine, 16, 1, None).to_string()
            })
        };
        let portable = said(Engine::Quadrants, false, false);
        let ones = match is_x86_feature_detected!("popcnt") {
            true => "ones counted by POPCNT",
            false => "ones counted by bit arithmetic",
        };
        assert!(
            portable.contains("on the portable code (no vector kernels run here)")
                && portable.contains(ones)
                && !portable.contains("free half-boards"),
            "{portable}"
        );
        // What the join's kernels need, asked of the processor here, not of the kernels.
        let avx2 = is_x86_feature_detected!("avx2") && is_x86_feature_detected!("bmi1");
        let avx512 = is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512vpopcntdq")
            && is_x86_feature_detected!("bmi1");
        let on_avx2 = said(Engine::Quadrants, true, false);
        assert_eq!(on_avx2.contains("on the AVX2 kernels"), avx2, "{on_avx2}");
        assert_eq!(on_avx2.contains("buckets of 4 chunks"), avx2, "{on_avx2}");
        assert_eq!(on_avx2.contains("nibble table (VPSHUFB"), avx2, "{on_avx2}");
        let on_avx512 = said(Engine::Quadrants, false, true);
        assert_eq!(
            on_avx512.contains("on the AVX-512 kernels"),
            avx512,
            "{on_avx512}"
        );
        assert_eq!(
            on_avx512.contains("ones counted by VPOPCNTQ"),
            avx512,
            "{on_avx512}"
        );
        // The constellations' kernels are their own: no words of the join's.
        let constellations = said(Engine::Constellations, true, true);
        assert!(!constellations.contains("sieve"), "{constellations}");
    }
}
