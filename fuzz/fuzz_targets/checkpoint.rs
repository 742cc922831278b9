//! Opening any file as a checkpoint: refused, or its records are ones a count accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::Error;
use queens::counting::{Checkpoint, Counter};

fuzz_target!(|input: (u8, u8, &[u8])| {
    let (n, of, bytes) = input;
    let n = usize::from(n % 10);
    let of = usize::from(of % 4) + 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("checkpoint");
    std::fs::write(&path, bytes).unwrap();
    let counter = Counter::new(n).unwrap().shard(0, of);
    let Ok(checkpoint) = Checkpoint::open(&path, &counter) else {
        // A file that is not ours is left exactly as it was.
        if !bytes.starts_with(b"queens checkpoint") && !bytes.is_empty() {
            assert_eq!(std::fs::read(&path).unwrap(), bytes);
        }
        return;
    };
    let resumed = checkpoint.resumed().to_vec();
    match counter.resume(resumed).run() {
        Ok(_) | Err(Error::BadResume { .. } | Error::Overflow { .. }) => {}
        Err(other) => panic!("{other}"),
    }
});
