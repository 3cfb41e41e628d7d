//! No function over 100 lines and no file over 1,000 in the code (`src/`, `core/src/`):
//! a function longer than a screen or two does several things, and a file longer than
//! a thousand lines holds several concepts. Tests are free of both limits, and so is a
//! generated table (a file whose first line says `@generated`, the convention rustfmt
//! and code generators share; none is in the code today).
//!
//! A function is counted from the line of its `fn` to the line of its closing brace.
//! The braces are read from the code alone: the text is first scanned into its tokens'
//! kinds, and the insides of comments (`//`, nested `/* */`), string literals (plain,
//! byte, raw `r#"…"#`) and char literals (`'{'`, but not the lifetime `'a`) are blanked,
//! so a `"{"` in a message or a `'}'` in a parser neither opens nor closes anything.

use std::path::{Path, PathBuf};

/// The longest a function may be, in lines from its `fn` to its closing brace.
const MOST_FUNCTION_LINES: usize = 100;
/// The longest a file may be, in lines.
const MOST_FILE_LINES: usize = 1_000;

/// `text` with the inside of every comment, string literal and char literal replaced by
/// spaces (line breaks kept, so lines still count as in the file): what is left is code.
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut at = 0;
    while at < chars.len() {
        let end = match chars[at] {
            '/' if chars.get(at + 1) == Some(&'/') => line_comment_end(&chars, at),
            '/' if chars.get(at + 1) == Some(&'*') => block_comment_end(&chars, at),
            '"' => string_end(&chars, at + 1),
            '\'' => char_literal_end(&chars, at),
            'r' | 'b' | 'c' if starts_token(&chars, at) => raw_string_end(&chars, at),
            _ => None,
        };
        match end {
            Some(end) => {
                // Blanked, line breaks kept.
                code.extend(
                    chars[at..end]
                        .iter()
                        .map(|&c| if c == '\n' { c } else { ' ' }),
                );
                at = end;
            }
            None => {
                code.push(chars[at]);
                at += 1;
            }
        }
    }
    code
}

fn is_identifier_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether the character at `at` begins a token (is not inside a name such as `for`).
fn starts_token(chars: &[char], at: usize) -> bool {
    at == 0 || !is_identifier_char(chars[at - 1])
}

/// A `//` comment runs to its line's end (the break itself is code).
fn line_comment_end(chars: &[char], at: usize) -> Option<usize> {
    Some(
        (at..chars.len())
            .find(|&i| chars[i] == '\n')
            .unwrap_or(chars.len()),
    )
}

/// A `/* */` comment may hold others: it ends where its own nesting does.
fn block_comment_end(chars: &[char], at: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = at;
    while i + 1 < chars.len() {
        match (chars[i], chars[i + 1]) {
            ('/', '*') => {
                depth += 1;
                i += 2;
            }
            ('*', '/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    Some(chars.len())
}

/// The end of a string whose text begins at `from` (after its opening quote): escapes
/// (`\"`, `\\`) do not close it.
fn string_end(chars: &[char], from: usize) -> Option<usize> {
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    Some(chars.len())
}

/// A quote begins a char literal (`'{'`, `'\''`, `'\u{7d}'`) when an escape follows it
/// or a single character and a closing quote do; otherwise it begins a lifetime or a
/// label (`'a`, `'static`, `'outer:`), which is code.
fn char_literal_end(chars: &[char], at: usize) -> Option<usize> {
    match chars.get(at + 1)? {
        '\\' => {
            let close = (at + 3..chars.len()).find(|&i| chars[i] == '\'')?;
            Some(close + 1)
        }
        _ if chars.get(at + 2) == Some(&'\'') => Some(at + 3),
        _ => None,
    }
}

/// A literal with a prefix: raw strings (`r"…"`, `r#"…"#`, `br#"…"#`, `cr"…"`), byte
/// and C strings (`b"…"`, `c"…"`) and byte chars (`b'{'`). A raw identifier (`r#type`)
/// or any other name is code.
fn raw_string_end(chars: &[char], at: usize) -> Option<usize> {
    let mut i = at;
    if matches!(chars[i], 'b' | 'c') {
        i += 1;
        match chars.get(i)? {
            '"' => return string_end(chars, i + 1),
            '\'' if chars[at] == 'b' => return char_literal_end(chars, i),
            'r' => {}
            _ => return None,
        }
    }
    // At the `r` of a raw string: hashes, a quote, the text, a quote and as many hashes.
    i += 1;
    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
    i += hashes;
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"'
            && chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(chars.len())
}

/// One function of a file: its name (with its `impl`'s type), the line of its `fn`
/// (from 1) and its length in lines.
#[derive(Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// The byte just after the item that starts at `from` in `code`: after its block's
/// closing brace, or after its `;` when it has no block. Brackets and parentheses are
/// passed whole, so a `;` in an array's length does not end the item.
fn item_end(code: &[u8], from: usize) -> (Option<usize>, usize) {
    let mut nesting = 0usize;
    let mut i = from;
    while i < code.len() {
        match code[i] {
            b'(' | b'[' => nesting += 1,
            b')' | b']' => nesting = nesting.saturating_sub(1),
            b';' if nesting == 0 => return (None, i + 1),
            b'{' if nesting == 0 => return (Some(i), block_end(code, i)),
            _ => {}
        }
        i += 1;
    }
    (None, code.len())
}

/// The byte after the brace that closes the one at `open`.
fn block_end(code: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, &byte) in code.iter().enumerate().skip(open) {
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The word (a name or keyword) that starts at `at` in `code`, if one does.
fn word_at(code: &[u8], at: usize) -> &str {
    if at > 0 && (code[at - 1].is_ascii_alphanumeric() || code[at - 1] == b'_') {
        return "";
    }
    let end = (at..code.len())
        .find(|&i| !(code[i].is_ascii_alphanumeric() || code[i] == b'_'))
        .unwrap_or(code.len());
    std::str::from_utf8(&code[at..end]).unwrap_or("")
}

/// Whether the word at `at` begins an item: it follows the start of the file, the end
/// of another item or attribute, the opening of a block, or `unsafe`.
fn starts_item(code: &[u8], at: usize) -> bool {
    let before = code[..at].trim_ascii_end();
    before.is_empty()
        || before.ends_with(b"unsafe")
        || matches!(before.last(), Some(b'}' | b';' | b'{' | b']'))
}

/// The type an `impl` header names (`impl<T> Trait for Type<T>` gives `Type`).
fn impl_type(header: &str) -> String {
    let implemented = match header.rfind(" for ") {
        Some(at) => &header[at + 5..],
        None => {
            // Past the `impl` and its generic parameters, balanced.
            let rest = header.trim_start().trim_start_matches("impl");
            let mut depth = 0;
            let mut start = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '<' => depth += 1,
                    '>' => depth -= 1,
                    c if depth == 0 && is_identifier_char(c) => {
                        start = i;
                        break;
                    }
                    _ => {}
                }
            }
            &rest[start..]
        }
    };
    implemented
        .trim()
        .split(|c: char| !(is_identifier_char(c) || c == ':'))
        .next()
        .unwrap_or("")
        .rsplit("::")
        .next()
        .unwrap_or("")
        .to_string()
}

/// Every function of a file's code (as [`code_only`] leaves it) outside its test
/// modules and test items, nested ones too, in the order they start; and the names of
/// the modules it declares as tests in files of their own (`#[cfg(test)] mod tests;`).
pub fn functions(code: &str) -> (Vec<Function>, Vec<String>) {
    let bytes = code.as_bytes();
    let line_of = |at: usize| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut found = Vec::new();
    let mut test_files = Vec::new();
    // The `impl` blocks around the scan, as (type, end of the block).
    let mut impls: Vec<(String, usize)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        impls.retain(|&(_, end)| end > at);
        if bytes[at..].starts_with(b"#[cfg(test)]") || bytes[at..].starts_with(b"#[test]") {
            let item = (at..bytes.len())
                .find(|&i| bytes[i] == b']')
                .map_or(bytes.len(), |i| i + 1);
            let (block, end) = item_end(bytes, item);
            let header: Vec<&str> = code[item..end].split_whitespace().take(3).collect();
            if block.is_none() && header.len() >= 2 && header[0] == "mod" {
                test_files.push(header[1].trim_end_matches(';').to_string());
            }
            at = end;
            continue;
        }
        match word_at(bytes, at) {
            // An `impl` block, not an `impl Trait` type (which follows `->`, `:`, `(`...).
            "impl" if starts_item(bytes, at) => {
                let (block, end) = item_end(bytes, at);
                if let Some(open) = block {
                    impls.push((impl_type(&code[at..open]), end));
                    at = open + 1;
                    continue;
                }
            }
            "fn" => {
                let after = (at + 2..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_whitespace())
                    .unwrap_or(bytes.len());
                // A name follows a function's `fn`; a `fn(u8) -> u8` type has none.
                let name = word_at(bytes, after);
                if !name.is_empty() {
                    let (block, end) = item_end(bytes, at);
                    if block.is_some() {
                        let name = match impls.last() {
                            Some((owner, _)) => format!("{owner}::{name}"),
                            None => name.to_string(),
                        };
                        let line = line_of(at);
                        let lines = line_of(end - 1) - line + 1;
                        found.push(Function { name, line, lines });
                    }
                }
            }
            _ => {}
        }
        at += 1;
    }
    (found, test_files)
}

/// The code's files below `src`: every `.rs` but the test modules written in files of
/// their own and the generated tables, with their text.
fn code_files(src: &Path) -> Vec<(PathBuf, String)> {
    let mut files = super::rust_files(src);
    let mut tests = Vec::new();
    for (path, text) in &files {
        // A module's own files are beside a `mod.rs`, else in the folder of its name.
        let stem = path.file_stem().unwrap();
        let folder = match stem.to_str() {
            Some("mod" | "lib" | "main") => path.parent().unwrap().to_path_buf(),
            _ => path.with_extension(""),
        };
        for name in functions(&code_only(text)).1 {
            tests.push(folder.join(format!("{name}.rs")));
            tests.push(folder.join(&name).join("mod.rs"));
        }
    }
    files.retain(|(path, text)| {
        !tests.contains(path) && !text.lines().next().unwrap_or("").contains("@generated")
    });
    files.sort();
    files
}

#[test]
fn no_function_is_over_100_lines_and_no_file_over_1000() {
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut too_long = Vec::new();
    let mut files_read = 0;
    let mut functions_read = 0;
    for src in ["src", "core/src"] {
        for (path, text) in code_files(&project.join(src)) {
            let shown = path.strip_prefix(project).unwrap().display().to_string();
            files_read += 1;
            let lines = text.lines().count();
            if lines > MOST_FILE_LINES {
                too_long.push(format!("{shown}: the file is {lines} lines"));
            }
            for function in functions(&code_only(&text)).0 {
                functions_read += 1;
                if function.lines > MOST_FUNCTION_LINES {
                    too_long.push(format!(
                        "{shown}:{} {} is {} lines",
                        function.line, function.name, function.lines
                    ));
                }
            }
        }
    }
    // The reading found the code: a scanner that saw nothing would pass on anything.
    assert!(
        files_read > 100 && functions_read > 1_000,
        "{files_read} files, {functions_read} functions"
    );
    assert!(
        too_long.is_empty(),
        "over {MOST_FUNCTION_LINES} lines a function, {MOST_FILE_LINES} a file (split it by \
         section into parts whose names say what each does):\n{}",
        too_long.join("\n")
    );
}

/// Text a brace counter that reads everything as code gets wrong: braces in strings of
/// every kind, in char literals, in comments (nested ones), beside lifetimes and labels.
const TRICKY: &str = r##"//! A { in the file's doc.
impl<'a> Parser<'a> {
    fn opens(&self) -> char {
        let _plain = "{ {\" {";
        let _raw = r#"}" { "#;
        let _bytes = (b"{", br"{", b'{', c"{");
        let (_open, _quote, _escaped) = ('{', '\'', '\u{7b}');
        // } a comment's brace
        /* outer /* inner } */ still a comment { */
        let _lifetime: &'a str = "";
        '{'
    }
    fn after(&self) {
        let r#type = 'outer: loop { break 'outer 1; };
    }
}
fn free(x: fn(u8) -> u8) -> impl Fn() { move || { x(1); } }
trait Declared { fn declared(&self); }
#[cfg(test)]
mod tests {
    fn in_tests() {
    }
}
#[cfg(test)]
mod more_tests;
"##;

/// A brace counter that reads comments and literals as code: the yardstick the scanner
/// must beat. The length of the function whose `fn` is on `line`, if it ends.
fn naive_length(text: &str, line: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, code) in text.lines().enumerate().skip(line - 1) {
        for c in code.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 2 - line);
                    }
                }
                _ => {}
            }
        }
    }
    None
}

#[test]
fn braces_in_literals_and_comments_do_not_count() {
    let code = code_only(TRICKY);
    assert_eq!(code.lines().count(), TRICKY.lines().count());
    let (found, test_files) = functions(&code);
    let expected = [
        ("Parser::opens", 3, 10),
        ("Parser::after", 13, 3),
        ("free", 17, 1),
    ];
    let found: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(found, expected);
    assert_eq!(test_files, ["more_tests"]);
    // The text is hard: a naive count of the first function's braces is wrong.
    assert_ne!(naive_length(TRICKY, 3), Some(10));
    // The code left is the code: the literals' and comments' text is gone, the rest kept.
    assert!(code.contains("let r#type = 'outer: loop { break 'outer 1; };"));
    assert!(code.contains("impl<'a> Parser<'a> {"));
    assert!(!code.contains("comment") && !code.contains("inner"));
}
