//! A ruleset's fingerprint: a hash of the texts it was read from (its `variant.toml`,
//! those it extends, every script and everything the scripts import).
//!
//! A study's results files carry the fingerprint of each ruleset they played, so games
//! played by a shard on one machine are merged with another shard's only if both played
//! the same rules, and a report is drawn only with the rules its games were played by.
//!
//! Only the texts count, not where they lie: the same checkout at another path (another
//! machine of a cluster) has the same fingerprint. A change of a single character in any
//! of the files, a comment included, makes another one; that errs on the safe side, as
//! a comment cannot be told from a rule without reading it.

use sha2::{Digest, Sha256};

/// The fingerprint of a ruleset read from these TOML texts (the ruleset's own first,
/// then those it extends) and these script texts (in any order): SHA-256, as 16
/// hexadecimal digits (64 bits: no two versions of one ruleset meet by chance).
pub fn of_files<'t>(
    tomls: impl Iterator<Item = &'t str>,
    scripts: &[std::sync::Arc<str>],
) -> String {
    let mut hash = Sha256::new();
    let mut part = |kind: &[u8], text: &str| {
        // Each text with its kind and length first, so no two lists of texts read
        // alike when strung together.
        hash.update(kind);
        hash.update((text.len() as u64).to_le_bytes());
        hash.update(text.as_bytes());
    };
    for toml in tomls {
        part(b"toml", toml);
    }
    // The scripts are known by their paths, which differ between machines: sorted by
    // their texts instead.
    let mut scripts: Vec<&str> = scripts.iter().map(|s| &**s).collect();
    scripts.sort_unstable();
    scripts.dedup();
    for script in scripts {
        part(b"rhai", script);
    }
    let digest = hash.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_same_texts_anywhere_give_the_same_fingerprint_and_any_change_another() {
        let scripts: Vec<Arc<str>> = vec!["fn end(game) { () }".into(), "// b".into()];
        let swapped: Vec<Arc<str>> = scripts.iter().rev().cloned().collect();
        let base = of_files(["name = \"a\""].into_iter(), &scripts);
        assert_eq!(base, of_files(["name = \"a\""].into_iter(), &swapped));
        assert_eq!(base.len(), 16);
        assert_ne!(base, of_files(["name = \"b\""].into_iter(), &scripts));
        assert_ne!(base, of_files(["name = \"a\"", ""].into_iter(), &scripts));
        let edited: Vec<Arc<str>> = vec!["fn end(game) { () }".into(), "// c".into()];
        assert_ne!(base, of_files(["name = \"a\""].into_iter(), &edited));
        // A text moved from the TOML to a script is another ruleset.
        assert_ne!(
            of_files(["x"].into_iter(), &[]),
            of_files(std::iter::empty(), &["x".into()])
        );
    }
}
