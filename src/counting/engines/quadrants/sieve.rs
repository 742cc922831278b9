//! The sieve: a few shared diagonals by which a long table's east half-boards are put in
//! buckets, so that a west group reads only the buckets free of its own.

use super::layout::{KEYS, Placement};

/// A few shared diagonals that north-west placements hold: the east half-boards of a long
/// table are put in buckets by which of them they hold, so that a west group (whose sieve
/// diagonals its north-west placement decides) reads only the buckets of half-boards free
/// of its sieve diagonals: every other half-board shares one with it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sieve {
    /// A bit per sieve diagonal, the most often held first; none past the last.
    bits: [u64; SIEVE],
    /// The bits of a key: at most [`SIEVE`], keys below `1 << width`.
    width: usize,
}

/// Sieve diagonals at most, one bit of a key each.
pub(crate) const SIEVE: usize = KEYS.trailing_zeros() as usize;

/// The fewest chunks a table has for the join to fit a sieve to it ([`Sieve::fitted`]):
/// 512, a part of a streamed count (from n = 23), whose west groups are batched by every
/// bit of their keys; measured in docs/performance.md ("The join's constants").
pub(crate) const FITTED_FROM: usize = 512;

impl Sieve {
    /// The sieve of the first `width` of the `candidates` (by how often they are held,
    /// most first), `width` at most [`SIEVE`].
    pub(crate) fn new(candidates: &[u32], width: usize) -> Sieve {
        let width = width.min(SIEVE);
        let mut sieve = Sieve {
            width,
            ..Sieve::default()
        };
        for (bit, &diagonal) in sieve.bits[..width].iter_mut().zip(candidates) {
            *bit = 1 << diagonal;
        }
        sieve
    }

    /// The sieve of `width` of the diagonals `candidates` sets, chosen for one table: one
    /// at a time, each the one that, with those before it, leaves the fewest pairs to read
    /// of the sampled west diagonals `uppers` and east half-boards `halves` (a pair is read
    /// where the two hold no sieve diagonal in common); measured in docs/performance.md
    /// ("The join's constants").
    pub(crate) fn fitted(uppers: &[u64], halves: &[u64], candidates: u64, width: usize) -> Sieve {
        let width = width.min(SIEVE);
        let mut chosen = Vec::with_capacity(width);
        let (mut upper_keys, mut half_keys) =
            (vec![0usize; uppers.len()], vec![0usize; halves.len()]);
        let mut left = candidates;
        while chosen.len() < width && left != 0 {
            let bits = chosen.len() + 1;
            let mut best = (f64::INFINITY, 0);
            let mut rest = left;
            while rest != 0 {
                let d = rest.trailing_zeros();
                rest &= rest - 1;
                let read = read_pairs(
                    bits,
                    uppers
                        .iter()
                        .zip(&upper_keys)
                        .map(|(&u, &k)| k << 1 | (u >> d & 1) as usize),
                    halves
                        .iter()
                        .zip(&half_keys)
                        .map(|(&h, &k)| k << 1 | (h >> d & 1) as usize),
                );
                if read < best.0 {
                    best = (read, d);
                }
            }
            let d = best.1;
            left &= !(1 << d);
            chosen.push(d);
            for (key, &u) in upper_keys.iter_mut().zip(uppers) {
                *key = *key << 1 | (u >> d & 1) as usize;
            }
            for (key, &h) in half_keys.iter_mut().zip(halves) {
                *key = *key << 1 | (h >> d & 1) as usize;
            }
        }
        // Fewer candidates than bits: the key's low bits stay zero.
        Sieve::new(&chosen, width)
    }

    /// Which sieve diagonals `held` holds, the most often held one highest, in the sieve's
    /// width (the same number of steps whatever the sieve, so that tables sort without
    /// branches).
    #[inline]
    pub(crate) fn key(&self, held: u64) -> usize {
        let key = (self.bits.iter()).fold(0, |key, &bit| key << 1 | usize::from(held & bit != 0));
        key >> (SIEVE - self.width)
    }

    /// `key` kept in the top [`width`](Sieve::width) bits of a north-west placement's square
    /// code (4 bits a row, see [`square_code`]), or of an east placement's shared
    /// diagonals, which number at most `2 n - 2` (54 at n = 28): highest, so that the
    /// highest bits of a tag are those of its key, whatever the key's width.
    pub(crate) fn tag(&self, key: usize) -> u64 {
        (key as u64)
            .checked_shl(64 - self.width as u32)
            .unwrap_or(0)
    }

    /// The key of `bits` bits (the highest of the key's) that a tag keeps in `code`.
    #[inline]
    pub(crate) fn tagged(code: u64, bits: usize) -> usize {
        code.checked_shr(64 - bits as u32).unwrap_or(0) as usize
    }

    /// The bits of a key.
    pub(crate) fn width(&self) -> usize {
        self.width
    }
}

/// The pairs of `uppers` and `halves` (keys of `bits` bits each) that share no bit of
/// their keys: for each upper key, the halves whose keys lie within its complement, summed
/// over subsets first.
fn read_pairs(
    bits: usize,
    uppers: impl Iterator<Item = usize>,
    halves: impl Iterator<Item = usize>,
) -> f64 {
    let keys = 1 << bits;
    let (mut upper, mut within) = ([0f64; KEYS], [0f64; KEYS]);
    uppers.for_each(|key| upper[key] += 1.0);
    halves.for_each(|key| within[key] += 1.0);
    for bit in 0..bits {
        for key in 0..keys {
            if key >> bit & 1 == 1 {
                within[key] += within[key ^ 1 << bit];
            }
        }
    }
    (0..keys)
        .map(|key| upper[key] * within[(keys - 1) & !key])
        .sum()
}

/// How many of `placements` hold each of `diagonals` shared diagonals, `of` giving those of
/// a placement.
pub(crate) fn census<'a>(
    diagonals: usize,
    placements: impl IntoIterator<Item = &'a Placement>,
    of: impl Fn(&Placement) -> u64,
) -> Vec<u64> {
    let mut counts = vec![0; diagonals];
    for placement in placements {
        let mut held = of(placement);
        while held != 0 {
            counts[held.trailing_zeros() as usize] += 1;
            held &= held - 1;
        }
    }
    counts
}

/// Shared diagonals that `skip` leaves out, held by some upper placement (`upper` counts
/// how many hold each), most often held by upper placements and `others` first: sieve
/// diagonals for a [`Sieve`].
pub(crate) fn sieve_candidates(upper: &[u64], others: &[u64], skip: u64) -> Vec<u32> {
    let mut candidates: Vec<u32> = (0..upper.len() as u32)
        .filter(|&d| skip >> d & 1 == 0 && upper[d as usize] > 0)
        .collect();
    let score = |d: u32| upper[d as usize] as f64 * others[d as usize] as f64;
    candidates.sort_by(|&a, &b| score(b).total_cmp(&score(a)));
    candidates
}

#[cfg(test)]
mod fitting {
    use super::{Sieve, read_pairs};

    /// Keys from a small generator, `bits` bits each.
    fn keys(seed: u64, len: usize, bits: usize) -> Vec<usize> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 40) as usize & ((1 << bits) - 1)
            })
            .collect()
    }

    #[test]
    fn read_pairs_counts_the_pairs_sharing_no_bit() {
        for bits in 0..=8 {
            let (uppers, halves) = (keys(1, 300, bits), keys(2, 500, bits));
            let pairs = uppers
                .iter()
                .flat_map(|&u| halves.iter().filter(move |&&h| u & h == 0))
                .count();
            let read = read_pairs(bits, uppers.iter().copied(), halves.iter().copied());
            assert_eq!(read, pairs as f64, "{bits} bits");
        }
    }

    #[test]
    fn a_fitted_sieve_takes_the_diagonals_that_spare_the_most_pairs() {
        // Diagonal 3 is held by every upper and half the halves; 5 by half of each; 7 by
        // every half: 3 spares the most pairs, then 5; 7 none, since no upper holds it.
        let uppers: Vec<u64> = (0..64).map(|i| 1 << 3 | (i & 1) << 5).collect();
        let halves: Vec<u64> = (0..64)
            .map(|i| 1 << 7 | (i & 1) << 3 | (i >> 1 & 1) << 5)
            .collect();
        let sieve = Sieve::fitted(&uppers, &halves, 1 << 3 | 1 << 5 | 1 << 7, 2);
        assert_eq!(sieve.key(1 << 3), 0b10);
        assert_eq!(sieve.key(1 << 5), 0b01);
        assert_eq!(sieve.key(1 << 7), 0);
        // Candidates only: diagonal 3 left out, 5 comes first.
        let sieve = Sieve::fitted(&uppers, &halves, 1 << 5 | 1 << 7, 2);
        assert_eq!(sieve.key(1 << 3), 0);
        assert_eq!(sieve.key(1 << 5), 0b10);
    }
}
