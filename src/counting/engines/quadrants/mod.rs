//! The quadrant join: solutions counted from the partial solutions of the board's quarters,
//! with no search of the whole board.
//!
//! Cut the board at row and column `n / 2`. Each row's queen stands in the west or the
//! east half; choose which rows put it east (a *row choice*, as many rows as the east half
//! has columns). For that choice, list every *east half-board*: queens on those rows, one
//! per east column, none attacking another. Each is a north-east placement joined to a
//! south-east one on the other columns, and both come from tables built once (see
//! [`quadrant`]). List the west half-boards of the other rows alike. A west and an east
//! half-board make a solution exactly when they hold no diagonal in common, since rows and
//! columns are already apart. So the count is, over all row choices, the number of pairs
//! of disjoint diagonal sets, and [`join`] counts those 512 at a time.
//!
//! Symmetry cuts the work about eight-fold on even boards: reflecting north to south turns
//! a row choice into its mirror image, so only one of the two is counted (twice); and the
//! east half-boards holding a queen on a longest diagonal are skipped, the west half-boards
//! holding one counting double instead (reflections map the one set onto the other). On
//! odd boards the middle row's and the middle column's queens are placed first, one case
//! per class of placements under the board's eight symmetries; on n = 28, the queens of
//! its two middle rows and columns, which leaves quadrants of 12 rows and columns, not 14.
//!
//! The join counts solutions only; the counter gets classes from them by Burnside's lemma
//! (see [`count_symmetric`](crate::counting::count_symmetric)).
//! [The counting guide](crate::guides::counting) works through `n = 8`.

mod choices;
#[cfg(test)]
mod figures;
mod frame;
mod join;
pub(crate) mod method;
// Vector kernels of the join (unsafe code: see the constellations' kernels).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod kernels;
pub(crate) mod layout;
mod plan;
// Calls its loops compiled for POPCNT where the processor has it (see `portable::popcnt`).
#[allow(unsafe_code)]
pub(crate) mod portable;
mod quadrant;
mod row_sets;
mod sieve;
mod sizing;
mod solver;
mod subproblem;
mod table;
#[cfg(test)]
mod tests;
mod west;
pub(crate) mod work;

pub(crate) use choices::Room;
pub(crate) use plan::Plan;
pub(crate) use sizing::{MAX_N, Storage, needed, sample_threads, storage};
pub(crate) use solver::Solver;
