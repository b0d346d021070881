//! Every kind of action form each rule set offers, by its key: the list the 1280×720 test
//! opens, checked against what each rule set's actions answer, so a new kind fails here until
//! it is listed, and in the screen test until it is opened. And every kind of card each demo
//! shows in seeded play (`Check::kind`): a card of a kind not listed fails the card test.

use std::collections::BTreeSet;

/// Each rule set's form kinds, by key.
const FORMS: [(&str, &[&str]); 5] = [
    (
        "sky",
        &[
            "attach",
            "charge",
            "count",
            "fire",
            "formation",
            "melee",
            "move",
            "ordered_otherwise",
            "reload",
        ],
    ),
    (
        "daimyo",
        &[
            "attach",
            "challenge",
            "charge",
            "contacted",
            "counter_charge",
            "detach",
            "fall_back",
            "initiative",
            "leader_move",
            "lose_stands",
            "move",
            "pursue",
            "record",
            "reform",
            "rout",
        ],
    ),
    (
        "kozeriai",
        &[
            "attack",
            "break_off",
            "closing",
            "collide",
            "dash",
            "grapple",
            "jump",
            "kiai",
            "other",
            "ride",
            "run_down",
            "shoot",
            "step",
            "trip",
        ],
    ),
    (
        "simple",
        &[
            "ambush",
            "attach",
            "bombard",
            "bridge",
            "change_formation",
            "clear_smoke",
            "cover",
            "crew_captured",
            "cross_river",
            "fire",
            "fire_smoke",
            "formation_fail",
            "in_melee",
            "in_place",
            "melee",
            "morale",
            "move",
            "near_fire",
            "occupy",
            "realign",
            "set_alight",
            "spring",
            "structure",
            "through",
        ],
    ),
    (
        "skirmish",
        &[
            "charge",
            "defensive_fire",
            "disengage",
            "engage",
            "fire",
            "melee",
            "morale",
            "move",
        ],
    ),
];

/// Each rule set's card kinds, by the command the card rolls (or its first answer), or the
/// title of a card that only tells.
const CARDS: [(&str, &[&str]); 5] = [
    (
        "sky",
        &[
            "Charge",
            "ChargerTest",
            "DefensiveFire",
            "EndActivation",
            "EndMorale",
            "FightMelee",
            "GeneralStepsIn",
            "ImpetusTest",
            "InjuryRoll",
            "Morale",
            "NextTurn",
            "NoImpetus",
            "RollActions",
            "RollInitiative",
            "RoutMove",
            "RouteTest",
            "StillContacted",
            "TargetTest",
            "TryActivation",
        ],
    ),
    (
        "daimyo",
        &[
            "Activate",
            "AnswerChallenge",
            "ChargeOutcome",
            "ChargeTest",
            "EndTurn",
            "FinishActivation",
            "Respond",
        ],
    ),
    (
        "kozeriai",
        &["Could shoot", "EndStage", "Fall", "NoHazard", "Trip"],
    ),
    (
        "simple",
        &[
            "AllyActivation",
            "BeginBattle",
            "CallMorale",
            "CardDone",
            "DrawCard",
            "EndTurn",
            "Engulfed",
            "EscapeFire",
            "Fire burning",
            "FormationTest",
            "Morale",
            "Move",
            "Ninja",
            "RetreatMove",
            "RollArrival",
            "RollForHome",
            "RollTerrain",
            "RollWind",
            "SendBack",
            "SetStatus",
            "ShuffleDeck",
            "VillagersAttackIn",
        ],
    ),
    (
        "skirmish",
        &[
            "BoutObstacles",
            "Could shoot",
            "Defensive fire",
            "EndSection",
            "Melee",
            "Movement",
            "MovesDone",
            "MovesFirst",
            "ResolveHits",
            "RollPrecedence",
        ],
    ),
];

/// Rule set `key`'s card kinds.
pub fn cards(key: &str) -> BTreeSet<String> {
    listed(&CARDS, key)
}

/// Rule set `key`'s form kinds.
pub fn forms(key: &str) -> BTreeSet<String> {
    listed(&FORMS, key)
}

/// Rule set `key`'s kinds in `list`.
fn listed(list: &[(&str, &[&str])], key: &str) -> BTreeSet<String> {
    list.iter()
        .find(|(k, _)| *k == key)
        .map(|(_, kinds)| kinds.iter().map(|k| (*k).to_owned()).collect())
        .unwrap_or_else(|| panic!("no kinds listed for {key}"))
}

/// The form keys rule set `key`'s actions answer: the arms (`"move" =>`, `"fire" |
/// "defensive_fire" =>`) of the matches in `src/rules/<key>/actions/`, where a form's key
/// turns into its command.
fn answered(key: &str) -> BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/rules")
        .join(key)
        .join("actions");
    let mut keys = BTreeSet::new();
    let mut files: Vec<std::path::PathBuf> = vec![dir];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let Some((pattern, _)) = line.trim().split_once("=>") else {
                continue;
            };
            let arms: Vec<&str> = pattern.split('|').map(str::trim).collect();
            let names: Option<Vec<&str>> = arms
                .iter()
                .map(|a| {
                    a.strip_prefix('"')
                        .and_then(|a| a.strip_suffix('"'))
                        .filter(|a| {
                            !a.is_empty() && a.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                        })
                })
                .collect();
            keys.extend(names.into_iter().flatten().map(str::to_owned));
        }
    }
    keys
}

#[test]
fn the_form_kinds_listed_are_those_each_rule_sets_actions_answer() {
    for (key, _) in FORMS {
        assert_eq!(
            forms(key),
            answered(key),
            "{key}: list every form kind its actions answer"
        );
    }
}
