//! A RON writer of our own for journal lines: the bytes `ron::to_string` writes, sooner.
//!
//! Every entry's line is written twice over a battle's life: once into the journal, and
//! again at each reopen, where every entry taken from the derived cache is written again
//! and compared with the journal's own line (the cache is never trusted over the journal).
//! With `ron`'s serializer, a third of a 100,000-entry reopen went into that writing, most
//! of it in `ron`'s generality: its options, pretty-printing, recursion guard and the
//! Unicode tables it checks every identifier against.
//!
//! This writer handles only what `ron::to_string` does with its default options (no
//! pretty config, no extensions, no struct names), which is how every journal line has
//! always been written, and writes exactly the same bytes:
//!
//! - `true`/`false`, integers in decimal, floats as `{:?}` (a NaN with its sign);
//! - strings quoted, each `char` escaped as [`char::escape_debug`] escapes it; chars in
//!   single quotes with only `\` and `'` escaped; bytes as `b"…"`, ASCII-escaped;
//! - `Some(…)` and `None`; `()` for unit and unit structs;
//! - a struct as `(field:value,…)` without its name; a newtype struct as `(value)`; a
//!   tuple or tuple struct as `(a,b)`; a sequence as `[a,b]`; a map as `{k:v,…}`;
//! - an enum's variant by its name, then `(value)`, `(a,b)` or `(field:value,…)`;
//! - identifiers plain, or as `r#name` where `ron` would (not a plain identifier, or a
//!   word RON keeps for itself).
//!
//! Whatever it is not sure to write as `ron` does — a name with a non-ASCII character, a
//! name `ron` refuses, `ron`'s raw values, 128-bit integers, values nested deeper than
//! [`MAX_DEPTH`] — it refuses with [`Error::Unsupported`], and [`write`] then leaves the
//! value to `ron` itself: the bytes are `ron`'s in every case, and only their cost
//! differs. The tests compare the two writers on every serde shape, and on every entry of
//! random battles in every rule set.

use std::fmt::{self, Write as _};

use serde::ser::{self, Serialize};

use crate::engine::words::push_number;

/// The deepest nesting written here; anything deeper is left to `ron`, whose recursion
/// limit (128 by default) is well above it, so that nothing this writes is what `ron`
/// would refuse.
pub const MAX_DEPTH: u32 = 64;

/// The words `ron` writes as raw identifiers (`r#true`) because, bare, they would read as
/// values: `ron::ser`'s own list.
const RON_WORDS: [&str; 10] = [
    "true", "false", "Some", "None", "inf", "inff32", "inff64", "NaN", "NaNf32", "NaNf64",
];

/// `ron`'s name for its raw values, which it writes as they are: left to `ron`.
const RON_RAW_VALUE: &str = "$ron::private::RawValue";

/// Why a value was not written.
#[derive(Debug)]
pub enum Error {
    /// A shape this writer leaves to `ron` (see the module's documentation).
    Unsupported(&'static str),
    /// The value's own `Serialize` failed.
    Custom(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unsupported(what) => write!(f, "{what} is left to ron"),
            Error::Custom(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::Custom(message.to_string())
    }
}

/// Appends `value` to `out` as `ron::to_string` would write it, and nothing where it
/// cannot (`out` is then as it was).
///
/// # Errors
/// The value has a shape left to `ron`, or its `Serialize` fails.
pub fn to_writer<T: ?Sized + Serialize>(out: &mut String, value: &T) -> Result<(), Error> {
    let start = out.len();
    let result = value.serialize(&mut Compact { out, depth: 0 });
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// `value` as `ron::to_string` would write it.
///
/// # Errors
/// The value has a shape left to `ron`, or its `Serialize` fails.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    let mut out = String::new();
    to_writer(&mut out, value)?;
    Ok(out)
}

/// Appends `value` to `out` exactly as `ron::to_string` writes it: with this writer, or
/// where it leaves the value to `ron`, with `ron` (its error too).
///
/// # Errors
/// `ron` cannot write the value.
pub fn write<T: ?Sized + Serialize>(out: &mut String, value: &T) -> Result<(), ron::Error> {
    match to_writer(out, value) {
        Ok(()) => Ok(()),
        Err(_) => value.serialize(&mut ron::Serializer::new(&mut *out, None)?),
    }
}

/// The writer: the text so far and how deep it is in the value.
struct Compact<'a> {
    out: &'a mut String,
    depth: u32,
}

/// Whether `name` is a name `ron` accepts and how it writes it: `Ok(true)` bare,
/// `Ok(false)` as `r#name`. ASCII only; anything else is left to `ron`.
///
/// `ron` accepts names of XID-continue characters and `.`, `+` and `-`, and writes a name
/// bare when it starts with `_` or an XID-start character, goes on with XID-continue ones
/// and is not one of [`RON_WORDS`]. In ASCII, XID-start is a letter and XID-continue a
/// letter, a digit or `_`.
fn bare(name: &str) -> Result<bool, Error> {
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(Error::Unsupported("an empty name"));
    };
    // Every name of every value is checked, type names too: one look-up per byte, no branch.
    let kinds = bytes
        .iter()
        .fold(0, |kinds, &b| kinds | NAME_BYTES[usize::from(b)]);
    if kinds & OTHER != 0 {
        return Err(Error::Unsupported(
            "a name ron may refuse or write otherwise",
        ));
    }
    let bare = (first.is_ascii_alphabetic() || first == b'_') && kinds & MARK == 0;
    // Every word of `RON_WORDS` starts with one of these and is 3 to 6 letters long: most
    // names are spared the ten comparisons.
    Ok(bare
        && !(matches!(first, b't' | b'f' | b'S' | b'N' | b'i')
            && (3..=6).contains(&bytes.len())
            && RON_WORDS.contains(&name)))
}

/// A byte of a name: an ASCII letter, digit or `_` ([`bare`] goes on).
const WORD: u8 = 1;
/// A byte of a name: `.`, `+` or `-`, which `ron` accepts in a name it then writes raw.
const MARK: u8 = 2;
/// Any other byte, non-ASCII included: the name is left to `ron`.
const OTHER: u8 = 4;

/// What each byte is in a name: [`WORD`], [`MARK`] or [`OTHER`].
const NAME_BYTES: [u8; 256] = {
    let mut kinds = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            kinds[b] = WORD;
        } else if matches!(byte, b'.' | b'+' | b'-') {
            kinds[b] = MARK;
        }
        b += 1;
    }
    kinds
};

/// Checks a type's name as `ron` does, which does not write it.
fn check_name(name: &str) -> Result<(), Error> {
    bare(name).map(|_| ())
}

/// Appends `n`'s decimal digits, with `-` below zero: what `ron` writes with `{}`, as
/// [`push_number`] does for the others.
fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_number(out, n.unsigned_abs());
}

impl Compact<'_> {
    fn identifier(&mut self, name: &str) -> Result<(), Error> {
        if !bare(name)? {
            self.out.push_str("r#");
        }
        self.out.push_str(name);
        Ok(())
    }

    /// A nested value, one level deeper.
    fn nested<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        if self.depth >= MAX_DEPTH {
            return Err(Error::Unsupported("a value nested this deep"));
        }
        self.depth += 1;
        let result = value.serialize(&mut *self);
        self.depth -= 1;
        result
    }
}

/// Opens a sequence, tuple, map or struct with `bracket`, to be closed with `close`.
fn open<'w, 'a>(writer: &'w mut Compact<'a>, bracket: char, close: char) -> Sequence<'w, 'a> {
    writer.out.push(bracket);
    Sequence {
        writer,
        first: true,
        close,
    }
}

/// The parts of a sequence, tuple, map or struct being written, and how it closes.
struct Sequence<'w, 'a> {
    writer: &'w mut Compact<'a>,
    first: bool,
    close: char,
}

impl Sequence<'_, '_> {
    /// A comma before every part but the first.
    fn separate(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.writer.out.push(',');
        }
    }

    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.separate();
        self.writer.nested(value)
    }

    fn field<T: ?Sized + Serialize>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.separate();
        self.writer.identifier(key)?;
        self.writer.out.push(':');
        self.writer.nested(value)
    }

    fn close(self) {
        self.writer.out.push(self.close);
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Compact<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Sequence<'w, 'a>;
    type SerializeTuple = Sequence<'w, 'a>;
    type SerializeTupleStruct = Sequence<'w, 'a>;
    type SerializeTupleVariant = Sequence<'w, 'a>;
    type SerializeMap = Sequence<'w, 'a>;
    type SerializeStruct = Sequence<'w, 'a>;
    type SerializeStructVariant = Sequence<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        push_i64(self.out, v.into());
        Ok(())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        push_i64(self.out, v.into());
        Ok(())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        push_i64(self.out, v.into());
        Ok(())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        push_i64(self.out, v);
        Ok(())
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        push_number(self.out, v.into());
        Ok(())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        push_number(self.out, v.into());
        Ok(())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        push_number(self.out, v.into());
        Ok(())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        push_number(self.out, v);
        Ok(())
    }

    // 128-bit integers: serde's default refuses them, as `ron` does without its
    // `integer128` feature; `write` then asks `ron`, which says so in its own words.

    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        // `ron` writes a NaN's sign, which `{:?}` leaves out.
        if v.is_nan() && v.is_sign_negative() {
            self.out.push('-');
        }
        write!(self.out, "{v:?}").map_err(ser::Error::custom)
    }

    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if v.is_nan() && v.is_sign_negative() {
            self.out.push('-');
        }
        write!(self.out, "{v:?}").map_err(ser::Error::custom)
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        // `ron` escapes only these two in a char, and writes the others as they are,
        // a newline or a control character too.
        self.out.push('\'');
        if v == '\\' || v == '\'' {
            self.out.push('\\');
        }
        self.out.push(v);
        self.out.push('\'');
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.out.push('"');
        // Printable ASCII other than quotes and `\` is its own `escape_debug`: the common
        // case, copied whole.
        if v.bytes()
            .all(|b| matches!(b, b' '..=b'~') && !matches!(b, b'"' | b'\'' | b'\\'))
        {
            self.out.push_str(v);
        } else {
            // As `ron` does, char by char: `str::escape_debug` would escape fewer
            // combining marks than `char::escape_debug` does.
            for c in v.chars() {
                self.out.extend(c.escape_debug());
            }
        }
        self.out.push('"');
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.out.push_str("b\"");
        for b in v.iter().flat_map(|b| std::ascii::escape_default(*b)) {
            self.out.push(char::from(b));
        }
        self.out.push('"');
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.out.push_str("None");
        Ok(())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        self.out.push_str("Some(");
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("()");
        Ok(())
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Error> {
        check_name(name)?;
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        name: &'static str,
        _variant_index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        check_name(name)?;
        self.identifier(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        if name == RON_RAW_VALUE {
            return Err(Error::Unsupported("ron's raw value"));
        }
        check_name(name)?;
        self.out.push('(');
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        check_name(name)?;
        self.identifier(variant)?;
        self.out.push('(');
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Ok(open(self, '[', ']'))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Ok(open(self, '(', ')'))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        check_name(name)?;
        Ok(open(self, '(', ')'))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        check_name(name)?;
        self.identifier(variant)?;
        Ok(open(self, '(', ')'))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(open(self, '{', '}'))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        // Without struct names, `ron` writes `Range` and the other ranges as structs too
        // (only its `compact_ranges` option, off by default, writes `a..b`).
        check_name(name)?;
        Ok(open(self, '(', ')'))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        check_name(name)?;
        self.identifier(variant)?;
        Ok(open(self, '(', ')'))
    }
}

/// The serde traits for the parts of a sequence, tuple, tuple struct or variant: each
/// part an element, as `ron` writes them all.
macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Sequence<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                self.close();
                Ok(())
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The serde traits for the fields of a struct or struct variant, written alike.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Sequence<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }

            fn end(self) -> Result<(), Error> {
                self.close();
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Sequence<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.element(key)
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.writer.out.push(':');
        self.writer.nested(value)
    }

    fn end(self) -> Result<(), Error> {
        self.close();
        Ok(())
    }
}

#[cfg(test)]
mod tests;
