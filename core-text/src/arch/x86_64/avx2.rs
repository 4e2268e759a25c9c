//! AVX2 (x86-64-v3): the transcoder hooks, the UTF-16 check and the `utf8_error` kernel of the
//! level; its other kernels are the generic algorithms on [`V256`] (see `ops`).

use super::low_bits;
use crate::arch::generic::utf8_to_utf16::Transcode;
use crate::arch::generic::{utf16_check, window};
use crate::arch::scalar::utf16 as scalar;
use core::arch::x86_64::*;
use core_cpu::vector::avx2::V256;

/// Wraps one AVX2 expression: the trait's contract (the caller runs on an AVX2 CPU) is what
/// makes every intrinsic call sound.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: callers of `Transcode` methods guarantee the CPU has the AVX2 level (its
        // table is only handed out after detection).
        unsafe { $e }
    };
}

impl Transcode for V256 {
    const FAST_BIT_SCATTER: bool = true;
    crate::arch::byte_run_out_of_line!(avx2, V256);
    #[inline(always)]
    unsafe fn extract_bits(a: u64, m: u64) -> u64 {
        // SAFETY: BMI2 is part of this level's detected features.
        unsafe { _pext_u64(a, m) }
    }
    #[inline(always)]
    unsafe fn deposit_bits(a: u64, m: u64) -> u64 {
        // SAFETY: BMI2 is part of this level's detected features.
        unsafe { _pdep_u64(a, m) }
    }
    #[inline(always)]
    unsafe fn join_payloads(self) -> Self {
        // One multiply-add of the masked bytes: lo * 1 + hi * 64.
        avx2!(V256(_mm256_maddubs_epi16(
            _mm256_and_si256(self.0, _mm256_set1_epi16(0x3F3F)),
            _mm256_set1_epi16(0x4001)
        )))
    }
}

crate::arch::utf8_error_entry!(avx2, sized: V256);

/// Per byte `min(c, 15)` for the class byte `c` of a unit below 0x800 (see [`check_utf16`]):
/// how many bytes short of 3 its UTF-8 is.
static DEFICIT: [u8; 16] = [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

/// One class byte per unit of the 32 at `a`, `b`, in order: `u >> 7` as a signed 16-bit
/// value, saturated to a signed byte. A unit below 0x80 gives 0, below 0x800 1 to 15, a high
/// surrogate 0xB0 to 0xB7 and a low one 0xB8 to 0xBF; every other unit gives 16 or more
/// (as an unsigned byte) but never `0xB0..=0xBF`.
///
/// # Safety
/// The CPU has AVX2.
#[inline(always)]
unsafe fn unit_classes(a: __m256i, b: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 intrinsics (CPU per contract).
    unsafe {
        let packed = _mm256_packs_epi16(_mm256_srai_epi16::<7>(a), _mm256_srai_epi16::<7>(b));
        // packs works inside 128-bit lanes: restore unit order.
        _mm256_permute4x64_epi64::<0xD8>(packed)
    }
}

/// The constants of [`check_utf16`] and its steps' parts.
struct Utf16Classes {
    deficit_table: __m256i,
    m5: __m256i,
    high: __m256i,
    low: __m256i,
    bias: __m256i,
    non_ascii: __m256i,
}

impl Utf16Classes {
    /// # Safety
    /// The CPU has AVX2.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: AVX2 per contract; the table load reads `DEFICIT`.
        unsafe {
            Utf16Classes {
                deficit_table: _mm256_broadcastsi128_si256(_mm_loadu_si128(
                    DEFICIT.as_ptr().cast(),
                )),
                m5: _mm256_set1_epi8(0xF8u8 as i8),
                high: _mm256_set1_epi8(0xB0u8 as i8),
                low: _mm256_set1_epi8(0xB8u8 as i8),
                bias: _mm256_set1_epi8(0x70),
                non_ascii: _mm256_set1_epi16(0xFF80u16 as i16),
            }
        }
    }

    /// The 64 units at `q`.
    ///
    /// # Safety
    /// `q..q + 64` is readable; the CPU has AVX2.
    #[inline(always)]
    unsafe fn load(q: *const u16) -> [__m256i; 4] {
        // SAFETY: per the contract.
        [0, 16, 32, 48].map(|k| unsafe { _mm256_loadu_si256(q.add(k).cast()) })
    }

    /// Are the units `v` all ASCII?
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[inline(always)]
    unsafe fn ascii(&self, v: &[__m256i; 4]) -> bool {
        // SAFETY: register-only AVX2 intrinsics (CPU per contract).
        unsafe {
            let any = _mm256_or_si256(_mm256_or_si256(v[0], v[1]), _mm256_or_si256(v[2], v[3]));
            _mm256_testz_si256(any, self.non_ascii) != 0
        }
    }

    /// The high and low surrogate masks of the 64 units `v` and the deficits of each half.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[inline(always)]
    unsafe fn classify(&self, v: &[__m256i; 4]) -> (u64, u64, [__m256i; 2]) {
        // SAFETY: register-only AVX2 intrinsics (CPU per contract).
        unsafe {
            let bits = |x: __m256i| _mm256_movemask_epi8(x) as u32 as u64;
            let (mut hi, mut lo, mut d) = (0u64, 0u64, [_mm256_setzero_si256(); 2]);
            for h in 0..2 {
                let c = unit_classes(v[2 * h], v[2 * h + 1]);
                let top = _mm256_and_si256(c, self.m5);
                hi |= bits(_mm256_cmpeq_epi8(top, self.high)) << (32 * h);
                lo |= bits(_mm256_cmpeq_epi8(top, self.low)) << (32 * h);
                d[h] = _mm256_shuffle_epi8(self.deficit_table, _mm256_adds_epu8(c, self.bias));
            }
            (hi, lo, d)
        }
    }

    /// The step of 64 units at `q` whose counts take only its units `a..b`: its high
    /// surrogate mask, its pairing error (`before_high`: whether the unit before `q` is a high
    /// surrogate), its low surrogates among `a..b` and their deficits, summed over the halves.
    ///
    /// # Safety
    /// `q..q + 64` is readable; `a <= b <= 64`; the CPU has AVX2 and POPCNT.
    #[inline(always)]
    unsafe fn part(
        &self,
        q: *const u16,
        before_high: bool,
        a: usize,
        b: usize,
    ) -> (u64, u64, u64, __m256i) {
        // SAFETY: per the contract; the mask loads read the 64 bytes at `window(a)` and at
        // `window(b)` (`a, b <= 64`).
        unsafe {
            let (hi, lo, d) = self.classify(&Self::load(q));
            let error = ((hi << 1) | u64::from(before_high)) ^ lo;
            let lows = lo & low_bits(b) & !low_bits(a);
            // Bytes `a..` of the 64 are set in `from_a`, bytes `b..` in `from_b`.
            let (from_a, from_b) = (window(a), window(b));
            let d0 = _mm256_andnot_si256(_mm256_loadu_si256(from_b.cast()), d[0]);
            let d0 = _mm256_and_si256(d0, _mm256_loadu_si256(from_a.cast()));
            let d1 = _mm256_andnot_si256(_mm256_loadu_si256(from_b.add(32).cast()), d[1]);
            let d1 = _mm256_and_si256(d1, _mm256_loadu_si256(from_a.add(32).cast()));
            (hi, error, u64::from(lows.count_ones()), _mm256_add_epi8(d0, d1))
        }
    }
}

/// The UTF-16 check (pairing and the UTF-8 length, as `Kernels::utf16_check`) at this level:
/// 64 units a step; the first step ends at a 32-byte boundary and the last ends at the end,
/// both overlapping the loop's steps and counting only their own units. A step of ASCII costs
/// one test (made at most every fourth step while the text is not ASCII). Otherwise, per 32
/// units:
///
/// ```text
/// c:       one class byte per unit, in order ([`unit_classes`]: two shifts, a pack, a permute)
/// pairing: hi, lo = bit masks of c & 0xf8 == 0xb0, == 0xb8 (movemask), 64 bits a step
///          error |= ((hi << 1) | carry) ^ lo      carry = hi >> 63
/// length:  deficit = DEFICIT[c] for c < 16, else 0: one vpshufb of c + 0x70 (unsigned
///          saturation), whose top bit zeroes the lanes of 16 and up
///          bytes = 3 * units - deficits - 2 per low surrogate (a pair counted 3 + 3 is 4)
/// ```
///
/// That is 12 vector operations for 32 units where the generic kernel spends 21 (the seed's
/// `ValidWithSurrogatePairs` measured 169 against 263 ns on an Intel Xeon); the pairing lives
/// in general registers, and the deficits are summed every 63 steps. Inputs shorter than a
/// step take the generic kernel. Validation alone stays generic: without the length, its
/// six operations per 16 units measured 1.1x faster than this pairing.
///
/// # Safety
/// The CPU has AVX2, BMI1 and POPCNT.
#[inline(always)]
pub(crate) unsafe fn check_utf16(src: &[u16]) -> Result<usize, usize> {
    let n = src.len();
    if n < 64 {
        // SAFETY: CPU per contract.
        return unsafe { utf16_check::check::<V256>(src) };
    }
    let p = src.as_ptr();
    // SAFETY: CPU per the caller's contract; every load reads 64 units inside `src` (the last
    // step's start is `n - 64 >= 0`) or the tables.
    unsafe {
        let k = Utf16Classes::new();
        let zero = _mm256_setzero_si256();
        let mut acc = zero;
        let mut sums = zero;
        let (mut steps, mut untested) = (0, 0);
        let (mut ascii_deficit, mut lows) = (0u64, 0u64);
        let (mut carry, mut error) = (0u64, 0u64);
        let mut i = 0;
        // Units up to the first 32-byte boundary first, by a step whose counts take only
        // them, so that the loop's loads each read one cache line (the 64 KiB inputs of the
        // report measured 1.1-1.3x faster than with half the loads split).
        let head = (32 - (p as usize & 31)) % 32 / 2;
        if head != 0 && n >= 128 {
            let (hi, e, l, d) = k.part(p, false, 0, head);
            (error, carry, lows, acc, steps) = (e, (hi >> (head - 1)) & 1, l, d, 1);
            if error != 0 {
                return Err(0);
            }
            i = head;
        }
        while i + 64 <= n {
            // After a step that is not ASCII the next three skip the test (text that is not
            // ASCII tends to stay so); the full path is right for ASCII too.
            let test = untested == 0;
            if !test {
                untested -= 1;
            }
            let v = Utf16Classes::load(p.add(i));
            if test && k.ascii(&v) {
                // Only a high surrogate right before the step can be unpaired.
                error |= carry;
                carry = 0;
                ascii_deficit += 2 * 64;
            } else {
                if test {
                    untested = 3;
                }
                let (hi, lo, d) = k.classify(&v);
                error |= ((hi << 1) | carry) ^ lo;
                carry = hi >> 63;
                lows += u64::from(lo.count_ones());
                acc = _mm256_add_epi8(acc, _mm256_add_epi8(d[0], d[1]));
                steps += 1;
                // Each byte lane gains at most 4 a step: sum before 255.
                if steps == 63 {
                    sums = _mm256_add_epi64(sums, _mm256_sad_epu8(acc, zero));
                    acc = zero;
                    steps = 0;
                }
            }
            if error != 0 {
                return Err(utf16_check::resume_point(src, i));
            }
            i += 64;
        }
        if i < n {
            // The last units: a step ending at `n`, whose pairing re-checks units already
            // checked (with the same result) and whose counts take the new ones only.
            let q = n - 64;
            let (hi, e, l, d) = k.part(p.add(q), scalar::is_high(src[q - 1]), i - q, 64);
            (error, carry, lows, acc) = (error | e, hi >> 63, lows + l, _mm256_add_epi8(acc, d));
            if error != 0 {
                return Err(utf16_check::resume_point(src, i));
            }
        }
        // A high surrogate as the last unit is unpaired.
        if error | carry != 0 {
            return Err(utf16_check::resume_point(src, n));
        }
        sums = _mm256_add_epi64(sums, _mm256_sad_epu8(acc, zero));
        let s = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256::<1>(sums));
        let deficit = (_mm_cvtsi128_si64(s) + _mm_extract_epi64::<1>(s)) as u64 + ascii_deficit;
        Ok(3 * n - deficit as usize - 2 * lows as usize)
    }
}
