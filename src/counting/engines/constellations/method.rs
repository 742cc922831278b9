//! What a count asks of the constellation engine besides its subproblems' counts.

use std::ops::RangeInclusive;

use super::Constellations;
use crate::bitboard::MAX as MAX_N;
use crate::counting::contract::method::Method;
#[cfg(feature = "serde")]
use crate::counting::contract::method::RecordCounts;
use crate::counting::contract::work::Work;

/// The constellation engine as [`Method`].
pub(crate) struct BorderConstellations;

impl Method for BorderConstellations {
    fn largest_n(&self) -> usize {
        MAX_N
    }

    /// Every board: it needs no tables, so it is the engine tried last.
    fn auto_boards(&self) -> RangeInclusive<usize> {
        0..=MAX_N
    }

    fn work(&self, n: usize, fundamental: bool) -> Box<dyn Work> {
        Box::new(Constellations::new(n, fundamental))
    }

    /// None, so that checkpoints of format 2 (which had only this engine) stay valid.
    fn checkpoint_word(&self, _: usize) -> (String, bool) {
        (String::new(), true)
    }

    #[cfg(feature = "serde")]
    fn implausible_record(&self, record: &RecordCounts) -> Result<bool, String> {
        match record.fixed {
            Some(_) => Err("the constellations engine records no fixed solutions".into()),
            None => Ok(false),
        }
    }

    fn shards_count_classes(&self) -> bool {
        true
    }

    /// None below n = 6: a constellation leaves at most `n - 3` free rows (one queen in a
    /// corner holds two border lines), and the kernels take 3 or more.
    fn kernels_here(&self, n: usize) -> Option<&'static str> {
        if n < 6 {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        return crate::counting::interior::kernels::running(n);
        #[cfg(not(target_arch = "x86_64"))]
        None
    }
}
