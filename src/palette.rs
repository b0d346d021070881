//! The sides' colours: one source for the umpire's screen, the players' screen, the charts
//! and the report, so a side has one colour everywhere (issue 40).
//!
//! The first side is Okabe–Ito's vermillion and the second its blue: a pair that people with
//! any of the common colour blindnesses tell apart, and each side is always named as well,
//! never told by colour alone. Each colour has a shade for a light ground and one for a dark
//! ground, both readable as text at a distance on it (the tests check the contrast).

/// A colour as red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#a64a00`, for HTML and SVG.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The ground a colour is shown on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// White or nearly (the light theme, the report's page).
    Light,
    /// Black or nearly (the dark theme).
    Dark,
}

impl Ground {
    /// The light ground for `false`, the dark for `true` (the app's theme flag).
    pub fn of_dark(dark: bool) -> Self {
        if dark { Self::Dark } else { Self::Light }
    }
}

/// The colour of side `side` (0 or 1; others repeat them) on `ground`.
pub fn side(side: usize, ground: Ground) -> Rgb {
    match (side % 2, ground) {
        // Okabe–Ito vermillion (#d55e00), darkened to read on white, lightened on black.
        (0, Ground::Light) => Rgb(0xA6, 0x4A, 0x00),
        (0, Ground::Dark) => Rgb(0xFF, 0x8C, 0x4B),
        // Okabe–Ito blue (#0072b2), darkened to read on white; its sky blue on black.
        (_, Ground::Light) => Rgb(0x00, 0x5A, 0x8C),
        (_, Ground::Dark) => Rgb(0x56, 0xB4, 0xE9),
    }
}

/// A bar or mark that belongs to neither side (odds of an outcome no side owns): a plain
/// grey, so no colour suggests a side.
pub fn neutral(ground: Ground) -> Rgb {
    match ground {
        Ground::Light => Rgb(0x38, 0x38, 0x38),
        Ground::Dark => Rgb(0xC8, 0xC8, 0xC8),
    }
}

/// WCAG's relative luminance of a colour.
fn luminance(c: Rgb) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
}

/// WCAG's contrast ratio of two colours, 1 to 21: 4.5 reads as text, 7 at a distance.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::{Ground, Rgb, contrast, neutral, side};

    /// The grounds the colours are shown on: the players' screen's, the report's page and the
    /// umpire's panels in each theme.
    fn grounds(ground: Ground) -> [Rgb; 3] {
        match ground {
            Ground::Light => [Rgb(255, 255, 255), Rgb(248, 248, 248), Rgb(240, 240, 240)],
            Ground::Dark => [Rgb(0x10, 0x10, 0x10), Rgb(27, 27, 27), Rgb(10, 10, 10)],
        }
    }

    #[test]
    fn each_sides_colour_reads_as_text_on_every_ground_of_its_theme() {
        for ground in [Ground::Light, Ground::Dark] {
            for behind in grounds(ground) {
                for s in 0..2 {
                    let c = contrast(side(s, ground), behind);
                    assert!(c >= 4.5, "side {s} on {behind:?}: {c:.2}");
                }
                assert!(contrast(neutral(ground), behind) >= 4.5);
            }
        }
    }

    #[test]
    fn the_two_sides_differ_and_neither_is_the_neutral_grey() {
        for ground in [Ground::Light, Ground::Dark] {
            assert_ne!(side(0, ground), side(1, ground));
            assert_ne!(side(0, ground), neutral(ground));
            assert_eq!(side(2, ground), side(0, ground));
        }
        assert_eq!(side(0, Ground::Light).hex(), "#a64a00");
    }
}
