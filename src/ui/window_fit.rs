//! The app's windows fit inside it: none is larger than the app's window, so their buttons
//! are in view at 1280×720 as on a large monitor.

use eframe::egui;

/// Room kept around a window: the toolbar above, a margin on each side.
const MARGIN: egui::Vec2 = egui::vec2(24.0, 64.0);

/// `window`, at most as large as the app's window less a margin, wanting `size` where that
/// fits, and kept on the screen.
pub fn fitted<'a>(
    window: egui::Window<'a>,
    ctx: &egui::Context,
    size: [f32; 2],
) -> egui::Window<'a> {
    let room = (ctx.content_rect().size() - MARGIN).max(egui::vec2(240.0, 200.0));
    window
        .default_size([size[0].min(room.x), size[1].min(room.y)])
        .max_size(room)
        .constrain(true)
}
