//! Boards of every geometry the core carries: junctions, adjacency and regions. Expected
//! numbers are worked out by hand in the comments, not read off the code.

use variant_run_core::testing::square_tiles;
use variant_run_core::{Board, Cell, Colour, Lattice, TileSet};

/// The default hexagonal Truchet tile: state 0 joins the three dark corners (north-east,
/// south, north-west), state 1 the three light ones.
fn hex_tiles() -> TileSet {
    TileSet::new(
        Lattice::Hex,
        &[("0", &[&["ne", "s", "nw"]]), ("1", &[&["n", "se", "sw"]])],
    )
    .unwrap()
}

/// The Trugo tile: one axis of opposite corners cut off, the other corners joined in a
/// dark pair and a light pair.
fn trugo_tiles() -> TileSet {
    TileSet::new(
        Lattice::Hex,
        &[
            ("a", &[&["ne", "nw"], &["se", "sw"]]),
            ("b", &[&["s", "nw"], &["n", "se"]]),
            ("c", &[&["ne", "s"], &["n", "sw"]]),
        ],
    )
    .unwrap()
}

/// How many junctions have 0, 1, 2, ... neighbours.
fn degree_counts(board: &Board) -> [usize; 7] {
    let mut counts = [0; 7];
    for j in 0..board.junction_count() as u16 {
        counts[board.neighbours(j).len()] += 1;
    }
    counts
}

fn region_count(board: &Board, tiles: &[u8]) -> usize {
    board.regions(tiles).into_iter().max().map_or(0, |m| m + 1)
}

#[test]
fn three_tile_patch_has_one_junction_where_all_three_meet() {
    // Three mutually adjacent hexagons meet at exactly one corner.
    let cells = vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1)];
    let patch = Board::new(Lattice::Hex, cells.clone(), trugo_tiles(), 3).unwrap();
    assert_eq!(patch.junction_count(), 1);
    assert!(
        patch.neighbours(0).is_empty(),
        "a lone junction has no neighbour"
    );
    assert_eq!(region_count(&patch, &[0, 1, 2]), 1);
    // The common corner is the first cell's north-east corner, which is dark.
    assert_eq!(patch.junction(0).vertex, Lattice::Hex.corners(cells[0])[1]);
    assert_eq!(patch.junction(0).colour, Colour::Dark);

    // Counting every corner instead: 18 corner slots, the triple corner counted three
    // times and the outer end of each of the three shared sides twice: 18 - 2 - 3 = 13.
    let all = Board::new(Lattice::Hex, cells, trugo_tiles(), 1).unwrap();
    assert_eq!(all.junction_count(), 13);
}

#[test]
fn a_patch_grows_and_shrinks_cell_by_cell() {
    // Two tiles share a side but no corner of three: no junction yet.
    let two = Board::new(
        Lattice::Hex,
        vec![Cell::new(0, 0), Cell::new(1, 0)],
        trugo_tiles(),
        3,
    );
    assert_eq!(two.err(), Some(variant_run_core::BoardError::NoJunctions));
    let three = Board::new(
        Lattice::Hex,
        vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1)],
        trugo_tiles(),
        3,
    )
    .unwrap();
    // A fourth tile touching two of them at their lower shared corner makes a second
    // junction, adjacent to the first across the side the first two tiles share.
    let four = three.with_cell(Cell::new(1, -1)).unwrap();
    assert_eq!(four.junction_count(), 2);
    assert_eq!(four.neighbours(0), [1]);
    assert_ne!(four.junction(0).colour, four.junction(1).colour);
    // Removing it again leaves the one junction; removing a tile not there is an error.
    let back = four.without_cell(Cell::new(1, -1)).unwrap();
    assert_eq!(back.junction_count(), 1);
    assert!(back.without_cell(Cell::new(5, 5)).is_err());
    assert!(four.with_cell(Cell::new(0, 0)).is_err());
}

#[test]
fn seven_cell_hex_board_has_24_junctions_and_30_sides() {
    let board = Board::new(Lattice::Hex, Lattice::Hex.shape(2), hex_tiles(), 1).unwrap();
    // 6 s^2 junctions on 4 s rows.
    assert_eq!(board.junction_count(), 24);
    assert_eq!(board.row_count(), 8);
    // 42 cell sides, 12 of them shared (6 centre-ring, 6 ring-ring): 30 edge links,
    // degree sum 60 over 24 junctions: 12 junctions of degree 3 and 12 of degree 2.
    assert_eq!(degree_counts(&board), [0, 0, 12, 12, 0, 0, 0]);
    // 4 s - 1 columns, named from `a`; rows from 1 at the bottom, which is dark.
    assert_eq!(board.column_count(), 7);
    for j in board.junction_rows().last().unwrap() {
        assert_eq!(board.junction(*j).colour, Colour::Dark);
    }
    // Adjacent junctions always differ in colour.
    for j in 0..24u16 {
        for &n in board.neighbours(j) {
            assert_ne!(board.junction(j).colour, board.junction(n).colour);
        }
    }
}

#[test]
fn hex_regions_follow_the_bands() {
    let board = Board::new(Lattice::Hex, Lattice::Hex.shape(2), hex_tiles(), 1).unwrap();
    // All tiles 0: every cell joins its three dark corners. Each dark corner of the centre
    // is shared with two ring cells, so all 12 dark junctions form one region, and the 12
    // light junctions, joined by nothing, are 12 regions: 13.
    assert_eq!(region_count(&board, &[0; 7]), 13);
    // All tiles 1: the same with the colours swapped.
    assert_eq!(region_count(&board, &[1; 7]), 13);
    // A region never mixes colours.
    let regions = board.regions(&[0, 1, 0, 1, 1, 0, 1]);
    for a in 0..24u16 {
        for b in 0..24u16 {
            if regions[a as usize] == regions[b as usize] {
                assert_eq!(board.junction(a).colour, board.junction(b).colour);
            }
        }
    }
}

#[test]
fn seven_tile_trugo_patch_has_a_ring_of_six_junctions() {
    // Only the centre's corners are shared by three tiles (the centre and two ring cells).
    let board = Board::new(Lattice::Hex, Lattice::Hex.shape(2), trugo_tiles(), 3).unwrap();
    assert_eq!(board.junction_count(), 6);
    // They are joined by the centre's six sides: a ring, each with two neighbours.
    assert_eq!(degree_counts(&board), [0, 0, 6, 0, 0, 0, 0]);
    // A ring cell has only two of the six junctions, adjacent corners of different
    // colours, which no band joins; only the centre's tile links junctions. In state `a`
    // it joins ne-nw and se-sw and cuts n and s off: 4 regions, whatever the ring holds.
    assert_eq!(region_count(&board, &[0; 7]), 4);
    assert_eq!(region_count(&board, &[0, 1, 2, 1, 2, 1, 2]), 4);
}

#[test]
fn square_board_junctions_names_and_diagonal_regions() {
    let board = Board::new(Lattice::Square, Lattice::Square.shape(7), square_tiles(), 1).unwrap();
    assert_eq!(board.junction_count(), 64);
    assert_eq!(board.junction_name(0), "a1");
    assert_eq!(board.junction_by_name("h8"), Some(63));
    assert_eq!(board.junction_by_name("i1"), None);
    assert_eq!(
        board.cell_name(board.cell_id(Cell::new(1, 2)).unwrap()),
        "bc34"
    );
    assert_eq!(board.cell_by_name("bc34"), board.cell_id(Cell::new(1, 2)));
    // Corners have 2 neighbours, other edge junctions 3, inner ones 4.
    assert_eq!(degree_counts(&board), [0, 0, 4, 24, 36, 0, 0]);
    // a1 is dark, and colours alternate along every edge.
    assert_eq!(board.junction(0).colour, Colour::Dark);
    // Every tile `r` joins south-west to north-east: regions are the 15 rising diagonals.
    assert_eq!(region_count(&board, &[0; 49]), 15);
}

#[test]
fn big_boards_name_columns_past_z() {
    assert_eq!(Board::column_name(25), "z");
    assert_eq!(Board::column_name(26), "aa");
    let board = Board::new(
        Lattice::Square,
        Lattice::Square.shape(27),
        square_tiles(),
        1,
    )
    .unwrap();
    let last = board.junction_count() as u16 - 1;
    assert_eq!(board.junction_name(last), "ab28");
    assert_eq!(board.junction_by_name("ab28"), Some(last));
    assert_eq!(
        board.cell_name(board.cell_id(Cell::new(8, 9)).unwrap()),
        "ij1011"
    );
}
