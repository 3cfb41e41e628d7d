//! Where a script compares a game answer with a constant, right where it asks:
//! `game.pieces(next) == 0`, `game.pool == 0`, `0 < game.supply(p)`, or with a
//! `[params]` value asked for there: `game.quiet_turns >= game.param("limit")`.
//!
//! There the answer goes nowhere but into the comparison, so what the script does next
//! depends on the comparison alone, and a tape may write the comparison down instead of
//! the answer (see `memo.rs`): a count of 1 to 12 pieces is then one branch,
//! "not 0", instead of twelve, and the remembered tree learns in a handful of runs what
//! it would learn in hundreds. The places are found once, when the script is compiled,
//! from its syntax tree; at a call the `game` API looks its own place up.

use std::collections::{BTreeMap, BTreeSet};

use rhai::{Dynamic, Expr, Position, AST};

use super::questions::{Comparison, Constant, Op};

/// The comparisons of a ruleset's scripts, by the script and place of the question
/// compared (the method's or property's name).
#[derive(Clone, Debug, Default)]
pub struct ComparedSites {
    sites: BTreeMap<(String, usize, usize), Comparison>,
    /// The scripts looked at: a ruleset's own, and those they import (a function of an
    /// imported script runs with that script's name as its source).
    scripts: BTreeSet<String>,
}

impl ComparedSites {
    /// Whether the script of this source name has been looked at.
    pub fn has_script(&self, source: &str) -> bool {
        self.scripts.contains(source)
    }

    /// Finds the comparisons of a compiled script whose functions run with this source
    /// name.
    pub fn add_script(&mut self, source: &str, ast: &AST) {
        self.scripts.insert(source.to_string());
        ast.walk(&mut |path| {
            if let Some(rhai::ASTNode::Expr(Expr::FnCall(call, _))) = path.last() {
                if let (Some(op), [left, right]) = (op(&call.name), call.args.as_slice()) {
                    if call.op_token.is_some() {
                        self.add(source, op, left, right, false);
                        self.add(source, op, right, left, true);
                    }
                }
            }
            true
        });
    }

    /// Records `asked op constant` when `asked` is a question (`x.f(...)` or `x.p`) and
    /// `constant` a literal.
    fn add(&mut self, source: &str, op: Op, asked: &Expr, constant: &Expr, answer_right: bool) {
        let Expr::Dot(chain, _, _) = asked else {
            return;
        };
        let place = match &chain.rhs {
            Expr::MethodCall(_, place) | Expr::Property(_, place) => *place,
            _ => return,
        };
        let constant = match constant {
            Expr::IntegerConstant(i, _) => Constant::Int(*i),
            Expr::StringConstant(s, _) => Constant::Text(s.to_string()),
            Expr::BoolConstant(b, _) => Constant::Bool(*b),
            Expr::Dot(chain, _, _) => match param_asked(&chain.rhs) {
                Some(name) => Constant::Param(name),
                None => return,
            },
            _ => return,
        };
        if let Some(key) = key(Some(source), place) {
            self.sites.insert(
                key,
                Comparison {
                    op,
                    constant,
                    answer_right,
                },
            );
        }
    }

    /// Puts each param's value in place of its name, once the ruleset's `[params]` are
    /// known: a param does not change while the ruleset is loaded. A param that is no
    /// whole number, text or truth value, or none, stays a name that no answer matches.
    pub fn resolve_params(&mut self, params: &BTreeMap<String, Dynamic>) {
        for comparison in self.sites.values_mut() {
            if let Constant::Param(name) = &comparison.constant {
                if let Some(value) = params.get(name).and_then(Constant::of) {
                    comparison.constant = value;
                }
            }
        }
    }

    /// The comparison made of the answer asked at a place, if the script compares it
    /// there with a constant.
    pub fn at(&self, source: Option<&str>, place: Position) -> Option<&Comparison> {
        self.sites.get(&key(source, place)?)
    }
}

/// The name in `.param("name")`: a param is the same at every call while the ruleset
/// is loaded, so comparing with it is comparing with a constant.
fn param_asked(call: &Expr) -> Option<String> {
    let Expr::MethodCall(call, _) = call else {
        return None;
    };
    match call.args.as_slice() {
        [Expr::StringConstant(name, _)] if call.name == "param" => Some(name.to_string()),
        _ => None,
    }
}

fn key(source: Option<&str>, place: Position) -> Option<(String, usize, usize)> {
    Some((
        source.unwrap_or_default().to_string(),
        place.line()?,
        place.position()?,
    ))
}

fn op(name: &str) -> Option<Op> {
    Some(match name {
        "==" => Op::Eq,
        "!=" => Op::Ne,
        "<" => Op::Lt,
        "<=" => Op::Le,
        ">" => Op::Gt,
        ">=" => Op::Ge,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::script::questions::Answer;

    fn sites(script: &str) -> ComparedSites {
        let mut sites = ComparedSites::default();
        let ast = rhai::Engine::new().compile(script).unwrap();
        sites.add_script("rule.rhai", &ast);
        sites
    }

    #[test]
    fn comparisons_with_constants_are_found_where_the_question_is_asked() {
        let found = sites(
            "fn f(game) {\n    if game.pieces(\"x\") == 0 { return 1; }\n    \
             if 0 < game.pool { return 2; }\n    let n = game.tiles;\n    \
             if game.quiet_turns >= n { return 3; }\n}",
        );
        // Compared with a variable, or kept in one: the answer is written as it is.
        let lines: Vec<(&str, usize)> = found
            .sites
            .keys()
            .map(|(f, l, _)| (f.as_str(), *l))
            .collect();
        assert_eq!(lines, [("rule.rhai", 2), ("rule.rhai", 3)], "{found:?}");
        let mut comparisons = found.sites.values();
        let pieces = comparisons.next().unwrap();
        assert_eq!((pieces.op, pieces.answer_right), (Op::Eq, false));
        assert_eq!(pieces.apply(&Answer::Int(0)), Some(true));
        assert_eq!(pieces.apply(&Answer::Int(3)), Some(false));
        assert_eq!(pieces.apply(&Answer::Text("0".into())), None);
        // `0 < game.pool` is `game.pool > 0`.
        let pool = comparisons.next().unwrap();
        assert_eq!((pool.op, pool.answer_right), (Op::Lt, true));
        assert_eq!(pool.apply(&Answer::Int(5)), Some(true));
        assert_eq!(pool.apply(&Answer::Int(0)), Some(false));
    }

    /// A param asked for where it is compared is a constant; a param kept in a variable,
    /// or another method's answer, is not.
    #[test]
    fn comparisons_with_params_asked_there_are_found() {
        let found = sites(
            "fn f(game) {\n    if game.quiet_turns >= game.param(\"limit\") { return 1; }\n    \
             let n = game.param(\"limit\");\n    if game.quiet_turns >= n { return 2; }\n    \
             if game.tiles > game.pieces(\"x\") { return 3; }\n}",
        );
        let lines: Vec<usize> = found.sites.keys().map(|(_, l, _)| *l).collect();
        assert_eq!(lines, [2], "{found:?}");
        let quiet = found.sites.values().next().unwrap();
        assert_eq!(quiet.constant, Constant::Param("limit".into()));
        let with = |params: &[(&str, Dynamic)]| {
            let mut resolved = found.clone();
            resolved.resolve_params(
                &params
                    .iter()
                    .map(|(name, value)| (name.to_string(), value.clone()))
                    .collect(),
            );
            resolved.sites.into_values().next().unwrap()
        };
        let limit = with(&[("limit", Dynamic::from(100_i64))]);
        assert_eq!(limit.apply(&Answer::Int(99)), Some(false));
        assert_eq!(limit.apply(&Answer::Int(100)), Some(true));
        // A param that is no whole number, or none: the answer is written as it is.
        let text = with(&[("limit", Dynamic::from("x"))]);
        assert_eq!(text.apply(&Answer::Int(100)), None);
        assert_eq!(with(&[]).apply(&Answer::Int(100)), None);
    }
}
