#!/usr/bin/env python3
"""Polynomial coefficients of core-num's tensor kernels (core-num/src/tensor/kernels/math.rs).

Each approximation is a polynomial in z = x^2 that interpolates the target at Chebyshev nodes
(close to the minimax polynomial), computed with mpmath at 60 digits, then checked on a dense
grid: the script prints each coefficient as a Rust f64 literal and the largest relative error of
the polynomial in exact arithmetic (the kernels' rounding adds to it, and the tests measure the
total). Run: python3 scripts/tensor_coefficients.py
"""
import mpmath as mp

mp.mp.dps = 60


def fit(g, a, b, deg):
    """Coefficients c[0..=deg] of the polynomial through g at deg+1 Chebyshev nodes of [a, b]."""
    n = deg + 1
    nodes = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (2 * k + 1) / (2 * n)) for k in range(n)]
    m = mp.matrix([[t ** j for j in range(n)] for t in nodes])
    c = mp.lu_solve(m, mp.matrix([g(t) for t in nodes]))
    return [c[j] for j in range(n)]


def max_rel(g, c, a, b, whole, samples=4000):
    worst = mp.mpf(0)
    for k in range(1, samples + 1):
        z = a + (b - a) * k / samples
        p = sum(cj * z ** j for j, cj in enumerate(c))
        worst = max(worst, abs(whole(z, p) - whole(z, g(z))) / abs(whole(z, g(z))))
    return worst


def show(name, c, err):
    print(f"// {name}: max relative error {mp.nstr(err, 3)}")
    for cj in c:
        print(f"    {float(cj)!r},")


# asin(x) = x + x^3 * P(x^2) on |x| <= 1/2, so z in [0, 1/4].
def asin_g(z):
    if z == 0:
        return mp.mpf(1) / 6
    s = mp.sqrt(z)
    return (mp.asin(s) - s) / (z * s)


c = fit(asin_g, mp.mpf(0), mp.mpf(1) / 4, 12)
show("asin P", c, max_rel(asin_g, c, mp.mpf(0), mp.mpf(1) / 4,
                          lambda z, p: mp.sqrt(z) * (1 + z * p)))


# The f32 forms need about 2^-30: their f64 result is rounded to f32 once.
c = fit(asin_g, mp.mpf(0), mp.mpf(1) / 4, 6)
show("asin P for f32", c, max_rel(asin_g, c, mp.mpf(0), mp.mpf(1) / 4,
                                  lambda z, p: mp.sqrt(z) * (1 + z * p)))


# atan(t) = t + t^3 * Q(t^2) on |t| <= tan(pi/8), so z in [0, tan(pi/8)^2].
def atan_g(z):
    if z == 0:
        return mp.mpf(-1) / 3
    s = mp.sqrt(z)
    return (mp.atan(s) - s) / (z * s)


hi = mp.tan(mp.pi / 8) ** 2
c = fit(atan_g, mp.mpf(0), hi, 10)
show("atan Q", c, max_rel(atan_g, c, mp.mpf(0), hi, lambda z, p: mp.sqrt(z) * (1 + z * p)))

for name, v in [("pi/2 hi", mp.pi / 2), ("pi/4", mp.pi / 4)]:
    h = float(v)
    print(f"// {name}: {h!r}, lo {float(v - mp.mpf(h))!r}")
print('// ln 2 lo:', float(mp.log(2) - mp.mpf(float.fromhex('0x1.62e42fee00000p-1'))))


# Trigonometric argument reduction (core-num/src/tensor/kernels/trig.rs).
#
# pi/2 in four parts for the vector path (Cody-Waite): the first three rounded to 30
# significant bits, so k * part is exact for every k < 2^23, the last to 53 bits.
def split_bits(v, bits):
    e = mp.floor(mp.log(abs(v), 2))
    scale = mp.mpf(2) ** (bits - 1 - e)
    return mp.nint(v * scale) / scale


mp.mp.dps = 120
rest = mp.pi / 2
for i in range(4):
    part = split_bits(rest, 30) if i < 3 else mp.mpf(float(rest))
    print(f"PIO2_{i + 1} = {float(part)!r}  # {mp.nstr(part, 25)}")
    rest -= part
print(f"residual after four parts: {mp.nstr(rest, 5)}")

# 2/pi as 64-bit words, preceded by one word of zeros (so a window can start left of the
# binary point's first fraction bit), enough words for exponents up to 2^1024.
mp.mp.dps = 500
v = mp.floor(2 / mp.pi * mp.mpf(2) ** (64 * 20))
n = int(v)
words = [0] + [(n >> (64 * (19 - i))) & (2**64 - 1) for i in range(20)]
print("TWO_OVER_PI_WORDS = [")
for w in words:
    print(f"    0x{w:016x},")
print("]")
mp.mp.dps = 60
