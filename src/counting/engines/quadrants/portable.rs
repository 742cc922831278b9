//! The join's inner loops on 64-bit words, for any processor: what the vector kernels do
//! faster, and what the tests check them against.

use crate::counting::engines::quadrants::layout::{
    CLASSES, CROSSING_CHUNKS, Crossing, Slices, SquarePlanes, WORDS, West, placements_in,
};

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
/// the west ones from `west`, the east ones from `table`: on 64-bit words, for any
/// processor.
pub(crate) fn count_portable(table: Slices<'_>, west: West<'_>) -> [u64; CLASSES] {
    let Slices {
        planes,
        stride,
        diagonals,
        uppers,
        lowers: squares,
    } = table;
    let plane = |index: usize, words: usize| &planes[index * stride..][..words];
    // The half-boards free of each used partner's squares, over every chunk any group reads.
    let most = west.chunks() * WORDS;
    let mut frees = vec![0u64; west.numbered * most];
    for run in west.runs {
        for (j, partner) in
            (run.first as usize..).zip(&west.partners[run.start as usize..run.end as usize])
        {
            let free = &mut frees[j * most..][..most];
            free.copy_from_slice(plane(diagonals, most));
            squares
                .of(partner.shared)
                .for_each(|square| and_not(free, plane(square, most)));
        }
    }
    let mut sums = [0; CLASSES];
    for &(chunks, groups) in west.batches {
        let words = chunks * WORDS;
        let mut upper_free = vec![0u64; words];
        for group in groups {
            upper_free.copy_from_slice(plane(diagonals, words));
            uppers
                .of(group.upper)
                .for_each(|square| and_not(&mut upper_free, plane(square, words)));
            for (i, &lower) in west.lowers[group.start as usize..group.end as usize]
                .iter()
                .enumerate()
            {
                let free = &frees[lower as usize * most..][..words];
                let class =
                    group.class as usize + usize::from(i >= (group.split - group.start) as usize);
                sums[class] += (upper_free.iter().zip(free))
                    .map(|(a, b)| u64::from((a & b).count_ones()))
                    .sum::<u64>();
            }
        }
    }
    sums
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `west`, the east ones from every chunk of `table`: on 64-bit words,
/// for any processor.
pub(crate) fn cross_portable(table: Slices<'_>, west: Crossing<'_>) -> [u64; CLASSES] {
    const MOST: usize = CROSSING_CHUNKS * WORDS;
    let Slices {
        planes,
        stride,
        diagonals,
        uppers,
        lowers: squares,
    } = table;
    assert!(
        stride <= MOST,
        "a crossing reads at most {CROSSING_CHUNKS} chunks"
    );
    let plane = |index: usize| &planes[index * stride..][..stride];
    let free_of = |squares: &SquarePlanes, code: u64| {
        let mut free = [0; MOST];
        free[..stride].copy_from_slice(plane(diagonals));
        (squares.of(code)).for_each(|square| and_not(&mut free[..stride], plane(square)));
        free
    };
    let mut sums = [0; CLASSES];
    let mut lowers = Vec::new();
    for set in west.sets {
        lowers.clear();
        for (flag, &range) in set.lowers.iter().enumerate() {
            lowers.extend(
                (placements_in(west.lowers, range).iter())
                    .map(|partner| (flag, partner.held, free_of(squares, partner.shared))),
            );
        }
        for (upper_flag, &range) in set.uppers.iter().enumerate() {
            for upper in placements_in(west.uppers, range) {
                let upper_free = free_of(uppers, upper.shared);
                for (lower_flag, held, free) in &lowers {
                    let class = upper_flag + lower_flag;
                    if west.classes >> class & 1 == 1 && held & upper.held == 0 {
                        sums[class] += (upper_free[..stride].iter().zip(free))
                            .map(|(a, b)| u64::from((a & b).count_ones()))
                            .sum::<u64>();
                    }
                }
            }
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
