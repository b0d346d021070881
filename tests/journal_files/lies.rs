//! Journals that lie: every line edited as a forger would, its checksum and the entries'
//! numbers fixed, so that only running each entry again can tell. Each kind is refused by
//! replay and by `report` (which opens journals the same way), naming its line, and
//! `--recover` keeps the entries before it.

use std::path::{Path, PathBuf};

use super::craft::{
    command, dice, events, first, in_events, join, renumber, reseal, text_lines, with_command,
    with_dice, with_events,
};
use super::{journal_bytes, open};

/// A crafted journal: what was done, the file, the line that must be named, and words the
/// refusal must contain.
pub struct Lie {
    pub what: String,
    pub path: PathBuf,
    pub line: usize,
    pub says: &'static str,
    /// The lie is an entry taken away, so the first line that cannot run again may come
    /// later than `line` (whatever the deleted entry settled may not be needed at once).
    pub later: bool,
}

/// The clean journal of a rule set, as lines.
fn clean(key: &str) -> Vec<String> {
    text_lines(&journal_bytes(key, 60))
}

/// Writes a crafted journal whose `index`th line (0 is the header) is the lie.
fn lie(dir: &Path, what: String, lines: &[String], index: usize, says: &'static str) -> Lie {
    let name = format!("lie{}.ron", dir.read_dir().map_or(0, Iterator::count));
    let path = dir.join(name);
    std::fs::write(&path, join(lines)).expect("write");
    Lie {
        what,
        path,
        line: index + 1,
        says,
        later: false,
    }
}

/// Every line `index` of `lines` replaced by `edited`.
fn edited(lines: &[String], index: usize, edited: String) -> Vec<String> {
    let mut out = lines.to_vec();
    out[index] = edited;
    out
}

/// A line whose command rolled dice.
fn rolls(line: &str) -> bool {
    dice(line).is_some_and(|d| !d.is_empty())
}

/// A line whose events hold a `true` or a `false`.
fn has_bool(line: &str) -> bool {
    let e = events(line).join(",");
    e.contains("true") || e.contains("false")
}

/// Faces off the die, in the recorded faces (the 0, 7, 255 and 4294967295 on d6s),
/// in the events only, and in both.
fn faces(dir: &Path, key: &str, lines: &[String], out: &mut Vec<Lie>) {
    let i = first(lines, 1, rolls);
    let recorded = dice(&lines[i]).expect("dice");
    let mut bad = vec!["0", "255", "4294967295"];
    if key == "sky" {
        bad.push("7");
    }
    for face in bad {
        let mut faces = recorded.clone();
        faces[0] = face.to_owned();
        let what = format!("{key}: recorded face {face}");
        let line = with_dice(&lines[i], Some(&faces));
        out.push(lie(dir, what, &edited(lines, i, line), i, "cannot show"));
    }
    if key == "sky" {
        // "rolled 255 4294967295 + 4 clans = 258": the events' faces, then both.
        let j = first(lines, 1, |l| l.contains("faces:[") && rolls(l));
        let list = super::craft::list_of(&lines[j], "faces").expect("faces");
        let edit = |l: &str| {
            reseal(&format!(
                "{}255,4294967295{}",
                &l[..list.start],
                &l[list.end..]
            ))
        };
        let only_events = edit(&lines[j]);
        out.push(lie(
            dir,
            "sky: faces 255 and 4294967295 in the events".into(),
            &edited(lines, j, only_events.clone()),
            j,
            "is not what the command gives",
        ));
        let n = dice(&lines[j]).expect("dice").len();
        let mut faces = vec!["255".to_owned(), "4294967295".to_owned()];
        faces.resize(n, "6".to_owned());
        let both = with_dice(&only_events, Some(&faces));
        out.push(lie(
            dir,
            "sky: faces 255 and 4294967295 in the events and the dice".into(),
            &edited(lines, j, both),
            j,
            "cannot show",
        ));
    }
    // Faces missing, and one left over.
    let stripped = with_dice(&lines[i], None);
    out.push(lie(
        dir,
        format!("{key}: recorded faces removed"),
        &edited(lines, i, stripped),
        i,
        "records none",
    ));
    let mut extra = recorded;
    extra.push("1".into());
    let line = with_dice(&lines[i], Some(&extra));
    out.push(lie(
        dir,
        format!("{key}: a face left over"),
        &edited(lines, i, line),
        i,
        "faces but the command rolls",
    ));
}

/// Results that contradict their faces, and events added, dropped, repeated or moved.
fn events_edited(dir: &Path, key: &str, lines: &[String], out: &mut Vec<Lie>) {
    let i = first(lines, 1, has_bool);
    let e = events(&lines[i]);
    let k = e
        .iter()
        .position(|x| x.contains("true") || x.contains("false"))
        .expect("a bool");
    let mut flipped = e.clone();
    flipped[k] = if e[k].contains("true") {
        e[k].replacen("true", "false", 1)
    } else {
        e[k].replacen("false", "true", 1)
    };
    let says = "is not what the command gives";
    let line = with_events(&lines[i], &flipped);
    out.push(lie(
        dir,
        format!("{key}: a result flipped"),
        &edited(lines, i, line),
        i,
        says,
    ));

    let i = first(lines, 1, |l| {
        let e = events(l);
        e.len() >= 2 && e[0] != e[1]
    });
    let e = events(&lines[i]);
    let mut moved = e.clone();
    moved.swap(0, 1);
    let line = with_events(&lines[i], &moved);
    out.push(lie(
        dir,
        format!("{key}: two events swapped"),
        &edited(lines, i, line),
        i,
        says,
    ));
    let dropped = &e[..e.len() - 1];
    let line = with_events(&lines[i], dropped);
    out.push(lie(
        dir,
        format!("{key}: an event dropped"),
        &edited(lines, i, line),
        i,
        "events where running",
    ));
    // One event three times (a figure dying three times in one entry), and ten more of the
    // last (ten new turns in one command).
    let mut thrice = e.clone();
    thrice.insert(0, e[0].clone());
    thrice.insert(0, e[0].clone());
    let line = with_events(&lines[i], &thrice);
    out.push(lie(
        dir,
        format!("{key}: an event thrice"),
        &edited(lines, i, line),
        i,
        says,
    ));
    let mut ten = e.clone();
    ten.extend(std::iter::repeat_n(e[e.len() - 1].clone(), 10));
    let line = with_events(&lines[i], &ten);
    out.push(lie(
        dir,
        format!("{key}: ten events more"),
        &edited(lines, i, line),
        i,
        "events where running",
    ));
}

/// Commands swapped between two entries, and entries deleted or repeated, renumbered.
fn entries_moved(dir: &Path, key: &str, lines: &[String], out: &mut Vec<Lie>) {
    let i = first(lines, 1, |l| command(l).is_some());
    let j = first(lines, i + 1, |l| {
        command(l).is_some_and(|c| Some(c) != command(&lines[i]))
    });
    let (a, b) = (
        command(&lines[i]).expect("a").to_owned(),
        command(&lines[j]).expect("b").to_owned(),
    );
    let mut swapped = lines.to_vec();
    swapped[i] = with_command(&lines[i], &b);
    swapped[j] = with_command(&lines[j], &a);
    out.push(lie(
        dir,
        format!("{key}: commands swapped"),
        &swapped,
        i,
        "",
    ));

    // A roll that settled what was due, repeated: the same command again on the state it
    // left, where it is due no more.
    let settles = |l: &str| events(l).iter().any(|e| e.starts_with("Settled("));
    let i = (1..lines.len())
        .find(|&i| rolls(&lines[i]) && settles(&lines[i]))
        .or_else(|| (1..lines.len()).find(|&i| settles(&lines[i])))
        .unwrap_or_else(|| first(lines, 1, rolls));
    let mut repeated = lines.to_vec();
    repeated.insert(i + 1, lines[i].clone());
    renumber(&mut repeated);
    out.push(lie(
        dir,
        format!("{key}: an entry repeated"),
        &repeated,
        i + 1,
        "",
    ));

    // The same roll deleted: the command after it now runs on a battle where what it
    // settled is still owed (or its result not yet known), so it cannot give what it records.
    let mut deleted = lines.to_vec();
    deleted.remove(i);
    renumber(&mut deleted);
    out.push(Lie {
        later: true,
        ..lie(dir, format!("{key}: an entry deleted"), &deleted, i, "")
    });
}

/// The tuple `(a,b…)` after the first `key:(` in the events (or, with `key` "command", the
/// command's first tuple), with its `which`th number made `value`; resealed.
fn retarget(line: &str, key: &str, which: usize, value: &str) -> Option<String> {
    let from = if key == "command" {
        line.find("command:")?
    } else {
        super::craft::list_of(line, "events")?.start
            + line[super::craft::list_of(line, "events")?].find(&format!("{key}:("))?
    };
    let open = from + line[from..].find('(')?;
    let open = if line[open + 1..].starts_with('(') {
        open + 1
    } else {
        open
    };
    let close = open + line[open..].find(')')?;
    let mut numbers: Vec<String> = line[open + 1..close]
        .split(',')
        .map(str::to_owned)
        .collect();
    if which >= numbers.len() || !numbers[which].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    numbers[which] = value.to_owned();
    Some(reseal(&format!(
        "{}{}{}",
        &line[..=open],
        numbers.join(","),
        &line[close..]
    )))
}

/// References to what the battle does not have: sides 2, 3 and 255, figure 200, a Ki-ai
/// target 200, in the events and in the command.
fn references(dir: &Path, key: &str, lines: &[String], out: &mut Vec<Lie>) {
    let cases: &[(&str, usize, &[&str])] = match key {
        "sky" => &[
            ("unit", 0, &["2", "3", "255"]),
            ("command", 0, &["2", "255"]),
        ],
        "kozeriai" => &[
            ("figure", 1, &["200"]),
            ("target", 1, &["200"]),
            ("command", 1, &["200"]),
        ],
        _ => &[("command", 0, &["2", "200"])],
    };
    for &(field, which, values) in cases {
        let Some(i) = (1..lines.len()).find(|&i| retarget(&lines[i], field, which, "9").is_some())
        else {
            continue;
        };
        for value in values {
            let line = retarget(&lines[i], field, which, value).expect("edited");
            let what = format!("{key}: {field} {value}");
            out.push(lie(dir, what, &edited(lines, i, line), i, ""));
        }
    }
}

/// Floods: an entry carrying 40,000 events, and one carrying as many small ones as a line
/// holds (150,000 at most).
fn floods(dir: &Path, key: &str, lines: &[String], out: &mut Vec<Lie>) {
    let i = first(lines, 1, |l| events(l).iter().any(|e| e.len() < 100));
    let e = events(&lines[i]);
    let short = e.iter().min_by_key(|x| x.len()).expect("an event").clone();
    let n = 150_000.min(4_000_000 / (short.len() + 1));
    for count in [40_000, n] {
        let flood = vec![short.clone(); count];
        let line = with_events(&lines[i], &flood);
        let what = format!("{key}: {count} events");
        out.push(lie(dir, what, &edited(lines, i, line), i, ""));
    }
}

/// Headers that lie: armies no roster could give, and a format lowered to switch the line
/// checks off.
fn headers(dir: &Path, out: &mut Vec<Lie>) {
    let sky = clean("sky");
    let header = &sky[0];
    // 5,003 units in one clan: the first unit copied.
    let units = super::craft::list_of(header, "units").expect("units");
    let first_unit = {
        let inside = &header[units.clone()];
        let end = inside.find("),(").expect("two units") + 1;
        inside[..end].to_owned()
    };
    let many = vec![first_unit; 5_003].join(",");
    let big = reseal(&format!(
        "{}{many}{}",
        &header[..units.start],
        &header[units.end..]
    ));
    out.push(lie(
        dir,
        "sky: 5,003 units in a clan".into(),
        &edited(&sky, 0, big),
        0,
        "at most 250",
    ));
    let low = reseal(&header.replacen("command:9", "command:-9223372036854775808", 1));
    out.push(lie(
        dir,
        "sky: Command -9223372036854775808".into(),
        &edited(&sky, 0, low),
        0,
        "Command",
    ));
    let daimyo = clean("daimyo");
    let narrow = reseal(&daimyo[0].replacen("wide:2", "wide:0", 1));
    out.push(lie(
        dir,
        "daimyo: wide 0".into(),
        &edited(&daimyo, 0, narrow),
        0,
        "wide",
    ));
    // The format lowered: with the header's own checksum fixed, and with it dropped.
    let lowered = header.replacen(
        &format!("(format:{},", gunbai::engine::journal::FORMAT_VERSION),
        "(format:1,",
        1,
    );
    out.push(lie(
        dir,
        "sky: format 1 over a sealed header".into(),
        &edited(&sky, 0, reseal(&lowered)),
        0,
        "format was lowered",
    ));
    let plain = format!("{})", &lowered[..lowered.len() - 16]);
    out.push(lie(
        dir,
        "sky: format 1 over sealed lines".into(),
        &edited(&sky, 0, plain),
        1,
        "format was lowered",
    ));
    // Written by another Gunbai: the message says so.
    let older = reseal(&header.replacen("app_version:\"", "app_version:\"0.0.1-", 1));
    let i = first(&sky, 1, has_bool);
    let flipped = with_events(
        &sky[i],
        &events(&sky[i])
            .iter()
            .map(|e| {
                if e.contains("true") {
                    e.replacen("true", "false", 1)
                } else {
                    e.replacen("false", "true", 1)
                }
            })
            .collect::<Vec<_>>(),
    );
    let mut lines = edited(&sky, 0, older);
    lines[i] = flipped;
    out.push(lie(
        dir,
        "sky: an older Gunbai's journal".into(),
        &lines,
        i,
        "written by Gunbai 0.0.1-",
    ));
}

/// Every kind of lie, for every rule set, crafted in `dir`.
pub fn all(dir: &Path) -> Vec<Lie> {
    let mut out = Vec::new();
    for info in gunbai::rules::RULE_SETS {
        let lines = clean(info.key);
        faces(dir, info.key, &lines, &mut out);
        events_edited(dir, info.key, &lines, &mut out);
        entries_moved(dir, info.key, &lines, &mut out);
        references(dir, info.key, &lines, &mut out);
        floods(dir, info.key, &lines, &mut out);
    }
    headers(dir, &mut out);
    out
}

/// The line a refusal of `path` names: the number after `path:`.
fn named_line(error: &str, path: &Path) -> Option<usize> {
    let after = error.split_once(&format!("{}:", path.display()))?.1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[test]
fn every_kind_of_lie_in_every_rule_set_is_refused_by_replay_and_report_naming_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lies = all(dir.path());
    let mut wrong = Vec::new();
    for lie in &lies {
        let refused = open(&lie.path, false);
        let line = match &refused {
            Err(e) if lie.later => named_line(e, &lie.path).filter(|&n| n >= lie.line),
            _ => Some(lie.line),
        }
        .unwrap_or(lie.line);
        let lie = &Lie {
            line,
            what: lie.what.clone(),
            path: lie.path.clone(),
            ..*lie
        };
        let named = format!("{}:{}:", lie.path.display(), lie.line);
        // `report` opens a journal as replay does: the same refusal, on the terminal.
        let report = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
            .args(["report", "--format", "md"])
            .arg(&lie.path)
            .output()
            .expect("runs");
        let said = String::from_utf8_lossy(&report.stderr);
        if report.status.success() || !said.contains(&named) {
            wrong.push(format!("{}: report: {said}", lie.what));
        }
        match refused {
            Ok(_) => wrong.push(format!("{}: replayed", lie.what)),
            Err(e) if !e.contains(&named) || !e.contains(lie.says) => {
                wrong.push(format!("{}: {e}", lie.what));
            }
            // A header that lies leaves nothing to recover.
            Err(_) if lie.line == 1 => {
                if open(&lie.path, true).is_ok() {
                    wrong.push(format!(
                        "{}: recovered a battle from a lying header",
                        lie.what
                    ));
                }
            }
            Err(_) => match open(&lie.path, true) {
                Ok((game, warnings)) if game.entries() + 2 == lie.line && warnings.len() == 1 => {}
                Ok((game, _)) => wrong.push(format!(
                    "{}: recovered {} entries, not the {} before line {}",
                    lie.what,
                    game.entries(),
                    lie.line - 2,
                    lie.line
                )),
                Err(e) => wrong.push(format!("{}: not recovered: {e}", lie.what)),
            },
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn in_effect_and_undone_alike_every_command_runs_again() {
    // An entry undone for good changes nothing, but a lie in it is a lie all the same.
    let lines = clean("sky");
    let i = (1..lines.len() - 1)
        .find(|&i| {
            lines[i + 1].contains("Undo(count:1)")
                && !lines.get(i + 2).is_some_and(|l| l.contains("Redo"))
                && has_bool(&lines[i])
        })
        .expect("a command undone for good");
    let e = events(&lines[i]);
    let flipped: Vec<String> = e.iter().map(|x| x.replacen("true", "false", 1)).collect();
    let line = if flipped == e {
        in_events(&lines[i], "false", "true").expect("a bool")
    } else {
        with_events(&lines[i], &flipped)
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let lie = lie(dir.path(), "undone".into(), &edited(&lines, i, line), i, "");
    let err = open(&lie.path, false).err().expect("refused");
    assert!(err.contains(&format!(":{}:", lie.line)), "{err}");
}

/// The same lies in a journal whose header says format 2, where an entry whose command does
/// not run again to what it records is taken as recorded (its rules may have changed since):
/// each lie is refused, or said on opening it, naming its line, never passed over in silence.
#[test]
fn in_an_older_format_every_lie_is_refused_or_said_naming_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let current = format!("(format:{},", gunbai::engine::journal::FORMAT_VERSION);
    let mut wrong = Vec::new();
    let mut said = 0;
    for lie in all(dir.path()).iter().filter(|l| l.line > 1) {
        let mut lines = text_lines(&std::fs::read(&lie.path).expect("read"));
        if !lines[0].starts_with(&current) {
            continue;
        }
        lines[0] = reseal(&lines[0].replacen(&current, "(format:2,", 1));
        std::fs::write(&lie.path, join(&lines)).expect("write");
        let at = |n: Option<usize>| n.is_some_and(|n| n == lie.line || (lie.later && n > lie.line));
        // The warning names the first entry taken as recorded: `…otherwise (line 12: why)`,
        // or `…otherwise (lines 12 to 40; line 12: why)`.
        let first_taken = |w: &String| {
            let after = w.split_once("otherwise (")?.1;
            let after = after.split_once("; ").map_or(after, |(_, first)| first);
            after.strip_prefix("line ")?.split(':').next()?.parse().ok()
        };
        // Refused at a later line, a lie taken as recorded is named as what may be the cause.
        let earlier = format!("taken as recorded, the first on line {}:", lie.line);
        match open(&lie.path, false) {
            Err(e) if at(named_line(&e, &lie.path)) => {}
            Err(e) if named_line(&e, &lie.path) > Some(lie.line) && e.contains(&earlier) => {}
            Ok((_, warnings)) if warnings.iter().any(|w| at(first_taken(w))) => said += 1,
            Err(e) => wrong.push(format!("{} (line {}): {e}", lie.what, lie.line)),
            Ok((_, warnings)) => wrong.push(format!("{}: opened: {warnings:?}", lie.what)),
        }
    }
    assert!(said > 0, "some lies are taken as recorded");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
