//! The width of the search's bitsets. A domain (`Dom`) holds up to 128 values, but a model
//! of at most 32 or 64 values searches with 32- or 64-bit words: on x86-64 every 128-bit
//! operation is two or more 64-bit ones, and a `count_ones` or a `trailing_zeros` of 128 bits
//! a short branchy sequence. `sdkc run examples/twenty-five.sdk --unique --solver builtin`
//! under callgrind: 9.83 billion instructions with 128-bit domains, 6.65 billion with 32-bit
//! ones, the same 22,833 nodes.
//!
//! The rules' own propagators (sums, lines, conditions on many cells) read 128-bit domains:
//! the search widens a condition's cells into a mirror before its filter runs and narrows
//! what the filter keeps back (`Search::general`), so a 9x9 killer searches with 32 bits
//! too: Wecoc #2 (`examples/killers/wecoc-2.sdk`) under callgrind, 2.15 billion instructions
//! with 128-bit domains, 1.96 billion with 32-bit ones, the same 3,997 nodes.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr, Sub};

use super::{Bits, Dom};

/// An unsigned integer used as a set of values or of positions.
pub(super) trait Word:
    Bits
    + Eq
    + Default
    + std::fmt::Debug
    + Send
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    const ZERO: Self;
    const ONE: Self;
    /// How many values (or positions) it holds.
    const BITS: u32;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    /// A 128-bit set cut to this width (the caller knows nothing lies above it).
    fn narrowed(d: Dom) -> Self;
    /// The same set in 128 bits.
    fn widened(self) -> Dom;
    /// Bit `i` alone.
    fn bit(i: u32) -> Self {
        Self::ONE << i
    }
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn narrowed(d: Dom) -> Self {
                d as $t
            }
            fn widened(self) -> Dom {
                self as Dom
            }
        }
    )*};
}
impl_word!(u32, u64, u128);

/// Which word a model searches with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Width {
    W32,
    W64,
    W128,
}

impl Width {
    /// The narrowest word for `nvals` values.
    pub(super) fn of(nvals: usize) -> Width {
        match nvals {
            0..=32 => Width::W32,
            33..=64 => Width::W64,
            _ => Width::W128,
        }
    }
}
