//! The entry points every instruction set compiles alike: `listing_kernel!` and
//! `transpose_kernel!`.

/// The listing kernels' entry points, alike for both instruction sets: each checks the
/// processor and the room it writes in, then calls the `filter_each_with` and
/// `join_each_with` the instruction set's file compiles for its features.
macro_rules! listing_kernel {
    () => {
        /// See [`filter_each`](super::filter_each); `None` where the kernel does not run
        /// here.
        pub(super) fn filter_each(
            uppers: &[Placement],
            lowers: &[Placement],
            out: &mut [u64],
            limit: usize,
        ) -> Option<(usize, usize)> {
            let detected = Detected::new()?;
            let pairs = (uppers.len() * lowers.len()).min(limit + lowers.len());
            assert!(out.len() >= pairs + 8);
            // SAFETY: `detected` proves the processor has the features `filter_each_with` is
            // compiled for.
            Some(unsafe { filter_each_with(detected, uppers, lowers, out, limit) })
        }

        /// See [`join_each`](super::join_each); `None` where the kernel does not run here.
        pub(super) fn join_each(
            uppers: &[Placement],
            lowers: [&[Placement]; 2],
            firsts: [u32; 2],
            out: &mut [u64],
            ends: &mut [[u32; 2]],
            base: u32,
        ) -> Option<usize> {
            let detected = Detected::new()?;
            assert!(
                out.len() >= uppers.len() * (lowers[0].len() + lowers[1].len()) + 8
                    && ends.len() >= uppers.len()
            );
            // SAFETY: `detected` proves the processor has the features `join_each_with` is
            // compiled for.
            Some(unsafe { join_each_with(detected, uppers, lowers, firsts, out, ends, base) })
        }
    };
}

/// A transposition's entry point, alike for every one: checks the processor, then calls
/// the `transpose_with` its file compiles for its features.
macro_rules! transpose_kernel {
    () => {
        /// See [`transpose`](super::transpose); `None` where the kernel does not run here.
        pub(super) fn transpose(
            halves: &[u64],
            diagonals: usize,
            planes: &mut [u64],
            words: usize,
        ) -> Option<()> {
            let detected = Detected::new()?;
            assert!(diagonals <= 64);
            // SAFETY: `detected` proves the processor has the features `transpose_with` is
            // compiled for.
            unsafe { transpose_with(detected, halves, diagonals, planes, words) };
            Some(())
        }
    };
}
