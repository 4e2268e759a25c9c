#!/usr/bin/env python3
"""Writes core-num/tests/data/num-oracle.txt: large big-integer cases answered by CPython.

Python's own integers are the oracle (an implementation independent of core-num and of
num-bigint). Operands are not stored: each is named by a spec that both this script and
core-num/tests/oracle.rs expand with the same splitmix64 generator, and each answer is stored
as a 64-bit digest, so the data stays a few kilobytes.

Operand spec: `[-]KIND:SEED:N`
    r  N random limbs (the top one forced non-zero)
    o  N all-ones limbs (2^(64N) - 1)
    p  2^(64N - 1)
    b  N limbs, each 0, all-ones or random (long carry and borrow chains); top non-zero
A leading '-' makes the operand negative. Limbs are 64-bit, least significant first.

Digest of a number (`h`): words = its magnitude's limbs without high zeros, n = 2 * len + neg;
    h = mix(n ^ 0x243F6A8885A308D3); for w in words: h = mix(((h ^ w) + GOLDEN) mod 2^64)
Digest of a string: the same over its bytes packed 8 per word little-endian (zero padded),
with n = byte length.

Lines (`#` starts a comment):
    gen A h(A)                    the generator itself (both sides agree on the operands)
    mul A B h(A*B)
    sqr A h(A*A)
    divrem A B h(q) h(r)          truncated division (the sign of r follows A), as Rust's `/`, `%`
    pow A E h(A^E)                E a u32
    modpow A E M h(A^E mod M)     A, E, M non-negative, M > 0
    modinv A M h | none           the inverse of A modulo M, or none when gcd(A, M) != 1
    gcd A B C h(gcd(A*C, B*C))
    sqrt A h(isqrt(A))
    root A K h(floor(A^(1/K)))
    to_radix A R h(text)          A in radix R, lower-case digits, '-' when negative
    from_radix R SEED D h         parse D random radix-R digits (the first non-zero)

The sizes straddle every algorithm cut-over of core-num/src/bigint/mpn/thresholds.rs, whose
measured values this script reads from that file (never copies of them), and the second line
of the data records them (`# thresholds NAME=VALUE ...`); core-num/tests/oracle.rs fails when
the source's values no longer match that line, so the data cannot silently stop straddling.

Run from the repository root: python3 scripts/gen-num-oracle.py (a few minutes).
"""

import math
import os
import re
import sys

sys.set_int_max_str_digits(0)
sys.setrecursionlimit(10000)

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THRESHOLDS_RS = os.path.join(ROOT, "core-num", "src", "bigint", "mpn", "thresholds.rs")


def read_thresholds(path=THRESHOLDS_RS):
    """{NAME: measured value} of every `const NAME: usize = cut(measured, fuzzing);` (or a plain
    `= value;`) line of thresholds.rs."""
    pattern = re.compile(r"^\s*pub\(crate\) const (\w+): usize = (?:cut\()?([0-9_]+)")
    found = {}
    with open(path) as f:
        for line in f:
            m = pattern.match(line)
            if m:
                found[m.group(1)] = int(m.group(2).replace("_", ""))
    if not found:
        raise SystemExit("no thresholds found in %s: has its layout changed?" % path)
    return found


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + GOLDEN) & MASK
        return mix(self.state)


def digest_words(words, n):
    h = mix(n ^ 0x243F6A8885A308D3)
    for w in words:
        h = mix(((h ^ w) + GOLDEN) & MASK)
    return h


def h_int(x):
    neg = x < 0
    x = abs(x)
    words = []
    while x:
        words.append(x & MASK)
        x >>= 64
    return "%016x" % digest_words(words, 2 * len(words) + int(neg))


def h_int_fast(x):
    """h_int for big numbers: the limbs from one to_bytes call."""
    neg = x < 0
    x = abs(x)
    nbytes = (x.bit_length() + 7) // 8
    nlimbs = (nbytes + 7) // 8
    raw = x.to_bytes(nlimbs * 8, "little")
    words = [int.from_bytes(raw[8 * i : 8 * i + 8], "little") for i in range(nlimbs)]
    return "%016x" % digest_words(words, 2 * nlimbs + int(neg))


def h_text(s):
    raw = s.encode("ascii")
    padded = raw + b"\0" * (-len(raw) % 8)
    words = [int.from_bytes(padded[i : i + 8], "little") for i in range(0, len(padded), 8)]
    return "%016x" % digest_words(words, len(raw))


def operand(spec):
    neg = spec.startswith("-")
    kind, seed, n = spec.lstrip("-").split(":")
    seed, n = int(seed), int(n)
    rng = SplitMix64(seed)
    if kind == "r":
        limbs = [rng.next() for _ in range(n)]
        if n:
            limbs[-1] |= 1
    elif kind == "o":
        limbs = [MASK] * n
    elif kind == "p":
        limbs = [0] * (n - 1) + [1 << 63] if n else []
    elif kind == "b":
        limbs = []
        for _ in range(n):
            x = rng.next()
            limbs.append((0, MASK, rng.next(), MASK)[x & 3])
        if n:
            limbs[-1] |= 1
    else:
        raise ValueError(spec)
    x = int.from_bytes(b"".join(v.to_bytes(8, "little") for v in limbs), "little")
    return -x if neg else x


def to_radix(x, r):
    """x in radix r by divide and conquer (Python 3.11 has no fast general conversion)."""
    if x < 0:
        return "-" + to_radix(-x, r)
    if r == 10:
        return str(x)
    if x == 0:
        return "0"
    powers = [r]  # powers[i] = r^(2^i)
    while powers[-1] * powers[-1] <= x:
        powers.append(powers[-1] * powers[-1])

    def rec(v, level, width):
        # v < r^(2^(level+1)); width = digits to emit (0: no padding).
        if level < 0:
            return DIGITS[v].rjust(width, "0") if width else DIGITS[v]
        hi, lo = divmod(v, powers[level])
        half = 1 << level
        if width == 0 and hi == 0:
            return rec(lo, level - 1, 0)
        return rec(hi, level - 1, width - half if width else 0) + rec(lo, level - 1, half)

    return rec(x, len(powers) - 1, 0)


def radix_digits(r, seed, d):
    rng = SplitMix64(seed)
    out = [DIGITS[1 + rng.next() % (r - 1)]]
    out += [DIGITS[rng.next() % r] for _ in range(d - 1)]
    return "".join(out)


def iroot(a, k):
    """floor(a^(1/k)) for a >= 0 by Newton's method from above."""
    if a < 2:
        return a
    x = 1 << -(-a.bit_length() // k)
    while True:
        y = ((k - 1) * x + a // x ** (k - 1)) // k
        if y >= x:
            return x
        x = y


def tdivrem(a, b):
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return q, a - q * b


def main():
    lines = []

    def emit(*fields):
        line = " ".join(str(f) for f in fields)
        lines.append(line)
        print(line[:110], file=sys.stderr, flush=True)

    t = read_thresholds()
    lines.append("# Generated by scripts/gen-num-oracle.py; the format is described there.")
    # Read back by core-num/tests/oracle.rs, which compares it with thresholds.rs.
    lines.append("# thresholds " + " ".join("%s=%d" % kv for kv in sorted(t.items())))

    def around(n, d=1):
        """n - d, n, n + d (the last size below a cut-over, the first two at or above it)."""
        return [max(1, n - d), n, n + d]

    # The generator: each kind, a few sizes, both signs.
    for spec in ["r:1:1", "r:2:5", "-r:3:40", "o:0:7", "p:0:3", "b:4:64", "-b:5:3", "r:6:0"]:
        emit("gen", spec, h_int(operand(spec)))

    # Multiplication: around the cut-overs (schoolbook / Karatsuba / Toom / NTT), balanced and
    # unbalanced, carries (all-ones), and large products.
    seed = 100
    # The cut-overs are on the shorter operand; the NTT's holds up to twice its threshold only
    # when the transform is full enough, so both ends of that band are straddled. The vector
    # NTT's cut-over (taken only on CPUs with AVX-512 IFMA) is straddled too.
    mul_sizes = []
    for name in ["MUL_KARATSUBA", "MUL_TOOM3", "MUL_TOOM4", "MUL_NTT_VECTOR", "MUL_NTT_AVX2"]:
        mul_sizes += [(n, n) for n in around(t[name])]
        mul_sizes.append((3 * t[name] + 7, t[name]))  # unbalanced, at the cut-over
    # The AVX2 NTT (CPUs without IFMA) holds up to three times its threshold only when its
    # power-of-two transform is full enough.
    mul_sizes += [(n, n) for n in around(3 * t["MUL_NTT_AVX2"])]
    ntt = t["MUL_NTT"]
    mul_sizes += [(n, n) for n in around(ntt) + around(2 * ntt)]
    mul_sizes += [(ntt + ntt // 3, ntt), (2 * ntt, ntt - 1), (4 * ntt, ntt + 1), (5000, 97),
                  (5 * ntt, 4 * ntt)]
    for na, nb in mul_sizes:
        for ka, kb in [("r", "r"), ("b", "o")] if na <= 3000 else [("r", "r")]:
            a, b = "%s:%d:%d" % (ka, seed, na), "%s:%d:%d" % (kb, seed + 1, nb)
            seed += 2
            emit("mul", a, b, h_int_fast(operand(a) * operand(b)))
    emit("mul", "o:0:4000", "o:0:4000", h_int_fast(operand("o:0:4000") ** 2))
    emit("mul", "-r:7:2600", "p:0:2600", h_int_fast(operand("-r:7:2600") * operand("p:0:2600")))
    sqr_sizes = []
    for name in ["SQR_KARATSUBA", "SQR_TOOM3", "SQR_TOOM4", "SQR_NTT_VECTOR", "SQR_NTT",
                 "SQR_NTT_AVX2"]:
        sqr_sizes += around(t[name])
    sqr_sizes += around(3 * t["SQR_NTT_AVX2"])
    sqr_sizes += around(2 * t["SQR_NTT"]) + [3 * t["SQR_NTT"]]
    for n in sqr_sizes:
        a = "r:%d:%d" % (seed, n)
        seed += 1
        emit("sqr", a, h_int_fast(operand(a) ** 2))
    emit("sqr", "o:0:5000", h_int_fast(operand("o:0:5000") ** 2))

    # Division: Knuth D and Burnikel-Ziegler around the cut-over, quotients of every shape,
    # and truncated signs.
    # Burnikel-Ziegler from a DIV_BZ-limb divisor; Newton reciprocals once divisor and quotient
    # both reach DIV_NEWTON limbs (so each side of that cut-over is crossed by each of the two).
    bz, newton = t["DIV_BZ"], t["DIV_NEWTON"]
    div_sizes = [(2, 1), (10, 3), (1000, 500), (1000, 999), (5000, 100), (60000, 1000)]
    div_sizes += [(2 * n, n) for n in around(bz)] + [(10 * bz, bz - 1), (10 * bz, bz + 1)]
    div_sizes += [(2 * n, n) for n in around(newton)]
    div_sizes += [(2 * newton - 1, newton), (newton + newton // 2, newton)]  # quotient short
    div_sizes += [(2 * newton + 7, newton - 1), (3 * newton, newton + 3)]  # divisor short, long
    # Quotient-only division reads a shrinking top of the divisor from a DIV_APPR-limb divisor:
    # quotients shorter than the divisor, as long, and longer.
    appr = t["DIV_APPR"]
    div_sizes += [(n + n // 2 + 1, n) for n in around(appr)]
    div_sizes += [(112, 64), (300, 200), (2 * bz - 2, bz)]
    for na, nb in div_sizes:
        kinds = [("r", "r"), ("b", "b"), ("o", "r")] if na <= 10 * bz else [("r", "r"), ("o", "r")]
        for ka, kb in kinds:
            sa = "-" if seed % 3 == 0 else ""
            sb = "-" if seed % 4 == 1 else ""
            a, b = "%s%s:%d:%d" % (sa, ka, seed, na), "%s%s:%d:%d" % (sb, kb, seed + 1, nb)
            seed += 2
            q, r = tdivrem(operand(a), operand(b))
            emit("divrem", a, b, h_int_fast(q), h_int_fast(r))
    # Divisor with an all-ones top (the quotient-digit estimate's worst case).
    q, r = tdivrem(operand("r:900:3000"), operand("o:0:1500"))
    emit("divrem", "r:900:3000", "o:0:1500", h_int_fast(q), h_int_fast(r))
    q, r = tdivrem(operand("p:0:3000"), operand("b:901:1400"))
    emit("divrem", "p:0:3000", "b:901:1400", h_int_fast(q), h_int_fast(r))

    # Powers.
    for a, e in [("r:200:1", 100000), ("-r:201:2", 33333), ("r:202:50", 1000), ("o:0:3", 4097),
                 ("p:0:1", 1000000), ("r:203:1000", 17)]:
        emit("pow", a, e, h_int_fast(operand(a) ** e))

    # Modular exponentiation: odd and even moduli, small and large exponents.
    # Odd moduli from POW_REDC_MUL limbs reduce with two products instead of addmul rows, and
    # those truncated products split from POW_MULLO_DC limbs.
    redc, mullo = t["POW_REDC_MUL"], t["POW_MULLO_DC"]
    for nb, ne, nm, km in [(4, 4, 4, "r"), (16, 16, 16, "r"), (64, 64, 64, "r"), (100, 32, 50, "r"),
                           (32, 32, 32, "p"), (40, 40, 40, "o"), (20, 128, 20, "b"),
                           (200, 8, 128, "r"), (400, 4, 400, "r")] + [
                              (redc + 100, 8, n, "r") for n in around(redc)] + [
                              (mullo + 10, 16, n, "r") for n in around(mullo)]:
        b, e, m = "r:%d:%d" % (seed, nb), "r:%d:%d" % (seed + 1, ne), "%s:%d:%d" % (km, seed + 2, nm)
        seed += 3
        emit("modpow", b, e, m, h_int_fast(pow(operand(b), operand(e), operand(m))))
        # The same with an even modulus made from the odd one (CRT path).
        if km in ("r", "b"):
            while operand("r:%d:%d" % (seed, nm)) % 2 == 1:
                seed += 1
            me = "r:%d:%d" % (seed, nm)
            seed += 1
            mv = operand(me)
            emit("modpow", b, e, me, h_int_fast(pow(operand(b), operand(e), mv)))

    # Inverses and gcds.
    lehmer = t["GCD_LEHMER"]
    for na, nm in [(1, 1), (4, 4), (30, 20), (100, 100), (500, 400), (2000, 2000)] + [
            (n, n) for n in around(lehmer)]:
        for _ in range(2):
            a, m = "r:%d:%d" % (seed, na), "r:%d:%d" % (seed + 1, nm)
            seed += 2
            av, mv = operand(a), operand(m)
            if math.gcd(av, mv) == 1:
                emit("modinv", a, m, h_int_fast(pow(av, -1, mv)))
            else:
                emit("modinv", a, m, "none")
    for na, nb, nc in [(1, 1, 1), (10, 7, 3), (100, 90, 10), (600, 500, 100), (2000, 1500, 300),
                       (3000, 3000, 1)] + [(n, n, 1) for n in around(lehmer)]:
        a, b, c = "r:%d:%d" % (seed, na), "-r:%d:%d" % (seed + 1, nb), "b:%d:%d" % (seed + 2, nc)
        seed += 3
        cv = operand(c)
        emit("gcd", a, b, c, h_int_fast(math.gcd(operand(a) * cv, operand(b) * cv)))

    # Roots.
    for n in [1, 2, 3, 10, 100, 1000, 5000, 20000]:
        a = "r:%d:%d" % (seed, n)
        seed += 1
        emit("sqrt", a, h_int_fast(math.isqrt(operand(a))))
    emit("sqrt", "o:0:3000", h_int_fast(math.isqrt(operand("o:0:3000"))))
    emit("sqrt", "p:0:3001", h_int_fast(math.isqrt(operand("p:0:3001"))))
    for n, k in [(1, 3), (10, 3), (1000, 3), (5000, 3), (100, 5), (1000, 7), (3000, 64),
                 (200, 1000), (2, 127)]:
        a = "r:%d:%d" % (seed, n)
        seed += 1
        emit("root", a, k, h_int_fast(iroot(operand(a), k)))
    emit("root", "o:0:2000", 3, h_int_fast(iroot(operand("o:0:2000"), 3)))

    # Text: 10^5 and 10^6 decimal digits both ways, and other radices.
    # Formatting: divide and conquer past TO_STR_DC limbs; 5191 limbs ~ 10^5 digits, 51906 ~
    # 10^6. The powers of the radix are multiplied through prepared transforms from
    # PREPARED_NTT limbs, crossed by the largest sizes.
    to_str = t["TO_STR_DC"]
    for n in around(to_str) + [1000, 5191, 2 * t["PREPARED_NTT"], 20000, 51906]:
        for kind in ["r", "-r"] if n < 1000 else ["r"]:
            a = "%s:%d:%d" % (kind, seed, n)
            seed += 1
            emit("to_radix", a, 10, h_text(to_radix(operand(a), 10)))
    emit("to_radix", "o:0:5191", 10, h_text(str(operand("o:0:5191"))))
    emit("to_radix", "p:0:5191", 10, h_text(str(operand("p:0:5191"))))
    for r in [2, 3, 7, 8, 16, 32, 36]:
        for n in [to_str, to_str + 1, 3000]:
            a = "r:%d:%d" % (seed, n)
            seed += 1
            text = to_radix(operand(a), r)
            assert int(text, r) == operand(a)
            emit("to_radix", a, r, h_text(text))
    # Parsing: divide and conquer past PARSE_DC chunks (19 decimal digits each).
    parse = t["PARSE_DC"]
    chunked = sorted({d for k in (parse, parse + 1) for d in around(19 * k)})
    for d in [100, 574, 575, 576, 5000, 100000, 1000000] + chunked:
        emit("from_radix", 10, seed, d, h_int_fast(int(radix_digits(10, seed, d), 10)))
        seed += 1
    for r in [2, 3, 7, 16, 36]:
        # A chunk is the most digits whose value fits a limb (powers of two are not chunked).
        k = max(j for j in range(1, 65) if r ** j < 2 ** 64)
        straddle = [] if r & (r - 1) == 0 else [k * parse, k * parse + 1, k * (parse + 1) + 1]
        for d in [1000, 60000] + straddle:
            emit("from_radix", r, seed, d, h_int_fast(int(radix_digits(r, seed, d), r)))
            seed += 1

    path = os.path.join(ROOT, "core-num", "tests", "data", "num-oracle.txt")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s (%d cases)" % (path, len(lines) - 1), file=sys.stderr)


if __name__ == "__main__":
    main()
