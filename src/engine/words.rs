//! Counts in words: "1 hit", "3 hits", "1 die", "2 dice". Every sentence the umpire reads
//! that has a number of something goes through [`count`], so "1 hits" never appears.

/// `n` and the noun, singular for exactly one: `count(1, "hit")` is "1 hit",
/// `count(3, "hit")` "3 hits", `count(2, "die")` "2 dice", `count(1, "entry")` "1 entry".
pub fn count(n: impl TryInto<i64>, noun: &str) -> String {
    counted(n, noun).to_string()
}

/// [`count`] as a value to write into a longer text, with no `String` of its own: a log
/// sentence is written for every entry a reopen runs again.
pub fn counted(n: impl TryInto<i64>, noun: &str) -> Counted<'_> {
    Counted {
        n: n.try_into().unwrap_or(i64::MAX),
        noun,
    }
}

/// A count and its noun, written by [`counted`].
#[derive(Clone, Copy, Debug)]
pub struct Counted<'a> {
    n: i64,
    noun: &'a str,
}

impl std::fmt::Display for Counted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.n == 1 || self.n == -1 {
            write!(f, "{} {}", self.n, self.noun)
        } else {
            let (stem, ending) = plural_parts(self.noun);
            write!(f, "{} {stem}{ending}", self.n)
        }
    }
}

/// Appends `n`'s decimal digits, as `{}` writes them, without the formatting machinery:
/// the journal's lines and the log's sentences are written for every entry a reopen runs
/// again.
pub fn push_number(out: &mut String, mut n: u64) {
    if n < 10 {
        // Most numbers in a line or a sentence are one digit: a die's face, a count.
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    while n > 0 {
        at -= 1;
        // A digit: `n % 10` is below 10.
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    // ASCII digits are always text: pushed at once rather than a `char` at a time.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// A probability as a percentage with one decimal, `62.5%`: rounding never shows `-0.0%` or
/// more than `100.0%` for a chance that sums and differences of floats left a hair outside.
pub fn percent(p: f64) -> String {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    // `+ 0.0` turns a negative zero into zero.
    format!("{:.1}%", p * 100.0 + 0.0)
}

/// The text with its first letter in capitals: "unit" gives "Unit".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The plural of a noun the app counts.
pub fn plural(noun: &str) -> String {
    let (stem, ending) = plural_parts(noun);
    format!("{stem}{ending}")
}

/// The plural of a noun as its stem and the ending that follows: "dice" and "", "entr" and
/// "ies", "hit" and "s".
fn plural_parts(noun: &str) -> (&str, &'static str) {
    match noun {
        "die" => ("dice", ""),
        "man" => ("men", ""),
        "foot" => ("feet", ""),
        _ if noun.ends_with('y') && !noun.ends_with("ey") && !noun.ends_with("ay") => {
            (&noun[..noun.len() - 1], "ies")
        }
        _ if noun.ends_with('s')
            || noun.ends_with('x')
            || noun.ends_with("sh")
            || noun.ends_with("ch") =>
        {
            (noun, "es")
        }
        _ => (noun, "s"),
    }
}

#[cfg(test)]
mod tests {
    use super::{count, percent};

    #[test]
    fn a_chance_a_hair_below_zero_reads_zero_not_minus_zero() {
        assert_eq!(percent(-1e-17), "0.0%");
        assert_eq!(percent(-0.0), "0.0%");
        assert_eq!(percent(1.000_000_000_1), "100.0%");
        assert_eq!(percent(0.625), "62.5%");
        assert_eq!(percent(f64::NAN), "0.0%");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "hit"), "1 hit");
        assert_eq!(count(0, "hit"), "0 hits");
        assert_eq!(count(2, "die"), "2 dice");
        assert_eq!(count(1, "die"), "1 die");
        assert_eq!(count(1, "entry"), "1 entry");
        assert_eq!(count(5, "entry"), "5 entries");
        assert_eq!(count(3, "action"), "3 actions");
        assert_eq!(count(2, "face"), "2 faces");
        assert_eq!(count(4, "stand"), "4 stands");
        assert_eq!(count(3, "hex"), "3 hexes");
        assert_eq!(count(2, "inch"), "2 inches");
    }
}
