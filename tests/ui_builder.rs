//! The army builder through the real app: a valid army built from blank for every rule set,
//! an error shown beside its field and gone when fixed, and a saved army offered for battle.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use std::path::Path;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _, by};
use gunbai::rules::RULE_SETS;
use gunbai::ui::App;

/// The app with room for a whole blank army of any rule set in the builder's window.
fn app(dir: &Path) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1600.0))
        .build_eframe(move |cc| App::with_data_dir(cc, dir));
    h.run();
    h.get_by_label("Army builder…").click();
    h.run();
    h
}

fn choose_rule_set(h: &mut Harness<'static, App>, title: &str) {
    h.get_by_label("Rule set").click();
    h.run();
    h.get_all_by_label(title).last().unwrap().click();
    h.run();
}

/// The builder's first empty text field, by its accessible name.
fn first_empty_text(h: &Harness<'static, App>) -> Option<String> {
    h.query_all(by().role(Role::TextInput))
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Builder: "))
                && n.value().unwrap_or_default().is_empty()
        })
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .next()
}

fn type_into(h: &mut Harness<'static, App>, label: &str, text: &str) {
    let field = h.get_by_label(label);
    field.focus();
    field.type_text(text);
    h.run();
}

/// Types "`prefix` 1", "`prefix` 2", … into every empty text field, as an umpire naming a
/// blank army would.
fn name_every_empty_field(h: &mut Harness<'static, App>, prefix: &str) {
    let mut named = 0;
    while let Some(label) = first_empty_text(h) {
        named += 1;
        assert!(named < 100, "{label} will not take a name");
        type_into(h, &label, &format!("{prefix} {named}"));
    }
}

/// Opens the builder's "Start from…" menu and picks `choice`.
fn start_from(h: &mut Harness<'static, App>, choice: &str) {
    h.get_by_label("Start from…").click();
    h.run();
    h.get_by_label(choice).click();
    h.run();
}

fn ready(h: &Harness<'static, App>) -> bool {
    h.query_by_label("Ready for battle").is_some()
}

#[test]
fn the_builder_makes_a_valid_army_from_blank_for_every_rule_set() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(dir.path());
    for info in RULE_SETS {
        choose_rule_set(&mut h, info.title);
        start_from(&mut h, "A blank army");
        assert_eq!(h.state().built_army().key, info.key);
        assert!(
            !ready(&h),
            "{}: a blank army is not ready before it is named",
            info.key
        );
        name_every_empty_field(&mut h, info.title);
        assert!(
            ready(&h),
            "{}: still not ready: {:?}",
            info.key,
            h.state().built_army().errors()
        );
    }
}

#[test]
fn an_error_appears_beside_its_field_and_clears_when_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(dir.path());
    for info in RULE_SETS {
        choose_rule_set(&mut h, info.title);
        // The first shipped roster: valid as it is.
        let first = gunbai::rules::demo_rosters(info.key).unwrap()[0]
            .file
            .clone();
        let stem = Path::new(&first)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        start_from(&mut h, &stem);
        assert!(
            ready(&h),
            "{}: {:?}",
            info.key,
            h.state().built_army().errors()
        );

        let name = h.get_by_label("Builder: Army name");
        name.focus();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.key_press(egui::Key::Backspace);
        h.run();
        assert!(
            !ready(&h),
            "{}: an army without a name is refused",
            info.key
        );
        let field = h.get_by_label("Builder: Army name").rect();
        let error = h
            .query_all(by().label_contains("Error: "))
            .map(|n| n.rect())
            .find(|r| r.center().y > field.top() - 4.0 && r.center().y < field.bottom() + 4.0)
            .expect("an error on the army name's row");
        assert!(
            error.left() > field.right(),
            "{}: the error sits to the right of its field",
            info.key
        );

        type_into(&mut h, "Builder: Army name", "Fixed");
        assert!(
            ready(&h),
            "{}: {:?}",
            info.key,
            h.state().built_army().errors()
        );
    }
}

#[test]
fn a_saved_army_is_offered_in_the_new_battle_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(dir.path());
    name_every_empty_field(&mut h, "Ikko");
    h.get_by_label("Save").click();
    h.run();
    let saved = dir.path().join("rosters/sky/ikko-1.ron");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.starts_with("// Ikko 1, for From the Sky we Came."));
    h.get_by_label("New battle…").click();
    h.run();
    h.get_by_label("Side 1 saved ikko-1");
}

/// The names of the first clan's units, in order.
fn unit_names(h: &Harness<'static, App>) -> Vec<String> {
    use gunbai::roster::doc::Value;
    let b = h.state().built_army();
    let Some(Value::List(clans)) = b.army.get("clans") else {
        panic!("a sky army has clans");
    };
    let Some(Value::List(units)) = clans[0].get("units") else {
        panic!("a clan has units");
    };
    units
        .iter()
        .map(|u| u.text("name").unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn units_are_added_copied_moved_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(dir.path());
    for (i, label) in [
        "Builder: Clan 1 · Unit 1 · Name",
        "Builder: Clan 1 · Unit 2 · Name",
        "Builder: Clan 1 · Unit 3 · Name",
    ]
    .into_iter()
    .enumerate()
    {
        type_into(&mut h, label, &format!("U{}", i + 1));
    }
    h.get_by_label("Builder: Clan 1 · Add unit").click();
    h.run();
    assert_eq!(unit_names(&h), ["U1", "U2", "U3", ""]);

    let edit = |h: &mut Harness<'static, App>, row: usize, what: &str| {
        h.get_by_label(&format!("Builder: Clan 1 · Unit {row} · Edit"))
            .click();
        h.run();
        h.get_by_label(&format!("Builder: Clan 1 · Unit {row} · {what}"))
            .click();
        h.run();
    };
    edit(&mut h, 4, "Remove");
    assert_eq!(unit_names(&h), ["U1", "U2", "U3"]);
    edit(&mut h, 1, "Duplicate");
    assert_eq!(unit_names(&h), ["U1", "U1 (copy)", "U2", "U3"]);
    edit(&mut h, 4, "Move up");
    assert_eq!(unit_names(&h), ["U1", "U1 (copy)", "U3", "U2"]);
    edit(&mut h, 1, "Move down");
    assert_eq!(unit_names(&h), ["U1 (copy)", "U1", "U3", "U2"]);
}

#[test]
fn a_draft_is_saved_marked_in_new_battle_and_cannot_start_a_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(dir.path());
    type_into(&mut h, "Builder: Army name", "Draft");
    assert!(!ready(&h));
    h.get_by_label("Save draft").click();
    h.run();
    assert!(dir.path().join("rosters/sky/draft.ron").exists());
    let before = h.state().game().unwrap().journal_path();
    h.get_by_label("New battle…").click();
    h.run();
    h.get_by_label("Side 1 saved draft").click();
    h.run();
    assert!(h.query_all(by().label_contains("(draft: ")).count() >= 1);
    h.get_by_label("Start the battle").click_accesskit();
    h.run();
    assert_eq!(
        h.state().game().unwrap().journal_path(),
        before,
        "the battle in progress stays"
    );
    assert!(h.query_all(by().label_contains("needs a name")).count() >= 1);
}
