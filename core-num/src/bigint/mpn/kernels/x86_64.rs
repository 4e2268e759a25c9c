//! x86_64 kernels for CPUs with BMI2 and ADX (the `avx2` and `avx512` levels).
//!
//! `mulx` multiplies by `rdx` without touching the flags, `adcx` adds with the carry flag only
//! and `adox` with the overflow flag only, so a multiply-accumulate row runs two independent
//! carry chains:
//!
//! ```text
//! for each limb:  (hi, lo) = a[i] * m          mulx
//!                 lo += hi_prev + CF            adcx   (assembles the product row)
//!                 lo += r[i] + OF               adox   (adds it to r)
//! ```
//!
//! Loops are unrolled by eight (measured on Zen 4: by four costs 10% more per limb, by
//! sixteen gains 5%). A length that is not a multiple of eight enters the first pass in the
//! middle (Duff's device), through a small compare tree. Nothing between the first and the
//! last `adcx`/`adox` may write the flags, so loop control uses `lea` and `jrcxz`, which leave
//! them alone. Addressing is by moving pointers: indexed addressing (`[ap + 8*rcx]`) made the
//! same loop 40% slower on Zen 4.
//!
//! `mul_basecase` and `sqr_basecase` run these rows inline, with no call or dispatch per row.
//! Two rows per pass (the portable `addmul_2`) does not pay here: with two carry flags every
//! product still costs two dependent additions, so it would only save loads and stores,
//! which are not the bottleneck (the multiplier is: about 1.25 cycles per `mulx` on Zen 4,
//! against about 1.5 cycles per product for these rows). The shifts are AVX2: four limbs per
//! step from two overlapping unaligned loads (which is why this level also requires AVX2).
//!
//! `div_qr_basecase` (schoolbook division) runs one block per quotient limb: the 3/2
//! estimate, a `submul_1` row whose borrow flows on the same two chains into the two limbs
//! above it, and an early guess of the next top limb. Its speed is the latency of that chain
//! (measured with eight-limb divisors on the development EPYC: about 8 ns per quotient limb,
//! against 11 ns with a dispatched `submul_1` per limb); rows of one to eight limbs get
//! straight-line copies.

use core::arch::asm;
use core::arch::x86_64::{
    __m128i, _mm256_loadu_si256, _mm256_or_si256, _mm256_sll_epi64, _mm256_srl_epi64,
    _mm256_storeu_si256, _mm_cvtsi64_si128,
};
use core::mem::MaybeUninit;

use crate::bigint::mpn::div::schoolbook::{div_qr_with, Steps};

/// The entry of a loop unrolled by eight, for `n = 8 q + rem` limbs (`n >= 1`): `rem == 0`
/// runs `q` full passes; otherwise the pointers move back by `8 - rem` limbs and the first of
/// `q + 1` passes starts at limb `8 - rem` (labels `41`..`47`). Each path clears the flags
/// with `$init` on its way in. Leaves the pass count in `rcx`. `$back` moves the pointers
/// back (the `{c}` register holds `rem`).
#[rustfmt::skip]
macro_rules! enter_unrolled_8 {
    ($back:expr, $init:expr) => {
        concat!(
            "mov {c}, {n}\n",
            "and {c}, 7\n",
            "shr {n}, 3\n",
            "test {c}, {c}\n",
            "jz 50f\n",
            "lea {n}, [{n} + 1]\n",
            $back,
            "mov rcx, {n}\n",
            "cmp {c}, 4\n",
            "je 54f\n",
            "ja 62f\n",
            "cmp {c}, 2\n",
            "jb 57f\n",
            "je 56f\n",
            "jmp 55f\n",
            "62:\n",
            "cmp {c}, 6\n",
            "jb 53f\n",
            "je 52f\n",
            "51:\n", $init, "jmp 41f\n",
            "52:\n", $init, "jmp 42f\n",
            "53:\n", $init, "jmp 43f\n",
            "54:\n", $init, "jmp 44f\n",
            "55:\n", $init, "jmp 45f\n",
            "56:\n", $init, "jmp 46f\n",
            "57:\n", $init, "jmp 47f\n",
            "50:\n",
            "mov rcx, {n}\n",
            $init,
        )
    };
}

/// One limb of `addmul_1`: the product row on the `adcx` chain, the sum into `r` on `adox`.
/// `$hn` receives this limb's high half, `$hp` holds the previous one.
#[rustfmt::skip]
macro_rules! addmul_limb {
    ($off:literal, $lo:literal, $hn:literal, $hp:literal) => {
        concat!(
            "mulx {", $hn, "}, {", $lo, "}, qword ptr [{ap} + ", $off, "]\n",
            "adcx {", $lo, "}, {", $hp, "}\n",
            "adox {", $lo, "}, qword ptr [{rp} + ", $off, "]\n",
            "mov qword ptr [{rp} + ", $off, "], {", $lo, "}\n",
        )
    };
}

/// One limb of `mul_1`: the product row on the `adcx` chain.
#[rustfmt::skip]
macro_rules! mul_limb {
    ($off:literal, $lo:literal, $hn:literal, $hp:literal) => {
        concat!(
            "mulx {", $hn, "}, {", $lo, "}, qword ptr [{ap} + ", $off, "]\n",
            "adcx {", $lo, "}, {", $hp, "}\n",
            "mov qword ptr [{rp} + ", $off, "], {", $lo, "}\n",
        )
    };
}

/// One limb of `submul_1`: the product row on the `adcx` chain, `r + !p` on `adox`.
#[rustfmt::skip]
macro_rules! submul_limb {
    ($off:literal, $lo:literal, $hn:literal, $hp:literal) => {
        concat!(
            "mulx {", $hn, "}, {", $lo, "}, qword ptr [{ap} + ", $off, "]\n",
            "adcx {", $lo, "}, {", $hp, "}\n",
            "not {", $lo, "}\n",
            "adox {", $lo, "}, qword ptr [{rp} + ", $off, "]\n",
            "mov qword ptr [{rp} + ", $off, "], {", $lo, "}\n",
        )
    };
}

/// Stamps out a multiply row over `n` limbs, unrolled by eight. Even limbs take the previous
/// high half from `h` and leave theirs in `t1`, odd limbs the other way round, so with both
/// zeroed any limb is a valid entry and every pass ends with the high half in `h`.
macro_rules! mul_row {
    ($(#[$doc:meta])* $name:ident, $limb:ident, init: $init:literal, tail: $tail:literal) => {
        $(#[$doc])*
        #[inline(always)]
        unsafe fn $name(rp: *mut u64, ap: *const u64, n: usize, m: u64) -> u64 {
            if n == 0 {
                return 0;
            }
            let hi: u64;
            // SAFETY: the caller guarantees the CPU features and `n` valid limbs at both
            // pointers (which are equal or disjoint). The pointers move back by at most seven
            // limbs, but only the limbs `[0, n)` are accessed, each limb of `r` after the same
            // limb of `a` is read. No stack.
            unsafe {
                asm!(
                    "xor {h:e}, {h:e}",
                    "xor {t1:e}, {t1:e}",
                    enter_unrolled_8!(
                        "lea {ap}, [{ap} + 8*{c} - 64]\nlea {rp}, [{rp} + 8*{c} - 64]\n",
                        $init
                    ),
                    ".p2align 5",
                    "40:",
                    $limb!("0", "t0", "t1", "h"),
                    "41:",
                    $limb!("8", "t2", "h", "t1"),
                    "42:",
                    $limb!("16", "t0", "t1", "h"),
                    "43:",
                    $limb!("24", "t2", "h", "t1"),
                    "44:",
                    $limb!("32", "t0", "t1", "h"),
                    "45:",
                    $limb!("40", "t2", "h", "t1"),
                    "46:",
                    $limb!("48", "t0", "t1", "h"),
                    "47:",
                    $limb!("56", "t2", "h", "t1"),
                    "lea {ap}, [{ap} + 64]",
                    "lea {rp}, [{rp} + 64]",
                    "lea rcx, [rcx - 1]",
                    "jrcxz 9f",
                    "jmp 40b",
                    "9:",
                    $tail,
                    n = inout(reg) n => _,
                    ap = inout(reg) ap => _,
                    rp = inout(reg) rp => _,
                    c = out(reg) _,
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    h = out(reg) hi,
                    in("rdx") m,
                    out("rcx") _,
                    options(nostack),
                );
            }
            hi
        }
    };
}

mul_row!(
    /// `r[..n] += a[..n] * m`; returns the high limb.
    ///
    /// # Safety
    ///
    /// BMI2 and ADX are available; `rp` is valid for `n` reads and writes, `ap` for `n`
    /// reads, and the two ranges are the same or disjoint.
    addmul_1_raw,
    addmul_limb,
    init: "xor {t0:e}, {t0:e}\n", // CF = OF = 0
    // both carries into the high limb (it cannot overflow)
    tail: "mov {t0:e}, 0\nadcx {h}, {t0}\nadox {h}, {t0}"
);

mul_row!(
    /// `r[..n] = a[..n] * m`; returns the high limb.
    ///
    /// # Safety
    ///
    /// BMI2 and ADX are available; `rp` is valid for `n` writes, `ap` for `n` reads, and the
    /// two ranges are the same or disjoint.
    mul_1_raw,
    mul_limb,
    init: "xor {t0:e}, {t0:e}\n", // CF = 0
    tail: "mov {t0:e}, 0\nadcx {h}, {t0}"
);

mul_row!(
    /// `r[..n] -= a[..n] * m`; returns the limb to subtract above `r`.
    ///
    /// The subtraction adds the complement, `r - p = r + !p + 1 - 2^(64 n)`, so the `adox`
    /// chain starts with the overflow flag set and ends with the inverted borrow.
    ///
    /// # Safety
    ///
    /// BMI2 and ADX are available; `rp` is valid for `n` reads and writes, `ap` for `n`
    /// reads, and the two ranges are the same or disjoint.
    submul_1_raw,
    submul_limb,
    // 2^31 + 2^31 in 32 bits sets CF and OF; then CF = 0
    init: "mov {t0:e}, 0x80000000\nadd {t0:e}, {t0:e}\nclc\n",
    // high limb + product carry + borrow, where borrow = 1 - OF
    tail: "mov {t0:e}, 0\nadcx {h}, {t0}\nlea {t0}, [{h} + 1]\ncmovno {h}, {t0}"
);

/// One limb of `add_n`/`sub_n` through the temporary `$t`.
#[rustfmt::skip]
macro_rules! add_limb {
    ($op:literal, $off:literal, $t:literal) => {
        concat!(
            "mov {", $t, "}, qword ptr [{ap} + ", $off, "]\n",
            $op, " {", $t, "}, qword ptr [{bp} + ", $off, "]\n",
            "mov qword ptr [{rp} + ", $off, "], {", $t, "}\n",
        )
    };
}

/// Stamps out `r = a op b` over `n` limbs with a single `adc`/`sbb` chain, unrolled by eight;
/// returns the carry.
macro_rules! add_sub_raw {
    ($(#[$doc:meta])* $name:ident, $op:literal) => {
        $(#[$doc])*
        ///
        /// # Safety
        ///
        /// `rp` is valid for `n` writes, `ap` and `bp` for `n` reads; `rp` is disjoint from or
        /// equal to each of `ap` and `bp`.
        #[inline(always)]
        unsafe fn $name(rp: *mut u64, ap: *const u64, bp: *const u64, n: usize) -> u64 {
            if n == 0 {
                return 0;
            }
            let carry: u64;
            // SAFETY: the caller guarantees `n` valid limbs at each pointer. The pointers move
            // back by at most seven limbs, but only limbs `[0, n)` are accessed, each limb of
            // `r` after the same limbs of `a` and `b` are read. No stack.
            unsafe {
                asm!(
                    enter_unrolled_8!(
                        concat!(
                            "lea {ap}, [{ap} + 8*{c} - 64]\n",
                            "lea {bp}, [{bp} + 8*{c} - 64]\n",
                            "lea {rp}, [{rp} + 8*{c} - 64]\n",
                        ),
                        "clc\n"
                    ),
                    ".p2align 5",
                    "40:",
                    add_limb!($op, "0", "t0"),
                    "41:",
                    add_limb!($op, "8", "t1"),
                    "42:",
                    add_limb!($op, "16", "t2"),
                    "43:",
                    add_limb!($op, "24", "t3"),
                    "44:",
                    add_limb!($op, "32", "t0"),
                    "45:",
                    add_limb!($op, "40", "t1"),
                    "46:",
                    add_limb!($op, "48", "t2"),
                    "47:",
                    add_limb!($op, "56", "t3"),
                    "lea {ap}, [{ap} + 64]",
                    "lea {bp}, [{bp} + 64]",
                    "lea {rp}, [{rp} + 64]",
                    "dec rcx", // leaves CF alone
                    "jnz 40b",
                    "mov {t0:e}, 0",
                    "adc {t0:e}, 0",
                    n = inout(reg) n => _,
                    ap = inout(reg) ap => _,
                    bp = inout(reg) bp => _,
                    rp = inout(reg) rp => _,
                    c = out(reg) _,
                    t0 = out(reg) carry,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) _,
                    out("rcx") _,
                    options(nostack),
                );
            }
            carry
        }
    };
}

add_sub_raw!(
    /// `r[..n] = a[..n] + b[..n]`; returns the carry.
    add_n_raw,
    "adc"
);
add_sub_raw!(
    /// `r[..n] = a[..n] - b[..n]`; returns the borrow.
    sub_n_raw,
    "sbb"
);

/// One limb of the last squaring step: `r[2i..2i + 2]` doubled on the `adcx` chain, `a[i]^2`
/// added on `adox`.
#[rustfmt::skip]
macro_rules! diagonal_limb {
    ($a:literal, $r:literal) => {
        concat!(
            "mov rdx, qword ptr [{ap} + ", $a, "]\n",
            "mulx {t1}, {t0}, rdx\n",
            "mov {x0}, qword ptr [{rp} + ", $r, "]\n",
            "mov {x1}, qword ptr [{rp} + ", $r, " + 8]\n",
            "adcx {x0}, {x0}\n",
            "adcx {x1}, {x1}\n",
            "adox {x0}, {t0}\n",
            "adox {x1}, {t1}\n",
            "mov qword ptr [{rp} + ", $r, "], {x0}\n",
            "mov qword ptr [{rp} + ", $r, " + 8], {x1}\n",
        )
    };
}

/// `r[..2n] = 2 * r[..2n] + (a[0]^2 + a[1]^2 * 2^128 + ...)`, the last step of squaring; the
/// result must fit in `2n` limbs. Two limbs of `a` per pass, one first when `n` is odd.
///
/// # Safety
///
/// BMI2 and ADX are available; `rp` is valid for `2n` reads and writes, `ap` for `n` reads,
/// and the two ranges are disjoint.
#[inline(always)]
unsafe fn double_add_diagonal_raw(rp: *mut u64, ap: *const u64, n: usize) {
    // SAFETY: the caller guarantees the features and valid ranges; the block reads `ap[..n]`,
    // reads and writes `rp[..2n]`; no stack.
    unsafe {
        asm!(
            "mov {c}, {n}",
            "and {c}, 1",
            "shr {n}, 1",
            "xor {t0:e}, {t0:e}", // CF = OF = 0
            "mov rcx, {c}",
            "jrcxz 2f",
            diagonal_limb!("0", "0"),
            "lea {ap}, [{ap} + 8]",
            "lea {rp}, [{rp} + 16]",
            "2:",
            "mov rcx, {n}",
            "jrcxz 5f",
            ".p2align 4",
            "4:",
            diagonal_limb!("0", "0"),
            diagonal_limb!("8", "16"),
            "lea {ap}, [{ap} + 16]",
            "lea {rp}, [{rp} + 32]",
            "lea rcx, [rcx - 1]",
            "jrcxz 5f",
            "jmp 4b",
            "5:",
            n = inout(reg) n => _,
            ap = inout(reg) ap => _,
            rp = inout(reg) rp => _,
            c = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            out("rcx") _,
            out("rdx") _,
            options(nostack),
        );
    }
}

core_cpu::target_fn!(avx2_adx;
/// `r = a + b`; the carry.
///
/// # Safety
///
/// BMI2 and ADX are available (the same holds for every kernel below).
pub(super) unsafe fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len().min(a.len()).min(b.len());
    // SAFETY: `n` limbs are valid at each; `r` is a unique borrow, so disjoint from `a`, `b`.
    unsafe { add_n_raw(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r += b`; the carry.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn add_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    let n = r.len().min(b.len());
    let rp = r.as_mut_ptr();
    // SAFETY: `n` limbs valid at each; `a` is `r` itself (equal ranges are allowed).
    unsafe { add_n_raw(rp, rp, b.as_ptr(), n) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r = a - b`; the borrow.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len().min(a.len()).min(b.len());
    // SAFETY: as in `add_n`.
    unsafe { sub_n_raw(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r -= b`; the borrow.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn sub_n_assign(r: &mut [u64], b: &[u64]) -> u64 {
    let n = r.len().min(b.len());
    let rp = r.as_mut_ptr();
    // SAFETY: as in `add_n_assign`.
    unsafe { sub_n_raw(rp, rp, b.as_ptr(), n) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r = b - r`; the borrow.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn sub_n_rev_assign(r: &mut [u64], b: &[u64]) -> u64 {
    let n = r.len().min(b.len());
    let rp = r.as_mut_ptr();
    // SAFETY: as in `add_n_assign`, with `r` in the place of `b`.
    unsafe { sub_n_raw(rp, b.as_ptr(), rp, n) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r = a * m`; the high limb.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn mul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    let n = r.len().min(a.len());
    // SAFETY: the caller guarantees the features; `n` limbs valid at each, disjoint.
    unsafe { mul_1_raw(r.as_mut_ptr(), a.as_ptr(), n, m) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r *= m`; the high limb.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn mul_1_assign(r: &mut [u64], m: u64) -> u64 {
    let rp = r.as_mut_ptr();
    // SAFETY: the caller guarantees the features; equal ranges are allowed.
    unsafe { mul_1_raw(rp, rp, r.len(), m) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r += a * m`; the high limb.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn addmul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    let n = r.len().min(a.len());
    // SAFETY: the caller guarantees the features; `n` limbs valid at each, disjoint.
    unsafe { addmul_1_raw(r.as_mut_ptr(), a.as_ptr(), n, m) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r -= a * m`; the limb to subtract above `r`.
///
/// # Safety
///
/// BMI2 and ADX are available.
pub(super) unsafe fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
    let n = r.len().min(a.len());
    // SAFETY: the caller guarantees the features; `n` limbs valid at each, disjoint.
    unsafe { submul_1_raw(r.as_mut_ptr(), a.as_ptr(), n, m) }
}
);

core_cpu::target_fn!(avx2_adx;
/// `r = a << bits` (`1 <= bits < 64`, same length; `r` may be uninitialised and is written
/// whole), four limbs per AVX2 step:
/// `r[i] = a[i] << bits | a[i - 1] >> (64 - bits)` from two overlapping unaligned loads.
///
/// # Safety
///
/// AVX2, BMI2 and ADX are available.
pub(super) unsafe fn shl_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], bits: u32) -> u64 {
    let n = r.len().min(a.len());
    if n == 0 {
        return 0;
    }
    let (rp, ap) = (r.as_mut_ptr().cast::<u64>(), a.as_ptr());
    let (up, down) = (shift_count(bits), shift_count(64 - bits));
    let mut i = 1;
    while i + 4 <= n {
        // SAFETY: `i - 1 + 5 <= n`: the reads `a[i - 1..i + 4]` and the writes `r[i..i + 4]`
        // are in bounds.
        unsafe { funnel4(rp.add(i), ap.add(i - 1), up, down) };
        i += 4;
    }
    let out = a[n - 1] >> (64 - bits);
    for j in i..n {
        r[j].write((a[j] << bits) | (a[j - 1] >> (64 - bits)));
    }
    r[0].write(a[0] << bits);
    out
}
);

core_cpu::target_fn!(avx2_adx;
/// `r <<= bits` (`1 <= bits < 64`), four limbs per AVX2 step from the top down: each step
/// reads only limbs below the ones already written.
///
/// # Safety
///
/// AVX2, BMI2 and ADX are available.
pub(super) unsafe fn shl_assign(r: &mut [u64], bits: u32) -> u64 {
    let n = r.len();
    if n == 0 {
        return 0;
    }
    let out = r[n - 1] >> (64 - bits);
    let rp = r.as_mut_ptr();
    let (up, down) = (shift_count(bits), shift_count(64 - bits));
    // Limbs `i..end` are done; `end` steps down by four while `end - 4 >= 1`.
    let mut end = n;
    while end >= 5 {
        let i = end - 4;
        // SAFETY: `1 <= i` and `i + 4 == end <= n`: the reads cover `i - 1..end`, all in
        // bounds and none written yet (only `end..n` is).
        unsafe { funnel4(rp.add(i), rp.add(i - 1), up, down) };
        end = i;
    }
    for j in (1..end).rev() {
        r[j] = (r[j] << bits) | (r[j - 1] >> (64 - bits));
    }
    r[0] <<= bits;
    out
}
);

core_cpu::target_fn!(avx2_adx;
/// `r = a >> bits` (`1 <= bits < 64`, same length), four limbs per AVX2 step.
///
/// # Safety
///
/// AVX2, BMI2 and ADX are available.
pub(super) unsafe fn shr(r: &mut [u64], a: &[u64], bits: u32) -> u64 {
    let n = r.len().min(a.len());
    if n == 0 {
        return 0;
    }
    let (rp, ap) = (r.as_mut_ptr(), a.as_ptr());
    let (down, up) = (shift_count(bits), shift_count(64 - bits));
    let out = a[0] << (64 - bits);
    let mut i = 0;
    while i + 5 <= n {
        // SAFETY: `i + 5 <= n`: the reads `a[i..i + 5]` and the writes `r[i..i + 4]` are in
        // bounds.
        unsafe { funnel4(rp.add(i), ap.add(i), up, down) };
        i += 4;
    }
    for j in i..n - 1 {
        r[j] = (a[j] >> bits) | (a[j + 1] << (64 - bits));
    }
    r[n - 1] = a[n - 1] >> bits;
    out
}
);

core_cpu::target_fn!(avx2_adx;
/// `r >>= bits` (`1 <= bits < 64`), four limbs per AVX2 step from the bottom up: each step
/// reads only limbs above the ones already written.
///
/// # Safety
///
/// AVX2, BMI2 and ADX are available.
pub(super) unsafe fn shr_assign(r: &mut [u64], bits: u32) -> u64 {
    let n = r.len();
    if n == 0 {
        return 0;
    }
    let out = r[0] << (64 - bits);
    let rp = r.as_mut_ptr();
    let (down, up) = (shift_count(bits), shift_count(64 - bits));
    let mut i = 0;
    while i + 5 <= n {
        // SAFETY: `i + 5 <= n`: the reads cover `i..i + 5`, in bounds and not yet written
        // (only `..i` is).
        unsafe { funnel4(rp.add(i), rp.add(i), up, down) };
        i += 4;
    }
    for j in i..n - 1 {
        r[j] = (r[j] >> bits) | (r[j + 1] << (64 - bits));
    }
    r[n - 1] >>= bits;
    out
}
);

core_cpu::target_fn!(avx2_adx;
/// `dst[k] = src[k + 1] << left | src[k] >> right` for `k < 4` (shift counts from
/// [`shift_count`]): the funnel shift all four shift kernels are made of. Both loads happen
/// before the store, so `dst` may be `src` or `src + 1` (the in-place kernels).
///
/// # Safety
///
/// AVX2 is available, `src..src + 5` is readable and `dst..dst + 4` writable.
#[inline]
unsafe fn funnel4(dst: *mut u64, src: *const u64, left: __m128i, right: __m128i) {
    // SAFETY: per the contract above.
    unsafe {
        let hi = _mm256_loadu_si256(src.add(1).cast());
        let lo = _mm256_loadu_si256(src.cast());
        let v = _mm256_or_si256(_mm256_sll_epi64(hi, left), _mm256_srl_epi64(lo, right));
        _mm256_storeu_si256(dst.cast(), v);
    }
}
);

core_cpu::target_fn!(avx2_adx;
/// A shift count for `_mm256_sll_epi64` / `_mm256_srl_epi64` (the low 64 bits of the register).
#[inline]
fn shift_count(bits: u32) -> __m128i {
    _mm_cvtsi64_si128(i64::from(bits))
}
);

core_cpu::target_fn!(avx2_adx;
/// Schoolbook `r = a * b`: one `mul_1` row, then `addmul_1` rows, all inline.
///
/// # Safety
///
/// BMI2 and ADX are available.
///
/// # Panics
///
/// Unless `a.len() >= b.len() >= 1` and `r.len() == a.len() + b.len()`.
pub(super) unsafe fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    assert!(n >= b.len() && !b.is_empty() && r.len() == n + b.len());
    let (rp, ap) = (r.as_mut_ptr(), a.as_ptr());
    // SAFETY: the caller guarantees the features; row `j` touches `r[j..=j + n]`, inside `r`
    // by the assertion, and `r` is disjoint from `a`.
    unsafe {
        *rp.add(n) = mul_1_raw(rp, ap, n, b[0]);
        for (j, &m) in b.iter().enumerate().skip(1) {
            *rp.add(j + n) = addmul_1_raw(rp.add(j), ap, n, m);
        }
    }
}
);

core_cpu::target_fn!(avx2_adx;
/// Schoolbook `r = a * a`: the triangle `a[i] * a[j]` (`i < j`) once, doubled, plus the
/// squares on the diagonal.
///
/// # Safety
///
/// BMI2 and ADX are available.
///
/// # Panics
///
/// Unless `a.len() >= 1` and `r.len() == 2 * a.len()`.
pub(super) unsafe fn sqr_basecase(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    assert!(n >= 1 && r.len() == 2 * n);
    if n == 1 {
        let p = a[0] as u128 * a[0] as u128;
        (r[0], r[1]) = (p as u64, (p >> 64) as u64);
        return;
    }
    let (rp, ap) = (r.as_mut_ptr(), a.as_ptr());
    // SAFETY: the caller guarantees the features. Row `i` reads `a[i + 1..n]` and writes
    // `r[2i + 1..=i + n]`, all inside `r` (`i + n <= 2n - 2`); the last step covers `r[..2n]`
    // and `a[..n]`; `r` is disjoint from `a`.
    unsafe {
        *rp = 0;
        *rp.add(n) = mul_1_raw(rp.add(1), ap.add(1), n - 1, a[0]);
        // An index loop: the iterator form (`enumerate().skip(1)`) measured 20% slower.
        for i in 1..n - 1 {
            let m = *ap.add(i);
            *rp.add(i + n) = addmul_1_raw(rp.add(2 * i + 1), ap.add(i + 1), n - 1 - i, m);
        }
        *rp.add(2 * n - 1) = 0;
        double_add_diagonal_raw(rp, ap, n);
    }
}
);

/// The 3/2 estimate of [`div_step_raw`] and `div_step_fixed!`: with `rdx = u2`,
/// `{x1} = u1`, `{x0} = u0` and `{g}` pointing to `[d0, d1, v]`, leaves `q` in `{t0}` and
/// `rdx`, and the remainder `(r1, r0)` in `({x1}, {x0})`. Uses `{t1}`, `{h}`, `{s}` and the
/// register named by `$tl`.
///
/// Möller–Granlund's 3/2 division scheduled for latency: `d` comes off `(u1, u0)` while
/// `v * u2` is in flight, the likely correction is branch-free, the rare one a branch.
#[rustfmt::skip]
macro_rules! div_3by2_text {
    ($tl:literal) => {
        concat!(
            "mulx {t0}, {t1}, qword ptr [{g} + 16]\n", // (q1, q0) = v * u2
            "add {t1}, {x1}\n",
            "adc {t0}, rdx\n",                         // (q1, q0) += (u2, u1)
            "sub {x0}, qword ptr [{g}]\n",
            "sbb {x1}, qword ptr [{g} + 8]\n",         // x = (u1, u0) - d
            "mov {h}, qword ptr [{g} + 8]\n",
            "imul {h}, {t0}\n",
            "mov rdx, {t0}\n",
            "mulx {s}, ", $tl, ", qword ptr [{g}]\n",  // (s, tl) = q1 * d0
            "sub {x1}, {h}\n",
            "sub {x0}, ", $tl, "\n",
            "sbb {x1}, {s}\n",                         // x = (u1 - q1 d1, u0) - q1 d0 - d
            "cmp {x1}, {t1}\n",
            "sbb {h}, {h}\n",                          // h = -(x1 < q0), CF kept
            "adc {t0}, 0\n",                           // q = q1 + (x1 < q0)
            "not {h}\n",
            "mov {s}, qword ptr [{g} + 8]\n",
            "and {s}, {h}\n",
            "and {h}, qword ptr [{g}]\n",
            "add {x0}, {h}\n",
            "adc {x1}, {s}\n",                         // x += d when x1 >= q0
            "cmp {x0}, qword ptr [{g}]\n",
            "mov {h}, {x1}\n",
            "sbb {h}, qword ptr [{g} + 8]\n",
            "jb 2f\n",                                 // rare: x >= d
            "sub {x0}, qword ptr [{g}]\n",
            "sbb {x1}, qword ptr [{g} + 8]\n",
            "add {t0}, 1\n",
            "2:\n",
            "mov rdx, {t0}\n",
        )
    };
}

/// The early guess of the step's new `r1` (see [`div_step_raw`]): `{g} = r1 - (r0 < h)` for
/// `h` the high half of `q` times the row's top divisor limb at `[{ap} + $top]`, and
/// `{s} = 1` exactly when the guess is unsure.
#[rustfmt::skip]
macro_rules! div_guess_text {
    ($top:literal) => {
        concat!(
            "mulx {s}, {g}, qword ptr [{ap} + ", $top, "]\n",
            "mov {g}, {x0}\n",
            "sub {g}, {s}\n",
            "sbb {s}, {s}\n",
            "cmp {g}, 2\n",
            "lea {g}, [{x1} + {s}]\n",
            "adc {s}, 0\n",
        )
    };
}

/// The end of a step: the row's borrow limb `$hi + CF + 1 - OF` comes off `r0` on the same
/// chains (`r0 + !($hi + CF) + OF - B`), then `1 - OF` off `r1`, leaving OF clear when the
/// whole went negative; `{t0}` ends 1 when it did not. An unsure guess is replaced by the
/// exact `r1`. `$z` is a free register.
#[rustfmt::skip]
macro_rules! div_tail_text {
    ($hi:literal, $z:literal) => {
        concat!(
            "mov ", $z, ", 0\n",
            "adcx ", $hi, ", ", $z, "\n",
            "not ", $hi, "\n",
            "adox {x0}, ", $hi, "\n",
            "mov ", $z, ", -1\n",
            "adox {x1}, ", $z, "\n",
            "seto {t0:l}\n",
            "cmp {s}, 1\n",
            "jne 3f\n",
            "mov {g}, {x1}\n",                         // unsure guess: take the exact r1
            "3:\n",
            "movzx {t0:e}, {t0:l}\n",
        )
    };
}

/// `(q, r1, r0)` of `(u2 u1 u0) / (d1 d0)` with `(u2, u1) < (d1, d0)` and `v` the 3/2
/// reciprocal, as `div::reciprocal::div_3by2` (the step of two-limb divisors, which has no
/// row). `dv` holds `[d0, d1, v]`.
#[inline(always)]
fn div_3by2_asm(u2: u64, u1: u64, u0: u64, dv: &[u64; 3]) -> (u64, u64, u64) {
    let (q, r1, r0): (u64, u64, u64);
    // SAFETY: reads the three limbs of `dv`; only registers otherwise; no stack.
    unsafe {
        asm!(
            div_3by2_text!("{tl}"),
            inout("rdx") u2 => _,
            x1 = inout(reg) u1 => r1,
            x0 = inout(reg) u0 => r0,
            g = in(reg) dv.as_ptr(),
            t0 = out(reg) q,
            t1 = out(reg) _,
            h = out(reg) _,
            s = out(reg) _,
            tl = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    (q, r1, r0)
}

/// The flag setup of [`div_step_raw`]'s row: clears the two high-half registers and sets
/// OF (the complement trick's `+ 1`) with CF clear.
#[rustfmt::skip]
macro_rules! div_row_init {
    () => {
        concat!(
            "xor {h:e}, {h:e}\n",
            "xor {t1:e}, {t1:e}\n",
            // 0x80000000 - 1 in 32 bits overflows (OF = 1) without a borrow (CF = 0)
            "mov {t0:e}, 0x80000000\n",
            "cmp {t0:e}, 1\n",
        )
    };
}

/// One schoolbook step (`n >= 1` row limbs) in one block: the 3/2 estimate `q` of
/// `(u2 u1 u0) / (d1 d0)` and its remainder `(r1, r0)`, then `r[..n] -= a[..n] * q` with the
/// borrow out taken from `(r1, r0)` on the same two carry chains. `dv` points to
/// `[d0, d1, v]`.
///
/// The next step needs the new `r1` first, and the carry chains end late; but the row's
/// borrow limb `c` lies in `[h, h + 2]` for `h` the high half of `q * a[n - 1]`, so unless
/// `r0 - h` is 0 or 1 the borrow out of `r0 - c`, hence the new `r1`, is known right after one
/// multiplication. That guess is what the step returns; when it is unsure, a branch (taken
/// about once in 2^63 steps on random data) swaps in the value the chains produce.
///
/// Returns `(q, r1, r0, r's new top limb, negative)`.
///
/// # Safety
///
/// `n >= 1`; `rp` is valid for `n` reads and writes, `ap` for `n` reads, `dv` for 3 reads,
/// and the ranges are disjoint.
#[inline(always)]
unsafe fn div_step_raw(
    rp: *mut u64,
    ap: *const u64,
    n: usize,
    u2: u64,
    u1: u64,
    u0: u64,
    dv: *const u64,
) -> (u64, u64, u64, u64, bool) {
    let (q, r1, r0, w_top, ok): (u64, u64, u64, u64, u64);
    // SAFETY: the caller guarantees the pointers and `n >= 1`. The 3/2 part reads `dv[..3]`;
    // the row reads `a[n - 1]`, then as `submul_1_raw` touches only limbs `[0, n)` of `a`
    // and `r` (the pointers move back by at most seven limbs first). No stack.
    unsafe {
        asm!(
            div_3by2_text!("rcx"),
            div_guess_text!("8*{t2} - 8"),
            // the row, unrolled by eight, entered as `enter_unrolled_8!` with t2 = n
            "mov {h}, {t2}",
            "and {h}, 7",
            "shr {t2}, 3",
            "test {h}, {h}",
            "jz 50f",
            "lea {t2}, [{t2} + 1]",
            "lea {ap}, [{ap} + 8*{h} - 64]",
            "lea {rp}, [{rp} + 8*{h} - 64]",
            "mov rcx, {t2}",
            "cmp {h}, 4",
            "je 54f",
            "ja 62f",
            "cmp {h}, 2",
            "jb 57f",
            "je 56f",
            "jmp 55f",
            "62:",
            "cmp {h}, 6",
            "jb 53f",
            "je 52f",
            "51:", div_row_init!(), "jmp 41f",
            "52:", div_row_init!(), "jmp 42f",
            "53:", div_row_init!(), "jmp 43f",
            "54:", div_row_init!(), "jmp 44f",
            "55:", div_row_init!(), "jmp 45f",
            "56:", div_row_init!(), "jmp 46f",
            "57:", div_row_init!(), "jmp 47f",
            "50:",
            "mov rcx, {t2}",
            div_row_init!(),
            ".p2align 5",
            "40:",
            submul_limb!("0", "t0", "t1", "h"),
            "41:",
            submul_limb!("8", "t2", "h", "t1"),
            "42:",
            submul_limb!("16", "t0", "t1", "h"),
            "43:",
            submul_limb!("24", "t2", "h", "t1"),
            "44:",
            submul_limb!("32", "t0", "t1", "h"),
            "45:",
            submul_limb!("40", "t2", "h", "t1"),
            "46:",
            submul_limb!("48", "t0", "t1", "h"),
            "47:",
            submul_limb!("56", "t2", "h", "t1"),
            "lea {ap}, [{ap} + 64]",
            "lea {rp}, [{rp} + 64]",
            "lea rcx, [rcx - 1]",
            "jrcxz 9f",
            "jmp 40b",
            "9:",
            // every pass ends on the limb at offset 56: the last limb written is in t2
            div_tail_text!("{h}", "{t0}"),
            inout("rdx") u2 => q,
            x0 = inout(reg) u0 => r0,
            x1 = inout(reg) u1 => _,
            g = inout(reg) dv => r1,
            s = out(reg) _,
            rp = inout(reg) rp => _,
            ap = inout(reg) ap => _,
            t0 = out(reg) ok,
            t1 = out(reg) _,
            t2 = inout(reg) n => w_top,
            h = out(reg) _,
            out("rcx") _,
            options(nostack),
        );
    }
    (q, r1, r0, w_top, ok == 0)
}

/// Limbs after the first of a fixed-length division row, alternating registers as the
/// unrolled loops do; this one takes an odd-numbered limb.
macro_rules! submul_limbs_odd {
    () => {
        ""
    };
    ($off:literal $(, $rest:literal)*) => {
        concat!(submul_limb!($off, "t2", "h", "t1"), submul_limbs_even!($($rest),*))
    };
}

/// As [`submul_limbs_odd!`], for an even-numbered limb.
macro_rules! submul_limbs_even {
    () => {
        ""
    };
    ($off:literal $(, $rest:literal)*) => {
        concat!(submul_limb!($off, "t0", "t1", "h"), submul_limbs_odd!($($rest),*))
    };
}

/// Stamps out [`div_step_raw`] for a row of a fixed length: straight-line code, no entry
/// tree or loop control. `$top` is the byte offset of the row's top limb, `$hi` and `$z` the
/// registers of the tail (the last high half and a free one), `$fix` moves the last limb
/// written into `t2`.
macro_rules! div_step_fixed {
    (
        $(#[$doc:meta])* $name:ident, top: $top:literal, tail: ($hi:literal, $z:literal),
        fix: $fix:literal, offsets: [$first:literal $(, $off:literal)*]
    ) => {
        $(#[$doc])*
        ///
        /// # Safety
        ///
        /// `rp` is valid for that many reads and writes, `ap` for that many reads, `dv` for
        /// 3 reads, and the ranges are disjoint.
        #[inline(always)]
        unsafe fn $name(
            rp: *mut u64,
            ap: *const u64,
            u2: u64,
            u1: u64,
            u0: u64,
            dv: *const u64,
        ) -> (u64, u64, u64, u64, bool) {
            let (q, r1, r0, w_top, ok): (u64, u64, u64, u64, u64);
            // SAFETY: the caller guarantees the pointers; the block reads `dv[..3]` and
            // `a[..len]`, reads and writes `r[..len]`. No stack.
            unsafe {
                asm!(
                    div_3by2_text!("{t2}"),
                    div_guess_text!($top),
                    // OF = 1, CF = 0; the first limb has no carry in
                    "mov {t0:e}, 0x80000000",
                    "cmp {t0:e}, 1",
                    concat!("mulx {t1}, {t0}, qword ptr [{ap} + ", $first, "]"),
                    "not {t0}",
                    concat!("adox {t0}, qword ptr [{rp} + ", $first, "]"),
                    concat!("mov qword ptr [{rp} + ", $first, "], {t0}"),
                    submul_limbs_odd!($($off),*),
                    $fix,
                    div_tail_text!($hi, $z),
                    inout("rdx") u2 => q,
                    x0 = inout(reg) u0 => r0,
                    x1 = inout(reg) u1 => _,
                    g = inout(reg) dv => r1,
                    s = out(reg) _,
                    rp = in(reg) rp,
                    ap = in(reg) ap,
                    t0 = out(reg) ok,
                    t1 = out(reg) _,
                    t2 = out(reg) w_top,
                    h = out(reg) _,
                    options(nostack),
                );
            }
            (q, r1, r0, w_top, ok == 0)
        }
    };
}

div_step_fixed!(
    /// [`div_step_raw`] for one row limb (three-limb divisors).
    div_step_1, top: "0", tail: ("{t1}", "{h}"), fix: "mov {t2}, {t0}", offsets: ["0"]
);
div_step_fixed!(
    /// [`div_step_raw`] for two row limbs.
    div_step_2, top: "8", tail: ("{h}", "{t0}"), fix: "", offsets: ["0", "8"]
);
div_step_fixed!(
    /// [`div_step_raw`] for three row limbs.
    div_step_3, top: "16", tail: ("{t1}", "{h}"), fix: "mov {t2}, {t0}",
    offsets: ["0", "8", "16"]
);
div_step_fixed!(
    /// [`div_step_raw`] for four row limbs.
    div_step_4, top: "24", tail: ("{h}", "{t0}"), fix: "", offsets: ["0", "8", "16", "24"]
);
div_step_fixed!(
    /// [`div_step_raw`] for five row limbs.
    div_step_5, top: "32", tail: ("{t1}", "{h}"), fix: "mov {t2}, {t0}",
    offsets: ["0", "8", "16", "24", "32"]
);
div_step_fixed!(
    /// [`div_step_raw`] for six row limbs (eight-limb divisors).
    div_step_6, top: "40", tail: ("{h}", "{t0}"), fix: "",
    offsets: ["0", "8", "16", "24", "32", "40"]
);
div_step_fixed!(
    /// [`div_step_raw`] for seven row limbs.
    div_step_7, top: "48", tail: ("{t1}", "{h}"), fix: "mov {t2}, {t0}",
    offsets: ["0", "8", "16", "24", "32", "40", "48"]
);
div_step_fixed!(
    /// [`div_step_raw`] for eight row limbs.
    div_step_8, top: "56", tail: ("{h}", "{t0}"), fix: "",
    offsets: ["0", "8", "16", "24", "32", "40", "48", "56"]
);

/// The BMI2/ADX [`Steps`] for rows of `M` limbs (`M` in `1..=8`, straight-line code), or of
/// any length (`M == 0`, the unrolled loop): the scheduled 3/2 step and the row with its
/// borrow folded into the two limbs above, in one block per step.
struct Bmi2AdxSteps<const M: usize>;

impl<const M: usize> Steps for Bmi2AdxSteps<M> {
    #[inline(always)]
    fn div_3by2(u2: u64, u1: u64, u0: u64, dv: &[u64; 3]) -> (u64, u64, u64) {
        div_3by2_asm(u2, u1, u0, dv)
    }

    #[inline(always)]
    fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64 {
        let n = r.len().min(a.len());
        // SAFETY: only reached from `div_qr_basecase`, whose caller guarantees the features;
        // `n` limbs valid at each; `r` is a unique borrow, so disjoint from `a`.
        unsafe { submul_1_raw(r.as_mut_ptr(), a.as_ptr(), n, m) }
    }

    #[inline(always)]
    fn step(
        w: &mut [u64],
        dl: &[u64],
        u2: u64,
        u1: u64,
        u0: u64,
        dv: &[u64; 3],
    ) -> (u64, u64, u64, u64, bool) {
        let n = w.len().min(dl.len());
        assert!(n >= 1 && (M == 0 || n == M));
        let (rp, ap, dv) = (w.as_mut_ptr(), dl.as_ptr(), dv.as_ptr());
        // SAFETY: `n >= 1` limbs valid at `w` and `dl` (exactly `M` for the fixed rows), three
        // at `dv`; `w` is a unique borrow, so disjoint from the others.
        unsafe {
            match M {
                1 => div_step_1(rp, ap, u2, u1, u0, dv),
                2 => div_step_2(rp, ap, u2, u1, u0, dv),
                3 => div_step_3(rp, ap, u2, u1, u0, dv),
                4 => div_step_4(rp, ap, u2, u1, u0, dv),
                5 => div_step_5(rp, ap, u2, u1, u0, dv),
                6 => div_step_6(rp, ap, u2, u1, u0, dv),
                7 => div_step_7(rp, ap, u2, u1, u0, dv),
                8 => div_step_8(rp, ap, u2, u1, u0, dv),
                _ => div_step_raw(rp, ap, n, u2, u1, u0, dv),
            }
        }
    }
}

core_cpu::target_fn!(avx2_adx;
/// Schoolbook division (Knuth D with the 3/2 estimate) with the BMI2/ADX steps inline; see
/// [`div_qr_with`]. Divisors of three to ten limbs get a copy of the loop with straight-line
/// rows.
///
/// # Safety
///
/// BMI2 and ADX are available.
///
/// # Panics
///
/// Unless `d.len() >= 2`, `d`'s top bit is set and `a.len() == q.len() + d.len()`.
pub(super) unsafe fn div_qr_basecase(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    match d.len() {
        3 => div_qr_with::<Bmi2AdxSteps<1>>(q, a, d, v),
        4 => div_qr_with::<Bmi2AdxSteps<2>>(q, a, d, v),
        5 => div_qr_with::<Bmi2AdxSteps<3>>(q, a, d, v),
        6 => div_qr_with::<Bmi2AdxSteps<4>>(q, a, d, v),
        7 => div_qr_with::<Bmi2AdxSteps<5>>(q, a, d, v),
        8 => div_qr_with::<Bmi2AdxSteps<6>>(q, a, d, v),
        9 => div_qr_with::<Bmi2AdxSteps<7>>(q, a, d, v),
        10 => div_qr_with::<Bmi2AdxSteps<8>>(q, a, d, v),
        _ => div_qr_with::<Bmi2AdxSteps<0>>(q, a, d, v),
    }
}
);
