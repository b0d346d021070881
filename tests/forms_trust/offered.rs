//! A form offers what the engine accepts in the words the table sees.

use egui_kittest::kittest::Queryable as _;

use super::common::{click, entries, last_lines, select};
use super::sky_support;
use super::ui_support::{self, choose, open_form};

/// sky: Units and organization. A unit of 2 stands (the enemy Yari after its rout) stands in a
/// line only as wide as its stands: its Formation form names each line width it may be given
/// as 2 stands wide on the table, never plainly "3 wide", and the line chosen is recorded as
/// the table shows it.
#[test]
fn sky_a_unit_of_two_stands_is_told_each_line_stands_as_wide_as_its_stands() {
    let dir = tempfile::tempdir().unwrap();
    let b = sky_support::enemy_yari_routed(gunbai::reference::HouseRules::default());
    assert_eq!(b.state().unit(sky_support::ENEMY_YARI).unwrap().stands, 2);
    let mut h = ui_support::app_with(dir.path(), Box::new(b));
    select(&mut h, "Kakizaki's Yari");
    open_form(&mut h, "Formation");
    for plain in ["Formation: Line, 3 wide", "Formation: Line, 4 wide"] {
        assert_eq!(
            h.query_all_by_label(plain).count(),
            0,
            "{plain}, plainly, to 2 stands"
        );
    }
    choose(
        &mut h,
        "Formation",
        "Line, 3 wide: 2 stands wide on the table",
    );
    let before = entries(&h);
    click(&mut h, "Resolve");
    assert_eq!(entries(&h), before + 1, "recorded");
    let log = last_lines(&h);
    assert!(
        log.iter().any(|l| l.contains("forms a line 2 stands wide")),
        "{log:?}"
    );
}
