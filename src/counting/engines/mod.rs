//! The engines: the methods a count uses (see [`Engine`](engine::Engine)), and what a
//! count asks of each ([`work::Work`]). This module is the one place outside the engines'
//! own folders that tells them apart: the counter, checkpoints and shard records ask here.

pub(crate) mod constellations;
pub(crate) mod engine;
pub(crate) mod quadrants;
pub(crate) mod symmetric;
pub(crate) mod work;

use crate::error::Error;
use engine::Engine;
use work::Work;

/// Every engine that counts ([`Engine::Auto`] only chooses one of them).
pub(crate) const COUNTING: [Engine; 2] = [Engine::Constellations, Engine::Quadrants];

/// The engine that counts `n` when `asked` is asked for: [`Engine::Auto`] chooses the
/// faster for the board.
pub(crate) fn choose(asked: Engine, n: usize) -> Result<Engine, Error> {
    match asked {
        Engine::Quadrants if n > Engine::QUADRANTS_UP_TO => Err(Error::Unsupported {
            reason: format!(
                "the quadrants engine counts boards up to n = {}, not n = {n}",
                Engine::QUADRANTS_UP_TO
            ),
        }),
        Engine::Quadrants => Ok(Engine::Quadrants),
        Engine::Auto if (Engine::QUADRANTS_FROM..=Engine::QUADRANTS_AUTO_UP_TO).contains(&n) => {
            Ok(Engine::Quadrants)
        }
        _ => Ok(Engine::Constellations),
    }
}

/// What a shard record of `engine` says, as [`implausible_record`] checks it.
#[cfg(feature = "serde")]
pub(crate) struct RecordCounts {
    pub(crate) n: usize,
    pub(crate) shard: usize,
    pub(crate) of: usize,
    pub(crate) total: u64,
    pub(crate) fundamental: Option<u64>,
    pub(crate) fixed: Option<u64>,
}

/// Why a shard record cannot be `engine`'s, if it cannot; `Ok(true)` when the engine's own
/// rules settle it, `Ok(false)` when the record is to be checked as a subproblem's counts.
#[cfg(feature = "serde")]
pub(crate) fn implausible_record(engine: Engine, record: &RecordCounts) -> Result<bool, String> {
    let RecordCounts {
        n,
        shard,
        of,
        total,
        fundamental,
        fixed,
    } = *record;
    match engine {
        Engine::Auto => Err("a record must name the engine that counted, not auto".into()),
        Engine::Quadrants => {
            quadrants::work::implausible_record(n, (shard, of), total, fundamental, fixed)
                .map_or(Ok(true), Err)
        }
        Engine::Constellations if fixed.is_some() => {
            Err("the constellations engine records no fixed solutions".into())
        }
        Engine::Constellations => Ok(false),
    }
}

/// The word a checkpoint's checksum adds for `engine`: none for the constellation engine's,
/// so that files of format 2 (which had only that engine) stay valid; `legacy` is whether a
/// header without the engine's name is read as this engine's.
pub(crate) fn checkpoint_word(engine: Engine) -> (String, bool) {
    match engine {
        Engine::Constellations => (String::new(), true),
        engine => (format!(" {engine}"), false),
    }
}

/// The subproblems of a count of `n` by `engine` (not [`Engine::Auto`]), counting classes or
/// not.
pub(crate) fn work(n: usize, engine: Engine, fundamental: bool) -> Box<dyn Work> {
    match engine {
        Engine::Quadrants => Box::new(quadrants::work::Join::new(n, fundamental)),
        _ => Box::new(constellations::Constellations::new(n, fundamental)),
    }
}

/// Whether `engine` can keep what it reads for a count of `n` on `threads` threads within
/// `memory` bytes and the memory available here, known without listing the subproblems.
pub(crate) fn fits(
    n: usize,
    engine: Engine,
    threads: usize,
    memory: Option<u64>,
) -> Result<(), Error> {
    match engine {
        Engine::Quadrants => quadrants::storage(n, threads, memory).map(drop),
        _ => Ok(()),
    }
}

/// The bytes `engine`'s tables need for a count of `n` on `threads` threads within `memory`.
pub(crate) fn memory_needed(n: usize, engine: Engine, threads: usize, memory: Option<u64>) -> u64 {
    match engine {
        Engine::Quadrants => quadrants::needed_within(n, threads, memory),
        _ => 0,
    }
}
