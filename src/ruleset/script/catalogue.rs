//! What the engine offers scripts on a `Game` and a `Group`, read back from the engine
//! itself (Rhai's function metadata), never from a list kept by hand: an unknown method
//! is answered with the nearest real ones, and the test of docs/scripting.md checks that
//! every one is described.

use rhai::Engine;

/// The two kinds of value the game API gives scripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Receiver {
    Game,
    Group,
}

impl Receiver {
    /// The type's name as Rhai reports it (`register_type_with_name`).
    pub fn type_name(self) -> &'static str {
        match self {
            Receiver::Game => "Game",
            Receiver::Group => "Group",
        }
    }

    /// The value in a designer's words.
    pub fn words(self) -> &'static str {
        match self {
            Receiver::Game => "the game",
            Receiver::Group => "a group",
        }
    }

    fn of_type(name: &str) -> Option<Receiver> {
        let name = name.trim().trim_start_matches("&mut ").trim();
        [Receiver::Game, Receiver::Group]
            .into_iter()
            .find(|r| r.type_name() == name)
    }
}

/// One function or property a script can use on a `Game` or a `Group`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiEntry {
    pub receiver: Receiver,
    pub name: String,
    /// A property (`game.to_move`) rather than a function (`game.pieces("x")`).
    pub property: bool,
    /// The types of the arguments after the receiver, as Rhai names them.
    pub params: Vec<String>,
}

impl ApiEntry {
    /// How a script writes it: `game.pieces(&str)`, `group.liberties`.
    pub fn written(&self) -> String {
        let receiver = match self.receiver {
            Receiver::Game => "game",
            Receiver::Group => "group",
        };
        if self.property {
            format!("{receiver}.{}", self.name)
        } else {
            format!("{receiver}.{}({})", self.name, self.params.join(", "))
        }
    }
}

/// Rhai's prefix for a property's getter function.
const GETTER_PREFIX: &str = "get$";

/// Every function and property registered on the engine whose first parameter is a
/// `Game` or a `Group`, sorted, one entry per overload.
pub fn catalogue(engine: &Engine) -> Vec<ApiEntry> {
    let mut entries: Vec<ApiEntry> = engine
        .gen_fn_signatures(false)
        .iter()
        .filter_map(|signature| read_signature(signature))
        .collect();
    entries.sort();
    entries.dedup();
    entries
}

/// Reads Rhai's `name(_: &mut Game, _: &str) -> Result<...>`; `None` for a function that
/// is not the game API's.
fn read_signature(signature: &str) -> Option<ApiEntry> {
    let (name, rest) = signature.split_once('(')?;
    // The parameter list ends at the first `)`: parameter types have no parentheses
    // (the return type, after it, may).
    let (params, _) = rest.split_once(')')?;
    let mut types = split_params(params).into_iter().map(|param| {
        // `_: Type`, or `name: Type` where Rhai knows the name.
        param
            .split_once(':')
            .map_or(param.as_str(), |(_, t)| t)
            .trim()
            .to_string()
    });
    let receiver = Receiver::of_type(&types.next()?)?;
    let (name, property) = match name.trim().strip_prefix(GETTER_PREFIX) {
        Some(property) => (property, true),
        None => (name.trim(), false),
    };
    Some(ApiEntry {
        receiver,
        name: name.to_string(),
        property,
        params: types.collect(),
    })
}

/// Splits a parameter list at the commas between parameters, not those inside a generic
/// type (`Result<Dynamic, Box<EvalAltResult>>`).
fn split_params(params: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in params.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut current).trim().to_string());
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// The names of `receiver`'s functions (or properties) nearest to `wanted`, nearest
/// first: close enough to be a slip of the keyboard or of memory (`home2`, `peices`).
pub fn nearest<'a>(
    entries: &'a [ApiEntry],
    receiver: Receiver,
    property: bool,
    wanted: &str,
) -> Vec<&'a str> {
    const MOST: usize = 3;
    // A third of the name may be wrong, and at least two letters: short names differ
    // by a letter or two, long ones by a word.
    let allowed = (wanted.chars().count() / 3).max(2);
    let mut near: Vec<(usize, &str)> = entries
        .iter()
        .filter(|e| e.receiver == receiver && e.property == property)
        .map(|e| {
            (
                strsim::damerau_levenshtein(wanted, &e.name),
                e.name.as_str(),
            )
        })
        .filter(|&(distance, _)| distance <= allowed)
        .collect();
    near.sort();
    near.dedup_by(|a, b| a.1 == b.1);
    near.into_iter().take(MOST).map(|(_, name)| name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_read_with_their_receiver() {
        let entry =
            read_signature("pieces(_: &mut Game, _: &str) -> Result<Dynamic, Box<EvalAltResult>>")
                .unwrap();
        assert_eq!(entry.receiver, Receiver::Game);
        assert_eq!(entry.name, "pieces");
        assert!(!entry.property);
        assert_eq!(entry.params, ["&str"]);
        let getter = read_signature("get$liberties(_: &mut Group) -> i64").unwrap();
        assert_eq!(getter.receiver, Receiver::Group);
        assert!(getter.property);
        assert_eq!(getter.name, "liberties");
        assert!(read_signature("sleep(_: i64) -> Result<(), Box<EvalAltResult>>").is_none());
    }

    #[test]
    fn generic_types_keep_their_commas() {
        assert_eq!(
            split_params("_: Game, _: Result<A, B>, _: &str"),
            ["_: Game", "_: Result<A, B>", "_: &str"]
        );
    }
}
