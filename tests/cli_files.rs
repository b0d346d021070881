//! The command line against awkward files: exports that must not replace special files or
//! follow planted links, and I/O messages said once and plainly.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use std::path::Path;
use std::process::{Command, Output};

fn gunbai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
}

fn simulate(journal: &Path) -> Output {
    gunbai()
        .args([
            "simulate",
            "--ruleset",
            "sky",
            "--seed",
            "3",
            "--steps",
            "20",
        ])
        .arg("--journal")
        .arg(journal)
        .output()
        .expect("runs")
}

fn report(journal: &Path, target: &Path) -> Output {
    gunbai()
        .arg("report")
        .arg(journal)
        .arg("-o")
        .arg(target)
        .output()
        .expect("runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn report_refuses_a_fifo_a_folder_and_a_link_as_its_target() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let fifo = dir.path().join("fifo.md");
    let link = dir.path().join("link.md");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").expect("write");
    std::os::unix::fs::symlink(&victim, &link).expect("symlink");
    let mut targets = vec![(dir.path().to_owned(), "folder"), (link, "link")];
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        targets.push((fifo.clone(), "fifo"));
    }
    for (target, kind) in targets {
        let out = report(&journal, &target);
        assert!(!out.status.success(), "{}", target.display());
        assert!(stderr(&out).contains(kind), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me");
    if fifo.exists() {
        let kind = std::fs::symlink_metadata(&fifo).expect("meta").file_type();
        assert!(!kind.is_file(), "the fifo is still a fifo");
    }
}

#[test]
fn report_never_follows_a_link_planted_at_a_temporary_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").expect("write");
    // The names a predictable writer would use: `.r.md.tmp`, `.r.md.<pid>.tmp`.
    for name in [".r.md.tmp", ".r.md.1.tmp", ".r.md.tmp.1"] {
        std::os::unix::fs::symlink(&victim, dir.path().join(name)).expect("symlink");
    }
    let target = dir.path().join("r.md");
    let out = report(&journal, &target);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me");
    let meta = std::fs::symlink_metadata(&target).expect("written");
    assert!(meta.file_type().is_file());
    assert!(
        std::fs::read_to_string(&target)
            .expect("read")
            .contains("Takeda")
    );
}

#[test]
fn simulate_into_a_folder_says_so_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = simulate(dir.path());
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("is a folder"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // An existing journal is never overwritten, and the reason is said once.
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let err = stderr(&simulate(&journal));
    assert!(err.contains("never overwrites"), "{err}");
    assert_eq!(err.matches("never overwrites").count(), 1, "{err}");
}

#[test]
fn check_of_a_missing_file_says_there_is_no_such_file() {
    let out = gunbai()
        .args(["check", "missing.ron"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("No such file"), "{err}");
    assert!(!err.contains("rule set"), "{err}");
}

#[test]
fn replay_of_dev_zero_is_refused_at_once() {
    let start = std::time::Instant::now();
    let out = gunbai()
        .args(["replay", "/dev/zero", "--recover"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("character device"),
        "{}",
        stderr(&out)
    );
    assert!(start.elapsed().as_secs() < 10);
}
