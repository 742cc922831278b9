//! Resuming and merging counts: checkpoints, shards and the records shards write.

pub(crate) mod checkpoint;
pub(crate) mod shard;
#[cfg(feature = "serde")]
pub(crate) mod shard_record;
