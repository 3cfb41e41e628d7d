//! What a question asked by a script is answered with, and how a script changes a
//! counter: values that the questions, the groups a script is handed and the remembered
//! runs all carry, kept below them.

use std::hash::{Hash, Hasher};

use rhai::{Array, Dynamic};

/// How a script changed a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CounterChange {
    Set(i64),
    Add(i64),
}

/// An answer, as the script receives it.
#[derive(Clone, Debug)]
pub enum Answer {
    Int(i64),
    Bool(bool),
    /// A player's letter, or none (`owner_at` an empty junction: "").
    Letter(Option<char>),
    /// A `[params]` value: the same for every position while the ruleset is loaded.
    Param(Dynamic),
    /// A word: a colour, an edge, a tile state's letter.
    Text(String),
    /// Junction or cell names, or players' letters.
    Names(Vec<String>),
    /// Coordinates.
    Ints(Vec<i64>),
    /// Lines of junction names.
    Lines(Vec<Vec<String>>),
}

/// Answers are equal when the script cannot tell them apart; a param always equals
/// itself (params do not change once loaded).
impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::Int(a), Answer::Int(b)) => a == b,
            (Answer::Bool(a), Answer::Bool(b)) => a == b,
            (Answer::Letter(a), Answer::Letter(b)) => a == b,
            (Answer::Param(_), Answer::Param(_)) => true,
            (Answer::Text(a), Answer::Text(b)) => a == b,
            (Answer::Names(a), Answer::Names(b)) => a == b,
            (Answer::Ints(a), Answer::Ints(b)) => a == b,
            (Answer::Lines(a), Answer::Lines(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Answer {}

/// Hashed as compared: every param alike.
impl Hash for Answer {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Answer::Int(i) => i.hash(state),
            Answer::Bool(b) => b.hash(state),
            Answer::Letter(l) => l.hash(state),
            Answer::Param(_) => {}
            Answer::Text(t) => t.hash(state),
            Answer::Names(n) => n.hash(state),
            Answer::Ints(i) => i.hash(state),
            Answer::Lines(l) => l.hash(state),
        }
    }
}

impl Answer {
    /// The value the script sees.
    pub fn into_dynamic(self) -> Dynamic {
        match self {
            Answer::Int(i) => i.into(),
            Answer::Bool(b) => b.into(),
            Answer::Letter(l) => l.map(String::from).unwrap_or_default().into(),
            Answer::Param(value) => value,
            Answer::Text(text) => text.into(),
            Answer::Names(names) => names
                .into_iter()
                .map(Dynamic::from)
                .collect::<Array>()
                .into(),
            Answer::Ints(ints) => ints
                .into_iter()
                .map(Dynamic::from)
                .collect::<Array>()
                .into(),
            Answer::Lines(lines) => lines
                .into_iter()
                .map(|line| Dynamic::from(line.into_iter().map(Dynamic::from).collect::<Array>()))
                .collect::<Array>()
                .into(),
        }
    }
}
