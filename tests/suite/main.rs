//! The library's integration tests, one binary for all (each file linking the crate on its
//! own cost minutes of build time): the library through its public API. The `queens`
//! command's are in `cli/tests/suite/`.

mod constraints;
mod conversions;
mod counting;
mod docs_links;
mod errors;
mod figures;
mod hostile_text;
mod large_boards;
mod module_cycles;
mod oeis;
mod oeis_tables;
mod properties;
mod puzzles;
mod seeds;
mod trace;
mod uniqueness;
