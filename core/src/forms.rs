//! Turn forms: what a turn may be made of, as a ruleset writes it.
//!
//! A turn has up to three parts, always in this order: a **flip** of a tile, a **tile
//! action** (`place` a tile from the pool, or `remove` one), and a **piece action**
//! (`step` a stack, `merge` stacks, `split` a stack, `move` a single piece, or `drop` a
//! piece from the supply). A ruleset lists the forms its turns take, each a sequence of
//! action words, where `?` marks a part that may be left out; a merge or split may be
//! preceded by a step of the stack involved (`step? merge`).
//!
//! [`Action`] is the one table of actions: the words forms are read with, where each
//! stands in a turn, and its part of a turn text. A new action is an entry there, and the
//! compiler then names every place that must learn it (every `match` on it lists all).
//!
//! ```
//! use variant_run_core::TurnForms;
//! let truchet = TurnForms::parse(&["flip? step", "flip? step? merge", "flip? step? split"]).unwrap();
//! assert_eq!(truchet.len(), 10); // with or without a flip: 5 piece actions each
//! let trugo = TurnForms::parse(&["place", "remove", "move", "place move"]).unwrap();
//! assert!(trugo.has_tile_actions());
//! assert_eq!("flip? bounce".parse::<TurnForms>().unwrap_err().to_string(),
//!     "turn form `flip? bounce`: `bounce` is not an action (flip, place, remove, step, merge, split, move, drop)");
//! ```

use std::fmt;
use std::str::FromStr;

/// Every action a turn form can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Flip,
    Place,
    Remove,
    Step,
    Merge,
    Split,
    Move,
    Drop,
}

/// Where an action stands in a turn: the parts come in this order, each at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// A tile flipped first.
    Flip,
    /// A tile placed or removed.
    Tile,
    /// A whole stack's step: the piece action itself, or the step before a merge or split.
    Step,
    /// The piece action that ends a turn.
    Piece,
}

impl Action {
    /// Every action, in the order a turn's parts come.
    pub const ALL: [Action; 8] = [
        Action::Flip,
        Action::Place,
        Action::Remove,
        Action::Step,
        Action::Merge,
        Action::Split,
        Action::Move,
        Action::Drop,
    ];

    /// The word a turn form names it by.
    pub const fn word(self) -> &'static str {
        match self {
            Action::Flip => "flip",
            Action::Place => "place",
            Action::Remove => "remove",
            Action::Step => "step",
            Action::Merge => "merge",
            Action::Split => "split",
            Action::Move => "move",
            Action::Drop => "drop",
        }
    }

    /// Where it stands in a turn.
    pub const fn part(self) -> Part {
        match self {
            Action::Flip => Part::Flip,
            Action::Place | Action::Remove => Part::Tile,
            Action::Step => Part::Step,
            Action::Merge | Action::Split | Action::Move | Action::Drop => Part::Piece,
        }
    }

    /// What it does, in a line.
    pub const fn meaning(self) -> &'static str {
        match self {
            Action::Flip => "turns a tile with no piece on its corners to its next state",
            Action::Place => "lays a tile from the pool in an empty cell next to the patch",
            Action::Remove => "takes a tile away, with the pieces on junctions that go with it",
            Action::Step => "moves a whole stack along bands through empty junctions",
            Action::Merge => "moves stacks from neighbouring junctions onto one junction",
            Action::Split => "divides a stack into substacks on neighbouring junctions",
            Action::Move => "moves a single top piece through its region, perhaps one step further",
            Action::Drop => "puts a piece from the mover's supply on an empty junction",
        }
    }

    /// Its part of a turn text in the server syntax, as a pattern and an example.
    pub const fn text(self) -> (&'static str, &'static str) {
        match self {
            Action::Flip => ("<tile>: in front of the rest", "bc34:a1-d6"),
            Action::Place => ("<state>:<cell>", "b:c12"),
            Action::Remove => ("<cell>", "e6"),
            Action::Step => ("<from>-<to>", "a1-d6"),
            Action::Merge => ("<sources>-<target>", "c3,c5-c4"),
            Action::Split => ("<source>-<targets>, Nx for N pieces", "b4-b3,2xa4"),
            Action::Move => ("<from>-<to>", "b1e-c7w"),
            Action::Drop => ("[<kind>]*<junction>", "*c3"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Action {
    type Err = ();

    fn from_str(word: &str) -> Result<Action, ()> {
        Action::ALL.into_iter().find(|a| a.word() == word).ok_or(())
    }
}

/// A tile action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TileForm {
    Place,
    Remove,
}

impl TileForm {
    /// The tile action an action word names, if it is one.
    pub const fn of(action: Action) -> Option<TileForm> {
        match action {
            Action::Place => Some(TileForm::Place),
            Action::Remove => Some(TileForm::Remove),
            Action::Flip
            | Action::Step
            | Action::Merge
            | Action::Split
            | Action::Move
            | Action::Drop => None,
        }
    }

    pub const fn action(self) -> Action {
        match self {
            TileForm::Place => Action::Place,
            TileForm::Remove => Action::Remove,
        }
    }
}

/// A piece action, with the step that may come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceForm {
    Step,
    Merge,
    Split,
    StepThenMerge,
    StepThenSplit,
    Move,
    Drop,
}

impl PieceForm {
    /// The actions it is written with in a form.
    pub const fn actions(self) -> &'static [Action] {
        match self {
            PieceForm::Step => &[Action::Step],
            PieceForm::Merge => &[Action::Merge],
            PieceForm::Split => &[Action::Split],
            PieceForm::StepThenMerge => &[Action::Step, Action::Merge],
            PieceForm::StepThenSplit => &[Action::Step, Action::Split],
            PieceForm::Move => &[Action::Move],
            PieceForm::Drop => &[Action::Drop],
        }
    }

    /// The action that ends it (a merge after a step ends with the merge).
    pub const fn last(self) -> Action {
        let actions = self.actions();
        actions[actions.len() - 1]
    }

    /// Whether it moves whole stacks: the forms the generator makes from each stack's
    /// reach together.
    pub const fn moves_stacks(self) -> bool {
        match self {
            PieceForm::Step
            | PieceForm::Merge
            | PieceForm::Split
            | PieceForm::StepThenMerge
            | PieceForm::StepThenSplit => true,
            PieceForm::Move | PieceForm::Drop => false,
        }
    }
}

/// A set of piece actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceForms(u8);

impl PieceForms {
    pub fn contains(self, form: PieceForm) -> bool {
        self.0 & (1 << form as u8) != 0
    }

    pub fn insert(&mut self, form: PieceForm) {
        self.0 |= 1 << form as u8;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether any of these piece actions moves a whole stack along bands first (a step,
    /// alone or before a merge or split).
    pub fn steps(self) -> bool {
        self.contains(PieceForm::Step)
            || self.contains(PieceForm::StepThenMerge)
            || self.contains(PieceForm::StepThenSplit)
    }

    /// Whether any of them moves whole stacks (see [`PieceForm::moves_stacks`]).
    pub fn moves_stacks(self) -> bool {
        self.iter().any(PieceForm::moves_stacks)
    }

    /// The forms in the set, in their order.
    pub fn iter(self) -> impl Iterator<Item = PieceForm> {
        [
            PieceForm::Step,
            PieceForm::Merge,
            PieceForm::Split,
            PieceForm::StepThenMerge,
            PieceForm::StepThenSplit,
            PieceForm::Move,
            PieceForm::Drop,
        ]
        .into_iter()
        .filter(move |&f| self.contains(f))
    }
}

/// One form a turn can take, every part fixed (no `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form {
    pub flip: bool,
    pub tile: Option<TileForm>,
    pub piece: Option<PieceForm>,
}

impl Form {
    /// Its actions, in the order they are written.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let flip = self.flip.then_some(Action::Flip);
        let tile = self.tile.map(TileForm::action);
        let piece = self.piece.map_or(&[][..], PieceForm::actions);
        flip.into_iter().chain(tile).chain(piece.iter().copied())
    }
}

/// The forms of turn with the same flip and tile part, and the piece actions that may
/// follow them: what the generator enumerates together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormGroup {
    pub flip: bool,
    pub tile: Option<TileForm>,
    pub pieces: PieceForms,
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
    pub reason: TurnFormReason,
}

/// Why a turn form cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnFormReason {
    #[error("a ruleset needs at least one form of turn")]
    NoForms,
    #[error("a form names at least one action")]
    NoAction,
    #[error("`{0}` is not an action ({})", action_words())]
    NotAnAction(String),
    /// An action out of the fixed order of a turn's parts, or named twice.
    #[error(
        "`{0}` cannot come here: a turn is a flip, then a tile action (place or remove), \
         then a piece action (step, merge, split, move or drop; a step may come before a \
         merge or split), each at most once"
    )]
    OutOfPlace(Action),
    #[error("a `{0}` does not follow a step; `step` cannot come before it")]
    NotAfterStep(Action),
}

/// The action words, for messages: `flip, place, ...`.
fn action_words() -> String {
    Action::ALL.map(Action::word).join(", ")
}

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
                reason: TurnFormReason::NoForms,
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
                        pieces: PieceForms::default(),
                        bare: false,
                    });
                    groups.last_mut().expect("just pushed")
                }
            };
            match form.piece {
                Some(piece) => group.pieces.insert(piece),
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
    /// any, is `move` or `drop`: the generator gives each tile action once, then each
    /// movable piece once with each of its ends once, and each drop once. A step, merge
    /// or split can reach one change along several routes (a stack of one that steps or
    /// moves, a split that leaves a substack where it stood); flips are left out to keep
    /// the claim simple. The turn groups' tests hold it along random games.
    pub fn turns_never_coincide(&self) -> bool {
        self.forms.iter().all(|f| {
            !f.flip
                && match f.piece {
                    None | Some(PieceForm::Move) | Some(PieceForm::Drop) => true,
                    Some(
                        PieceForm::Step
                        | PieceForm::Merge
                        | PieceForm::Split
                        | PieceForm::StepThenMerge
                        | PieceForm::StepThenSplit,
                    ) => false,
                }
        })
    }

    /// Whether some form places or removes a tile.
    pub fn has_tile_actions(&self) -> bool {
        self.forms.iter().any(|f| f.tile.is_some())
    }

    /// Whether some form has this piece action.
    pub fn has_piece(&self, form: PieceForm) -> bool {
        self.forms.iter().any(|f| f.piece == Some(form))
    }

    /// Whether some form has this tile action.
    pub fn has_tile(&self, form: TileForm) -> bool {
        self.forms.iter().any(|f| f.tile == Some(form))
    }

    /// Whether some form names this action.
    pub fn has_action(&self, action: Action) -> bool {
        self.forms.iter().any(|f| f.actions().any(|a| a == action))
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
#[derive(Clone, Copy)]
struct Word {
    action: Action,
    optional: bool,
}

/// The fixed forms a written form stands for.
fn expand(text: &str) -> Result<Vec<Form>, TurnFormError> {
    let fail = |reason: TurnFormReason| TurnFormError {
        form: text.to_string(),
        reason,
    };
    let mut words = Vec::new();
    for token in text.split_whitespace() {
        let (name, optional) = match token.strip_suffix('?') {
            Some(name) => (name, true),
            None => (token, false),
        };
        let action: Action = name
            .parse()
            .map_err(|()| fail(TurnFormReason::NotAnAction(name.to_string())))?;
        words.push(Word { action, optional });
    }
    if words.is_empty() {
        return Err(fail(TurnFormReason::NoAction));
    }
    // Read the parts in their fixed order: flip, tile action, step, piece action.
    let mut rest = &words[..];
    let mut take = |part: Part| -> Option<Word> {
        let (first, tail) = rest.split_first()?;
        (first.action.part() == part).then(|| {
            rest = tail;
            *first
        })
    };
    let flip = take(Part::Flip).map(|w| w.optional);
    let tile = take(Part::Tile);
    let step = take(Part::Step).map(|w| w.optional);
    let finish = take(Part::Piece);
    if let Some(word) = rest.first() {
        return Err(fail(TurnFormReason::OutOfPlace(word.action)));
    }
    let flips: &[bool] = match flip {
        None => &[false],
        Some(false) => &[true],
        Some(true) => &[false, true],
    };
    let tiles: Vec<Option<TileForm>> = match tile.and_then(|w| Some((TileForm::of(w.action)?, w))) {
        None => vec![None],
        Some((
            form,
            Word {
                optional: false, ..
            },
        )) => vec![Some(form)],
        Some((form, Word { optional: true, .. })) => vec![None, Some(form)],
    };
    let pieces = piece_forms(step, finish).map_err(fail)?;
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

/// The piece actions a form's step and last piece word stand for (`None`: none).
fn piece_forms(
    step: Option<bool>,
    finish: Option<Word>,
) -> Result<Vec<Option<PieceForm>>, TurnFormReason> {
    let mut pieces: Vec<Option<PieceForm>> = Vec::new();
    let Some(finish) = finish else {
        if let Some(optional) = step {
            pieces.push(Some(PieceForm::Step));
            if optional {
                pieces.push(None);
            }
        } else {
            pieces.push(None);
        }
        return Ok(pieces);
    };
    let (plain, stepped) = match finish.action {
        Action::Merge => (PieceForm::Merge, Some(PieceForm::StepThenMerge)),
        Action::Split => (PieceForm::Split, Some(PieceForm::StepThenSplit)),
        Action::Move => (PieceForm::Move, None),
        Action::Drop => (PieceForm::Drop, None),
        // Only the piece part's actions get here.
        Action::Flip | Action::Place | Action::Remove | Action::Step => {
            unreachable!("`{}` is not a last piece action", finish.action)
        }
    };
    match (step, stepped) {
        (None, _) => pieces.push(Some(plain)),
        (Some(_), None) => return Err(TurnFormReason::NotAfterStep(finish.action)),
        (Some(true), Some(s)) => pieces.extend([Some(plain), Some(s)]),
        (Some(false), Some(s)) => pieces.push(Some(s)),
    }
    if finish.optional {
        pieces.push(None);
    }
    Ok(pieces)
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<&str> = self.actions().map(Action::word).collect();
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
            ("step move", "a `move` does not follow a step"),
            ("step drop", "a `drop` does not follow a step"),
            ("place place", "`place` cannot come here"),
            ("jump", "`jump` is not an action"),
        ] {
            let error = text.parse::<TurnForms>().unwrap_err();
            assert!(
                error.reason.to_string().starts_with(reason),
                "{text}: {error}"
            );
        }
        assert!("flip?".parse::<TurnForms>().is_ok());
        assert!(TurnForms::from_forms(Vec::new()).is_err());
    }
}
