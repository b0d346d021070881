//! Japanese names render on every machine: the app ships its own Japanese subset, so a
//! name is never a row of empty boxes. The harness has no system fonts at all, and panics on
//! any glyph it cannot draw (no test here allows missing glyphs).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{FontFamily, FontId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, None)
}

/// Every character beyond ASCII in the shipped rosters and reference tables.
fn shipped_characters() -> String {
    let mut chars: Vec<char> = Vec::new();
    for dir in ["rosters", "reference"] {
        let mut stack = vec![std::path::PathBuf::from(dir)];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                chars.extend(text.chars().filter(|c| !c.is_ascii()));
            }
        }
    }
    chars.sort_unstable();
    chars.dedup();
    chars.into_iter().collect()
}

#[test]
fn the_demo_battle_draws_its_japanese_names_without_a_system_font() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    // The toolbar's 軍配 and the Takeda army's kanji were laid out: a missing glyph panics.
    h.get_by_label_contains("軍配");
}

#[test]
fn every_character_of_the_shipped_rosters_and_tables_has_a_glyph() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let text = shipped_characters();
    assert!(text.contains('武'), "the rosters have kanji: {text}");
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let font = FontId::new(17.0, family.clone());
        let missing: String = text
            .chars()
            .filter(|c| !h.ctx.fonts_mut(|f| f.has_glyph(&font, *c)))
            .collect();
        assert!(missing.is_empty(), "{family:?} lacks {missing:?}");
    }
}

#[test]
fn the_bundled_subset_has_kana_and_the_common_kanji() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let font = FontId::proportional(17.0);
    // Kana, a level-1 and a level-2 JIS X 0208 kanji, and names no roster ships yet.
    for text in [
        "あいうえお",
        "アイウエオ",
        "徳川家康",
        "毛利元就",
        "伊達政宗",
        "鬱",
    ] {
        assert!(h.ctx.fonts_mut(|f| f.has_glyphs(&font, text)), "{text}");
    }
}
