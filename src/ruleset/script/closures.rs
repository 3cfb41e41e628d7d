//! Anonymous functions (`|x| x + 1`) see their own parameters and variables only.
//!
//! Rhai's closures capture the variables they use from around them by making them
//! shared values, which the closure keeps alive: a map holding a closure that captured
//! the map is a reference cycle, never freed, and a chain of closures each calling the
//! one before overflowed the stack when it was dropped. The engine is built without
//! capturing (the `no_closure` feature), so a variable from outside an anonymous
//! function would only be missed when the function is called, perhaps deep into a game.
//! This check finds such a use when the ruleset loads, and points at it: an anonymous
//! function must get what it needs as a parameter, or curried (`Fn("f").curry(limit)`),
//! which copies the value.

use std::collections::BTreeSet;

use rhai::{ASTNode, Expr, Position, Stmt, AST};

/// Rhai names anonymous functions with this prefix.
const ANONYMOUS: &str = "anon$";

/// The first variable an anonymous function of this script uses without defining it: its
/// name and where it is used. Names of the script's functions are not variables (a bare
/// function name makes a function pointer), nor are names with a module path
/// (`outcome::WIN`).
pub(super) fn variable_from_outside(ast: &AST) -> Option<(String, Position)> {
    let functions: BTreeSet<&str> = ast.iter_fn_def().map(|f| f.name.as_str()).collect();
    for function in ast.iter_fn_def() {
        if !function.name.starts_with(ANONYMOUS) {
            continue;
        }
        // The function alone, so that a walk sees its body and nothing else.
        let mut alone = ast.clone_functions_only();
        alone.retain_functions(|_, _, name, _| name == function.name);
        let mut defined: BTreeSet<String> = function.params.iter().map(|p| p.to_string()).collect();
        let mut used: Vec<(String, Position)> = Vec::new();
        alone.walk(&mut |path: &[ASTNode]| {
            match path.last() {
                Some(ASTNode::Stmt(Stmt::Var(var, ..))) => {
                    defined.insert(var.0.name.to_string());
                }
                Some(ASTNode::Stmt(Stmt::For(each, ..))) => {
                    defined.insert(each.0.name.to_string());
                    if let Some(counter) = &each.1 {
                        defined.insert(counter.name.to_string());
                    }
                }
                Some(ASTNode::Stmt(Stmt::TryCatch(flow, ..))) => {
                    if let Expr::Variable(caught, ..) = &flow.expr {
                        defined.insert(caught.1.to_string());
                    }
                }
                Some(ASTNode::Expr(Expr::Variable(var, _, pos))) if var.2.is_empty() => {
                    used.push((var.1.to_string(), *pos));
                }
                _ => {}
            }
            true
        });
        if let Some(outside) = used
            .into_iter()
            .find(|(name, _)| !defined.contains(name) && !functions.contains(name.as_str()))
        {
            return Some(outside);
        }
    }
    None
}
