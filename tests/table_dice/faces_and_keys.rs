//! Items 1 and 2: a faces error keeps the umpire where he was, and keys that roll never fire
//! while a field is being typed in.

use eframe::egui::Key;
use egui_kittest::kittest::Queryable as _;

use super::common::{entries, press};
use super::ui_support;

#[test]
fn a_faces_error_keeps_the_umpire_in_the_field_with_what_he_typed_and_says_every_group() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_on(dir.path(), Some(1));
    assert_eq!(h.state().game().unwrap().checks()[0].what, "Initiative");
    // Up front, before anything is typed: every face the roll takes, and what for.
    assert!(
        h.query_all_by_label_contains("Type 4 faces: 2 for Takeda")
            .count()
            > 0,
        "the card says what each group of faces is for"
    );
    press(&mut h, Key::T, "t");
    press(&mut h, Key::Num3, "3");
    press(&mut h, Key::Enter, "");
    let error = h.get_by_label_contains("1 face typed; this roll needs 4: 2 for Takeda");
    assert!(
        h.query_all_by_label_contains("; and 4 more for each tie")
            .count()
            >= 2,
        "the error says every group, up front, as the card does"
    );
    let field = h.get_by_label("Table faces");
    assert!(field.is_focused(), "the keyboard stays in the field");
    assert_eq!(field.value().as_deref(), Some("3"), "what was typed stays");
    let (e, f) = (error.rect(), field.rect());
    assert!(
        e.top() < f.bottom() + 80.0 && e.bottom() <= 900.0,
        "the error sits beside the field, in view: {e:?} by {f:?}"
    );
    // The next Space types, it does not roll Gunbai's dice.
    press(&mut h, Key::Space, " ");
    assert_eq!(entries(&h), 0, "nothing was rolled");
    assert_eq!(h.get_by_label("Table faces").value().as_deref(), Some("3 "));
}

#[test]
fn r_and_space_do_nothing_but_type_while_a_faces_field_has_focus_or_holds_text() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_on(dir.path(), Some(1));
    let field = h.get_by_label("Table faces");
    field.focus();
    h.run();
    press(&mut h, Key::Num3, "3");
    press(&mut h, Key::R, "r");
    press(&mut h, Key::Space, " ");
    assert_eq!(entries(&h), 0, "typing in the field rolls nothing");
    // The field loses the keyboard but keeps its text: R and Space still roll nothing.
    press(&mut h, Key::Escape, "");
    assert!(!h.get_by_label("Table faces").is_focused());
    for (key, text) in [(Key::R, "r"), (Key::Space, " ")] {
        press(&mut h, key, text);
    }
    assert_eq!(
        entries(&h),
        0,
        "typed faces are never thrown away for the app's dice"
    );
    assert!(
        h.query_all_by_label_contains("Table dice are typed in")
            .count()
            > 0
    );
}

#[test]
fn t_goes_to_the_table_faces_field_on_a_melee_card_and_h_to_its_hit_counts() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(ui_support::sky_at_melee()));
    assert_eq!(h.state().game().unwrap().checks()[0].what, "Melee");
    press(&mut h, Key::T, "t");
    assert!(
        h.get_by_label("Table faces").is_focused(),
        "T puts the cursor in the faces field, not the hit counts"
    );
    press(&mut h, Key::Escape, "");
    press(&mut h, Key::H, "h");
    assert!(h.get_by_label("Side 1 hits of 20").is_focused());
}
