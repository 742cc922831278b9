//! Times in the unit that shows them; sizes as the library writes them.

use std::time::Duration;

pub(crate) use queens::formats::size;

/// How long something took: to the millisecond (or finer) up to two minutes, then in
/// minutes, hours or years.
pub(crate) fn took(elapsed: Duration) -> String {
    match elapsed.as_secs_f64() {
        seconds if seconds < 120.0 => format!("{elapsed:.3?}"),
        seconds => duration(seconds),
    }
}

/// Seconds as seconds, minutes, hours or years, whichever reads best.
pub(crate) fn duration(seconds: f64) -> String {
    scaled(seconds, ["s", "minutes", "hours", "years"])
}

/// CPU time in the units a cluster budget is counted in: CPU-seconds to CPU-hours, then
/// core-years.
pub(crate) fn cpu_time(seconds: f64) -> String {
    scaled(
        seconds,
        ["CPU-seconds", "CPU-minutes", "CPU-hours", "core-years"],
    )
}

/// `seconds` in the largest of seconds, minutes, hours and years (named by `units`) that
/// keeps it from being a small fraction.
fn scaled(seconds: f64, [second, minutes, hours, years]: [&str; 4]) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    match seconds {
        s if s < 120.0 => format!("{s:.1} {second}"),
        s if s < 7200.0 => format!("{:.1} {minutes}", s / 60.0),
        s if s < 2.0 * YEAR => format!("{:.1} {hours}", s / 3600.0),
        s if s < 1e4 * YEAR => format!("{:.1} {years}", s / YEAR),
        s => format!("{:.2e} {years}", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_to_the_millisecond_then_in_minutes_and_hours() {
        assert_eq!(took(Duration::from_millis(1500)), "1.500s");
        assert_eq!(took(Duration::from_micros(2500)), "2.500ms");
        assert_eq!(took(Duration::from_secs(600)), "10.0 minutes");
        assert_eq!(took(Duration::from_secs(3 * 3600)), "3.0 hours");
    }
}
