//! Text inside HTML and SVG markup: one escape for both, since the pages embed the
//! pictures' words and the pictures are XML.

/// Escapes text for element content and attribute values (quoted with either quote).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape("w's <bases> & \"x\""),
            "w&#39;s &lt;bases&gt; &amp; &quot;x&quot;"
        );
    }
}
