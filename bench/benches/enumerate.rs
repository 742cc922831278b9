//! Full enumeration: building every `Solution`, lending columns, and counting.
//!
//! Run with `cargo bench -p queens-bench`; for n = 14 the goal is under 0.30 s for
//! `for s in Queens::new(14)`, as fast as a plain C enumerator that copies each solution.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use queens::Queens;

fn enumerate(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumerate");
    group.sample_size(10);
    for n in [12, 14] {
        group.bench_with_input(BenchmarkId::new("for_each_solution", n), &n, |b, &n| {
            b.iter(|| {
                let mut rows = 0;
                for s in Queens::new(n) {
                    rows += black_box(s)[0];
                }
                rows
            });
        });
        group.bench_with_input(BenchmarkId::new("next_columns", n), &n, |b, &n| {
            b.iter(|| {
                let mut search = Queens::new(n);
                let mut rows = 0;
                while let Some(columns) = search.next_columns() {
                    rows += black_box(columns)[0];
                }
                rows
            });
        });
        group.bench_with_input(BenchmarkId::new("count", n), &n, |b, &n| {
            b.iter(|| Queens::new(black_box(n)).count());
        });
    }
    group.finish();
}

criterion_group!(benches, enumerate);
criterion_main!(benches);
