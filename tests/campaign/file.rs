//! The campaign file: written and read back the same; a damaged or hostile one refused with
//! its place, never a panic; a damaged one rebuilt from its journals.

use gunbai::campaign::rebuild::{read_or_rebuild, rebuild};
use gunbai::campaign::{Campaign, CampaignError};
use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::sky::Sky;
use proptest::prelude::*;

use super::support::{OnDisk, muster};

/// A Sky campaign two battles in: the first ended (the Horse's loss set aside by the
/// table, with its reason), the second begun.
fn two_battles_in() -> OnDisk {
    let mut c = muster("sky", &[("recovery", "half")]);
    let one = super::sky::first_battle(&mut c);
    let mut next = c.campaign.next_from(one.as_ref()).unwrap();
    next.result = "Takeda holds the ford".into();
    let horse = next
        .changes
        .iter_mut()
        .find(|ch| ch.who == "Nobushige's Horse")
        .unwrap();
    horse.set_aside = Some("remounts from the castle stables".into());
    let _two = c.begin(&next);
    assert_eq!(
        loaded(&c.campaign.armies)[0].clans[0].units[0].lost,
        0,
        "set aside"
    );
    c
}

fn loaded(texts: &[String; 2]) -> Vec<gunbai::rules::sky::Army> {
    texts
        .iter()
        .map(|t| {
            Sky::load_army(&RosterText {
                file: "t".into(),
                source: t.clone(),
            })
            .unwrap()
            .army
        })
        .collect()
}

#[test]
fn a_campaign_file_reads_back_as_written() {
    let c = two_battles_in();
    let read = Campaign::read(&c.path).unwrap();
    assert_eq!(read, c.campaign);
    assert_eq!(read.battles.len(), 2);
    assert_eq!(
        read.battles[0].result.as_deref(),
        Some("Takeda holds the ford")
    );
}

#[test]
fn a_damaged_campaign_file_is_rebuilt_from_its_journals() {
    let c = two_battles_in();
    let text = std::fs::read_to_string(&c.path).unwrap();
    std::fs::write(&c.path, &text[..text.len() / 2]).unwrap();
    let damage = Campaign::read(&c.path).unwrap_err();
    assert!(matches!(damage, CampaignError::Damaged { .. }), "{damage}");

    let (rebuilt, said) = read_or_rebuild(&c.path, "Test campaign").unwrap();
    let said = said.expect("it says it rebuilt the file");
    assert!(said.contains("rebuilt from its 2 journals"), "{said}");
    assert_eq!(rebuilt.name, c.campaign.name);
    assert_eq!(rebuilt.rulings, c.campaign.rulings);
    assert_eq!(loaded(&rebuilt.mustered), loaded(&c.campaign.mustered));
    assert_eq!(loaded(&rebuilt.armies), loaded(&c.campaign.armies));
    let journals = |c: &Campaign| {
        c.battles
            .iter()
            .map(|b| b.journal.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(journals(&rebuilt), journals(&c.campaign));
    assert_eq!(rebuilt.battles[0].carried, c.campaign.battles[0].carried);
    assert_eq!(
        rebuilt.battles[0].result.as_deref(),
        Some("Takeda holds the ford")
    );
    // The rebuilt file is written, and the damaged one kept aside.
    assert_eq!(Campaign::read(&c.path).unwrap(), rebuilt);
    let aside = std::fs::read_dir(c.dir.path())
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().contains(".damaged-"));
    assert!(aside, "the damaged file is kept");
}

#[test]
fn a_missing_campaign_file_is_rebuilt_and_one_without_journals_is_refused() {
    let c = two_battles_in();
    std::fs::remove_file(&c.path).unwrap();
    let (rebuilt, _) = read_or_rebuild(&c.path, "Test campaign").unwrap();
    assert_eq!(rebuilt.battles.len(), 2);
    let empty = tempfile::tempdir().unwrap();
    let why = rebuild(empty.path(), "Test campaign").unwrap_err();
    assert!(why.contains("no journal"), "{why}");
}

#[test]
fn a_hostile_campaign_file_is_refused_at_its_place() {
    let c = two_battles_in();
    let good = std::fs::read_to_string(&c.path).unwrap();
    let refusal = |text: &str| {
        std::fs::write(&c.path, text).unwrap();
        Campaign::read(&c.path).unwrap_err().to_string()
    };
    let at = refusal("(format: 1, name: \"x\",\n  ruleset: 5)");
    assert!(at.contains(":2:"), "a syntax error names its line: {at}");
    let outside = good.replacen(
        "journal: \"battle-1.ron\"",
        "journal: \"../../etc/passwd\"",
        1,
    );
    let why = refusal(&outside);
    assert!(why.contains("battles[0].journal"), "{why}");
    let newer = good.replacen("format: 1", "format: 99", 1);
    assert!(refusal(&newer).contains("format 99"));
    let unknown = good.replacen("ruleset: \"sky\"", "ruleset: \"chess\"", 1);
    assert!(refusal(&unknown).contains("chess"));
    let ruling = good.replacen("\"recovery\": \"half\"", "\"recovery\": \"twice\"", 1);
    assert!(refusal(&ruling).contains("twice"));
    let edited = good.replacen("stands:8", "stands:7", 1);
    assert_ne!(edited, good);
    assert!(
        refusal(&edited).contains("armies"),
        "an army edited by hand is found out"
    );
    std::fs::write(&c.path, [0xff, 0xfe, 0x28]).unwrap();
    assert!(
        Campaign::read(&c.path)
            .unwrap_err()
            .to_string()
            .contains("UTF-8")
    );
    let dir = c.dir.path().join("folder.campaign.ron");
    std::fs::create_dir(&dir).unwrap();
    assert!(
        Campaign::read(&dir)
            .unwrap_err()
            .to_string()
            .contains("not a plain file")
    );
}

/// The bytes of a real campaign file, two battles in (made once).
fn campaign_bytes() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| std::fs::read(two_battles_in().path).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    /// Any byte of a real campaign file changed, or the file cut short anywhere: read gives
    /// the campaign or a refusal, never a panic.
    #[test]
    fn any_damage_to_a_campaign_file_is_refused_or_read(at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<bool>()) {
        let mut bytes = campaign_bytes().to_vec();
        let i = at.index(bytes.len());
        if cut { bytes.truncate(i) } else { bytes[i] = byte }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.campaign.ron");
        std::fs::write(&path, &bytes).unwrap();
        let _ = Campaign::read(&path);
    }
}
