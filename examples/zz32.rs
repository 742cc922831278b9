fn main() {
    let t = std::time::Instant::now();
    println!(
        "{:?} {:?}",
        queens::Queens::new(19).try_count(),
        t.elapsed()
    );
    println!(
        "{:?}",
        std::panic::catch_unwind(|| queens::Queens::new(19).count()).is_err()
    );
    println!("{:?}", queens::try_count(22));
}
