//! Splitting a count into subproblems: one per class of border constellations.
//!
//! Every solution has exactly one queen in each border line (top and bottom rows, left and
//! right columns): its *constellation*, at most four queens since corner queens serve two
//! lines. A symmetry of the board maps the solutions with constellation `C` one-to-one onto
//! those with constellation `g(C)`, so counting the solutions of one constellation per
//! symmetry class and weighting each by its class size gives the total, with about an
//! eighth of the work.

use crate::counting::interior::Interior;
use crate::solution::symmetry::Symmetry;
use crate::squares::{Square, attacks};

/// One class of constellations: its least member's border queens, and the class's size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Constellation {
    /// The distinct border queens, one to four of them.
    pub(crate) queens: Vec<Square>,
    /// How many constellations the class holds: 8 divided by the size of the stabilizer.
    pub(crate) weight: u64,
}

impl Constellation {
    /// The member of the class the search handles fastest, with its stabilizer: the
    /// symmetries other than the identity that map it to itself.
    ///
    /// Every member of a class has the same number of completions, but the search runs top
    /// to bottom and its size depends on which border line is on top: up to twice as many
    /// nodes for a poor choice. The estimate looks at the open squares of the upper rows.
    /// Each subproblem orients itself, so that this work is shared among the threads.
    pub(crate) fn oriented(&self, n: usize) -> (Vec<Square>, Vec<Symmetry>) {
        if n == 0 {
            return (Vec::new(), Symmetry::ALL[1..].to_vec());
        }
        let oriented = Symmetry::ALL
            .map(|g| {
                let mut moved: Vec<Square> = self.queens.iter().map(|&q| g.apply(q, n)).collect();
                moved.sort_unstable();
                moved
            })
            .into_iter()
            .min_by(|a, b| {
                let cost = |queens: &[Square]| Interior::new(n, queens).estimated_cost(n);
                cost(a).total_cmp(&cost(b))
            })
            .expect("eight images");
        let border = image(n, &oriented, Symmetry::Identity);
        let stabilizer: Vec<Symmetry> = Symmetry::ALL[1..]
            .iter()
            .copied()
            .filter(|&g| image(n, &oriented, g) == border)
            .collect();
        debug_assert_eq!(8 / (stabilizer.len() as u64 + 1), self.weight);
        (oriented, stabilizer)
    }
}

/// The border lines' queens as (top column, bottom column, left row, right row).
type Border = [usize; 4];

/// One representative of every class of valid constellations of an `n` x `n` board, in a
/// fixed order (the subproblems' numbering).
/// The empty board of `n = 0` is one constellation of no queens.
pub(crate) fn constellations(n: usize) -> Vec<Constellation> {
    if n == 0 {
        return vec![Constellation {
            queens: Vec::new(),
            weight: 1,
        }];
    }
    let mut found = Vec::new();
    for top in 0..n {
        for bottom in 0..n {
            for left in 0..n {
                for right in 0..n {
                    let border = [top, bottom, left, right];
                    let Some(queens) = border_queens(n, border) else {
                        continue;
                    };
                    let images = Symmetry::ALL.map(|g| image(n, &queens, g));
                    if images.iter().any(|other| *other < border) {
                        continue;
                    }
                    let stabilizer_size = images.iter().filter(|&&other| other == border).count();
                    found.push(Constellation {
                        queens,
                        weight: 8 / stabilizer_size as u64,
                    });
                }
            }
        }
    }
    found
}

/// The distinct queens of a border description, if it is consistent (each line holds
/// exactly one of them) and none attacks another.
fn border_queens(n: usize, [top, bottom, left, right]: Border) -> Option<Vec<Square>> {
    let last = n - 1;
    let mut queens = vec![(0, top), (last, bottom), (left, 0), (right, last)];
    queens.sort_unstable();
    queens.dedup();
    let lines: [fn(Square, usize) -> bool; 4] = [
        |(r, _), _| r == 0,
        |(r, _), last| r == last,
        |(_, c), _| c == 0,
        |(_, c), last| c == last,
    ];
    let one_per_line = lines
        .iter()
        .all(|on_line| queens.iter().filter(|&&q| on_line(q, last)).count() == 1);
    let peaceful = queens
        .iter()
        .enumerate()
        .all(|(i, &a)| queens[i + 1..].iter().all(|&b| !attacks(a, b)));
    (one_per_line && peaceful).then_some(queens)
}

/// The border description of the constellation moved by `g`.
fn image(n: usize, queens: &[Square], g: Symmetry) -> Border {
    let last = n - 1;
    let mut border = [0; 4];
    for &square in queens {
        let (row, col) = g.apply(square, n);
        if row == 0 {
            border[0] = col;
        }
        if row == last {
            border[1] = col;
        }
        if col == 0 {
            border[2] = row;
        }
        if col == last {
            border[3] = row;
        }
    }
    border
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_cover_every_valid_constellation_once() {
        for n in 1usize..=9 {
            let valid = (0..n.pow(4))
                .filter(|&i| {
                    let border = [i % n, i / n % n, i / n / n % n, i / n / n / n];
                    border_queens(n, border).is_some()
                })
                .count() as u64;
            let weighted: u64 = constellations(n).iter().map(|c| c.weight).sum();
            assert_eq!(weighted, valid, "n = {n}");
        }
    }

    /// The figures docs/algorithms.md gives for n = 8.
    #[test]
    fn eight_has_582_constellations_in_78_classes() {
        let classes = constellations(8);
        let of_weight = |w| classes.iter().filter(|c| c.weight == w).count();
        assert_eq!(classes.iter().map(|c| c.weight).sum::<u64>(), 582);
        assert_eq!(
            (classes.len(), of_weight(8), of_weight(4), of_weight(2)),
            (78, 69, 6, 3)
        );
        assert_eq!(classes[5].queens, [(0, 0), (3, 7), (7, 2)]);
        assert_eq!(
            classes[5].oriented(8),
            (vec![(0, 5), (4, 0), (7, 7)], vec![])
        );
    }

    #[test]
    fn the_single_queen_is_fixed_by_every_symmetry() {
        let only = constellations(1);
        assert_eq!(only.len(), 1);
        assert_eq!((only[0].weight, only[0].oriented(1).1.len()), (1, 7));
    }
}
