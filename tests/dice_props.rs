//! Properties of the dice engine: exact odds against brute-force enumeration, the
//! notation's round trip, a parser that never panics, and the dice sources.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use gunbai::dice::{
    CmpOp, Comparison, DiceError, DiceSource, Expr, Keep, Notation, RngDice, SuccessCount,
    TableDice, Term, TermKind, parse,
};
use proptest::prelude::*;

const TOLERANCE: f64 = 1e-12;

fn op() -> impl Strategy<Value = CmpOp> {
    prop::sample::select(CmpOp::ALL.to_vec())
}

/// A dice term with `count` in `counts` and `sides` in `sides`, maybe kept, maybe counted.
fn dice_term(
    counts: std::ops::RangeInclusive<u32>,
    sides: std::ops::RangeInclusive<u32>,
    thresholds: std::ops::RangeInclusive<i64>,
) -> impl Strategy<Value = TermKind> {
    (counts, sides)
        .prop_flat_map(move |(count, sides)| {
            let keep = prop_oneof![
                Just(None),
                (1..=count).prop_map(|k| Some(Keep::Highest(k))),
                (1..=count).prop_map(|k| Some(Keep::Lowest(k))),
            ];
            let success = prop::option::of(
                (op(), thresholds.clone())
                    .prop_map(|(op, threshold)| SuccessCount { op, threshold }),
            );
            (Just(count), Just(sides), keep, success)
        })
        .prop_map(|(count, sides, keep, success)| TermKind::Dice {
            count,
            sides,
            keep,
            success,
        })
}

fn term(kind: impl Strategy<Value = TermKind>, constants: i64) -> impl Strategy<Value = Term> {
    let kind = prop_oneof![(0..=constants).prop_map(TermKind::Constant), kind];
    (kind, any::<bool>()).prop_map(|(kind, negative)| Term {
        sign: if negative { -1 } else { 1 },
        kind,
    })
}

/// Expressions small enough to enumerate: at most 4 dice of at most 6 sides.
fn small_expr(max_dice: u32) -> impl Strategy<Value = Expr> {
    prop::collection::vec(term(dice_term(1..=3, 2..=6, -1..=7), 6), 1..=3)
        .prop_map(|terms| Expr { terms })
        .prop_filter("at most a few dice", move |e| e.dice_count() <= max_dice)
}

/// Canonical expressions within the notation's limits, for the round trip.
fn any_expr() -> impl Strategy<Value = Expr> {
    prop::collection::vec(
        term(
            dice_term(1..=10, 2..=400, -1_000_000..=1_000_000),
            1_000_000,
        ),
        1..=5,
    )
    .prop_map(|terms| Expr { terms })
}

/// The value of one term for the given faces, written independently of the engine.
fn term_value(kind: &TermKind, faces: &[u32]) -> i64 {
    let TermKind::Dice { keep, success, .. } = kind else {
        let TermKind::Constant(c) = kind else {
            unreachable!()
        };
        return *c;
    };
    let mut sorted = faces.to_vec();
    sorted.sort_unstable();
    let kept = match keep {
        None => &sorted[..],
        Some(Keep::Highest(k)) => &sorted[sorted.len() - *k as usize..],
        Some(Keep::Lowest(k)) => &sorted[..*k as usize],
    };
    match success {
        None => kept.iter().map(|&f| i64::from(f)).sum(),
        Some(s) => kept
            .iter()
            .filter(|&&f| s.op.holds(i64::from(f), s.threshold))
            .count() as i64,
    }
}

/// Every total of `expr` with the number of face combinations giving it, and the number
/// of combinations: exact integers.
fn enumerate(expr: &Expr) -> (BTreeMap<i64, u64>, u64) {
    let sides: Vec<u32> = expr
        .terms
        .iter()
        .flat_map(|t| match t.kind {
            TermKind::Dice { count, sides, .. } => vec![sides; count as usize],
            TermKind::Constant(_) => vec![],
        })
        .collect();
    let mut faces = vec![1u32; sides.len()];
    let mut counts = BTreeMap::new();
    let mut combos = 0;
    loop {
        let mut at = 0;
        let mut total = 0;
        for t in &expr.terms {
            let n = t.dice_count() as usize;
            total += t.factor() * term_value(&t.kind, &faces[at..at + n]);
            at += n;
        }
        *counts.entry(total).or_insert(0) += 1;
        combos += 1;
        // Next combination, odometer style.
        let Some(i) = (0..faces.len()).find(|&i| faces[i] < sides[i]) else {
            return (counts, combos);
        };
        faces[i] += 1;
        faces[..i].fill(1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn distribution_matches_enumeration(expr in small_expr(4)) {
        let (counts, combos) = enumerate(&expr);
        let dist = expr.distribution();
        let mut mean = 0.0;
        for (&v, &n) in &counts {
            let exact = n as f64 / combos as f64;
            mean += v as f64 * exact;
            prop_assert!((dist.probability_of(v) - exact).abs() < TOLERANCE,
                "{expr}: P({v}) = {} but {n}/{combos}", dist.probability_of(v));
        }
        for (v, p) in dist.iter() {
            prop_assert!(counts.contains_key(&v) || p.abs() < TOLERANCE, "{expr}: P({v}) = {p}");
        }
        prop_assert!((dist.mean() - mean).abs() < 1e-9);
    }

    #[test]
    fn comparison_matches_enumeration(left in small_expr(2), op in op(), right in small_expr(2)) {
        let (l, nl) = enumerate(&left);
        let (r, nr) = enumerate(&right);
        let mut hits: u128 = 0;
        for (&x, &a) in &l {
            for (&y, &b) in &r {
                if op.holds(x, y) {
                    hits += u128::from(a) * u128::from(b);
                }
            }
        }
        let exact = hits as f64 / (u128::from(nl) * u128::from(nr)) as f64;
        let c = Comparison::new(left, op, right);
        prop_assert!((c.probability() - exact).abs() < TOLERANCE, "{c}: {} vs {exact}", c.probability());
    }

    #[test]
    fn probabilities_sum_to_one(terms in prop::collection::vec(term(dice_term(1..=40, 2..=100, 0..=101), 50), 1..=4)) {
        let expr = Expr { terms };
        prop_assume!(parse(&expr.to_string()).is_ok());
        let dist = expr.distribution();
        prop_assert!((dist.total() - 1.0).abs() < TOLERANCE, "{expr}: {}", dist.total());
        prop_assert!(dist.iter().all(|(_, p)| p >= 0.0));
    }

    #[test]
    fn rolling_table_faces_agrees_with_enumeration(expr in small_expr(4), seed in any::<u64>()) {
        // Roll with the RNG, then replay the same faces typed in: same totals, same rules.
        let rolled = expr.roll(&mut RngDice::seeded(seed)).unwrap();
        let faces: Vec<u32> = rolled.faces().collect();
        let mut table = TableDice::new(faces.clone());
        let replayed = expr.roll(&mut table).unwrap();
        table.finish().unwrap();
        prop_assert_eq!(&rolled, &replayed);
        let mut at = 0;
        let mut total = 0;
        for t in &expr.terms {
            let n = t.dice_count() as usize;
            total += t.factor() * term_value(&t.kind, &faces[at..at + n]);
            at += n;
        }
        prop_assert_eq!(rolled.total, total);
    }

    #[test]
    fn expression_round_trips_through_display(expr in any_expr()) {
        let text = expr.to_string();
        prop_assert_eq!(text.parse::<Expr>(), Ok(expr.clone()), "{}", text);
        prop_assert_eq!(parse(&text), Ok(Notation::Expr(expr)));
    }

    #[test]
    fn comparison_round_trips_through_display(left in any_expr(), op in op(), right in any_expr()) {
        let c = Comparison::new(left, op, right);
        let text = c.to_string();
        prop_assert_eq!(text.parse::<Comparison>(), Ok(c.clone()), "{}", text);
        prop_assert_eq!(parse(&text), Ok(Notation::Comparison(c)));
    }

    #[test]
    fn parse_never_panics_on_any_string(s in any::<String>()) {
        if let Ok(n) = parse(&s) {
            prop_assert_eq!(parse(&n.to_string()), Ok(n));
        }
    }

    #[test]
    fn parse_never_panics_on_notation_alphabet(s in "[0-9dDkKhHlLcCsS+\\-<>= ,]{0,60}") {
        match parse(&s) {
            Ok(n) => prop_assert_eq!(parse(&n.to_string()), Ok(n)),
            Err(e) => prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1, "{e} for {s:?}"),
        }
    }

    #[test]
    fn table_dice_reject_out_of_range_faces(sides in 1u32..=1000, face in any::<u32>()) {
        let mut t = TableDice::new(vec![face]);
        let result = t.roll(sides);
        if (1..=sides).contains(&face) {
            prop_assert_eq!(result, Ok(face));
        } else if face == 0 && sides == 10 {
            prop_assert_eq!(result, Ok(10), "a d10's 0 face is its 10");
        } else {
            prop_assert_eq!(result, Err(DiceError::FaceOutOfRange { face, sides, position: 1 }));
        }
    }

    #[test]
    fn table_dice_parse_never_panics(s in any::<String>()) {
        let _ = TableDice::parse(&s);
    }

    #[test]
    fn seeded_rng_is_deterministic(seed in any::<u64>(), sides in prop::collection::vec(1u32..=1000, 1..50)) {
        let roll = |seed| {
            let mut d = RngDice::seeded(seed);
            sides.iter().map(|&s| d.roll(s).unwrap()).collect::<Vec<_>>()
        };
        let faces = roll(seed);
        prop_assert_eq!(&faces, &roll(seed));
        prop_assert!(faces.iter().zip(&sides).all(|(f, s)| (1..=*s).contains(f)));
    }
}

#[test]
fn two_d6_at_most_8_is_26_in_36() {
    let c: Comparison = "2d6<=8".parse().unwrap();
    assert!((c.probability() - 26.0 / 36.0).abs() < TOLERANCE);
}

#[test]
fn keep_highest_of_2d6_is_the_activation_dice() {
    let d = "2d6kh1".parse::<Expr>().unwrap().distribution();
    assert!((d.probability_of(6) - 11.0 / 36.0).abs() < TOLERANCE);
    assert!((d.mean() - 161.0 / 36.0).abs() < TOLERANCE);
}

#[test]
fn large_pools_stay_normalised() {
    for text in [
        "1000d6",
        "1000d6cs>=6",
        "1000d1000kh1",
        "1000d1000kl1",
        "100d100kh50",
        "200d50kl30cs<=10",
    ] {
        let d = text.parse::<Expr>().unwrap().distribution();
        assert!((d.total() - 1.0).abs() < 1e-10, "{text}: {}", d.total());
        assert!(d.iter().all(|(_, p)| p >= 0.0), "{text}");
    }
}
