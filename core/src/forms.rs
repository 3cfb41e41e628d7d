//! Turn forms: what a turn may be made of, as a ruleset writes it.
//!
//! A turn has up to three parts, always in this order: a **flip** of a tile, a **tile
//! action** (`place` a tile from the pool, or `remove` one), and a **piece action**
//! (`step` a stack, `merge` stacks, `split` a stack, or `move` a single piece). A
//! ruleset lists the forms its turns take, each a sequence of action words, where `?`
//! marks a part that may be left out; a merge or split may be preceded by a step of the
//! stack involved (`step? merge`).
//!
//! ```
//! use variant_run_core::TurnForms;
//! let truchet = TurnForms::parse(&["flip? step", "flip? step? merge", "flip? step? split"]).unwrap();
//! assert_eq!(truchet.len(), 10); // with or without a flip: 5 piece actions each
//! let trugo = TurnForms::parse(&["place", "remove", "move", "place move"]).unwrap();
//! assert!(trugo.has_tile_actions());
//! assert_eq!("flip? bounce".parse::<TurnForms>().unwrap_err().to_string(),
//!     "turn form `flip? bounce`: `bounce` is not an action (flip, place, remove, step, merge, split, move)");
//! ```

use std::fmt;
use std::str::FromStr;

/// A tile action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TileKind {
    Place,
    Remove,
}

/// A piece action, with the step that may come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    Step,
    Merge,
    Split,
    StepThenMerge,
    StepThenSplit,
    Move,
}

/// A set of piece actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceKinds(u8);

impl PieceKinds {
    pub fn contains(self, kind: PieceKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1 << kind as u8;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether any of these piece actions moves a whole stack along bands first (a step,
    /// alone or before a merge or split).
    pub fn steps(self) -> bool {
        self.contains(PieceKind::Step)
            || self.contains(PieceKind::StepThenMerge)
            || self.contains(PieceKind::StepThenSplit)
    }
}

/// One form a turn can take, every part fixed (no `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form {
    pub flip: bool,
    pub tile: Option<TileKind>,
    pub piece: Option<PieceKind>,
}

/// The forms of turn with the same flip and tile part, and the piece actions that may
/// follow them: what the generator enumerates together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormGroup {
    pub flip: bool,
    pub tile: Option<TileKind>,
    pub pieces: PieceKinds,
    /// Whether the flip and tile part alone are a turn (no piece action follows).
    pub bare: bool,
}

/// The forms of turn a ruleset allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnForms {
    forms: Vec<Form>,
    groups: Vec<FormGroup>,
}

/// A turn form that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn form `{form}`: {reason}")]
pub struct TurnFormError {
    pub form: String,
    pub reason: String,
}

const ACTION_WORDS: &str = "flip, place, remove, step, merge, split, move";

impl TurnForms {
    /// Reads a list of forms.
    ///
    /// # Errors
    /// A word that is no action, parts out of order or repeated, or no forms at all.
    pub fn parse(forms: &[&str]) -> Result<TurnForms, TurnFormError> {
        let mut fixed = Vec::new();
        for text in forms {
            fixed.extend(expand(text)?);
        }
        TurnForms::from_forms(fixed)
    }

    /// Builds the forms from a list of fixed forms.
    ///
    /// # Errors
    /// No forms at all.
    pub fn from_forms(mut forms: Vec<Form>) -> Result<TurnForms, TurnFormError> {
        forms.sort();
        forms.dedup();
        if forms.is_empty() {
            return Err(TurnFormError {
                form: String::new(),
                reason: "a ruleset needs at least one form of turn".into(),
            });
        }
        let mut groups: Vec<FormGroup> = Vec::new();
        for form in &forms {
            let group = match groups
                .iter_mut()
                .find(|g| g.flip == form.flip && g.tile == form.tile)
            {
                Some(group) => group,
                None => {
                    groups.push(FormGroup {
                        flip: form.flip,
                        tile: form.tile,
                        pieces: PieceKinds::default(),
                        bare: false,
                    });
                    groups.last_mut().expect("just pushed")
                }
            };
            match form.piece {
                Some(kind) => group.pieces.insert(kind),
                None => group.bare = true,
            }
        }
        Ok(TurnForms { forms, groups })
    }

    /// Every fixed form, in a fixed order.
    pub fn forms(&self) -> &[Form] {
        &self.forms
    }

    pub fn len(&self) -> usize {
        self.forms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// The forms grouped by flip and tile part: forms without a flip first.
    pub fn groups(&self) -> &[FormGroup] {
        &self.groups
    }

    pub fn allows(&self, form: Form) -> bool {
        self.forms.contains(&form)
    }

    /// Whether some form flips a tile.
    pub fn has_flips(&self) -> bool {
        self.forms.iter().any(|f| f.flip)
    }

    /// Whether no two turns of these forms make the same change, and the generator
    /// visits the turns doing the same to tiles one after another: then a list of the
    /// changes needs no search for repeats, nor a sort to bring each tile action's
    /// changes together. Claimed only for forms without a flip whose piece action, if
    /// any, is `move`: the generator gives each tile action once, then each movable
    /// piece once with each of its ends once. A step, merge or split can reach one
    /// change along several routes (a stack of one that steps or moves, a split that
    /// leaves a substack where it stood); flips are left out to keep the claim simple.
    /// The turn groups' tests hold it along random games.
    pub fn turns_never_coincide(&self) -> bool {
        self.forms
            .iter()
            .all(|f| !f.flip && matches!(f.piece, None | Some(PieceKind::Move)))
    }

    /// Whether some form places or removes a tile.
    pub fn has_tile_actions(&self) -> bool {
        self.forms.iter().any(|f| f.tile.is_some())
    }

    /// Whether some form has this piece action.
    pub fn has_piece(&self, kind: PieceKind) -> bool {
        self.forms.iter().any(|f| f.piece == Some(kind))
    }

    /// Whether some form has this tile action.
    pub fn has_tile(&self, kind: TileKind) -> bool {
        self.forms.iter().any(|f| f.tile == Some(kind))
    }
}

impl FromStr for TurnForms {
    type Err = TurnFormError;

    /// Reads one form written with `?` for optional parts (which may stand for several
    /// fixed forms).
    fn from_str(text: &str) -> Result<TurnForms, TurnFormError> {
        TurnForms::from_forms(expand(text)?)
    }
}

/// One word of a form: an action, and whether it may be left out.
struct Word {
    action: &'static str,
    optional: bool,
}

/// The fixed forms a written form stands for.
fn expand(text: &str) -> Result<Vec<Form>, TurnFormError> {
    let fail = |reason: String| TurnFormError {
        form: text.to_string(),
        reason,
    };
    let mut words = Vec::new();
    for token in text.split_whitespace() {
        let (name, optional) = match token.strip_suffix('?') {
            Some(name) => (name, true),
            None => (token, false),
        };
        let action = ["flip", "place", "remove", "step", "merge", "split", "move"]
            .into_iter()
            .find(|&a| a == name)
            .ok_or_else(|| fail(format!("`{name}` is not an action ({ACTION_WORDS})")))?;
        words.push(Word { action, optional });
    }
    if words.is_empty() {
        return Err(fail("a form names at least one action".into()));
    }
    // Read the parts in their fixed order: flip, tile action, piece action.
    let mut rest = &words[..];
    let mut take = |names: &[&str]| -> Option<&Word> {
        let (first, tail) = rest.split_first()?;
        names.contains(&first.action).then(|| {
            rest = tail;
            first
        })
    };
    let flip = take(&["flip"]).map(|w| w.optional);
    let tile = take(&["place", "remove"]).map(|w| (w.action, w.optional));
    let step = take(&["step"]).map(|w| w.optional);
    let finish = take(&["merge", "split", "move"]).map(|w| (w.action, w.optional));
    if let Some(word) = rest.first() {
        return Err(fail(format!(
            "`{}` cannot come here: a turn is a flip, then a tile action (place or remove), \
             then a piece action (step, merge, split or move; a step may come before a merge or split), \
             each at most once",
            word.action
        )));
    }
    let flips: &[bool] = match flip {
        None => &[false],
        Some(false) => &[true],
        Some(true) => &[false, true],
    };
    let tile_kind = |a: &str| {
        if a == "place" {
            TileKind::Place
        } else {
            TileKind::Remove
        }
    };
    let tiles: Vec<Option<TileKind>> = match tile {
        None => vec![None],
        Some((a, false)) => vec![Some(tile_kind(a))],
        Some((a, true)) => vec![None, Some(tile_kind(a))],
    };
    let mut pieces: Vec<Option<PieceKind>> = Vec::new();
    match (step, finish) {
        (None, None) => pieces.push(None),
        (Some(optional), None) => {
            pieces.push(Some(PieceKind::Step));
            if optional {
                pieces.push(None);
            }
        }
        (step, Some((action, optional))) => {
            let (plain, stepped) = match action {
                "merge" => (PieceKind::Merge, Some(PieceKind::StepThenMerge)),
                "split" => (PieceKind::Split, Some(PieceKind::StepThenSplit)),
                _ => (PieceKind::Move, None),
            };
            match (step, stepped) {
                (None, _) => pieces.push(Some(plain)),
                (Some(_), None) => {
                    return Err(fail(
                        "a `move` carries its own step; `step` cannot come before it".into(),
                    ))
                }
                (Some(true), Some(s)) => pieces.extend([Some(plain), Some(s)]),
                (Some(false), Some(s)) => pieces.push(Some(s)),
            }
            if optional {
                pieces.push(None);
            }
        }
    }
    let mut forms = Vec::new();
    for &flip in flips {
        for &tile in &tiles {
            for &piece in &pieces {
                // A form whose every part was left out is no turn.
                if flip || tile.is_some() || piece.is_some() {
                    forms.push(Form { flip, tile, piece });
                }
            }
        }
    }
    Ok(forms)
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        if self.flip {
            words.push("flip");
        }
        match self.tile {
            Some(TileKind::Place) => words.push("place"),
            Some(TileKind::Remove) => words.push("remove"),
            None => {}
        }
        words.extend(match self.piece {
            Some(PieceKind::Step) => &["step"][..],
            Some(PieceKind::Merge) => &["merge"],
            Some(PieceKind::Split) => &["split"],
            Some(PieceKind::StepThenMerge) => &["step", "merge"],
            Some(PieceKind::StepThenSplit) => &["step", "split"],
            Some(PieceKind::Move) => &["move"],
            None => &[],
        });
        f.write_str(&words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(forms: &TurnForms) -> Vec<String> {
        forms.forms().iter().map(Form::to_string).collect()
    }

    #[test]
    fn optional_parts_expand() {
        let f: TurnForms = "flip? step? merge".parse().unwrap();
        assert_eq!(
            shown(&f),
            ["merge", "step merge", "flip merge", "flip step merge"]
        );
        let f: TurnForms = "place move?".parse().unwrap();
        assert_eq!(shown(&f), ["place", "place move"]);
        assert_eq!(f.groups().len(), 1);
        assert!(f.groups()[0].bare);
    }

    #[test]
    fn bad_forms_say_why() {
        for (text, reason) in [
            ("", "a form names at least one action"),
            ("merge flip", "`flip` cannot come here"),
            ("step move", "a `move` carries its own step"),
            ("place place", "`place` cannot come here"),
            ("jump", "`jump` is not an action"),
        ] {
            let error = text.parse::<TurnForms>().unwrap_err();
            assert!(error.reason.starts_with(reason), "{text}: {error}");
        }
        assert!("flip?".parse::<TurnForms>().is_ok());
        assert!(TurnForms::from_forms(Vec::new()).is_err());
    }
}
