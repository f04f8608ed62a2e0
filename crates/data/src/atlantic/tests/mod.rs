//! The Atlantic data's tests: the shipped files load and validate ([`loading`]), every value the rulebook
//! states is in them (the `stated_*` modules, one per part of `docs/atlantic-stated-values.md`, each
//! assertion citing its case), and malformed data is refused with its file, chart, entry and field
//! ([`refusals`], [`overrides`]).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod loading;

use std::sync::OnceLock;

use super::Atlantic;

/// The shipped data, loaded once for every test.
pub(crate) fn shipped() -> &'static Atlantic {
    static DATA: OnceLock<Atlantic> = OnceLock::new();
    DATA.get_or_init(|| match Atlantic::shipped_all_errors() {
        Ok(d) => d,
        Err(errors) => {
            let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!("the shipped Atlantic data does not load:\n{}", lines.join("\n"))
        }
    })
}
