//! The processor's caches as it reports them, so that kernels size their blocks to the
//! machine they run on rather than to the one they were tuned on.

use std::sync::OnceLock;

/// What a core's level 2 cache is taken to hold where the processor does not say: 1 MiB,
/// between a Zen 3's 512 KiB and a recent Xeon's 2 MiB.
pub(crate) const L2_UNKNOWN: usize = 1 << 20;

/// The bytes of a core's level 2 cache (its data or unified cache), as Linux reports it
/// for the first processor, or [`L2_UNKNOWN`] where it does not.
pub(crate) fn l2_bytes() -> usize {
    l2_reported().unwrap_or(L2_UNKNOWN)
}

/// The bytes of a core's level 2 cache as Linux reports it, if it does (read once).
pub(crate) fn l2_reported() -> Option<usize> {
    static L2: OnceLock<Option<usize>> = OnceLock::new();
    *L2.get_or_init(|| reported(2))
}

/// The size of the level `level` data or unified cache of processor 0, from sysfs.
fn reported(level: u32) -> Option<usize> {
    let caches = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    caches.flatten().find_map(|entry| {
        let read = |name: &str| std::fs::read_to_string(entry.path().join(name)).ok();
        let is_level = read("level")?.trim().parse::<u32>().ok()? == level;
        let holds_data = matches!(read("type")?.trim(), "Data" | "Unified");
        (is_level && holds_data).then(|| size(read("size")?.trim()))?
    })
}

/// A size as sysfs writes it: `512K`, `32768K`, `2M` or bytes.
fn size(text: &str) -> Option<usize> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let unit = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    digits.parse::<usize>().ok()?.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_sysfs_writes_them() {
        assert_eq!(size("512K"), Some(512 << 10));
        assert_eq!(size("32768K"), Some(32 << 20));
        assert_eq!(size("2M"), Some(2 << 20));
        assert_eq!(size("4096"), Some(4096));
        assert_eq!(size("12Q"), None);
        assert_eq!(size("K"), None);
    }

    #[test]
    fn the_level_2_cache_has_a_plausible_size() {
        let bytes = l2_bytes();
        assert!((64 << 10..=64 << 20).contains(&bytes), "{bytes} bytes");
        // Where sysfs lists a level 2 cache, it is the one read.
        let listed = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache")
            .into_iter()
            .flatten()
            .flatten()
            .any(|entry| {
                std::fs::read_to_string(entry.path().join("level")).is_ok_and(|l| l.trim() == "2")
            });
        assert_eq!(reported(2).is_some(), listed);
    }
}
