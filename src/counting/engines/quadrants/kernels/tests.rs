//! The join kernels against the portable join.

use super::*;
use crate::counting::engines::quadrants::layout::{
    CHUNK, ColumnSet, Cut, PAIR_PADDING, Run, SquarePlanes, square_code,
};
use crate::counting::engines::quadrants::portable::{
    count_portable, count_words, cross_portable, cross_words, transpose_portable,
};

/// Rows and columns of the south-west quadrant in [`case`]'s tables.
const ROWS: usize = 6;
const COLS: usize = 5;
/// The rows north-west and south-west placements fill in [`case`].
const FILLED: [usize; 2] = [0b011010, 0b101101];

/// The square code of a placement filling `rows`, in columns from `next`.
fn code(rows: usize, next: &mut impl FnMut() -> u64) -> u64 {
    (0..ROWS)
        .filter(|row| rows >> row & 1 == 1)
        .fold(0, |code, row| {
            code | square_code(row, next() as usize % COLS)
        })
}

/// The planes of the squares north-west and south-west placements fill in [`case`]'s
/// tables over `diagonals` planes of diagonals, their rows two at a time if `pairs` (the
/// north-west side's three rows leave one alone).
fn square_planes(diagonals: usize, pairs: bool) -> [SquarePlanes; 2] {
    let first = diagonals + 1;
    let upper = SquarePlanes::with_pairs(first, FILLED[0], COLS, pairs);
    [
        upper,
        SquarePlanes::with_pairs(first + upper.planes(), FILLED[1], COLS, pairs),
    ]
}

/// A kernel's name, and whether this processor has it.
type Named = (&'static str, fn() -> bool);

/// A kernel under test: its name, whether the processor has it, and the kernel.
type Kernel<K> = (&'static str, fn() -> bool, K);

/// Runs `check` on each of `kernels` (name, whether the processor has it, the kernel) that
/// this processor has, marking it in `ran`.
fn with_available<K>(
    kernels: &[Kernel<K>],
    ran: &mut [bool; 2],
    mut check: impl FnMut(&'static str, &K),
) {
    for (i, (name, available, kernel)) in kernels.iter().enumerate() {
        if available() {
            check(name, kernel);
            ran[i] = true;
        }
    }
}

/// Checks that each kernel ran where the processor has it, and says which ran.
fn check_ran(kernels: [Named; 2], ran: [bool; 2]) {
    for ((name, available), ran) in kernels.into_iter().zip(ran) {
        assert_eq!(
            ran,
            available(),
            "{name}: the processor has it, but it did not run"
        );
        let state = if ran {
            "ran"
        } else {
            "not run: this processor lacks it"
        };
        println!("{name} kernel {state}");
    }
}

/// West half-boards over a random table: groups, their partners (numbered in two runs
/// of the south-west placements), the placements and the runs.
struct Case {
    planes: Vec<u64>,
    groups: Vec<Group>,
    lowers: Vec<u64>,
    partners: Vec<Placement>,
    runs: Vec<Run>,
}

/// A table of `chunks` chunks over `diagonals` planes, `len` real half-boards, and
/// square planes enough for rows taken alone or in pairs, with groups over it, from a simple generator seeded by
/// `seed`.
fn case(seed: u64, chunks: usize, len: usize, diagonals: usize) -> Case {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let stride = chunks * WORDS;
    let mut planes: Vec<u64> = (0..diagonals * stride).map(|_| next() & next()).collect();
    let real = (0..stride).map(|w| match (len / 64).cmp(&w) {
        core::cmp::Ordering::Greater => u64::MAX,
        core::cmp::Ordering::Equal => (1 << (len % 64)) - 1,
        core::cmp::Ordering::Less => 0,
    });
    planes.extend(real);
    let squares = ROWS * COLS * COLS + PAIR_PADDING;
    planes.extend((0..squares * stride).map(|_| next() & next() & next()));
    let partners: Vec<Placement> = (0..12)
        .map(|_| Placement {
            held: 0,
            shared: code(FILLED[1], &mut next),
        })
        .collect();
    // Partners 5 and 6 are in no run, and no group reads them; every batch reads both.
    let runs = vec![
        Run {
            start: 0,
            end: 5,
            first: 0,
            batches: 0b111,
        },
        Run {
            start: 7,
            end: 12,
            first: 5,
            batches: 0b111,
        },
    ];
    // Groups of class 0 read run 0, those of class 1 run 1: two regions. The first has
    // 100 partners, more than a byte's sums of their ones hold.
    let (mut groups, mut lowers) = (Vec::new(), Vec::new());
    for (class, run) in (0..CLASSES as u32 - 1).zip(&runs) {
        for group in 0..5 {
            let start = lowers.len() as u32;
            let partners = match (class, group) {
                (0, 0) => 100,
                _ => next() % 6,
            };
            for _ in 0..partners {
                lowers.push(u64::from(run.first) + next() % u64::from(run.end - run.start));
            }
            let upper = code(FILLED[0], &mut next);
            let end = lowers.len() as u32;
            groups.push(Group {
                upper,
                start,
                split: start + (next() % u64::from(end - start + 1)) as u32,
                end,
                class,
            });
        }
    }
    Case {
        planes,
        groups,
        lowers,
        partners,
        runs,
    }
}

/// For test `seed`, the half-boards of a table of `chunks` chunks (its last one partly
/// filled) and its diagonals.
fn sized(seed: u64, chunks: usize) -> (usize, usize) {
    let len = (chunks - 1) * CHUNK + 1 + (seed as usize * 37) % CHUNK;
    (len, 10 + seed as usize % 30)
}

#[test]
fn join_kernels_agree_with_the_portable_join() {
    type Join = fn(Slices<'_>, West<'_>, &mut Vec<u64>, usize) -> [u64; CLASSES];
    let kernels: [Kernel<Join>; 2] = [
        ("AVX-512 join", avx512::available, |t, w, f, b| {
            avx512::count_within(t, w, f, b).expect("it runs")
        }),
        ("AVX2 join", avx2::available, |t, w, f, b| {
            avx2::count_within(t, w, f, b).expect("it runs")
        }),
    ];
    let mut ran = [false; 2];
    let mut frees = Vec::new();
    for seed in 0..40 {
        // Tables of 1 to 53 chunks: up to two whole blocks of the widest kernel and a part.
        let chunks = 1 + (seed as usize * 7) % (2 * MOST_BLOCK + 5);
        let (len, diagonals) = sized(seed, chunks);
        let case = case(seed, chunks, len, diagonals);
        let squares = square_planes(diagonals, seed % 2 == 0);
        // Read from the first chunk, or from a later one, as a bucket of a table is.
        let from = (seed as usize / 2 % 3).min(chunks - 1);
        let table = Slices {
            planes: &case.planes,
            stride: chunks * WORDS,
            from,
            diagonals,
            uppers: &squares[0],
            lowers: &squares[1],
        };
        // Batches of groups reading the rest of the table, half of it, and one chunk, each
        // with groups of both regions.
        let picks = [[0..2, 5..7], [2..4, 7..9], [4..5, 9..10]];
        let lists: Vec<Vec<Group>> = (picks.iter())
            .map(|ranges| {
                ranges
                    .iter()
                    .flat_map(|r| case.groups[r.clone()].to_vec())
                    .collect()
            })
            .collect();
        let batches = [
            (chunks - from, &lists[0][..]),
            ((chunks - from).div_ceil(2), &lists[1][..]),
            (1, &lists[2][..]),
        ];
        let cut = |region: usize| Cut {
            runs: region as u32 + 1,
            numbered: case.runs[region].first + (case.runs[region].end - case.runs[region].start),
        };
        let cuts = [cut(0), cut(1)];
        let cut_groups: Vec<u32> = (0..cuts.len())
            .flat_map(|region| {
                (picks.iter()).map(move |ranges| (0..=region).map(|r| ranges[r].len() as u32).sum())
            })
            .collect();
        // Every other seed marks each partner with the batches of the groups listing it,
        // so that a block fills only the partners it reads; the rest mark none.
        let marked = seed % 2 == 1;
        let mut marks = vec![0u64; 10 * usize::from(marked)];
        for (batch, &(_, groups)) in batches.iter().enumerate().filter(|_| marked) {
            for group in groups {
                for &lower in &case.lowers[group.start as usize..group.end as usize] {
                    marks[lower as usize] |= 1 << batch;
                }
            }
        }
        let west = West {
            batches: &batches,
            lowers: &case.lowers,
            partners: &case.partners,
            runs: &case.runs,
            numbered: 10,
            cuts: &cuts,
            cut_groups: &cut_groups,
            marks: &marks,
        };
        let expected = count_portable(table, west);
        assert_eq!(count_words(table, west), expected, "seed {seed}");
        with_available(&kernels, &mut ran, |name, count| {
            // Both regions at once, or one at a time, some a chunk at a time.
            for budget in [free_chunks(), 8] {
                assert_eq!(
                    count(table, west, &mut frees, budget),
                    expected,
                    "{name}, seed {seed}, budget {budget}"
                );
            }
        });
    }
    check_ran(kernels.map(|(name, available, _)| (name, available)), ran);
}

#[test]
fn crossing_kernels_agree_with_the_portable_join() {
    type Cross = fn(Slices<'_>, Crossing<'_>, &mut Vec<u64>) -> [u64; CLASSES];
    let kernels: [Kernel<Cross>; 2] = [
        ("AVX-512 crossing", avx512::available, |t, w, f| {
            avx512::cross(t, w, f).expect("it runs")
        }),
        ("AVX2 crossing", avx2::available, |t, w, f| {
            avx2::cross(t, w, f).expect("it runs")
        }),
    ];
    let mut ran = [false; 2];
    let mut frees = Vec::new();
    for seed in 0..40 {
        let chunks = 1 + seed as usize % CROSSING_CHUNKS;
        let (len, diagonals) = sized(seed, chunks);
        let planes = case(seed, chunks, len, diagonals).planes;
        let squares = square_planes(diagonals, seed % 2 == 0);
        let table = Slices {
            planes: &planes,
            stride: chunks * WORDS,
            from: 0,
            diagonals,
            uppers: &squares[0],
            lowers: &squares[1],
        };
        // Placements holding a few of 8 diagonals, so that about half the pairs agree.
        let mut state = seed + 1;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state >> 33
        };
        let mut placements = |rows| -> Vec<Placement> {
            (0..30)
                .map(|_| Placement {
                    held: 1 << (next() % 8) | 1 << (next() % 8),
                    shared: code(rows, &mut next),
                })
                .collect()
        };
        let (uppers, lowers) = (placements(FILLED[0]), placements(FILLED[1]));
        // Sets of all sizes, empty ranges among them; more partners in one than
        // another has, so that partners' words are reused.
        let sets = [
            ColumnSet {
                uppers: [(0, 3), (3, 5)],
                lowers: [(0, 4), (4, 4)],
            },
            ColumnSet {
                uppers: [(5, 5), (5, 12)],
                lowers: [(4, 20), (20, 23)],
            },
            ColumnSet {
                uppers: [(12, 30), (30, 30)],
                lowers: [(23, 24), (24, 30)],
            },
        ];
        let west = Crossing {
            uppers: &uppers,
            lowers: &lowers,
            sets: &sets,
            classes: [0b111, 0b110, 0b011, 0b101][seed as usize % 4],
        };
        let expected = cross_portable(table, west);
        assert_eq!(cross_words(table, west), expected, "seed {seed}");
        assert!(
            expected
                .iter()
                .zip(0..)
                .all(|(&sum, class)| (sum > 0) == (west.classes >> class & 1 == 1))
        );
        with_available(&kernels, &mut ran, |name, cross| {
            assert_eq!(
                cross(table, west, &mut frees),
                expected,
                "{name}, seed {seed}"
            );
        });
    }
    check_ran(kernels.map(|(name, available, _)| (name, available)), ran);
}

#[test]
fn the_transposition_agrees_with_bit_by_bit() {
    // Planes of a random table, read as half-boards: 2 chunks of them.
    let random = case(7, 2, 2 * CHUNK, 63).planes;
    let halves = &random[..2 * CHUNK];
    let diagonals = 41;
    let words = halves.len() / 64;
    let mut portable = vec![0; diagonals * words];
    transpose_portable(halves, diagonals, &mut portable, words);
    for (i, half) in halves.iter().enumerate() {
        for d in 0..diagonals {
            let bit = portable[d * words + i / 64] >> (i % 64) & 1;
            assert_eq!(bit, half >> d & 1, "half {i}, diagonal {d}");
        }
    }
    type Transpose = (
        &'static str,
        fn() -> bool,
        fn(&[u64], usize, &mut [u64], usize) -> Option<()>,
    );
    let kernels: [Transpose; 3] = [
        ("AVX-512", avx512::available, avx512::transpose),
        ("AVX-512 byte shuffle", bytes::available, bytes::transpose),
        ("AVX2", avx2::available, avx2::transpose),
    ];
    for (name, available, transpose) in kernels {
        if available() {
            let mut planes = vec![0; diagonals * words];
            transpose(halves, diagonals, &mut planes, words).expect("it runs");
            assert_eq!(planes, portable, "{name}");
            println!("{name} transposition ran");
        } else {
            println!("{name} transposition not run: this processor lacks it");
        }
    }
}

/// Placements holding a few of 8 diagonals, so that about half the pairs agree.
fn placements(seed: u64, len: usize) -> Vec<Placement> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Placement {
                held: (state & state >> 8) & 0xff,
                shared: state >> 16,
            }
        })
        .collect()
}

#[test]
fn listing_kernels_agree_with_a_pair_by_pair_listing() {
    type Lists = (
        fn(&[Placement], &[Placement], &mut [u64], usize) -> (usize, usize),
        fn(&[Placement], [&[Placement]; 2], [u32; 2], &mut [u64], &mut [[u32; 2]], u32) -> usize,
    );
    let kernels: [Kernel<Lists>; 2] = [
        (
            "AVX-512 listing",
            avx512::available,
            (
                |u, l, o, n| avx512::filter_each(u, l, o, n).expect("it runs"),
                |u, l, f, o, e, b| avx512::join_each(u, l, f, o, e, b).expect("it runs"),
            ),
        ),
        (
            "AVX2 listing",
            avx2::available,
            (
                |u, l, o, n| avx2::filter_each(u, l, o, n).expect("it runs"),
                |u, l, f, o, e, b| avx2::join_each(u, l, f, o, e, b).expect("it runs"),
            ),
        ),
    ];
    let mut ran = [false; 2];
    for seed in 0..60 {
        // Lists of every length up to 13, so that each kernel's last few are tested.
        let uppers = placements(seed, 1 + seed as usize % 7);
        let lowers = [
            placements(seed + 100, seed as usize % 14),
            placements(seed + 200, seed as usize / 3 % 11),
        ];
        let agree = |upper: &Placement, lower: &Placement| upper.held & lower.held == 0;
        // Pair by pair: each upper's values, as sets (a kernel may keep them in its own
        // order within an upper's list).
        let sorted = |mut values: Vec<u64>| {
            values.sort_unstable();
            values
        };
        let filtered: Vec<Vec<u64>> = (uppers.iter())
            .map(|u| {
                let kept = lowers[0].iter().filter(|l| agree(u, l));
                sorted(kept.map(|l| l.shared | u.shared).collect())
            })
            .collect();
        let firsts = [7, 7 + lowers[0].len() as u32];
        let joined: Vec<[Vec<u64>; 2]> = (uppers.iter())
            .map(|u| {
                core::array::from_fn(|list| {
                    let indices = (u64::from(firsts[list])..).zip(&lowers[list]);
                    sorted(
                        indices
                            .filter(|(_, l)| agree(u, l))
                            .map(|(i, _)| i)
                            .collect(),
                    )
                })
            })
            .collect();
        with_available(&kernels, &mut ran, |name, &(filter_each, join_each)| {
            let mut out = vec![0; uppers.len() * (lowers[0].len() + lowers[1].len()) + 8];
            // No limit, then a limit that stops after the first upper with any.
            for limit in [1 << 40, 1] {
                let (kept, done) = filter_each(&uppers, &lowers[0], &mut out, limit);
                let expected = match limit {
                    1 => filtered
                        .iter()
                        .position(|v| !v.is_empty())
                        .map_or(uppers.len(), |i| i + 1),
                    _ => uppers.len(),
                };
                assert_eq!(done, expected, "{name}, seed {seed}, limit {limit}");
                let mut at = 0;
                for values in &filtered[..done] {
                    let got = sorted(out[at..at + values.len()].to_vec());
                    assert_eq!(&got, values, "{name}, seed {seed}");
                    at += values.len();
                }
                assert_eq!(kept, at, "{name}, seed {seed}");
            }
            let mut ends = vec![[0; 2]; uppers.len()];
            let kept = join_each(
                &uppers,
                [&lowers[0], &lowers[1]],
                firsts,
                &mut out,
                &mut ends,
                3,
            );
            let mut at = 0;
            for (lists, ends) in joined.iter().zip(&ends) {
                for (values, &end) in lists.iter().zip(ends) {
                    let got = sorted(out[at..at + values.len()].to_vec());
                    assert_eq!(&got, values, "{name}, seed {seed}");
                    at += values.len();
                    assert_eq!(end as usize, 3 + at, "{name}, seed {seed}");
                }
            }
            assert_eq!(kept, at, "{name}, seed {seed}");
        });
    }
    check_ran(kernels.map(|(name, available, _)| (name, available)), ran);
}
