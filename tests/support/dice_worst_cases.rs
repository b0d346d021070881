//! Dice expressions at the edges of every limit the notation accepts, shared by the test that
//! checks each is answered or refused and the benchmark that times them (`benches/odds.rs`).

/// Expressions at the edges of every limit: many groups, wide dice, kept and counted pools.
pub fn worst_cases() -> Vec<String> {
    let chain = |from: u32, to: u32| {
        (from..=to)
            .rev()
            .map(|s| format!("1d{s}"))
            .collect::<Vec<_>>()
            .join("+")
    };
    let repeat = |term: &str, n: usize| vec![term; n].join("+");
    vec![
        chain(2, 1000),
        chain(501, 1000),
        chain(900, 1000),
        "1000d1000".into(),
        "500d1000-500d999".into(),
        "140d1000 > 140d999".into(),
        "1000d6 >= 1000d6".into(),
        "100d100kh50".into(),
        "100d100kh50 > 100d100kl50".into(),
        "1000d1000kh10".into(),
        "1000d1000kh1".into(),
        "1000d10kh999".into(),
        "1000d1000kh10cs>=500".into(),
        "1000d100kh100".into(),
        repeat("10d1000kh9", 100),
        repeat("10d1000kh9cs>=500", 100),
        repeat("10d100kh5", 50),
        format!("{} + 500d1000", repeat("10d1000kh9", 50)),
    ]
}
