//! A small `--flag value` parser: the CLI has few options and no dependency earns its place for them.

use std::collections::BTreeMap;

pub struct Args {
    values: BTreeMap<String, String>,
    flags: Vec<String>,
}

/// Flags that take no value.
const SWITCHES: [&str; 2] = ["json", "physical"];

impl Args {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut values = BTreeMap::new();
        let mut flags = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let name = a
                .strip_prefix("--")
                .ok_or_else(|| format!("unexpected argument '{a}'"))?;
            if SWITCHES.contains(&name) {
                flags.push(name.to_string());
            } else {
                let v = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
                values.insert(name.to_string(), v.clone());
            }
        }
        Ok(Self { values, flags })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name} needs a whole number, not '{v}'")),
        }
    }

    pub fn read(&self, name: &str) -> Result<Option<String>, String> {
        match self.get(name) {
            None => Ok(None),
            Some(path) => std::fs::read_to_string(path)
                .map(Some)
                .map_err(|e| format!("cannot read {path}: {e}")),
        }
    }
}

/// Dice faces from a file: numbers separated by spaces, commas or new lines, or a JSON array; `#` starts a
/// comment to the end of the line.
pub fn parse_faces(text: &str) -> Result<Vec<u8>, String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u8>()
                .map_err(|_| format!("'{w}' in the dice file is not a die face"))
        })
        .collect()
}
