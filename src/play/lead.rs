//! A lead in pieces' worth read as a chance of winning: how a search scores a position it
//! stops short of the end (a cut-off playout, a leaf of the robot's search), and how a
//! match reads the ruleset's evaluation as each side's chances along a game.

/// Material difference (in pieces) that scores about 0.73 for the side ahead: the scale
/// of the logistic curve.
const MATERIAL_SCALE: f64 = 2.0;

/// The chance a player `lead` pieces' worth ahead wins (a logistic curve: 0.5 when even,
/// about 0.73 two pieces ahead).
pub fn lead_chance(lead: f64) -> f64 {
    1.0 / (1.0 + (-lead / MATERIAL_SCALE).exp())
}
