//! A thing of the board or the rules as an error names it: its id, for a program to act
//! on, and its name, for the sentence a person reads.

use std::fmt;

use crate::{Board, Cell, CellId, GameModel, JunctionId, KindId};

/// An id with the name a message gives it (`c4`, `bc34`, `king`); shown as the name.
/// (The name is a boxed `str`, never grown: it keeps a turn's error small enough to
/// travel by value.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named<Id> {
    pub id: Id,
    pub name: Box<str>,
}

impl<Id> fmt::Display for Named<Id> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Board {
    /// A junction with its name (see [`Board::junction_name`]), for a message.
    pub fn named_junction(&self, j: JunctionId) -> Named<JunctionId> {
        Named {
            id: j,
            name: self.junction_name(j).into(),
        }
    }

    /// A tile's cell with its name (see [`Board::cell_name`]), for a message.
    pub fn named_cell(&self, cell: CellId) -> Named<CellId> {
        Named {
            id: cell,
            name: self.cell_name(cell).into(),
        }
    }

    /// A place of the lattice, on the board or not, with its spiral name (`c12`).
    pub fn named_place(&self, cell: Cell) -> Named<Cell> {
        Named {
            id: cell,
            name: crate::names::spiral(self.lattice(), cell).into(),
        }
    }
}

impl GameModel {
    /// A kind of piece with its name (`king`), for a message.
    pub fn named_kind(&self, kind: KindId) -> Named<KindId> {
        Named {
            id: kind,
            name: self.rules.kinds[usize::from(kind)].name.as_str().into(),
        }
    }
}
