//! The house's layout, checked on the source tree (docs/architecture.md): shared code names no game, the
//! app's shared screens never reach up into the registry or the game screen, and no room is too big to
//! read (no product function of 150 lines or more, no struct of more than 25 fields).
//!
//! These read the sources as text, the way a newcomer reads them: a line is "product" unless it lies in a
//! `#[cfg(test)]` item, in a file whose name says it holds tests, or in a comment.

use std::path::{Path, PathBuf};

/// The games' module names, as every crate spells its game folders.
const GAMES: &[&str] = &["hunt", "sensuikan", "atlantic", "silent_war_ijn"];

/// The crates' source folders.
const CRATES: &[&str] = &["data", "engine", "print", "boards", "app", "cli"];

/// The registries: the one place in each crate where every game is named, one line each.
const REGISTRIES: &[&str] = &[
    "crates/engine/src/games.rs",
    "crates/data/src/overrides.rs",
    "crates/data/src/counters/mod.rs",
    "crates/boards/src/picture/saves.rs",
    "crates/app/src/games.rs",
    "crates/cli/src/registry.rs",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`, as paths relative to the repository.
fn sources(dir: &str) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(base, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && let Ok(rel) = path.strip_prefix(base)
            {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let base = root();
    let mut out = Vec::new();
    walk(&base, &base.join(dir), &mut out);
    out.sort();
    out
}

/// A file's product lines, numbered from 1: up to its `#[cfg(test)]` module, comments blanked.
fn product_lines(rel: &str) -> Vec<(usize, String)> {
    let file = rel.rsplit('/').next().unwrap_or(rel);
    if file.contains("test") {
        return Vec::new();
    }
    let text = std::fs::read_to_string(root().join(rel)).unwrap_or_default();
    let mut lines = Vec::new();
    // Inside a `#[cfg(test)]` item: the depth of its braces once opened.
    let mut skipping: Option<i32> = None;
    for (i, line) in text.lines().enumerate() {
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        if let Some(depth) = skipping.as_mut() {
            let bare = strip_literals(code);
            let opened = *depth > 0 || bare.contains('{');
            *depth += bare.matches('{').count() as i32 - bare.matches('}').count() as i32;
            let ended_without_body = !opened && bare.trim_end().ends_with(';');
            if (opened && *depth <= 0) || ended_without_body {
                skipping = None;
            }
            continue;
        }
        if line.trim_start().starts_with("#[cfg(test)]") {
            skipping = Some(0);
            continue;
        }
        lines.push((i + 1, code.to_string()));
    }
    lines
}

/// The game folder a file lies in, if any (`crates/app/src/hunt/table.rs`, `crates/cli/src/atlantic.rs`).
fn game_of(rel: &str) -> Option<&'static str> {
    let inside = rel.split("/src/").nth(1)?;
    let first = inside.split('/').next()?.trim_end_matches(".rs");
    GAMES.iter().copied().find(|g| *g == first)
}

/// Whether `code` reaches into a game's module by path (`crate::hunt`, `periscope_engine::atlantic::…`).
fn names_game(code: &str) -> Option<&'static str> {
    let prefixes = [
        "crate::",
        "super::",
        "periscope_engine::",
        "periscope_data::",
        "periscope_print::",
        "periscope_boards::",
        "periscope_app::",
        "periscope_cli::",
    ];
    for game in GAMES {
        for prefix in prefixes {
            let needle = format!("{prefix}{game}");
            let mut from = 0;
            while let Some(at) = code[from..].find(&needle) {
                let end = from + at + needle.len();
                let next = code[end..].chars().next();
                if !next.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    return Some(game);
                }
                from = end;
            }
        }
        // `use periscope_data::{atlantic, sensuikan}` names them inside the braces that follow a crate's
        // root (a path such as `super::battle::hunt::{…}` is a module of the file's own game).
        for prefix in prefixes {
            let Some(at) = code.find(&format!("{prefix}{{")) else {
                continue;
            };
            let inside = &code[at + prefix.len()..];
            if inside
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == *game)
            {
                return Some(game);
            }
        }
    }
    None
}

#[test]
fn shared_code_names_no_game() {
    let mut found = Vec::new();
    for krate in CRATES {
        for rel in sources(&format!("crates/{krate}/src")) {
            if game_of(&rel).is_some() || REGISTRIES.contains(&rel.as_str()) {
                continue;
            }
            for (n, code) in product_lines(&rel) {
                if let Some(game) = names_game(&code) {
                    found.push(format!("{rel}:{n} names {game}: {}", code.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "shared code that names a game:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_game_reaches_into_another() {
    let mut found = Vec::new();
    for krate in CRATES {
        for rel in sources(&format!("crates/{krate}/src")) {
            let Some(own) = game_of(&rel) else { continue };
            for (n, code) in product_lines(&rel) {
                if let Some(game) = names_game(&code)
                    && game != own
                {
                    found.push(format!("{rel}:{n} ({own}) names {game}: {}", code.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game that reaches into another:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_shell_reads_the_app_registry() {
    let allowed = [
        "crates/app/src/app.rs",
        "crates/app/src/start.rs",
        "crates/app/src/lib.rs",
        "crates/app/src/games.rs",
    ];
    let mut found = Vec::new();
    for rel in sources("crates/app/src") {
        if allowed.contains(&rel.as_str()) {
            continue;
        }
        for (n, code) in product_lines(&rel) {
            if code.contains("crate::games") {
                found.push(format!("{rel}:{n}: {}", code.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the app's registry read below the shell:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_ground_floors_never_reach_up_to_the_game_screen() {
    let floors = [
        "crates/app/src/picture/",
        "crates/app/src/stats/",
        "crates/app/src/panels/",
        "crates/app/src/widgets/",
        "crates/app/src/track/",
        "crates/app/src/storage.rs",
        "crates/app/src/files.rs",
        "crates/app/src/board.rs",
    ];
    let mut found = Vec::new();
    for rel in sources("crates/app/src") {
        if !floors.iter().any(|f| rel.starts_with(f)) {
            continue;
        }
        for (n, code) in product_lines(&rel) {
            if code.contains("crate::screen") {
                found.push(format!("{rel}:{n}: {}", code.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a shared floor that imports the game screen:\n{}",
        found.join("\n")
    );
}

/// The functions of a file's product lines with their length in lines: from the `fn` line to the line
/// that closes its body (strings and character literals are skipped when counting braces).
fn functions(lines: &[(usize, String)]) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    for (start, (n, code)) in lines.iter().enumerate() {
        let trimmed = code.trim_start();
        let Some(at) = trimmed.find("fn ") else { continue };
        let before = &trimmed[..at];
        let head_ok = before.split_whitespace().all(|w| {
            [
                "pub",
                "pub(crate)",
                "pub(super)",
                "const",
                "async",
                "unsafe",
                "extern",
            ]
            .contains(&w)
                || w.starts_with("pub(")
        });
        if !head_ok {
            continue;
        }
        let name: String = trimmed[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let mut depth = 0i32;
        let mut opened = false;
        for (end_n, code) in lines[start..].iter().map(|(n, c)| (*n, c)) {
            let bare = strip_literals(code);
            if !opened && bare.contains(';') && !bare.contains('{') {
                break;
            }
            for ch in bare.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((*n, name.clone(), end_n - n + 1));
                break;
            }
        }
    }
    out
}

/// `code` without the text of its string and character literals.
fn strip_literals(code: &str) -> String {
    let mut out = String::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(d) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == '"' {
                        break;
                    }
                }
            }
            '\'' => {
                // A char literal ('{', '\n') or a lifetime ('a): skip the literal only.
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    chars.next();
                    chars.next();
                    while chars.next_if(|d| *d != '\'').is_some() {}
                    chars.next();
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn no_product_function_runs_to_150_lines() {
    let mut found = Vec::new();
    for krate in CRATES {
        for rel in sources(&format!("crates/{krate}/src")) {
            for (n, name, len) in functions(&product_lines(&rel)) {
                if len >= 150 {
                    found.push(format!("{rel}:{n} {name}: {len} lines"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "functions of 150 lines or more:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_function_counter_counts_what_it_should() {
    let lines: Vec<(usize, String)> = [
        "fn short() {",
        "    let s = \"{ not a brace\";",
        "    let c = '{';",
        "}",
        "pub(crate) fn longer<'a>(x: &'a str) -> &'a str {",
        "    if true {",
        "        x",
        "    } else {",
        "        x",
        "    }",
        "}",
        "fn declared();",
    ]
    .iter()
    .enumerate()
    .map(|(i, l)| (i + 1, l.to_string()))
    .collect();
    let found = functions(&lines);
    assert_eq!(
        found,
        vec![(1, "short".to_string(), 4), (5, "longer".to_string(), 7)]
    );
}

/// The structs of a file's product lines with their count of named fields.
fn structs(lines: &[(usize, String)]) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    for (start, (n, code)) in lines.iter().enumerate() {
        let trimmed = code.trim_start();
        let Some(rest) = trimmed
            .strip_prefix("pub struct ")
            .or_else(|| trimmed.strip_prefix("struct "))
            .or_else(|| trimmed.strip_prefix("pub(crate) struct "))
            .or_else(|| trimmed.strip_prefix("pub(super) struct "))
        else {
            continue;
        };
        if !code.trim_end().ends_with('{') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 1;
        let mut fields = 0;
        for (_, code) in &lines[start + 1..] {
            let bare = strip_literals(code);
            let field = bare
                .trim_start()
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub(super) ");
            let field = field.trim_start_matches("pub ");
            if depth == 1
                && let Some((ident, _)) = field.split_once(':')
                && !ident.is_empty()
                && ident.chars().all(|c| c.is_alphanumeric() || c == '_')
            {
                fields += 1;
            }
            depth += bare.matches('{').count() as i32 - bare.matches('}').count() as i32;
            if depth <= 0 {
                break;
            }
        }
        out.push((*n, name, fields));
    }
    out
}

#[test]
fn no_game_state_struct_has_more_than_25_fields() {
    let mut found = Vec::new();
    for krate in ["engine", "app", "boards"] {
        for rel in sources(&format!("crates/{krate}/src")) {
            // Views are the JSON contract the goldens and scripts read, flat by design.
            if rel.ends_with("view.rs") {
                continue;
            }
            for (n, name, fields) in structs(&product_lines(&rel)) {
                if fields > 25 {
                    found.push(format!("{rel}:{n} {name}: {fields} fields"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "structs of more than 25 fields:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_game_finder_sees_paths_and_braced_uses() {
    assert_eq!(names_game("use crate::hunt::table;"), Some("hunt"));
    assert_eq!(
        names_game("use periscope_data::{atlantic, month};"),
        Some("atlantic")
    );
    assert_eq!(
        names_game("    let c = periscope_engine::silent_war_ijn::Companion::default();"),
        Some("silent_war_ijn")
    );
    assert_eq!(names_game("use super::battle::hunt::{Hunt, HuntStage};"), None);
    assert_eq!(names_game("use crate::hunting::Quarry;"), None);
    assert_eq!(names_game("let hunt = 3;"), None);
    assert_eq!(game_of("crates/app/src/hunt/table.rs"), Some("hunt"));
    assert_eq!(
        game_of("crates/cli/src/silent_war_ijn.rs"),
        Some("silent_war_ijn")
    );
    assert_eq!(game_of("crates/app/src/stats/mod.rs"), None);
}

#[test]
fn the_struct_counter_counts_named_fields_at_the_top_level() {
    let lines: Vec<(usize, String)> = [
        "pub struct Part {",
        "    pub(crate) a: u8,",
        "    /// b: a comment is no field",
        "    b: Vec<(u8, u8)>,",
        "    c: Inner {",
        "        d: u8,",
        "    },",
        "}",
        "struct Unit;",
    ]
    .iter()
    .enumerate()
    .map(|(i, l)| (i + 1, l.to_string()))
    .collect();
    let lines: Vec<(usize, String)> = lines
        .into_iter()
        .map(|(n, l)| (n, l.split("//").next().unwrap_or("").to_string()))
        .collect();
    assert_eq!(structs(&lines), vec![(1, "Part".to_string(), 3)]);
}
