//! Reading and writing the flat JSON objects of shard records and checkpoint headers:
//! string keys, and values that are numbers or `null`. Nothing else is needed, so nothing
//! else is accepted.

/// One flat object's fields, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    fields: Vec<(String, Option<f64>)>,
}

impl Object {
    /// Reads one object such as `{"n":8,"total":92,"fundamental":null}`.
    pub fn parse(text: &str) -> Result<Object, String> {
        let wrong = |what: &str| format!("{what} in JSON record {:?}", text.trim());
        let inner = text
            .trim()
            .strip_prefix('{')
            .and_then(|rest| rest.strip_suffix('}'))
            .ok_or_else(|| wrong("no {...} object"))?;
        let mut fields = Vec::new();
        for field in inner.split(',').filter(|field| !field.trim().is_empty()) {
            let (key, value) = field
                .split_once(':')
                .ok_or_else(|| wrong("a field without ':'"))?;
            let key = key
                .trim()
                .strip_prefix('"')
                .and_then(|rest| rest.strip_suffix('"'))
                .filter(|key| !key.contains('"'))
                .ok_or_else(|| wrong("a key that is not a plain string"))?;
            let value = match value.trim() {
                "null" => None,
                number => Some(
                    number
                        .parse::<f64>()
                        .map_err(|_| wrong(&format!("value {number:?} of {key:?}")))?,
                ),
            };
            fields.push((key.to_string(), value));
        }
        Ok(Object { fields })
    }

    fn value(&self, key: &str) -> Result<Option<f64>, String> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| *v)
            .ok_or_else(|| format!("JSON record has no {key:?} field"))
    }

    /// A field holding a whole number that fits a `u64`.
    pub fn integer(&self, key: &str) -> Result<u64, String> {
        match self.value(key)? {
            // Below 2^53 every integer is exact in an f64.
            Some(v) if v >= 0.0 && v.fract() == 0.0 && v < 9_007_199_254_740_992.0 => Ok(v as u64),
            other => Err(format!(
                "field {key:?} should be a whole number, found {other:?}"
            )),
        }
    }

    /// A field holding any number.
    pub fn number(&self, key: &str) -> Result<f64, String> {
        self.value(key)?
            .ok_or_else(|| format!("field {key:?} should be a number, found null"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_what_the_tool_writes() {
        let object =
            Object::parse(r#"{"n":8,"shard":0,"of":1,"total":92,"seconds":0.001}"#).unwrap();
        assert_eq!(object.integer("total"), Ok(92));
        assert_eq!(object.number("seconds"), Ok(0.001));
        assert!(object.integer("seconds").is_err());
        assert!(
            object
                .integer("missing")
                .unwrap_err()
                .contains("\"missing\"")
        );
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        for text in [
            "",
            "[1]",
            r#"{"n":"8"}"#,
            r#"{n:8}"#,
            r#"{"n" 8}"#,
            r#"{"n":-1}"#,
        ] {
            let result = Object::parse(text).and_then(|o| o.integer("n"));
            assert!(result.is_err(), "{text}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,80}") {
            if let Ok(object) = Object::parse(&text) {
                let _ = object.integer("n");
            }
        }
    }
}
