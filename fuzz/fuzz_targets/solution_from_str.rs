//! Any text that reads as a solution reads back the same from each of its drawings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::{Solution, Style};

fuzz_target!(|text: &str| {
    let Ok(solution) = text.parse::<Solution>() else {
        return;
    };
    assert_eq!(Solution::new(solution.to_vec()).as_ref(), Ok(&solution));
    for &style in Style::ALL {
        // The empty board of n = 0 draws as empty text in every style but the list.
        if solution.n() == 0 && style != Style::List {
            continue;
        }
        let drawn = solution.render(style).to_string();
        assert_eq!(
            drawn.parse::<Solution>().as_ref(),
            Ok(&solution),
            "{style:?}"
        );
    }
});
