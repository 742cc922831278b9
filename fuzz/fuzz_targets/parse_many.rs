//! Reading many solutions from any bytes: every solution read is valid and reads back the
//! same, and a string reads as its bytes do.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::{Solution, Style};

fuzz_target!(|bytes: &[u8]| {
    let read: Vec<_> = queens::formats::parse_reader(bytes).collect();
    for (line, result) in &read {
        assert!(*line >= 1);
        if let Ok(solution) = result {
            let list = solution.render(Style::List).to_string();
            assert_eq!(list.parse::<Solution>().as_ref(), Ok(solution));
        }
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        assert_eq!(queens::formats::parse_many(text), read);
    }
});
