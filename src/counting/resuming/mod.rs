//! Resuming and merging counts: checkpoints, and the records shards write.

pub(crate) mod checkpoint;
#[cfg(feature = "serde")]
pub(crate) mod shard_record;
#[cfg(feature = "serde")]
mod unique_keys;
