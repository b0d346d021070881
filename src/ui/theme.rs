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
        // Text an umpire reads from a step away: body text near black (or white), and
        // secondary text a clear grey rather than grey on grey.
        let v = &mut style.visuals;
        if v.dark_mode {
            v.widgets.noninteractive.fg_stroke.color = Color32::from_gray(225);
            v.widgets.inactive.fg_stroke.color = Color32::from_gray(235);
            v.weak_text_color = Some(Color32::from_gray(170));
        } else {
            v.widgets.noninteractive.fg_stroke.color = Color32::from_gray(20);
            v.widgets.inactive.fg_stroke.color = Color32::from_gray(10);
            v.weak_text_color = Some(Color32::from_gray(85));
        }
    });
    ctx.set_theme(if dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    });
}

/// The colour of side `side` (0 or 1) wherever the sides are told apart on the umpire's
/// screen: the roster's headings and strength bars, the report's chart. The one palette of
/// [`crate::palette`], which the players' screen and the report use too.
pub fn side_color(side: usize, dark: bool) -> Color32 {
    rgb(crate::palette::side(
        side,
        crate::palette::Ground::of_dark(dark),
    ))
}

/// A palette colour as egui's.
pub fn rgb(c: crate::palette::Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
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

/// A badge: its word in its tone's colour, framed, with why it is there on hover. Danger
/// (routing, disordered, Formation Fail) is filled, to be seen across the table.
pub fn badge(ui: &mut egui::Ui, badge: &crate::engine::view::Badge) {
    let dark = ui.visuals().dark_mode;
    let color = tone_color(badge.tone, dark);
    let danger = badge.tone == Tone::Danger;
    let (fill, text) = if danger {
        let on = if dark { Color32::BLACK } else { Color32::WHITE };
        (color, on)
    } else {
        (Color32::TRANSPARENT, color)
    };
    let mut word = egui::RichText::new(badge.label.as_ref())
        .color(text)
        .size(16.0);
    if danger {
        word = word.strong();
    }
    // Measured before it is placed, so a wrapping row moves a badge that does not fit to the
    // next row instead of letting it push the panel wider; one wider than a whole row is cut
    // (its hover still says it whole).
    let margin = egui::vec2(5.0, 1.0);
    let row = (ui.max_rect().width() - 2.0 * margin.x).max(24.0);
    let galley = egui::WidgetText::from(word).into_galley(
        ui,
        Some(egui::TextWrapMode::Truncate),
        row,
        egui::TextStyle::Body,
    );
    let size = galley.size() + 2.0 * margin;
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        painter.rect(
            rect,
            4.0,
            fill,
            egui::Stroke::new(1.5, color),
            egui::StrokeKind::Inside,
        );
        painter.galley(rect.min + margin, galley, text);
    }
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, ui.is_enabled(), &badge.label)
    });
    response.on_hover_text(badge.why.as_ref());
}

/// A strength bar: `now` of `start` filled in the side's colour, `width` points wide; its
/// accessible name says the same in words (`label`).
pub fn strength_bar(
    ui: &mut egui::Ui,
    (now, start): (u32, u32),
    color: Color32,
    width: f32,
    label: &str,
) -> egui::Response {
    let height = 12.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let rect = rect.shrink2(egui::vec2(0.0, 0.0));
    let painter = ui.painter();
    let track = if ui.visuals().dark_mode {
        Color32::from_gray(60)
    } else {
        Color32::from_gray(215)
    };
    painter.rect_filled(rect, 3.0, track);
    let share = if start == 0 {
        0.0
    } else {
        (now as f32 / start as f32).clamp(0.0, 1.0)
    };
    if share > 0.0 {
        let mut filled = rect;
        filled.set_width(rect.width() * share);
        painter.rect_filled(filled, 3.0, color);
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, label));
    response
}
