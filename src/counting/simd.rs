//! Which vector kernels a count may use: the environment variable `QUEENS_SIMD`, read once.

use std::sync::OnceLock;

use crate::error::Error;
use crate::error::excerpt;

/// The vector kernels a count may use: all that the processor has, unless the environment
/// variable `QUEENS_SIMD` is `scalar` (none), `avx2` or `avx512` (only those; any case), to
/// time or test one of them. Read once per process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kernels {
    pub avx2: bool,
    pub avx512: bool,
}

impl Kernels {
    const ALL: Kernels = Kernels {
        avx2: true,
        avx512: true,
    };

    /// What `QUEENS_SIMD` says, read once.
    fn chosen() -> &'static Result<Kernels, Error> {
        static CHOSEN: OnceLock<Result<Kernels, Error>> = OnceLock::new();
        CHOSEN.get_or_init(|| match std::env::var("QUEENS_SIMD") {
            Err(std::env::VarError::NotPresent) => Ok(Kernels::ALL),
            Err(std::env::VarError::NotUnicode(value)) => Kernels::named(&value.to_string_lossy()),
            Ok(value) => Kernels::named(&value),
        })
    }

    /// What `QUEENS_SIMD` allows, or why its value means nothing.
    pub fn from_environment() -> Result<Kernels, Error> {
        Kernels::chosen().clone()
    }

    /// The kernels a count runs: those of [`Kernels::from_environment`]; a count never
    /// starts with a meaningless value (`Counter::run` refuses it), so all of them then.
    /// Tests may force others on their own thread ([`forced`]).
    #[cfg(target_arch = "x86_64")]
    pub fn allowed() -> Kernels {
        #[cfg(test)]
        if let Some(kernels) = forced::FORCED.get() {
            return kernels;
        }
        *Kernels::chosen().as_ref().unwrap_or(&Kernels::ALL)
    }

    fn named(value: &str) -> Result<Kernels, Error> {
        let (avx2, avx512) = match value.trim().to_ascii_lowercase().as_str() {
            "" => (true, true),
            "scalar" => (false, false),
            "avx2" => (true, false),
            "avx512" => (false, true),
            _ => {
                return Err(Error::Unsupported {
                    reason: format!(
                        "QUEENS_SIMD is {}; expected scalar, avx2 or avx512 (or unset, for every \
                         kernel the processor has)",
                        excerpt(value)
                    ),
                });
            }
        };
        Ok(Kernels { avx2, avx512 })
    }
}

/// Kernels forced on one thread, so that one test process runs a count on each in turn.
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) mod forced {
    use std::cell::Cell;

    use super::Kernels;

    thread_local! {
        pub(super) static FORCED: Cell<Option<Kernels>> = const { Cell::new(None) };
    }

    /// Runs `work` on this thread with only the kernels `avx2` and `avx512` allow.
    pub(crate) fn with<T>(avx2: bool, avx512: bool, work: impl FnOnce() -> T) -> T {
        FORCED.set(Some(Kernels { avx2, avx512 }));
        let result = work();
        FORCED.set(None);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_simd_values_mean_one_thing_or_are_refused() {
        let only = |avx2, avx512| Ok(Kernels { avx2, avx512 });
        assert_eq!(Kernels::named("scalar"), only(false, false));
        assert_eq!(Kernels::named("AVX2"), only(true, false));
        assert_eq!(Kernels::named(" avx512\n"), only(false, true));
        assert_eq!(Kernels::named(""), only(true, true));
        for bad in ["sse", "avx-512", "avx2,avx512", "\u{feff}avx2"] {
            let err = Kernels::named(bad).unwrap_err().to_string();
            assert!(
                err.contains("QUEENS_SIMD") && err.contains("expected"),
                "{err}"
            );
        }
    }
}
