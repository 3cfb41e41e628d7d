//! Makes a big results folder from a small one, to measure `variant-run report` on a
//! million games without playing them: every game of a finished study, copied `COPIES`
//! times as games of a study `COPIES` times as long, split over `SHARDS` files as real
//! shards would be.
//!
//! ```text
//! cargo run --release --example many_results -- <results folder> <new folder> <copies> <shards>
//! ```
//!
//! The copies keep their seeds, so the games of the new study are not the ones its seeds
//! would play: the folder is for timing the merge only, and its report's figures are
//! those of the small study, weighted the same.

use std::error::Error;
use std::path::PathBuf;

use variant_run::study::merge::{gather, results_files};
use variant_run::study::results_file::{read_game, scan, GameLine, Header, ResultsWriter};
use variant_run::study::shard::Shard;

type Failure = Box<dyn Error + Send + Sync>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [from, to, copies, shards] = &args[..] else {
        return Err("usage: many_results <results folder> <new folder> <copies> <shards>".into());
    };
    let (copies, shards): (usize, usize) = (copies.parse()?, shards.parse()?);
    let files = results_files(&[PathBuf::from(from)])?;
    let gathered = gather(&files)?;
    if !gathered.missing().is_empty() {
        return Err(format!("{from}: the study is not complete").into());
    }
    let mut study = gathered.study().clone();
    let games: Vec<usize> = study.parts.iter().map(|p| p.games).collect();
    for part in &mut study.parts {
        part.games *= copies;
    }
    let to = PathBuf::from(to);
    std::fs::create_dir_all(&to)?;
    let writers = (1..=shards)
        .map(|k| {
            let shard = Shard { k, n: shards };
            ResultsWriter::open(&to.join(shard.file_name()), &Header::new(&study, shard))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for path in &files {
        let file = std::fs::File::open(path)?;
        let mut lines = Vec::new();
        scan(path, &mut |at| {
            lines.push(at);
            Ok(())
        })?;
        for at in lines {
            let line = read_game(&file, path, at)?;
            for copy in 0..copies {
                let mut game = line.game.clone();
                game.index += copy * games[line.part];
                let number = study.number(line.part, game.index);
                writers[number % shards].append(&GameLine {
                    part: line.part,
                    game,
                })?;
            }
        }
    }
    println!("{} games in {}", study.games(), to.display());
    Ok(())
}
