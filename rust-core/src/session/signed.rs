//! The apps' numbers are signed (Kotlin's unsigned types are awkward in app code, and Swift's
//! `Int` is signed): counts and times that the rules, the wire or the clock keep unsigned cross
//! into the exported records through these, saturating (no real value comes near the limit).

/// A count as an `i32` (`i32::MAX` if it does not fit).
pub(crate) fn int(n: impl TryInto<i32>) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}

/// A time or count as an `i64` (`i64::MAX` if it does not fit).
pub(crate) fn long(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_that_fit_are_kept_and_the_others_saturate() {
        assert_eq!(int(7u32), 7);
        assert_eq!(int(u32::MAX), i32::MAX);
        assert_eq!(int(usize::MAX), i32::MAX);
        assert_eq!(long(42u64), 42);
        assert_eq!(long(u64::MAX), i64::MAX);
    }
}
