//! Fonts for Japanese names (武田信玄, 上杉謙信) on every machine.
//!
//! Gunbai ships a subset of Noto Sans CJK JP (`assets/fonts/`: kana, the JIS X 0208 kanji and
//! every character of the shipped rosters, under the SIL Open Font License beside it). It is
//! a font *provider* added after eframe's system font provider: a glyph no installed font has
//! is looked for among the system's fonts first, and only then in the bundled subset. So a
//! machine with a CJK font draws names in it, and a fresh machine (or the test harness, which
//! has no system provider) draws them in the subset, never as empty boxes.

use std::sync::Arc;

use eframe::egui::{
    self, FallbackRequest, FontData, FontFamily, FontInsert, FontPriority, FontProvider,
    InsertFontFamily,
};

/// The bundled Japanese subset (about 1.5 MB; `assets/fonts/subset.py` makes it).
pub const JAPANESE: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKjp-Regular-subset.otf");

/// The bundled font's name among egui's fonts.
pub const JAPANESE_NAME: &str = "gunbai-noto-sans-cjk-jp-subset";

/// Offers the bundled subset for any character the installed fonts (and the system's) lack;
/// egui keeps it only if it has the glyph, and then uses it for every later one it has.
struct Bundled;

impl FontProvider for Bundled {
    fn font_for(&self, _request: &FallbackRequest<'_>) -> Option<FontInsert> {
        let families = [FontFamily::Proportional, FontFamily::Monospace]
            .into_iter()
            .map(|family| InsertFontFamily {
                family,
                priority: FontPriority::Lowest,
            })
            .collect();
        Some(FontInsert::new(
            JAPANESE_NAME,
            FontData::from_static(JAPANESE),
            families,
        ))
    }
}

/// Adds the bundled Japanese subset as the last fallback, after the system's fonts.
pub fn install(ctx: &egui::Context) {
    ctx.add_font_provider(Arc::new(Bundled));
}
