//! The processor's caches as it reports them, so that kernels size their blocks to the
//! machine they run on rather than to the one they were tuned on.

use std::sync::OnceLock;

use crate::error::{Error, excerpt};

/// What a core's level 2 cache is taken to hold where the processor does not say: 1 MiB,
/// between a Zen 3's 512 KiB and a recent Xeon's 2 MiB.
pub(crate) const L2_UNKNOWN: usize = 1 << 20;

/// The bytes of a core's level 2 cache (its data or unified cache) the kernels size their
/// blocks by: `QUEENS_L2` where it is set, else as Linux reports it for the first
/// processor, else [`L2_UNKNOWN`].
pub(crate) fn l2_bytes() -> usize {
    match from_environment() {
        Ok(Some(bytes)) => bytes,
        _ => l2_reported().unwrap_or(L2_UNKNOWN),
    }
}

/// The bytes of a core's level 2 cache as Linux reports it, if it does (read once).
pub(crate) fn l2_reported() -> Option<usize> {
    static L2: OnceLock<Option<usize>> = OnceLock::new();
    *L2.get_or_init(|| reported(2))
}

/// The level 2 cache `QUEENS_L2` names (`512K`, `2M`, bytes; read once), to see on one
/// processor how blocks sized for another's cache fare; `None` where it is unset, an error
/// where it means nothing (a count refuses it before it starts, as it does a bad
/// `QUEENS_SIMD`).
pub(crate) fn from_environment() -> Result<Option<usize>, Error> {
    static CHOSEN: OnceLock<Result<Option<usize>, Error>> = OnceLock::new();
    CHOSEN
        .get_or_init(|| {
            let Some(value) = std::env::var_os("QUEENS_L2") else {
                return Ok(None);
            };
            let value = value.to_string_lossy();
            if value.trim().is_empty() {
                return Ok(None);
            }
            match named_size(value.trim()) {
                Some(bytes) if (16 << 10..=1 << 30).contains(&bytes) => Ok(Some(bytes)),
                _ => Err(Error::Unsupported {
                    reason: format!(
                        "QUEENS_L2 is {}; expected a level 2 cache size from 16K to 1G, such \
                         as 512K, 512KiB, 1.25M or 2M (or unset, for the size Linux reports)",
                        excerpt(&value)
                    ),
                }),
            }
        })
        .clone()
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

/// A size as a user writes it: bytes, or a number (`1.25`) and a unit of 1024s (`K`, `k`,
/// `KB`, `KiB`; `M`; `G`), as `--memory` takes them.
fn named_size(text: &str) -> Option<usize> {
    let at = (text.find(|c: char| !(c.is_ascii_digit() || c == '.'))).unwrap_or(text.len());
    let (number, unit) = text.split_at(at);
    let unit: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return None,
    };
    let bytes = number.parse::<f64>().ok()? * unit as f64;
    (bytes.is_finite() && bytes < (1u64 << 53) as f64).then(|| bytes.round() as usize)
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
    fn sizes_read_as_users_write_them() {
        for (text, bytes) in [
            ("512K", 512 << 10),
            ("512k", 512 << 10),
            ("512KiB", 512 << 10),
            ("512 KB", 512 << 10),
            ("1.25M", 1280 << 10),
            ("0.5m", 512 << 10),
            ("2G", 2 << 30),
            ("4096", 4096),
        ] {
            assert_eq!(named_size(text), Some(bytes), "{text}");
        }
        for text in [
            "",
            "K",
            "12Q",
            "1e9",
            "-1K",
            "1.2.3M",
            "inf",
            "99999999999999999999G",
        ] {
            assert_eq!(named_size(text), None, "{text}");
        }
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
