//! The integration tests, one binary for all (each file linking the crate on its own cost
//! minutes of build time): the library through its public API, and the `queens` binary as a
//! user runs it.

mod cli;
mod cluster;
mod common;
mod constraints;
mod conversions;
mod counting;
mod docs_links;
mod errors;
mod faults;
mod figures;
mod hostile_text;
mod hostile_use;
mod large_boards;
mod module_cycles;
mod oeis;
mod oeis_tables;
mod properties;
mod puzzles;
mod seeds;
mod trace;
mod uniqueness;
