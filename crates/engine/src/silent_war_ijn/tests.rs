//! The companion's tests, one file per procedure, each test citing the cases it checks.
mod support;

mod calendar_tests;
mod combat_tests;
mod policy_tests;
mod procedure_tests;
mod setup_tests;
mod table_tests;
mod walk_tests;
