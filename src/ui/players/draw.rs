//! The players' screen laid out for reading across a room: every line at least a thirtieth
//! of the window's height (36 pixels at 1080), the numbers larger, strong text on a plain
//! ground, and the two sides in the colours they have on every screen and in the report
//! (`crate::palette`: Okabe–Ito vermillion and blue, which people with any of the common
//! colour blindnesses tell apart; each side is also named, never told by colour alone).

use eframe::egui::{self, Color32, RichText};

use super::compose::{Now, Rolled, Screen, SideLine};

/// The colours of the screen in one theme.
struct Palette {
    ground: Color32,
    text: Color32,
    quiet: Color32,
    /// The sides' colours, the palette every screen uses.
    sides: [Color32; 2],
    /// The bar of an outcome that is no one side's chance.
    neutral: Color32,
    track: Color32,
}

impl Palette {
    fn new(dark: bool) -> Self {
        let ground = crate::palette::Ground::of_dark(dark);
        let color = crate::ui::theme::rgb;
        let sides = [
            color(crate::palette::side(0, ground)),
            color(crate::palette::side(1, ground)),
        ];
        let neutral = color(crate::palette::neutral(ground));
        if dark {
            Self {
                ground: Color32::from_rgb(0x10, 0x10, 0x10),
                text: Color32::WHITE,
                quiet: Color32::from_gray(0xC8),
                sides,
                neutral,
                track: Color32::from_gray(0x40),
            }
        } else {
            Self {
                ground: Color32::WHITE,
                text: Color32::BLACK,
                quiet: Color32::from_gray(0x38),
                sides,
                neutral,
                track: Color32::from_gray(0xD8),
            }
        }
    }

    /// The bar of an outcome that is `side`'s chance, or no one side's.
    fn bar(&self, side: Option<usize>) -> Color32 {
        side.map_or(self.neutral, |s| self.sides[s % 2])
    }
}

/// Sizes in points for a window of this height: body, numbers, headings.
#[derive(Clone, Copy)]
struct Sizes {
    body: f32,
    number: f32,
    heading: f32,
}

impl Sizes {
    fn for_height(height: f32) -> Self {
        let body = (height / 30.0).max(16.0);
        Self {
            body,
            number: body * 1.5,
            heading: body * 1.25,
        }
    }
}

/// Draws the screen, or says that no battle is open.
pub fn screen_ui(ui: &mut egui::Ui, screen: Option<&Screen>, dark: bool) {
    let p = Palette::new(dark);
    let size = Sizes::for_height(ui.ctx().content_rect().height());
    egui::Frame::new()
        .fill(p.ground)
        .inner_margin(size.body * 0.5)
        .show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            ui.spacing_mut().item_spacing.y = size.body * 0.2;
            // Read across the room, never copied from: no text selection to track.
            ui.style_mut().interaction.selectable_labels = false;
            let Some(screen) = screen else {
                text(ui, "No battle is open.", size.heading, p.text);
                return;
            };
            head_ui(ui, screen, size, &p);
            ui.separator();
            // The sides keep the height they took last frame at the bottom, however many
            // leaders they list; the check and the last roll take the room above.
            let sides_id = ui.scope_id().with("sides height");
            let sides_height = ui
                .ctx()
                .data(|d| d.get_temp::<f32>(sides_id))
                .unwrap_or(size.body * 6.0);
            let room = ui.available_height() - sides_height - size.body;
            let height = if room.is_finite() {
                room.max(size.body * 8.0)
            } else {
                size.body * 14.0
            };
            let width = ui.available_width();
            ui.allocate_ui(egui::vec2(width, height), |ui| {
                ui.set_min_height(height);
                ui.horizontal_top(|ui| {
                    ui.allocate_ui(egui::vec2(width * 0.58, height), |ui| {
                        ui.vertical(|ui| now_ui(ui, &screen.now, size, &p));
                    });
                    ui.separator();
                    ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
                        ui.vertical(|ui| {
                            rolled_ui(ui, screen.rolled.as_ref(), size, &p);
                            recent_ui(ui, &screen.recent, size, &p);
                        });
                    });
                });
            });
            ui.separator();
            let top = ui.cursor().top();
            ui.columns(screen.sides.len().max(1), |columns| {
                for (i, (ui, side)) in columns.iter_mut().zip(&screen.sides).enumerate() {
                    side_ui(ui, side, p.sides[i % 2], size, &p);
                }
            });
            let took = ui.cursor().top() - top;
            if (took - sides_height).abs() > 1.0 {
                ui.ctx().data_mut(|d| d.insert_temp(sides_id, took));
                ui.ctx().request_repaint();
            }
        });
}

fn text(ui: &mut egui::Ui, words: &str, size: f32, color: Color32) {
    ui.add(egui::Label::new(RichText::new(words).size(size).color(color)).wrap());
}

fn strong(ui: &mut egui::Ui, words: &str, size: f32, color: Color32) {
    ui.add(egui::Label::new(RichText::new(words).size(size).strong().color(color)).wrap());
}

fn head_ui(ui: &mut egui::Ui, screen: &Screen, size: Sizes, p: &Palette) {
    ui.horizontal_wrapped(|ui| {
        strong(ui, &screen.turn, size.number, p.text);
        ui.add_space(size.body);
        strong(ui, &screen.phase, size.heading, p.text);
        if screen.ended {
            ui.add_space(size.body);
            strong(ui, "Battle ended", size.heading, p.sides[1]);
        }
    });
    text(ui, &format!("Next: {}", screen.next), size.body, p.quiet);
}

fn now_ui(ui: &mut egui::Ui, now: &Now, size: Sizes, p: &Palette) {
    text(ui, "Now", size.body, p.quiet);
    let check = match now {
        Now::Nothing => {
            text(
                ui,
                "Nothing is due: the umpire's move.",
                size.heading,
                p.text,
            );
            return;
        }
        Now::Hidden => {
            text(ui, "The umpire is preparing a check.", size.heading, p.text);
            return;
        }
        Now::Check(check) => check,
    };
    strong(ui, &check.what, size.heading, p.text);
    text(ui, &check.who, size.body, p.text);
    text(ui, &check.why, size.body, p.quiet);
    text(ui, &check.citation, size.body, p.quiet);
    if let Some(dice) = &check.dice {
        ui.horizontal_wrapped(|ui| {
            text(ui, "Dice", size.body, p.quiet);
            ui.label(
                RichText::new(dice)
                    .monospace()
                    .strong()
                    .size(size.number)
                    .color(p.text),
            );
        });
    }
    if !check.target.is_empty() {
        text(ui, &format!("Target: {}", check.target), size.body, p.text);
    }
    for modifier in &check.modifiers {
        text(ui, modifier, size.body, p.text);
    }
    for (i, (outcome, probability)) in check.odds.iter().enumerate() {
        let bar = p.bar(check.odds_sides.get(i).copied().flatten());
        odds_ui(ui, (outcome, *probability), bar, size, p);
    }
}

/// One outcome's odds: its name, a bar as long as its chance in the colour of whose chance it
/// is, and the percentage.
fn odds_ui(
    ui: &mut egui::Ui,
    (outcome, probability): (&str, f64),
    bar_color: Color32,
    size: Sizes,
    p: &Palette,
) {
    ui.horizontal(|ui| {
        // As the umpire's card reads it: never "-0.0%" for a chance of nothing.
        let percent = crate::engine::words::percent(probability);
        ui.label(
            RichText::new(percent)
                .strong()
                .size(size.number)
                .color(p.text),
        );
        let track = egui::vec2((ui.available_width() * 0.45).max(size.body), size.body);
        let (rect, _) = ui.allocate_exact_size(track, egui::Sense::hover());
        ui.painter().rect_filled(rect, 4.0, p.track);
        #[allow(clippy::cast_possible_truncation)]
        let filled = rect.width() * probability.clamp(0.0, 1.0) as f32;
        let bar = egui::Rect::from_min_size(rect.min, egui::vec2(filled, rect.height()));
        ui.painter().rect_filled(bar, 4.0, bar_color);
        text(ui, outcome, size.body, p.text);
    });
}

fn rolled_ui(ui: &mut egui::Ui, rolled: Option<&Rolled>, size: Sizes, p: &Palette) {
    let Some(rolled) = rolled else {
        text(ui, "Last answer", size.body, p.quiet);
        text(ui, "Nothing answered yet.", size.body, p.quiet);
        return;
    };
    // A roll only when dice were rolled: a decision is headed as one.
    text(ui, rolled.heading(), size.body, p.quiet);
    strong(
        ui,
        &format!("{}: {}", rolled.check.what, rolled.check.who),
        size.body,
        p.text,
    );
    for line in &rolled.lines {
        text(ui, line, size.body, p.text);
    }
}

fn recent_ui(ui: &mut egui::Ui, recent: &[Vec<String>], size: Sizes, p: &Palette) {
    if recent.is_empty() {
        return;
    }
    ui.add_space(size.body * 0.5);
    text(ui, "Before that", size.body, p.quiet);
    for lines in recent {
        text(ui, &lines.join(" "), size.body, p.quiet);
    }
}

fn side_ui(ui: &mut egui::Ui, side: &SideLine, color: Color32, size: Sizes, p: &Palette) {
    ui.horizontal_wrapped(|ui| {
        strong(ui, &side.name, size.heading, color);
        ui.add_space(size.body * 0.5);
        let (now, start) = side.strength;
        ui.label(
            RichText::new(format!("{now}/{start}"))
                .strong()
                .size(size.number)
                .color(color),
        );
        text(ui, &side.measure, size.body, p.text);
    });
    // Leaders grouped by what their rating is called, said once: "Command: Takeda 9 · …".
    let mut ratings: Vec<&str> = side.leaders.iter().map(|(_, r, _)| r.as_str()).collect();
    ratings.dedup();
    for rating_name in ratings {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = size.body * 0.7;
            text(ui, &format!("{rating_name}:"), size.body, p.quiet);
            for (name, _, rating) in side.leaders.iter().filter(|(_, r, _)| r == rating_name) {
                // A leader moves to the next line whole, never split from his rating.
                ui.add(
                    egui::Label::new(
                        RichText::new(format!("{name} {rating}"))
                            .size(size.body)
                            .color(p.text),
                    )
                    .extend(),
                );
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Color32, Palette};

    fn contrast(a: Color32, b: Color32) -> f64 {
        let rgb = |c: Color32| crate::palette::Rgb(c.r(), c.g(), c.b());
        crate::palette::contrast(rgb(a), rgb(b))
    }

    /// A side has one colour on every screen (issue 40): the players' screen's is the
    /// umpire's, in each theme.
    #[test]
    fn the_players_screen_gives_each_side_its_colour_on_the_umpires_screen() {
        for dark in [false, true] {
            let p = Palette::new(dark);
            for side in 0..2 {
                assert_eq!(
                    p.sides[side],
                    crate::ui::theme::side_color(side, dark),
                    "side {side}, dark {dark}"
                );
            }
        }
    }

    #[test]
    fn every_colour_of_the_players_screen_reads_at_a_distance_in_both_themes() {
        for dark in [false, true] {
            let p = Palette::new(dark);
            // WCAG AAA: 7:1 for text, 4.5:1 for large text (the sides' names and numbers).
            assert!(contrast(p.text, p.ground) >= 7.0, "text, dark {dark}");
            assert!(
                contrast(p.quiet, p.ground) >= 7.0,
                "quiet text, dark {dark}"
            );
            for side in p.sides {
                assert!(contrast(side, p.ground) >= 4.5, "{side:?}, dark {dark}");
            }
            for bar in [p.bar(None), p.bar(Some(0)), p.bar(Some(1))] {
                assert!(contrast(bar, p.track) >= 3.0, "an odds bar on its track");
            }
        }
    }
}
