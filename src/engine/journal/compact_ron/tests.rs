//! Our RON writer against `ron::to_string`, shape by shape.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use serde::Serialize;

use super::*;

/// Asserts that this writer writes `value` as `ron::to_string` does, and that
/// [`write`], which falls back on `ron`, gives `ron`'s answer whatever it is.
#[track_caller]
fn writes_as_ron<T: ?Sized + Serialize>(value: &T) {
    let ron = ron::to_string(value);
    let mut ours = String::from("kept ");
    let written = write(&mut ours, value);
    match (&ron, written) {
        (Ok(text), Ok(())) => assert_eq!(&ours["kept ".len()..], text),
        (Err(e), Err(mine)) => assert_eq!(e.to_string(), mine.to_string()),
        (ron, mine) => panic!("ron: {ron:?}, ours: {mine:?} ({ours})"),
    }
    if let Ok(text) = to_string(value) {
        assert_eq!(Ok(&text), ron.as_ref(), "the compact writer itself");
    }
}

/// Asserts that the compact writer itself (not `ron` behind it) writes `value`.
#[track_caller]
fn written_here<T: ?Sized + Serialize>(value: &T) {
    writes_as_ron(value);
    assert!(to_string(value).is_ok(), "left to ron");
}

/// Asserts that the compact writer leaves `value` to `ron`, which writes it.
#[track_caller]
fn left_to_ron<T: ?Sized + Serialize>(value: &T) {
    writes_as_ron(value);
    assert!(matches!(to_string(value), Err(Error::Unsupported(_))));
}

#[derive(Serialize)]
struct Unit;

#[derive(Serialize)]
struct Newtype(u8);

#[derive(Serialize)]
struct Pair(i32, String);

#[derive(Serialize)]
struct Fields {
    a: u8,
    b: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<u8>,
}

#[derive(Serialize)]
enum Shapes {
    Unit,
    Newtype(u32),
    Tuple(u8, bool),
    Struct { x: i64, y: Option<String> },
    Empty {},
    EmptyTuple(),
}

#[test]
fn scalars_are_written_as_ron_writes_them() {
    written_here(&true);
    written_here(&false);
    for n in [0i64, 1, -1, 9, 10, -10, i64::MIN, i64::MAX, 1_234_567] {
        written_here(&n);
    }
    for n in [0u64, 7, 10, 99, 100, u64::MAX] {
        written_here(&n);
    }
    written_here(&(i8::MIN, i16::MIN, i32::MIN, u8::MAX, u16::MAX, u32::MAX));
    for x in [
        0.0f64,
        -0.0,
        1.0,
        -1.5,
        0.1,
        1e300,
        1e-300,
        5e-324,
        f64::MAX,
    ] {
        written_here(&x);
    }
    for x in [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        written_here(&x);
    }
    for x in [0.0f32, 0.1, -3.2e38, f32::NAN, -f32::NAN, f32::INFINITY] {
        written_here(&x);
    }
    written_here(&());
}

#[test]
fn strings_and_chars_are_escaped_as_ron_escapes_them() {
    let strings = [
        "",
        "plain words",
        "a \"quoted\" name",
        "it's",
        "back\\slash",
        "new\nline\ttab\rreturn\0nul",
        "\u{7f}\u{1}\u{1b}",
        "Oda Nobunaga 織田信長",
        "e\u{301} combining, \u{301} alone",
        "\u{200b}\u{feff}\u{2028}\u{10ffff}",
        "emoji 🏯",
        "r#raw",
    ];
    for s in strings {
        written_here(s);
        written_here(&s.to_owned());
    }
    for c in [
        'a', '\'', '\\', '"', '\n', '\0', '織', '\u{301}', '\u{7f}', '🏯',
    ] {
        written_here(&c);
    }
}

#[test]
fn bytes_are_written_as_ron_writes_them() {
    struct Bytes(&'static [u8]);
    impl Serialize for Bytes {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    written_here(&Bytes(b""));
    written_here(&Bytes(b"ab\"c\\d\n\x00\xff'"));
}

#[test]
fn options_structs_tuples_and_variants_are_written_as_ron_writes_them() {
    written_here(&None::<u8>);
    written_here(&Some(3u8));
    written_here(&Some(Some(None::<u8>)));
    written_here(&Some(()));
    written_here(&Unit);
    written_here(&Newtype(4));
    written_here(&Some(Newtype(4)));
    written_here(&Pair(-1, "x".into()));
    written_here(&(1u8, "two", 3.0f64, None::<u8>));
    written_here(&Fields {
        a: 1,
        b: Some(vec![]),
        skipped: None,
    });
    written_here(&Fields {
        a: 1,
        b: None,
        skipped: Some(2),
    });
    written_here(&[
        Shapes::Unit,
        Shapes::Newtype(5),
        Shapes::Tuple(1, false),
        Shapes::Struct {
            x: -3,
            y: Some("y".into()),
        },
        Shapes::Empty {},
        Shapes::EmptyTuple(),
    ]);
    written_here(&Some(Shapes::Newtype(1)));
}

#[test]
fn sequences_and_maps_are_written_as_ron_writes_them() {
    written_here(&Vec::<u8>::new());
    written_here(&vec![1u8]);
    written_here(&vec![vec![1u8, 2], vec![], vec![3]]);
    written_here(&[Some(1u8), None]);
    let mut map = BTreeMap::new();
    written_here(&map);
    map.insert("b".to_owned(), vec![Shapes::Unit]);
    map.insert("a \"key\"".to_owned(), vec![]);
    written_here(&map);
    let tuples: BTreeMap<(u8, u8), Option<Unit>> =
        [((1, 2), None), ((3, 4), Some(Unit))].into_iter().collect();
    written_here(&tuples);
    // A range is a struct to `ron` without its `compact_ranges` option.
    written_here(&(1u8..4));
    written_here(&(1u8..=4));
}

#[test]
fn raw_identifiers_are_written_where_ron_writes_them() {
    #[derive(Serialize)]
    #[allow(non_camel_case_types)]
    enum Odd {
        #[serde(rename = "true")]
        True,
        #[serde(rename = "Some")]
        Some(u8),
        #[serde(rename = "NaNf64")]
        Nan { inf: u8 },
        #[serde(rename = "a-b")]
        Dash,
        #[serde(rename = "1st")]
        First,
        #[serde(rename = "_under")]
        Under,
        #[serde(rename = "x.y+z")]
        Dotted,
    }
    #[derive(Serialize)]
    struct Fields {
        #[serde(rename = "None")]
        none: u8,
        #[serde(rename = "false")]
        f: u8,
        #[serde(rename = "-x")]
        minus: u8,
        r#type: u8,
    }
    written_here(&[
        Odd::True,
        Odd::Some(1),
        Odd::Nan { inf: 2 },
        Odd::Dash,
        Odd::First,
        Odd::Under,
        Odd::Dotted,
    ]);
    written_here(&Fields {
        none: 0,
        f: 1,
        minus: 2,
        r#type: 3,
    });
}

#[test]
fn what_ron_refuses_or_might_write_otherwise_is_left_to_ron() {
    #[derive(Serialize)]
    enum Names {
        #[serde(rename = "é")]
        Accented,
        #[serde(rename = "")]
        Empty,
        #[serde(rename = "a b")]
        Spaced,
    }
    left_to_ron(&Names::Accented);
    left_to_ron(&Names::Empty);
    left_to_ron(&Names::Spaced);
    // 128-bit integers: `ron` without its `integer128` feature refuses them too.
    assert!(to_string(&1u128).is_err());
    writes_as_ron(&1u128);
    writes_as_ron(&-1i128);
    // `ron`'s raw value.
    left_to_ron(&ron::value::RawValue::from_ron("( a : 1 )").unwrap());
}

#[test]
fn deep_values_are_left_to_ron_and_shallower_ones_written_here() {
    #[derive(Serialize)]
    struct Nest(Option<Box<Nest>>);
    fn nest(depth: usize) -> Nest {
        (0..depth).fold(Nest(None), |inner, _| Nest(Some(Box::new(inner))))
    }
    // Each level is a newtype and an option: two levels of nesting.
    written_here(&nest(MAX_DEPTH as usize / 2 - 1));
    left_to_ron(&nest(MAX_DEPTH as usize / 2 + 1));
    // Past `ron`'s own limit: both refuse.
    writes_as_ron(&nest(200));
    assert!(ron::to_string(&nest(200)).is_err());
}

proptest::proptest! {
    #[test]
    fn any_string_char_or_number_is_written_as_ron_writes_it(
        text in proptest::prelude::any::<String>(),
        c in proptest::prelude::any::<char>(),
        x in proptest::prelude::any::<f64>(),
        n in proptest::prelude::any::<i64>(),
    ) {
        written_here(&(text, c, x, n));
    }
}

#[test]
fn a_value_left_to_ron_leaves_no_half_written_text() {
    let mut out = String::from("before");
    let refused = to_writer(&mut out, &(1u8, 2u128));
    assert!(refused.is_err());
    assert_eq!(out, "before");
}
