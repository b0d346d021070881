//! A hand-made SVG line chart: two series over turns, no dependencies, no scripts.

use std::fmt::Write as _;

const W: f64 = 640.0;
const H: f64 = 240.0;
const PAD: f64 = 36.0;

/// Strength of both sides per turn as an inline SVG line chart.
pub fn strength_chart(history: &[(u32, [u32; 2])], names: &[String; 2]) -> String {
    let max_y = history
        .iter()
        .flat_map(|(_, s)| s.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let max_x = history.len().saturating_sub(1).max(1);
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / max_x as f64;
    let y = |v: u32| H - PAD - (H - 2.0 * PAD) * f64::from(v) / f64::from(max_y);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"strength per turn\">"
    );
    let _ = write!(
        out,
        "<line x1=\"{PAD}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"#888\"/><line x1=\"{PAD}\" y1=\"{PAD}\" x2=\"{PAD}\" y2=\"{b}\" stroke=\"#888\"/>",
        b = H - PAD,
        r = W - PAD
    );
    let _ = write!(
        out,
        "<text x=\"4\" y=\"{}\" font-size=\"11\">{max_y}</text><text x=\"4\" y=\"{}\" font-size=\"11\">0</text>",
        PAD + 4.0,
        H - PAD
    );
    for (i, (turn, _)) in history.iter().enumerate() {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{turn}</text>",
            x(i),
            H - PAD + 16.0
        );
    }
    for side in 0..2 {
        let points: Vec<String> = history
            .iter()
            .enumerate()
            .map(|(i, (_, s))| format!("{:.1},{:.1}", x(i), y(s[side])))
            .collect();
        // Each side in its colour (the palette every screen uses), its line and its name.
        let color = super::side_hex(side);
        let _ = write!(
            out,
            "<polyline class=\"s{side}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2.5\" points=\"{}\"/>",
            points.join(" ")
        );
        let label = crate::escape::html(&names[side]);
        let _ = write!(
            out,
            "<text class=\"s{side}\" x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"{color}\">— {label}</text>",
            W - 200.0,
            16.0 + 16.0 * side as f64
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    /// A side has one colour on every screen and in the report (issue 40): each line of the
    /// chart and its name are drawn in the side's palette colour, in the chart itself.
    #[test]
    fn each_sides_line_and_name_have_its_colour_of_every_screen() {
        let names = ["Takeda".to_owned(), "Uesugi".to_owned()];
        let svg = super::strength_chart(&[(1, [10, 12]), (2, [8, 11])], &names);
        for side in 0..2 {
            let hex = crate::palette::side(side, crate::palette::Ground::Light).hex();
            assert!(
                svg.contains(&format!("stroke=\"{hex}\""))
                    && svg.contains(&format!("fill=\"{hex}\"")),
                "side {side}: {svg}"
            );
        }
    }
}
