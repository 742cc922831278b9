//! JSON read as serde_json's `Value`, refusing an object that gives a key twice: serde_json
//! keeps the last, so that `{"total":999999,...,"total":82486}` would read as 82486 while a
//! person reading the line sees 999999 first.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// A JSON value with no key given twice in any of its objects.
pub(crate) struct UniqueKeys(pub(crate) Value);

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UniqueKeys, D::Error> {
        deserializer.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::String(v.to_owned())))
    }

    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        let mut values = Vec::new();
        while let Some(UniqueKeys(value)) = seq.next_element()? {
            values.push(value);
        }
        Ok(UniqueKeys(Value::Array(values)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut object = Map::new();
        while let Some((key, UniqueKeys(value))) = map.next_entry::<String, UniqueKeys>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the field `{key}` is given twice"
                )));
            }
            object.insert(key, value);
        }
        Ok(UniqueKeys(Value::Object(object)))
    }
}

#[cfg(test)]
mod tests {
    use super::UniqueKeys;

    #[test]
    fn a_key_given_twice_at_any_depth_is_refused_and_the_rest_reads_as_serde_json_reads_it() {
        for text in [r#"{"a":1,"a":2}"#, r#"{"a":{"b":[1,{"c":0,"c":1}]}}"#] {
            let err = serde_json::from_str::<UniqueKeys>(text)
                .err()
                .expect("refused");
            assert!(err.to_string().contains("is given twice"), "{err}");
        }
        let text = r#"{"n":14,"x":[1,-2,2.5,"s",null,true],"y":{"z":18446744073709551615}}"#;
        let UniqueKeys(value) = serde_json::from_str(text).expect("it reads");
        assert_eq!(
            value,
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
    }
}
