//! The dice tray: roll any notation, see its distribution as a bar chart, the chance of
//! any comparison, and a history of free rolls.

use std::sync::{Arc, mpsc};

use eframe::egui::{self, RichText};
use egui_plot::{Bar, BarChart, Plot};

use crate::dice::{CmpOp, DiceSource, Distribution, ExprRoll, Notation, parse};

const OPS: [(CmpOp, &str); 5] = [
    (CmpOp::Ge, ">="),
    (CmpOp::Gt, ">"),
    (CmpOp::Le, "<="),
    (CmpOp::Lt, "<"),
    (CmpOp::Eq, "="),
];

/// A notation read with everything the tray shows of it, or the error at its column.
type Parsed = Result<Computed, String>;

/// What the tray shows of a notation, computed once (off the UI thread).
struct Computed {
    notation: Notation,
    dist: Distribution,
    /// For a comparison, the chance it holds.
    holds: Option<f64>,
    /// The bars: (value, chance in %, width), at most [`MAX_BARS`] of them.
    bars: Vec<(f64, f64, f64)>,
}

/// Wide distributions (`1000d1000`) are drawn as this many bars at most.
const MAX_BARS: usize = 400;

fn compute(text: &str) -> Parsed {
    let notation = parse(text).map_err(|e| e.to_string())?;
    let (dist, holds) = match &notation {
        Notation::Expr(e) => (e.distribution(), None),
        Notation::Comparison(c) => (c.left.distribution(), Some(c.probability())),
    };
    let values: Vec<(i64, f64)> = dist.iter().collect();
    let per_bar = values.len().div_ceil(MAX_BARS).max(1);
    let bars = values
        .chunks(per_bar)
        .map(|chunk| {
            let first = chunk.first().map_or(0, |c| c.0) as f64;
            let last = chunk.last().map_or(0, |c| c.0) as f64;
            let p: f64 = chunk.iter().map(|c| c.1).sum();
            ((first + last) / 2.0, p * 100.0, (last - first + 1.0) * 0.8)
        })
        .collect();
    Ok(Computed {
        notation,
        dist,
        holds,
        bars,
    })
}

/// The dice tray window.
pub struct DiceTray {
    /// Whether it is shown.
    pub open: bool,
    /// The notation typed.
    pub notation: String,
    op: CmpOp,
    value: i64,
    parsed: Option<(String, Arc<Parsed>)>,
    pending: Option<(String, mpsc::Receiver<Parsed>)>,
    /// Free rolls, newest first.
    pub history: Vec<String>,
}

impl Default for DiceTray {
    fn default() -> Self {
        Self {
            open: false,
            notation: "2d6".into(),
            op: CmpOp::Le,
            value: 8,
            parsed: None,
            pending: None,
            history: Vec::new(),
        }
    }
}

impl DiceTray {
    /// Shows the window; `dice` rolls the free rolls.
    pub fn ui(&mut self, ctx: &egui::Context, dice: &mut dyn DiceSource) {
        let mut open = self.open;
        super::window_fit::fitted(egui::Window::new("Dice tray"), ctx, [520.0, 560.0])
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Notation");
                    ui.add(egui::TextEdit::singleline(&mut self.notation).desired_width(220.0))
                        .labelled_by(label.id);
                    if ui.button("Roll it").clicked() {
                        self.roll(dice);
                    }
                });
                ui.label(
                    RichText::new("2d6+1, 2d6kh1, 8d6cs>=5, 2d6<=8, 1d10+4 > 1d10+2")
                        .weak()
                        .small(),
                );
                self.refresh(ui.ctx());
                if self.pending.is_some() {
                    ui.label(RichText::new("working out the odds…").weak());
                }
                let parsed = self.parsed.as_ref().map(|(_, p)| Arc::clone(p));
                match parsed.as_deref() {
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                    Some(Ok(computed)) => self.odds_ui(ui, computed),
                    None => {}
                }
                ui.separator();
                ui.label(RichText::new("Free rolls").strong());
                egui::ScrollArea::vertical()
                    .id_salt("free-rolls")
                    .max_height(140.0)
                    .show(ui, |ui| {
                        for line in &self.history {
                            ui.label(RichText::new(line).monospace());
                        }
                    });
            });
        self.open = open;
    }

    /// Computes the typed notation's odds on a worker thread, so `1000d1000` never
    /// freezes the window; the last result stays shown meanwhile.
    fn refresh(&mut self, ctx: &egui::Context) {
        if let Some((text, rx)) = &self.pending {
            match rx.try_recv() {
                Ok(parsed) => {
                    self.parsed = Some((text.clone(), Arc::new(parsed)));
                    self.pending = None;
                }
                Err(mpsc::TryRecvError::Empty) => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50))
                }
                Err(mpsc::TryRecvError::Disconnected) => self.pending = None,
            }
        }
        let known = |t: &str| t == self.notation;
        if self.parsed.as_ref().is_some_and(|(t, _)| known(t))
            || self.pending.as_ref().is_some_and(|(t, _)| known(t))
        {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let text = self.notation.clone();
        let worker = text.clone();
        let spawned = std::thread::Builder::new()
            .name("dice-tray".into())
            .spawn(move || {
                let _ = tx.send(compute(&worker));
            });
        match spawned {
            Ok(_) => self.pending = Some((text, rx)),
            Err(_) => self.parsed = Some((text.clone(), Arc::new(compute(&text)))),
        }
    }

    fn odds_ui(&mut self, ui: &mut egui::Ui, computed: &Computed) {
        let dist = &computed.dist;
        if let (Notation::Comparison(c), Some(p)) = (&computed.notation, computed.holds) {
            ui.label(
                RichText::new(format!("{c} holds: {:.2}%", p * 100.0))
                    .strong()
                    .size(19.0),
            );
        }
        ui.label(format!(
            "mean {:.2}, from {} to {}",
            dist.mean(),
            dist.min(),
            dist.max()
        ));
        ui.horizontal(|ui| {
            ui.label("Chance that the total is");
            egui::ComboBox::from_label("comparison")
                .selected_text(symbol(self.op))
                .show_ui(ui, |ui| {
                    for (op, text) in OPS {
                        ui.selectable_value(&mut self.op, op, text);
                    }
                });
            let label = ui.label("value");
            ui.add(egui::DragValue::new(&mut self.value))
                .labelled_by(label.id);
            ui.label(
                RichText::new(format!(
                    "{:.2}%",
                    dist.probability_that(self.op, self.value) * 100.0
                ))
                .strong(),
            );
        });
        let bars: Vec<Bar> = computed
            .bars
            .iter()
            .map(|&(x, p, w)| Bar::new(x, p).width(w))
            .collect();
        Plot::new("distribution")
            .height(220.0)
            .allow_scroll(false)
            .allow_drag(false)
            .allow_zoom(false)
            .show(ui, |plot| {
                plot.bar_chart(BarChart::new("chance %", bars));
            });
    }

    fn roll(&mut self, dice: &mut dyn DiceSource) {
        let line = match parse(&self.notation) {
            Err(e) => format!("{}: {e}", self.notation),
            Ok(Notation::Expr(e)) => match e.roll(dice) {
                Ok(r) => format!("{e}: {} = {}", faces(&r), r.total),
                Err(err) => err.to_string(),
            },
            Ok(Notation::Comparison(c)) => match c.roll(dice) {
                Ok(r) => format!(
                    "{c}: {} = {} vs {} = {}: {}",
                    faces(&r.left),
                    r.left.total,
                    faces(&r.right),
                    r.right.total,
                    if r.holds { "holds" } else { "fails" }
                ),
                Err(err) => err.to_string(),
            },
        };
        self.history.insert(0, line);
        self.history.truncate(200);
    }
}

fn symbol(op: CmpOp) -> &'static str {
    OPS.iter().find(|(o, _)| *o == op).map_or("?", |(_, s)| s)
}

/// `[3 5 (1)]`: every die, dropped ones in brackets, successes starred.
fn faces(roll: &ExprRoll) -> String {
    let dice: Vec<String> = roll
        .terms
        .iter()
        .flat_map(|t| &t.dice)
        .map(|d| match (d.kept, d.success) {
            (false, _) => format!("({})", d.face),
            (true, Some(true)) => format!("{}*", d.face),
            _ => d.face.to_string(),
        })
        .collect();
    format!("[{}]", dice.join(" "))
}
