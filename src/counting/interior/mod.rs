//! The interior search: the free rows of a board counted by backtracking over bitboards, on
//! vector units where the processor has them. The constellation engine completes each
//! border constellation with it, and the search ([`Queens`](crate::Queens)) counts a
//! board's completions with it; it knows neither.

mod board;
// The crate's unsafe code lives in the kernels: vector loads and stores, and calls into
// them once the processor is known to have the instructions.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod kernels;

pub(crate) use board::Interior;

/// The number of ways to fill the free rows of `interior`: on the vector kernels where the
/// processor has them and the board suits them, else by the scalar search.
pub(crate) fn count_completions(interior: &Interior) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if interior.free >= 3
        && let Some(total) = kernels::try_count(interior)
    {
        return total;
    }
    interior.count()
}

/// [`count_completions`] of a board on its own, such as a puzzle's: with the `parallel`
/// feature, a board with many free rows is split by the squares of its first free row and
/// counted on every core.
pub(crate) fn count_board(interior: &Interior) -> u64 {
    #[cfg(feature = "parallel")]
    // Fewer free rows count too fast to gain by threads.
    if interior.free >= 10 {
        use rayon::prelude::*;
        let squares: Vec<u64> = bits(interior.open[0]).collect();
        return squares
            .into_par_iter()
            .map(|square| count_board(&interior.with_first_queen(square)))
            .sum();
    }
    count_completions(interior)
}

/// The set bits of `mask`, one by one.
#[cfg(feature = "parallel")]
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}
