//! The counts on vector units, and the one place that decides which kernels run: the
//! environment variable `QUEENS_SIMD` (read once) allows instruction sets, the processor is
//! asked once per kernel for its list of features, and a kernel runs only where both agree.
//!
//! Each family keeps its kernels beside it: `interior::kernels` fills the free
//! rows of a board, `engines::quadrants::kernels` joins half-boards. Each family is written
//! once against a few vector operations (the macros here) and compiled for AVX2 and AVX-512.

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
    pub(super) fn from_environment() -> Result<Kernels, Error> {
        Kernels::chosen().clone()
    }

    /// None: the portable code alone, as an audit recounts ([`forced`]).
    pub(crate) const PORTABLE: Kernels = Kernels {
        avx2: false,
        avx512: false,
    };

    /// The kernels a count runs: those of [`Kernels::from_environment`]; a count never
    /// starts with a meaningless value (`Counter::run` refuses it), so all of them then.
    /// An audit (or a test) may force others on its own thread ([`forced`]).
    #[cfg(target_arch = "x86_64")]
    pub(super) fn allowed() -> Kernels {
        if let Some(kernels) = forced::FORCED.get() {
            return kernels;
        }
        *Kernels::chosen().as_ref().unwrap_or(&Kernels::ALL)
    }

    /// Whether kernels compiled for `features` (a list such as `"avx2,popcnt"`) are of an
    /// instruction set this allows: AVX-512 if any feature is, else AVX2 if any feature is
    /// AVX; code compiled for scalar instructions alone (`"popcnt"`: the portable code) is
    /// not a vector kernel, and runs wherever the processor has them.
    #[cfg(target_arch = "x86_64")]
    fn allow(self, features: &str) -> bool {
        match (features.contains("avx512"), features.contains("avx")) {
            (true, _) => self.avx512,
            (false, true) => self.avx2,
            (false, false) => true,
        }
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

/// Whether a kernel compiled for `features` runs here: `QUEENS_SIMD` allows its instruction
/// set and the processor has every feature. Both are fixed for the process, so the answer
/// is kept in `once` (the join asks millions of times); a thread that forces kernels (an
/// audit, a test) is asked afresh. Every kernel's `Detected::new` is this one check.
#[cfg(target_arch = "x86_64")]
pub(crate) fn runs(features: &'static str, once: &OnceLock<bool>) -> bool {
    if let Some(kernels) = forced::FORCED.get() {
        return kernels.allow(features) && has_features(features);
    }
    *once.get_or_init(|| Kernels::allowed().allow(features) && has_features(features))
}

#[cfg(target_arch = "x86_64")]
/// Whether the processor has every feature of a kernel's list (`"avx2,popcnt"`). A name
/// not known here counts as missing, so a slip in a list can only turn a kernel off.
fn has_features(features: &str) -> bool {
    features.split(',').all(|feature| match feature {
        "popcnt" => is_x86_feature_detected!("popcnt"),
        "avx2" => is_x86_feature_detected!("avx2"),
        "bmi1" => is_x86_feature_detected!("bmi1"),
        "avx512f" => is_x86_feature_detected!("avx512f"),
        "avx512bw" => is_x86_feature_detected!("avx512bw"),
        "avx512vl" => is_x86_feature_detected!("avx512vl"),
        "avx512vbmi" => is_x86_feature_detected!("avx512vbmi"),
        "avx512vbmi2" => is_x86_feature_detected!("avx512vbmi2"),
        "avx512bitalg" => is_x86_feature_detected!("avx512bitalg"),
        "avx512vpopcntdq" => is_x86_feature_detected!("avx512vpopcntdq"),
        _ => false,
    })
}

/// Defines a kernel's proof that it runs here: `Detected`, made only by `Detected::new`,
/// which asks [`runs`] (once per process) for the kernel's list of features. Its one field
/// is private to the kernel's module, so no other code can make one. Every entry point of a
/// kernel makes one first and declines (`None`) where it cannot; its `unsafe` calls into
/// functions compiled for those features rest on that value in scope, never on a check made
/// elsewhere, earlier (the pattern memchr's vector searchers follow). Both engines'
/// kernels dispatch alike: the fastest first, each declining where it does not run.
#[cfg(target_arch = "x86_64")]
macro_rules! detected {
    ($features:literal) => {
        /// Proof that this kernel's features run here (see `simd::detected!`).
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct Detected(());

        impl Detected {
            /// The proof, where the processor has the features and `QUEENS_SIMD` allows
            /// them.
            pub(crate) fn new() -> Option<Detected> {
                static RUNS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
                crate::counting::simd::runs($features, &RUNS).then_some(Detected(()))
            }
        }

        /// Whether the kernel runs here, for tests that say which kernels ran.
        #[cfg(test)]
        #[allow(dead_code, reason = "not every kernel's tests ask")]
        pub(crate) fn available() -> bool {
            Detected::new().is_some()
        }
    };
}

/// Compiles each function for a kernel's list of features (see `features!` in each
/// kernel), the list its run-time check reads.
#[cfg(target_arch = "x86_64")]
macro_rules! with_features {
    ($features:literal; $($function:item)*) => {
        $(#[target_feature(enable = $features)] $function)*
    };
}

/// Defines a kernel's element-wise operations, each one instruction: `splat` (with the
/// signed lane type the intrinsic takes) if the kernel broadcasts, `zero`, then `name =
/// intrinsic` for binary operations, shifts by a count and unary operations. Both families
/// of kernels (the interior's and the quadrant join's) define their operations with it.
#[cfg(target_arch = "x86_64")]
macro_rules! instructions {
    (
        $features:literal;
        $(splat: $splat:ident as $signed:ty,)? zero: $zero:ident;
        binary: $($binary:ident = $binary_op:ident),+;
        $(shift: $($shift:ident = $shift_op:ident),+;)?
        $(unary: $($unary:ident = $unary_op:ident),+;)?
    ) => {
        $(
            /// Every lane `x`.
            #[inline]
            #[target_feature(enable = $features)]
            fn splat(x: Lane) -> Vector {
                $splat(x as $signed)
            }
        )?

        #[inline]
        #[target_feature(enable = $features)]
        fn zero() -> Vector {
            $zero()
        }

        $(
            #[inline]
            #[target_feature(enable = $features)]
            fn $binary(a: Vector, b: Vector) -> Vector {
                $binary_op(a, b)
            }
        )+
        $($(
            #[inline]
            #[target_feature(enable = $features)]
            fn $shift(a: Vector, count: __m128i) -> Vector {
                $shift_op(a, count)
            }
        )+)?
        $($(
            #[inline]
            #[target_feature(enable = $features)]
            fn $unary(a: Vector) -> Vector {
                $unary_op(a)
            }
        )+)?
    };
}

// Each family of kernels (`interior::kernels`, `engines::quadrants::kernels`)
// define their operations with these.
#[cfg(target_arch = "x86_64")]
pub(crate) use {detected, instructions, with_features};

// Only the x86-64 vector kernels size their blocks to the caches.
#[cfg(target_arch = "x86_64")]
pub(crate) mod cache;

/// The number of ones in each byte of `a`: a table lookup per nibble (AVX2 has no byte
/// popcount), for both families of kernels.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn byte_popcnt(a: core::arch::x86_64::__m256i) -> core::arch::x86_64::__m256i {
    use core::arch::x86_64::*;
    let nibble = _mm256_set1_epi8(0x0f);
    let low = nibble_popcnt(_mm256_and_si256(a, nibble));
    let high = nibble_popcnt(_mm256_and_si256(_mm256_srli_epi16::<4>(a), nibble));
    _mm256_add_epi8(low, high)
}

/// The number of ones in each byte of `a`, whose bytes must each be below 16: one table
/// lookup.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn nibble_popcnt(a: core::arch::x86_64::__m256i) -> core::arch::x86_64::__m256i {
    use core::arch::x86_64::*;
    let ones = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    _mm256_shuffle_epi8(ones, a)
}

/// Kernels forced on one thread: an audit recounts on the portable code beside a count on
/// the vector kernels, and tests run one count on each kernel in turn. The threads of a
/// count's [`Pool`](crate::counting::contract::pool::Pool) take the forcing of the thread
/// that hands them work.
pub(crate) mod forced {
    use std::cell::Cell;

    use super::Kernels;

    thread_local! {
        pub(super) static FORCED: Cell<Option<Kernels>> = const { Cell::new(None) };
    }

    /// The kernels forced on this thread, if any.
    #[cfg(feature = "parallel")]
    pub(crate) fn current() -> Option<Kernels> {
        FORCED.get()
    }

    /// Runs `work` on this thread with only `kernels` (all that the count allows, where
    /// `None`), then forces again what was forced before, even if `work` panics.
    pub(crate) fn within<T>(kernels: Option<Kernels>, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<Kernels>);
        impl Drop for Restore {
            fn drop(&mut self) {
                FORCED.set(self.0);
            }
        }
        let _restore = Restore(FORCED.replace(kernels));
        work()
    }

    /// Runs `work` on this thread with only the kernels `avx2` and `avx512` allow.
    #[cfg(test)]
    pub(crate) fn with<T>(avx2: bool, avx512: bool, work: impl FnOnce() -> T) -> T {
        within(Some(Kernels { avx2, avx512 }), work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn queens_simd_picks_vector_kernels_and_leaves_scalar_instructions_on() {
        assert!(Kernels::PORTABLE.allow("popcnt"));
        assert!(!Kernels::PORTABLE.allow("avx2,bmi1,popcnt"));
        let avx2 = Kernels {
            avx2: true,
            avx512: false,
        };
        assert!(avx2.allow("avx2,popcnt") && !avx2.allow("avx512f,avx512vpopcntdq,popcnt"));
    }

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
