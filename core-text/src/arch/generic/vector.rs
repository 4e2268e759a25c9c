//! The vector abstraction the generic kernels are written against.
//!
//! A `Vector` is a register of `BYTES` bytes (16 for SSE2/NEON, 32 for AVX2). All methods are
//! `unsafe` because they compile to instructions of one ISA: the caller must only use a type
//! inside code compiled for (and running on) a CPU with that ISA, which the kernel entry points
//! guarantee with `#[target_feature]` and the dispatch tables with detection. Every method is
//! `#[inline(always)]` in the implementations so the generic kernels inline into the entry
//! points and inherit their target features.

/// Byte- and 16-bit-lane operations shared by every SIMD level.
pub(crate) trait Vector: Copy {
    /// Register width in bytes.
    const BYTES: usize;

    /// All lanes zero.
    unsafe fn zero() -> Self;
    /// Every byte set to `b`.
    unsafe fn splat8(b: u8) -> Self;
    /// Every 16-bit lane set to `w`.
    unsafe fn splat16(w: u16) -> Self;
    /// Loads `BYTES` bytes from `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + BYTES` is readable.
    unsafe fn load(p: *const u8) -> Self;
    /// Stores `BYTES` bytes to `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + BYTES` is writable.
    unsafe fn store(self, p: *mut u8);

    unsafe fn or(self, o: Self) -> Self;
    unsafe fn and(self, o: Self) -> Self;
    unsafe fn xor(self, o: Self) -> Self;

    /// Per byte, signed: `0xFF` where `self > o`, else 0.
    unsafe fn gt_i8(self, o: Self) -> Self;
    /// Per 16-bit lane: `0xFFFF` where equal, else 0.
    unsafe fn eq16(self, o: Self) -> Self;

    /// Per byte, wrapping.
    unsafe fn add8(self, o: Self) -> Self;
    /// Per byte, wrapping.
    unsafe fn sub8(self, o: Self) -> Self;
    /// Per byte, unsigned saturating `self - o`.
    unsafe fn subs_u8(self, o: Self) -> Self;
    /// Per 16-bit lane, wrapping.
    unsafe fn add16(self, o: Self) -> Self;
    /// Per 16-bit lane, wrapping.
    unsafe fn sub16(self, o: Self) -> Self;

    /// The vector made of the last `N` bytes of `prev` followed by the first `BYTES - N` bytes
    /// of `self` (the input shifted by one, two or three bytes across vectors).
    unsafe fn prev1(self, prev: Self) -> Self;
    unsafe fn prev2(self, prev: Self) -> Self;
    unsafe fn prev3(self, prev: Self) -> Self;

    /// The `n` bytes at `p` followed by zero bytes, for `8 <= n < BYTES`, where the level
    /// builds that from loads inside the `n` bytes in a few operations; `None` (the default)
    /// elsewhere.
    ///
    /// # Safety
    /// `p..p + n` is readable.
    #[inline(always)]
    unsafe fn load_padded(p: *const u8, n: usize) -> Option<Self> {
        let _ = (p, n);
        None
    }

    /// Is any bit set?
    unsafe fn any(self) -> bool;
    /// Is any byte ≥ 0x80?
    unsafe fn any_high_bit(self) -> bool;
    /// Index of the first byte ≥ 0x80, or `BYTES` if none.
    unsafe fn first_high_bit(self) -> usize;

    /// Sum of all bytes as unsigned integers.
    unsafe fn sum8(self) -> u64;
    /// Sum of all 16-bit lanes as unsigned integers.
    unsafe fn sum16(self) -> u64;

    /// Every 32-bit lane set to `d`.
    unsafe fn splat32(d: u32) -> Self;
    /// Per 32-bit lane, signed: all ones where `self > o`, else 0.
    unsafe fn gt_i32(self, o: Self) -> Self;
    /// Per 32-bit lane, wrapping.
    unsafe fn add32(self, o: Self) -> Self;
    /// Per 32-bit lane, wrapping.
    unsafe fn sub32(self, o: Self) -> Self;
    /// Per 16-bit lane, logical shift left by `N` (1..=15).
    unsafe fn shl16<const N: i32>(self) -> Self;
    /// Per 16-bit lane, logical shift right by `N` (1..=15).
    unsafe fn shr16<const N: i32>(self) -> Self;
    /// Per 32-bit lane, logical shift left by `N` (1..=31).
    unsafe fn shl32<const N: i32>(self) -> Self;
    /// Per 32-bit lane, logical shift right by `N` (1..=31).
    unsafe fn shr32<const N: i32>(self) -> Self;
    /// Bit `k` is the high bit of byte `k` (`BYTES` bits).
    unsafe fn bitmask(self) -> u64;
    /// The bytes zero-extended to 16-bit lanes, in memory order: the first half of the bytes
    /// in the first vector, the second half in the second.
    unsafe fn widen8(self) -> (Self, Self);
    /// The 16-bit lanes of `self` then `hi`, narrowed to bytes with signed saturation, in
    /// memory order (lanes in `-128..=127`, such as ASCII units and compare masks, are exact).
    unsafe fn pack16(self, hi: Self) -> Self;
    /// The 16-bit lanes of `self` and `o` interleaved, in memory order: 32-bit lane `k` of
    /// the pair is `self[k] | o[k] << 16` (the first half of the lanes in the first vector).
    unsafe fn zip16(self, o: Self) -> (Self, Self);
}

/// Levels with a full byte shuffle inside each 16-byte lane (AVX2 `vpshufb`, NEON `tbl`),
/// used by the transcoders. "Windows" are the 16-byte lanes: one for 128-bit levels, two for
/// AVX2, each fed from its own address so consecutive windows can overlap in memory.
pub(crate) trait Shuffle: Lookup {
    /// Per byte within each 16-byte lane: `self[idx & 15]`, or 0 where `idx >= 0x80`.
    unsafe fn shuffle(self, idx: Self) -> Self;
    /// Window `k` loaded from the 16 bytes at `p[k]` (128-bit levels read only `p0`).
    ///
    /// # Safety
    /// The 16 bytes at each address the level reads are readable.
    unsafe fn load_windows(p0: *const u8, p1: *const u8) -> Self;
    /// Window `k` stored to the 16 bytes at `q[k]`, `q0` first (128-bit levels write only
    /// `q0`).
    ///
    /// # Safety
    /// The 16 bytes at each address the level writes are writable.
    unsafe fn store_windows(self, q0: *mut u8, q1: *mut u8);

    /// `utf8_to_utf16::byte_run` at this level, compiled as a function of its own: inlined
    /// into the transcoder, its loop shared the registers with every other path there and
    /// reloaded constants and spilled values on every step.
    ///
    /// # Safety
    /// As `utf8_to_utf16::byte_run`.
    unsafe fn byte_run(
        src: &[u8],
        i: usize,
        dst: &mut [core::mem::MaybeUninit<u16>],
        o: usize,
    ) -> (usize, usize);

    /// Window `w` of `self` shuffled by the 16 indices at `idx` (as [`Shuffle::shuffle`])
    /// and stored to the 16 bytes at `q`.
    ///
    /// # Safety
    /// `w < BYTES / 16`, `idx..idx + 16` is readable and `q..q + 16` writable.
    #[inline(always)]
    unsafe fn shuffle_window_to(self, w: usize, idx: *const u8, q: *mut u8) {
        debug_assert!(w == 0 && Self::BYTES == 16);
        // SAFETY: per the contract, with one window.
        unsafe { self.shuffle(Self::load_windows(idx, idx)).store_windows(q, q) }
    }
    /// Per byte: `a` where `mask` is all ones, else `b` (`mask` bytes are 0 or 0xFF).
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { b.xor(a.xor(b).and(mask)) }
    }

    /// Per byte: `a` where `mask` has its high bit set, else `b`.
    #[inline(always)]
    unsafe fn blend_high(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { Self::blend(Self::zero().gt_i8(mask), a, b) }
    }

    /// Per 16-bit lane `[lo, hi]` (bytes in memory order): `(hi & 0x3F) << 6 | lo & 0x3F`,
    /// two continuation bytes' payloads in order.
    #[inline(always)]
    unsafe fn join_payloads(self) -> Self {
        // SAFETY: CPU per the trait contract.
        unsafe { self.and(Self::splat16(0x3F)).or(self.shr16::<2>().and(Self::splat16(0xFC0))) }
    }

    /// Whether [`Shuffle::extract_bits`] and [`Shuffle::deposit_bits`] are single
    /// instructions (BMI2); kernels pick bit-parallel block algorithms only then.
    const FAST_BIT_SCATTER: bool = false;
    /// The bits of `a` selected by `m`, packed to the bottom (BMI2 `pext`).
    #[inline(always)]
    unsafe fn extract_bits(a: u64, m: u64) -> u64 {
        let (mut m, mut out, mut bit) = (m, 0, 0);
        while m != 0 {
            out |= (a >> m.trailing_zeros() & 1) << bit;
            bit += 1;
            m &= m - 1;
        }
        out
    }
    /// The low bits of `a` spread to the positions of the bits of `m` (BMI2 `pdep`).
    #[inline(always)]
    unsafe fn deposit_bits(a: u64, m: u64) -> u64 {
        let (mut m, mut out, mut bit) = (m, 0, 0);
        while m != 0 {
            out |= (a >> bit & 1) << m.trailing_zeros();
            bit += 1;
            m &= m - 1;
        }
        out
    }
}

/// Levels with a 16-entry byte table lookup (SSSE3 `pshufb` inside AVX2, NEON `tbl`).
pub(crate) trait Lookup: Vector {
    /// A vector holding `table` in each 16-byte lane.
    unsafe fn table(table: &[u8; 16]) -> Self;
    /// Per byte: `table[self & 15]`; `self` holds indices 0..=15 only.
    unsafe fn lookup(self, table: Self) -> Self;
    /// Per byte: `self >> 4`.
    unsafe fn high_nibbles(self) -> Self;
    /// Per byte: `self & 15`.
    unsafe fn low_nibbles(self) -> Self;
}
