//! A small argument reader: `--name value` and `--name=value`, where the
//! value may itself start with a dash (turn strings such as `-c3 -d4`).

use std::collections::BTreeMap;

/// Options given after the command word.
#[derive(Debug, Default)]
pub struct Args {
    values: BTreeMap<String, String>,
}

impl Args {
    /// Reads `--name value` / `--name=value` pairs; `allowed` lists the names
    /// the command knows.
    pub fn parse(raw: &[String], allowed: &[&str]) -> Result<Args, String> {
        let mut values = BTreeMap::new();
        let mut i = 0;
        while i < raw.len() {
            let arg = &raw[i];
            let Some(body) = arg.strip_prefix("--") else {
                return Err(format!(
                    "unexpected argument '{arg}' (options look like --name value)"
                ));
            };
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    i += 1;
                    let v = raw
                        .get(i)
                        .ok_or_else(|| format!("option --{body} needs a value"))?;
                    (body.to_string(), v.clone())
                }
            };
            if !allowed.contains(&name.as_str()) {
                return Err(format!(
                    "unknown option --{name} (this command takes: {})",
                    allowed
                        .iter()
                        .map(|a| format!("--{a}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if values.insert(name.clone(), value).is_some() {
                return Err(format!("option --{name} is given twice"));
            }
            i += 1;
        }
        Ok(Args { values })
    }

    /// An optional value.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// A required value.
    pub fn require(&self, name: &str) -> Result<&str, String> {
        self.get(name)
            .ok_or_else(|| format!("missing option --{name}"))
    }

    /// A required value parsed with `FromStr`, its error named after the option.
    pub fn parse_required<T>(&self, name: &str) -> Result<T, String>
    where
        T: std::str::FromStr,
        T::Err: std::fmt::Display,
    {
        let text = self.require(name)?;
        text.parse().map_err(|e| format!("--{name}: {e}"))
    }

    /// An optional value parsed with `FromStr`, or a default.
    pub fn parse_or<T>(&self, name: &str, default: T) -> Result<T, String>
    where
        T: std::str::FromStr,
        T::Err: std::fmt::Display,
    {
        match self.get(name) {
            Some(text) => text.parse().map_err(|e| format!("--{name}: {e}")),
            None => Ok(default),
        }
    }
}
