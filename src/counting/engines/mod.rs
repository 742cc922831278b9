//! The engines: the methods a count uses (see [`Engine`](engine::Engine)), and what a
//! count asks of each ([`work::Work`]).

pub(crate) mod constellations;
pub(crate) mod engine;
pub(crate) mod quadrants;
pub(crate) mod symmetric;
pub(crate) mod work;

use crate::error::Error;
use engine::Engine;
use quadrants::Storage;
use work::Work;

/// The subproblems of a count of `n` by `engine` (not [`Engine::Auto`]), counting classes or
/// not.
pub(crate) fn work(n: usize, engine: Engine, fundamental: bool) -> Box<dyn Work> {
    match engine {
        Engine::Quadrants => Box::new(quadrants::work::Join::new(n, fundamental)),
        _ => Box::new(constellations::Constellations::new(n, fundamental)),
    }
}

/// How `engine` keeps its tables for a count of `n` on `threads` threads within `memory`
/// bytes, known without listing the subproblems.
pub(crate) fn storage(
    n: usize,
    engine: Engine,
    threads: usize,
    memory: Option<u64>,
) -> Result<Storage, Error> {
    match engine {
        Engine::Quadrants => crate::counting::engines::quadrants::storage(n, threads, memory),
        _ => Ok(Storage::Tables),
    }
}

/// The bytes `engine`'s tables need for a count of `n` on `threads` threads within `memory`.
pub(crate) fn memory_needed(n: usize, engine: Engine, threads: usize, memory: Option<u64>) -> u64 {
    match engine {
        Engine::Quadrants => crate::counting::engines::quadrants::needed_within(n, threads, memory),
        _ => 0,
    }
}
