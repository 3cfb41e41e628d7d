//! Which games a shard plays: `--shard K/N`, or `--shard slurm` for the task of a Slurm
//! job array.

use std::fmt;

/// Shard `k` of `n` (from 1): the games whose study-wide number leaves `k - 1` divided
/// by `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl Shard {
    /// The whole study in one shard.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Whether the study-wide game `number` is one of this shard's.
    pub fn has(self, number: usize) -> bool {
        number % self.n == self.k - 1
    }

    /// How many of a study's `games` are this shard's.
    pub fn games_of(self, games: usize) -> usize {
        games / self.n + usize::from(games % self.n >= self.k)
    }

    /// The name of its results file in the results folder.
    pub fn file_name(self) -> String {
        format!("shard-{}-of-{}.jsonl", self.k, self.n)
    }

    /// Reads `K/N`, or `slurm`: the task of a Slurm job array, from the variables Slurm
    /// gives it (`SLURM_ARRAY_TASK_ID`, counted from `SLURM_ARRAY_TASK_MIN`, and
    /// `SLURM_ARRAY_TASK_COUNT`), looked up with `var`.
    ///
    /// # Errors
    /// Not one of those forms, K outside 1 to N, or a variable missing or not a number.
    pub fn parse(text: &str, var: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
        if text == "slurm" {
            return Shard::of_slurm(var);
        }
        let read = |n: &str| n.trim().parse::<usize>().ok();
        let shard = match text.split_once('/') {
            Some((k, n)) => read(k).zip(read(n)).map(|(k, n)| Shard { k, n }),
            None => None,
        }
        .ok_or_else(|| {
            format!("--shard {text}: not `K/N` (shard K of N, such as 2/4) or `slurm`")
        })?;
        if shard.n == 0 || shard.k == 0 || shard.k > shard.n {
            return Err(format!(
                "--shard {text}: K goes from 1 to N, such as 1/{n} to {n}/{n}",
                n = shard.n.max(1)
            ));
        }
        Ok(shard)
    }

    fn of_slurm(var: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let number = |name: &str| -> Result<Option<usize>, String> {
            match var(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("--shard slurm: {name}={v} is not a whole number")),
            }
        };
        let missing = |name: &str| {
            format!(
                "--shard slurm: {name} is not set; run it as a task of a job array \
                 (sbatch --array=1-N)"
            )
        };
        let id = number("SLURM_ARRAY_TASK_ID")?.ok_or_else(|| missing("SLURM_ARRAY_TASK_ID"))?;
        let count =
            number("SLURM_ARRAY_TASK_COUNT")?.ok_or_else(|| missing("SLURM_ARRAY_TASK_COUNT"))?;
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(1);
        let k = id.checked_sub(min).map(|k| k + 1);
        match k {
            Some(k) if (1..=count).contains(&k) => Ok(Shard { k, n: count }),
            _ => Err(format!(
                "--shard slurm: task {id} of an array of {count} tasks from {min}: the \
                 array must be one range without steps (sbatch --array=1-{count})"
            )),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn every_game_falls_in_exactly_one_shard() {
        for n in 1..7 {
            for games in 0..20 {
                let mut total = 0;
                for k in 1..=n {
                    let shard = Shard { k, n };
                    let mine = (0..games).filter(|&g| shard.has(g)).count();
                    assert_eq!(mine, shard.games_of(games), "{shard} of {games}");
                    total += mine;
                }
                assert_eq!(total, games);
                for g in 0..games {
                    assert_eq!((1..=n).filter(|&k| Shard { k, n }.has(g)).count(), 1);
                }
            }
        }
    }

    #[test]
    fn shards_read_from_the_command_line_and_from_slurm() {
        assert_eq!(Shard::parse("2/4", &none), Ok(Shard { k: 2, n: 4 }));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "1/2/3", ""] {
            assert!(Shard::parse(bad, &none).is_err(), "{bad}");
        }
        let slurm = |id: &'static str, min: Option<&'static str>| {
            move |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" => Some(id.to_string()),
                "SLURM_ARRAY_TASK_COUNT" => Some("4".to_string()),
                "SLURM_ARRAY_TASK_MIN" => min.map(String::from),
                _ => None,
            }
        };
        assert_eq!(
            Shard::parse("slurm", &slurm("3", Some("1"))),
            Ok(Shard { k: 3, n: 4 })
        );
        // An array counted from 0.
        assert_eq!(
            Shard::parse("slurm", &slurm("0", Some("0"))),
            Ok(Shard { k: 1, n: 4 })
        );
        assert!(Shard::parse("slurm", &slurm("5", Some("1"))).is_err());
        let message = Shard::parse("slurm", &none).unwrap_err();
        assert!(
            message.contains("SLURM_ARRAY_TASK_ID is not set"),
            "{message}"
        );
    }
}
