//! The engine's command line: check, simulate (and its crash safety), replay, report.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};

fn gunbai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
}

fn last_line(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .last()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn check_accepts_every_shipped_roster() {
    let rosters: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/sky"))
        .expect("rosters")
        .map(|e| e.expect("entry").path())
        .collect();
    let out = gunbai().arg("check").args(&rosters).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_rejects_a_damaged_roster_with_its_position() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sky = dir.path().join("sky");
    std::fs::create_dir(&sky).expect("dir");
    let path = sky.join("bad.ron");
    std::fs::write(
        &path,
        "(name: \"x\", general: (name: \"g\"), clans: [ (name: 3) ])",
    )
    .expect("write");
    let out = gunbai().arg("check").arg(&path).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.ron:1:"), "{err}");
}

#[test]
fn replay_of_a_simulated_journal_equals_the_simulated_final_state() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    let sim = gunbai()
        .args([
            "simulate",
            "--ruleset",
            "sky",
            "--seed",
            "11",
            "--steps",
            "400",
            "--json",
            "--journal",
        ])
        .arg(&journal)
        .output()
        .expect("runs");
    assert!(
        sim.status.success(),
        "{}",
        String::from_utf8_lossy(&sim.stderr)
    );
    // A battle ended by the umpire goes on in a fresh journal (`b.ron.2`...): the state
    // printed last is the last journal's.
    let last = (2..)
        .map(|n| dir.path().join(format!("b.ron.{n}")))
        .take_while(|p| p.exists())
        .last()
        .unwrap_or_else(|| journal.clone());
    let replay = gunbai()
        .arg("replay")
        .arg(&last)
        .arg("--json")
        .output()
        .expect("runs");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let a: serde_json::Value = serde_json::from_str(&last_line(&sim.stdout)).expect("json");
    let b: serde_json::Value = serde_json::from_str(&last_line(&replay.stdout)).expect("json");
    assert_eq!(a, b);
    assert!(a["entries"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn simulate_killed_at_a_random_moment_keeps_every_durable_entry() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    let mut child = gunbai()
        .args([
            "simulate",
            "--ruleset",
            "sky",
            "--seed",
            "5",
            "--steps",
            "1000000",
            "--journal",
        ])
        .arg(&journal)
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let stdout = child.stdout.take().expect("stdout");
    let mut durable = 0u64;
    // Kill it somewhere after the 150th entry, mid-stride.
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("line");
        if let Some(n) = line.strip_prefix("durable ") {
            durable = n.parse().expect("number");
            if durable >= 150 {
                break;
            }
        }
    }
    child.kill().expect("kill -9");
    let _ = child.wait();
    // A battle ended by the umpire goes on in a fresh journal (`b.ron.2`...): the state
    // printed last is the last journal's.
    let last = (2..)
        .map(|n| dir.path().join(format!("b.ron.{n}")))
        .take_while(|p| p.exists())
        .last()
        .unwrap_or_else(|| journal.clone());
    let replay = gunbai()
        .arg("replay")
        .arg(&last)
        .arg("--json")
        .output()
        .expect("runs");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let state: serde_json::Value = serde_json::from_str(&last_line(&replay.stdout)).expect("json");
    assert!(
        state["entries"].as_u64().unwrap_or(0) >= durable,
        "{} < {durable}",
        state["entries"]
    );
}

#[test]
fn report_writes_markdown_and_html() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    let sim = gunbai()
        .args([
            "simulate",
            "--ruleset",
            "sky",
            "--seed",
            "2",
            "--steps",
            "150",
            "--journal",
        ])
        .arg(&journal)
        .output()
        .expect("runs");
    assert!(sim.status.success());
    for (format, needle) in [("md", "# After-action report"), ("html", "<svg")] {
        let out = dir.path().join(format!("r.{format}"));
        let status = gunbai()
            .arg("report")
            .arg(&journal)
            .args(["--format", format, "-o"])
            .arg(&out)
            .status()
            .expect("runs");
        assert!(status.success());
        let text = std::fs::read_to_string(&out).expect("written");
        assert!(text.contains(needle), "{format}");
    }
}
