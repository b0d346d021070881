//! `gunbai roster new`: a commented template that `gunbai check` passes, in the data
//! directory by default.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use std::process::Command;

fn gunbai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
}

#[test]
fn roster_new_writes_a_template_into_the_data_directory_that_check_passes() {
    let data = tempfile::tempdir().unwrap();
    for key in ["sky", "simple", "skirmish", "daimyo", "kozeriai"] {
        let out = gunbai()
            .env("GUNBAI_DATA_DIR", data.path())
            .args(["roster", "new", "--ruleset", key, "Date Masamune 伊達"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{key}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = data
            .path()
            .join("rosters")
            .join(key)
            .join("date-masamune-伊達.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("// Date Masamune 伊達, for "), "{text}");
        let check = gunbai().arg("check").arg(&path).output().unwrap();
        assert!(
            check.status.success(),
            "{key}: {}\n{text}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
}

#[test]
fn roster_new_never_replaces_a_file_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    std::fs::write(&path, "hand written").unwrap();
    let out = gunbai()
        .args(["roster", "new", "--ruleset", "sky", "Mine", "--out"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "hand written");
    let out = gunbai()
        .args([
            "roster",
            "new",
            "--ruleset",
            "sky",
            "Mine",
            "--force",
            "--out",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("// Mine, for")
    );
}

#[test]
fn roster_new_for_an_unknown_rule_set_names_the_known_ones() {
    let out = gunbai()
        .args(["roster", "new", "--ruleset", "chess", "X"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("sky"));
}

#[test]
fn roster_new_refuses_an_empty_name() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["", "   "] {
        let out = gunbai()
            .args(["roster", "new", "--ruleset", "sky", name, "--out"])
            .arg(dir.path().join("army.ron"))
            .output()
            .unwrap();
        assert!(!out.status.success(), "{name:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("needs a name"));
        assert!(!dir.path().join("army.ron").exists());
    }
}

#[test]
fn check_refuses_what_is_not_a_file_before_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("sky.ron");
    let mut cases = vec![
        ("/dev/zero".to_owned(), "character device"),
        (dir.path().display().to_string(), "folder"),
    ];
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        cases.push((fifo.display().to_string(), "fifo"));
    }
    for (path, kind) in cases {
        let mut child = gunbai()
            .args(["check", "--ruleset", "sky", &path])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed().as_secs() > 20 {
                let _ = child.kill();
                panic!("check of {path} did not return");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        assert!(!out.status.success(), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(kind), "{path}: {err}");
    }
}
