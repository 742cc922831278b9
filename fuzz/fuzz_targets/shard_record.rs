//! Any line that reads as a shard record writes back as a line that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::counting::ShardRecord;

fuzz_target!(|text: &str| {
    if let Ok(records) = ShardRecord::read_all(text.as_bytes()) {
        for record in &records {
            assert_eq!(ShardRecord::parse(&record.to_json()).as_ref(), Ok(record));
        }
        let _ = ShardRecord::merge(&records);
    }
});
