//! Large, readable text and the light and dark themes; colours for badge tones.

use eframe::egui::{self, Color32, FontFamily, FontId, TextStyle};

use crate::engine::view::Tone;

/// Body text size in points: readable at arm's length on a laptop.
pub const BODY: f32 = 17.0;

/// Sets the text sizes and spacing for both themes, and the chosen theme.
pub fn apply(ctx: &egui::Context, dark: bool) {
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(13.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(16.0, FontFamily::Monospace),
            ),
            (
                TextStyle::Heading,
                FontId::new(22.0, FontFamily::Proportional),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 5.0);
        style.spacing.button_padding = egui::vec2(8.0, 3.0);
    });
    ctx.set_theme(if dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    });
}

/// The colour of side `side` (0 or 1) wherever the sides are told apart: the roster's
/// headings and strength bars, the report's chart. Crimson and blue, the usual colours of
/// the two sides of a wargame, distinct for colour-blind eyes by lightness as well.
pub fn side_color(side: usize, dark: bool) -> Color32 {
    match (side % 2, dark) {
        (0, true) => Color32::from_rgb(255, 120, 110),
        (0, false) => Color32::from_rgb(170, 25, 35),
        (_, true) => Color32::from_rgb(120, 175, 255),
        (_, false) => Color32::from_rgb(25, 75, 170),
    }
}

/// The colour of a badge of this tone.
pub fn tone_color(tone: Tone, dark: bool) -> Color32 {
    match (tone, dark) {
        (Tone::Info, true) => Color32::from_rgb(120, 170, 230),
        (Tone::Info, false) => Color32::from_rgb(30, 80, 160),
        (Tone::Warning, true) => Color32::from_rgb(240, 190, 70),
        (Tone::Warning, false) => Color32::from_rgb(160, 100, 0),
        (Tone::Danger, true) => Color32::from_rgb(255, 110, 100),
        (Tone::Danger, false) => Color32::from_rgb(180, 20, 20),
        (Tone::Good, true) => Color32::from_rgb(110, 210, 120),
        (Tone::Good, false) => Color32::from_rgb(20, 120, 40),
    }
}

/// A badge: its word in its tone's colour, framed, with why it is there on hover.
pub fn badge(ui: &mut egui::Ui, badge: &crate::engine::view::Badge) {
    let dark = ui.visuals().dark_mode;
    let color = tone_color(badge.tone, dark);
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, color))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(4, 0))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(egui::RichText::new(&badge.label).color(color).size(14.0))
                    .extend(),
            );
        })
        .response
        .on_hover_text(&badge.why);
}
