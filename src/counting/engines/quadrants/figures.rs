use super::frame::{Diagonals, Frame, Shared};

/// Half-boards of the whole board of `n` with queens in rows `rows` and columns `cols`.
fn halves(n: usize, rows: &[usize], cols: &[usize]) -> Vec<Vec<usize>> {
    fn place(
        n: usize,
        rows: &[usize],
        cols: &[usize],
        held: Diagonals,
        out: &mut Vec<Vec<usize>>,
        so_far: &mut Vec<usize>,
    ) {
        let Some((&row, rest)) = rows.split_first() else {
            out.push(so_far.clone());
            return;
        };
        for &c in cols {
            let q = Diagonals::of(n, (row, c));
            if so_far.contains(&c) || q.meets(held) {
                continue;
            }
            so_far.push(c);
            place(n, rest, cols, held.with(q), out, so_far);
            so_far.pop();
        }
    }
    let mut out = Vec::new();
    place(
        n,
        rows,
        cols,
        Diagonals::default(),
        &mut out,
        &mut Vec::new(),
    );
    out
}

/// The figures of the worked example in docs/counting.md.
#[test]
fn the_worked_example_in_the_counting_page_holds() {
    let n = 8;
    let diagonals = |rows: &[usize], cols: &[usize]| {
        let squares = rows.iter().copied().zip(cols.iter().copied());
        squares.fold(Diagonals::default(), |d, square| {
            d.with(Diagonals::of(n, square))
        })
    };
    let pairs = |east: &[usize]| {
        let west: Vec<usize> = (0..n).filter(|r| !east.contains(r)).collect();
        let a = halves(n, east, &[4, 5, 6, 7]);
        let b = halves(n, &west, &[0, 1, 2, 3]);
        let compatible = |x: &Vec<usize>| {
            b.iter()
                .filter(|y| !diagonals(east, x).meets(diagonals(&west, y)))
                .count()
        };
        let matching = a.iter().map(compatible).sum::<usize>();
        (a.len(), b, matching)
    };
    let mut choices = 0;
    let mut total = 0;
    for e in 0u32..256 {
        if e.count_ones() == 4 {
            let east: Vec<usize> = (0..n).filter(|&r| e >> r & 1 == 1).collect();
            choices += 1;
            total += pairs(&east).2;
        }
    }
    assert_eq!((choices, total), (70, 92));
    assert_eq!(halves(n, &[0, 3], &[4, 5, 6, 7]).len(), 10);
    assert_eq!(halves(n, &[6, 7], &[4, 5, 6, 7]).len(), 6);
    let (east, west, matching) = pairs(&[0, 3, 6, 7]);
    assert_eq!((east, matching), (10, 1));
    let expected: Vec<Vec<usize>> = vec![
        vec![0, 2, 1, 3],
        vec![1, 3, 0, 2],
        vec![2, 0, 3, 1],
        vec![3, 1, 2, 0],
    ];
    assert_eq!(west, expected);
    let shared = Shared::new(&Frame::around(n, &[]));
    assert_eq!(shared.len(), 14);
    assert_eq!(
        shared.of(diagonals(&[0, 3, 6, 7], &[5, 7, 6, 4]))
            & shared.of(diagonals(&[1, 2, 4, 5], &[2, 0, 3, 1])),
        0
    );
    assert!(crate::solution::Solution::new(vec![5, 2, 0, 7, 3, 1, 6, 4]).is_ok());
    // The solver itself, subproblem by subproblem, agrees.
    assert_eq!(super::tests::count(8), 92);
}
