//! Support for tests of the core: models built without TOML. Rulesets are built by the
//! variant host from TOML; these exist so the core and its independent reference can be
//! tested without it.

use crate::{
    Board, CaptureTable, Colour, DropTo, GameModel, Lattice, Outcome, PieceKind, PlacementRule,
    PlayerSpec, Position, Referee, RemovalRule, Rules, TakenPieces, TileSet, TurnForms,
};

/// Truchet's turn: an optional flip, then a step, or a merge or split with an optional
/// step first.
pub const TRUCHET_FORMS: [&str; 3] = ["flip? step", "flip? step? merge", "flip? step? split"];

/// The forms of Truchet's turn.
pub fn truchet_forms() -> TurnForms {
    TurnForms::parse(&TRUCHET_FORMS).expect("valid forms")
}

/// A referee that never ends a game and has no after-turn rules, so perft counts every
/// sequence.
pub struct Endless;

impl Referee for Endless {
    type Error = ();
    fn outcome(&self, _: &GameModel, _: &Position) -> Result<Option<Outcome>, ()> {
        Ok(None)
    }
}

/// The two-state square tile: `r` joins south-west and north-east, `l` north-west and
/// south-east.
pub fn square_tiles() -> TileSet {
    TileSet::new(
        Lattice::Square,
        &[("r", &[&["sw", "ne"]]), ("l", &[&["nw", "se"]])],
    )
    .expect("valid tile set")
}

/// A model on `board` with every turn part, stacks at most 4 high, the given players
/// (letter and colour, the first to move first) and capture rule.
pub fn model(
    board: Board,
    players: [(char, Colour); 2],
    capture: impl Fn(u8, u8, bool) -> bool,
) -> GameModel {
    let table = CaptureTable::tabulate(4, |a, d, home| Ok::<_, ()>(capture(a, d, home)))
        .expect("infallible");
    let rules = Rules {
        players: players.map(|(letter, colour)| PlayerSpec { letter, colour }),
        forms: truchet_forms(),
        max_height: 4,
        capture: table,
        placement: PlacementRule::default(),
        removal: RemovalRule::default(),
        kinds: vec![PieceKind::plain()],
        drop_to: DropTo::Any,
        taken: TakenPieces::Out,
        counters: Vec::new(),
        keep_last_turn: false,
    };
    GameModel::new(board, rules)
}

/// Trugo's tile: the placement letter names the axis whose two corners are cut off.
pub fn trugo_tiles() -> TileSet {
    TileSet::new(
        Lattice::HexFlat,
        &[
            ("a", &[&["nw", "sw"], &["ne", "se"]]),
            ("b", &[&["e", "nw"], &["w", "se"]]),
            ("c", &[&["e", "sw"], &["ne", "w"]]),
        ],
    )
    .expect("valid tile set")
}

/// A tile of two bands for any lattice: on squares Truchet's, on hexagons Trugo's.
pub fn trugo_tiles_for(lattice: Lattice) -> TileSet {
    match lattice {
        Lattice::Square => square_tiles(),
        Lattice::HexFlat => trugo_tiles(),
        Lattice::Hex => TileSet::new(
            Lattice::Hex,
            &[("0", &[&["ne", "s", "nw"]]), ("1", &[&["n", "se", "sw"]])],
        )
        .expect("valid tile set"),
    }
}

/// A model of Trugo's board and turns (placement, removal, piece moves, stacks of two),
/// without its capture and end rules, which live in the ruleset's scripts.
pub fn trugo_model() -> GameModel {
    let board = Board::patch(Lattice::HexFlat, Vec::new(), trugo_tiles(), 3).expect("empty patch");
    let rules = Rules {
        players: [('o', Colour::Light), ('x', Colour::Dark)]
            .map(|(letter, colour)| PlayerSpec { letter, colour }),
        forms: TurnForms::parse(&["place", "remove", "move"]).expect("valid forms"),
        max_height: 2,
        capture: CaptureTable::never(2),
        placement: PlacementRule::OWNERS_SUPPLY,
        removal: RemovalRule {
            free_sides: 3,
            keep_connected: true,
            when_pool_empty: true,
        },
        kinds: vec![PieceKind::plain()],
        drop_to: DropTo::Any,
        taken: TakenPieces::Out,
        counters: Vec::new(),
        keep_last_turn: false,
    };
    GameModel::new(board, rules)
}

/// A square `size` x `size` model with players `x` (dark) and `o` (light) and the given
/// capture rule.
pub fn square_model(size: u32, capture: impl Fn(u8, u8, bool) -> bool) -> GameModel {
    let board = Board::new(
        Lattice::Square,
        Lattice::Square.shape(size),
        square_tiles(),
        1,
    )
    .expect("valid board");
    model(board, [('x', Colour::Dark), ('o', Colour::Light)], capture)
}

/// Seeded random games for the core's own unit tests.
#[cfg(test)]
pub(crate) mod games {
    use crate::{GameModel, Position, Stack};

    /// An empty patch of `model` with `pool` tiles to place and `pieces` for each player
    /// to receive, the first player to move.
    pub fn empty_patch(model: &GameModel, pool: u32, pieces: u32) -> Position {
        let mut position = Position::empty(&model.board, 0);
        position.set_pool(pool);
        position.set_supply(0, pieces);
        position.set_supply(1, pieces);
        position
    }

    /// A small generator of seeded draws (the core has no random crate).
    pub struct Draws(pub u64);

    impl Draws {
        pub fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// Plays seeded random games from an empty patch with `pool` tiles and `pieces`
    /// for each player, at most `turns` turns each, and shows `visit` every position
    /// reached once with each side to move, so both players' turns are checked there.
    pub fn each_mover_along_games(
        model: &GameModel,
        seeds: std::ops::Range<u64>,
        (pool, pieces): (u32, u32),
        turns: usize,
        mut visit: impl FnMut(&Position),
    ) {
        for seed in seeds {
            let mut draws = Draws(seed);
            let mut position = empty_patch(model, pool, pieces);
            for _ in 0..turns {
                for side in 0..2 {
                    let mut mover = position.clone();
                    mover.set_side(side);
                    visit(&mover);
                }
                let mut choose = |n: usize| draws.below(n);
                let Some(delta) = model.random_turn(&position, &mut choose) else {
                    break;
                };
                model.apply(&mut position, &delta);
            }
        }
    }

    /// Browne's start on a random layout: each side on its colour in its nearest rows.
    pub fn start(model: &GameModel, draws: &mut Draws) -> Position {
        let board = &model.board;
        let mut position = Position::empty(board, 0);
        let states = board.tiles().len();
        for cell in 0..board.cell_count() as u16 {
            position.set_tile(cell, draws.below(states) as u8);
        }
        let rows = board.row_count();
        let half = (rows - 2) / 2;
        for j in 0..board.junction_count() as u16 {
            let junction = board.junction(j);
            let row = junction.row as usize;
            for player in 0..2u8 {
                let near = if player == 0 {
                    row < half
                } else {
                    row >= rows - half
                };
                if model.rules.colour_of(player) == junction.colour && near {
                    position.set_stack(j, Stack::new(player, 1));
                }
            }
        }
        position
    }

    /// Positions along a random game from `start` (each turn drawn among the distinct
    /// ones), at most `turns` of them.
    pub fn along_a_game(model: &GameModel, seed: u64, turns: usize) -> Vec<Position> {
        let mut draws = Draws(seed.wrapping_mul(97).wrapping_add(13));
        let mut position = start(model, &mut draws);
        let mut out = vec![position.clone()];
        for _ in 0..turns {
            let deltas = model.distinct_deltas(&position);
            if deltas.is_empty() {
                break;
            }
            model.apply(&mut position, &deltas[draws.below(deltas.len())]);
            out.push(position.clone());
        }
        out
    }
}
