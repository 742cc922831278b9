//! The `queens` command's integration tests, one binary for all: the command as a user runs
//! it, and the recipes of the guides that drive it (GNU parallel, Slurm, `queens watch`).

mod cli;
mod cluster;
mod common;
mod faults;
mod hostile_use;
