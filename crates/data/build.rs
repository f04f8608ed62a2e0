//! Digests of the rules data each game is played under (`data/<game>/`), so that a save can record the
//! rules it was played under and a later Periscope can say whether they changed ([`rules_digest`]).
//! The files only players read (our rules summaries, the counter mixes of Track mode, the wording of the
//! log, the guided first games' texts) are left out: changing them changes no game.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Files that change no game when they change.
const NOT_RULES: &[&str] = &["rules.json", "counters.json", "words.json", "walkthrough.json"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json")
            && !path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| NOT_RULES.contains(&n))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// FNV-1a, as the saves' checks use.
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(seed, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut games: Vec<(String, String)> = Vec::new();
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut list = Vec::new();
        files(&dir, &mut list)?;
        list.sort();
        let mut h = 0xCBF2_9CE4_8422_2325u64;
        for f in &list {
            println!("cargo:rerun-if-changed={}", f.display());
            let rel = f
                .strip_prefix(&dir)
                .unwrap_or(f)
                .to_string_lossy()
                .replace('\\', "/");
            h = fnv(h, rel.as_bytes());
            // Line ends are read alike on every platform (a Windows checkout has CRLF).
            let text = fs::read_to_string(f)?.replace("\r\n", "\n");
            h = fnv(h, text.as_bytes());
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        games.push((name, format!("{h:016x}")));
    }
    let out =
        PathBuf::from(std::env::var("OUT_DIR").map_err(std::io::Error::other)?).join("rules_digests.rs");
    let mut f = fs::File::create(out)?;
    writeln!(f, "/// Each `data/` folder and the digest of its rules files.")?;
    writeln!(f, "pub const RULES_DIGESTS: &[(&str, &str)] = &[")?;
    for (name, digest) in games {
        writeln!(f, "    ({name:?}, {digest:?}),")?;
    }
    writeln!(f, "];")?;
    Ok(())
}
