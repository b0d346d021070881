//! What a skirmish roster holds, as data for the army builder (see [`crate::roster::form`]).

use crate::roster::form::{FieldForm, FieldKind, RecordForm, RosterForm};

/// The roster form.
pub fn form() -> RosterForm {
    RosterForm {
        about: Vec::new(),
        totals: Vec::new(),
        army: RecordForm::new(
            "army",
            vec![FieldForm::required(
                "name",
                "Army name",
                "",
                FieldKind::Text,
            )],
        ),
    }
}
