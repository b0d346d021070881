//! Skirmish's commands as journals of format 1 recorded them, read as today's.
//!
//! Format 1 recorded a volley's range as a band, close or long, which the umpire chose;
//! today a volley records the inches the umpire measured, and each shooter's weapon gives
//! the band (`reference: ranges_inches`). A band does not give the inches back, so such a
//! volley is read as a command of its own ([`Command::FireInBand`],
//! [`Command::DefensiveFireInBand`]) that today's rules refuse to run: its entry is kept as
//! recorded, its recorded events applied, and the open and the report say so.

use ron::value::RawValue;
use serde::Deserialize;

use super::command::{BandShot, Command};
use crate::engine::journal::read::read_recorded_command;

/// Why a volley recorded in a band is not run again.
pub(super) const IN_BAND: &str = "a volley's range recorded as a band (close or long), where this Gunbai's rules take the inches the umpire measured";

/// Why `command` cannot be run by today's rules, if it is a volley recorded in a band.
pub(super) fn never_run(command: &Command) -> Option<&'static str> {
    matches!(
        command,
        Command::FireInBand(_) | Command::DefensiveFireInBand(_)
    )
    .then_some(IN_BAND)
}

/// The commands of format 1 that today's command type no longer has.
#[derive(Debug, Deserialize)]
enum Older {
    /// A defensive fire, its range a band.
    DefensiveFire(BandShot),
    /// A fire, its range a band.
    Fire(BandShot),
}

/// Today's command for the one an entry of a format 1 journal records: itself if it reads
/// as today's, else a volley in a band as the command kept for it.
///
/// # Errors
/// A command that reads neither as today's nor as an older one: why it does not read as
/// today's.
pub(super) fn upgrade_command(recorded: &RawValue) -> Result<Command, String> {
    read_recorded_command::<Command>(recorded).or_else(|why| match read_recorded_command::<Older>(
        recorded,
    )
    .map_err(|_| why)?
    {
        Older::DefensiveFire(shot) => Ok(Command::DefensiveFireInBand(shot)),
        Older::Fire(shot) => Ok(Command::FireInBand(shot)),
    })
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;
    use crate::rules::skirmish::state::FigureRef;

    fn upgrade(text: &str) -> Result<Command, String> {
        upgrade_command(&RawValue::from_boxed_ron(Box::from(text)).expect("ron"))
    }

    #[test]
    fn a_volley_in_a_band_is_kept_as_its_own_command_and_today_s_read_as_they_are() {
        let band = BandShot {
            shooters: vec![FigureRef(0, 1, 2)],
            target: FigureRef(1, 2, 0),
            close: true,
            cover: false,
        };
        let old = "(shooters:[(0,1,2)],target:(1,2,0),close:true,cover:false)";
        assert_eq!(
            upgrade(&format!("Fire({old})")),
            Ok(Command::FireInBand(band.clone()))
        );
        assert_eq!(
            upgrade(&format!("DefensiveFire({old})")),
            Ok(Command::DefensiveFireInBand(band))
        );
        assert_eq!(upgrade("EndSection"), Ok(Command::EndSection));
        let today = "Fire((shooters:[(0,1,2)],target:(1,2,0),inches:5,cover:false))";
        assert!(matches!(upgrade(today), Ok(Command::Fire(_))));
    }

    #[test]
    fn a_command_no_format_had_is_refused_as_today_s_would_be() {
        let err = upgrade("Fire((shooters:[(0,1,2)],target:(1,2,0),cover:false))")
            .expect_err("neither inches nor a band");
        assert!(
            err.contains("the command, column") && err.contains("inches"),
            "{err}"
        );
        let err = upgrade("Volley").expect_err("unknown");
        assert!(err.contains("Volley"), "{err}");
    }
}
