//! Numbers in text: one rule for every reader.

/// A number as every reader takes one, and as every writer writes one: decimal digits
/// without a sign or a leading zero (`0` itself aside), within `usize`.
pub(crate) fn plain_number(text: &str) -> Option<usize> {
    let digits_only = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let canonical = text == "0" || !text.starts_with('0');
    (digits_only && canonical).then(|| text.parse().ok())?
}

#[cfg(test)]
mod tests {
    use super::plain_number;

    #[test]
    fn only_plain_decimal_digits_are_numbers() {
        assert_eq!(plain_number("0"), Some(0));
        assert_eq!(plain_number("10"), Some(10));
        for bad in [
            "",
            "+1",
            "-1",
            "01",
            "00",
            " 1",
            "1 ",
            "1_000",
            "99999999999999999999",
        ] {
            assert_eq!(plain_number(bad), None, "{bad:?}");
        }
    }
}
