//! `[[marks]]`: junctions the board draws marked (bases, goals), each set naming the
//! `[params]` list that the scripts read too.

use variant_run_core::Board;

use super::Lowering;
use crate::ruleset::config::VariantConfig;
use crate::ruleset::error::VariantError;
use crate::ruleset::JunctionMarks;

pub(super) fn marks(
    lowering: &Lowering,
    config: &VariantConfig,
    board: &Board,
) -> Result<Vec<JunctionMarks>, VariantError> {
    let mut marks = Vec::new();
    for (i, mark) in config.marks.iter().enumerate() {
        let at = format!("[[marks]] number {}", i + 1);
        let names = match config.params.get(&mark.param) {
            Some(toml::Value::Array(names)) => names,
            _ => {
                return Err(lowering.bad(format!(
                    "{at}: param = `{}` must name a list of junctions in [params]",
                    mark.param
                )))
            }
        };
        let mut junctions = Vec::new();
        for name in names {
            let j = name
                .as_str()
                .and_then(|n| board.junction_by_name(n))
                .ok_or_else(|| {
                    lowering.bad(format!(
                        "{at}: {name} in [params] {} is not a junction of this board",
                        mark.param
                    ))
                })?;
            junctions.push(j);
        }
        let brackets = match mark.brackets.chars().collect::<Vec<_>>()[..] {
            [open, close] => (open, close),
            _ => {
                return Err(lowering.bad(format!(
                    "{at}: brackets = `{}` must be two characters, such as \"[]\"",
                    mark.brackets
                )))
            }
        };
        marks.push(JunctionMarks {
            junctions,
            brackets,
            legend: mark.legend.clone(),
        });
    }
    Ok(marks)
}
