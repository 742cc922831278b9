//! Reading many solutions from any bytes: every solution read is valid and reads back the
//! same, and a string reads as its bytes do once its last line is ended.
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
        // A text given whole reads as the stream that ends its last line (a stream that
        // ends in the middle of a line is cut short: its last solution is refused).
        let whole = match text.ends_with('\n') {
            true => text.to_owned(),
            false => format!("{text}\n"),
        };
        let read_whole: Vec<_> = queens::formats::parse_reader(whole.as_bytes()).collect();
        assert_eq!(queens::formats::parse_many(text), read_whole);
        if whole.len() == text.len() {
            assert_eq!(read_whole, read);
        }
    }
});
