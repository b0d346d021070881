//! RON's reading errors in words a person can act on: what is wrong with their file, never
//! advice meant for the programmer who calls RON (which options to raise, which crate to use).

/// How deep RON reads nested values before it gives up (its default recursion limit).
const NESTING: usize = 128;

/// A RON reading error as a user is told it.
pub fn words(error: &ron::Error) -> String {
    match error {
        ron::Error::ExceededRecursionLimit => format!(
            "values are nested more than {NESTING} deep here, deeper than any file Gunbai reads"
        ),
        ron::Error::SuggestRawIdentifier(name) => {
            format!("`{name}` cannot stand here as a name")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::words;

    #[test]
    fn nesting_too_deep_says_so_without_advice_for_programmers() {
        let text = format!("{}{}", "[".repeat(300), "]".repeat(300));
        let error = ron::from_str::<ron::Value>(&text).expect_err("too deep");
        let said = words(&error.code);
        assert!(said.contains("nested more than 128 deep"), "{said}");
        assert!(
            !said.contains("serde_stacker") && !said.contains("ron::"),
            "{said}"
        );
    }
}
