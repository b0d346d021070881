//! `gunbai campaign new|next|report`: a campaign mustered in the data directory (its
//! rulings checked), its next battle asked of the app, its report written; a campaign file
//! handed to `gunbai FILE` opens the campaign.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::process::Command;

use clap::Parser as _;
use gunbai::campaign::Campaign;
use gunbai::cli::launch::Launch;
use gunbai::cli::{Cli, Request};

fn gunbai(data: &std::path::Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gunbai"));
    c.env("GUNBAI_DATA_DIR", data);
    c
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn campaign_new_musters_the_armies_beside_the_journals_and_checks_its_rulings() {
    let data = tempfile::tempdir().unwrap();
    let rosters = format!("{}/rosters/sky", env!("CARGO_MANIFEST_DIR"));
    let out = gunbai(data.path())
        .args(["campaign", "new", "--ruleset", "sky", "Kawanakajima 1561"])
        .args(["--roster", &format!("{rosters}/takeda.ron")])
        .args(["--roster", &format!("{rosters}/uesugi.ron")])
        .args(["--ruling", "recovery=half"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("recovery: Half come back (rounded down)"));
    let path = data.path().join("battles/kawanakajima-1561.campaign.ron");
    let c = Campaign::read(&path).unwrap();
    assert_eq!(
        (
            c.ruleset.as_str(),
            c.rulings.get("recovery").map(String::as_str)
        ),
        ("sky", Some("half"))
    );

    let again = gunbai(data.path())
        .args(["campaign", "new", "--ruleset", "sky", "Kawanakajima 1561"])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("already a campaign"));
    let wrong = gunbai(data.path())
        .args([
            "campaign",
            "new",
            "--ruleset",
            "sky",
            "Other",
            "--ruling",
            "recovery=twice",
        ])
        .output()
        .unwrap();
    assert!(!wrong.status.success());
    assert!(
        text(&wrong.stderr).contains("none, half, all"),
        "{}",
        text(&wrong.stderr)
    );
}

#[test]
fn campaign_report_writes_markdown_and_html() {
    let data = tempfile::tempdir().unwrap();
    let ok = gunbai(data.path())
        .args(["campaign", "new", "--ruleset", "simple", "Okehazama"])
        .status()
        .unwrap();
    assert!(ok.success());
    let md = gunbai(data.path())
        .args(["campaign", "report", "Okehazama"])
        .output()
        .unwrap();
    assert!(md.status.success(), "{}", text(&md.stderr));
    let md = text(&md.stdout);
    assert!(md.starts_with("# Okehazama: campaign report"), "{md}");
    assert!(md.contains("## Campaign rulings") && md.contains("A Daimyo killed"));
    let html_path = data.path().join("okehazama.html");
    let html = gunbai(data.path())
        .args(["campaign", "report", "Okehazama", "--format", "html", "-o"])
        .arg(&html_path)
        .status()
        .unwrap();
    assert!(html.success());
    let html = std::fs::read_to_string(&html_path).unwrap();
    assert!(html.contains("<svg") && html.contains("Strength brought to each battle"));
    // Each side in the colour it has on every screen and in a battle's report.
    for side in 0..2 {
        let colour = gunbai::palette::side(side, gunbai::palette::Ground::Light).hex();
        assert!(html.contains(&format!(".s{side}{{stroke:{colour};color:{colour}}}")));
    }
}

#[test]
fn campaign_next_and_a_campaign_file_open_the_campaign_in_the_app() {
    let cli = Cli::try_parse_from(["gunbai", "campaign", "next", "Kawanakajima 1561"]).unwrap();
    let Request::App(Launch::Campaign {
        path,
        name,
        next: true,
    }) = cli.request().unwrap()
    else {
        panic!("campaign next opens the app");
    };
    assert_eq!(name, "Kawanakajima 1561");
    assert!(
        path.ends_with("battles/kawanakajima-1561.campaign.ron"),
        "{}",
        path.display()
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("okehazama.campaign.ron");
    let rosters = gunbai::rules::demo_rosters("simple").unwrap();
    Campaign::muster("Okehazama", "simple", &rosters, Default::default())
        .unwrap()
        .write(&file)
        .unwrap();
    let Launch::Campaign {
        path, next: false, ..
    } = Launch::for_file(Some(&file))
    else {
        panic!("a campaign file opens the campaign's page");
    };
    assert_eq!(path, file);
}

/// The Kawanakajima campaign of the README's picture: three battles of the Sky demo armies
/// played at random (fixed seeds) in data directory `root`, the last still under way, the
/// first two with the results the table called. Returns the campaign file.
///
/// `GUNBAI_CAMPAIGN_SHOT=DIR cargo test --test cli_campaign a_campaign_report` leaves it in a new
/// DIR, for `screenshot.sh -- DIR/battles/kawanakajima-1561.campaign.ron` (docs/campaign.png).
fn kawanakajima(root: &std::path::Path) -> std::path::PathBuf {
    use gunbai::campaign::file::path_for;
    use gunbai::reference::HouseRules;
    use rand::SeedableRng as _;
    let dir = root.join("battles");
    std::fs::create_dir_all(&dir).unwrap();
    let rosters = gunbai::rules::demo_rosters("sky").unwrap();
    let mut c = Campaign::muster("Kawanakajima 1561", "sky", &rosters, Default::default()).unwrap();
    let path = path_for(&dir, &c.name);
    c.write(&path).unwrap();
    let mut next = c.next(&path).unwrap();
    let results = [
        "Takeda hold the Hachimanbara",
        "Uesugi cross the Chikuma at night",
    ];
    for n in 0..3u64 {
        let request = c.request(&next, HouseRules::default()).unwrap();
        let journal = dir.join(format!("2026060{}T100000Z-sky.ron", n + 1));
        let mut game = gunbai::rules::start_battle(
            request.key,
            &request.rosters,
            request.house,
            Some(&journal),
        )
        .unwrap();
        c.began(&next, &journal, game.started());
        c.write(&path).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31 + 7 * n);
        let mut dice = gunbai::dice::RngDice::seeded(41 + 5 * n);
        // The third battle only begun: the campaign's last battle under way.
        let steps = if n == 2 { 120 } else { 350 };
        for _ in 0..steps {
            if !game.random_step(&mut rng, &mut dice).unwrap() || game.ended() {
                break;
            }
        }
        let Some(result) = results.get(n as usize) else {
            break;
        };
        if !game.ended() {
            let v = game.version();
            game.end_battle(v).unwrap();
        }
        next = c.next_from(game.as_ref()).unwrap();
        next.result = (*result).into();
    }
    path
}

/// A kept folder when the picture is being made, a temporary one otherwise.
fn shot_or_temp() -> (Option<tempfile::TempDir>, std::path::PathBuf) {
    match std::env::var_os("GUNBAI_CAMPAIGN_SHOT") {
        Some(dir) => (None, dir.into()),
        None => {
            let t = tempfile::tempdir().unwrap();
            let p = t.path().to_path_buf();
            (Some(t), p)
        }
    }
}

#[test]
fn a_campaign_report_is_what_a_club_would_post() {
    let (_keep, data) = shot_or_temp();
    kawanakajima(&data);
    let out = gunbai(&data)
        .args(["campaign", "report", "Kawanakajima 1561"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    let section = |title: &str| {
        let from = md
            .find(title)
            .unwrap_or_else(|| panic!("no {title}:\n{md}"));
        let rest = &md[from + title.len()..];
        rest[..rest.find("\n## ").unwrap_or(rest.len())].to_owned()
    };
    // The series at a glance: each battle's result as the table called it, the last one's
    // position while it is fought.
    let series = section("## The series");
    assert!(
        series.contains("| 1 | ")
            && series.contains("| Takeda hold the Hachimanbara. Takeda 武田 kept")
    );
    assert!(series.contains("| 2 | ") && series.contains("Uesugi cross the Chikuma at night."));
    assert!(
        series.contains("| 3 | ") && series.contains("Under way, turn"),
        "{series}"
    );
    // Each battle: its turning points and what it carried, army by army, each with its rule.
    let second = section("## Battle 2,");
    assert!(second.contains("Turning points:"), "{second}");
    let carried = &second[second
        .find("Carried into battle 3:")
        .expect("what it carried")..];
    let (takeda, uesugi) = carried.split_at(carried.find("- **Uesugi").expect("Uesugi's"));
    assert!(takeda.contains("- **Takeda 武田**"));
    assert!(
        takeda.contains("Takeda Nobushige 武田信繁: Command -1 — Injury")
            && takeda.contains("(sky: Clan Leader Injury"),
        "the injury carries by the text: {takeda}"
    );
    assert!(
        uesugi.contains("Naoe Kagetsuna 直江景綱: Command -1 — Dishonor")
            && uesugi.contains("(campaign ruling dishonor: carries)"),
        "Dishonor carries by our ruling: {uesugi}"
    );
    assert!(!takeda.contains("Naoe") && !uesugi.contains("Nobushige"));
    // The losses carried, by army and unit, over the campaign.
    let losses = section("## Losses carried");
    assert!(
        losses.contains("- Amakasu's Samurai: battle 1: -1 stand; battle 2: -4 stands"),
        "{losses}"
    );
    // The leaders' fortunes: those whose Command moved, each with what moved it under his
    // own name; the others in one line.
    let leaders = section("## The leaders' fortunes");
    let naoe = &leaders[leaders.find("**Naoe Kagetsuna").expect("Naoe's fortune")..];
    let naoe = &naoe[..naoe.find("\n- ").unwrap_or(naoe.len())];
    assert!(
        naoe.contains("8 (Mustered) → 8 (After battle 1) → 7 (After battle 2)"),
        "{naoe}"
    );
    assert!(naoe.contains("  - battle 2: turn 1: +1 Honor"), "{naoe}");
    assert!(
        !naoe.contains("Kansuke"),
        "another's fortune under his name: {naoe}"
    );
    assert!(
        leaders.contains("- Unchanged: Takeda Shingen 武田信玄 9,"),
        "{leaders}"
    );
    let rulings = section("## Campaign rulings");
    assert!(
        rulings.contains("Stands lost, between battles: None come back"),
        "{rulings}"
    );
}

#[test]
fn campaign_report_rebuilds_a_damaged_campaign_file_from_its_journals() {
    let data = tempfile::tempdir().unwrap();
    let path = kawanakajima(data.path());
    let report = |data: &std::path::Path| {
        gunbai(data)
            .args(["campaign", "report", "Kawanakajima 1561"])
            .output()
            .unwrap()
    };
    let before = report(data.path());
    assert!(before.status.success());
    let written = std::fs::read(&path).unwrap();
    std::fs::write(&path, &written[..written.len() / 2]).unwrap();

    let after = report(data.path());
    assert!(after.status.success(), "{}", text(&after.stderr));
    let said = text(&after.stderr);
    assert!(said.contains("rebuilt from its 3 journals"), "{said}");
    assert!(said.contains("the damaged file is kept as"), "{said}");
    assert_eq!(
        text(&after.stdout),
        text(&before.stdout),
        "the same report from the journals"
    );
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "the damaged file kept aside");
    assert_eq!(
        std::fs::read(kept[0].path()).unwrap(),
        written[..written.len() / 2]
    );
    Campaign::read(&path).expect("the rebuilt file is written");
}

#[test]
fn a_broken_campaign_file_without_journals_is_refused_at_its_line_and_column() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("battles");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("okehazama.campaign.ron");
    std::fs::write(
        &path,
        "(\n    format: 1,\n    name: \"Okehazama\",\n    ruleset: ]\n)\n",
    )
    .unwrap();
    let out = gunbai(data.path())
        .args(["campaign", "report", "Okehazama"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains("okehazama.campaign.ron:4:"),
        "its position: {said}"
    );
    assert!(
        said.contains("no journal"),
        "and why it is not rebuilt: {said}"
    );
    assert!(out.stdout.is_empty());
    assert!(path.exists(), "a file nothing can rebuild is left as it is");
}
