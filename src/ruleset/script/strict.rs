//! Comparisons between values of different types are errors in rule scripts.
//!
//! Rhai's own answer to `"abc" > 0` is `false`, silently: a `[params]` entry given as
//! text where a number was meant (`draw_after_quiet_turns = "abc"`) would turn a rule off
//! without a word. Here such a comparison stops the script at the spot, naming both
//! values. `x == ()` and `x != ()` stay allowed: they are how a script asks whether
//! something is there.

use rhai::{Array, Dynamic, Engine, EvalAltResult, ImmutableString, Map};

/// A type's name in a designer's words.
pub fn type_words(rhai_name: &str) -> &str {
    match rhai_name {
        "i64" | "i32" | "INT" => "a number",
        "bool" => "true or false",
        "string" | "ImmutableString" | "&str" | "String" => "text",
        "char" => "a character",
        "()" => "nothing, ()",
        "array" => "a list",
        "map" => "a map",
        other => other,
    }
}

/// A value as the message shows it: text in quotes, anything else as Rhai writes it,
/// cut short when long.
fn shown(value: &Dynamic) -> String {
    let text = if value.is_string() {
        format!("{:?}", value.to_string())
    } else {
        value.to_string()
    };
    if text.chars().count() > 40 {
        format!("{}...", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

fn refuse(op: &str, a: Dynamic, b: Dynamic) -> Result<bool, Box<EvalAltResult>> {
    Err(format!(
        "cannot compare {} ({}) {op} {} ({}): they are different types",
        type_words(a.type_name()),
        shown(&a),
        type_words(b.type_name()),
        shown(&b),
    )
    .into())
}

/// Registers one refusing overload of each comparison for the pair of types `A`, `B`.
macro_rules! refuse_pair {
    ($engine:expr, $a:ty, $b:ty, ordering_only: $ordering_only:expr) => {{
        for op in ["<", "<=", ">", ">="] {
            $engine.register_fn(op, move |a: $a, b: $b| {
                refuse(op, Dynamic::from(a), Dynamic::from(b))
            });
        }
        if !$ordering_only {
            for op in ["==", "!="] {
                $engine.register_fn(op, move |a: $a, b: $b| {
                    refuse(op, Dynamic::from(a), Dynamic::from(b))
                });
            }
        }
    }};
}

/// Registers every pair of different everyday types.
macro_rules! refuse_all {
    ($engine:expr; $($a:ty),*) => {
        refuse_all!(@each $engine; [$($a),*]; $($a),*);
    };
    (@each $engine:expr; $all:tt; $($a:ty),*) => {
        $( refuse_all!(@row $engine; $a; $all); )*
    };
    (@row $engine:expr; $a:ty; [$($b:ty),*]) => {
        $( if std::any::TypeId::of::<$a>() != std::any::TypeId::of::<$b>() {
            let with_unit = std::any::TypeId::of::<$a>() == std::any::TypeId::of::<()>()
                || std::any::TypeId::of::<$b>() == std::any::TypeId::of::<()>();
            refuse_pair!($engine, $a, $b, ordering_only: with_unit);
        } )*
    };
}

/// Makes comparisons between different types errors, keeping `== ()` and `!= ()`.
pub fn register_strict_comparisons(engine: &mut Engine) {
    // Rhai's fast path answers comparisons of built-in types before looking at overloads;
    // without it, the overloads below are found.
    engine.set_fast_operators(false);
    refuse_all!(engine; i64, bool, ImmutableString, char, Array, Map, ());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        let mut engine = Engine::new();
        register_strict_comparisons(&mut engine);
        engine
    }

    #[test]
    fn text_against_a_number_is_an_error_naming_both() {
        let error = engine().eval::<bool>(r#""abc" > 0"#).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("cannot compare text (\"abc\") > a number (0)"),
            "{message}"
        );
        assert!(engine()
            .eval::<bool>(r#"let limit = "abc"; limit == 100"#)
            .is_err());
        assert!(engine().eval::<bool>("true < 1").is_err());
    }

    #[test]
    fn same_types_compare_as_before() {
        let e = engine();
        assert!(e.eval::<bool>("1 < 2").unwrap());
        assert!(e.eval::<bool>(r#""a" < "b""#).unwrap());
        assert!(e.eval::<bool>("[1, 2] == [1, 2]").unwrap());
        assert!(e.eval::<bool>("#{a: 1} != #{a: 2}").unwrap());
        assert!(e.eval::<bool>("'x' == 'x'").unwrap());
    }

    #[test]
    fn asking_whether_something_is_there_stays_allowed() {
        let e = engine();
        assert!(!e.eval::<bool>("let x = 5; x == ()").unwrap());
        assert!(e.eval::<bool>("let x = (); x == ()").unwrap());
        assert!(e.eval::<bool>(r#"let m = #{}; m.winner == ()"#).unwrap());
        assert!(e.eval::<bool>(r#""x" != ()"#).unwrap());
        assert!(e.eval::<bool>("() > 1").is_err());
    }
}
