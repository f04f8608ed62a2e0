//! The rules data a game is played under, as a short digest of its folder of `data/` (written by the
//! crate's build script). A save records it; a save that replays differently under a later Periscope can
//! then say whether its rules data changed or its code did [issue 21].

include!(concat!(env!("OUT_DIR"), "/rules_digests.rs"));

/// The digest of the rules files under `data/<folder>/` this build ships, if there is such a folder.
pub fn rules_digest(folder: &str) -> Option<&'static str> {
    RULES_DIGESTS.iter().find(|(f, _)| *f == folder).map(|(_, d)| *d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_folder_has_a_digest() {
        for folder in ["hunt", "sensuikan", "atlantic", "silent_war_ijn"] {
            let d = rules_digest(folder).unwrap_or_default();
            assert_eq!(d.len(), 16, "{folder}: {d}");
        }
        assert_eq!(rules_digest("chess"), None);
        let mut all: Vec<&str> = RULES_DIGESTS.iter().map(|(_, d)| *d).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), RULES_DIGESTS.len(), "each folder its own digest");
    }
}
