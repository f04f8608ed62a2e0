//! Reading one catalog file section by section, so a bad file gets every mistake named by file, section
//! (the `chart` of a [`DataError`]), entry and field, as the charts do.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::DataError;
use crate::atlantic::cases::CaseIds;
use crate::atlantic::walk::{singular, walk};
use crate::read::Cx;

pub(crate) struct FileReader<'a> {
    pub file: &'a str,
    obj: Map<String, Value>,
    read: Vec<&'static str>,
    /// Sections whose entries are checked by their own readers (a file's charts), not walked here.
    walked: Vec<&'static str>,
    pub errors: Vec<DataError>,
}

impl<'a> FileReader<'a> {
    /// The file's top level, which must say it is this game's `catalog`.
    pub fn new(file: &'a str, text: &str, catalog: &str) -> Result<Self, Vec<DataError>> {
        let value: Value = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
        let Value::Object(obj) = value else {
            return Err(vec![DataError::new(file, "", "", "expected a JSON object {…}")]);
        };
        let mut r = Self {
            file,
            obj,
            read: vec!["game", "catalog"],
            walked: Vec::new(),
            errors: Vec::new(),
        };
        for (key, want) in [("game", "atlantic"), ("catalog", catalog)] {
            if r.obj.get(key).and_then(Value::as_str) != Some(want) {
                r.errors.push(DataError::new(
                    file,
                    "",
                    format!("field {key}"),
                    format!("expected \"{want}\": this is not the Atlantic Sentinels {catalog} file"),
                ));
            }
        }
        Ok(r)
    }

    pub fn cx(&self, section: &str) -> Cx<'a> {
        Cx::new(self.file, section)
    }

    pub fn absorb(&mut self, cx: Cx) {
        self.errors.extend(cx.errors);
    }

    /// A required list of entries, each read on its own (`ship 3.navy: …`).
    pub fn list<T: DeserializeOwned>(&mut self, key: &'static str) -> Vec<T> {
        self.read.push(key);
        let mut cx = self.cx(key);
        let found = match self.obj.get(key) {
            None => {
                cx.err("", "missing");
                Vec::new()
            }
            Some(v) => match cx.array(v, "") {
                None => Vec::new(),
                Some(items) => items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, item)| cx.value(item, &format!("{} {}", singular(key), i + 1)))
                    .collect(),
            },
        };
        self.absorb(cx);
        found
    }

    /// A required list whose entries are read, and held to what every file is, by their own code (a
    /// file's charts): each entry as it is, or none if the section is not a list.
    pub fn raw_list(&mut self, key: &'static str) -> Vec<Value> {
        self.read.push(key);
        self.walked.push(key);
        let mut cx = self.cx(key);
        let found = match self.obj.get(key) {
            None => {
                cx.err("", "missing");
                Vec::new()
            }
            Some(v) => cx.array(v, "").cloned().unwrap_or_default(),
        };
        self.absorb(cx);
        found
    }

    /// A required object, as it is, read and checked by its own code.
    pub fn raw(&mut self, key: &'static str) -> Option<Value> {
        self.read.push(key);
        self.walked.push(key);
        let found = self.obj.get(key).cloned();
        if found.is_none() {
            let mut cx = self.cx(key);
            cx.err("", "missing");
            self.absorb(cx);
        }
        found
    }

    /// A required object.
    pub fn one<T: DeserializeOwned>(&mut self, key: &'static str) -> Option<T> {
        self.read.push(key);
        let mut cx = self.cx(key);
        let found = match self.obj.get(key) {
            None => {
                cx.err("", "missing");
                None
            }
            Some(v) => cx.value(v, ""),
        };
        self.absorb(cx);
        found
    }

    /// The file's optional `notes`.
    pub fn notes(&mut self) -> Vec<String> {
        self.read.push("notes");
        match self.obj.get("notes") {
            None => Vec::new(),
            Some(v) => {
                let mut cx = self.cx("notes");
                let notes = cx.value(v, "").unwrap_or_default();
                self.absorb(cx);
                notes
            }
        }
    }

    /// Every error of the file: its unknown top-level fields, what the sections' readers found, and what
    /// every file is held to (cases, citations, field provenance, [`walk`]).
    pub fn finish(mut self, cases: &CaseIds) -> Vec<DataError> {
        let mut unknown = self.cx("");
        unknown.only(&self.obj, &self.read, "");
        let mut errors = unknown.errors;
        errors.append(&mut self.errors);
        for (key, v) in &self.obj {
            if !self.read.contains(&key.as_str()) || self.walked.contains(&key.as_str()) {
                continue;
            }
            let mut cx = self.cx(key);
            walk(&mut cx, v, cases, true);
            errors.append(&mut cx.errors);
        }
        errors
    }
}

/// `"ship 3 (hurricane)"`: an entry of a list as the checks name it.
pub(crate) fn label(key: &str, i: usize, id: &str) -> String {
    format!("{} {} ({id})", singular(key), i + 1)
}

/// Reports every id of `ids` that appears twice.
pub(crate) fn unique<'s>(cx: &mut Cx, key: &str, ids: impl Iterator<Item = &'s str>) {
    let mut seen: Vec<&str> = Vec::new();
    for (i, id) in ids.enumerate() {
        if id.trim().is_empty() {
            cx.err(&format!("{} {}", singular(key), i + 1), "an entry needs an id");
        } else if seen.contains(&id) {
            cx.err(&label(key, i, id), "this id appears twice");
        }
        seen.push(id);
    }
}
