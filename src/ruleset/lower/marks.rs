//! `[[marks]]`: junctions the board draws marked (bases, goals), each set naming the
//! `[params]` list that the scripts read too.

use crate::printable::printable;
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
        let names = match config.params.get(&mark.param) {
            Some(toml::Value::Array(names)) => names,
            _ => {
                let lists: Vec<&str> = config
                    .params
                    .iter()
                    .filter(|(_, v)| v.is_array())
                    .map(|(k, _)| k.as_str())
                    .collect();
                return Err(lowering.bad_labelled(
                    &format!("marks[{i}].param"),
                    format!(
                        "[[marks]] param = \"{}\" must name a list of junctions in [params] \
                         ({})",
                        mark.param,
                        if lists.is_empty() {
                            "[params] has no lists".to_string()
                        } else {
                            format!("its lists: {}", lists.join(", "))
                        }
                    ),
                    "not a list in [params]",
                ));
            }
        };
        let mut junctions = Vec::new();
        for (k, name) in names.iter().enumerate() {
            let j = name
                .as_str()
                .and_then(|n| board.junction_by_name(n))
                .ok_or_else(|| {
                    lowering.bad_labelled(
                        &format!("params.{}[{k}]", mark.param),
                        format!(
                            "{name} in [params] {} (marked by [[marks]] #{}) is not a junction \
                             of this board",
                            mark.param,
                            i + 1
                        ),
                        "not a junction",
                    )
                })?;
            junctions.push(j);
        }
        let brackets = match mark.brackets.chars().collect::<Vec<_>>()[..] {
            [open, close] => (open, close),
            _ => {
                return Err(lowering.bad_labelled(
                    &format!("marks[{i}].brackets"),
                    format!(
                        "[[marks]] brackets = \"{}\" must be two characters, such as \"[]\"",
                        mark.brackets
                    ),
                    "not two characters",
                ))
            }
        };
        marks.push(JunctionMarks {
            junctions,
            brackets,
            legend: printable(&mark.legend).into_owned(),
        });
    }
    Ok(marks)
}
