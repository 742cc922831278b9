//! The threads a count runs its subproblems on.

use std::sync::{Mutex, PoisonError};

#[cfg(feature = "parallel")]
use crate::counting::simd::forced;

/// The threads a count runs on: rayon's when it can (built once per count), else the
/// calling thread.
pub(crate) struct Pool {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
    threads: usize,
}

impl Pool {
    /// `threads` threads (0: one per core), no more than the `jobs` to run.
    pub(crate) fn new(threads: usize, jobs: usize) -> Pool {
        #[cfg(feature = "parallel")]
        {
            if threads == 0 {
                let threads = rayon::current_num_threads();
                return Pool {
                    pool: None,
                    threads,
                };
            }
            // Threads beyond the subproblems left would only wait.
            let threads = threads.min(jobs).max(1);
            let pool = (threads > 1)
                .then(|| {
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .ok()
                })
                .flatten();
            let threads = if pool.is_some() { threads } else { 1 };
            Pool { pool, threads }
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = (threads, jobs);
            Pool { threads: 1 }
        }
    }

    /// How many threads solve subproblems at once.
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// How many threads a pool of `threads` (0: one per core) has, when there is work enough.
    pub(crate) fn threads_for(threads: usize) -> usize {
        match threads {
            #[cfg(feature = "parallel")]
            0 => rayon::current_num_threads(),
            #[cfg(not(feature = "parallel"))]
            _ => 1,
            #[cfg(feature = "parallel")]
            threads => threads,
        }
    }

    /// Solves the subproblems `todo`: one list, consumed by rayon when there is more than
    /// one thread, else by a loop on this thread.
    pub(crate) fn run<T: Send>(
        &self,
        todo: &[usize],
        solve_one: impl Fn(usize) -> T + Sync,
    ) -> Vec<T> {
        #[cfg(feature = "parallel")]
        if self.threads > 1 {
            use rayon::prelude::*;
            // The pool's threads count on the kernels the caller's does (an audit's).
            let kernels = forced::current();
            let work = || {
                todo.par_iter()
                    .with_max_len(1)
                    .map(|&i| forced::within(kernels, || solve_one(i)))
                    .collect()
            };
            return match &self.pool {
                Some(pool) => pool.install(work),
                None => work(),
            };
        }
        todo.iter().map(|&i| solve_one(i)).collect()
    }

    /// Solves `todo` as [`run`](Pool::run) does, each thread in a state of its own made by
    /// `state` (made once per thread, so that what it holds is reused from item to item).
    pub(crate) fn run_with<S: Send, T: Send>(
        &self,
        todo: &[usize],
        state: impl Fn() -> S,
        solve_one: impl Fn(&mut S, usize) -> T + Sync,
    ) -> Vec<T> {
        let states: Vec<Mutex<S>> = (0..self.threads.max(1))
            .map(|_| Mutex::new(state()))
            .collect();
        self.run_in(todo, &states, solve_one)
    }

    /// Solves `todo` as [`run`](Pool::run) does, each thread in its own of `states` (one a
    /// thread of the pool, kept by the caller from call to call).
    pub(crate) fn run_in<S: Send, T: Send>(
        &self,
        todo: &[usize],
        states: &[Mutex<S>],
        solve_one: impl Fn(&mut S, usize) -> T + Sync,
    ) -> Vec<T> {
        self.run(todo, |i| {
            // Each thread of the pool has its own index, so no state is waited for.
            #[cfg(feature = "parallel")]
            let thread = rayon::current_thread_index().unwrap_or(0);
            #[cfg(not(feature = "parallel"))]
            let thread = 0;
            let mut state = states[thread % states.len()]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            solve_one(&mut state, i)
        })
    }
}
