//! What a scripted goal adds to a cut-off playout's lead when the ruleset has no
//! `evaluate` of its own.

use variant_run_core::Position;

use crate::play::game::GameError;
use crate::ruleset::Variant;

/// What a whole goal of the end rule is worth, in pieces, where a playout is cut off.
///
/// A ruleset with an `evaluate` says itself what a position is worth, goals included. One
/// without is scored by material, which cannot see a goal such as holding the other
/// side's bases until the game is won by it: then each side's progress toward the goals
/// its end rule asks about ([`crate::ruleset::goals`]) is added, a whole goal worth half
/// the pieces a side starts with (as the robot's appraisal weighs it, so three bases of
/// four needed put each at two pieces on a Truchet board of twelve).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct GoalWorth(f64);

impl GoalWorth {
    pub(super) fn of(variant: &Variant) -> GoalWorth {
        if variant.has_evaluation() || variant.goals().is_empty() {
            return GoalWorth(0.0);
        }
        let start = variant.start_with_first_tiles();
        GoalWorth(0.5 * f64::from(start.pieces(0) + start.supply(0)).max(1.0))
    }

    /// The first player's lead, in pieces' worth, where a playout from the tree's `leaf`
    /// was cut off at `cut`: material (or the ruleset's evaluation) at the cut, where
    /// the random turns have tested it, and each goal's progress at the cut too, unless
    /// random turns scatter it
    /// ([`crate::ruleset::goals::Goal::scattered_by_random_turns`], a chain): that is
    /// read at the leaf, where the search's own turns left it. Read at the cut, the
    /// connection design without its evaluation won 17 of 100 games against random by
    /// the chain; read at the leaf, 67 (BENCHMARKS.md). Bases read at the leaf lost the
    /// threats a random tail shows: mcts on truchet-boardspace then won 35 and lost 59
    /// of 100 against the search reading them at the cut.
    pub(super) fn lead(
        self,
        variant: &Variant,
        leaf: &Position,
        cut: &Position,
    ) -> Result<f64, GameError> {
        let evaluated = variant.evaluate(cut, 0)? as f64;
        if self.0 == 0.0 {
            return Ok(evaluated);
        }
        let goals = variant.goals();
        let progress = |player| -> f64 {
            goals
                .of(player)
                .map(|goal| {
                    let read_on = if goal.scattered_by_random_turns() {
                        leaf
                    } else {
                        cut
                    };
                    goal.progress(read_on)
                })
                .sum()
        };
        Ok(evaluated + self.0 * (progress(0) - progress(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without an `evaluate`, a cut-off playout counts the end rule's goals beside
    /// material: on Browne's board won by three of the other side's four bases, a base
    /// held is a third of a goal, and a goal is worth half the twelve pieces a side
    /// starts with, so it is two pieces ahead where material alone sees nothing.
    #[test]
    fn without_an_evaluation_a_base_held_counts_in_the_lead() {
        let dir = crate::ruleset::find_variant("tests/fixtures/goals/browne-bases").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        let worth = GoalWorth::of(&variant);
        assert_eq!(worth, GoalWorth(6.0));
        let tiles = ["rrrrrrr"; 7].join("/");
        let with_x_on = |row8: &str| {
            let text = format!(
                "{tiles} {row8}/......../......../o......./......../......../......../........ x"
            );
            variant.model.parse_position(&text).unwrap()
        };
        let (on_base, beside) = (with_x_on(".x......"), with_x_on("x......."));
        let lead = |position: &Position| worth.lead(&variant, position, position).unwrap();
        assert_eq!(variant.evaluate(&on_base, 0).unwrap(), 0, "even material");
        assert_eq!(lead(&beside), 0.0);
        assert!((lead(&on_base) - 2.0).abs() < 1e-9, "{}", lead(&on_base));
        // With an evaluation, the ruleset's own figure alone.
        let dir = crate::ruleset::find_variant("examples/designs/hex-bases").unwrap();
        assert_eq!(
            GoalWorth::of(&Variant::load(&dir, None).unwrap()),
            GoalWorth(0.0)
        );
    }

    /// A chain's progress is read where the tree's turns left it, a held base where the
    /// playout was cut off: with the same material at the cut, a chain scattered by the
    /// playout still counts, a base left in the playout does not.
    #[test]
    fn a_chain_counts_at_the_leaf_and_a_base_at_the_cut() {
        let tiles = ["rrrrrrr"; 7].join("/");
        let dir =
            crate::ruleset::find_variant("tests/fixtures/unaided/truchet-connection").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        let worth = GoalWorth::of(&variant);
        let at = |rows: &str| {
            variant
                .model
                .parse_position(&format!("{tiles} {rows} x"))
                .unwrap()
        };
        // x's home is the bottom edge (the last row): a column of four from it, or the
        // same four pieces along it.
        let column = at("......o./......../......../......../x......./x......./x......./x.......");
        let scattered =
            at("......o./......../......../......../......../......../......../x.x.x.x.");
        let lead = |leaf: &Position, cut: &Position| worth.lead(&variant, leaf, cut).unwrap();
        assert!(lead(&column, &column) > lead(&scattered, &scattered));
        assert_eq!(lead(&column, &scattered), lead(&column, &column));
        assert_eq!(lead(&scattered, &column), lead(&scattered, &scattered));

        let dir = crate::ruleset::find_variant("tests/fixtures/goals/browne-bases").unwrap();
        let variant = Variant::load(&dir, None).unwrap();
        let worth = GoalWorth::of(&variant);
        let at = |row8: &str| {
            let rows =
                format!("{row8}/......../......../o......./......../......../......../........");
            variant
                .model
                .parse_position(&format!("{tiles} {rows} x"))
                .unwrap()
        };
        let (on_base, beside) = (at(".x......"), at("x......."));
        assert_eq!(worth.lead(&variant, &on_base, &beside).unwrap(), 0.0);
        assert_eq!(worth.lead(&variant, &beside, &on_base).unwrap(), 2.0);
    }
}
