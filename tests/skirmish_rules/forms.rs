//! Action forms: what they offer, preview and do.

use super::*;

/// The index of the option of a form's choice field that starts with `text`.
fn option(forms: &[gunbai::engine::ActionForm], key: &str, field: usize, text: &str) -> usize {
    let form = forms
        .iter()
        .find(|f| f.key == key)
        .unwrap_or_else(|| panic!("a `{key}` form in {forms:?}"));
    let gunbai::engine::Field::Choice { options, .. } = &form.fields[field] else {
        panic!("field {field} of `{key}` is a choice")
    };
    options
        .iter()
        .position(|o| o.starts_with(text))
        .unwrap_or_else(|| panic!("`{text}` among {options:?}"))
}

#[test]
fn fire_form_previews_the_pool_the_shot_rolls_and_carries_it_out() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    at(&mut b, Section::Firing);
    let forms = b.action_forms(&BOWMAN.id());
    let kambei = option(&forms, "fire", 1, "Shimada Kambei");
    assert_eq!(
        option(&forms, "fire", 0, "Ashigaru yumi 1"),
        0,
        "the figure alone first"
    );
    let values = [0, kambei, 0, 0];
    let pool = numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 0, false);
    let preview = b
        .preview_action(&BOWMAN.id(), "fire", &values)
        .expect("fits")
        .preview
        .expect("a dice preview");
    assert_eq!(preview.target, pool.words(), "2d6, each 3+");
    assert_eq!(
        preview.modifiers, pool.reasons,
        "every reason the shot rolls with"
    );
    let volley = option(&forms, "fire", 0, "All 7 ready");
    let all = b
        .preview_action(&BOWMAN.id(), "fire", &[volley, kambei, 0, 0])
        .expect("fits")
        .preview
        .expect("a dice preview");
    assert!(all.target.starts_with("7 x 2d6, each 3+"), "{}", all.target);
    b.do_action(
        &BOWMAN.id(),
        "fire",
        &values,
        b.version(),
        Dice::Table(TableDice::new(vec![3, 1])),
    )
    .expect("shoots");
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(1));
    assert_eq!(
        option(&b.action_forms(&BOWMAN.id()), "fire", 0, "All 6 ready"),
        0,
        "the bowman has shot this section: the rest of the unit may still"
    );
}

#[test]
fn melee_form_previews_both_pools_with_the_obstacle_and_fights_the_bout() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    let forms = b.action_forms(&KINOSHITA.id());
    let kambei = option(&forms, "melee", 0, "Shimada Kambei");
    // Kambei defends an obstacle: Kinoshita rolls a die less.
    let values = [kambei, 1, 0];
    let mine = numbers::melee(b.rules(), b.state(), KINOSHITA, KAMBEI, true);
    let his = numbers::melee(b.rules(), b.state(), KAMBEI, KINOSHITA, false);
    assert!(mine.reasons.iter().any(|m| m.reason.contains("obstacle")));
    let preview = b
        .preview_action(&KINOSHITA.id(), "melee", &values)
        .expect("fits")
        .preview
        .expect("a dice preview");
    assert!(
        preview.target.contains(&format!(": {} vs ", mine.words()))
            && preview.target.contains(&format!(": {};", his.words())),
        "{}",
        preview.target
    );
    assert_eq!(
        preview.modifiers.len(),
        mine.reasons.len() + his.reasons.len()
    );
    let mut faces = vec![6; mine.dice as usize];
    faces.extend(vec![1; his.dice as usize]);
    b.do_action(
        &KINOSHITA.id(),
        "melee",
        &values,
        b.version(),
        Dice::Table(TableDice::new(faces)),
    )
    .expect("fights");
    assert_eq!(
        b.state().figure(KAMBEI).map(|f| f.pending_hits),
        Some(mine.dice),
        "every 6 lands: Kambei parried none"
    );
    let after = b.action_forms(&KINOSHITA.id());
    assert!(
        after
            .iter()
            .filter(|f| f.key == "melee")
            .all(|f| !format!("{:?}", f.fields).contains("Shimada Kambei")),
        "each pair fights once a section"
    );
}

#[test]
fn movement_forms_declare_charges_and_move_with_the_calculator() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    moving(&mut b);
    let forms = b.action_forms(&NINJA_1.id());
    let bowmen = option(&forms, "charge", 0, "Kinoshita's bowmen");
    let preview = b
        .preview_action(&NINJA_1.id(), "charge", &[bowmen])
        .expect("fits")
        .preview
        .expect("the calculator");
    assert!(
        preview.notes[0].starts_with("Ninja 1 and 3 more: 11\""),
        "{:?}",
        preview.notes
    );
    b.do_action(
        &NINJA_1.id(),
        "charge",
        &[bowmen],
        b.version(),
        Dice::Table(TableDice::new(vec![])),
    )
    .expect("declared");
    assert_eq!(b.state().unit(NINJA).and_then(|u| u.charging), Some(BOWMEN));
    assert!(
        b.action_forms(&MONK_1.id()).iter().all(|f| f.key != "move"),
        "the Oda move first"
    );
    ok(&mut b, Command::MovesDone(0), &[]);
    let move_preview = b
        .preview_action(&MONK_1.id(), "move", &[1, 1])
        .expect("fits")
        .preview
        .expect("the calculator");
    assert!(
        move_preview.notes[0].contains("difficult ground: half"),
        "{:?}",
        move_preview.notes
    );
    b.do_action(
        &MONK_1.id(),
        "move",
        &[1, 1],
        b.version(),
        Dice::Table(TableDice::new(vec![])),
    )
    .expect("moved");
    assert!(b.state().unit(MONKS).is_some_and(|u| u.moved));
    assert!(
        b.action_forms(&MONK_1.id())
            .iter()
            .all(|f| f.key != "move" && f.key != "charge"),
        "moved once; no charges after the first move"
    );
}

#[test]
fn action_forms_fire_with_the_pool_the_preview_shows() {
    use gunbai::engine::{Dice, Field, Game as _};
    let mut b = battle();
    at(&mut b, Section::Firing);
    let id = format!("{}.{}.{}", BOWMAN.0, BOWMAN.1, BOWMAN.2);
    let forms = b.action_forms(&id);
    let fire = forms.iter().find(|f| f.key == "fire").expect("a fire form");
    let Field::Choice { options, .. } = &fire.fields[1] else {
        panic!("target choice")
    };
    let target = options
        .iter()
        .position(|o| o.starts_with(&b.state().figure_name(KAMBEI)))
        .expect("Kambei listed");
    // The bowman alone, at Kambei, close range, in the open.
    let values = [0, target, 0, 0];
    let preview = b
        .preview_action(&id, "fire", &values)
        .expect("fits")
        .preview
        .expect("a dice preview");
    let pool = numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 0, false);
    assert_eq!(preview.target, pool.words());
    let faces: Vec<u32> = vec![6; usize::try_from(pool.expr().dice_count()).expect("small")];
    b.do_action(
        &id,
        "fire",
        &values,
        b.version(),
        Dice::Table(gunbai::dice::TableDice::new(faces)),
    )
    .expect("fires");
    assert!(
        b.state().figure(KAMBEI).expect("Kambei").pending_hits > 0,
        "the hits wait for the Results section"
    );
}
