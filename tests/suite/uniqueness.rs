//! `Queens::uniqueness` against an independent brute force over every permutation, on boards
//! with random fixed queens, blocked squares and prefixes.

use queens::puzzle::Uniqueness;
use queens::{Error, Queens, Square};

/// Every placement of one queen a row and column that meets the constraints and has no two
/// queens on a diagonal, in lexicographic order.
fn brute_force(
    n: usize,
    queens: &[Square],
    blocks: &[Square],
    prefix: &[usize],
) -> Vec<Vec<usize>> {
    fn permutations(n: usize, so_far: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if so_far.len() == n {
            out.push(so_far.clone());
            return;
        }
        for col in 0..n {
            if !so_far.contains(&col) {
                so_far.push(col);
                permutations(n, so_far, out);
                so_far.pop();
            }
        }
    }
    let mut all = Vec::new();
    permutations(n, &mut Vec::new(), &mut all);
    all.retain(|cols| {
        let safe = (0..n).all(|a| (a + 1..n).all(|b| cols[a].abs_diff(cols[b]) != b - a));
        safe && queens.iter().all(|&(r, c)| cols[r] == c)
            && blocks.iter().all(|&(r, c)| cols[r] != c)
            && cols.starts_with(prefix)
    });
    all
}

/// A small deterministic generator, independent of the crate's.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn uniqueness_agrees_with_brute_force_on_random_boards() -> Result<(), Error> {
    let mut rng = Lcg(2026);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for _ in 0..3000 {
        let n = 1 + rng.below(8);
        let queens: Vec<Square> = (0..rng.below(3))
            .map(|_| (rng.below(n), rng.below(n)))
            .collect();
        let blocks: Vec<Square> = (0..rng.below(2 * n))
            .map(|_| (rng.below(n), rng.below(n)))
            .collect();
        let prefix: Vec<usize> = (0..rng.below(2)).map(|_| rng.below(n)).collect();
        let built = Queens::builder(n)
            .queens(queens.iter().copied())
            .blocks(blocks.iter().copied())
            .prefix(&prefix)
            .build();
        let Ok(search) = built else {
            // Contradictory constraints (two queens attacking, a queen on a block, ...).
            continue;
        };
        let expected = brute_force(n, &queens, &blocks, &prefix);
        match search.uniqueness() {
            Uniqueness::NoSolution => {
                assert!(
                    expected.is_empty(),
                    "n {n} {queens:?} {blocks:?} {prefix:?}"
                );
                none += 1;
            }
            Uniqueness::Unique(only) => {
                assert_eq!(
                    expected,
                    [only.to_vec()],
                    "n {n} {queens:?} {blocks:?} {prefix:?}"
                );
                unique += 1;
            }
            Uniqueness::Several(a, b) => {
                assert!(
                    expected.len() >= 2,
                    "n {n} {queens:?} {blocks:?} {prefix:?}"
                );
                assert_ne!(a, b);
                assert!(expected.contains(&a.to_vec()) && expected.contains(&b.to_vec()));
                several += 1;
            }
        }
    }
    // Every kind of answer was checked many times.
    assert!(
        unique > 100 && several > 100 && none > 100,
        "{unique} {several} {none}"
    );
    Ok(())
}

#[test]
fn uniqueness_stops_at_the_second_solution_on_every_size() {
    for n in 0..=64 {
        let answer = Queens::new(n).uniqueness();
        match n {
            0 | 1 => assert!(answer.is_unique(), "n = {n}"),
            2 | 3 => assert_eq!(answer, Uniqueness::NoSolution, "n = {n}"),
            _ => assert!(answer.is_several(), "n = {n}"),
        }
    }
}
