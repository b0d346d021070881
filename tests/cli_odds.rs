//! `gunbai odds` and `gunbai roll`, run as the built binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn gunbai(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // The child may stop reading early; a closed pipe is fine.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn close(v: &Value, exact: f64) -> bool {
    (v.as_f64().unwrap() - exact).abs() < 1e-12
}

#[test]
fn every_notation_form_is_answered() {
    let distributions = [
        "2d6",
        "d6",
        "D6",
        "2d6+1",
        "1d10-1",
        "2d6kh1",
        "2d6kh",
        "4d6kh3",
        "4d6kl2",
        "8d6cs>=5",
        "4d6cs>=4",
        "4d6cs6",
        "3d6cs<3",
        "4d6kh3cs>5",
        "10-1d6",
        " 2 d 6 + 1 ",
    ];
    let comparisons = [
        "2d6<=8",
        "2d6<8",
        "2d6>=8",
        "2d6>8",
        "2d6=8",
        "1d10+4 > 1d10+2",
        "1d10-1+4 > 1d10-1+2",
        "3d6 >= 2d10+1d10",
        "60d6cs>=6 >= 3",
        "15d6cs>=5 >= 5",
    ];
    let mut args = vec!["odds", "--json"];
    args.extend(distributions);
    args.extend(comparisons);
    let out = gunbai(&args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), distributions.len() + comparisons.len());
    for (line, expr) in lines.iter().zip(distributions.iter().chain(&comparisons)) {
        assert_eq!(line["expr"], *expr);
        if comparisons.contains(expr) {
            let p = line["probability"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p), "{line}");
        } else {
            let total: f64 = line["distribution"]
                .as_object()
                .unwrap()
                .values()
                .map(|p| p.as_f64().unwrap())
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "{line}");
            assert!(line["mean"].is_number());
        }
    }
}

#[test]
fn json_values_are_exact() {
    let out = gunbai(
        &["odds", "--json", "2d6<=8", "2d6", "1d10-1+4 > 1d10-1+2"],
        b"",
    );
    let lines = json_lines(&out);
    assert!(close(&lines[0]["probability"], 26.0 / 36.0));
    let dist = lines[1]["distribution"].as_object().unwrap();
    assert_eq!(dist.len(), 11);
    assert!(close(&dist["7"], 6.0 / 36.0));
    assert!(close(&lines[1]["mean"], 7.0));
    assert!(close(&lines[2]["probability"], 0.64));
    // Keys in a fixed order, as documented.
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("{\"expr\":\"2d6<=8\",\"probability\":"),
        "{text}"
    );
    // Distribution keys in ascending numeric order (serde_json's Value would sort them as text).
    let second = text.lines().nth(1).unwrap();
    assert!(
        second.starts_with("{\"expr\":\"2d6\",\"mean\":7.0,\"distribution\":{\"2\":"),
        "{second}"
    );
    let at = |key: &str| second.find(&format!("\"{key}\":")).unwrap();
    let positions: Vec<usize> = (2..=12).map(|k| at(&k.to_string())).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{second}");
}

#[test]
fn a_bad_expression_among_good_ones() {
    let out = gunbai(
        &["odds", "--json", "2d6", "2d6+", "-", "1d6"],
        b"2d6<=8\n\n3d6 >= x\n4d6kh3\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let exprs: Vec<&str> = lines.iter().map(|l| l["expr"].as_str().unwrap()).collect();
    assert_eq!(
        exprs,
        ["2d6", "2d6+", "2d6<=8", "3d6 >= x", "4d6kh3", "1d6"]
    );
    assert_eq!(
        lines[1]["error"],
        "column 5: expected a number or dice such as 2d6, found the end"
    );
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .starts_with("column 8: expected")
    );
    assert!(close(&lines[2]["probability"], 26.0 / 36.0));
    assert!(lines[5]["mean"].is_number());
}

#[test]
fn garbage_on_stdin_is_answered_not_a_crash() {
    let mut garbage: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    garbage.extend_from_slice(b"\n\xff\xfe\x00\n");
    garbage.extend(std::iter::repeat_n(b'9', 50_000));
    garbage.extend_from_slice(b"\n2d6\n<<<>>>===\n");
    let out = gunbai(&["odds", "--json", "-"], &garbage);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert!(
        lines
            .iter()
            .any(|l| l["expr"] == "2d6" && l["mean"].is_number())
    );
    assert!(lines.iter().any(|l| {
        l["error"]
            .as_str()
            .is_some_and(|e| e.contains("longer than 10000 bytes"))
    }));
    assert!(lines.iter().any(|l| {
        l["error"]
            .as_str()
            .is_some_and(|e| e.contains("not valid UTF-8"))
    }));
    assert!(
        lines.last().unwrap()["error"]
            .as_str()
            .unwrap()
            .starts_with("column 1:")
    );
}

#[test]
fn readable_output_shows_percentages() {
    let out = gunbai(&["odds", "2d6<=8", "1d4"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("2d6<=8: 72.22%\n1d4: mean 2.50\n"),
        "{text}"
    );
    assert!(text.contains("25.00%"), "{text}");
    let bad = gunbai(&["odds", "2d6<=8<=9"], b"");
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8(bad.stderr)
            .unwrap()
            .contains("column 7: a comparison has exactly one operator")
    );
}

#[test]
fn roll_with_a_seed_repeats() {
    for expr in ["4d6kh3", "15d6cs>=5", "1d10-1+4 > 1d10-1+2", "2d6<=8"] {
        let a = gunbai(&["roll", expr, "--seed", "42"], b"");
        let b = gunbai(&["roll", expr, "--seed", "42"], b"");
        assert_eq!(a.status.code(), Some(0));
        assert_eq!(a.stdout, b.stdout);
        assert!(String::from_utf8(a.stdout).unwrap().starts_with(expr));
    }
    let a = gunbai(&["roll", "--json", "--seed", "7", "4d6kh3"], b"");
    let b = gunbai(&["roll", "4d6kh3", "--seed", "7", "--json"], b"");
    assert_eq!(a.stdout, b.stdout);
    let v: Value = serde_json::from_slice(&a.stdout).unwrap();
    let dice = v["terms"][0]["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 4);
    assert_eq!(dice.iter().filter(|d| d["kept"] == true).count(), 3);
    let kept: i64 = dice
        .iter()
        .filter(|d| d["kept"] == true)
        .map(|d| d["face"].as_i64().unwrap())
        .sum();
    assert_eq!(v["total"].as_i64(), Some(kept));
}

#[test]
fn roll_of_a_comparison_shows_both_sides() {
    let out = gunbai(&["roll", "--json", "--seed", "3", "3d6 >= 2d10+1d10"], b"");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (l, r) = (
        v["left"]["total"].as_i64().unwrap(),
        v["right"]["total"].as_i64().unwrap(),
    );
    assert_eq!(v["holds"].as_bool(), Some(l >= r));
}

#[test]
fn roll_of_bad_notation_exits_2() {
    let out = gunbai(&["roll", "2d6kh3"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: cannot read \"2d6kh3\": column 6: cannot keep 3 of 2 dice"),
        "{err}"
    );
}

#[test]
fn help_and_version() {
    let help = gunbai(&["--help"], b"");
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(text.contains("odds") && text.contains("roll"));
    let version = gunbai(&["--version"], b"");
    assert_eq!(
        String::from_utf8(version.stdout).unwrap().trim(),
        concat!("gunbai ", env!("CARGO_PKG_VERSION"))
    );
    // With no subcommand the desktop app starts, so that is tested through egui_kittest.
}
