//! Sensuikan's data: the catalogs (submarine classes, bases, the operations map, Major Events) and the
//! reconstructed chart set, each entry with its provenance.

pub mod catalog;
pub mod charts;
pub mod procedures;
pub mod rules;
