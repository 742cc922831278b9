//! Nothing but a home for the benchmarks in `benches/`: `cargo bench -p queens-bench`.
