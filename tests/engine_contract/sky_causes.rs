//! Sky's declared causes: every command that names a cause, a trigger or a fact the state can
//! confirm is refused, over random play, wherever the state contradicts it. What the state says
//! here is read from the state alone (what is due, what a unit carries, who is in contact, whose
//! round it is), not from the engine's own checks, so the two must agree. The causes only the
//! table knows (in range, in cover, over an obstacle, still in contact, line of sight, the
//! table's count) are the umpire's, listed in `docs/rules/sky.md`.

use gunbai::dice::RngDice;
use gunbai::engine::exec::events_of;
use gunbai::engine::ledger::Scope;
use gunbai::engine::{Battle, RuleSet as _, surface};
use gunbai::reference::HouseRules;
use gunbai::rules::sky::roster::{Formation, Weapon, line_fits};
use gunbai::rules::sky::state::{
    ActionKind, Binding, ChargeStage, Due, MoraleKind, Phase, State, UnitRef,
};
use gunbai::rules::sky::{Command, Sky};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

const WEAPONS: [Weapon; 4] = [
    Weapon::HandWeapons,
    Weapon::PoleArms,
    Weapon::Arquebus,
    Weapon::Bow,
];

const FORMATIONS: [Formation; 5] = [
    Formation::Column,
    Formation::Line(2),
    Formation::Line(3),
    Formation::Line(4),
    Formation::Line(5),
];

/// Why the state contradicts a command's declared cause, if it does.
fn contradicted(b: &Battle<Sky>, command: &Command) -> Option<&'static str> {
    not_owed(b.state(), command).or_else(|| not_so(b, command))
}

/// A test, a move or an answer declared owed when nothing of the kind is owed.
fn not_owed(s: &State, command: &Command) -> Option<&'static str> {
    let due = |d: Due| s.due.contains(&d);
    let bound = |u: UnitRef| s.ledger.binding(u) == Some(&Binding::ChargeSamurai);
    let refused = |no: bool, why| no.then_some(why);
    match *command {
        Command::NoImpetus(u) => refused(!due(Due::Impetus(u)), "no impetus question is open"),
        Command::ImpetusObeyed(u) => refused(
            !due(Due::Impetus(u)) || !s.enemy_samurai_on_table(u),
            "no enemy Samurai to be near",
        ),
        Command::ImpetusOrderedOtherwise(u) => refused(
            !due(Due::Impetus(u)) && !bound(u),
            "neither asked nor committed",
        ),
        Command::ImpetusBlocked(u) => refused(!due(Due::ImpetusCharge(u)), "no Bushi charge due"),
        Command::ImpetusTest(u) => refused(!due(Due::ImpetusTest(u)), "no impetus test due"),
        Command::RoutMove { unit: u, .. } => refused(!due(Due::RoutMove(u)), "not routing now"),
        Command::RouteTest(u) => refused(!due(Due::Route(u)), "no Route test due"),
        Command::InjuryRoll(u) => refused(!due(Due::Injury(u)), "no injury test due"),
        Command::SpiritRoll(u) => refused(!due(Due::Spirit(u)), "no first Bushi roll due"),
        Command::Morale {
            unit: u,
            kind,
            by_general,
        } => {
            let owed = if by_general {
                Due::GeneralRetry(u, kind)
            } else if kind == MoraleKind::Rally {
                Due::Rally(u)
            } else {
                Due::Reorder(u)
            };
            refused(!due(owed), "no such rally or re-order is open")
        }
        _ => None,
    }
}

/// A weapon, a target, a contact, a step, a round or a count the state shows is not so.
fn not_so(b: &Battle<Sky>, command: &Command) -> Option<&'static str> {
    let s = b.state();
    let due = |d: Due| s.due.contains(&d);
    let unit = |u: UnitRef| s.unit(u);
    let gone = |u: UnitRef| unit(u).is_none_or(|x| x.removed);
    let bound = |u: UnitRef| s.ledger.binding(u) == Some(&Binding::ChargeSamurai);
    let stage = s.charge().map(|c| c.stage);
    let refused = |no: bool, why| no.then_some(why);
    match *command {
        Command::Reload(u) => refused(
            gone(u)
                || unit(u).is_some_and(|x| x.loaded || !x.spec.weapons.contains(&Weapon::Arquebus)),
            "no empty arquebus",
        ),
        Command::Fire {
            unit: u,
            weapon,
            target,
            ..
        } => refused(
            gone(u)
                || gone(target)
                || target.side() == u.side()
                || !weapon.fires()
                || unit(u).is_some_and(|x| {
                    !x.spec.weapons.contains(&weapon) || (weapon == Weapon::Arquebus && !x.loaded)
                }),
            "a weapon it lacks, an empty arquebus or no enemy",
        ),
        Command::Charge {
            unit: u, target, ..
        } => refused(
            gone(u)
                || gone(target)
                || target.side() == u.side()
                || ((due(Due::ImpetusCharge(u)) || bound(u))
                    && unit(target).is_some_and(|x| !x.is_samurai())),
            "no enemy, or not the enemy Samurai it must charge",
        ),
        Command::Melee { unit: u, target } => {
            refused(!s.in_contact_with(u).contains(&target), "not in contact")
        }
        Command::DefensiveFire { weapon, cover, .. } => {
            let shooter = s.charge().and_then(|c| unit(c.target));
            refused(
                stage != Some(ChargeStage::DefensiveFire)
                    || cover
                    || shooter.is_none_or(|x| {
                        !x.spec.weapons.contains(&weapon)
                            || !weapon.fires()
                            || (weapon == Weapon::Arquebus && !x.loaded)
                    }),
                "no defensive shot, a weapon it lacks, or a charger in cover",
            )
        }
        Command::StillContacted(_) => refused(
            stage != Some(ChargeStage::StillContacted),
            "nobody fled a charge",
        ),
        Command::GeneralStepsIn | Command::DeclineGeneral => {
            refused(s.intervention.is_none(), "no clan has just missed")
        }
        Command::TryActivation(clan) => refused(
            s.phase != (Phase::Rounds { side: clan.side() })
                || s.intervention.is_some()
                || !s.untried(clan.side()).contains(&clan),
            "not its round, or it has had its chance",
        ),
        Command::Attach {
            clan,
            unit: Some(i),
        } => refused(
            gone(gunbai::rules::sky::state::UnitRef(clan.0, clan.1, i))
                || s.clan(clan).is_some_and(|c| c.attached_to == Some(i)),
            "a unit gone, or the leader is there already",
        ),
        Command::SetFormation { unit: u, formation } => refused(
            gone(u)
                || unit(u).is_some_and(|x| {
                    line_fits(b.rules(), x.spec.mounted, x.stands, formation).is_err()
                }),
            "a formation its stands do not fit",
        ),
        Command::CorrectCount {
            unit: u,
            stands,
            marked,
        } => refused(
            s.phase != Phase::EndOfTurn
                || gone(u)
                || unit(u).is_some_and(|x| stands > x.spec.stands)
                || marked >= b.rules().t.casualties.hits_per_stand,
            "not the roll call, or more than the unit can have",
        ),
        _ => None,
    }
}

/// Commands naming each unit with every cause, and a few of its enemies and friends.
fn declared(s: &State, rng: &mut ChaCha8Rng) -> Vec<Command> {
    let units = s.all_units();
    let mut commands = vec![
        Command::StillContacted(true),
        Command::StillContacted(false),
        Command::GeneralStepsIn,
        Command::DeclineGeneral,
    ];
    for side in 0..2 {
        commands.extend(s.clans_of(side).into_iter().map(Command::TryActivation));
    }
    for weapon in WEAPONS {
        for cover in [false, true] {
            commands.push(Command::DefensiveFire {
                weapon,
                in_range: true,
                cover,
            });
        }
    }
    for &u in &units {
        commands.extend([
            Command::NoImpetus(u),
            Command::ImpetusObeyed(u),
            Command::ImpetusOrderedOtherwise(u),
            Command::ImpetusBlocked(u),
            Command::ImpetusTest(u),
            Command::RoutMove {
                unit: u,
                left_table: false,
            },
            Command::RouteTest(u),
            Command::InjuryRoll(u),
            Command::SpiritRoll(u),
            Command::Reload(u),
            Command::Attach {
                clan: u.clan(),
                unit: Some(u.2),
            },
        ]);
        for kind in [MoraleKind::Rally, MoraleKind::Reorder] {
            for by_general in [false, true] {
                commands.push(Command::Morale {
                    unit: u,
                    kind,
                    by_general,
                });
            }
        }
        for formation in FORMATIONS {
            commands.push(Command::SetFormation { unit: u, formation });
        }
        let stands = s.unit(u).map_or(0, |x| x.spec.stands);
        for (stands, marked) in [(stands + 1, 0), (stands, 3), (stands, 0)] {
            commands.push(Command::CorrectCount {
                unit: u,
                stands,
                marked,
            });
        }
        for _ in 0..3 {
            let target = units[rng.random_range(0..units.len())];
            commands.push(Command::Charge {
                unit: u,
                target,
                cross_obstacle: false,
            });
            commands.push(Command::Melee { unit: u, target });
            let weapon = WEAPONS[rng.random_range(0..WEAPONS.len())];
            commands.push(Command::Fire {
                unit: u,
                weapon,
                target,
                in_range: true,
                cover: false,
            });
        }
    }
    commands
}

/// Whether the engine carries the command out now.
fn accepted(b: &Battle<Sky>, command: &Command) -> bool {
    events_of::<Sky>(b.rules(), b.state(), command, &mut RngDice::seeded(3)).is_ok()
}

/// The demo battle, with the optional first Bushi roll; with `no_samurai`, Uesugi fields
/// Warrior Monks where its rosters has Samurai, so Takeda's Samurai have no enemy Samurai.
fn battle(no_samurai: bool) -> Battle<Sky> {
    let mut house = HouseRules::default();
    house.optional.insert("first_bushi_roll".into());
    let [takeda, mut uesugi] = gunbai::rules::demo_rosters("sky").unwrap();
    if no_samurai {
        uesugi.source = uesugi
            .source
            .replace(
                "troop: Samurai, mounted: true,",
                "troop: WarriorMonks, mounted: true, armoured: true,",
            )
            .replace(
                "troop: Samurai, weapons: [HandWeapons, Bow]",
                "troop: WarriorMonks, armoured: true, weapons: [Bow]",
            )
            .replace(
                "troop: Samurai, weapons: [HandWeapons]",
                "troop: WarriorMonks, armoured: true, weapons: [HandWeapons]",
            );
        assert!(!uesugi.source.contains("troop: Samurai"));
    }
    let armies = [takeda, uesugi].map(|r| Sky::load_army(&r).unwrap().army);
    Battle::<Sky>::start(armies, house, None).unwrap()
}

/// Plays at random on the app's surface from both battles and calls `visit` on every state.
fn walk(mut visit: impl FnMut(&Battle<Sky>, usize, &mut ChaCha8Rng)) {
    for (seed, no_samurai) in [(0, false), (1, false), (2, false), (3, true)] {
        let mut b = battle(no_samurai);
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 700);
        let mut dice = RngDice::seeded(seed + 700);
        for step in 0..240 {
            if b.state().ended {
                break;
            }
            visit(&b, step, &mut rng);
            for _ in 0..60 {
                let Some(command) = surface::random_command::<Sky>(b.rules(), b.state(), &mut rng)
                else {
                    break;
                };
                if b.execute(command, &mut dice).is_ok() {
                    break;
                }
            }
        }
    }
}

#[test]
fn every_declared_cause_the_state_contradicts_is_refused() {
    let mut checked = 0;
    let mut problems = Vec::new();
    walk(|b, step, rng| {
        // Every state where something is owed (the causes are mostly about dues), and every
        // third of the others.
        if step % 3 != 0 && b.state().due.is_empty() {
            return;
        }
        for command in declared(b.state(), rng) {
            let Some(why) = contradicted(b, &command) else {
                continue;
            };
            checked += 1;
            if accepted(b, &command) {
                problems.push(format!(
                    "sky: {command:?} is accepted though the state says {why} ({:?})",
                    b.state().phase
                ));
            }
        }
    });
    problems.sort();
    problems.dedup();
    assert!(checked > 1000, "only {checked} contradicted causes tried");
    assert!(problems.is_empty(), "{}", super::report(&problems));
}

/// The walk reaches what the property is about: contacts, charges at each step, dues of every
/// kind, Samurai with no enemy Samurai (else the property above would hold of nothing).
#[test]
fn random_play_reaches_every_kind_of_declared_cause() {
    let mut seen = std::collections::BTreeSet::new();
    walk(|b, _, _| {
        let s = b.state();
        for d in s.due.iter() {
            let name = format!("{d:?}");
            seen.insert(name.split('(').next().unwrap_or_default().to_owned());
        }
        if let Some(c) = s.charge() {
            seen.insert(format!("{:?}", c.stage));
        }
        if !s.contacts.is_empty() {
            seen.insert("contact".into());
        }
        if s.intervention.is_some() {
            seen.insert("intervention".into());
        }
        if s.phase == Phase::EndOfTurn {
            seen.insert("roll call".into());
        }
        if let Phase::Activation { clan } = s.phase
            && clan.side() == 0
            && s.units_of(clan).iter().any(|u| {
                s.unit(*u).is_some_and(|x| x.is_samurai()) && !s.enemy_samurai_on_table(*u)
            })
        {
            seen.insert("Samurai with no enemy Samurai".into());
        }
        if s.all_units().into_iter().any(|u| {
            s.ledger
                .has_done(u, Scope::Activation, |k| *k == ActionKind::FireArquebus)
        }) {
            seen.insert("arquebus fired".into());
        }
    });
    for needed in [
        "Impetus",
        "Route",
        "Rally",
        "Reorder",
        "Spirit",
        "DefensiveFire",
        "StillContacted",
        "contact",
        "intervention",
        "roll call",
        "arquebus fired",
        "Samurai with no enemy Samurai",
    ] {
        assert!(
            seen.contains(needed),
            "random play never reached {needed}: {seen:?}"
        );
    }
}
