//! Import cycles, found before Rhai resolves any import: Rhai follows `import` statements
//! as it compiles a script into one self-contained unit, and a script that imports itself
//! (directly or through others) would recurse until the stack overflows.

use std::path::{Path, PathBuf};

use rhai::{ASTNode, Engine, Expr, Position, Stmt};

use super::host::display_name;
use crate::diagnostic::Diagnostic;

/// A script on the chain of imports being followed: its file, its text, and the import
/// statement that led to the next one.
struct Link {
    file: PathBuf,
    text: String,
}

/// Refuses a script whose imports lead back to a script already on the chain. Imports
/// are looked for where the host's module resolver looks (`dirs`, in order); one that is
/// not found there is left for Rhai to report.
///
/// # Errors
/// The import that closes a cycle, located in its file, with the chain in the message.
pub fn check_import_cycles(
    engine: &Engine,
    dirs: &[PathBuf],
    file: &Path,
    text: &str,
) -> Result<(), Diagnostic> {
    let mut chain = vec![Link {
        file: file.to_path_buf(),
        text: text.to_string(),
    }];
    follow(engine, dirs, &mut chain)
}

/// Depth first through the imports of the last script on the chain.
fn follow(engine: &Engine, dirs: &[PathBuf], chain: &mut Vec<Link>) -> Result<(), Diagnostic> {
    let last = chain
        .last()
        .expect("the chain starts with the script itself");
    // A script that does not compile is reported by the real compile, with its position.
    let Ok(ast) = engine.compile(&last.text) else {
        return Ok(());
    };
    let mut imports: Vec<(String, Position)> = Vec::new();
    ast.walk(&mut |path: &[ASTNode]| {
        if let Some(ASTNode::Stmt(Stmt::Import(import, pos))) = path.last() {
            if let Expr::StringConstant(name, _) = &import.0 {
                imports.push((name.to_string(), *pos));
            }
        }
        true
    });
    for (name, pos) in imports {
        let Some(found) = dirs
            .iter()
            .map(|dir| dir.join(format!("{name}.rhai")))
            .find(|p| p.is_file())
        else {
            continue;
        };
        let canonical = found.canonicalize().unwrap_or_else(|_| found.clone());
        let on_chain = chain.iter().any(|link| {
            link.file
                .canonicalize()
                .unwrap_or_else(|_| link.file.clone())
                == canonical
        });
        let importer = chain.last().expect("not empty");
        if on_chain {
            let mut names: Vec<String> = chain.iter().map(|l| display_name(&l.file)).collect();
            names.push(display_name(&found));
            let shown = display_name(&importer.file);
            let text: std::sync::Arc<str> = std::sync::Arc::from(importer.text.as_str());
            let diagnostic = Diagnostic::in_file(
                &shown,
                format!("import \"{name}\" closes a cycle: {}", names.join(" -> ")),
            );
            return Err(match pos.line() {
                Some(line) => diagnostic.at_line_column(
                    &text,
                    line,
                    pos.position(),
                    "a script cannot import itself, even through others",
                ),
                None => diagnostic,
            });
        }
        let Ok(text) = std::fs::read_to_string(&found) else {
            continue;
        };
        chain.push(Link { file: found, text });
        follow(engine, dirs, chain)?;
        chain.pop();
    }
    Ok(())
}
