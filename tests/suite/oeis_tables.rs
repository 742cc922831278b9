//! Known counts from OEIS, shared by the test files.

/// OEIS A000170: solutions of the n-queens problem, n = 0..=21.
pub const A000170: [u64; 22] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
];

/// OEIS A002562: solutions up to rotation and reflection, n = 0..=21 (with 1 for the empty
/// board).
pub const A002562: [u64; 22] = [
    1,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1787,
    9233,
    45752,
    285053,
    1846955,
    11977939,
    83263591,
    621012754,
    4878666808,
    39333324973,
];
