//! The interior search on vector units, which expand a whole node at once.
//!
//! Lane `i` of a vector stands for a queen in column `i` of a node's row. One pass of
//! vector instructions computes every child of the node, keeps those that leave each of
//! the next two rows an open square, and packs them onto the next level's queue: no branch
//! per child. Nodes are expanded in batches from the deepest level that has any, so the
//! loops run with few mispredicted branches, and the level above the last two rows counts
//! those two in closed form, as the scalar search does.
//!
//! Four kernels share that code, chosen when the program runs: [`avx512::narrow`] keeps 16
//! columns of 16 bits in a 256-bit vector (boards of up to 18 columns: the border columns
//! are never free), [`avx2::narrow`] does the same with AVX2 alone, [`avx512::wide`] keeps
//! 16 columns of 32 bits in a 512-bit vector, twice over for boards of up to 34 columns,
//! and [`avx2::wide`] 8 columns of 32 bits in a 256-bit vector, up to four times over.

use core::arch::x86_64::*;
use std::cell::RefCell;

use crate::counting::interior::Interior;
use crate::counting::simd::{instructions, with_features};

/// Nodes expanded per batch: enough for long loops, few enough to stay in cache.
const BATCH: usize = 64;

/// Counts the completions of `interior` (at least three free rows) on the vector units, or
/// returns `None` if this processor lacks the instructions, the board is too wide, or the
/// environment variable `QUEENS_SIMD` rules the kernels out (see [`Kernels`]).
pub(crate) fn try_count(interior: &Interior) -> Option<u64> {
    let (open, width) = shifted(interior);
    // Fastest first; each declines a board too wide for it, or where it does not run.
    let runs: [Run; 4] = [
        avx512::narrow::run,
        avx2::narrow::run,
        avx512::wide::run,
        avx2::wide::run,
    ];
    runs.iter().find_map(|run| run(interior, &open, width))
}

/// The interior kernels that run here on a board of `n` columns, by name: the first that
/// does as [`try_count`] tries them, the narrow ones taking up to 16 columns of open
/// squares (boards of up to 18 columns: the border columns are never free).
pub(crate) fn running(n: usize) -> Option<&'static str> {
    let narrow = n <= 18;
    [
        (
            narrow && avx512::narrow::Detected::new().is_some(),
            "AVX-512",
        ),
        (narrow && avx2::narrow::Detected::new().is_some(), "AVX2"),
        (avx512::wide::Detected::new().is_some(), "AVX-512"),
        (avx2::wide::Detected::new().is_some(), "AVX2"),
    ]
    .into_iter()
    .find_map(|(runs, name)| runs.then_some(name))
}

/// A kernel's entry point: see `run` in `kernel!`.
type Run = fn(&Interior, &[u64; 64], u32) -> Option<u64>;

/// The open squares of the free rows moved to start at column 0, and how many columns
/// they span.
fn shifted(interior: &Interior) -> ([u64; 64], u32) {
    let rows = &interior.open[..interior.free];
    let used = rows.iter().fold(0, |all, &row| all | row);
    let offset = used.trailing_zeros().min(63);
    let mut open = [0; 64];
    for (to, &from) in open.iter_mut().zip(rows) {
        *to = from >> offset;
    }
    (open, u64::BITS - (used >> offset).leading_zeros())
}

/// The queues of nodes waiting at each level: the masks of the row each node is in.
struct Levels<L> {
    cols: Vec<L>,
    down_right: Vec<L>,
    down_left: Vec<L>,
    waiting: [usize; 64],
}

impl<L: Copy + Default> Levels<L> {
    fn new() -> Levels<L> {
        Levels {
            cols: Vec::new(),
            down_right: Vec::new(),
            down_left: Vec::new(),
            waiting: [0; 64],
        }
    }

    /// Makes room for `levels` levels of `room` nodes; the buffers are reused from one
    /// count to the next.
    fn reserve(&mut self, levels: usize, room: usize) {
        let len = levels * room;
        if self.cols.len() < len {
            for queue in [&mut self.cols, &mut self.down_right, &mut self.down_left] {
                queue.resize(len, L::default());
            }
        }
    }
}

/// The count shared by the kernels, written against the types and instructions each one
/// names: `Lane`, `Vector`, `LANES`, `CHUNKS`, those of `instructions!`, and `column_bits`,
/// `sum`, `nonzero`, `add_where` and `push`. A chunk is `LANES` columns: one vector.
macro_rules! kernel {
    ($features:literal) => {
        crate::counting::simd::detected!($features);

        /// Room for one level's queue: a batch of nodes with up to `LANES` children per
        /// chunk, and the overhang of the last vector stored.
        const ROOM: usize = BATCH * LANES * CHUNKS + 16;

        thread_local! {
            static LEVELS: RefCell<Levels<Lane>> = RefCell::new(Levels::new());
        }

        /// Counts the completions of `interior`, whose open squares (shifted to start at
        /// bit 0) are `open` and span `width` columns, or `None` without the instructions.
        pub(in crate::counting::interior::kernels) fn run(
            interior: &Interior,
            open: &[u64; 64],
            width: u32,
        ) -> Option<u64> {
            let detected = Detected::new()?;
            if width as usize > LANES * CHUNKS {
                return None;
            }
            let open = open.map(|row| row as Lane);
            let chunks = (width as usize).div_ceil(LANES);
            Some(LEVELS.with_borrow_mut(|levels| {
                levels.reserve(interior.free, ROOM);
                // SAFETY: `detected` proves the processor has `$features`, the one list
                // every function of this kernel is compiled for.
                unsafe { count(detected, interior, &open, chunks, levels) }
            }))
        }

        /// A vector shift count.
        #[target_feature(enable = $features)]
        fn shift(gap: u32) -> __m128i {
            _mm_cvtsi32_si128(gap as i32)
        }

        /// The number of ways to put one queen on each of two rows `gap` apart, per lane:
        /// every pair of open squares but those where the upper queen attacks the lower.
        #[target_feature(enable = $features)]
        fn pairs(upper: Vector, lower: Vector, gap: __m128i) -> Vector {
            let attacked = add(
                popcnt(and(upper, lower)),
                add(
                    popcnt(and(shl(upper, gap), lower)),
                    popcnt(and(shr(upper, gap), lower)),
                ),
            );
            sub(mul(popcnt(upper), popcnt(lower)), attacked)
        }

        /// The children of the node with masks `[c, r, l]`, one per column of `chunk`: their
        /// masks for the next row, and their open squares in the next two rows.
        #[inline]
        #[target_feature(enable = $features)]
        fn children(
            [c, r, l]: [Lane; 3],
            chunk: usize,
            [g1, g2]: [__m128i; 2],
            [open1, open2]: [Vector; 2],
        ) -> [Vector; 5] {
            let bits = column_bits(chunk);
            let c1 = or(splat(c), bits);
            let r1 = shl(or(splat(r), bits), g1);
            let l1 = shr(or(splat(l), bits), g1);
            let next1 = and_not(or(c1, or(r1, l1)), open1);
            let next2 = and_not(or(c1, or(shl(r1, g2), shr(l1, g2))), open2);
            [c1, r1, l1, next1, next2]
        }

        /// Calls `visit` with each vector of children of `nodes` (their masks, by kind) in a
        /// row with open squares `row`: the lanes that are candidates, and their [`children`].
        #[inline]
        #[target_feature(enable = $features)]
        fn expand(
            [cols, down_right, down_left]: [&[Lane]; 3],
            row: Lane,
            chunks: usize,
            gaps: [__m128i; 2],
            opens: [Vector; 2],
            visit: &mut dyn FnMut(u16, [Vector; 5]),
        ) {
            for ((&c, &r), &l) in cols.iter().zip(down_right).zip(down_left) {
                let candidates = u32::from(row & !(c | r | l));
                for chunk in 0..chunks {
                    let mask = (candidates >> (LANES * chunk)) as u16 & (u16::MAX >> (16 - LANES));
                    // Upper chunks are often empty on boards just wider than one chunk.
                    if chunk > 0 && mask == 0 {
                        continue;
                    }
                    visit(mask, children([c, r, l], chunk, gaps, opens));
                }
            }
        }

        /// Counts the completions of `interior`, whose free rows offer `open`, in `chunks`
        /// vectors per node: batch by batch from the deepest level with waiting nodes.
        #[target_feature(enable = $features)]
        fn count(
            _: Detected,
            interior: &Interior,
            open: &[Lane; 64],
            chunks: usize,
            levels: &mut Levels<Lane>,
        ) -> u64 {
            // A constant for one-chunk kernels, so their loops over chunks unroll away.
            let chunks = if CHUNKS == 1 { 1 } else { chunks };
            let last = interior.free - 1;
            let gaps = &interior.gaps;
            levels.waiting[0] = 1;
            (levels.cols[0], levels.down_right[0], levels.down_left[0]) = (0, 0, 0);
            let mut total = 0;
            let mut top = 0;
            loop {
                let waiting = levels.waiting[top];
                if waiting == 0 {
                    if top == 0 {
                        return total;
                    }
                    top -= 1;
                    continue;
                }
                let d = top;
                let start = waiting.saturating_sub(BATCH);
                levels.waiting[d] = start;
                let row = open[d];
                let (g1, g2) = (shift(gaps[d]), shift(gaps[d + 1]));
                let (open1, open2) = (splat(open[d + 1]), splat(open[d + 2]));
                let (cols, cols_below) = levels.cols.split_at_mut((d + 1) * ROOM);
                let (right, right_below) = levels.down_right.split_at_mut((d + 1) * ROOM);
                let (left, left_below) = levels.down_left.split_at_mut((d + 1) * ROOM);
                let nodes = d * ROOM + start..d * ROOM + waiting;
                let nodes = [&cols[nodes.clone()], &right[nodes.clone()], &left[nodes]];
                let expand = |visit| expand(nodes, row, chunks, [g1, g2], [open1, open2], visit);
                if d + 2 == last {
                    let mut sums = zero();
                    expand(&mut |mask, [_, _, _, next1, next2]| {
                        sums = add_where(sums, mask, pairs(next1, next2, g2));
                    });
                    total += sum(sums);
                    continue;
                }
                let mut pushed = 0;
                expand(&mut |mask, [c1, r1, l1, next1, next2]| {
                    let alive = mask & nonzero(next1) & nonzero(next2);
                    push(&mut cols_below[pushed..], alive, c1);
                    push(&mut right_below[pushed..], alive, r1);
                    push(&mut left_below[pushed..], alive, l1);
                    pushed += alive.count_ones() as usize;
                });
                levels.waiting[d + 1] = pushed;
                top = d + 1;
            }
        }
    };
}

pub(super) mod avx2;
mod avx512;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::engines::constellations::constellation::constellations;
    use crate::large_boards::random::random;
    use crate::squares::Square;

    /// Every kernel: its name, whether this processor has it, and its entry point.
    type Kernel = (&'static str, fn() -> bool, Run);

    const KERNELS: [Kernel; 4] = [
        (
            "AVX-512 narrow",
            avx512::narrow::available,
            avx512::narrow::run,
        ),
        ("AVX2 narrow", avx2::narrow::available, avx2::narrow::run),
        ("AVX-512 wide", avx512::wide::available, avx512::wide::run),
        ("AVX2 wide", avx2::wide::available, avx2::wide::run),
    ];

    /// Every kernel that takes the board, against the scalar search; marks those that ran.
    fn check(interior: &Interior, ran: &mut [bool; 4]) -> u64 {
        let expected = interior.count_three_or_more();
        let (open, width) = shifted(interior);
        for (i, (name, _, run)) in KERNELS.iter().enumerate() {
            if let Some(count) = run(interior, &open, width) {
                assert_eq!(count, expected, "{name} kernel");
                ran[i] = true;
            }
        }
        expected
    }

    /// Says which kernels ran, and fails if one that takes such boards and that this
    /// processor has did not.
    fn report(test: &str, ran: &[bool; 4], takes: [bool; 4]) {
        for (((name, available, _), &ran), takes) in KERNELS.iter().zip(ran).zip(takes) {
            let state = match (takes, ran, available()) {
                (false, _, _) => "takes no such board",
                (true, true, _) => "ran",
                (true, false, false) => {
                    "not run: this processor lacks it, or QUEENS_SIMD rules it out"
                }
                (true, false, true) => panic!("{name}: the processor has it, but it did not run"),
            };
            println!("{test}: {name} kernel {state}");
        }
    }

    #[test]
    fn kernels_agree_with_the_scalar_search_on_every_constellation() {
        let mut ran = [false; 4];
        for n in 5..=12 {
            for constellation in constellations(n) {
                let interior = Interior::new(n, &constellation.queens);
                if interior.free >= 3 {
                    check(&interior, &mut ran);
                }
            }
        }
        report("boards of 5 to 12 columns", &ran, [true; 4]);
    }

    #[test]
    fn kernels_agree_on_boards_wider_than_16_columns() {
        let mut ran = [false; 4];
        for n in 17..=34 {
            for seed in 0..4 {
                let solution = random(n, seed).expect("a solution");
                // Free every third row of a solution: the rest has at least that completion.
                let fixed: Vec<Square> = solution
                    .iter()
                    .enumerate()
                    .filter(|&(row, _)| !(row + seed as usize).is_multiple_of(3))
                    .map(|(row, &col)| (row, col))
                    .collect();
                assert!(
                    check(&Interior::new(n, &fixed), &mut ran) >= 1,
                    "n = {n}, seed {seed}"
                );
            }
        }
        // Only the wide kernels take boards this wide.
        report(
            "boards of 17 to 34 columns",
            &ran,
            [false, false, true, true],
        );
    }
}
