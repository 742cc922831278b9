//! The join's inner loops on 64-bit words, for any processor: what the vector kernels do
//! faster, and what the tests check them against.

use super::layout::{CLASSES, Group, Slices, WORDS};

/// Bit-slices `halves` (a multiple of 64) into the first `diagonals` planes of `words`
/// words each (at least `halves.len() / 64`), bit by bit, for any processor; `planes` must be zero.
pub(crate) fn transpose_portable(
    halves: &[u64],
    diagonals: usize,
    planes: &mut [u64],
    words: usize,
) {
    for (w, block) in halves.chunks_exact(64).enumerate() {
        for (bit, &half) in block.iter().enumerate() {
            let mut held = half & ((1u128 << diagonals) - 1) as u64;
            while held != 0 {
                planes[held.trailing_zeros() as usize * words + w] |= 1 << bit;
                held &= held - 1;
            }
        }
    }
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `groups` over `lowers`, the east ones from `table`: on 64-bit words,
/// for any processor.
pub(crate) fn count_portable(
    table: Slices<'_>,
    groups: &[Group],
    lowers: &[u64],
) -> [u64; CLASSES] {
    let Slices {
        planes,
        stride,
        chunks,
        diagonals,
        uppers,
        lowers: squares,
    } = table;
    let words = chunks * WORDS;
    let mut sums = [0; CLASSES];
    let (mut upper_free, mut free) = (vec![0u64; words], vec![0u64; words]);
    let plane = |index: usize| &planes[index * stride..][..words];
    for group in groups {
        upper_free.copy_from_slice(plane(diagonals));
        uppers
            .of(group.upper)
            .for_each(|square| and_not(&mut upper_free, plane(square)));
        for (i, &lower) in lowers[group.start as usize..group.end as usize]
            .iter()
            .enumerate()
        {
            free.copy_from_slice(&upper_free);
            squares
                .of(lower)
                .for_each(|square| and_not(&mut free, plane(square)));
            let class =
                group.class as usize + usize::from(i >= (group.split - group.start) as usize);
            sums[class] += free.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
    }
    sums
}

/// Clears from `free` the half-boards of `held`.
fn and_not(free: &mut [u64], held: &[u64]) {
    for (word, &held) in free.iter_mut().zip(held) {
        *word &= !held;
    }
}
