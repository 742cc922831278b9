//! Times and sizes in the unit that shows them.

use std::time::Duration;

/// How long something took: to the millisecond (or finer) up to two minutes, then in
/// minutes, hours or years.
pub(crate) fn took(elapsed: Duration) -> String {
    match elapsed.as_secs_f64() {
        seconds if seconds < 120.0 => format!("{elapsed:.3?}"),
        seconds => duration(seconds),
    }
}

/// `bytes` in the unit that shows them: bytes below 1 KiB, else KiB, MiB, GiB or TiB to
/// three significant figures, rounded up (a need) or down (what is available): as
/// `queens::Error::NotEnoughMemory` writes them.
pub(crate) fn size(bytes: u64, round_up: bool) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut unit = 0;
    loop {
        let shift = 10 * (unit as u32 + 1);
        let decimals = match bytes >> shift {
            0..=9 => 2,
            10..=99 => 1,
            _ => 0,
        };
        let scale = 10u128.pow(decimals);
        let (scaled, divisor) = (u128::from(bytes) * scale, 1u128 << shift);
        let value = match round_up {
            true => scaled.div_ceil(divisor),
            false => scaled / divisor,
        };
        if value >= 1024 * scale && unit + 1 < UNITS.len() {
            unit += 1;
            continue;
        }
        let whole = value / scale;
        let fraction = format!("{:0width$}", value % scale, width = decimals as usize);
        let fraction = fraction.trim_end_matches('0');
        return match fraction {
            "" => format!("{whole} {}", UNITS[unit]),
            _ => format!("{whole}.{fraction} {}", UNITS[unit]),
        };
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
    fn sizes_read_as_the_library_s_memory_errors_write_them() {
        for bytes in [
            0,
            1,
            1023,
            1024,
            1025,
            1536,
            (1 << 20) - 1,
            1 << 20,
            64 << 20,
            (19 << 20) + (300 << 10),
            3 << 29,
            1 << 40,
            u64::MAX,
        ] {
            let message = queens::Error::NotEnoughMemory {
                needed: bytes,
                available: bytes,
                advice: "",
            }
            .to_string();
            assert_eq!(
                message,
                format!(
                    "this needs about {} of memory, but only {} is available; ",
                    size(bytes, true),
                    size(bytes, false)
                )
            );
        }
        assert_eq!(size(8_700_000, true), "8.3 MiB");
    }

    #[test]
    fn times_read_to_the_millisecond_then_in_minutes_and_hours() {
        assert_eq!(took(Duration::from_millis(1500)), "1.500s");
        assert_eq!(took(Duration::from_micros(2500)), "2.500ms");
        assert_eq!(took(Duration::from_secs(600)), "10.0 minutes");
        assert_eq!(took(Duration::from_secs(3 * 3600)), "3.0 hours");
    }
}
