//! Sensuikan catalogs: submarine classes, bases, the operations map and the Major Event markers.
pub mod catalogs;
