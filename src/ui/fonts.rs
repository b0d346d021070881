//! Fonts for Japanese names (武田信玄, 上杉謙信).
//!
//! eframe's `system_fonts` feature already asks the operating system for a fallback font
//! when a glyph is missing. We also load a CJK font file directly when one is installed in
//! a well-known place, so names render even where the system fallback finds nothing (a
//! bare X server, a test harness) — and do nothing, gracefully, when there is none.

use eframe::egui::{self, FontData, FontFamily, FontInsert, FontPriority, InsertFontFamily};

/// Font files with Japanese glyphs, most preferred first.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:\\Windows\\Fonts\\YuGothM.ttc",
    "C:\\Windows\\Fonts\\msgothic.ttc",
];

/// The largest font file we read (Noto CJK is about 20 MB).
const MAX_FONT_BYTES: u64 = 64 * 1024 * 1024;

/// Adds the first CJK font file found as a fallback for every family; `false` if none.
pub fn install(ctx: &egui::Context) -> bool {
    let Some(bytes) = CANDIDATES.iter().find_map(|path| read(path)) else {
        return false;
    };
    let families = [FontFamily::Proportional, FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: FontPriority::Lowest,
        })
        .collect();
    ctx.add_font(FontInsert::new(
        "gunbai-cjk",
        FontData::from_owned(bytes),
        families,
    ));
    true
}

fn read(path: &str) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_FONT_BYTES {
        return None;
    }
    std::fs::read(path).ok()
}
