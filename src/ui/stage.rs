//! The centre of the app: the stage, where the check the umpire must answer is shown whole,
//! and below it the selected unit with the actions open to it.

use eframe::egui;

use super::Intent;
use super::action_panel::ActionPanel;
use super::live::Live;
use super::players::PlayersScreen;
use super::roster_panel::{selected_unit, unit_facts_ui, unit_heading_ui};
use super::turn_panel::TurnPanel;

/// What the centre draws with: the cards' state, the action forms' state, and the players'
/// screen (what it holds back).
pub(super) type Parts<'a> = (
    &'a mut TurnPanel,
    &'a mut ActionPanel,
    &'a mut PlayersScreen,
);

/// Draws the centre for the battle `live` as it stands at `stamp`; answers carry `seen`, the
/// version the umpire saw, and are taken once the battle has `settled` after a change.
pub(super) fn centre_ui(
    ui: &mut egui::Ui,
    (turn, actions, players): Parts<'_>,
    live: &Live,
    selected: Option<&str>,
    (stamp, seen, settled): ((u64, u64), u64, bool),
    intents: &mut Vec<Intent>,
) {
    // The stage: the check the umpire must answer, whole, above the selected unit. A selected
    // unit keeps two fifths of the centre for its actions (a long card then scrolls below its
    // answers, which stay high on it).
    let height = ui.available_height();
    let reserve = if selected.is_some() {
        (height * 0.4).max(150.0)
    } else {
        40.0
    };
    let room = (height - reserve).max(120.0);
    // The umpire sees on the card when the players' screen holds it back.
    turn.hidden_from_players = players.hides_top_check();
    turn.names_kept_unit = players.keeps_top_check(live);
    let checks = &live.derived().checks;
    turn.stage_ui(ui, checks, (stamp, seen, settled), room, intents);
    ui.separator();
    let unit = selected_unit(&live.derived().view, selected);
    let mut area = egui::ScrollArea::vertical()
        .id_salt("centre")
        .auto_shrink([false, false])
        // The order's bar stays in view below: the fields scroll above it.
        .max_height((ui.available_height() - actions.bar_height()).max(60.0));
    // Another unit's forms start from their top.
    if actions.new_unit(unit.map(|u| u.id.as_str())) {
        area = area.vertical_scroll_offset(0.0);
    }
    area.show(ui, |ui| {
        // The unit's name, then what it may do, then the rest of its facts: the actions
        // stay in view under the check.
        unit_heading_ui(ui, unit);
        let Some(unit) = unit else {
            return;
        };
        actions.ui(ui, live.game.as_ref(), stamp, &unit.id);
        ui.separator();
        unit_facts_ui(ui, unit);
        let mut kept = players.keeps(&unit.id);
        if ui
            .checkbox(&mut kept, "Keep from the players' screen")
            .changed()
        {
            players.toggle_kept(&unit.id);
        }
    });
    if let Some(unit) = unit {
        actions.bar_ui(ui, (seen, settled), &unit.id, intents);
    }
}
