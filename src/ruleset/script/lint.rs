//! Checks of a compiled script that need no game: what it reads from `[params]`, and
//! whether its hooks take the arguments the host passes. A mistake here would otherwise
//! surface mid-game, or only in the one game that reaches the faulty line.

use std::collections::BTreeMap;

use rhai::{ASTNode, Dynamic, Expr, Position};

use super::host::{Script, ScriptHost};
use crate::diagnostic::Diagnostic;

/// The `[params]` names a script reads with a literal name, `game.param("limit")`, each
/// with the position of the call. Names built at run time (`` `${player}_targets` ``)
/// cannot be known before the game and are not listed.
fn params_read(script: &Script) -> Vec<(String, Position)> {
    let mut found = Vec::new();
    script.ast.walk(&mut |path: &[ASTNode]| {
        if let Some(ASTNode::Expr(Expr::MethodCall(call, pos) | Expr::FnCall(call, pos))) =
            path.last()
        {
            if call.name == "param" {
                if let Some(Expr::StringConstant(name, _)) = call.args.last() {
                    found.push((name.to_string(), *pos));
                }
            }
        }
        true
    });
    found
}

/// Refuses a script that reads a `[params]` entry the ruleset does not have.
///
/// # Errors
/// The first such read, pointing at the call, with the names there are.
pub fn check_params_read(
    host: &ScriptHost,
    script: &Script,
    params: &BTreeMap<String, Dynamic>,
) -> Result<(), Diagnostic> {
    for (name, pos) in params_read(script) {
        if params.contains_key(&name) {
            continue;
        }
        let known: Vec<&str> = params.keys().map(String::as_str).collect();
        let note = if known.is_empty() {
            "the ruleset has no [params] table".to_string()
        } else {
            format!("the [params] of this ruleset: {}", known.join(", "))
        };
        let diagnostic = Diagnostic::in_file(
            &script.file,
            format!("the script reads the param `{name}`, which [params] does not have"),
        );
        return Err(host
            .at_position(diagnostic, pos, "not in [params]")
            .with_note(note));
    }
    Ok(())
}

/// Where a script calls a function or method named `name`, by position.
fn calls_of(script: &Script, name: &str) -> Vec<Position> {
    let mut found = Vec::new();
    script.ast.walk(&mut |path: &[ASTNode]| {
        if let Some(ASTNode::Expr(Expr::MethodCall(call, pos) | Expr::FnCall(call, pos))) =
            path.last()
        {
            if call.name == name {
                found.push(*pos);
            }
        }
        true
    });
    found
}

/// Warns of a script that asks for the junction beyond a neighbour on a lattice where
/// none ever is (hexagons: no two neighbours of a junction lie on a line), so the rule
/// built on it would never fire.
pub fn lines_the_lattice_lacks(
    host: &ScriptHost,
    script: &Script,
    lattice: variant_run_core::Lattice,
) -> Vec<Diagnostic> {
    if lattice.neighbours_on_lines() {
        return Vec::new();
    }
    calls_of(script, "beyond")
        .into_iter()
        .map(|pos| {
            let diagnostic = Diagnostic::in_file(
                &script.file,
                format!(
                    "`beyond` is always \"\" on the {lattice} lattice: no two neighbours of a \
                     junction lie on a line there, so no piece is ever caught between two"
                ),
            );
            host.at_position(diagnostic, pos, "never a junction here")
                .with_note(
                    "the lattice's lines join junctions of one colour two sides apart: \
                     `game.ray` and `game.lines` follow them"
                        .to_string(),
                )
                .warning()
        })
        .collect()
}

/// Checks that a script defines a hook with these parameters (their names are only for
/// the message); a hook of the right name that takes another number is pointed at.
///
/// # Errors
/// The function is missing, or takes another number of parameters.
pub fn require_hook(
    host: &ScriptHost,
    script: &Script,
    name: &str,
    params: &[&str],
) -> Result<(), Diagnostic> {
    if ScriptHost::defines(script, name, params.len()) {
        return Ok(());
    }
    let wanted = params.join(", ");
    let defined = script
        .ast
        .iter_functions()
        .find(|f| f.name == name)
        .map(|f| f.params.len());
    match defined {
        Some(n) => Err(host.at_definition(
            Diagnostic::in_file(
                &script.file,
                format!(
                    "`{name}` takes {n} argument{}, but it is called with {}: \
                     `fn {name}({wanted})`",
                    if n == 1 { "" } else { "s" },
                    params.len()
                ),
            ),
            name,
        )),
        None => Err(Diagnostic::in_file(
            &script.file,
            format!("the script must define `fn {name}({wanted})`"),
        )),
    }
}
